"""Immutable, typed records of a tournament. No I/O here.

A :class:`Tournament` holds :class:`Player` records; each player has one
:class:`RoundResult` per round with an explicit :class:`Kind` (played, forfeit,
pairing-allocated bye, requested bye, absent, ...). Points are exact
(:class:`fractions.Fraction`) and come from the event's :class:`Scoring`.
"""

from .results import Colour, Kind
from .scoring import Scoring
from .tournament import EventType, Player, RoundResult, Tournament

__all__ = ["Colour", "Kind", "Scoring", "EventType", "Player", "RoundResult", "Tournament"]

from .team import BoardGame, MatchScoring, Team, TeamRound, TeamTournament  # noqa: E402  (team events)

__all__ += ["BoardGame", "MatchScoring", "Team", "TeamRound", "TeamTournament"]
