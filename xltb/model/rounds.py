"""An event as it stood after round N: the later rounds ignored, the totals recomputed.

One pure function, :func:`after_round`, on the event model (individual or team), used by every
command that takes ``--after-round`` (``standings``, ``explain``, ``export``, ``check``,
``template --from``, ``trf``): the same cut for all of them.

What the file declared (a player's total and rank in TRF columns 81-89, a team's MP, GP and rank in
its 310 record) describes the rounds the file holds. When the rounds cut away hold results, those
figures are not the ones after round N: they are dropped (the totals are the results' anyway). When
the rounds cut away hold no result (a round paired but not played yet), they are kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, NamedTuple, overload

from ..errors import XltbError
from .event import Event
from .results import Kind
from .tournament import Player, RoundResult, Tournament

if TYPE_CHECKING:  # the team model is loaded only for team events
    from .team import Team, TeamTournament

#: a round that holds no result: paired without a result yet, or not paired at all (blank)
_NO_RESULT = frozenset({Kind.NOT_PLAYED, Kind.ABSENT})


def check_planned(event: Event, planned: int | None) -> None:
    """``--rounds`` (the rounds planned) may not be below the rounds the file holds."""
    if planned is None:
        return
    if planned < 1:
        raise XltbError("--rounds must be at least 1")
    if planned < event.rounds:
        raise XltbError(f"--rounds {planned}: the file holds {event.rounds} rounds; the rounds planned cannot be "
                        "fewer", file=event.source)


def rounds_planned(event: Event, planned: int | None = None) -> int:
    """The rounds the event has: ``planned`` (the user's ``--rounds``), else the file's (TRF 142 / XXR),
    else the rounds it holds; never fewer than those."""
    check_planned(event, planned)
    return max(planned or event.rounds_planned or event.rounds, event.rounds)


class Progress(NamedTuple):
    """How far an event is: ``played`` rounds with a result of ``planned``."""

    played: int
    planned: int

    @property
    def final(self) -> bool:
        return self.played >= self.planned


def progress(event: Event, planned: int | None = None) -> Progress:
    """The last round with any result, and the rounds planned: ``planned`` when given (the arbiter's
    ``--rounds``), else the rounds the file declares (TRF 142 / XXR), else the rounds it has (a paired
    round without results counts as planned)."""
    played = 0
    rounds = event.rounds
    for p in event.participants:
        rounds = max(rounds, len(p.results))
        for r in p.results:
            if r.kind is not Kind.NOT_PLAYED and r.round > played:
                played = r.round
    planned = planned or event.rounds_planned  # --rounds, else the file's (TRF 142 / XXR)
    return Progress(played, max(planned or rounds, played))


def holds_results(rows: Iterable[RoundResult]) -> bool:
    """Whether any of these rounds (a player's or a team's) holds a result: anything but a pairing
    without a result or a blank round."""
    return any(r.kind not in _NO_RESULT for r in rows)


@overload
def after_round(event: Tournament, n: int, planned: int | None = None) -> Tournament: ...
@overload
def after_round(event: TeamTournament, n: int, planned: int | None = None) -> TeamTournament: ...


def after_round(event: Event, n: int, planned: int | None = None) -> Event:
    """The event as it stood after round ``n``: every later round ignored, the totals recomputed from
    the rounds kept, the rounds planned (for "after round N of M") the user's ``planned``, else the
    file's, else the rounds the file holds. ``n`` must be a round the file holds (1 to its rounds)."""
    if n < 1:
        raise XltbError(f"--after-round {n}: the rounds are numbered from 1")
    if n > event.rounds:
        raise XltbError(f"--after-round {n}: the file holds {event.rounds} round{'s' if event.rounds != 1 else ''}",
                        file=event.source)
    total = rounds_planned(event, planned)
    cut_players = holds_results(r for p in event.players for r in p.results[n:])
    if not event.is_team:
        return event._replace(players=tuple(_player(p, n, cut_players) for p in event.players), rounds=n,
                              rounds_planned=total, round_dates=event.round_dates[:n])
    cut_teams = cut_players or holds_results(r for t in event.teams for r in t.results[n:])
    return event._replace(players=tuple(_player(p, n, cut_teams) for p in event.players),  # event fields: its info
                          teams=tuple(_team(t, n, cut_teams) for t in event.teams), rounds=n, rounds_planned=total,
                          round_dates=event.round_dates[:n])


def _player(p: Player, n: int, declared_gone: bool) -> Player:
    results: tuple[RoundResult, ...] = p.results[:n]
    if declared_gone:
        return p._replace(results=results, declared_points=None, declared_rank=None)
    return p._replace(results=results)


def _team(t: Team, n: int, declared_gone: bool) -> Team:
    from dataclasses import replace

    results: tuple[RoundResult, ...] = t.results[:n]
    if declared_gone:
        return replace(t, results=results, declared_mp=None, declared_gp=None, declared_rank=None)
    return replace(t, results=results)


__all__ = ["after_round", "rounds_planned", "check_planned", "holds_results", "Progress", "progress"]
