"""The records of a prize list: who is paid what, from which pool, and why."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..messages import Text
from ..ranking.standings import Standings
from .table import Category, Prize, PrizeTable

Share = Literal["none", "equal", "hort"]
SHARES: tuple[Share, ...] = ("none", "equal", "hort")


@dataclass(frozen=True)
class Placed:
    """A player as the prize list shows him: start number, name, rank, points, and his line in the
    standings (0 for the first)."""

    start_no: int
    name: str
    rank: int
    points: Fraction
    position: int


@dataclass(frozen=True)
class Pool:
    """Money shared: the prizes of one category won by players with equal points (or place), and who
    shares it, in standings order, with what each one's own prize carries and what each is paid (cents)."""

    category: Category
    prizes: tuple[Prize, ...]
    members: tuple[Placed, ...]
    nominal: tuple[int, ...]
    exact: tuple[Fraction, ...]  # each one's exact share, in cents
    paid: tuple[int, ...]
    share: Share

    @property
    def total(self) -> int:
        return sum(self.nominal)


@dataclass(frozen=True)
class Award:
    """A line of the prize list: a prize and its winner (``player`` None: nobody could win it), or a
    player who shares a pool without a prize of his own (``prize`` None); ``paid`` the cents paid
    (None: a trophy, or nothing awarded); ``reason`` why, said to the reader (``str()`` in English)."""

    prize: Prize | None
    player: Placed | None
    paid: int | None
    reason: Text
    pool: Pool | None = None


@dataclass(frozen=True)
class TiedPlayer:
    player: Placed
    #: "no prize", "won Best U1600", "shares 3rd", "not decided: ...", said to the reader
    outcome: Text


@dataclass(frozen=True)
class Tie:
    """The players with the points of a category's last winner, placed below him, who qualify for the
    category and won none of its prizes (what they won instead, if anything)."""

    category: Category
    last: Placed
    prize: Prize
    players: tuple[TiedPlayer, ...]


@dataclass(frozen=True)
class PrizeList:
    standings: Standings
    table: PrizeTable
    share: Share
    awards: tuple[Award, ...]
    ties: tuple[Tie, ...]
    rules: tuple[Text, ...]
    warnings: tuple[Text, ...] = ()

    @property
    def with_cents(self) -> bool:
        """Whether money is shown with cents: when an amount or a share has them."""
        return self.table.with_cents or any(a.paid is not None and a.paid % 100 for a in self.awards)


__all__ = ["Share", "SHARES", "Placed", "Pool", "Award", "TiedPlayer", "Tie", "PrizeList"]
