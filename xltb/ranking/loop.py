"""The ranking loop (C.07 4.2): points, then each tie-break in order, applied only to the
participants still tied; remaining ties share the place unless lots are drawn.

Individual events, team events and ``xltb check``'s re-ranking under other readings all rank
through :func:`rank`; a *level* is a function that orders a group of tied participants (indices)
into sub-groups, best first.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from operator import itemgetter
from typing import Callable, Sequence, cast

Level = Callable[[list[int]], list[list[int]]]


def rank(scores: Sequence[object], levels: Sequence[Level], lots: int | None = None) -> list[tuple[int, int, bool]]:
    """(participant index, rank, by lot) in ranking order: by ``scores`` (the primary score, higher
    first), then each level on the participants still tied."""
    groups: list[list[int]] = []
    for group in partition_by(list(range(len(scores))), scores.__getitem__):
        groups.extend(rank_groups(group, list(levels)))
    return assign_ranks(groups, lots)


def by_values(values: Sequence[object], descending: bool = True) -> Level:
    """A level that orders by a value per participant (None last)."""
    return lambda group: partition_by(group, values.__getitem__, descending)


def rank_groups(indices: Sequence[int], levels: list[Callable[[list[int]], list[list[int]]]]) -> list[list[int]]:
    """Split ``indices`` (already tied) level by level; each level orders a tied group into subgroups."""

    def refine(group: list[int], level: int) -> list[list[int]]:
        if len(group) < 2 or level == len(levels):
            return [group]
        out: list[list[int]] = []
        for sub in levels[level](group):
            out.extend(refine(sub, level + 1))
        return out

    return refine(list(indices), 0)


def partition_by(group: list[int], key: Callable[[int], object], descending: bool = True) -> list[list[int]]:
    """Order ``group`` by ``key`` (None last) and split it where the key changes; equal keys keep the
    group's order."""
    present: list[tuple[object, int]] = []
    absent: list[int] = []
    for i in group:
        k = key(i)
        if k is None:
            absent.append(i)
        else:
            present.append((k, i))
    if present and not all(type(k) is int for k, _ in present) and isinstance(present[0][0], (int, Fraction)):
        # numbers: order by exact integers over the group's common denominator (cheaper than Fractions)
        # the keys of one level are all of one kind: numbers, as the first one is
        numbers = cast(list[tuple[Fraction | int, int]], present)
        common = lcm(*{k.denominator for k, _ in numbers})  # ints have a numerator and a denominator too
        order: list[tuple[object, int]] = [(k.numerator * (common // k.denominator), i) for k, i in numbers]
    else:  # integers already, or e.g. board-by-board results (Art. 12)
        order = present
    order.sort(key=_FIRST, reverse=descending)
    out: list[list[int]] = []
    last = object()
    for k, i in order:
        if out and k == last:
            out[-1].append(i)
        else:
            out.append([i])
            last = k
    if absent:
        out.append(absent)
    return out


_FIRST = itemgetter(0)


def assign_ranks(groups: list[list[int]], seed: int | None) -> list[tuple[int, int, bool]]:
    """(participant index, rank, by lot) in order: shared places (1, 2, 2, 4) or, with a seed, a
    reproducible drawing of lots inside each remaining tie."""
    if seed is not None:
        import random  # only when lots are drawn

    rng = random.Random(seed) if seed is not None else None
    out = []
    place = 1
    for group in groups:
        if rng is not None and len(group) > 1:
            members = sorted(group)
            rng.shuffle(members)
            for offset, i in enumerate(members):
                out.append((i, place + offset, True))
        else:
            for i in group:
                out.append((i, place, False))
        place += len(group)
    return out
