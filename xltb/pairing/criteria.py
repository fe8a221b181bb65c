"""The criteria of C.04.3 3 as weights of a matching: for one bracket, every possible pair of the players
still to pair gets a cost, a number whose digits are the criteria in their order of priority (the most
significant first), so that the matching of least total cost is the pairing the rules want, and ties are
left to the order of the candidates (C.04.3 4: :mod:`xltb.pairing.sequence`).

A pair "within" the bracket has its higher player in the bracket (a resident or an MDP) and its lower
one resident; a pair "down" has its higher player in the bracket and the lower one below it: that player
floats (the lower brackets stand in for the completion of the round, [C4]). Scores are compared by
score level: the rank of a pairing score among those of the round (0: the PAB's dummy).
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ..model.results import Colour
from .state import Entrant, Float, Strength


class Digits:
    """A positional number of named fields, the first the most significant; each field wide enough for
    any sum a matching can make (with room for a sign)."""

    def __init__(self, fields: Sequence[tuple[str, int]]) -> None:
        self.shift: dict[str, int] = {}
        total = 0
        for name, largest in reversed(fields):
            self.shift[name] = total
            total += max(1, int(largest)).bit_length() + 2
        self.bits = total

    def at(self, name: str, value: int = 1) -> int:
        return value << self.shift[name]


class Player(NamedTuple):
    """What a criterion reads of a player (an index of the round's players; the dummy has no entrant)."""

    level: int
    """The score level (0: the PAB's dummy)."""
    entrant: Entrant | None
    """The player; None for the dummy."""


def _last2(e: Entrant) -> str:
    return "".join(c.value for c in e.colours[-2:])


def _c11(a: Entrant, b: Entrant) -> bool:
    """[C11]: the pair gives a topscorer or a topscorer's opponent the same colour a third time in a row."""
    pa, pb = a.preference, b.preference
    if pa.colour is not pb.colour or pa.colour is Colour.NONE:
        return False
    opp = "bb" if pa.colour is Colour.WHITE else "ww"
    la, lb = _last2(a), _last2(b)
    sa, sb = pa.strength.value, pb.strength.value
    if la == lb and (la == "ww" or lb == "bb"):
        return True
    if (sa > sb and lb == opp) or (sb > sa and la == opp):
        return True
    if sa == sb == Strength.ABSOLUTE.value:
        da, db = abs(a.colour_difference), abs(b.colour_difference)
        return (da > db and lb == opp) or (db > da and la == opp)
    return False


class BracketCosts:
    """The criteria [C6]-[C21] of one bracket (C.04.3 3.4), as digits of a cost."""

    def __init__(self, level: int, top: int, size: int, n: int, rounds: int, c9: bool) -> None:
        self.level = level
        self.maxpsd = top - level
        self.c9 = c9
        p = self.maxpsd
        fields: list[tuple[str, int]] = [("C6", n)]
        fields += [(f"C7.{i}", n) for i in range(p)]
        fields += [("N8", n)] + [(f"C8.{i}", n) for i in range(p + 1)]
        fields += [("C9", rounds + 1)]
        fields += [(c, n) for c in ("C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17")]
        fields += [(f"C{c}.{i}", n) for c in (18, 19, 20, 21) for i in range(p)]
        self.digits = Digits(fields)
        self.size = size

    def cost(self, x: Player, y: Player) -> int:
        """The cost of pairing ``x`` with ``y`` (the higher level first after ordering)."""
        a, b = (x, y) if x.level >= y.level else (y, x)
        ea, eb = a.entrant, b.entrant
        lvl = self.level
        cost = 0
        if ea is not None and a.level >= lvl and b.level == lvl and eb is not None:
            cost = self._within(ea, eb, a.level - lvl)
        elif ea is not None and a.level >= lvl and b.level < lvl:
            cost = self._down(ea, eb, a.level - lvl)
        return cost + self._next_bracket(a.level, b.level)

    def _within(self, ea: Entrant, eb: Entrant, level: int) -> int:
        """A pair within the bracket (``level``: the higher player's score levels above the bracket)."""
        d = self.digits
        cost = 0
        if ea.topscorer or eb.topscorer:
            # [C10] a colour difference beyond +-2; [C11] the same colour three times in a row
            if ea.colour_difference == eb.colour_difference and abs(ea.colour_difference) >= 2:
                cost += d.at("C10")
            if _c11(ea, eb):
                cost += d.at("C11")
        pa, pb = ea.preference, eb.preference
        if pa.colour is not Colour.NONE and pa.colour is pb.colour:
            cost += d.at("C12")  # [C12] one of them does not get the colour preference
            if pa.strength.value >= Strength.STRONG.value and pb.strength.value >= Strength.STRONG.value:
                cost += d.at("C13")  # [C13] ... a strong one
        # [C15], [C17] the lower player upfloats again (previous round, two rounds before)
        # (``ea`` is the higher: its score is above ``eb``'s exactly when ``level > 0``)
        c15 = level > 0 and eb.floats[0] is Float.UP
        c17 = level > 0 and eb.floats[1] is Float.UP
        if c15:
            cost += d.at("C15")
        if c17:
            cost += d.at("C17")
        if level > 0:
            # [C19], [C21] the score differences of those upfloating as in the previous rounds
            if c15:
                cost += d.at(f"C19.{self.maxpsd - level}")
            if c17:
                cost += d.at(f"C21.{self.maxpsd - level}")
        return cost

    def _down(self, ea: Entrant, eb: Entrant | None, level: int) -> int:
        """A downfloater ``ea`` (paired below the bracket with ``eb``, None: the PAB's dummy; ``level``: its
        score levels above the bracket)."""
        d = self.digits
        # [C6] the number of downfloaters, [C7] the scores of the MDPs among them
        cost = d.at("C6")
        if level > 0:
            cost += d.at(f"C7.{self.maxpsd - level}")
        if self.c9 and eb is None:
            cost += d.at("C9", ea.unplayed)  # [C9] the PAB's assignee: fewest unplayed games
        c14 = ea.floats[0] is Float.DOWN
        c16 = ea.floats[1] is Float.DOWN
        if level == 0:
            if c14:
                cost += d.at("C14")  # [C14] a downfloat again (previous round)
            if c16:
                cost += d.at("C16")  # [C16] ... as two rounds before
        else:
            # [C18], [C20] the score differences of those downfloating as in the previous rounds
            if c14:
                cost += d.at(f"C18.{self.maxpsd - level}")
            if c16:
                cost += d.at(f"C20.{self.maxpsd - level}")
        return cost

    def _next_bracket(self, high: int, low: int) -> int:
        """[C8] the downfloaters leave the next bracket its criteria: count and scores of its floaters
        (``high``, ``low``: the pair's score levels)."""
        nxt = self.level - 1
        if high >= nxt and low < nxt:
            d = self.digits
            cost = d.at("N8")
            up = high - nxt
            if up > 0:
                cost += d.at(f"C8.{self.maxpsd + 1 - up}")
            return cost
        return 0


__all__ = ["BracketCosts", "Digits", "Player"]
