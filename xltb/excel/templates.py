"""Template workbooks, generated with openpyxl: ``xltb template individual|roundrobin|team``.

Sheets:

* **Instructions** -- what to fill in, the result notation, the functions, how to install.
* **Settings** -- one named cell per setting (``Tiebreaks``, ``StartDate``, ``Edition``, ...;
  see :mod:`xltb.excel.settings`) and the block ``Settings`` (key, value) the functions read.
* **Crosstable** -- header row + one row per participant; round cells are text (``+W9``,
  ``=B13``, ``-F12``, ``+BYE``, ...) with a data validation that shows the notation. The
  defined name ``Crosstable`` covers the header and every row.
* **Standings** -- per participant (pairing order): rank, name, points and the chosen tie-breaks
  as live formulas (``=TB_RANK(A2)``, ``=TB_BH_C1(A2)``); to the right, the sorted view: the
  array formula ``=TB_STANDINGS()``.
* team events have **Teams** (rosters in board order) and **Matches** (per round and board; see
  :mod:`xltb.excel.teamsheets`) instead of the Crosstable; the Standings list the teams
  (``=TB_EDE($A2)``, ``=TB_EGGSB_C1($A2)``, ...) and the sorted view has their MP and GP.

The same generator fills a template from an event (``--from``), which is how the example
workbooks in ``workbooks/`` are made. Output is deterministic (fixed document properties), so
the committed templates can be compared with the generator.
"""

from __future__ import annotations

import io
import re
from datetime import datetime
from typing import Any

from ..cells import put_text
from .catalogue import formula_for
from .crosstable import HEADER, NOTATION_HELP, from_tournament
from ..errors import XltbError
from .settings import FIELDS, TEAM_FIELDS
from ..model import EventType, Tournament
from ..model.team import TeamTournament
from ..ranking.choices import default_list
from ..readers.registry import INDIVIDUAL_READERS, TEAM_READERS, read_event

KINDS = ("individual", "roundrobin", "team")

#: tie-break columns the sorted view (=TB_STANDINGS() over a fixed range) has room for, at least
VIEW_TIEBREAKS = 10
#: blank template sizes: (participants, rounds)
BLANK_SIZE = {"individual": (150, 11), "roundrobin": (20, 19), "team": (40, 11)}
#: blank team template: roster positions, lines of the Matches sheet; filled ones keep spare lines
BLANK_ROSTER, BLANK_MATCH_LINES, SPARE_MATCH_LINES = 8, 1000, 60

#: what each kind of template is, for its default tie-break list (xltb.ranking.choices)
KIND_EVENT = {"individual": (False, EventType.SWISS), "roundrobin": (False, EventType.ROUND_ROBIN),
              "team": (True, EventType.SWISS)}
EVENT_TYPE_TEXT = {EventType.SWISS: "Swiss", EventType.ROUND_ROBIN: "Round robin",
                   EventType.DOUBLE_ROUND_ROBIN: "Double round robin"}
_FIXED_TIME = datetime(2024, 1, 1)

_HEAD_FILL = "DDEBF7"
_BAND_FILL = "F2F2F2"


def _styles():
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    thin = Side(style="thin", color="A6A6A6")
    return {
        "head_font": Font(bold=True),
        "head_fill": PatternFill("solid", fgColor=_HEAD_FILL),
        "title_font": Font(bold=True, size=14),
        "border": Border(left=thin, right=thin, top=thin, bottom=thin),
        "center": Alignment(horizontal="center", vertical="center"),
        "wrap": Alignment(wrap_text=True, vertical="top"),
    }


def number_format(code: str) -> str:
    """Display format of a tie-break column (as ``xltb standings`` prints it)."""
    from ..report.numbers import decimals

    places = decimals(code)
    return "0" if places == 0 else "0.00" if places == 2 else "0.0##"


