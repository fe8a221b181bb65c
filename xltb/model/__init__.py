"""Immutable, typed records of a tournament. No I/O here.

A :class:`Tournament` holds :class:`Player` records; each player has one
:class:`RoundResult` per round with an explicit :class:`Kind` (played, forfeit,
pairing-allocated bye, requested bye, absent, ...). Points are exact
(:class:`fractions.Fraction`) and come from the event's :class:`Scoring`.
"""

from typing import TYPE_CHECKING

from .choice import Choice, Choices
from .results import Colour, Kind
from .scoring import Scoring
from .match import BoardGame, Match
from .tournament import EventType, Player, RoundResult, Tournament

__all__ = ["Choice", "Choices", "Colour", "Kind", "Scoring", "EventType", "Player", "RoundResult", "Tournament",
           "BoardGame", "Match"]

if TYPE_CHECKING:  # loaded on first use (see __getattr__)
    from .team import MatchScoring, Team, TeamTournament

_TEAM_NAMES = ("MatchScoring", "Team", "TeamTournament")
__all__ += list(_TEAM_NAMES)


def __getattr__(name: str) -> object:
    """The team records (xltb.model.team), loaded when first asked for: individual events never need them."""
    if name in _TEAM_NAMES:
        from . import team

        return getattr(team, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
