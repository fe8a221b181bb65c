"""Every xltb worksheet function once, as a plain Python callable of values.

``TB_SB_C1(cell, crosstable, settings=None, teams=None)`` is what ``=TB_SB_C1(A2, Crosstable,
Settings)`` computes: ``cell`` is the pairing number (team events: the team number), the blocks
are lists of rows exactly as a value-passing host (xlwings Lite, xlwings Server, LibreOffice,
``xltb recalc``) sends them: the crosstable with its header row (team events: the Matches
block), the Settings block as (key, value) rows, and for team events the Teams block. A one-cell
block may arrive as a scalar and a one-row block as a flat list: both are accepted.

The results are numbers, text, or a list of rows (``TB_STANDINGS``); an Excel error is its
text (``"#VALUE!"``, ``"#N/A"``, ``"#NUM!"``, ``"#NAME?"``), which xlwings Lite and Server turn
into the real error value. Nothing raises: ``TB_EXPLAIN`` says which cell is wrong and why.

The functions, by name (:data:`NAMES`): one per catalogue code (``TB_BH_C1``, ``TB_EGGSB_C1``,
... :mod:`xltb.functions.catalogue`), ``TB`` (any code), ``TB_RANK``, ``TB_EXPLAIN``, ``TB_CHECK``,
``TB_STANDINGS``, ``TB_PRIZES(prizes, share, crosstable, settings)`` (the prize list,
:mod:`xltb.functions.prizes`), ``TB_PAIRINGS`` and ``TB_PAIRINGS_BY_NAME`` (the next round's pairings,
:mod:`xltb.functions.pairings`), ``TB_STATUS`` (``ok`` or the first mistake of the blocks) and
``TB_VERSION`` (no argument: whether the functions are connected). Host adapters
(:mod:`xltb.hosts.classic`, :mod:`xltb.hosts.lite`) wrap fresh
copies made by :func:`make`, so that their decorators never mark the functions of this module.

This module imports the engine only: no pandas, openpyxl or xlwings (xlwings Lite runs it in
Pyodide).
"""

from __future__ import annotations

from typing import Any, Callable

from . import core
from .catalogue import CODES, describe, function_name
from .pairings import tb_pairings, tb_pairings_by_name
from .prizes import tb_prizes
from .status import tb_status
from ..sheets.crosstable import Origin
from ..sheets.names import TeamSheets

#: the documentation of each argument, for a host's function wizard
PARAMS: dict[str, str] = {
    "cell": "The pairing number of the participant (team events: the team number), or the cell holding it.",
    "code": 'A tie-break code in TRF-2026 or Handbook spelling: "BH/C1", "KS/L-1", "SB-C1".',
    "published": "The figure another program published (number or text: 46,5 / 8.25).",
    "crosstable": "The crosstable range: header row and one row per participant (team events: the Matches range).",
    "settings": "The Settings block (key, value rows): tie-break list, start date, scoring.",
    "teams": "Team events: the Teams range (rosters in board order).",
    "prizes": "The prize table: header Prize, Category, Amount and one row per prize (the Prizes sheet's PrizeTable).",
    "share": 'How players tied on points share money: "none" (blank: the tie-breaks decide), "equal" or "hort".',
}

#: the blocks, which hosts must pass as 2-D ranges
BLOCKS = ("crosstable", "settings", "teams")
#: the other arguments that are ranges (2-D), before the blocks: a host cannot read them from a name
RANGES = ("prizes",)

_DOCS = {
    "TB": "Any tie-break (FIDE C.07) of the participant, by its code.",
    "TB_RANK": "Final place of the participant (FIDE C.07 4.2) by the event's tie-break list (Settings Tiebreaks).",
    "TB_EXPLAIN": "How a tie-break value was obtained, round by round, as text; or which cell is wrong and why.",
    "TB_CHECK": '"ok" when the published figure is xltb\'s value to the published precision, else why not.',
    "TB_STANDINGS": "The whole standings table in rank order (Rank, No, Name, Rating, Pts, tie-breaks; teams: "
                    "Rank, No, Team, MP, GP, tie-breaks): one array formula that spills to the event's size.",
    "TB_PRIZES": "The prize list: each prize of the prize table to the best-placed player of its category not yet "
                 "awarded, by the standings and their tie-breaks, with the money paid and the reason; one array "
                 "formula that spills.",
    "TB_PAIRINGS": "The next round's pairings by the event's system (FIDE C.04), by board: White and Black with "
                   "their numbers and points, the PAB and the byes below, the reason for each board; one array "
                   "formula that spills.",
    "TB_PAIRINGS_BY_NAME": "The next round's pairings by name: each player's board, colour (or bye) and opponent, "
                           "in alphabetical order; one array formula that spills.",
    "TB_STATUS": '"ok", or the first mistake of the crosstable or settings: the error value, the cell and why.',
    "TB_VERSION": '"xltb" and its version when the functions are connected (#NAME? when they are not).',
}


def _rows(block: Any) -> Any:
    """A block as a list of rows: a scalar (a one-cell range) is one row of one cell, a flat list
    (a one-row range) is one row."""
    if block is None:
        return None
    if not isinstance(block, (list, tuple)):
        return [[block]]
    if block and not isinstance(block[0], (list, tuple)):
        return [list(block)]
    return block


