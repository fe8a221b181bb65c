"""Final standings (C.07 4.2): points, then each tie-break in order, applied only to the
participants still tied; remaining ties share the place unless lots are drawn."""

from __future__ import annotations

from math import lcm
from operator import itemgetter
from fractions import Fraction
from typing import Callable, NamedTuple, Protocol, Sequence

from ..model import Player, Tournament
from ..rules import Edition
from ..tiebreaks.base import Evaluation
from ..tiebreaks.codes import TieBreakSpec


class Participant(Protocol):
    """What a row shows of a participant: a player (individual events) or a team (team events)."""

    start_no: int
    name: str
    title: str
    federation: str
    rating: int | None


class Row(NamedTuple):
    """One line of the standings."""

    rank: int
    participant: Player | Participant
    points: Fraction
    values: dict[str, Fraction | None]
    by_lot: bool = False  # the place was decided by drawing of lots

    @property
    def start_no(self) -> int:
        return self.participant.start_no


class Standings:
    """The result of a computation: ranked rows, every value with its breakdown."""

    __slots__ = ("tournament", "edition", "edition_reason", "specs", "rows", "evaluations", "de_notes", "warnings",
                 "lots_seed", "unrated_rating", "_index")

    def __init__(self, tournament: Tournament, edition: Edition, edition_reason: str, specs: tuple[TieBreakSpec, ...],
                 rows: list[Row], evaluations: dict[str, Sequence[Evaluation | None]],
                 de_notes: dict[str, list[str]] | None = None, warnings: list[str] | None = None,
                 lots_seed: int | None = None, unrated_rating: int | None = None):
        self.tournament = tournament
        self.edition = edition
        self.edition_reason = edition_reason
        self.specs = specs
        self.rows = rows
        self.evaluations = evaluations  # code -> per participant (in file order)
        self.de_notes = {} if de_notes is None else de_notes
        self.warnings = [] if warnings is None else warnings
        self.lots_seed = lots_seed
        self.unrated_rating = unrated_rating  # the rating given for unrated participants (C.07 10), if any
        self._index: dict[int, int] | None = None  # start number -> position in the file, made when first needed

    def __repr__(self) -> str:
        return f"Standings({self.tournament.name!r}, {self.edition.key}, {len(self.rows)} rows, {self.codes})"

    @property
    def codes(self) -> list[str]:
        return [s.code for s in self.specs]

    def evaluation(self, start_no: int, code: str) -> Evaluation | None:
        if self._index is None:
            self._index = {p.start_no: i for i, p in enumerate(self.tournament.players)}
        try:
            index = self._index[start_no]
        except KeyError:
            raise ValueError(f"{start_no} is not a start number of this event") from None
        return self.evaluations[code][index]

    def row(self, start_no: int) -> Row:
        for row in self.rows:
            if row.start_no == start_no:
                return row
        raise KeyError(start_no)


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
    present = []
    absent = []
    for i in group:
        k = key(i)
        if k is None:
            absent.append(i)
        else:
            present.append((k, i))
    if present and not all(type(k) is int for k, _ in present) and isinstance(present[0][0], (int, Fraction)):
        # numbers: order by exact integers over the group's common denominator (cheaper than Fractions)
        common = lcm(*{k.denominator for k, _ in present})  # ints have a numerator and a denominator too
        order = [(k.numerator * (common // k.denominator), i) for k, i in present]
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
