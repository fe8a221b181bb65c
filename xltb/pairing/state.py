"""The state of an event before the round to pair (C.04.1, C.04.2, C.04.3 1.2-1.8): per participant the
score, the colour history and preference, the floats, the byes received, the opponents met, whether the
participant is paired in the round; built from the event model and nothing else.

Only played games count where the colour sequence or the opponents met matter (C.04.2 4.5, 4.6); an
unplayed round that scored more than a loss is a downfloat (C.04.3 1.4.3); Baku acceleration's virtual
points (C.04.5.1 1.5) are part of the pairing score only, never of the score shown.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import NamedTuple

from ..model.event import Event
from ..model.results import Colour, Kind
from ..model.tournament import Player, Tournament

#: the round's own entries that keep a participant out of it (requested byes); a blank entry is a round not
#: paired yet, as in a file written to be paired
_NOT_PAIRED = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE})
#: a team's: a team-level bye, or a round the team is entered as absent in (its 310 record's round written)
_TEAM_NOT_PAIRED = _NOT_PAIRED | {Kind.ABSENT}


class Strength(Enum):
    """How strongly a participant wants a colour (C.04.3 1.6.2)."""

    NONE = 0
    """No game played yet (1.6.2.4)."""
    MILD = 1
    """Colour difference 0: alternate (1.6.2.3)."""
    STRONG = 2
    """Colour difference +1 or -1 (1.6.2.2)."""
    ABSOLUTE = 3
    """Colour difference beyond +-1, or the same colour in the last two games (1.6.2.1)."""

    __hash__ = object.__hash__


class Float(Enum):
    """A float received in a round (C.04.3 1.4.2, 1.4.3)."""

    NONE = 0
    DOWN = 1
    UP = 2

    __hash__ = object.__hash__


class Preference(NamedTuple):
    """A colour preference (C.04.3 1.6.2)."""

    colour: Colour
    """The colour wanted (:attr:`Colour.NONE` when none)."""
    strength: Strength
    """How strongly."""


class Entrant(NamedTuple):
    """One participant as the pairing of the round sees it."""

    start_no: int
    """The pairing number (the start number of the event)."""
    tpn: int
    """The pairing number the colour rules read (C.04.3 5.2.5): the rank among those paired so far or now."""
    rating: int | None
    """The rating (for the record only: the order is the pairing number's)."""
    points: Fraction
    """The score before the round (C.04.3 1.2.1)."""
    score: Fraction
    """The pairing score: points plus acceleration's virtual points (C.04.5.1 1.5)."""
    colours: tuple[Colour, ...]
    """The colours of the games played, in order (C.04.2 4.5: unplayed rounds left out)."""
    preference: Preference
    """The colour preference (C.04.3 1.6.2)."""
    floats: tuple[Float, Float]
    """The float of the previous round and of the round before it (C.04.3 1.4)."""
    met: frozenset[int]
    """The opponents met over the board (C.04.1 2; C.04.2 4.6: a game not played does not count)."""
    pab_allowed: bool
    """False after a PAB or an unplayed round that scored a win (C.04.1 4, [C2])."""
    unplayed: int
    """Rounds before this one without a game played over the board ([C9])."""
    topscorer: bool
    """A score over half the maximum when the last round is paired (C.04.3 1.7)."""

    @property
    def colour_difference(self) -> int:
        """Games with white minus games with black (C.04.3 1.6.1)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


class Absence(NamedTuple):
    """A participant not paired in the round, and why."""

    start_no: int
    """The participant's pairing number."""
    kind: Kind
    """The requested bye (half, zero, full point) or :attr:`Kind.ABSENT` (withdrawn, absent)."""
    points: Fraction
    """What the round gives the participant."""


class RoundState(NamedTuple):
    """Everything the pairing of one round reads."""

    round: int
    """The round to pair."""
    rounds: int
    """The rounds the event has (C.04.1 1): the last-round rules read it."""
    entrants: tuple[Entrant, ...]
    """The participants to pair, by pairing number."""
    absent: tuple[Absence, ...]
    """The participants not paired (requested byes, withdrawn)."""
    first_colour: Colour
    """The initial colour (C.04.3 5.1): the colour of the first board's higher-ranked player in round 1."""
    pab_points: Fraction
    """What the PAB gives (C.04.1 3)."""
    win: Fraction
    """A win's points (1.7 topscorers, C.04.1 4)."""


def requested_absences(event: Event, round_no: int) -> dict[int, Kind]:
    """Who (which player, or which team of a team event) is not paired in ``round_no`` and why: the event's
    plans (requested byes, withdrawals), and, while the readers leave them there, the round's own entries
    without an opponent (``0000 - H``, ``Z``, ``F``; a team's round entered as absent too) as bbpPairings and
    gacrux write a file to pair (a player's blank entry: not paired yet). The one place that reads them."""
    plans = event.plans
    not_paired = _TEAM_NOT_PAIRED if event.is_team else _NOT_PAIRED
    out: dict[int, Kind] = {}
    for p in event.participants:
        if round_no <= len(p.results):
            r = p.results[round_no - 1]
            if r.opponent is None and r.kind in not_paired:
                out[p.start_no] = r.kind
    out.update(plans.byes_for(round_no))
    for no in plans.withdrawn_by(round_no):
        out[no] = Kind.ABSENT
    return out


def _virtual(event: Tournament) -> dict[int, tuple[Fraction, ...]]:
    return {a.start_no: a.points for a in event.plans.acceleration}


def _at(points: tuple[Fraction, ...] | None, round_no: int) -> Fraction:
    if points is None or not 0 < round_no <= len(points):
        return Fraction(0)
    return points[round_no - 1]


def preference(colours: tuple[Colour, ...]) -> Preference:
    """C.04.3 1.6.2: the colour preference after these played colours. The definitions are tried in the
    article's order (absolute, strong, mild), the first that fits decides, as gacrux reads it."""
    cod = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last2 = colours[-2:]
    both_black = len(last2) == 2 and last2[0] is last2[1] is Colour.BLACK
    both_white = len(last2) == 2 and last2[0] is last2[1] is Colour.WHITE
    if cod <= -2 or (cod <= 1 and both_black):
        return Preference(Colour.WHITE, Strength.ABSOLUTE)
    if cod >= 2 or (cod >= -1 and both_white):
        return Preference(Colour.BLACK, Strength.ABSOLUTE)
    if cod == -1:
        return Preference(Colour.WHITE, Strength.STRONG)
    if cod == 1:
        return Preference(Colour.BLACK, Strength.STRONG)
    if colours:
        return Preference(Colour.WHITE if colours[-1] is Colour.BLACK else Colour.BLACK, Strength.MILD)
    return Preference(Colour.NONE, Strength.NONE)


def _scores(event: Tournament, virtual: dict[int, tuple[Fraction, ...]], round_no: int
            ) -> dict[int, list[Fraction]]:
    """Pairing score of each participant before each round 1..round_no (index t-1: before round t)."""
    out: dict[int, list[Fraction]] = {}
    for p in event.players:
        acc = Fraction(0)
        seq = []
        for t in range(1, round_no + 1):
            seq.append(acc + _at(virtual.get(p.start_no), t))
            if t <= len(p.results) and t < round_no:
                acc += p.results[t - 1].points
        out[p.start_no] = seq
    return out


def _float(p: Player, t: int, scores: dict[int, list[Fraction]], loss: Fraction, pab_downfloats: bool = True
           ) -> Float:
    if t < 1 or t > len(p.results):
        return Float.NONE
    r = p.results[t - 1]
    if r.played and r.opponent is not None and r.opponent in scores:
        own, opp = scores[p.start_no][t - 1], scores[r.opponent][t - 1]
        return Float.DOWN if own > opp else Float.UP if own < opp else Float.NONE
    # C.04.3 1.4.3: more than a loss's points without playing; 2026-02 1.4.3: any PAB too
    if r.played or (pab_downfloats and r.kind is Kind.PAB) or r.points > loss:
        return Float.DOWN
    return Float.NONE


def build_state(event: Tournament, round_no: int, *, pab_downfloats: bool = True) -> RoundState:
    """The state before ``round_no`` (the rounds before it played; the round's own requested byes read).
    ``pab_downfloats``: every PAB is a downfloat (C.04.3 1.4.3 of 2026-02, the edition's
    ``pab_always_downfloats``); False: only one worth more than a loss (1.4.3 of 2025-07)."""
    scoring = event.scoring
    win, loss = scoring.win, scoring.loss
    pab_points = scoring.points(Kind.PAB)
    rounds = max(event.rounds_planned or 0, event.rounds, round_no)
    away = requested_absences(event, round_no)
    virtual = _virtual(event)
    scores = _scores(event, virtual, round_no)
    last = round_no == rounds
    entrants: list[Entrant] = []
    absent: list[Absence] = []
    tpn = 0
    for p in sorted(event.players, key=lambda q: q.start_no):
        history = p.results[:round_no - 1]
        paired_before = any(r.played or r.opponent is not None or r.kind is Kind.PAB for r in history)
        if p.start_no in away:
            kind = away[p.start_no]
            absent.append(Absence(p.start_no, kind, scoring.points(kind)))
            if paired_before:
                tpn += 1
            continue
        tpn += 1
        colours = tuple(r.colour for r in history if r.played and r.opponent is not None
                        and r.colour is not Colour.NONE)
        met = frozenset(r.opponent for r in history if r.played and r.opponent is not None)
        games = sum(1 for r in history if r.played and r.opponent is not None)
        pab_allowed = not any(r.kind is Kind.PAB or (not r.played and r.points >= win) for r in history)
        points = sum((r.points for r in history), Fraction(0))
        score = scores[p.start_no][round_no - 1]
        entrants.append(Entrant(
            start_no=p.start_no, tpn=tpn, rating=p.rating, points=points, score=score, colours=colours,
            preference=preference(colours),
            floats=(_float(p, round_no - 1, scores, loss, pab_downfloats),
                    _float(p, round_no - 2, scores, loss, pab_downfloats)),
            met=met, pab_allowed=pab_allowed, unplayed=round_no - 1 - games,
            topscorer=last and round_no > 1 and score > win * (round_no - 1) / 2))
    first = event.plans.first_colour or Colour.WHITE
    return RoundState(round_no, rounds, tuple(entrants), tuple(absent), first, pab_points, win)


__all__ = ["Absence", "Entrant", "Float", "Preference", "RoundState", "Strength", "build_state", "preference",
           "requested_absences"]
