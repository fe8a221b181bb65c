"""The sheets every template shares: Instructions and Standings, their styles and page setup.

The Standings sheet is built for hosts that pass values (xlwings Lite and Server, and Excel's own
recalculation of any add-in): one formula, ``=TB_STANDINGS(Crosstable,Settings)`` (team events
``=TB_STANDINGS(Matches,Settings,Teams)``), computes the whole table and spills it to the event's
size (a dynamic array; never cut), so an edit costs one transfer of the crosstable. The block on the
left lists the participants in pairing order and reads each value from that table with Excel's
own ``INDEX``/``MATCH``. Above them, ``=TB_VERSION()`` says whether the functions are connected and
``=TB_STATUS(...)`` names the first mistake of the crosstable or settings. The sheet is protected (no
password): formulas cannot be typed over, but the three cells that call xltb are unlocked (xlwings Lite's
set-up script enters them again). Every formula cell carries its computed value
(:mod:`xltb.templates.cached`).
"""

from __future__ import annotations

from typing import Any

from ..cells import ExcelError, header_text, put_text
from ..functions import core
from ..hosts.book import VIEW_TIEBREAKS
from ..sheets.crosstable import NOTATION_HELP, Origin
from ..tiebreaks.display import LIVE_FORMAT, live_format

_HEAD_FILL = "DDEBF7"
_BAND_FILL = "F2F2F2"


#: the named openpyxl styles a template's cells take (openpyxl has no types: its objects are `Any`)
Styles = dict[str, Any]


def styles() -> Styles:
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






def print_setup(ws: Any, values: dict[str, Any], *, landscape: bool) -> None:
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = False
    name = values.get("EventName")
    if name:  # the event, as the file named it when the workbook was written
        ws.oddHeader.left.text = header_text(str(name))
    ws.oddHeader.right.text = "&A"  # the sheet: right, so that a long event name (left, up to 80 characters)
    # never runs into it on a portrait page, as it did in the centre
    ws.oddFooter.center.text = "Page &P"  # of this sheet (LibreOffice counts &N over the whole document)
    ws.oddFooter.right.text = "xltb (FIDE C.07)"




def _col(index: int) -> str:
    from openpyxl.utils import get_column_letter

    letters: str = get_column_letter(index)
    return letters


