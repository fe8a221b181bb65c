"""One name for an event of either kind, and for its participants.

An event is an individual :class:`~xltb.model.tournament.Tournament` (participants: players) or a team
:class:`~xltb.model.team.TeamTournament` (participants: teams, each with its roster; the players stay in
``players``). Both answer the same questions: what the file says of the event (``event.name``...,
:class:`~xltb.model.tournament.EventInfo`), its ``participants`` in pairing-number order and
``participant(no)``, each with ``start_no``, ``name`` and one round record per round (``round``, ``kind``,
``opponent``, ``colour``, ``played``; a team's round adds MP, GP and the boards), ``rounds``,
``event_type``, ``scoring`` and ``describe_scoring()``. Code that needs what only one kind has asks
``event.is_team`` (a literal: the type checker narrows ``Event`` on it), never the event's type.

The team records are named here for the type checker only: an individual event never loads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from .tournament import Player, RoundResult, Tournament

if TYPE_CHECKING:  # the team model is loaded only for team events
    from .team import Team, TeamRound, TeamTournament

#: an event of either kind
Event = Union[Tournament, "TeamTournament"]
#: a participant of either kind: a player, or a team with its roster
Participant = Union[Player, "Team"]
#: a participant's round of either kind: a game (or unplayed round), or a match with its boards
ParticipantRound = Union[RoundResult, "TeamRound"]


__all__ = ["Event", "Participant", "ParticipantRound"]
