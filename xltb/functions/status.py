"""``=TB_STATUS(Crosstable, Settings)`` with the check of the round entered: :func:`xltb.functions.core.tb_status`
(``ok``, or the first mistake) and a note while the round being entered (paired, its results not all in)
differs from what the event's system pairs from the state before it, naming the first board that differs
(``ok (round 5 entered differs from the dutch pairing, first on board 3: ...)``; a team event's first match, in
its Matches sheet: :func:`team_round_check`). A note, never an
error: an arbiter may change a pairing for a reason (C.04.1 does not forbid it; the round stays counted as
entered).

The system's pairing is the one ``TB_PAIRINGS`` shows for the same cells (:func:`xltb.functions.pairings.
round_pairing`, computed once for both), so the note costs nothing more. Once a round's results are all in, the
Status cell does not pair it again: that would be one whole pairing at every recalculation (several seconds for
a large event, and for every event imported with its rounds); ``xltb check --pairings WORKBOOK`` checks every
played round. The comparison is the pairings checker's (:func:`xltb.check.pairings.played_round`):
the same games with the same colours, the same pairing-allocated bye. Every host's Status cell is this
function (xlwings Lite, the classic add-in, the LibreOffice extension, ``xltb recalc``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..messages import Message
from ..model import Kind
from ..pairing.result import RoundPairing
from ..sheets.crosstable import Origin
from ..sheets.names import TeamSheets
from ..sheets.progress import round_state
from .core import Event, tb_status as status_of
from .pairings import round_pairing

if TYPE_CHECKING:
    from ..check.pairings import PlayedRound

def tb_status(crosstable: Any, settings: Any = None, origin: Origin = Origin(),
              teams: TeamSheets | None = None) -> str:
    """``TB_STATUS``: :func:`xltb.functions.core.tb_status`, with :func:`round_check`'s note (a team event's:
    :func:`team_round_check` of the Matches block, ``crosstable`` there)."""
    def note(event: Event) -> str:
        if not event.event.is_team:
            return round_check(event)
        matches = Origin("Matches") if origin == Origin() else origin  # as the team reader names the block
        return "" if teams is None else team_round_check(event, crosstable, matches, teams)

    return status_of(crosstable, settings, origin, teams, note=note)


def round_check(event: Event) -> str:
    """The note on the round being entered (paired, results not all in) when it differs from the system's
    pairing; "" when it is the same, when no round is being entered, or when the system cannot pair it (the
    Pairings sheet says why)."""
    tournament = event.event
    if tournament.is_team:
        return ""
    state = round_state(tournament)
    if not state.pending:
        return ""
    n = state.pending[0]
    system = round_pairing(event)  # what TB_PAIRINGS shows for the same cells: the round paired again
    if not isinstance(system, RoundPairing) or system.round != n:
        return ""
    from ..check.pairings import played_round  # noqa: PLC0415 - the checker: only when a round is entered

    found = first_difference(played_round(tournament, n), system)
    return "" if found is None else str(found)


def team_round_check(event: Event, matches: Any, origin: Origin, teams: TeamSheets) -> str:
    """:func:`round_check` for a team event: the round being entered (a match of it paired, not played) in the
    Matches block against what the team Swiss (C.04.6) pairs from the rounds before it, which ``TB_PAIRINGS``
    shows for the same cells, naming the first match that differs (the same two teams, the same colour on
    board 1: team A has the first colour of ``BoardColours``) or the pairing-allocated bye."""
    from ..sheets.team_cells import entered_matches, read_match_lines, read_teams  # noqa: PLC0415 - team books only

    team = event.event
    assert team.is_team  # a team workbook's event
    by_no = {t.no: t for t in read_teams(teams.rows, teams.origin)}
    pending = read_match_lines(matches, by_no, origin)[1]
    if not pending:
        return ""
    n = pending[0]
    system = round_pairing(event)  # what TB_PAIRINGS shows for the same cells: the round paired again
    if not isinstance(system, RoundPairing) or system.round != n:
        return ""
    from ..check.pairings import PlayedRound  # noqa: PLC0415 - the checker's record: only when a round is entered

    black_first = (team.board_colours or "W")[:1].upper() == "B"
    lines = entered_matches(matches, by_no, origin, n)
    games = frozenset((m.b, m.a) if black_first else (m.a, m.b) for m in lines if m.b is not None)
    entered = PlayedRound(games, frozenset(m.a for m in lines if m.bye == "PAB"))
    found = first_difference(entered, system, team=True)
    return "" if found is None else str(found)


def first_difference(entered: PlayedRound, system: RoundPairing, team: bool = False) -> Message | None:
    """The first board of the system's pairing that the round entered does not have (the same two players
    with the same colours), with what the crosstable has for its White; else the pairing-allocated bye when
    it differs; None when the round entered is the system's. ``team``: a team event's round, its matches
    (the colour of board 1) in the Matches sheet."""
    games = entered.games
    for b in system.boards:
        if (b.white, b.black) in games:
            continue
        return Message("pair.status_match" if team else "pair.status_board", round=system.round,
                       system=system.system.value, board=b.number, white=b.white, black=b.black,
                       entered=_entered(entered, b.white, team))
    pab = tuple(str(y.start_no) for y in system.byes if y.kind is Kind.PAB)
    given = tuple(str(n) for n in sorted(entered.pab))
    if set(pab) != set(given):
        return Message("pair.status_pab", round=system.round, system=system.system.value,
                       entered=given or "-", paired=pab or "-")
    return None


def _entered(entered: PlayedRound, no: int, team: bool = False) -> Message:
    """What the crosstable (``team``: the Matches sheet) has for ``no`` in the round: a game (a match), the
    pairing-allocated bye, or nothing."""
    for white, black in sorted(entered.games):
        if no in (white, black):
            return Message("pair.status_game", white=white, black=black)
    if no in entered.pab:
        return Message("pair.status_entered_pab", no=no)
    return Message("pair.status_no_match" if team else "pair.status_no_game", no=no)


__all__ = ["first_difference", "round_check", "tb_status", "team_round_check"]
