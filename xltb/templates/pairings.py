"""The templates' **Pairings** and **Pairings by name** sheets: one formula each,
``=TB_PAIRINGS(Crosstable,Settings)`` and ``=TB_PAIRINGS_BY_NAME(Crosstable,Settings)``
(:mod:`xltb.functions.pairings`), that spills the next round's pairings under the title "Round N
pairings" in the Settings row Language: by board, as the arbiter posts it on the wall and hands it to the
players (printed A4 portrait, one page per 50 boards, the title and header on every page, the reasons
column on screen only), and by name (player -> board and colour). The team template's are
``=TB_PAIRINGS(Matches,Settings,Teams)`` and ``=TB_PAIRINGS_BY_NAME(Matches,Settings,Teams)``: the team Swiss's
next round, a line a match (:mod:`xltb.functions.team_pairing`).
"""

from __future__ import annotations

from typing import Any

from ..cells import ExcelError, put_text
from ..errors import XltbError
from ..model import Kind, Tournament
from ..model.plans import RequestedBye
from ..sheets.crosstable import Origin, from_tournament, read_header
from ..sheets.names import TeamSheets
from ..sheets.progress import REQUESTED, requested_byes
from ..functions.pairings import tb_pairings, tb_pairings_by_name
from ..hosts.book import pairing_room
from .parts import print_setup

#: boards on one printed page (the title and header repeat on every page)
BOARDS_PER_PAGE = 50
#: the printed scale (Excel ignores manual page breaks when a sheet is fitted to pages): 50 boards, title and
#: header fit an A4 page in portrait at this scale, the seven printed columns its width
PRINT_SCALE = 85
#: sheet -> (function, column widths, columns printed)
SHEETS: dict[str, tuple[str, tuple[int, ...], int]] = {
    "Pairings": ("TB_PAIRINGS", (7, 6, 28, 6, 6, 28, 6, 90), 7),
    "Pairings by name": ("TB_PAIRINGS_BY_NAME", (28, 6, 7, 22, 28, 6), 6),
}


def pairings_sheets(wb: Any, source: list[list[Any]], settings_block: list[list[Any]], st: dict[str, Any],
                    event_name: str | None, blocks: str, teams: list[list[Any]] | None = None) -> None:
    """Add both sheets to ``wb`` with each formula's cached table, the room a host without dynamic arrays
    gives it (LibreOffice's matrix: a line a participant, title and header) and the print setup. A team
    event: ``source`` the Matches block, ``teams`` the Teams block (a line a team)."""
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.formula import ArrayFormula
    from openpyxl.worksheet.pagebreak import Break

    for title, (function, widths, printed) in SHEETS.items():
        ws = wb.create_sheet(title)
        compute = tb_pairings if function == "TB_PAIRINGS" else tb_pairings_by_name
        if teams is None:
            table = compute(source, settings_block)
        else:
            table = compute(source, settings_block, Origin("Matches"), TeamSheets(teams, Origin("Teams")))
        height, width = len(table), max(len(r) for r in table)
        room_rows, room_cols = pairing_room(table, len(source if teams is None else teams))
        ws["A1"] = ArrayFormula(f"A1:{get_column_letter(width)}{height}", f"={function}({blocks})")
        wb.xltb_cached[title] = {"A1": table[0][0]}
        wb.xltb_dynamic[title] = {"A1"}
        wb.xltb_matrix[title] = ("A1", room_rows, room_cols)
        for r in range(room_rows):
            for c in range(room_cols):
                cell = ws.cell(row=r + 1, column=c + 1)
                inside = r < height and c < len(table[r])
                if inside and (r, c) != (0, 0):
                    value = table[r][c]
                    if isinstance(value, ExcelError):
                        cell.value = value.code  # an error value, as openpyxl writes one
                    else:
                        put_text(cell, value)  # names stay text
                if r == 0:
                    cell.font = st["title_font"]
                elif r == 1:
                    cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
                else:
                    cell.alignment = st["wrap"] if c == room_cols - 1 and function == "TB_PAIRINGS" else st["top"]
                if inside and r > 0:
                    cell.border = st["border"]
        for c, w in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(c)].width = w
        ws.freeze_panes = "A3"
        print_setup(ws, {"EventName": event_name}, landscape=False)
        ws.sheet_properties.pageSetUpPr.fitToPage = False  # Excel ignores manual breaks on a sheet fitted to pages
        ws.page_setup.scale = PRINT_SCALE
        ws.print_title_rows = "1:2"
        ws.print_area = f"A1:{get_column_letter(printed)}{room_rows}"
        if function == "TB_PAIRINGS":  # one page per 50 boards
            for row in range(2 + BOARDS_PER_PAGE, room_rows, BOARDS_PER_PAGE):
                ws.row_breaks.append(Break(id=row))


_BYE_TEXT = {Kind.HALF_BYE: "=BYE", Kind.ZERO_BYE: "ZPB", Kind.FULL_BYE: "FPB"}


def crosstable_rows(event: Tournament) -> tuple[list[list[Any]], list[RequestedBye]]:
    """The Crosstable rows of ``event`` (:func:`~xltb.sheets.crosstable.from_tournament`) with a column for
    every round planned, and the byes asked for rounds not paired yet (TRF 240, a file to pair's own
    ``0000 - H``) written in their rounds' columns as the arbiter writes them (:mod:`xltb.sheets.progress`);
    and those byes."""
    asked = [b for b in event.plans.requested_byes if b.round > event.rounds and b.kind in REQUESTED]
    rows = from_tournament(event, max([event.rounds_planned or 0] + [b.round for b in asked]) or None)
    if asked:
        rounds = read_header(rows[0]).rounds
        line = {p.start_no: i for i, p in enumerate(event.players, start=1)}
        for bye in asked:
            rows[line[bye.start_no]][rounds[bye.round - 1]] = _BYE_TEXT[bye.kind]
    return rows, asked


def cut_requested(copy: Tournament, event: Tournament, asked: list[RequestedBye]) -> Tournament:
    """The event read back from :func:`crosstable_rows`' rows, checked to hold the byes ``asked`` and cut to
    ``event``'s rounds (the rounds of byes asked ahead are plans, not rounds), for the round trip's comparison."""
    written = {(b.start_no, b.round, b.kind) for b in requested_byes(copy, event.rounds)}
    if written != {(b.start_no, b.round, b.kind) for b in asked}:
        raise XltbError("the individual template cannot hold this event exactly: its requested byes")
    n = event.rounds
    return copy._replace(players=tuple(p._replace(results=p.results[:n]) for p in copy.players), rounds=n)


__all__ = ["BOARDS_PER_PAGE", "PRINT_SCALE", "SHEETS", "crosstable_rows", "cut_requested", "pairings_sheets"]
