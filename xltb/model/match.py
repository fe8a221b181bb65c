"""What a team's round holds beyond a player's: its game points and the boards of its match (C.07 11-12).

A round of either kind is one :class:`~xltb.model.tournament.RoundResult` (round, kind, opponent, colour,
points); a team's carries a :class:`Match` besides (issue 29: one participant model). A team's ``points``
are its match points (C.07 11.1.1), as a player's are its game points: the points the event's scoring
gives the round's kind (a won, drawn or lost match under :class:`~xltb.model.team.MatchScoring`, as a
game under :class:`~xltb.model.scoring.Scoring`); the game points and the boards are the match's.

Small and free of the team model, so that an individual event's rounds can name it without loading
:mod:`xltb.model.team`; named tuples, as the individual records are (the start-up path of
``xltb standings`` imports no ``dataclasses``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from .results import Colour, Kind


class BoardGame(NamedTuple):
    """One board of a team's match, from the team's side."""

    board: int
    """The board number (1: first board)."""
    player: int | None
    """The team's player, by pairing number (None: an empty board)."""
    opponent: int | None
    """The opposing player (None: an empty board, or no opponent)."""
    kind: Kind
    """The player's result (an empty board: a forfeit loss)."""
    points: Fraction
    """The game points the board gives the team (an empty board that lost by forfeit gives nothing)."""
    colour: Colour = Colour.NONE
    """The team's player's colour on the board."""


class Match(NamedTuple):
    """A team's side of a round: its game points and, when a match was paired, the boards.

    Every round of a team event carries one, a round without a match too (a bye's game points are the
    provisions', C.07 11.1.2 and C.04.6 1.4.1; it has no boards); a player's round carries none.
    """

    gp: Fraction
    """The team's game points of the round: the boards' points (C.07 11.1.2), or those the provisions
    give a round without a match (a forfeited match, a bye)."""
    boards: tuple[BoardGame, ...] = ()
    """The board games from the team's side, in board order (none: no match was paired)."""
    lineup_declared: bool = False
    """TRF 300: the boards were given by a line-up record, out of the default (roster) order."""


__all__ = ["BoardGame", "Match"]
