"""Template workbooks, generated with openpyxl: ``xltb template individual|roundrobin|team``.

Sheets:

* **Instructions** -- what to fill in, the result notation, the functions, how to install.
* **Settings** -- one named cell per setting (``Tiebreaks``, ``StartDate``, ``Edition``, ...;
  see :mod:`xltb.sheets.settings`) and the block ``Settings`` (key, value) the functions read.
* **Crosstable** -- header row + one row per participant; round cells are text (``+W9``,
  ``=B13``, ``-F12``, ``+BYE``, ...) with a data validation that shows the notation. The
  defined name ``Crosstable`` covers the header and every row.
* **Standings** -- ``=TB_VERSION()`` (are the functions connected?) and ``=TB_STATUS(Crosstable,Settings)``
  (``ok`` or the first mistake, with its cell) in rows 1 and 2; one formula
  ``=TB_STANDINGS(Crosstable,Settings)`` that spills the table in rank order, and per participant
  (pairing order) rank, points and the chosen tie-breaks read from it with ``INDEX``/``MATCH``
  (:mod:`xltb.templates.parts`); protected, the three cells that call xltb unlocked.
* team events have **Teams** (rosters in board order) and **Matches** (per round and board; see
  :mod:`xltb.sheets.teams`) instead of the Crosstable; the formula is
  ``=TB_STANDINGS(Matches,Settings,Teams)`` and the table has the teams' MP and GP.

Every formula cell carries its value as computed by xltb's worksheet functions (:mod:`xltb.functions`)
when the file is written (:mod:`xltb.templates.sheetxml`, by the rule of :mod:`xltb.templates.cached`),
so a viewer without xltb's functions shows numbers. Filled templates keep spare rows (and individual
ones spare round columns) inside the names.

The same generator fills a template from an event (``--from``), which is how the example
workbooks in ``workbooks/`` are made. Output is deterministic (fixed document properties), so
the committed templates can be compared with the generator.
"""

from __future__ import annotations

import io
from datetime import datetime
from fractions import Fraction
from typing import Any

from ..cells import put_text
from . import sheetxml
from ..sheets.crosstable import HEADER, from_tournament
from ..errors import XltbError
from ..sheets.settings import FIELDS, REPORT_FIELDS, TEAM_FIELDS, round_dates_text
from ..sheets.pairing_settings import PAIRING_FIELDS, TEAM_PAIRING_FIELDS
from ..functions import callables as functions
from ..functions.prizes import tb_prizes
from .parts import Styles, instructions, print_setup, standings_sheet, standings_table, styles
from .prizes import prize_block, prizes_sheet
from ..prizes import PrizeTable
from .xlsm import finish_macros, macro_workbook, with_udf_module, xlwings_standalone  # noqa: F401 - API
from ..model import EventType, Tournament
from ..model.team import TeamTournament
from ..ranking.choices import default_list
from ..readers.registry import read_event

from .kinds import KINDS
from .finish import fit_height, normalise_zip
from . import roundrobin

#: blank template sizes: (participants, rounds)
BLANK_SIZE = {"individual": (150, 11), "roundrobin": (20, 19), "team": (40, 11)}
#: blank team template: roster positions, lines of the Matches sheet; filled ones keep spare lines
BLANK_ROSTER, BLANK_MATCH_LINES, SPARE_MATCH_LINES = 8, 1000, 60
#: room a filled template keeps for late entries: at least this many blank rows (a quarter of the field
#: if more), blank round columns (individual events), blank team rows
SPARE_ROWS, SPARE_ROUNDS, SPARE_TEAMS = 20, 2, 10
#: the range arguments of the Standings formulas
BLOCKS = {"individual": "Crosstable,Settings", "roundrobin": "Crosstable,Settings", "team": "Matches,Settings,Teams"}