def _fields(kind: str) -> dict[str, tuple[Any, str]]:
    """The settings a template shows (team events: game points, match points, boards; a team's
    PAB has its own MP and GP)."""
    if kind != "team":
        return FIELDS
    common = {k: v for k, v in FIELDS.items() if k != "PointsPAB"}
    common["PointsWin"] = (1, "Game points for a won game (board).")
    return {**common, **TEAM_FIELDS}


def _settings_values(kind: str, event: Tournament | None, tiebreaks: str | None, rules: str | None,
                     unrated_rating: int | None) -> dict[str, Any]:
    values = {key: default for key, (default, _) in _fields(kind).items()}
    team, event_type = KIND_EVENT[kind]
    values["Tiebreaks"] = default_list(event_type, team)
    values["EventType"] = {"individual": "Swiss", "roundrobin": "Round robin", "team": "Team Swiss"}[kind]
    if event is not None:
        values["EventName"] = event.name
        if kind == "team":
            text = EVENT_TYPE_TEXT[event.event_type]
            values["EventType"] = "Team " + (text if event.event_type is EventType.SWISS else text.lower())
        else:
            values["EventType"] = EVENT_TYPE_TEXT[event.event_type]
        values["StartDate"] = event.start_date
        if event.tiebreaks:
            listed = [c for c in event.tiebreaks if c.upper() not in ("PTS",)]
            if listed:
                values["Tiebreaks"] = ",".join(listed)
        s = event.scoring
        values["PointsWin"], values["PointsDraw"], values["PointsLoss"] = (_num(s.win), _num(s.draw), _num(s.loss))
        if kind == "team":
            ms = event.match_scoring
            values["MatchWin"], values["MatchDraw"], values["MatchLoss"] = _num(ms.win), _num(ms.draw), _num(ms.loss)
            values["PrimaryScore"] = event.primary
            values["PABMatchPoints"] = None if ms.pab_mp is None else _num(ms.pab_mp)
            values["PABGamePoints"] = None if ms.pab_gp is None else _num(ms.pab_gp)
            values["Boards"] = len(event.board_colours) or None
            values["BoardColours"] = event.board_colours or "WB"
        elif s.pab is not None:
            values["PointsPAB"] = _num(s.pab)
    if tiebreaks:
        values["Tiebreaks"] = tiebreaks
    if rules:
        values["Edition"] = rules
    if unrated_rating is not None:
        values["UnratedRating"] = unrated_rating
    return values


def _num(value):
    return int(value) if value.denominator == 1 else float(value)


def build(kind: str, event: Any = None, *, tiebreaks: str | None = None, rules: str | None = None,
          unrated_rating: int | None = None, macros: bool = False):
    """The template workbook (openpyxl ``Workbook``), blank or filled from ``event``; with
    ``macros`` the ready-to-open .xlsm (see :func:`_macro_workbook`)."""
    from openpyxl import Workbook

    if kind not in KINDS:
        raise ValueError(f"unknown template {kind!r}; choose one of {', '.join(KINDS)}")
    from ..tiebreaks.codes import parse_list

    wb = _macro_workbook() if macros else Workbook()
    wb.properties.creator = "xltb"
    wb.properties.created = wb.properties.modified = _FIXED_TIME
    values = _settings_values(kind, event, tiebreaks, rules, unrated_rating)
    codes = [s.code for s in parse_list(values["Tiebreaks"])]
    st = _styles()
    if kind == "team":
        teams_rows, matches_rows = _team_rows(event, values)
        _instructions(wb.active, kind, st)
        _settings_sheet(wb, values, st, _fields(kind))
        _teams_sheet(wb, teams_rows, values, st)
        _matches_sheet(wb, matches_rows, teams_rows, values, st)
        _standings_sheet(wb, len(teams_rows) - 1, codes, st, team=True)
        return _finish_macros(wb) if macros else wb
    if event is not None:
        rows = _individual_rows(event, values)
    else:
        size, rounds = BLANK_SIZE[kind]
        rows = [HEADER + [f"R{i}" for i in range(1, rounds + 1)]] + [[None] * (len(HEADER) + rounds)
                                                                       for _ in range(size)]
    _instructions(wb.active, kind, st)
    _settings_sheet(wb, values, st, FIELDS)
    _crosstable_sheet(wb, rows, values, st)
    _standings_sheet(wb, len(rows) - 1, codes, st)
    return _finish_macros(wb) if macros else wb


