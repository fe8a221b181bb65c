"""Colour allocation of the FIDE (Dutch) system, C.04.3 5.2: which of two paired players has white, and by
which rule."""

from __future__ import annotations

from typing import NamedTuple

from ..model.results import Colour
from .state import Entrant, Strength


class Allocation(NamedTuple):
    """The colours of one pair."""

    white: int
    """White's pairing number."""
    black: int
    """Black's pairing number."""
    rule: str
    """The rule that decided: ``5.2.1`` (both preferences), ``5.2.2`` (the stronger, or the wider colour
    difference), ``5.2.3`` (alternate from the last round they differ), ``5.2.4`` (the higher-ranked
    player's preference), ``5.2.5`` (the initial colour by the higher-ranked player's pairing number)."""


def _higher(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    """(the higher-ranked, the other) by C.04.3 1.2: pairing score, then pairing number."""
    if a.score > b.score or (a.score == b.score and a.tpn < b.tpn):
        return a, b
    return b, a


def allocate(a: Entrant, b: Entrant, first: Colour) -> Allocation:
    """C.04.3 5.2, with descending priority; ``first`` is the initial colour (5.1)."""
    pa, pb = a.preference, b.preference
    ca, cb = pa.colour, pb.colour
    w, bl = Colour.WHITE, Colour.BLACK
    # 5.2.1 grant both colour preferences (a player without one takes the other's)
    if (ca is w and cb is not w) or (ca is not bl and cb is bl):
        return Allocation(a.start_no, b.start_no, "5.2.1")
    if (ca is bl and cb is not bl) or (ca is not w and cb is w):
        return Allocation(b.start_no, a.start_no, "5.2.1")
    # 5.2.2 grant the stronger preference; both absolute (topscorers): the wider colour difference
    sa, sb = pa.strength.value, pb.strength.value
    if ca is cb and ca is not Colour.NONE and sa != sb:
        a_gets = sa > sb
        white_is_a = a_gets == (ca is w)
        return Allocation(a.start_no, b.start_no, "5.2.2") if white_is_a else Allocation(b.start_no, a.start_no, "5.2.2")
    da, db = a.colour_difference, b.colour_difference
    if da != db and sa == sb:
        return Allocation(a.start_no, b.start_no, "5.2.2") if da < db else Allocation(b.start_no, a.start_no, "5.2.2")
    # 5.2.3 alternate the colours to the most recent round in which they differed (played games, C.04.2 4.5)
    for x, y in zip(reversed(a.colours), reversed(b.colours)):
        if x is not y:
            return Allocation(a.start_no, b.start_no, "5.2.3") if x is bl or y is w else Allocation(b.start_no, a.start_no, "5.2.3")
    high, low = _higher(a, b)
    # 5.2.4 grant the colour preference of the higher-ranked player
    if ca is not Colour.NONE and pa.strength is not Strength.NONE:
        return Allocation(high.start_no, low.start_no, "5.2.4") if ca is w else Allocation(low.start_no, high.start_no, "5.2.4")
    # 5.2.5 the initial colour to the higher-ranked player with an odd pairing number, the other to an even one
    high_gets = first if high.tpn % 2 == 1 else (bl if first is w else w)
    if high_gets is w:
        return Allocation(high.start_no, low.start_no, "5.2.5")
    return Allocation(low.start_no, high.start_no, "5.2.5")


__all__ = ["Allocation", "allocate"]