#: what each kind of template is, for its default tie-break list (xltb.ranking.choices)
KIND_EVENT = {"individual": (False, EventType.SWISS), "roundrobin": (False, EventType.ROUND_ROBIN),
              "team": (True, EventType.SWISS)}
EVENT_TYPE_TEXT = {EventType.SWISS: "Swiss", EventType.ROUND_ROBIN: "Round robin",
                   EventType.DOUBLE_ROUND_ROBIN: "Double round robin"}
_FIXED_TIME = datetime(2024, 1, 1)

def _fields(kind: str) -> dict[str, tuple[Any, str]]:
    """The settings a template shows (team events: game points, match points, boards; a team's
    PAB has its own MP and GP)."""
    if kind != "team":  # individual events are paired in the workbook (xltb pair); the rating report's rows last
        return {**FIELDS, **PAIRING_FIELDS, **REPORT_FIELDS}
    common = {k: v for k, v in FIELDS.items() if k not in ("PointsPAB", "Language")}
    common["PointsWin"] = (1, "Game points for a won game (board).")
    # Language last: the team settings keep their cells (Settings!B16 is PrimaryScore in workbooks saved before)
    return {**common, **TEAM_FIELDS, "Language": FIELDS["Language"], **REPORT_FIELDS, **TEAM_PAIRING_FIELDS}