def _individual_rows(event: Tournament, values: dict[str, Any]) -> list[list[Any]]:
    """The Crosstable rows of ``event``. The sheet must hold the event exactly: the rows are read back
    with the template's settings and compared with it (bonus points, scoring the Settings cannot
    express, ...: refused, exit 2, rather than standings that silently differ)."""
    from .crosstable import round_trip_difference, to_tournament
    from .settings import parse_settings

    rows = from_tournament(event)
    settings = parse_settings(values)
    copy = to_tournament(rows, name=settings.name, event_type=settings.event_type, scoring=settings.scoring,
                         start_date=settings.start_date)
    why = round_trip_difference(event, copy)
    if why is not None:
        raise XltbError(f"the individual template cannot hold this event exactly: {why}")
    return rows


# --------------------------------------------------------------------------- the packaged .xlsm
#: the UDF module xlwings imports, set in the workbook's xlwings.conf sheet
UDF_MODULE = "xltb.excel.udfs"


def xlwings_standalone() -> tuple[str, str]:
    """(path, version) of the standalone quickstart workbook of the installed xlwings: an .xlsm
    whose VBA project holds the xlwings module (``xlwings quickstart --standalone`` copies it)."""
    import os

    try:
        import xlwings
    except ImportError:
        raise XltbError("an .xlsm needs xlwings: pip install 'xltb[excel]' (or write an .xlsx)") from None
    path = os.path.join(os.path.dirname(xlwings.__file__), "quickstart_standalone.xlsm")
    if not os.path.exists(path):
        raise XltbError(f"xlwings {xlwings.__version__} has no quickstart_standalone.xlsm; write an .xlsx")
    return path, xlwings.__version__


def _macro_workbook():
    """xlwings' standalone workbook: its VBA project (the xlwings module, ThisWorkbook and two sheet
    modules) is kept as it is; its first sheet becomes Instructions, its configuration sheet
    ``xlwings.conf`` names xltb's UDF module."""
    from openpyxl import load_workbook

    path, version = xlwings_standalone()
    wb = load_workbook(path, keep_vba=True)
    conf = wb["_xlwings.conf"]
    conf.title = "xlwings.conf"  # active: the settings apply to this workbook
    for row in conf.iter_rows(min_row=1, max_row=12, max_col=2):
        key = str(row[0].value or "").strip().lower()
        if key == "udf modules":
            row[1].value = UDF_MODULE
        elif key == "interpreter_win":
            row[1].value = None  # blank: the interpreter of the add-in settings / xlwings.conf file
    conf.sheet_state = "visible"
    wb.xltb_xlwings_version = version
    first = wb.worksheets[0]
    first.delete_rows(1, first.max_row)
    return wb


def _finish_macros(wb):
    """Order the sheets (xlwings.conf last) and say how the macros are used."""
    conf = wb["xlwings.conf"]
    wb.move_sheet(conf, offset=len(wb.worksheets) - 1 - wb.worksheets.index(conf))
    wb.active = 0
    ws = wb.worksheets[0]
    for row in ws.iter_rows(max_col=1):
        if str(row[0].value or "").startswith("Windows Excel:"):  # the add-in route does not apply here
            row[0].value = "Windows Excel: this workbook carries xlwings' VBA module itself (no add-in); see below."
    start = ws.max_row + 2
    lines = [
        f"This .xlsm holds the VBA module of xlwings {wb.xltb_xlwings_version} (standalone: no add-in needed) and "
        f"names the functions' Python module in the sheet xlwings.conf (UDF Modules = {UDF_MODULE}).",
        "Once, on Windows: pip install xltb[excel] into the Python that Excel should use; set Interpreter_Win in "
        "xlwings.conf to that python.exe if it is not the default; open this file and enable macros.",
        "Then import the functions: either Alt+F11, File > Import File..., workbooks/xltb_udfs.bas (no further "
        "setting needed); or tick Trust Center > Macro Settings > Trust access to the VBA project object model "
        "and run the macro ImportPythonUDFs (Alt+F8). Save, then press Ctrl+Alt+F9.",
    ]
    for i, text in enumerate(lines):
        cell = ws.cell(row=start + i, column=1, value=text)
        cell.alignment = _styles()["wrap"]
    return wb


