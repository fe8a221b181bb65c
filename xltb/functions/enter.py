""""Pair next round": the next round's pairings as edits of the crosstable's cells, the same for every
host (``xltb pair WORKBOOK -o OUT``, xlwings Lite's script, the classic macro, the LibreOffice macro): a
host-neutral list of :class:`~xltb.functions.edits.CellEdit` (sheet, cell, the text as its value) that
each host applies its own way.

The pairing is the one ``TB_PAIRINGS`` shows for the same cells (:func:`xltb.functions.pairings.round_pairing`).
Each game is written into the round's column as a pending game in the crosstable's notation (``W9`` in
White's row, ``B5`` in Black's), the PAB as ``+BYE``, a requested bye as the arbiter wrote it (``=BYE``,
``ZPB``, ``FPB``: already there, or written); a player not paired keeps an empty cell. Refused, with the
reason (:class:`Refused`), when a round is paired but not complete (its games without results, named by
cell), when the rounds planned are played, when the crosstable has no column for the round, and when a
cell to write holds anything else: a result is never overwritten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from ..cells import column_letters
from ..errors import InputError
from ..model import Kind
from ..pairing.result import RoundPairing
from ..sheets.crosstable import Origin, cell_text, read_header
from ..sheets.names import TeamSheets
from ..sheets.progress import cell_of, round_state
from .core import ExcelError, event_for
from .edits import CellEdit
from .pairings import round_pairing
from .team_pairing import Refusal, pending_round, team_edits

if TYPE_CHECKING:
    from ..model import Tournament

#: the notation written for each bye of a pairing (xltb.sheets.crosstable)
BYE_CELL = {Kind.PAB: "+BYE", Kind.HALF_BYE: "=BYE", Kind.ZERO_BYE: "ZPB", Kind.FULL_BYE: "FPB"}
#: what a cell may already hold for the same bye (the arbiter's spellings, xltb.sheets.crosstable)
_SAME_BYE = {Kind.PAB: {"+BYE", "PAB"}, Kind.HALF_BYE: {"=BYE", "HPB"}, Kind.ZERO_BYE: {"ZPB", "-BYE"},
             Kind.FULL_BYE: {"FPB"}}


class Entered(NamedTuple):
    """What "Pair next round" writes."""

    pairing: RoundPairing
    """The round's pairing (as ``TB_PAIRINGS`` shows it)."""
    edits: tuple[CellEdit, ...]
    """The cells to write, by row then column."""


class Refused(InputError):
    """The round cannot be entered (the message says why and names the cell)."""


def next_round(crosstable: Sequence[Sequence[Any]], settings: Sequence[Sequence[Any]] | None,
               origin: Origin = Origin(), teams: TeamSheets | None = None) -> Entered:
    """The next round's pairing and the crosstable cells that enter it; :class:`Refused` with the reason. A
    team event (``crosstable`` the Matches block, ``teams`` the Teams block): the Matches sheet's lines
    (:func:`xltb.functions.team_pairing.team_edits`)."""
    event = event_for(crosstable, settings, origin, teams)
    if isinstance(event, ExcelError):
        raise Refused(event.message)
    tournament = event.event
    if tournament.is_team:  # the Matches sheet's lines
        assert teams is not None  # event_for reads a team event from the Teams block only
        first = pending_round(crosstable, origin, teams)
        if first is not None:
            raise Refused(f"round {first} is not complete: its matches have no results yet; enter them before "
                          f"pairing round {first + 1}")
        paired = round_pairing(event)
        if isinstance(paired, (str, ExcelError)):
            raise Refused(paired if isinstance(paired, str) else paired.message)
        try:
            return Entered(paired, team_edits(crosstable, origin, teams, event, paired))
        except Refusal as why:
            raise Refused(str(why)) from None
    state = round_state(tournament)
    if state.pending:
        first = state.pending[0]
        waiting = [w for w in state.waiting if w[1] == first]
        raise Refused(f"round {first} is not complete: {len(waiting)} game{'s' if len(waiting) != 1 else ''} without "
                      f"a result (first {cell_of(crosstable, origin, tournament, *waiting[0])}); enter the results "
                      f"before pairing round {first + 1}")
    pairing = round_pairing(event)
    if isinstance(pairing, str):
        raise Refused(pairing)
    if isinstance(pairing, ExcelError):
        raise Refused(pairing.message)
    return Entered(pairing, _edits(crosstable, origin, tournament, pairing))


def _edits(rows: Sequence[Sequence[Any]], origin: Origin, tournament: Tournament, pairing: RoundPairing
           ) -> tuple[CellEdit, ...]:
    layout = read_header(rows[0], origin)
    n = pairing.round
    if n > len(layout.rounds):
        last = column_letters(origin.column + len(rows[0]))
        raise Refused(f"the crosstable has no column for round {n}: add a column headed R{n} inside the name "
                      f"'Crosstable' (column {last})")
    column = layout.rounds[n - 1]
    wanted: list[tuple[int, str, frozenset[str]]] = []
    for b in pairing.boards:
        wanted.append((b.white, f"W{b.black}", frozenset()))
        wanted.append((b.black, f"B{b.white}", frozenset()))
    for bye in pairing.byes:
        if bye.kind in BYE_CELL:
            wanted.append((bye.start_no, BYE_CELL[bye.kind], frozenset(_SAME_BYE[bye.kind])))
    out = []
    for number, text, same in wanted:
        line = tournament.player(number).line
        r = (line if line is not None else origin.row) - origin.row
        row = rows[r]
        now = cell_text(row[column]).upper() if column < len(row) else ""
        if now in same or now == text:
            continue  # the requested bye, as the arbiter wrote it
        if now:
            raise Refused(f"{origin.address(r, column)} holds {cell_text(row[column])!r}, where round {n} puts "
                          f"{text}: a cell is never overwritten (empty it, or correct the crosstable)")
        out.append(CellEdit(origin.sheet, f"{column_letters(origin.column + column)}{origin.row + r}", text))
    return tuple(sorted(out, key=lambda e: e.place))


__all__ = ["BYE_CELL", "Entered", "Refused", "next_round"]
