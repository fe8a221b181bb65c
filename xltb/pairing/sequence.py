"""The order of the candidates (C.04.3 4), as the least significant digits of a matching's cost: among
the pairings that meet the criteria equally well, the one generated first.

- MDP-pairing (4.4, 2.3.3): the MDPs of S1 are the highest ones that can be paired (4.4.3: the lowest
  in-bracket sequence numbers), each with the first resident of S2 a transposition allows (4.2);
- remainder and homogeneous bracket (4.3, 4.2): the fewest players exchanged between S1 and S2, then the
  smallest difference of the sums of their sequence numbers, then the highest moved from S1 and the lowest
  moved from S2; then the transposition: each S1 player with the lowest S2 player possible, in order.
"""

from __future__ import annotations

from .criteria import Digits


class MdpOrder:
    """4.4/4.2 for the MDP-pairing of a heterogeneous bracket: ``m`` MDPs (sequence numbers 1..m),
    ``size`` players in the bracket (sequence numbers 1..size; ``size + 1`` stands for anyone below)."""

    def __init__(self, m: int, size: int) -> None:
        self.m = m
        self.outside = size + 1
        fields = [(f"F{i}", 1) for i in range(m)] + [(f"O{i}", size + 1) for i in range(m)]
        self.digits = Digits(fields)

    def cost(self, bsn_mdp: int, bsn_other: int) -> int:
        """The cost of MDP ``bsn_mdp`` meeting ``bsn_other`` (a resident, or ``size + 1``: someone below,
        the MDP floats again)."""
        i = bsn_mdp - 1
        if bsn_other == self.outside:
            return self.digits.at(f"F{i}")
        return self.digits.at(f"O{i}", bsn_other - self.m)


class ResidentOrder:
    """4.3/4.2 for a homogeneous bracket or a remainder of ``b`` residents (sequence numbers 1..b) of which
    ``s`` pairs are made (S1 is 1..s)."""

    def __init__(self, b: int, s: int) -> None:
        self.b = b
        self.s = s
        fields: list[tuple[str, int]] = [("X", b), ("SUM", b * b)]
        fields += [(f"U{i}", 1) for i in range(s)]  # S1 players that stay in S1, the highest first
        fields += [(f"L{i}", 1) for i in range(b - s)]  # S2 players moved to S1, the lowest first
        fields += [(f"T{i}", b) for i in range(max(0, b - 1))]  # the opponent of each S1 player
        self.digits = Digits(fields)

    def cost(self, x: int, y: int) -> int:
        """The cost of residents ``x`` and ``y`` (sequence numbers) forming a pair."""
        lo, hi = (x, y) if x < y else (y, x)
        d = self.digits
        s = self.s
        cost = d.at("SUM", lo - 1)
        if lo > s:
            cost += d.at("X")  # 4.3.3.1 one more player exchanged
            cost -= d.at(f"L{lo - s - 1}")  # 4.3.3.4 the lowest moved from S2 first
        else:
            cost += d.at(f"U{s - lo}")  # 4.3.3.3 the highest moved from S1 first
        cost += d.at(f"T{lo - 1}", hi - lo)  # 4.2.2 transpositions, in lexicographic order
        return cost


__all__ = ["MdpOrder", "ResidentOrder"]