def render(kind: str, event: Any = None, **options) -> bytes:
    """The template as .xlsx bytes (.xlsm with ``macros=True``; deterministic for the same input)."""
    wb = build(kind, event, **options)
    buf = io.BytesIO()
    wb.save(buf)
    return normalise_zip(buf.getvalue())


def normalise_zip(data: bytes) -> bytes:
    """Rewrite the zip with fixed timestamps so that the same workbook gives the same bytes."""
    import zipfile

    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(2024, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = info.external_attr
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the time of saving
                body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-01-01T00:00:00Z", body)
            dst.writestr(fixed, body)
    return out.getvalue()


# --------------------------------------------------------------------------- sheets
def _instructions(ws, kind: str, st) -> None:
    ws.title = "Instructions"
    ws.column_dimensions["A"].width = 110
    what = {"individual": "an individual Swiss tournament", "roundrobin": "an individual round robin",
            "team": "a team tournament"}[kind]
    lines = [
        (f"xltb: FIDE C.07 tie-breaks for {what}", st["title_font"]),
        ("", None),
        ("1. Settings: fill in the event's start date (it chooses the edition of C.07), the tie-break list "
         "(Tiebreaks, e.g. BH/C1,BH,SB,DE,WIN), the scoring, and the rating for unrated players if you use "
         "rating-based tie-breaks.", None),
        ("2. Crosstable: one row per participant (pairing number, name, rating, ...); one cell per round. "
         "Result cells are text. Notation: " + NOTATION_HELP + ".", None),
        ("   Rounds not played yet stay empty in every row. Add participants by filling the spare rows "
         "(they are inside the name 'Crosstable').", None),
        ("3. Standings: every cell is a live formula: =TB_RANK(A2), =TB_PTS(A2), =TB_BH_C1(A2), "
         "=TB(\"KS/L-1\",A2) for any other code, =TB_EXPLAIN(A2,\"BH/C1\") for the breakdown. "
         "The block on the right is one array formula, =TB_STANDINGS(), sorted by rank; it has room for "
         f"{VIEW_TIEBREAKS} tie-breaks (or the list's length) and the rows of the crosstable: a longer list is "
         "cut there. In Excel 365, =TB_STANDINGS() entered in a single cell shows the whole table.", None),
        ("   A wrong result cell gives #VALUE!; =TB_EXPLAIN(A2,\"BH\") names the cell and the problem.", None),
        ("", None),
        ("Windows Excel: pip install xltb[excel]; xlwings addin install; in Excel's xlwings ribbon set "
         "UDF Modules to xltb.excel.udfs and click Import Functions (see README, section Excel).", None),
        ("macOS, LibreOffice, no add-in: xltb recalc THIS.xlsx -o OUT.xlsx writes every TB_ value.", None),
    ]
    if kind == "team":
        from .teamsheets import RESULT_HELP

        lines[2:7] = [
            ("1. Settings: the start date (it chooses the edition of C.07), the tie-break list (Tiebreaks, e.g. "
             "EDE,EMGSB/C1,BH:MP/C1,MPvGP), game points (PointsWin...), match points (MatchWin...), the primary score "
             "(MP or GP), the points of a team's pairing-allocated bye, the team size (Boards) and the board colours "
             "of team A (WB: white on boards 1, 3, ...).", None),
            ("2. Teams: one row per team: number, name, short name, rating (for rating-based tie-breaks), then the "
             "players' names in board order (roster positions 1, 2, 3, ...). Spare rows are inside the name 'Teams'.",
             None),
            ("3. Matches: one line per board: round, board, team A, team B, the roster positions of the two players "
             "(Player A, Player B; blank = empty board) and the result from team A's side: " + RESULT_HELP + ". "
             "A match with no result yet is left out; enter a match's results together. The names on the right "
             "are looked up by ordinary formulas.", None),
            ("4. Standings: every cell is a live formula: =TB_RANK(A2), =TB_MPTS(A2), =TB_EDE(A2), =TB_EGGSB_C1(A2), "
             "=TB_BH_GP_C1(A2), =TB(\"SSSC/K4\",A2) for any other code, =TB_EXPLAIN(A2,\"EDE\") for the breakdown. "
             "The block on the right is one array formula, =TB_STANDINGS(), sorted by rank, with MP and GP; it has "
             f"room for {VIEW_TIEBREAKS} tie-breaks (or the list's length): a longer list is cut there. In Excel 365, "
             "=TB_STANDINGS() entered in a single cell shows the whole table.", None),
            ("   A wrong cell gives #VALUE!; =TB_EXPLAIN(A2,\"EDE\") names the cell (Teams!..., Matches!...) and the "
             "problem.", None),
        ]
    for i, (text, font) in enumerate(lines, start=1):
        cell = ws.cell(row=i, column=1, value=text)
        cell.alignment = st["wrap"]
        if font is not None:
            cell.font = font
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _settings_sheet(wb, values: dict[str, Any], st, fields: dict[str, tuple[Any, str]]) -> None:
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    ws = wb.create_sheet("Settings")
    for col, (head, width) in enumerate((("Setting", 16), ("Value", 26), ("Explanation", 90)), start=1):
        cell = ws.cell(row=1, column=col, value=head)
        cell.font, cell.fill = st["head_font"], st["head_fill"]
        ws.column_dimensions["ABC"[col - 1]].width = width
    row_of = {}
    for r, (key, (_, help_text)) in enumerate(fields.items(), start=2):
        ws.cell(row=r, column=1, value=key).font = st["head_font"]
        value = values.get(key)
        cell = ws.cell(row=r, column=2)
        put_text(cell, value)  # the event's name from a file is text, never a formula
        if key == "StartDate":
            cell.number_format = "yyyy-mm-dd"
        elif key in ("Tiebreaks", "Edition", "EventName", "PrimaryScore", "BoardColours"):
            cell.number_format = "@"
        ws.cell(row=r, column=3, value=help_text).alignment = st["wrap"]
        wb.defined_names[key] = DefinedName(key, attr_text=f"Settings!$B${r}")
        row_of[key] = r
    last = 1 + len(fields)
    wb.defined_names["Settings"] = DefinedName("Settings", attr_text=f"Settings!$A$2:$B${last}")
    types = DataValidation(type="list", formula1='"Swiss,Round robin,Double round robin,Team Swiss,'
                                                 'Team round robin,Team double round robin"', allow_blank=True)
    types.add(f"B{row_of['EventType']}")
    editions = DataValidation(type="list", formula1='"2012,2023-09,2024-04,2024-08,2026-03"', allow_blank=True)
    editions.add(f"B{row_of['Edition']}")
    validations = [types, editions]
    if "PrimaryScore" in row_of:
        primary = DataValidation(type="list", formula1='"MP,GP"', allow_blank=True)
        primary.add(f"B{row_of['PrimaryScore']}")
        validations.append(primary)
    for dv in validations:
        ws.add_data_validation(dv)
    ws.freeze_panes = "A2"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _crosstable_sheet(wb, rows: list[list[Any]], values: dict[str, Any], st) -> None:
    from openpyxl.utils import get_column_letter
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    ws = wb.create_sheet("Crosstable")
    width = len(rows[0])
    first_round = len(HEADER) + 1
    for r, row in enumerate(rows, start=1):
        for c, value in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c)
            put_text(cell, value)  # text such as =B13 or =BYE (and any name) is not a formula
            if r == 1:
                cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
            elif c >= first_round or c in (3, 5, 6):
                cell.number_format = "@"  # result cells must be text: "=B13" is not a formula
            cell.border = st["border"]
            if c >= first_round and r > 1:
                cell.alignment = st["center"]
    widths = {1: 6, 2: 28, 3: 6, 4: 8, 5: 6, 6: 12}
    for c in range(1, width + 1):
        ws.column_dimensions[get_column_letter(c)].width = widths.get(c, 8)
    last_col = get_column_letter(width)
    last_row = len(rows)
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text=f"Crosstable!$A$1:${last_col}${last_row}")
    if width >= first_round and last_row > 1:
        first = get_column_letter(first_round)
        cells = f"{first}2:{last_col}{last_row}"
        # the first character of every notation: + = - (arbiter), a digit (chess-results), Z F H P (byes), W B
        dv = DataValidation(type="custom", allow_blank=True, showInputMessage=True, showErrorMessage=True,
                            formula1=f'OR(LEN({first}2)=0,ISNUMBER(SEARCH(LEFT({first}2,1),"+=-0123456789ZFHPWB")))')
        dv.promptTitle = "Result (text)"
        dv.prompt = "+W9 win, =B13 draw, -W2 loss, +FW9/-FB12 forfeit (+F9: colour unknown), +BYE, =BYE, ZPB, " \
                    "FPB; empty: not paired"[:255]
        dv.errorTitle = "Not a result"
        dv.error = ("Use +W9, =B13, -W2, +FW9, -FB12, +BYE, =BYE, ZPB, FPB or a chess-results cell (9w1, 13b½, -1); "
                    "see the Instructions sheet.")[:255]
        dv.errorStyle = "warning"
        dv.add(cells)
        ws.add_data_validation(dv)
    ws.freeze_panes = "C2"
    _print_setup(ws, values, landscape=True)
    ws.print_title_rows = "1:1"


