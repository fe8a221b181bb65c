"""What happened to a participant in one round."""

from __future__ import annotations

from enum import Enum


class Colour(Enum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    __hash__ = object.__hash__


class Kind(Enum):
    """The kind of a round result.

    The names follow C.07 Art. 15-16 and C.04: a *played* game was played over
    the board; every other kind is an *unplayed round* (C.07 15.1).
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    UNRATED_WIN = "W"  # played over the board, not rated (TRF "W")
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    DOUBLE_FORFEIT = "--"  # both players absent: a forfeit loss for each
    PAB = "U"  # pairing-allocated bye (C.04: a win's points)
    FULL_BYE = "F"  # full-point bye (unforeseen circumstances)
    HALF_BYE = "H"  # requested half-point bye
    ZERO_BYE = "Z"  # requested zero-point bye
    ABSENT = " "  # absent / withdrawn: C.07 16.1.1 counts it as a zero-point bye
    NOT_PLAYED = "?"  # paired or scheduled, no result yet

    # members are singletons: identity hashing is exact, and much faster than Enum's name hashing
    __hash__ = object.__hash__

    @property
    def played(self) -> bool:
        """True when a game was played over the board."""
        return self in _PLAYED

    @property
    def forfeit(self) -> bool:
        """True for a forfeit win or loss (the opponent is known)."""
        return self in _FORFEIT

    @property
    def requested_bye(self) -> bool:
        """C.07 16.1.1: a half- or zero-point bye; every round after withdrawal is one."""
        return self in _REQUESTED

    @property
    def vur(self) -> bool:
        """C.07 16.5 / 2026 16.1.2: a voluntarily unplayed round (requested bye or forfeit loss)."""
        return self in _VUR

    @property
    def available(self) -> bool:
        """C.07 16.1.2 (2023-2024): an available-to-play round."""
        return self in _AVAILABLE

    @property
    def won(self) -> bool:
        return self in (Kind.WIN, Kind.UNRATED_WIN)

    @property
    def is_loss(self) -> bool:
        return self in (Kind.LOSS, Kind.UNRATED_LOSS)


_PLAYED = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.UNRATED_WIN, Kind.UNRATED_DRAW, Kind.UNRATED_LOSS})
_FORFEIT = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT})
_REQUESTED = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT})
_VUR = _REQUESTED | {Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT}
_AVAILABLE = _PLAYED | {Kind.PAB, Kind.FULL_BYE, Kind.FORFEIT_WIN}