def instructions(ws: Any, kind: str, st: Styles, blocks: str, *, calc: bool = False) -> None:
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
            "A match whose boards have no result yet is paired, not played: the standings count the rounds "
            "complete before it; enter a match's results together. The names on the right are looked up by "
            "ordinary formulas.",
            "   Pairing (Settings, FIDE C.04.6, the Swiss team system): PairingSystem (FIDE team), PairingEdition, "
            "Rounds (the rounds planned), FirstColour (board 1 of the first team in round 1; blank: by lot with "
            "Lots), PrimaryScore (MP or GP), the PAB's points (PABMatchPoints, PABGamePoints; blank: a drawn "
            "match's). The Pairings sheet shows the next round's matches (=TB_PAIRINGS(" + (semi if calc else blocks)
            + ")); Pair "
            "next round (xltb pair WORKBOOK -o OUT.xlsx) writes them into Matches below the last line: one line a "
            "board with the players in roster order and Result blank (change a line-up where it differs), the "
            "PAB as a line with Team B blank.",
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
            "   Pairing (Settings, FIDE C.04): PairingSystem (Dutch; Burstein, Dubov, Lim; Berger for round robins), PairingEdition, Rounds "
            "(the rounds planned: the last round has its own rules), FirstColour (blank: by lot), Acceleration "
            "(Baku, with AcceleratedRounds and GroupA), Maxi (Lim: Yes for a Maxi-tournament), PointsPAB, Withdrawn "
            "(12, 15:7). A requested bye is written "
            "before the round is paired, in that round's column: =BYE (half point), ZPB (zero), FPB. A late entry is "
            "a new row: the rounds missed stay empty or get the bye the regulations give. A round paired but not "
            "played holds W9 / B5 (no result yet): the standings count the rounds complete before it, and Status "
            "names a round half filled.",
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
        (f"{n}. Standings: row 1 (xltb) shows xltb's version when its functions are connected, #NAME? when they "
         "are not. Row 2 (Status) shows ok, or the first mistake of the crosstable or the settings: the error "
         "value, the cell and the reason. The table on the right is one formula, "
         f"=TB_STANDINGS({blocks}), in rank order; it spills to the event's size. The block on the left lists the "
         f"{'teams' if kind == 'team' else 'participants'} in pairing order and reads each value from that table "
         "(INDEX/MATCH). The sheet is protected so that no formula is typed over (Review > Unprotect Sheet, no "
         "password); the three cells that call xltb (xltb, Status, the table's first cell) are not locked.", None),
        (f"{n + 1}. Your own cells: ={example}(A2,{blocks}), =TB(\"KS/L-1\",A2,{blocks}) for any code, "
         f"=TB_RANK(A2,{blocks}), =TB_EXPLAIN(A2,\"{code}\",{blocks}) for the breakdown, "
         f"=TB_CHECK(A2,F2,\"{code}\",{blocks}) for a published figure. Where Excel separates arguments with ';' "
         f"(your regional settings): ={example}(A2;{semi}).", None),
        *_error_lines(calc=False, team=kind == "team"),
        ("", None),
        ("The values you see were computed by xltb when this file was written, so any viewer shows them. They stay "
         "live wherever xltb's functions run:", None),
        ("   Excel on Windows, Mac or the web, nothing else to install: the xlwings Lite add-in (Home > Add-ins, "
         "search 'xlwings Lite'); paste the main.py that 'xltb lite -o FOLDER' writes into its main.py tab "
         "(it carries xltb: nothing to add to requirements.txt), then run its script 'Set up xltb in this "
         "workbook' once: Excel shows #NAME? in a formula that was in the file before the add-in until it is "
         "entered again, and the script enters every xltb formula again. Row 1 then shows the version "
         "(README, section Excel).", None),
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


def _error_lines(*, calc: bool, team: bool) -> list[tuple[str, Any]]:
    """What each error value means in a template, truthfully (tests/test_status.py makes each one)."""
    name = "Err:502" if calc else "#NAME?"
    mistakes = ("a result that is not one of the Matches sheet's, a team or roster position the Teams sheet does not "
                "have, a team number used twice, a match written twice" if team else
                "a one-sided result such as +W4 against =B1, an opponent's number with no row, a pairing number used "
                "twice, a cell that is not a result")
    return [
        ("   What the error values mean. #NAME? in the xltb cell (row 1) and every xltb cell: the functions are not "
         f"connected{' (the extension is not installed)' if calc else ''}; {name} in one cell: =TB(\"code\",...) "
         f"names a tie-break xltb does not know; {name} in every cell, with Status naming Settings Tiebreaks: the "
         "Settings list names one.", None),
        (f"   #VALUE!: a cell of the {'Teams or Matches sheet' if team else 'crosstable'} or of the settings cannot be "
         f"read ({mistakes}); Status names the first such cell and why. The table then shows its header and that reason, and every row "
         "of the block on the left shows #N/A (no value for anyone until the mistake is corrected).", None),
        ("   #N/A in one of your own cells: the pairing number it is given is not in the crosstable. #NUM!: the "
         "tie-break cannot be computed (a rating-based one with unrated players and no UnratedRating; Status says "
         "which). An empty "
         "tie-break cell: the rules leave the value undefined (DE where Art. 6 did not separate the tied). "
         "=TB_EXPLAIN(...) names the cell and the problem.", None),
    ]


