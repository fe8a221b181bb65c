"""Other programs' conventions: how another program computes a tie-break where the rules left room,
recomputed exactly from xltb's breakdown (:data:`CONVENTIONS`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from ..errors import TieBreakError
from ..rules import Edition
from ..tiebreaks.codes import TieBreakSpec, parse_code, tiebreak_of
from ..model.event import Event
from ..tiebreaks.base import Element, Evaluation, Value
from ..tiebreaks.modifiers import apply_cuts
from ..tiebreaks.rating import round_half_up


#: a convention's recomputation of one participant's value from xltb's evaluation
Transform = Callable[[Evaluation | None, TieBreakSpec, Edition, "Event"], Value | None]


@dataclass(frozen=True)
class Convention:
    """A way another program computes a tie-break where the rules left room (recomputed from xltb's
    breakdown, exactly)."""

    key: str
    applies: Callable[[str, Edition], bool]  # (code, edition) -> applicable
    description: str
    transform: Transform  # (evaluation, spec, edition, tournament) -> the value or None


def _sb_virtual_draw(ev: Evaluation | None, spec: TieBreakSpec, edition: Edition,
                     tournament: Event) -> Fraction | None:
    """Sonneborn-Berger with every unplayed game counted as a *draw* against the 2012 virtual opponent.

    The 2011 annex F.b says "all forfeited games are considered to be a draw. The score of this
    virtual player will be applied": xltb reads the draw as the opponents' view (their unplayed
    games count as draws in their scores) and keeps the participant's own result (a forfeit win
    scores 1 x Sv, a forfeit loss 0); Swiss-Manager also scores the participant's own unplayed game
    as a draw, Sv x 1/2, for forfeits, byes and absences alike.
    """
    if ev is None or ev.value is None:
        return None
    q = ev.q
    draw = int(tournament.scoring.draw * q)  # engine units (1/q), as the elements' scores and results
    elements = []
    for e in map(Element._make, ev.elements):
        if e.source == "virtual":
            assert e.score is not None  # the virtual opponent's element carries its score
            e = e._replace(value=e.score * draw, key=(e.score, e.score * draw), result=draw)
        elements.append(e)
    cuts = apply_cuts(elements, spec.cut, spec.median, edition, vur_exception=False) \
        if (spec.cut or spec.median) else {}
    return Fraction(sum(e.value for i, e in enumerate(elements) if i not in cuts), q**ev.power)


def _aro_cut_unplayed_first(ev: Evaluation | None, spec: TieBreakSpec, edition: Edition,
                            tournament: Event) -> Value | None:
    """ARO/TPR Cut-n where each round without a game over the board is the first thing cut.

    C.07 10.1 averages the games played over the board and Cut-1 removes the lowest rating; the 2011
    annex says nothing about unplayed rounds. Swiss-Manager's "variable" ARO counts an unplayed
    round as a cut value: a participant with one unplayed round gets the plain average of his
    games (nothing else cut).
    """
    if ev is None or not ev.elements:
        return None if ev is None else ev.value
    rounds = tournament.rounds
    unplayed = max(0, rounds - len(ev.elements))
    left = max(0, spec.cut - unplayed)
    elements = [Element._make(raw) for raw in ev.elements]
    cuts = apply_cuts(elements, left, 0, edition, vur_exception=False) if left else {}
    kept = [e.value for i, e in enumerate(elements) if i not in cuts]
    if not kept:
        return None
    return Fraction(round_half_up(Fraction(sum(kept), len(kept))))  # C.07 10.1: rounded half up


def _acronym(code: str) -> str | None:
    tb = tiebreak_of(code)
    return None if tb is None else tb.acronym


def _cut(code: str) -> int:
    try:
        return parse_code(code, strict=False).cut
    except TieBreakError:
        return 0


CONVENTIONS: tuple[Convention, ...] = (
    Convention("sb-unplayed-draw",
               lambda code, ed: _acronym(code) == "SB" and ed.virtual_opponent,
               "Swiss-Manager's reading of the 2011 annex F.b: the participant's own unplayed games count "
               "as draws against the virtual opponent (Sv x 1/2)", _sb_virtual_draw),
    Convention("aro-cut-unplayed",
               lambda code, ed: _acronym(code) == "ARO" and _cut(code) > 0,
               "Swiss-Manager's ARO Cut: an unplayed round is cut first (a participant with an unplayed "
               "round keeps all the games played)", _aro_cut_unplayed_first),
)

CONVENTION_BY_KEY = {c.key: c for c in CONVENTIONS}
