"""Points awarded per kind of round result."""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import NamedTuple

from ..messages import Message
from .results import Kind


class Scoring(NamedTuple):
    """Points for each kind of result (default 1 / 1/2 / 0; a PAB is worth a win, C.04 1.4).

    An immutable record (the model's records are named tuples: value semantics, ``_replace``, and no
    import-time class generation on the command's start-up path)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None  # None: as a win
    forfeit_loss: Fraction | None = None  # None: as a loss
    pab: Fraction | None = None  # None: as a win
    full_bye: Fraction | None = None  # None: as a win
    half_bye: Fraction | None = None  # None: as a draw
    zero_bye: Fraction | None = None  # None: as a loss
    absent: Fraction | None = None  # None: as a zero-point bye
    unit: int = 1  # every points value is a multiple of 1/unit (team views: also their MP and GP)
    #: TRF-2026 162 X, an unknown result (None: as a draw): what pairing programs count for a game whose
    #: result is not known yet; kept to be written back, never points of a round here (such a game is a
    #: round not played yet, Kind.NOT_PLAYED)
    unknown: Fraction | None = None

    def points(self, kind: Kind) -> Fraction:
        """Points a participant receives for a round of this kind."""
        if kind in (Kind.WIN, Kind.UNRATED_WIN):
            return self.win
        if kind in (Kind.DRAW, Kind.UNRATED_DRAW):
            return self.draw
        if kind in (Kind.LOSS, Kind.UNRATED_LOSS):
            return self.loss
        if kind is Kind.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
            return self.loss if self.forfeit_loss is None else self.forfeit_loss
        if kind is Kind.PAB:
            return self.win if self.pab is None else self.pab
        if kind is Kind.FULL_BYE:
            return self.win if self.full_bye is None else self.full_bye
        if kind is Kind.HALF_BYE:
            return self.draw if self.half_bye is None else self.half_bye
        if kind is Kind.ZERO_BYE:
            return self.loss if self.zero_bye is None else self.zero_bye
        if kind is Kind.ABSENT:
            return self.points(Kind.ZERO_BYE) if self.absent is None else self.absent
        return Fraction(0)  # NOT_PLAYED

    def table(self) -> dict[Kind, Fraction]:
        """Points for every kind, as a dictionary (for readers that score many rounds)."""
        return {k: self.points(k) for k in Kind}

    def values(self) -> tuple[Fraction, ...]:
        return tuple(self.points(k) for k in Kind)

    @property
    def denominator(self) -> int:
        """The least common denominator of every value: the engine counts in 1/denominator units."""
        return lcm(self.unit, *(v.denominator for v in self.values()))

    def describe(self) -> Message:
        """The points of each kind of result, as a message (``win 1, draw 0.5, loss 0, PAB 1, ...``)."""
        return Message("scoring.games", win=self.win, draw=self.draw, loss=self.loss, pab=self.points(Kind.PAB),
                       hpb=self.points(Kind.HALF_BYE), zpb=self.points(Kind.ZERO_BYE),
                       fpb=self.points(Kind.FULL_BYE), forfeit_win=self.points(Kind.FORFEIT_WIN),
                       forfeit_loss=self.points(Kind.FORFEIT_LOSS))