def _standings_sheet(wb, participants: int, codes: list[str], st, *, team: bool = False) -> None:
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.formula import ArrayFormula

    ws = wb.create_sheet("Standings")
    heads = (["No", "Team", "Rank", "MP", "GP"] if team else ["No", "Name", "Rating", "Rank", "Pts"]) + codes
    for c, head in enumerate(heads, start=1):
        cell = ws.cell(row=1, column=c, value=head)
        cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
    for r in range(2, participants + 2):
        ref = f"$A{r}"
        if team:
            row = [f"=Teams!A{r}", f"=Teams!B{r}", f"=TB_RANK({ref})", f"=TB_MPTS({ref})", f"=TB_GPTS({ref})"]
        else:
            row = [f"=Crosstable!A{r}", f"=Crosstable!B{r}", f"=Crosstable!D{r}", f"=TB_RANK({ref})",
                   f"=TB_PTS({ref})"]
        row += ["=" + formula_for(code, ref) for code in codes]
        for c, value in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c, value=value)
            cell.border = st["border"]
            if c <= 3:
                cell.number_format = "0;-0;;@"  # a spare row shows nothing, not 0
            elif c == 5 or team and c == 4:
                cell.number_format = "0.0##"
            elif c > 5:
                cell.number_format = number_format(codes[c - 6])
    # the sorted view: one array formula for the whole table, with room for a longer list in Settings
    start = len(heads) + 2
    height, width_ = participants + 1, 5 + max(len(codes), VIEW_TIEBREAKS)
    top_left = f"{get_column_letter(start)}1"
    ref = f"{top_left}:{get_column_letter(start + width_ - 1)}{height}"
    ws[top_left] = ArrayFormula(ref, "=TB_STANDINGS()")
    for r in range(1, height + 1):
        for c in range(start, start + width_):
            cell = ws.cell(row=r, column=c)
            cell.border = st["border"]
            if r == 1:
                cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
            else:
                k = c - start
                cell.number_format = ("0" if k in (0, 1) else "@" if k == 2 else "0.0##" if team and k == 3
                                      else "0;-0;;@" if k == 3 else "0.0##" if k == 4 else
                                      number_format(codes[k - 5]) if k - 5 < len(codes) else "0.0##")
    widths = ([6, 28, 6, 6, 6] if team else [6, 28, 8, 6, 6]) + [9] * len(codes)
    for i, w in enumerate(widths):
        ws.column_dimensions[get_column_letter(1 + i)].width = w
    for i, w in enumerate(widths[:5] + [9] * (width_ - 5)):
        ws.column_dimensions[get_column_letter(start + i)].width = w
    ws.column_dimensions[get_column_letter(start - 1)].width = 3
    ws.freeze_panes = "C2"
    _print_setup(ws, {}, landscape=True)
    ws.print_title_rows = "1:1"


