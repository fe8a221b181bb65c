"""Views of a ranked event for the faces, narrowing what the types cannot tell apart (an event is a
an :data:`~xltb.model.event.Event`, a row's participant a ``Player | Team``) without loading the team model, and
what a face reads of a round without a game."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ..model import Kind, Player
from .standings import Row, Standings

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import Team, TeamTournament


class Unplayed(Protocol):
    """What is read of a round without a game: a player's round, or a team's seen through its game points."""

    @property
    def kind(self) -> Kind: ...

    @property
    def opponent(self) -> int | None: ...

    @property
    def points(self) -> Fraction: ...


class GamePoints(NamedTuple):
    """A team's round seen as a round whose points are its game points."""

    kind: Kind
    """The round's kind."""
    opponent: int | None
    """The opposing team (None: no match)."""
    points: Fraction
    """The team's game points."""


def team_event(st: Standings) -> TeamTournament:
    """The team event of a team event's standings (asked where ``st.team`` holds)."""
    event = st.event
    assert event.is_team, "a team event's standings"
    return event


def team_of(row: Row) -> Team:
    """The team of a row of a team event's standings (asked where ``st.team`` holds)."""
    entrant = row.participant
    assert not isinstance(entrant, Player), "a team event's row"
    return entrant


def player_of(row: Row) -> Player:
    """The player of a row of an individual event's standings."""
    entrant = row.participant
    assert isinstance(entrant, Player), "an individual event's row"
    return entrant


__all__ = ["Unplayed", "GamePoints", "team_event", "team_of", "player_of"]