def _calc_lines(n: int, kind: str, example: str, code: str, semi: str) -> list[tuple[str, Any]]:
    """The Instructions' last lines in a LibreOffice workbook: ';' between arguments, a matrix formula,
    the extension."""
    who = "teams" if kind == "team" else "participants"
    return [
        (f"{n}. Standings: row 1 (xltb) shows xltb's version when the extension is installed, #NAME? when it is "
         "not. Row 2 (Status) shows ok, or the first mistake of the crosstable or the settings: the error value, "
         "the cell and the reason.", None),
        (f"   The table on the right is one matrix formula, =TB_STANDINGS({semi}), in rank order, over "
         f"the room kept for it (every row of the {'Teams' if kind == 'team' else 'Crosstable'} block, spare rows "
         "included, and at least 15 columns; cells it does not fill are blank). A longer tie-break list than the "
         "room shows only its first columns: unprotect the sheet, select the table and a larger area, and enter "
         f"the formula again with Ctrl+Shift+Enter. The block on the left lists the {who} in pairing order and "
         "reads each value from that table (INDEX/MATCH). The sheet is protected so that no formula is typed over "
         "(Tools > Protect Sheet, no password).", None),
        (f"{n + 1}. Your own cells: ={example}(A2;{semi}), =TB(\"KS/L-1\";A2;{semi}) for any code, "
         f"=TB_RANK(A2;{semi}), =TB_EXPLAIN(A2;\"{code}\";{semi}) for the breakdown, "
         f"=TB_CHECK(A2;F2;\"{code}\";{semi}) for a published figure.", None),
        *_error_lines(calc=True, team=kind == "team"),
        ("", None),
        ("The values you see were computed by xltb when this file was written. The formulas call xltb's LibreOffice "
         "extension: install it once with 'xltb libreoffice --install' (or 'xltb libreoffice -o xltb.oxt' and Tools > "
         "Extension Manager > Add), restart LibreOffice, and the values follow every result you enter. Without the "
         "extension LibreOffice shows #NAME? in the function cells (README, section LibreOffice Calc).", None),
    ]


#: the Standings sheet: rows 1 and 2 say whether the functions are connected (xltb) and what is wrong (Status);
#: the header row of both blocks is row 3, the participants follow
VERSION_ROW, STATUS_ROW, HEAD_ROW = 1, 2, 3


