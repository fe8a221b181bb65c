"""One name for an event of either kind, and for its participants.

An event is an individual :class:`~xltb.model.tournament.Tournament` (participants: players) or a team
:class:`~xltb.model.team.TeamTournament` (participants: teams, each with its roster; the players stay in
``players``). Both answer the same questions: what the file says of the event (``event.name``...,
:class:`~xltb.model.tournament.EventInfo`), its ``participants`` in pairing-number order and
``participant(no)``, each with ``start_no``, ``name`` and one :class:`~xltb.model.tournament.RoundResult`
per round, the same record for both (``round``, ``kind``, ``opponent``, ``colour``, ``points``, ``played``;
a team's round carries its match: MP, GP and the boards), ``rounds``,
``event_type``, ``scoring`` and ``describe_scoring()``. Code that needs what only one kind has asks
``event.is_team`` (a literal: the type checker narrows ``Event`` on it), never the event's type.

The team records are named here for the type checker only: an individual event never loads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from .tournament import Player, Tournament

if TYPE_CHECKING:  # the team model is loaded only for team events
    from .team import Team, TeamTournament

#: an event of either kind
Event = Union[Tournament, "TeamTournament"]
#: a participant of either kind: a player, or a team with its roster
Participant = Union[Player, "Team"]


__all__ = ["Event", "Participant"]
