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


def _ordered(white: Entrant, black: Entrant, rule: str) -> Allocation:
    return Allocation(white.start_no, black.start_no, rule)


def _both_preferences(a: Entrant, b: Entrant) -> Allocation | None:
    """5.2.1 grant both colour preferences (a player without one takes the other's)."""
    ca, cb = a.preference.colour, b.preference.colour
    w, bl = Colour.WHITE, Colour.BLACK
    if (ca is w and cb is not w) or (ca is not bl and cb is bl):
        return _ordered(a, b, "5.2.1")
    if (ca is bl and cb is not bl) or (ca is not w and cb is w):
        return _ordered(b, a, "5.2.1")
    return None


def _stronger_preference(a: Entrant, b: Entrant) -> Allocation | None:
    """5.2.2 grant the stronger preference; both absolute (topscorers): the wider colour difference."""
    pa, pb = a.preference, b.preference
    ca = pa.colour
    sa, sb = pa.strength.value, pb.strength.value
    if ca is pb.colour and ca is not Colour.NONE and sa != sb:
        a_gets = sa > sb
        white_is_a = a_gets == (ca is Colour.WHITE)
        return _ordered(a, b, "5.2.2") if white_is_a else _ordered(b, a, "5.2.2")
    da, db = a.colour_difference, b.colour_difference
    if da != db and sa == sb:
        return _ordered(a, b, "5.2.2") if da < db else _ordered(b, a, "5.2.2")
    return None


def _alternate(a: Entrant, b: Entrant) -> Allocation | None:
    """5.2.3 alternate the colours to the most recent round in which they differed (played games, C.04.2 4.5)."""
    for x, y in zip(reversed(a.colours), reversed(b.colours)):
        if x is not y:
            return _ordered(a, b, "5.2.3") if x is Colour.BLACK or y is Colour.WHITE else _ordered(b, a, "5.2.3")
    return None


def _higher_ranked(a: Entrant, b: Entrant, first: Colour) -> Allocation:
    """5.2.4 grant the colour preference of the higher-ranked player; else 5.2.5 the initial colour to the
    higher-ranked player with an odd pairing number, the other to an even one."""
    pa = a.preference
    high, low = _higher(a, b)
    w, bl = Colour.WHITE, Colour.BLACK
    if pa.colour is not Colour.NONE and pa.strength is not Strength.NONE:
        return _ordered(high, low, "5.2.4") if pa.colour is w else _ordered(low, high, "5.2.4")
    high_gets = first if high.tpn % 2 == 1 else (bl if first is w else w)
    if high_gets is w:
        return _ordered(high, low, "5.2.5")
    return _ordered(low, high, "5.2.5")


def allocate(a: Entrant, b: Entrant, first: Colour) -> Allocation:
    """C.04.3 5.2, with descending priority (5.2.1 to 5.2.5, the first rule that decides); ``first`` is
    the initial colour (5.1)."""
    return (_both_preferences(a, b) or _stronger_preference(a, b) or _alternate(a, b)
            or _higher_ranked(a, b, first))


__all__ = ["Allocation", "allocate"]