def _settings_values(kind: str, event: Tournament | TeamTournament | None, tiebreaks: str | None, rules: str | None,
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
        values["City"], values["Federation"], values["EndDate"] = event.city, event.federation, event.end_date
        values["ChiefArbiter"], values["TimeControl"] = event.chief_arbiter, event.time_control
        values["DeputyArbiters"] = "; ".join(event.deputies)
        values["RoundDates"] = round_dates_text(event.round_dates)
        if event.tiebreaks:
            listed = [c for c in event.tiebreaks if c.upper() not in ("PTS",)]
            if listed:
                values["Tiebreaks"] = ",".join(listed)
        s = event.scoring
        values["PointsWin"], values["PointsDraw"], values["PointsLoss"] = (_num(s.win), _num(s.draw), _num(s.loss))
        if kind == "team":
            assert isinstance(event, TeamTournament)  # the kind agrees with the event (decide.check_template_kind)
            ms = event.match_scoring
            values["MatchWin"], values["MatchDraw"], values["MatchLoss"] = _num(ms.win), _num(ms.draw), _num(ms.loss)
            values["PrimaryScore"] = event.primary
            values["PABMatchPoints"] = None if ms.pab_mp is None else _num(ms.pab_mp)
            values["PABGamePoints"] = None if ms.pab_gp is None else _num(ms.pab_gp)
            values["Boards"] = len(event.board_colours) or None
            values["BoardColours"] = event.board_colours or "WB"
        elif s.pab is not None:
            values["PointsPAB"] = _num(s.pab)
        if event.rounds_planned:  # the pairing rows (team events too: the team Swiss)
            values["Rounds"] = event.rounds_planned
        if event.plans.first_colour is not None:
            values["FirstColour"] = "White" if event.plans.first_colour.value == "w" else "Black"
    if tiebreaks:
        values["Tiebreaks"] = tiebreaks
    if rules:
        values["Edition"] = rules
    if unrated_rating is not None:
        values["UnratedRating"] = unrated_rating
    return values


def _num(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def build(kind: str, event: Tournament | TeamTournament | None = None, *, tiebreaks: str | None = None,
          rules: str | None = None, unrated_rating: int | None = None, macros: bool = False, calc: bool = False,
          prizes: PrizeTable | None = None, share: str = "none", lang: str | None = None,
          players: int | None = None, double: bool = False, lay_out: bool = False) -> Any:
    """The template workbook (openpyxl ``Workbook``), blank or filled from ``event``; with
    ``macros`` the ready-to-open .xlsm (see :func:`macro_workbook`); with ``calc`` the Instructions
    speak of LibreOffice (the workbook :mod:`xltb.templates.ods` writes). Individual templates have a
    Prizes sheet, its prize table ``prizes`` (blank without) and its sharing ``share``, and the Pairings
    sheets, in the language ``lang`` (Settings Language; blank: English). A round robin of ``players``
    (``double``), or from a file with rounds left if ``lay_out``, has its rounds laid out (:mod:`.roundrobin`)."""
    from openpyxl import Workbook

    if kind not in KINDS:
        raise ValueError(f"unknown template {kind!r}; choose one of {', '.join(KINDS)}")
    from ..tiebreaks.codes import parse_list

    wb = macro_workbook() if macros else Workbook()
    wb.properties.creator = "xltb"
    wb.properties.created = wb.properties.modified = _FIXED_TIME
    wb.calculation.fullCalcOnLoad = False  # the cached values are the results: no forced calculation on open
    values = _settings_values(kind, event, tiebreaks, rules, unrated_rating)
    berger = roundrobin.plan(kind, event, players, double, lay_out)
    if berger is not None:
        roundrobin.settings(values, *berger)
    if lang and kind != "team":
        values["Language"] = lang  # the Pairings sheets' language
    codes = [s.code for s in parse_list(values["Tiebreaks"])]
    st = styles()
    fields = _fields(kind)
    settings_block = [[key, values.get(key)] for key in fields]
    wb.xltb_cached, wb.xltb_dynamic = {}, {}
    instructions(wb.active, kind, st, BLOCKS[kind], calc=calc)
    _settings_sheet(wb, values, st, fields)
    if kind == "team":
        assert event is None or isinstance(event, TeamTournament)  # the kind agrees (decide.check_template_kind)
        teams_rows, matches_rows = _team_rows(event, values)
        _teams_sheet(wb, teams_rows, values, st)
        wb.xltb_cached["Matches"] = _matches_sheet(wb, matches_rows, teams_rows, values, st)
        table = standings_table(matches_rows, settings_block, teams_rows)
        status = functions.call("TB_STATUS", matches_rows, settings_block, teams_rows)
        source = teams_rows
    else:
        if event is not None:
            assert isinstance(event, Tournament)  # the kind agrees with the event (decide.check_template_kind)
            rows = _individual_rows(event, values)
            width = len(rows[0])
            rounds = width - len(HEADER)
            rows[0] = rows[0] + [f"R{rounds + i}" for i in range(1, SPARE_ROUNDS + 1)]
            rows = [rows[0]] + [r + [None] * SPARE_ROUNDS for r in rows[1:]]
            rows += [[None] * len(rows[0]) for _ in range(max(SPARE_ROWS, (len(rows) - 1) // 4))]
            if berger is not None:  # the rounds not played yet, from the Berger table
                roundrobin.lay_out_event(rows, event, berger[1])
        elif berger is not None:
            rows = roundrobin.berger_rows(*berger)
        else:
            size, rounds = BLANK_SIZE[kind]
            rows = [HEADER + [f"R{i}" for i in range(1, rounds + 1)]] + [[None] * (len(HEADER) + rounds)
                                                                           for _ in range(size)]
        _crosstable_sheet(wb, rows, values, st)
        table = standings_table(rows, settings_block)
        status = functions.call("TB_STATUS", rows, settings_block)
        source = rows
    cells, anchor = standings_sheet(wb, source, codes, table, st, BLOCKS[kind], team=kind == "team",
                                    event_name=values.get("EventName"), status=status, calc=calc)
    wb.xltb_cached["Standings"] = cells
    wb.xltb_dynamic["Standings"] = {anchor}
    if kind != "team":  # prizes go to the players of individual events
        block = prize_block(prizes)
        prize_list = tb_prizes(block, share, source, settings_block)
        wb.xltb_cached["Prizes"] = prize_values = prizes_sheet(wb, block, share, prize_list, st,
                                                               values.get("EventName"), BLOCKS[kind])
        wb.xltb_dynamic["Prizes"] = set(prize_values)
    from .pairings import pairings_sheets  # the next round's pairings (team events: the matches)

    pairings_sheets(wb, matches_rows if kind == "team" else source, settings_block, st, values.get("EventName"),
                    BLOCKS[kind], teams=teams_rows if kind == "team" else None)
    return finish_macros(wb) if macros else wb


def _individual_rows(event: Tournament, values: dict[str, Any]) -> list[list[Any]]:
    """The Crosstable rows of ``event``. The sheet must hold the event exactly: the rows are read back
    with the template's settings and compared with it (bonus points, scoring the Settings cannot
    express, ...: refused, exit 2, rather than standings that silently differ)."""
    from ..sheets.crosstable import round_trip_difference, to_tournament
    from ..sheets.settings import parse_settings
    from .pairings import cut_requested, crosstable_rows

    rows, asked = crosstable_rows(event)  # the byes asked for rounds not paired yet written in their columns
    settings = parse_settings(values)
    copy = cut_requested(to_tournament(rows, name=settings.name, event_type=settings.event_type,
                                       scoring=settings.scoring, start_date=settings.start_date), event, asked)
    why = round_trip_difference(event, copy)
    if why is not None:
        raise XltbError(f"the individual template cannot hold this event exactly: {why}")
    return rows


def render(kind: str, event: Tournament | TeamTournament | None = None, **options: Any) -> bytes:
    """The template as .xlsx bytes (.xlsm with ``macros=True``; deterministic for the same input)."""
    wb = build(kind, event, **options)
    buf = io.BytesIO()
    wb.save(buf)
    if wb.vba_archive is not None:  # openpyxl's copy of the VBA parts (load_workbook(keep_vba=True)): openpyxl
        wb.vba_archive.close()      # never closes it, and the collector's close later fails on its buffer
    data = sheetxml.embed(buf.getvalue(), wb.xltb_cached, wb.xltb_dynamic)
    if options.get("macros"):
        data = with_udf_module(data)
    return normalise_zip(data)


def _settings_sheet(wb: Any, values: dict[str, Any], st: Styles, fields: dict[str, tuple[Any, str]]) -> None:
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
        if isinstance(value, str) and len(value) > 26:
            cell.alignment = st["wrap"]  # a long event name wraps on screen and in print instead of being cut
        if key == "StartDate":
            cell.number_format = "yyyy-mm-dd"
        elif key in ("Tiebreaks", "Edition", "EventName", "PrimaryScore", "BoardColours", "PairingEdition",
                     "Withdrawn"):
            cell.number_format = "@"
        ws.cell(row=r, column=3, value=help_text).alignment = st["wrap"]
        fit_height(ws, r, [(help_text, 90), (value if isinstance(value, str) and len(value) > 26 else "", 26)])
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
    systems = "FIDE team" if "PrimaryScore" in row_of else "Dutch,Burstein,Dubov,Lim,Berger"  # team: the team Swiss
    for key, choices in (("PairingSystem", systems), ("PairingEdition", "2025-07,2026-02"),
                         ("FirstColour", "White,Black"), ("Acceleration", "Baku"), ("Maxi", "Yes,No")):
        if key in row_of:  # the pairing rows (individual events)
            dv = DataValidation(type="list", formula1=f'"{choices}"', allow_blank=True)
            dv.add(f"B{row_of[key]}")
            validations.append(dv)
    for dv in validations:
        ws.add_data_validation(dv)
    ws.freeze_panes = "A2"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _crosstable_sheet(wb: Any, rows: list[list[Any]], values: dict[str, Any], st: Styles) -> None:
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
            elif c >= first_round or c in (3, 5, 6, 7, 8):
                cell.number_format = "@"  # result cells must be text: "=B13" is not a formula; a birth date too
            cell.border = st["border"]
            if c >= first_round and r > 1:
                cell.alignment = st["center"]
    widths = {1: 6, 2: 28, 3: 6, 4: 8, 5: 6, 6: 12, 7: 5, 8: 11}
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
    print_setup(ws, values, landscape=True)
    ws.print_title_rows = "1:1"


def _team_rows(event: TeamTournament | None, values: dict[str, Any]) -> tuple[list[list[Any]], list[list[Any]]]:
    """(Teams rows, Matches rows) of the event, or of a blank template. A filled template must
    hold the event exactly: the sheets are read back and compared with it."""
    from ..sheets.teams import MATCHES_HEADER, TEAMS_HEADER, from_team_tournament

    if event is None:
        size, _ = BLANK_SIZE["team"]
        teams: list[list[Any]] = [TEAMS_HEADER + [str(i) for i in range(1, BLANK_ROSTER + 1)]]
        teams += [[None] * len(teams[0]) for _ in range(size)]
        matches = [list(MATCHES_HEADER)] + [[None] * len(MATCHES_HEADER) for _ in range(BLANK_MATCH_LINES)]
        return teams, matches
    from ..sheets.settings import parse_settings
    from ..sheets.teams import round_trip_difference, to_team_tournament

    teams, matches = from_team_tournament(event, values.get("BoardColours") or "")
    copy = to_team_tournament(teams, matches, parse_settings(values))
    why = round_trip_difference(event, copy)
    if why is not None:
        raise XltbError(f"the team template cannot hold this event exactly: {why}")
    left = max((event.rounds_planned or 0) - event.rounds, 0)  # the rounds to pair here: a line a board, and the PAB
    spare = max(SPARE_MATCH_LINES, left * (len(event.teams) // 2 * max(event.boards, 1) + 1))
    matches += [[None] * len(MATCHES_HEADER) for _ in range(spare)]
    teams += [[None] * len(teams[0]) for _ in range(SPARE_TEAMS)]
    return teams, matches


def _teams_sheet(wb: Any, rows: list[list[Any]], values: dict[str, Any], st: Styles) -> None:
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
    print_setup(ws, values, landscape=True)
    ws.print_title_rows = "1:1"


def _matches_sheet(wb: Any, rows: list[list[Any]], teams_rows: list[list[Any]], values: dict[str, Any],
                   st: Styles) -> dict[str, Any]:
    from openpyxl.utils import get_column_letter
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    from openpyxl.styles import Protection

    ws = wb.create_sheet("Matches")
    unlocked = Protection(locked=False)
    names: dict[str, Any] = {}
    roster = {r[0]: r[4:] for r in teams_rows[1:] if r and r[0] not in (None, "")}
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
            names[cell.coordinate] = roster_name(rows[r - 1][ord(team) - 65], rows[r - 1][ord(pos) - 65],
                                                  roster)
        for c in range(1, width + 1):
            ws.cell(row=r, column=c).protection = unlocked
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
    print_setup(ws, values, landscape=False)
    ws.print_title_rows = "1:1"
    # the name formulas locked, the match lines open (no password); lines may be inserted and formatted
    ws.protection.sheet = True
    ws.protection.insertRows = ws.protection.deleteRows = False
    ws.protection.formatColumns = ws.protection.formatRows = ws.protection.formatCells = False
    ws.protection.sort = ws.protection.autoFilter = False
    return names


def roster_name(team: Any, position: Any, roster: dict[Any, list[Any]]) -> Any:
    """What the Matches sheet's name formula shows: "" for a blank team or position, "?" for an
    unknown team or position, 0 for an empty roster cell (as INDEX gives)."""
    if team in (None, "") or position in (None, ""):
        return ""
    names = roster.get(team)
    try:
        index = int(position)
    except (TypeError, ValueError):
        return "?"
    if names is None or not 1 <= index <= len(names):
        return "?"
    return 0 if names[index - 1] in (None, "") else names[index - 1]


# --------------------------------------------------------------------------- loading events
