"""The orders and measures of the Dubov system (C.04.4.1) that its pairing procedure reads: ARO (1.6), the
maximum upfloater (1.7), the order of the sets of upfloaters (4.2), of the shifters (4.3) and of the
transpositions of G2 (4.4). The pairing procedure itself (2.2) is not built yet: these are its parts,
each tested on the examples the text gives.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Iterator, Sequence, TypeVar

T = TypeVar("T")


def aro(ratings: Sequence[int]) -> int:
    """1.6.1, 1.6.3: the average rating of the opponents met over the board, rounded to the nearest whole
    number (0.5 up); 0 before a first game."""
    if not ratings:
        return 0
    mean = Fraction(sum(ratings), len(ratings))
    whole = mean.numerator // mean.denominator
    return whole + 1 if mean - whole >= Fraction(1, 2) else whole


def max_upfloats(rounds: int) -> int:
    """1.7.2: MaxT = 2 + [Rnds / 5], the times a player may upfloat before being a maximum upfloater."""
    return 2 + rounds // 5


def shifter_order(players: Sequence[T]) -> list[T]:
    """4.3.3: the sequence numbers of the possible shifters, given ``players`` sorted as 4.3.2 sorts them:
    #1 to the player in the (remaining) middle, or, with two in the middle, to the higher of them."""
    rest = list(players)
    out: list[T] = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def upfloater_sets(pool: Sequence[tuple[T, Fraction]], k: int) -> Iterator[tuple[T, ...]]:
    """4.2: the sets of ``k`` upfloaters in their order. ``pool`` is the possible upfloaters with their
    scores, sorted as 4.2.2 numbers them (score, then initial ranking). The sets are grouped in containers
    (the same scores, 4.2.3.1), the containers sorted by [C6] (the highest lowest score first, then the
    highest second lowest, ...: 4.2.3.2), the sets of a container in the lexicographic order of their
    sequence numbers (4.2.3.3)."""
    combos = list(itertools.combinations(range(len(pool)), k))

    def container(c: tuple[int, ...]) -> tuple[Fraction, ...]:
        return tuple(sorted(pool[i][1] for i in c))

    # [C6]: compare the lowest score first (higher first), then the second lowest, ...
    combos.sort(key=lambda c: (tuple(-s for s in container(c)), c))
    for c in combos:
        yield tuple(pool[i][0] for i in c)


def containers(pool: Sequence[tuple[T, Fraction]], k: int) -> list[list[tuple[T, ...]]]:
    """The sets of :func:`upfloater_sets` grouped by container, in order."""
    out: list[list[tuple[T, ...]]] = []
    scores = {p: s for p, s in pool}
    last: tuple[Fraction, ...] | None = None
    for group in upfloater_sets(pool, k):
        key = tuple(sorted(scores[p] for p in group))
        if key != last:
            out.append([])
            last = key
        out[-1].append(group)
    return out


def transpositions(g2: Sequence[T]) -> Iterator[tuple[T, ...]]:
    """4.4.2: the orders of the G2 players (given by initial ranking), in lexicographic order."""
    return itertools.permutations(g2)


__all__ = ["aro", "containers", "max_upfloats", "shifter_order", "transpositions", "upfloater_sets"]
