"""The Lim system's compatibility and colours (C.04.4.3 2.1, 5, 6, 7.2): which two players may meet, the
colour each is due, and the colours of a pair.

A colour is *banned* for a player when it would give him the same colour in three successive rounds or
three more of one colour than the other (2.1, 5.1); two players are compatible when they have not met and
some allocation of the colours bans neither (2.1). In the last round two players of the same score are
compatible whatever the colours (6).
"""

from __future__ import annotations

from typing import NamedTuple

from ...model.results import Colour
from ..state import Entrant


def banned(e: Entrant, colour: Colour) -> bool:
    """5.1 (2.1): ``colour`` would be the third of the same colour in a row, or three more of one colour."""
    after = e.colours + (colour,)
    cd = sum(1 if c is Colour.WHITE else -1 for c in after)
    return abs(cd) >= 3 or (len(after) >= 3 and after[-1] is after[-2] is after[-3])


def compatible(a: Entrant, b: Entrant, *, last_round: bool = False) -> bool:
    """2.1: not met before, and one of the two allocations bans neither player's colour; 6: in the last
    round two players of the same score need only not have met."""
    if b.start_no in a.met or a.start_no in b.met:
        return False
    if last_round and a.score == b.score:
        return True  # 6: C.04.1.c (same score) before alternation and equalisation
    w, bl = Colour.WHITE, Colour.BLACK
    return (not banned(a, w) and not banned(b, bl)) or (not banned(a, bl) and not banned(b, w))


#: 3.2, 3.8, 5.7: in a Maxi-tournament, the most two players' ratings may differ for the floater's choice by
#: the colours or an exchange of opponents
MAXI_LIMIT = 100


def near(a: Entrant, b: Entrant) -> bool:
    """3.2, 3.8, 5.7 (Maxi-tournaments): the two ratings differ by 100 points or less (an unrated player
    counts as rated 0: docs/pairing.md)."""
    return abs((a.rating or 0) - (b.rating or 0)) <= MAXI_LIMIT


def due(e: Entrant) -> Colour:
    """5.1, 5.5, 5.6: the colour the player is due: the equalising colour when his colours are unequal
    (even rounds: an equal number; odd rounds: one more only), else the alternate of his last colour;
    :attr:`Colour.NONE` before a first game."""
    if not e.colours:
        return Colour.NONE
    cd = e.colour_difference
    if cd:
        return Colour.BLACK if cd > 0 else Colour.WHITE
    return Colour.BLACK if e.colours[-1] is Colour.WHITE else Colour.WHITE


class Colours(NamedTuple):
    """The colours of one pair and the rule that decided."""

    white: Entrant
    """The player with white."""
    black: Entrant
    """The player with black."""
    rule: str
    """``7_2`` (nobody has played), ``5_3`` (a banned colour), ``5_1`` (the due colours granted), ``5_4``
    (the earlier colours), ``5_4_rank`` (identical histories: the rank)."""


def _other(c: Colour) -> Colour:
    return Colour.BLACK if c is Colour.WHITE else Colour.WHITE


def _give(a: Entrant, b: Entrant, colour_of_a: Colour, rule: str) -> Colours:
    return Colours(a, b, rule) if colour_of_a is Colour.WHITE else Colours(b, a, rule)


def allocate(high: Entrant, low: Entrant, first: Colour, *, upper: bool) -> Colours:
    """C.04.4.3 5 and 7.2 for the pair of ``high`` (the higher-ranked: more points, then the higher place
    in the ranking) and ``low``; ``first`` the colour drawn for player #1 (7.2); ``upper`` when the pair is
    made in the median score-group or above (5.4)."""
    if not high.colours and not low.colours:
        # 7.2: the odd-numbered players of the upper half get #1's colour, the even-numbered the other
        return _give(high, low, first if high.tpn % 2 == 1 else _other(first), "7_2")
    w = Colour.WHITE
    for a, b in ((high, low), (low, high)):
        # 5.1, 5.3: a colour that would break 2.1 for one of them decides (when the other allows it)
        if banned(a, w) and not banned(a, _other(w)) and not banned(b, w):
            return _give(a, b, _other(w), "5_3")
        if banned(a, _other(w)) and not banned(a, w) and not banned(b, _other(w)):
            return _give(a, b, w, "5_3")
    dh, dl = due(high), due(low)
    if dh is not dl:
        # 5.1, 5.2: each the alternate (equalising) colour; one without a game lets the other's be granted
        return _give(high, low, dh, "5_1") if dh is not Colour.NONE else _give(low, high, dl, "5_1")
    # 5.4, 5.6: both due the same colour: the colours of earlier rounds, going back in sequence
    for x, y in zip(reversed(high.colours), reversed(low.colours)):
        if x is not y:
            return _give(high, low, _other(x), "5_4")
    # 5.4: identical histories: in the median score-group or above the higher-ranked player, below it the
    # lower-ranked, is given the colour he is due
    chosen, other = (high, low) if upper else (low, high)
    return _give(chosen, other, dh, "5_4_rank")


__all__ = ["Colours", "MAXI_LIMIT", "allocate", "banned", "compatible", "due", "near"]
