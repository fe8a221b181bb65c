"""The team Swiss (C.04.6) in the team workbook: the event as it is paired and the Matches lines "Pair next round"
writes. ``TB_PAIRINGS(Matches,Settings,Teams)`` pairs it and lists the matches as it lists a crosstable's boards
(:mod:`xltb.functions.pairings`).

The event is the Teams and Matches sheets' (:mod:`xltb.sheets.teams`), its rounds complete only: a round
whose matches are paired but not played (board lines without results) counts for nothing yet. The round
paired is the one after them (while a round is paired, that round again: what the system pairs, to set
beside what was entered), by the system of the Settings row ``PairingSystem`` (blank: ``fide-team``,
:data:`xltb.pairing.systems.TEAM_LOADERS`), the edition ``PairingEdition``, the rounds planned ``Rounds``
(the last rounds' colour rules), the initial colour ``FirstColour`` (blank: by lot with ``Lots``, else
White), the primary score ``PrimaryScore`` (MP or GP) and the PAB's points (``PABMatchPoints``,
``PABGamePoints``; blank: a drawn match's, C.04.6 1.4.1).

A match is written by "Pair next round" as pending lines of the Matches sheet, one a board: ``Round``,
``Board``, ``Team A`` (the team with the first colour of ``BoardColours`` on board 1), ``Team B``, the players
``Player A`` / ``Player B`` in roster order (board k: roster position k; the arbiter changes a line-up where it
differs) and ``Result`` blank; the PAB is one line, Team B blank, ``PAB``. The lines go below the last line
written, inside the name ``Matches``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..cells import column_letters
from ..model import Kind
from ..pairing.lots import draw_colour
from ..pairing.result import RoundPairing
from ..sheets.crosstable import Origin, cell_text
from ..sheets.names import TeamSheets
from ..sheets.team_cells import match_columns, read_match_lines, read_teams
from ..sheets.teams import BYE_TEXT
from .core import Event
from .edits import CellEdit

if TYPE_CHECKING:
    from ..model.team import TeamTournament

def planned_event(event: Event) -> TeamTournament:
    """The team event as it is paired: the rounds complete, with the Settings' pairing rows (rounds planned and
    first colour: :func:`xltb.sheets.names.build_event`; the byes asked for rounds not played yet:
    :mod:`xltb.sheets.teams`) and the first colour drawn by lot (``Lots``) when ``FirstColour`` is blank."""
    team = event.event
    assert team.is_team  # a team workbook's event
    plans = team.plans
    if plans.first_colour is None and event.settings.lots is not None:  # C.04.6 4.1: the initial colour by lot
        first = draw_colour(event.settings.lots)  # random.Random(seed).choice, as xltb pair --lots
        return team._replace(plans=plans._replace(first_colour=first))
    return team


def first_named(event: TeamTournament, pairing: RoundPairing) -> list[tuple[int, int, int]]:
    """(match, team A, team B) of each board of the pairing: team A has the first colour of the event's
    ``BoardColours`` on board 1 (white unless it starts with B), as the Matches sheet names them."""
    black_first = (event.board_colours or "W")[:1].upper() == "B"
    return [(b.number, b.black, b.white) if black_first else (b.number, b.white, b.black) for b in pairing.boards]


# --------------------------------------------------------------------------- Pair next round
class Refusal(Exception):
    """Why the round is not written (the message names the cell)."""


def pending_round(rows: Sequence[Sequence[Any]], origin: Origin, teams: TeamSheets) -> int | None:
    """The first round of the Matches block with a match paired but not played (None: every round complete)."""
    by_no = {t.no: t for t in read_teams(teams.rows, teams.origin)}
    pending = read_match_lines(rows, by_no, origin)[1]
    return pending[0] if pending else None


def team_edits(rows: Sequence[Sequence[Any]], origin: Origin, teams: TeamSheets, event: Event,
               pairing: RoundPairing) -> tuple[CellEdit, ...]:
    """The Matches sheet's cells that enter ``pairing`` as pending matches (module docstring); :class:`Refusal`
    when the number of boards is unknown or the block has no room."""
    team = event.event
    assert team.is_team  # a team workbook's event
    by_no = {t.no: t for t in read_teams(teams.rows, teams.origin)}
    # the team size: the Settings', else the most boards fielded in the rounds played (not a roster's length:
    # a roster may hold reserves)
    boards = event.settings.boards or (team.boards if team.rounds else None)
    if not boards:
        raise Refusal("Settings Boards: the boards of a match are needed to write the matches (the team size)")
    cols = match_columns(rows[0], origin)
    lines: list[dict[str, Any]] = []
    for _, a, b in first_named(team, pairing):
        for board in range(1, boards + 1):
            pa = board if board <= len(by_no[a].roster) else None
            pb = board if board <= len(by_no[b].roster) else None
            if pa is None and pb is None:
                continue  # neither team has a player for it
            lines.append({"round": pairing.round, "board": board, "a": a, "b": b, "pa": pa, "pb": pb})
    for bye in pairing.byes:
        if bye.kind is Kind.PAB:
            lines.append({"round": pairing.round, "a": bye.start_no, "result": BYE_TEXT[bye.kind]})
    last = max((r for r in range(1, len(rows)) if any(cell_text(v) for v in rows[r])), default=0)
    room = len(rows) - 1 - last
    if room < len(lines):
        raise Refusal(f"the Matches block has room for {room} more lines, round {pairing.round} needs {len(lines)}: "
                      f"insert lines inside the name 'Matches' (above {origin.address(len(rows) - 1, 0)})")
    out = []
    for k, line in enumerate(lines, start=last + 1):
        for field, value in line.items():
            cell = f"{column_letters(origin.column + cols[field])}{origin.row + k}"
            out.append(CellEdit(origin.sheet, cell, value))
    return tuple(sorted(out, key=lambda e: e.place))


__all__ = ["Refusal", "first_named", "pending_round", "planned_event", "team_edits"]
