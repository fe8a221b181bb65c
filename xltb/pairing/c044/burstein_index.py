"""The Burstein system's ranking order (C.04.4.2 1.6, 1.7): the opposition Index (Buchholz, then
Sonneborn-Berger) under the system's own definitions, then the pairing number.

These are not C.07's Buchholz and Sonneborn-Berger (:mod:`xltb.tiebreaks`): C.04.4.2 1.6.2.1 counts an
unplayed round as a game against oneself (the player's own current score, with the points the round
gave), and a player's trailing zero-point byes count as draws for his opponents only; C.07 16 has its own
dummy opponents and adjusted scores. So the system's own are computed here, exactly, from the event.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ...model.results import Kind
from ...model.tournament import Player, Tournament

#: a round without a game, scored zero, that counts as a draw for the player's opponents when the player's
#: run of them reaches the round to pair (C.04.4.2 1.6.2.1's exception; an absence is a zero-point bye)
_ZERO_BYES = frozenset({Kind.ZERO_BYE, Kind.ABSENT})


class Index(NamedTuple):
    """A player's opposition Index before the round (C.04.4.2 1.7.1)."""

    buchholz: Fraction
    """The sum of the current scores of the opponents met (1.6.1.1; an unplayed round: the player's own)."""
    sonneborn_berger: Fraction
    """The sum of the points earned against each opponent times that opponent's current score (1.6.1.2)."""


def _history(p: Player, round_no: int) -> tuple[Kind, ...]:
    return tuple(r.kind for r in p.results[:round_no - 1])


def _score(p: Player, round_no: int) -> Fraction:
    """The current score before ``round_no``: points only, never acceleration's virtual points (1.6.2.2)."""
    return sum((r.points for r in p.results[:round_no - 1]), Fraction(0))


def _as_opponent(p: Player, round_no: int, draw: Fraction) -> Fraction:
    """The score an over-the-board opponent of ``p`` reads (1.6.2.1's exception): each zero-point bye of a
    run that reaches the round to pair counts as a draw."""
    score = _score(p, round_no)
    for kind in reversed(_history(p, round_no)):
        if kind not in _ZERO_BYES:
            break
        score += draw
    return score


def indices(event: Tournament, round_no: int) -> dict[int, Index]:
    """Every player's Index before ``round_no`` (the rounds before it played), by pairing number."""
    draw = event.scoring.draw
    by_no = {p.start_no: p for p in event.players}
    seen = {no: _as_opponent(p, round_no, draw) for no, p in by_no.items()}
    out: dict[int, Index] = {}
    for no, p in by_no.items():
        own = _score(p, round_no)
        bh = sb = Fraction(0)
        for r in p.results[:round_no - 1]:
            if r.played and r.opponent is not None and r.opponent in seen:
                opp = seen[r.opponent]
            else:  # 1.6.2.1: an unplayed round is a game against oneself, with the points it gave
                opp = own
            bh += opp
            sb += r.points * opp
        out[no] = Index(bh, sb)
    return out


def rank_key(index: Index, tpn: int) -> tuple[Fraction, Fraction, int]:
    """The sort key of the ranking order (1.7): the higher Index first (Buchholz, then Sonneborn-Berger),
    then the lower pairing number (1.7.2: scores are not used)."""
    return (-index.buchholz, -index.sonneborn_berger, tpn)


__all__ = ["Index", "indices", "rank_key"]
