"""The round as it is published: the boards in their order (C.04.2 4.9) and the byes, built once for every
system that pairs a Swiss (the FIDE (Dutch) system, C.04.3; Dubov, C.04.4.1; Burstein, C.04.4.2; Lim,
C.04.4.3; the team Swiss, C.04.6). What differs between them is only why: each system gives the reasons of
its games and of its PAB, and the message that says why a participant is not paired."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Iterable, NamedTuple, Union

from ..messages import Message, Text
from .result import Board, Bye

if TYPE_CHECKING:
    from .state import Absence, Entrant, TeamEntrant

#: a paired participant as the board order reads it (pairing number, pairing score, points): a player or a team
Seat = Union["Entrant", "TeamEntrant"]


class Game(NamedTuple):
    """One pair of the round, its colours allocated, before it has a board."""

    white: Seat
    """The participant with white (a team: board 1's colour)."""
    black: Seat
    """The participant with black."""
    reasons: tuple[Text, ...]
    """Why these two meet and why each has its colour, in the words of the system that paired them."""


def board_key(game: Game) -> tuple[Fraction, Fraction, int]:
    """C.04.2 4.9: the pairs sorted by 4.9.1 the score of the pair's higher ranked player (the higher score of
    the two), 4.9.2 the sum of both scores, 4.9.3 the rank in the initial order (the pairing number) of the
    pair's higher ranked player. The higher ranked player has more points, or with equal points the higher
    position in the initial order (as C.04.4.1 5.2.1 spells it out): with unequal scores, the pairing number
    of the player with more points, not the pair's lower one. The scores are the points (a team's primary
    score), without acceleration's virtual points, which count for pairing purposes only (C.04.5.1) and 4.9
    sorts a pairing already complete. The endorsed bbpPairings sorts so; FIDE's program gacrux 1.11.65 sorts
    by the accelerated score and the pair's lower pairing number (docs/pairing-dutch.md, "Board order").
    Every system sorts so; Lim's rank among the players paired (``Entrant.tpn``) is counted in the order of
    the pairing numbers (:func:`~xltb.pairing.state.build_state`): the same order."""
    a, b = game.white, game.black
    higher = a if (a.points, -a.start_no) > (b.points, -b.start_no) else b
    return (-higher.points, -(a.points + b.points), higher.start_no)


def boards(games: Iterable[Game]) -> tuple[Board, ...]:
    """The games in the board order of C.04.2 4.9, numbered from 1."""
    return tuple(Board(k + 1, g.white.start_no, g.black.start_no, g.white.points, g.black.points, g.reasons)
                 for k, g in enumerate(sorted(games, key=board_key)))


def byes(pab: Bye | None, absent: Iterable[Absence], why: str = "pairing.bye.requested") -> tuple[Bye, ...]:
    """The PAB (C.04.1 3-4), then everyone not paired (C.04.2 4.3-4.4: a requested bye, a withdrawal), each
    with the message ``why`` (its parameter: ``no``, the pairing number)."""
    away = tuple(Bye(a.start_no, a.kind, a.points, (Message(why, no=a.start_no),)) for a in absent)
    return ((pab,) if pab is not None else ()) + away


__all__ = ["Game", "Seat", "board_key", "boards", "byes"]