def standings_sheet(wb: Any, source: list[list[Any]], codes: list[str], table: list[list[Any]], st: Styles, blocks: str,
                    *, team: bool = False, event_name: str | None = None, status: str = "ok",
                    calc: bool = False) -> tuple[dict[str, Any], str]:
    """The Standings sheet. ``source`` is the rows of the Crosstable (team events: Teams) block, header
    first, spare rows included; ``table`` what ``TB_STANDINGS`` gives for the workbook, ``status`` what
    ``TB_STATUS`` gives. Returns (cell -> value of every formula cell, the spilling formula's cell).

    Row 1: ``xltb`` and ``=TB_VERSION()`` (the version when the functions are connected, ``#NAME?`` when
    not). Its cached value in an Excel workbook is ``#NAME?``, the one cached value that is not what xltb
    computes: Excel shows a cell's cached value until it computes the cell, and no Excel has xltb's
    functions bound when it first opens the file (xlwings Lite binds them when its set-up script enters
    the formulas again; the classic add-in's volatile wrapper computes it at the first calculation), so
    the cell says "not connected" until they are. A LibreOffice workbook (``calc``) caches the version:
    Calc drops the cached value of a function it does not know, so it shows ``#NAME?`` without the
    extension and the version with it. Row 2: ``Status`` and ``=TB_STATUS(blocks)`` (``ok``, or the first mistake with its cell and
    reason); both in red when they are not what they should be. Row 3 on: the participants in pairing
    order (left) and the table (right). The sheet is protected (no password); the three cells that call
    xltb's functions are unlocked, so that xlwings Lite's set-up script can enter them again without
    unprotecting the sheet (:mod:`xltb.hosts.lite_setup`)."""
    from openpyxl.styles import Protection
    from openpyxl.worksheet.formula import ArrayFormula

    ws = wb.create_sheet("Standings")
    unlocked = Protection(locked=False)
    sheet = "Teams" if team else "Crosstable"
    heads = ["No", "Team", "Rank", "MP", "GP"] if team else ["No", "Name", "Rating", "Rank", "Pts"]
    start = len(heads) + len(codes) + 2  # the spilled table, after one blank column
    values: dict[str, Any] = {}
    _status_rows(ws, st, values, blocks, status, calc)
    for c, head in enumerate(heads + codes, start=1):
        cell = ws.cell(row=HEAD_ROW, column=c)
        if c > len(heads):  # the tie-break's name, from the table's header: it follows the Settings list
            k = 5 + c - len(heads) - 1
            cell.value = f"={_col(start + k)}{HEAD_ROW}"
            values[cell.coordinate] = table[0][k] if k < len(table[0]) else 0
        else:
            cell.value = head
        cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
    by_no = {row[1]: row for row in table[1:] if len(row) > 1}
    shift = HEAD_ROW - 1  # Standings row r shows the source's row r - shift
    for i in range(1, len(source)):
        _participant_row(ws, st, values, source[i], i, i + 1 + shift, heads, codes, sheet, start, by_no, team)
    # the sorted table: one formula that spills (cached: the table as it is now)
    height, width = len(table), max(len(r) for r in table)
    anchor = f"{_col(start)}{HEAD_ROW}"
    formula = f"=TB_STANDINGS({blocks})"
    ws[anchor] = ArrayFormula(f"{anchor}:{_col(start + width - 1)}{HEAD_ROW + height - 1}", formula)
    ws[anchor].protection = unlocked  # entered again by xlwings Lite's set-up script; its spill stays locked
    values[anchor] = table[0][0]
    room_rows, room_cols = max(height, len(source)), max(width, 5 + VIEW_TIEBREAKS, 5 + len(codes))
    # the block a host without dynamic arrays (LibreOffice: xltb.templates.ods) gives the table: the room kept
    # for it here, the size the Calc add-in pads the table to (xltb.hosts.libreoffice.dispatch.pad)
    wb.xltb_matrix = {"Standings": (anchor, room_rows, room_cols)}
    _table_cells(ws, st, table, start, room_rows, room_cols, team)
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
    ws.freeze_panes = f"C{HEAD_ROW + 1}"
    print_setup(ws, {"EventName": event_name}, landscape=True)
    ws.print_title_rows = f"{HEAD_ROW}:{HEAD_ROW}"
    # what is printed: the sorted table (the standings in rank order), its columns for the list as written
    ws.print_area = (f"{_col(start)}{HEAD_ROW}:{_col(start + max(width, 5 + len(codes)) - 1)}"
                     f"{HEAD_ROW + room_rows - 1}")
    return values, anchor


def _status_rows(ws: Any, st: Styles, values: dict[str, Any], blocks: str, status: str, calc: bool) -> None:
    """Rows 1 and 2 of the Standings sheet: ``=TB_VERSION()`` and ``=TB_STATUS(blocks)``, red when the functions
    are not connected (an error) or the status is not ok."""
    from openpyxl.formatting.rule import FormulaRule
    from openpyxl.styles import Font, Protection

    unlocked = Protection(locked=False)
    version = core.tb_version() if calc else core.NAME  # Excel: "not connected" until it computes the cell
    for row, label, formula, value in ((VERSION_ROW, "xltb", "=TB_VERSION()", version),
                                       (STATUS_ROW, "Status", f"=TB_STATUS({blocks})", status)):
        ws.cell(row=row, column=1, value=label).font = st["head_font"]
        cell = ws.cell(row=row, column=2, value=formula)
        cell.protection = unlocked  # entered again by xlwings Lite's set-up script on the protected sheet
        cell.font = st["head_font"]
        values[cell.coordinate] = value
    red = Font(bold=True, color="C00000")
    ws.conditional_formatting.add(f"B{VERSION_ROW}", FormulaRule(formula=[f"ISERROR(B{VERSION_ROW})"], font=red))
    ws.conditional_formatting.add(f"B{STATUS_ROW}", FormulaRule(
        formula=[f'IF(ISERROR(B{STATUS_ROW}),TRUE,LEFT(B{STATUS_ROW},2)<>"ok")'], font=red))


