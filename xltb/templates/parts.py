"""The sheets every template shares: Instructions and Standings, their styles and page setup.

The Standings sheet is built for hosts that pass values (xlwings Lite and Server, and Excel's own
recalculation of any add-in): one formula, ``=TB_STANDINGS(Crosstable,Settings)`` (team events
``=TB_STANDINGS(Matches,Settings,Teams)``), computes the whole table and spills it to the event's
size (a dynamic array; never cut), so an edit costs one transfer of the crosstable. The block on the
left lists the participants in pairing order and reads each value from that table with Excel's
own ``INDEX``/``MATCH``. The sheet is protected (no password): formulas cannot be typed over.
Every formula cell carries its computed value (:mod:`xltb.templates.cached`).
"""

from __future__ import annotations

from typing import Any

from ..cells import header_text, put_text
from ..hosts.book import VIEW_TIEBREAKS
from ..sheets.crosstable import NOTATION_HELP
from ..tiebreaks.display import LIVE_FORMAT, live_format

_HEAD_FILL = "DDEBF7"
_BAND_FILL = "F2F2F2"


def styles():
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    thin = Side(style="thin", color="A6A6A6")
    return {
        "head_font": Font(bold=True),
        "head_fill": PatternFill("solid", fgColor=_HEAD_FILL),
        "title_font": Font(bold=True, size=14),
        "border": Border(left=thin, right=thin, top=thin, bottom=thin),
        "center": Alignment(horizontal="center", vertical="center"),
        "wrap": Alignment(wrap_text=True, vertical="top"),
        "top": Alignment(vertical="top"),
    }


def number_format(code: str) -> str:
    """Display format of a tie-break column (:func:`xltb.tiebreaks.display.live_format`)."""
    return live_format(code)






def print_setup(ws, values: dict[str, Any], *, landscape: bool) -> None:
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = False
    name = values.get("EventName")
    if name:  # the event, as the file named it when the workbook was written
        ws.oddHeader.left.text = header_text(str(name))
    ws.oddHeader.center.text = "&A"
    ws.oddFooter.center.text = "Page &P"  # of this sheet (LibreOffice counts &N over the whole document)
    ws.oddFooter.right.text = "xltb (FIDE C.07)"




