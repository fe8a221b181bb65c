"""xlwings worksheet functions: ``=TB_SB_C1(A2)``, ``=TB("KS/L-1", A2)``, ``=TB_RANK(A2)``,
``=TB_EXPLAIN(A2, "BH/C1")`` and the array function ``=TB_STANDINGS()``.

The argument is the cell holding the participant's pairing number. With the classic add-in
(Windows Excel) a function finds its event through xlwings' reserved ``caller`` argument: the
calling cell's workbook defines the name ``Crosstable`` (header row + one row per participant)
and the block ``Settings`` (or one named cell per setting, see :mod:`xltb.excel.settings`); a
team event defines ``Teams`` and ``Matches`` instead of ``Crosstable`` (see
:mod:`xltb.excel.teamsheets`) and the argument is the cell holding the team's number.
The functions are volatile, so Excel recalculates them whenever the crosstable changes. Hosts
that pass only values (xlwings Lite, xlwings Server) call the same functions with the
crosstable (and optionally the Settings block) as extra arguments:
``=TB_SB_C1(A2, Crosstable!A1:P17, Settings!A2:B12)``; team events pass the Matches block as the
crosstable and the Teams block last: ``=TB_EDE(A2, Matches!A1:G300, Settings!A2:B20, Teams!A1:N41)``.

This module stays thin: it reads the ranges, and :mod:`xltb.excel.core` converts, computes
(once per distinct crosstable) and returns values. Errors never raise: a bad cell gives
the text of an Excel error (``#VALUE!``; an error value under xlwings Lite/Server, text in the
classic add-in: :func:`_out`), and ``TB_EXPLAIN`` says which cell and why.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw

from . import core
from .catalogue import CODES, describe, function_name
from .crosstable import Origin
from .settings import ALL_FIELDS

CATEGORY = "xltb (FIDE tie-breaks)"

_CELL_DOC = "The cell holding the participant's pairing number (team number for team events)."
_CROSSTABLE_DOC = "Optional: the crosstable range (header + rows); default: the workbook's name Crosstable."
_SETTINGS_DOC = "Optional: the Settings block (key, value); default: the workbook's name Settings."
_TEAMS_DOC = "Optional, team events: the Teams block (rosters); default: the workbook's name Teams."




def _names(book) -> dict[str, Any]:
    out = {}
    for name in book.names:
        out[name.name.split("!")[-1]] = name
    return out


def _range_of(names: dict[str, Any], key: str):
    name = names.get(key)
    if name is None:
        return None
    try:
        return name.refers_to_range
    except Exception:  # a name that refers to a constant or a deleted range
        return None


def _inputs(crosstable, settings, caller, teams=None):
    """(crosstable rows, settings rows, origin, team sheets): the arguments, else the caller's
    workbook (``Crosstable``; team events ``Matches`` and ``Teams``)."""
    if crosstable is not None or caller is None:
        return crosstable, settings, Origin(), (core.TeamSheets(teams) if teams is not None else None)
    names = _names(caller.sheet.book)
    rng = _range_of(names, "Crosstable")
    team_sheets = None
    if rng is None:
        rng = _range_of(names, "Matches")
        teams_rng = _range_of(names, "Teams")
        if rng is None:
            return None, settings, Origin(), None
        if teams_rng is not None:
            team_sheets = core.TeamSheets(teams_rng.options(ndim=2).value,
                                          Origin(teams_rng.sheet.name, teams_rng.row, teams_rng.column))
        else:
            team_sheets = core.TeamSheets(None)
    rows = rng.options(ndim=2).value
    origin = Origin(rng.sheet.name, rng.row, rng.column)
    if settings is None:
        block = _range_of(names, "Settings")
        if block is not None:
            settings = block.options(ndim=2).value
        else:
            settings = [[key, r.value] for key in ALL_FIELDS if (r := _range_of(names, key)) is not None]
    return rows, settings, origin, team_sheets


def _out(value, caller):
    """An :class:`~xltb.excel.core.ExcelError` as its text (``"#VALUE!"``, ``"#N/A"``, ...); other values as
    they are.

    xlwings Lite and Server turn such text into the error value (``xlwings.pro._xlofficejs``:
    ``prepare_xl_data_element`` maps "#N/A" etc. to Office.js error objects). The classic add-in has
    no route for an error value: its VBA wrapper assigns what ``Py.CallUDF`` returns, and a
    ``VARIANT(VT_ERROR, ...)`` returned from Python does not arrive as one (xlwings issue #776, open);
    so in classic Excel the cell shows the text, which ``ISERROR``/``IFERROR`` do not catch (see README).
    """
    if isinstance(value, list):
        return [[_out(v, caller) for v in row] for row in value]
    if isinstance(value, core.ExcelError):
        return value.code
    return value


def _function(code: str):
    def udf(cell, crosstable=None, settings=None, teams=None, caller=None):
        rows, block, origin, team_sheets = _inputs(crosstable, settings, caller, teams)
        return _out(core.tb_value(code, cell, rows, block, origin, team_sheets), caller)

    udf.__name__ = udf.__qualname__ = function_name(code)
    udf.__doc__ = describe(code)
    udf = xw.arg("cell", doc=_CELL_DOC)(udf)
    udf = xw.arg("crosstable", ndim=2, doc=_CROSSTABLE_DOC)(udf)
    udf = xw.arg("settings", ndim=2, doc=_SETTINGS_DOC)(udf)
    udf = xw.arg("teams", ndim=2, doc=_TEAMS_DOC)(udf)
    return xw.func(category=CATEGORY, volatile=True)(udf)


for _code in CODES:
    globals()[function_name(_code)] = _function(_code)
del _code


@xw.func(category=CATEGORY, volatile=True)
@xw.arg("code", doc='A tie-break code in TRF-2026 or Handbook spelling: "BH/C1", "KS/L-1", "SB-C1".')
@xw.arg("cell", doc=_CELL_DOC)
@xw.arg("crosstable", ndim=2, doc=_CROSSTABLE_DOC)
@xw.arg("settings", ndim=2, doc=_SETTINGS_DOC)
@xw.arg("teams", ndim=2, doc=_TEAMS_DOC)
def TB(code, cell, crosstable=None, settings=None, teams=None, caller=None):
    """Any tie-break (FIDE C.07) of the participant whose pairing number is in the cell."""
    rows, block, origin, team_sheets = _inputs(crosstable, settings, caller, teams)
    return _out(core.tb_value(code, cell, rows, block, origin, team_sheets), caller)


@xw.func(category=CATEGORY, volatile=True)
@xw.arg("cell", doc=_CELL_DOC)
@xw.arg("crosstable", ndim=2, doc=_CROSSTABLE_DOC)
@xw.arg("settings", ndim=2, doc=_SETTINGS_DOC)
@xw.arg("teams", ndim=2, doc=_TEAMS_DOC)
def TB_RANK(cell, crosstable=None, settings=None, teams=None, caller=None):
    """Final place of the participant (FIDE C.07 4.2) by the event's tie-break list (Settings Tiebreaks)."""
    rows, block, origin, team_sheets = _inputs(crosstable, settings, caller, teams)
    return _out(core.tb_rank(cell, rows, block, origin, team_sheets), caller)


@xw.func(category=CATEGORY, volatile=True)
@xw.arg("cell", doc=_CELL_DOC)
@xw.arg("code", doc='The tie-break code to explain, e.g. "BH/C1".')
@xw.arg("crosstable", ndim=2, doc=_CROSSTABLE_DOC)
@xw.arg("settings", ndim=2, doc=_SETTINGS_DOC)
@xw.arg("teams", ndim=2, doc=_TEAMS_DOC)
def TB_EXPLAIN(cell, code, crosstable=None, settings=None, teams=None, caller=None):
    """How a tie-break value was obtained, round by round, as text; or which cell is wrong and why."""
    rows, block, origin, team_sheets = _inputs(crosstable, settings, caller, teams)
    return core.tb_explain(cell, code, rows, block, origin, team_sheets)


@xw.func(category=CATEGORY, volatile=True)
@xw.arg("cell", doc=_CELL_DOC)
@xw.arg("published", doc="The cell with the figure another program published (number or text: 46,5 / 8.25).")
@xw.arg("code", doc='The tie-break code of the published figure, e.g. "BH/C1" (or "PTS").')
@xw.arg("crosstable", ndim=2, doc=_CROSSTABLE_DOC)
@xw.arg("settings", ndim=2, doc=_SETTINGS_DOC)
@xw.arg("teams", ndim=2, doc=_TEAMS_DOC)
def TB_CHECK(cell, published, code, crosstable=None, settings=None, teams=None, caller=None):
    """"ok" when the published figure is xltb's value to the published precision, else why not (and which
    variant of the rules reproduces it)."""
    rows, block, origin, team_sheets = _inputs(crosstable, settings, caller, teams)
    return _out(core.tb_check(cell, published, code, rows, block, origin, team_sheets), caller)


@xw.func(category=CATEGORY, volatile=True)
@xw.arg("crosstable", ndim=2, doc=_CROSSTABLE_DOC)
@xw.arg("settings", ndim=2, doc=_SETTINGS_DOC)
@xw.arg("teams", ndim=2, doc=_TEAMS_DOC)
def TB_STANDINGS(crosstable=None, settings=None, teams=None, caller=None):
    """The whole standings table (Rank, No, Name, Rating, Pts, tie-breaks; teams: Rank, No, Team, MP, GP,
    tie-breaks) in rank order: one array formula instead of thousands of cells."""
    rows, block, origin, team_sheets = _inputs(crosstable, settings, caller, teams)
    shape = None
    if caller is not None:
        try:
            shape = tuple(caller.shape)
        except Exception:
            shape = None
    return _out(core.tb_standings(rows, block, origin, shape, team_sheets), caller)