#: the columns of the source block a Standings column shows as they are
_DIRECT = {"No": "A", "Name": "B", "Rating": "D", "Team": "B"}
#: the column of the table each per-row column reads (team: MP and GP are the table's 4th and 5th)
_READS = {"Rank": 0, "Pts": 4, "MP": 3, "GP": 4}


def _participant_row(ws: Any, st: Styles, values: dict[str, Any], src: list[Any], i: int, r: int, heads: list[str],
                     codes: list[str], sheet: str, start: int, by_no: dict[Any, list[Any]], team: bool) -> None:
    """Row ``r`` of the Standings sheet: source row ``i``'s participant, its number, name and rating read from the
    source block, its rank, points and tie-breaks looked up in the table (cached: the table's values)."""
    number = src[0] if src and src[0] not in (None, "") else 0
    no_col = _col(start + 1)
    for c, head in enumerate(heads + codes, start=1):
        cell = ws.cell(row=r, column=c)
        if head in _DIRECT and c <= len(heads):
            col = _DIRECT[head]
            cell.value = f"={sheet}!{col}{i + 1}"
            v = src[ord(col) - 65] if len(src) > ord(col) - 65 else None
            values[cell.coordinate] = 0 if v in (None, "") else v
        else:
            k = _READS[head] if c <= len(heads) else 5 + c - len(heads) - 1
            col = _col(start + k)
            cell.value = f'=IF($A{r}=0,"",INDEX(${col}:${col},MATCH($A{r},${no_col}:${no_col},0)))'
            found = by_no.get(number)
            values[cell.coordinate] = "" if number == 0 else (
                (found[k] if k < len(found) else "") if found is not None else ExcelError("#N/A"))
        cell.border = st["border"]
        if c <= 3:
            cell.number_format = "0;-0;;@"  # a spare row shows nothing, not 0
        elif c == 5 or team and c == 4:
            cell.number_format = LIVE_FORMAT
        elif c > 5:
            cell.number_format = number_format(codes[c - 6])


def _table_cells(ws: Any, st: Styles, table: list[list[Any]], start: int, room_rows: int, room_cols: int,
                 team: bool) -> None:
    """The cells of the sorted table's block (its anchor holds the formula): the values cached, the borders, the
    heading's style and each column's number format, over the room kept for the table."""
    height = len(table)
    for i in range(room_rows):
        for k in range(room_cols):
            cell = ws.cell(row=HEAD_ROW + i, column=start + k)
            inside = i < height and k < len(table[i])
            if inside and (i, k) != (0, 0):
                v = table[i][k]
                if isinstance(v, ExcelError):
                    cell.value = v.code  # openpyxl writes an error code as an error value
                else:
                    put_text(cell, v)  # names from the file stay text, never formulas (nor errors)
            if inside:
                cell.border = st["border"]
            if i == 0:
                cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
            else:
                heading = table[0][k] if k < len(table[0]) else None
                cell.number_format = ("0" if k in (0, 1) else "@" if k == 2 else LIVE_FORMAT if team and k == 3
                                      else "0;-0;;@" if k == 3 else LIVE_FORMAT if k == 4 else
                                      number_format(heading) if heading else LIVE_FORMAT)


def standings_table(crosstable: list[list[Any]], settings: list[list[Any]],
                    teams: list[list[Any]] | None = None) -> list[list[Any]]:
    """``=TB_STANDINGS(...)`` as a template caches it: the table of :func:`xltb.functions.core.tb_standings`
    with its error values as :class:`~xltb.cells.ExcelError` (a name such as "#N/A" stays a text)."""
    from ..functions import core

    sheets = None if teams is None else core.TeamSheets(teams, Origin("Teams"))
    return core.tb_standings(crosstable, settings, Origin(), sheets)
