"""A round's pairings as every face reads them: boards, byes and the reasons (C.04.1 9: the person who
pairs explains every pairing). Immutable records; the faces render the messages in the reader's language."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..messages import Text
from ..model.choice import Choice
from ..model.results import Kind


class Board(NamedTuple):
    """One game of the round, by board (C.04.2 board order)."""

    number: int
    """The board, from 1."""
    white: int
    """White's pairing number."""
    black: int
    """Black's pairing number."""
    white_points: Fraction
    """White's score before the round (without virtual acceleration points)."""
    black_points: Fraction
    """Black's score before the round."""
    reasons: tuple[Text, ...] = ()
    """Why these two meet and why each has his colour (bracket, float, colour rule), each citing its article."""


class Bye(NamedTuple):
    """A participant without a game in the round."""

    start_no: int
    """The participant's pairing number."""
    kind: Kind
    """:attr:`Kind.PAB` (the pairing-allocated bye), :attr:`Kind.HALF_BYE`, :attr:`Kind.ZERO_BYE`,
    :attr:`Kind.FULL_BYE` (requested), or :attr:`Kind.ABSENT` (withdrawn: not paired)."""
    points: Fraction
    """The points the bye gives (C.04.1 3: the PAB gives a win's points unless the event says otherwise)."""
    reasons: tuple[Text, ...] = ()
    """Why (who receives the PAB and by which criterion; the request; the withdrawal)."""


class BracketNote(NamedTuple):
    """What the pairing of one bracket did (C.04.3): its residents and moved-down players, the criteria it
    could not all meet and which were relaxed first."""

    score: Fraction
    """The bracket's score (with acceleration's virtual points, when the event is accelerated)."""
    residents: tuple[int, ...]
    """The bracket's resident players (pairing numbers, in the bracket's order)."""
    moved_down: tuple[int, ...]
    """The MDPs who entered it from higher brackets."""
    notes: tuple[Text, ...] = ()
    """What was relaxed and why, each citing its article."""


class Pairs(NamedTuple):
    """What a pairing system returns for one round; :class:`RoundPairing` adds the round and the choices."""

    boards: tuple[Board, ...]
    """The games, by board."""
    byes: tuple[Bye, ...] = ()
    """The PAB, the requested byes and the participants not paired."""
    brackets: tuple[BracketNote, ...] = ()
    """The brackets in the order they were paired (empty for a system without brackets)."""
    notes: tuple[Text, ...] = ()
    """What applies to the whole round."""


class RoundPairing(NamedTuple):
    """The pairings of one round, and every decision they rest on."""

    round: int
    """The round paired."""
    system: Choice
    """The pairing system ("dutch", "berger", ...) and where that choice came from."""
    edition: Choice
    """The edition of C.04 applied ("2025-07", "2026-02") and where that choice came from."""
    boards: tuple[Board, ...]
    """The games, by board."""
    byes: tuple[Bye, ...] = ()
    """The PAB, the requested byes and the participants not paired."""
    brackets: tuple[BracketNote, ...] = ()
    """The brackets in the order they were paired (empty for a system without brackets)."""
    notes: tuple[Text, ...] = ()
    """What applies to the whole round (last-round exceptions, first-round colour by lot, acceleration)."""


__all__ = ["Board", "BracketNote", "Bye", "Pairs", "RoundPairing"]
