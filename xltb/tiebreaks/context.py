"""The engine's view of an event: per-round arrays in exact integer units.

Points are counted in units of ``1/q`` of a point, where ``q`` is the least common
denominator of the event's scoring (2 for 1 / 1/2 / 0), so that every sum is an
integer and ties are decided by equality. Values leave the engine as
:class:`fractions.Fraction`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

from ..errors import TieBreakError
from ..model import Colour, EventType, Kind, Tournament
from ..rules import Edition
from .base import Column, OpponentRaw

#: C.07 16.2 categories of unplayed rounds
PAB_OR_FULL = "16.2.1"
FORFEIT_WIN = "16.2.2"
BYE_FOLLOWED = "16.2.3"
FORFEIT_LOSS = "16.2.4"
BYE_LAST = "16.2.5"


_PLAYED = frozenset(k for k in Kind if k.played)


class Options(NamedTuple):
    """Settings of a computation that are not part of the event file."""

    unrated_rating: int | None = None  # rating used for unrated players (C.07 10)


class Memo:
    """Intermediate results shared by several tie-breaks of one computation (each computed once per
    event and options), by what they are."""

    __slots__ = ("rating_games", "rating_figures", "opponent_values", "opponent_elements", "plain_bh")

    def __init__(self) -> None:
        #: forfeits played -> per participant: (round index, opponent, half points) of the rated games (C.07 10)
        self.rating_games: dict[bool, list[list[tuple[int, int, int]] | None]] = {}
        #: (forfeits played, cut, median) -> per participant: (opponents' ratings that count, half points)
        self.rating_figures: dict[tuple[bool, int, int], list[tuple[list[int], int]]] = {}
        #: (TPR or PTP, forfeits played) -> every participant's value (C.07 10.4, 10.5)
        self.opponent_values: dict[tuple[str, bool], list[int | None]] = {}
        #: (fore, product, forfeits played, id of the scored view) -> participant -> elements (C.07 8, 9)
        self.opponent_elements: dict[tuple[bool, bool, bool, int | None], dict[int, list[OpponentRaw]]] = {}
        #: fore -> every participant's plain Buchholz (or Fore Buchholz), in units
        self.plain_bh: dict[bool, list[int]] = {}


class Context:
    """Arrays of one event for one edition; shared by all tie-breaks of a computation."""

    def __init__(self, tournament: Tournament, edition: Edition, options: Options = Options()):
        self.t = tournament
        self.edition = edition
        self.options = options
        scoring = tournament.scoring
        self.q = q = scoring.denominator
        self.n = len(tournament.players)
        self.rounds = tournament.rounds
        self.start_nos = [p.start_no for p in tournament.players]
        self.index = {s: i for i, s in enumerate(self.start_nos)}
        self.win = int(scoring.win * q)
        self.draw = int(scoring.draw * q)
        self.loss = int(scoring.loss * q)
        self.round_robin = tournament.event_type.predetermined
        kinds: list[list[Kind]] = []
        opps: list[list[int]] = []
        pts: list[list[int]] = []
        cols: list[list[Colour]] = []
        played: list[list[bool]] = []
        units: dict[int, int] = {}  # id of a points value -> engine units (the values live as long as the event)
        index_or_none: dict[int | None, int] = {s: i for i, s in enumerate(self.start_nos)}
        index_or_none[None] = -1  # no opponent
        opponent_index = index_or_none.__getitem__
        is_played = _PLAYED.__contains__
        unit_of = units.__getitem__
        for p in tournament.players:
            if not p.results:
                kinds.append([])
                opps.append([])
                pts.append([])
                cols.append([])
                played.append([])
                continue
            k: tuple[Kind, ...]
            o: tuple[int | None, ...]
            c: tuple[Colour, ...]
            v: tuple[Fraction, ...]
            _, k, o, c, v, _ = zip(*p.results)  # RoundResult fields as columns (the last: a team's match)
            kinds.append(list(k))
            opps.append(list(map(opponent_index, o)))
            cols.append(list(c))
            played.append(list(map(is_played, k)))
            try:
                row = list(map(unit_of, map(id, v)))
            except KeyError:  # points values not met before (a file has a handful of distinct ones)
                for x in v:
                    units.setdefault(id(x), int(x * q))
                row = list(map(unit_of, map(id, v)))
            pts.append(row)
        self.kinds, self.opps, self.pts, self.colours = kinds, opps, pts, cols
        #: played[p][r]: a game was played over the board
        self.played = played
        #: all_played[p]: every round of p was a game played over the board (no unplayed round at all)
        self.all_played = [all(row) for row in played]
        self.extra = [int(p.extra_points * q) if p.extra_points else 0 for p in tournament.players]
        #: evaluations already computed for every participant, by code (reused by APRO/APPO, AOB)
        self.evaluated: dict[str, Column] = {}  # code -> every participant's evaluation (registry.evaluate_all)
        #: intermediate results shared by several tie-breaks (see the modules that use it)
        self.memo = Memo()
        self._fractions: dict[tuple[int, int], Fraction] = {}
        self.score = [sum(row) + e for row, e in zip(pts, self.extra)]

    # ------------------------------------------------------------------ helpers
    def frac(self, units: int, power: int = 1) -> Fraction:
        """Convert a value in engine units (``1/q`` per point, ``1/q**2`` for products) to points.
        Values repeat a lot across participants; each distinct one is made once."""
        key = (units, power)
        value = self._fractions.get(key)
        if value is None:
            value = self._fractions[key] = Fraction(units, self.q**power)
        return value

    def forfeits_count(self, *, forfeits_played: bool = False, rating_based: bool = False,
                       type_b: bool = False) -> tuple[bool, bool]:
        """(forfeit wins, forfeit losses) counted as played games for this tie-break.

        C.07 15.2: with pre-determined pairings forfeits are regular games; the 2026 text
        keeps them unplayed in rating-based tie-breaks, and keeps forfeit losses unplayed in
        type B tie-breaks. ``/P`` counts both as played.
        """
        if forfeits_played:
            return True, True
        if not self.round_robin:
            return False, False
        if self.edition.rr_carve_out:
            if rating_based:
                return False, False
            if type_b:
                return True, False
        return True, True

    def is_game(self, kind: Kind, opp: int, fw: bool, fl: bool) -> bool:
        """A game for this tie-break: played over the board, or a forfeit counted as played."""
        if kind in _PLAYED:
            return True
        if opp < 0:
            return False
        if kind is Kind.FORFEIT_WIN:
            return fw
        if kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
            return fl
        return False

    # ---------------------------------------------------------- C.07 Art. 16
    def categories(self, p: int, pts: list[int] | None = None, kinds: list[Kind] | None = None) -> list[str | None]:
        """C.07 16.2: the category of each unplayed round of participant ``p`` (None for games)."""
        kinds = self.kinds[p] if kinds is None else kinds
        out: list[str | None] = [None] * len(kinds)
        available_after = False
        for r in range(len(kinds) - 1, -1, -1):
            k = kinds[r]
            if k.played or k is Kind.NOT_PLAYED:
                out[r] = None
            elif k in (Kind.PAB, Kind.FULL_BYE):
                out[r] = PAB_OR_FULL
            elif k is Kind.FORFEIT_WIN:
                out[r] = FORFEIT_WIN
            elif k in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
                out[r] = FORFEIT_LOSS
            else:  # requested bye (16.1.1: rounds after withdrawal are zero-point byes)
                out[r] = BYE_FOLLOWED if available_after else BYE_LAST
            if k.available:
                available_after = True
        return out

    def _adjusted(self, pts: list[list[int]], kinds: list[list[Kind]]) -> list[int]:
        out = []
        draw = self.draw
        all_played = self.all_played if kinds is self.kinds else [all(map(_PLAYED.__contains__, row)) for row in kinds]
        for p in range(self.n):
            total = self.extra[p]
            if all_played[p]:  # no unplayed round: nothing to adjust
                out.append(total + sum(pts[p]))
                continue
            for r, cat in enumerate(self.categories(p, kinds=kinds[p])):
                # C.07 16.3.2: category 16.2.5 counts as a draw for the opponents' tie-breaks
                total += draw if cat == BYE_LAST else pts[p][r]
            out.append(total)
        return out

    @cached_property
    def adjusted(self) -> list[int]:
        """C.07 16.3: each participant's score as used in the opponents' tie-breaks."""
        return self._adjusted(self.pts, self.kinds)

    @cached_property
    def virtual_scores(self) -> list[int]:
        """2011 annex F.b: an opponent's score with every unplayed round counted as a draw."""
        out = []
        for p in range(self.n):
            total = self.extra[p]
            for k, v in zip(self.kinds[p], self.pts[p]):
                if k.played:
                    total += v
                elif k is not Kind.NOT_PLAYED:
                    total += self.draw
            out.append(total)
        return out

    # --------------------------------------------------------- Fore Buchholz
    @cached_property
    def last_round(self) -> int:
        """Index of the final round that has pairings (C.07 8.3)."""
        return self.rounds - 1

    @cached_property
    def fore(self) -> tuple[list[list[int]], list[list[Kind]], list[int], list[int], list[int]]:
        """C.07 8.3: points, kinds, scores, adjusted and virtual scores as if every game paired
        in the final round had been drawn (byes keep their points)."""
        last = self.last_round
        pts = [row[:] for row in self.pts]
        kinds = [row[:] for row in self.kinds]
        for p in range(self.n):
            if last < 0 or last >= len(kinds[p]):
                continue
            k = kinds[p][last]
            if self.opps[p][last] >= 0 and (k.played or k.forfeit or k is Kind.NOT_PLAYED):
                pts[p][last] = self.draw
                kinds[p][last] = Kind.DRAW
        scores = [sum(row) + e for row, e in zip(pts, self.extra)]
        adjusted = self._adjusted(pts, kinds)
        virtual = []
        for p in range(self.n):
            total = self.extra[p]
            for k, v in zip(kinds[p], pts[p]):
                total += v if k.played else (self.draw if k is not Kind.NOT_PLAYED else 0)
            virtual.append(total)
        return pts, kinds, scores, adjusted, virtual

    # ---------------------------------------------------------------- ratings
    def rating(self, p: int) -> int:
        r = self.t.players[p].rating
        if r is None:
            if self.options.unrated_rating is None:
                raise TieBreakError(
                    f"player {self.start_nos[p]} ({self.t.players[p].name}) is unrated: rating-based tie-breaks "
                    "need --unrated-rating N (C.07 10: the event's rules must say how unrated players count)")
            return self.options.unrated_rating
        return r

    @cached_property
    def ratings(self) -> list[int]:
        return [self.rating(p) for p in range(self.n)]

    def colour_black(self, p: int, r: int) -> bool:
        return self.colours[p][r] is Colour.BLACK


__all__ = ["Context", "Options", "PAB_OR_FULL", "FORFEIT_WIN", "BYE_FOLLOWED", "FORFEIT_LOSS", "BYE_LAST",
           "EventType"]