def _scalar(value: Any) -> Any:
    """A one-cell argument passed as a range (``[[x]]``) as its value."""
    while isinstance(value, (list, tuple)) and len(value) == 1:
        value = value[0]
    return None if isinstance(value, (list, tuple)) else value


def _cell(value: Any) -> Any:
    """The cell's value for a result: an :class:`~xltb.cells.ExcelError` as its text."""
    return value.code if isinstance(value, core.ExcelError) else value


def _teams(teams: Any, origin: Origin) -> TeamSheets | None:
    return None if teams is None else TeamSheets(_rows(teams), origin)


def make(name: str, origin: Origin | None = None, teams_origin: Origin = Origin("Teams")) -> Callable[..., Any]:
    """A new function object computing the worksheet function ``name``. ``origin`` is where the
    crosstable (team events: the Matches block) starts in the workbook, for messages that name
    cells; by default its sheet's A1 (``Crosstable!A1``, team events ``Matches!A1``)."""
    upper = name.upper()
    org = origin or Origin()

    fn: Callable[..., Any]  # each worksheet function has its own arguments (Excel's signature)
    if upper == "TB":
        def value(code: Any, cell: Any, crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            return _cell(core.tb_value(code, cell, _rows(crosstable), _rows(settings), org,
                                       _teams(teams, teams_origin)))
        fn = value
    elif upper == "TB_RANK":
        def rank(cell: Any, crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            return _cell(core.tb_rank(cell, _rows(crosstable), _rows(settings), org,
                                      _teams(teams, teams_origin)))
        fn = rank
    elif upper == "TB_EXPLAIN":
        def explain(cell: Any, code: Any, crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            return core.tb_explain(cell, code, _rows(crosstable), _rows(settings), org,
                                   _teams(teams, teams_origin))
        fn = explain
    elif upper == "TB_CHECK":
        def check(cell: Any, published: Any, code: Any, crosstable: Any, settings: Any = None,
                  teams: Any = None) -> Any:
            return _cell(core.tb_check(cell, published, code, _rows(crosstable), _rows(settings), org,
                                       _teams(teams, teams_origin)))
        fn = check
    elif upper == "TB_STATUS":
        def status(crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            return tb_status(_rows(crosstable), _rows(settings), org, _teams(teams, teams_origin))
        fn = status
    elif upper == "TB_VERSION":
        def version() -> Any:
            return core.tb_version()
        fn = version
    elif upper == "TB_STANDINGS":
        def standings(crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            table = core.tb_standings(_rows(crosstable), _rows(settings), org,
                                      _teams(teams, teams_origin))
            return [[_cell(v) for v in row] for row in table]
        fn = standings
    elif upper == "TB_PRIZES":
        def prize_list(prizes: Any, share: Any, crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            table = tb_prizes(_rows(prizes), _scalar(share), _rows(crosstable), _rows(settings), org,
                              _teams(teams, teams_origin))
            return [[_cell(v) for v in row] for row in table]
        fn = prize_list
    elif upper in ("TB_PAIRINGS", "TB_PAIRINGS_BY_NAME"):
        table_of = tb_pairings if upper == "TB_PAIRINGS" else tb_pairings_by_name

        def pairings(crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            table = table_of(_rows(crosstable), _rows(settings), org, _teams(teams, teams_origin))
            return [[_cell(v) for v in row] for row in table]
        fn = pairings
    elif upper in _CODE_OF:
        code = _CODE_OF[upper]

        def coded(cell: Any, crosstable: Any, settings: Any = None, teams: Any = None) -> Any:
            return _cell(core.tb_value(code, cell, _rows(crosstable), _rows(settings), org,
                                       _teams(teams, teams_origin)))
        fn = coded
    else:
        raise KeyError(f"{name} is not an xltb worksheet function")
    fn.__name__ = fn.__qualname__ = upper
    fn.__doc__ = _DOCS.get(upper) or describe(_CODE_OF[upper])
    fn.__module__ = __name__
    return fn


_CODE_OF: dict[str, str] = {function_name(c): c for c in CODES}

#: every worksheet function, in the order a function wizard lists them
NAMES: tuple[str, ...] = ("TB_STANDINGS", "TB_STATUS", "TB_VERSION", "TB_RANK", "TB", "TB_EXPLAIN",
                          "TB_CHECK", "TB_PRIZES", "TB_PAIRINGS", "TB_PAIRINGS_BY_NAME") + tuple(_CODE_OF)

#: name -> the function (this module's own copies)
FUNCTIONS: dict[str, Callable[..., Any]] = {n: make(n) for n in NAMES}
globals().update(FUNCTIONS)


def is_table(name: str) -> bool:
    """Whether the function returns a table (a dynamic array that spills)."""
    return name.upper() in TABLES


#: the functions that return a table
TABLES = ("TB_STANDINGS", "TB_PRIZES", "TB_PAIRINGS", "TB_PAIRINGS_BY_NAME")


def is_volatile(name: str) -> bool:
    """Whether a host should compute the function on every recalculation: ``TB_VERSION`` takes no argument, so
    only a volatile one is computed when a workbook opens, and it then says at once whether the functions are
    connected (a cached value would say so without them)."""
    return name.upper() == "TB_VERSION"


def call(name: str, *args: Any) -> Any:
    """``call("TB_SB_C1", 3, rows, settings)``: the function by its name (any case)."""
    return FUNCTIONS[name.upper()](*args)