def _team_rows(event, values: dict[str, Any]) -> tuple[list[list[Any]], list[list[Any]]]:
    """(Teams rows, Matches rows) of the event, or of a blank template. A filled template must
    hold the event exactly: the sheets are read back and compared with it."""
    from .teamsheets import MATCHES_HEADER, TEAMS_HEADER, from_team_tournament

    if event is None:
        size, _ = BLANK_SIZE["team"]
        teams = [TEAMS_HEADER + [str(i) for i in range(1, BLANK_ROSTER + 1)]]
        teams += [[None] * len(teams[0]) for _ in range(size)]
        matches = [list(MATCHES_HEADER)] + [[None] * len(MATCHES_HEADER) for _ in range(BLANK_MATCH_LINES)]
        return teams, matches
    from .settings import parse_settings
    from .teamsheets import round_trip_difference, to_team_tournament

    teams, matches = from_team_tournament(event, values.get("BoardColours") or "")
    copy = to_team_tournament(teams, matches, parse_settings(values))
    why = round_trip_difference(event, copy)
    if why is not None:
        raise XltbError(f"the team template cannot hold this event exactly: {why}")
    matches += [[None] * len(MATCHES_HEADER) for _ in range(SPARE_MATCH_LINES)]
    return teams, matches


def _teams_sheet(wb, rows: list[list[Any]], values: dict[str, Any], st) -> None:
    from openpyxl.utils import get_column_letter
    from openpyxl.workbook.defined_name import DefinedName

    ws = wb.create_sheet("Teams")
    width = len(rows[0])
    for r, row in enumerate(rows, start=1):
        for c, value in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c)
            put_text(cell, value)  # team, short and player names from a file are text, never formulas
            cell.border = st["border"]
            if r == 1:
                cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
            elif c in (2, 3) or c > 4:
                cell.number_format = "@"
    for c in range(1, width + 1):
        ws.column_dimensions[get_column_letter(c)].width = {1: 6, 2: 26, 3: 7, 4: 8}.get(c, 20)
    wb.defined_names["Teams"] = DefinedName("Teams", attr_text=f"Teams!$A$1:${get_column_letter(width)}${len(rows)}")
    ws.freeze_panes = "C2"
    _print_setup(ws, values, landscape=True)
    ws.print_title_rows = "1:1"