def _col(index: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(index)


def instructions(ws, kind: str, st, blocks: str, *, calc: bool = False) -> None:
    """The Instructions sheet; ``blocks`` is the formulas' range arguments (``Crosstable,Settings``);
    ``calc``: the workbook is written for LibreOffice Calc (:mod:`xltb.templates.ods`)."""
    ws.title = "Instructions"
    ws.column_dimensions["A"].width = 110
    what = {"individual": "an individual Swiss tournament", "roundrobin": "an individual round robin",
            "team": "a team tournament"}[kind]
    semi = blocks.replace(",", ";")
    if kind == "team":
        from ..sheets.teams import RESULT_HELP

        steps = [
            "1. Settings: the start date (it chooses the edition of C.07), the tie-break list (Tiebreaks, e.g. "
            "EDE,EMGSB/C1,BH:MP/C1,MPvGP), game points (PointsWin...), match points (MatchWin...), the primary score "
            "(MP or GP), the points of a team's pairing-allocated bye, the team size (Boards) and the board colours "
            "of team A (WB: white on boards 1, 3, ...).",
            "2. Teams: one row per team: number, name, short name, rating (for rating-based tie-breaks), then the "
            "players' names in board order (roster positions 1, 2, 3, ...). Spare rows are inside the name 'Teams'; "
            "blank rows are ignored.",
            "3. Matches: one line per board: round, board, team A, team B, the roster positions of the two players "
            "(Player A, Player B; blank = empty board) and the result from team A's side: " + RESULT_HELP + ". "
            "A match with no result yet is left out; enter a match's results together. The names on the right "
            "are looked up by ordinary formulas.",
        ]
        example, code = "TB_EDE", "EDE"
    else:
        steps = [
            "1. Settings: fill in the event's start date (it chooses the edition of C.07), the tie-break list "
            "(Tiebreaks, e.g. BH/C1,BH,SB,DE,WIN), the scoring, and the rating for unrated players if you use "
            "rating-based tie-breaks.",
            "2. Crosstable: one row per participant (pairing number, name, rating, ...; sex w/m and birth date for "
            "prize categories); one cell per round. Result cells are text. Notation: " + NOTATION_HELP + ".",
            "   Rounds not played yet stay empty in every row. Add participants in the spare rows and rounds in the "
            "spare round columns (inside the name 'Crosstable'); blank rows are ignored.",
            "3. Prizes: the prize table on the left (Prize, Category, Amount in the regulations' order: Open, or "
            "conditions joined by & such as Rating<1900, Women, U18; Amount blank for a trophy) and the sharing "
            "(none, equal, hort); the list on the right is one formula, "
            + ("=TB_PRIZES(PrizeTable;PrizeSharing;" + semi if calc else "=TB_PRIZES(PrizeTable,PrizeSharing," + blocks)
            + "): who wins which prize, the money paid and why (xltb's docs/prizes.md).",
        ]
        example, code = "TB_SB_C1", "BH/C1"
    lines = [(f"xltb: FIDE C.07 tie-breaks for {what}", st["title_font"]), ("", None)] + [(s, None) for s in steps]
    n = sum(1 for s in steps if s[:1].isdigit()) + 1  # the next step's number (a continuation line has none)
    lines += [
        (f"{n}. Standings: the table on the right is one formula, =TB_STANDINGS({blocks}), in rank order; it spills "
         f"to the event's size. The block on the left lists the {'teams' if kind == 'team' else 'participants'} "
         "in pairing order and reads each value "
         "from that table (INDEX/MATCH). The sheet is protected so that no formula is typed over (Review > "
         "Unprotect Sheet, no password).", None),
        (f"{n + 1}. Your own cells: ={example}(A2,{blocks}), =TB(\"KS/L-1\",A2,{blocks}) for any code, "
         f"=TB_RANK(A2,{blocks}), =TB_EXPLAIN(A2,\"{code}\",{blocks}) for the breakdown, "
         f"=TB_CHECK(A2,F2,\"{code}\",{blocks}) for a published figure. Where Excel separates arguments with ';' "
         f"(your regional settings): ={example}(A2;{semi}).", None),
        ("   A wrong cell gives #VALUE! (an unknown number #N/A); =TB_EXPLAIN(...) names the cell and the problem.",
         None),
        ("", None),
        ("The values you see were computed by xltb when this file was written, so any viewer shows them. They stay "
         "live wherever xltb's functions run:", None),
        ("   Excel on Windows, Mac or the web, nothing else to install: the xlwings Lite add-in (Home > Add-ins, "
         "search 'xlwings Lite'); paste the main.py that 'xltb lite -o FOLDER' writes into its main.py tab "
         "(it carries xltb: nothing to add to requirements.txt; README, section Excel).", None),
        ("   Windows Excel with a local Python: the classic xlwings add-in (README, section Excel).", None),
        ("   Anywhere else: xltb recalc THIS.xlsx -o OUT.xlsx writes every value again.", None),
    ]
    if calc:
        lines = lines[:len(steps) + 2] + _calc_lines(n, kind, example, code, semi)
    if calc:  # the page's width (A4 portrait); Calc sets each wrapped row's height itself
        ws.column_dimensions["A"].width = 72
    for i, (text, font) in enumerate(lines, start=1):
        cell = ws.cell(row=i, column=1, value=text)
        cell.alignment = st["wrap"]
        if font is not None:
            cell.font = font
        elif len(text) > 110 and not calc:  # wrapped lines: a height for them (LibreOffice keeps the stored height)
            ws.row_dimensions[i].height = 15 * (len(text) // 100 + 1)
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _calc_lines(n: int, kind: str, example: str, code: str, semi: str) -> list[tuple[str, Any]]:
    """The Instructions' last lines in a LibreOffice workbook: ';' between arguments, a matrix formula,
    the extension."""
    who = "teams" if kind == "team" else "participants"
    return [
        (f"{n}. Standings: the table on the right is one matrix formula, =TB_STANDINGS({semi}), in rank order, over "
         f"the room kept for it (every row of the {'Teams' if kind == 'team' else 'Crosstable'} block, spare rows "
         "included, and at least 15 columns; cells it does not fill are blank). A longer tie-break list than the "
         "room shows only its first columns: unprotect the sheet, select the table and a larger area, and enter "
         f"the formula again with Ctrl+Shift+Enter. The block on the left lists the {who} in pairing order and "
         "reads each value from that table (INDEX/MATCH). The sheet is protected so that no formula is typed over "
         "(Tools > Protect Sheet, no password).", None),
        (f"{n + 1}. Your own cells: ={example}(A2;{semi}), =TB(\"KS/L-1\";A2;{semi}) for any code, "
         f"=TB_RANK(A2;{semi}), =TB_EXPLAIN(A2;\"{code}\";{semi}) for the breakdown, "
         f"=TB_CHECK(A2;F2;\"{code}\";{semi}) for a published figure.", None),
        ("   A wrong cell gives #VALUE! (an unknown number #N/A); =TB_EXPLAIN(...) names the cell and the problem.",
         None),
        ("", None),
        ("The values you see were computed by xltb when this file was written. The formulas call xltb's LibreOffice "
         "extension: install it once with 'xltb libreoffice --install' (or 'xltb libreoffice -o xltb.oxt' and Tools > "
         "Extension Manager > Add), restart LibreOffice, and the values follow every result you enter. Without the "
         "extension LibreOffice shows #NAME? in the function cells (README, section LibreOffice Calc).", None),
    ]


def standings_sheet(wb, source: list[list[Any]], codes: list[str], table: list[list[Any]], st, blocks: str,
                    *, team: bool = False, event_name: str | None = None) -> tuple[dict[str, Any], str]:
    """The Standings sheet. ``source`` is the rows of the Crosstable (team events: Teams) block, header
    first, spare rows included; ``table`` what ``TB_STANDINGS`` gives for the workbook. Returns
    (cell -> value of every formula cell, the spilling formula's cell)."""
    from openpyxl.worksheet.formula import ArrayFormula

    ws = wb.create_sheet("Standings")
    sheet = "Teams" if team else "Crosstable"
    heads = ["No", "Team", "Rank", "MP", "GP"] if team else ["No", "Name", "Rating", "Rank", "Pts"]
    start = len(heads) + len(codes) + 2  # the spilled table, after one blank column
    # column of the table each per-row column reads (team: MP and GP are the table's 4th and 5th)
    reads = {"Rank": 0, "Pts": 4, "MP": 3, "GP": 4}
    no_col = _col(start + 1)
    values: dict[str, Any] = {}
    by_no = {row[1]: row for row in table[1:] if len(row) > 1}
    for c, head in enumerate(heads + codes, start=1):
        cell = ws.cell(row=1, column=c)
        if c > len(heads):  # the tie-break's name, from the table's header: it follows the Settings list
            k = 5 + c - len(heads) - 1
            cell.value = f"={_col(start + k)}1"
            values[cell.coordinate] = table[0][k] if k < len(table[0]) else 0
        else:
            cell.value = head
        cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
    for r in range(2, len(source) + 1):
        src = source[r - 1]
        number = src[0] if src and src[0] not in (None, "") else 0
        direct = {"No": "A", "Name": "B", "Rating": "D", "Team": "B"}
        for c, head in enumerate(heads + codes, start=1):
            cell = ws.cell(row=r, column=c)
            if head in direct and c <= len(heads):
                col = direct[head]
                cell.value = f"={sheet}!{col}{r}"
                v = src[ord(col) - 65] if len(src) > ord(col) - 65 else None
                values[cell.coordinate] = 0 if v in (None, "") else v
            else:
                k = reads[head] if c <= len(heads) else 5 + c - len(heads) - 1
                col = _col(start + k)
                cell.value = f'=IF($A{r}=0,"",INDEX(${col}:${col},MATCH($A{r},${no_col}:${no_col},0)))'
                found = by_no.get(number)
                values[cell.coordinate] = "" if number == 0 else (
                    (found[k] if k < len(found) else "") if found is not None else "#N/A")
            cell.border = st["border"]
            if c <= 3:
                cell.number_format = "0;-0;;@"  # a spare row shows nothing, not 0
            elif c == 5 or team and c == 4:
                cell.number_format = LIVE_FORMAT
            elif c > 5:
                cell.number_format = number_format(codes[c - 6])
    # the sorted table: one formula that spills (cached: the table as it is now)
    height, width = len(table), max(len(r) for r in table)
    anchor = f"{_col(start)}1"
    formula = f"=TB_STANDINGS({blocks})"
    ws[anchor] = ArrayFormula(f"{anchor}:{_col(start + width - 1)}{height}", formula)
    values[anchor] = table[0][0]
    room_rows, room_cols = max(height, len(source)), max(width, 5 + VIEW_TIEBREAKS, 5 + len(codes))
    # the block a host without dynamic arrays (LibreOffice: xltb.templates.ods) gives the table: the room kept
    # for it here, the size the Calc add-in pads the table to (xltb.hosts.libreoffice.dispatch.pad)
    wb.xltb_matrix = {"Standings": (anchor, room_rows, room_cols)}
    for r in range(1, room_rows + 1):
        for k in range(room_cols):
            cell = ws.cell(row=r, column=start + k)
            inside = r <= height and k < len(table[r - 1])
            if inside and (r, k) != (1, 0):
                put_text(cell, table[r - 1][k])  # names from the file stay text, never formulas
            if inside:
                cell.border = st["border"]
            if r == 1:
                cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
            else:
                head = table[0][k] if k < len(table[0]) else None
                cell.number_format = ("0" if k in (0, 1) else "@" if k == 2 else LIVE_FORMAT if team and k == 3
                                      else "0;-0;;@" if k == 3 else LIVE_FORMAT if k == 4 else
                                      number_format(head) if head else LIVE_FORMAT)
    widths = ([6, 28, 6, 6, 6] if team else [6, 28, 8, 6, 6]) + [9] * len(codes)
    for i, w in enumerate(widths):
        ws.column_dimensions[_col(1 + i)].width = w
    table_widths = [6, 6, 28, 6, 6] if team else [6, 6, 28, 8, 6]  # Rank, No, Name/Team, Rating/MP, Pts/GP
    for i, w in enumerate(table_widths + [9] * (room_cols - 5)):
        ws.column_dimensions[_col(start + i)].width = w
    ws.column_dimensions[_col(start - 1)].width = 3
    ws.protection.sheet = True  # formulas locked (no password); columns and rows may still be formatted
    ws.protection.formatColumns = ws.protection.formatRows = ws.protection.formatCells = False
    ws.protection.sort = ws.protection.autoFilter = False
    ws.freeze_panes = "C2"
    print_setup(ws, {"EventName": event_name}, landscape=True)
    ws.print_title_rows = "1:1"
    # what is printed: the sorted table (the standings in rank order), its columns for the list as written
    ws.print_area = f"{_col(start)}1:{_col(start + max(width, 5 + len(codes)) - 1)}{room_rows}"
    return values, anchor
