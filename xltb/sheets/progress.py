"""How far the crosstable's event is: the rounds completed, the round paired but not played, the byes
requested for rounds not paired yet; and the event with the Settings' pairing rows as its plans.

A round is *complete* when it holds no pending game (``W9``/``B5`` without a result,
:attr:`Kind.NOT_PLAYED`); the standings and tie-breaks count the rounds before the first round that is
not ("after round N of M"). A round with pending games and some results is *half filled*: the Status
cell names it. Rounds after the last round with a game (paired or played) that hold only byes are the
byes requested for rounds not paired yet (``=BYE``, ``ZPB``, ``FPB`` written ahead): they are the
event's plans (:class:`~xltb.model.plans.Plans`), not rounds of it; so are the byes written in the
round paired but not played (re-pairing it gives them again).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from ..model import Kind, RoundResult, Tournament
from ..model.plans import Plans, RequestedBye
from .crosstable import Origin, read_header
from .pairing_settings import PairingSettings, baku, withdrawals

#: what a player may ask for a round not paired yet (C.04.2: half- and zero-point byes; a full-point bye
#: where the regulations allow it)
REQUESTED = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE})


class RoundState(NamedTuple):
    """Where the event stands."""

    completed: int
    """The rounds before the first round with a pending game (all rounds when none has one)."""
    rounds: int
    """The last round with a game (paired or played)."""
    pending: tuple[int, ...] = ()
    """The rounds with a pending game."""
    half_filled: tuple[int, ...] = ()
    """The pending rounds that also hold a game with its result."""
    waiting: tuple[tuple[int, int], ...] = ()
    """(pairing number, round) of every pending game, White's line (or the lower number's) only."""
    results_in: tuple[tuple[int, int], ...] = ()
    """(pairing number, round) of every result after the first pending round."""

    @property
    def next_round(self) -> int:
        """The round to pair: the one after the rounds completed."""
        return self.completed + 1


def _game(r: RoundResult) -> bool:
    return r.opponent is not None


def round_state(event: Tournament) -> RoundState:
    """The rounds completed, pending and half filled of an event read from a crosstable: one pass over the
    results when no round is pending (every recalculation of the workbook asks it)."""
    last = 0
    pending: set[int] = set()
    waiting: list[tuple[int, int]] = []
    for p in event.players:
        no = p.start_no
        for r in p.results:
            opponent = r.opponent
            if opponent is None:
                continue
            if r.round > last:
                last = r.round
            if r.kind is Kind.NOT_PLAYED:
                pending.add(r.round)
                if no < opponent:
                    waiting.append((no, r.round))
    if not pending:
        return RoundState(last, last)
    completed = min(pending) - 1
    results_in = tuple(sorted((p.start_no, r.round) for p in event.players for r in p.results
                              if r.round > completed and _game(r) and r.kind is not Kind.NOT_PLAYED))
    half = tuple(sorted({rnd for _, rnd in results_in if rnd in pending}))
    return RoundState(completed, last, tuple(sorted(pending)), half, tuple(sorted(waiting)), results_in)


def completed_event(event: Tournament) -> Tournament:
    """The event after its completed rounds only: what the workbook's standings and tie-breaks count (a round
    paired but not played, and rounds holding only byes written ahead, count for nothing yet)."""
    state = round_state(event)
    if state.completed >= event.rounds:
        return event
    n = state.completed
    return event._replace(players=tuple(p._replace(results=p.results[:n]) for p in event.players), rounds=n,
                          round_dates=event.round_dates[:n])


def requested_byes(event: Tournament, after: int) -> tuple[RequestedBye, ...]:
    """The byes written in the rounds after round ``after`` (requested for rounds not played yet)."""
    return tuple(RequestedBye(p.start_no, r.round, r.kind, p.line) for p in event.players for r in p.results
                 if r.round > after and r.kind in REQUESTED)


def with_plans(event: Tournament, pairing: PairingSettings) -> Tournament:
    """The event read from the crosstable, with the Settings' pairing rows: rounds planned, plans (requested
    byes, first colour, Baku's virtual points, withdrawals). Trailing rounds that hold no game, only byes
    written ahead, are byes requested for rounds not paired yet: plans, not rounds of the event (as the TRF
    reader reads a file to pair's own ``0000 - H``)."""
    state = round_state(event)
    byes = requested_byes(event, state.rounds)
    if event.rounds > state.rounds:
        n = state.rounds
        event = event._replace(players=tuple(p._replace(results=p.results[:n]) for p in event.players), rounds=n,
                               round_dates=event.round_dates[:n])
    planned = pairing.rounds
    numbers = [p.start_no for p in event.players]
    plans = Plans(first_colour=pairing.first_colour, requested_byes=byes, acceleration=baku(pairing, numbers, planned),
                  withdrawals=withdrawals(pairing, state.completed + 1), maxi=pairing.maxi)
    changes: dict[str, Any] = {"plans": plans}
    if planned is not None:
        changes["rounds_planned"] = planned
    return event._replace(**changes)


def to_pair(event: Tournament) -> tuple[Tournament, int]:
    """The event a pairing system is given for the next round, and that round: the completed rounds only,
    with the byes written in the rounds after them as requested byes (the pending round's own byes
    included: re-pairing it gives them again)."""
    state = round_state(event)
    done = completed_event(event)
    extra = requested_byes(event, state.completed)
    known = {(b.start_no, b.round) for b in event.plans.requested_byes}
    byes = event.plans.requested_byes + tuple(b for b in extra if (b.start_no, b.round) not in known)
    return done._replace(plans=event.plans._replace(requested_byes=byes)), state.next_round


def cell_of(rows: Sequence[Sequence[Any]], origin: Origin, event: Tournament, start_no: int, round_no: int) -> str:
    """The address of a participant's round cell (``Crosstable!K5``)."""
    layout = read_header(rows[0], origin)
    player = event.player(start_no)
    row = (player.line or origin.row) - origin.row
    column = layout.rounds[round_no - 1] if round_no <= len(layout.rounds) else layout.columns["no"]
    return origin.address(row, column)


def round_note(rows: Sequence[Sequence[Any]], origin: Origin, event: Tournament) -> str:
    """What the Status cell adds to ``ok``: "" when every round entered is complete; else the rounds
    counted ("after round 4 of 9") and the round paired, half filled, or followed by results."""
    state = round_state(event)
    if not state.pending:
        return ""
    first = state.pending[0]
    games = [w for w in state.waiting if w[1] == first]
    if first in state.half_filled:
        where = cell_of(rows, origin, event, *games[0])
        what = (f"round {first} half filled: {len(games)} of {_games_in(event, first)} games without a result "
                f"(first {where})")
    else:
        what = paired_text(first)
    later = [x for x in state.results_in if x[1] > first]
    if later:
        what += f"; results in round {later[0][1]} ({cell_of(rows, origin, event, *later[0])}) are not counted"
    return status_note(state.completed, event.rounds_planned, what)


def paired_text(round_no: int) -> str:
    """A round paired whose games (matches) have no result yet, as the Status cell says it."""
    return f"round {round_no} paired, no result yet"


def status_note(completed: int, planned: int | None, what: str) -> str:
    """What the Status cell adds to ``ok`` for an event of either kind while a round is not complete: the
    rounds counted (``after round 4 of 9``; 0: a round robin laid out) and ``what`` of the round after them."""
    return f"after round {completed}" + (f" of {planned}" if planned else "") + f": {what}"


def _games_in(event: Tournament, round_no: int) -> int:
    """The games (pairings with an opponent) of a round."""
    return sum(1 for p in event.players for r in p.results
               if r.round == round_no and r.opponent is not None and p.start_no < r.opponent)


__all__ = ["REQUESTED", "RoundState", "round_state", "completed_event", "requested_byes", "with_plans", "to_pair",
           "cell_of", "round_note", "paired_text", "status_note"]