def _matches_sheet(wb, rows: list[list[Any]], teams_rows: list[list[Any]], values: dict[str, Any], st) -> None:
    from openpyxl.utils import get_column_letter
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    ws = wb.create_sheet("Matches")
    width = len(rows[0])
    last = len(rows)
    teams_last = len(teams_rows)
    roster_last = get_column_letter(len(teams_rows[0]))
    heads = rows[0] + ["Name A", "Name B"]
    for c, head in enumerate(heads, start=1):
        cell = ws.cell(row=1, column=c, value=head)
        cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
        cell.border = st["border"]
    for r in range(2, last + 1):
        for c, value in enumerate(rows[r - 1], start=1):
            cell = ws.cell(row=r, column=c)
            put_text(cell, value)
            cell.border = st["border"]
            cell.alignment = st["center"]
            if c == width:
                cell.number_format = "@"  # "+-" and "1-0" are text, not a formula or a date
        # the players' names, looked up by ordinary formulas (not xltb's: any spreadsheet computes them)
        for c, (team, pos) in enumerate((("C", "E"), ("D", "F")), start=width + 1):
            cell = ws.cell(row=r, column=c, value=(
                f'=IF(OR(${team}{r}="",${pos}{r}=""),"",IFERROR(INDEX(Teams!$E$2:${roster_last}${teams_last},'
                f'MATCH(${team}{r},Teams!$A$2:$A${teams_last},0),${pos}{r}),"?"))'))
            cell.border = st["border"]
    for c in range(1, width + 3):
        ws.column_dimensions[get_column_letter(c)].width = 24 if c > width else 9
    wb.defined_names["Matches"] = DefinedName("Matches", attr_text=f"Matches!$A$1:${get_column_letter(width)}${last}")
    if last > 1:
        col = get_column_letter(width)
        dv = DataValidation(type="list", formula1='"1-0,½-½,0-1,+-,-+,--,PAB,FPB,HPB,ZPB"', allow_blank=True,
                            showErrorMessage=True)
        dv.errorTitle = "Not a result"
        dv.error = ("From team A's side: 1-0, ½-½, 0-1, +- / -+ / -- (forfeits; without a board: a forfeited "
                    "match); Team B blank: PAB, FPB, HPB, ZPB.")[:255]
        dv.errorStyle = "warning"
        dv.add(f"{col}2:{col}{last}")
        ws.add_data_validation(dv)
    ws.freeze_panes = "A2"
    _print_setup(ws, values, landscape=False)
    ws.print_title_rows = "1:1"


def _print_setup(ws, values: dict[str, Any], *, landscape: bool) -> None:
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = False
    ws.oddHeader.center.text = "&A"
    ws.oddFooter.center.text = "Page &P of &N"
    ws.oddFooter.right.text = "xltb (FIDE C.07)"


# --------------------------------------------------------------------------- loading events
def load_for_template(path: str, kind: str):
    """Read the event for ``--from``, through the readers' registry: a TRF file or a CSV export
    (individual templates: a team TRF file is read as the individual event of its players; team
    templates: a TRF file)."""
    if kind == "team":
        event = read_event(path, readers=TEAM_READERS)[0]
        if not isinstance(event, TeamTournament):
            raise XltbError("not a team event (no 310/013 team records describing team matches); "
                            "use 'xltb template individual'", file=path)
        return event
    tournament = read_event(path, readers=INDIVIDUAL_READERS)[0]
    if kind == "roundrobin" and tournament.event_type is EventType.SWISS:
        tournament = tournament._replace(event_type=EventType.ROUND_ROBIN)
    return tournament


# --------------------------------------------------------------------------- bundled files
#: blank templates also shipped as ready-to-open .xlsm (workbooks/xltb-KIND.xlsm)
MACRO_WORKBOOKS = ("individual", "team")

#: example workbooks: file in workbooks/ -> (template kind, exercise-book event file[, tie-break list])
EXAMPLES = {
    "held-swiss16.xlsx": ("individual", "held-swiss16.trf"),
    "held-rr6.xlsx": ("roundrobin", "held-rr6.trf"),
    "held-team14.xlsx": ("team", "held-team14.trf", "EDE,EGGSB/C1,BH:GP/C1,SSSC,MPvGP"),
}


def bundled(seed_dir: str) -> dict[str, bytes]:
    """The files kept in the repository: ``templates/*.xlsx`` (blank) and ``workbooks/*.xlsx``
    (the exercise-book events of ``seed_dir`` filled in). A test compares them with these bytes."""
    import os

    out = {f"templates/{kind}.xlsx": render(kind) for kind in KINDS}
    try:
        xlwings_standalone()
    except XltbError:
        pass  # no xlwings: no packaged workbooks
    else:
        for kind in MACRO_WORKBOOKS:
            out[f"workbooks/xltb-{kind}.xlsm"] = render(kind, macros=True)
    for name, (kind, source, *tiebreaks) in EXAMPLES.items():
        out[f"workbooks/{name}"] = render(kind, load_for_template(os.path.join(seed_dir, source), kind),
                                          tiebreaks=tiebreaks[0] if tiebreaks else None)
    return out
