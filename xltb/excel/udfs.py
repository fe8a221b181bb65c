"""The classic xlwings add-in (Windows Excel): the worksheet functions of
:mod:`xltb.excel.functions` as ``@xw.func`` functions.

Each function takes the same arguments as everywhere else, ``=TB_SB_C1(A2, Crosstable,
Settings)`` (team events: ``=TB_EDE(A2, Matches, Settings, Teams)``), and is not volatile: Excel
recalculates it exactly when a cell it refers to changes. As a convenience of this host, which can
read the workbook, the blocks may be left out (``=TB_SB_C1(A2)``): the function then finds them
through xlwings' reserved ``caller`` argument, by the workbook's names ``Crosstable`` (team
events ``Matches`` and ``Teams``) and ``Settings`` (or one named cell per setting, see
:mod:`xltb.excel.settings`). Excel does not know that such a short formula depends on the
crosstable: it is recomputed by a full recalculation (Ctrl+Alt+F9), not by an edit.

Errors come back as their text (``"#VALUE!"``): the classic add-in has no route for an error
value (its VBA wrapper assigns what ``Py.CallUDF`` returns, and a ``VARIANT(VT_ERROR, ...)``
returned from Python does not arrive as one: xlwings issue #776), so ``ISERROR``/``IFERROR`` do
not catch them there; ``TB_EXPLAIN`` says which cell is wrong and why.

This module is the only one that imports xlwings at import time.
"""

from __future__ import annotations

import inspect
from typing import Any

import xlwings as xw

from . import core, functions
from .crosstable import Origin
from .settings import ALL_FIELDS

CATEGORY = "xltb (FIDE tie-breaks)"

_OPTIONAL = " Optional with the classic add-in: default, the workbook's name {}."
_DEFAULT_NAME = {"crosstable": "Crosstable (team events: Matches)", "settings": "Settings", "teams": "Teams"}


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


def _origin(rng) -> Origin:
    return Origin(rng.sheet.name, rng.row, rng.column)


def _from_workbook(caller, settings, teams):
    """(crosstable rows, settings rows, teams rows, crosstable origin, teams origin) read through the
    caller's workbook names; None for the crosstable when the workbook has none."""
    names = _names(caller.sheet.book)
    rng = _range_of(names, "Crosstable")
    teams_origin = Origin("Teams")
    if rng is None:
        rng = _range_of(names, "Matches")
        if rng is None:
            return None, settings, teams, Origin(), teams_origin
        if teams is None:
            teams_rng = _range_of(names, "Teams")
            if teams_rng is not None:
                teams, teams_origin = teams_rng.options(ndim=2).value, _origin(teams_rng)
            else:
                teams = []  # a team workbook without its Teams sheet: the function says so
    if settings is None:
        block = _range_of(names, "Settings")
        if block is not None:
            settings = block.options(ndim=2).value
        else:
            settings = [[key, r.value] for key in ALL_FIELDS if (r := _range_of(names, key)) is not None]
    return rng.options(ndim=2).value, settings, teams, _origin(rng), teams_origin


def _adapter(name: str):
    """``name`` as a classic xlwings function: the blocks optional, ``caller`` last."""
    portable = functions.make(name)
    params = list(inspect.signature(portable).parameters)
    lead = params[:params.index("crosstable")]

    def udf(*args, **kwargs):
        values = udf.__signature__.bind(*args, **kwargs).arguments
        caller = values.get("caller")
        result = _call(values, caller)
        if functions.is_table(name) and caller is not None:
            return _fit(result, caller)
        return result

    def _call(values, caller):
        if values.get("crosstable") is None and caller is not None:
            rows, settings, teams, origin, teams_origin = _from_workbook(caller, values.get("settings"),
                                                                         values.get("teams"))
            if rows is None:
                return core.VALUE if name != "TB_EXPLAIN" else (
                    f"{core.VALUE} no crosstable: pass the range, or define the name 'Crosstable' "
                    "(team events: 'Matches' and 'Teams')")
            fn = functions.make(name, origin, teams_origin)
            return fn(*[values.get(p) for p in lead], rows, settings, teams)
        return portable(*[values.get(p) for p in params])

    udf.__name__ = udf.__qualname__ = name
    udf.__doc__ = portable.__doc__
    P = inspect.Parameter
    udf.__signature__ = inspect.Signature(
        [P(p, P.POSITIONAL_OR_KEYWORD) for p in lead]
        + [P(p, P.POSITIONAL_OR_KEYWORD, default=None) for p in functions.BLOCKS] + [
            P("caller", P.POSITIONAL_OR_KEYWORD, default=None)])
    for p in reversed(params):
        if p in functions.BLOCKS:
            udf = xw.arg(p, ndim=2, doc=functions.PARAMS[p] + _OPTIONAL.format(_DEFAULT_NAME[p]))(udf)
        else:
            udf = xw.arg(p, doc=functions.PARAMS[p])(udf)
    return xw.func(category=CATEGORY)(udf)


def _fit(table, caller):
    """A table for the caller's range: a multi-cell range (a legacy array formula, Excel before
    dynamic arrays) gets it cut or padded with "" to its size, a single cell (Excel 365 spills the
    result) gets the whole table."""
    try:
        height, width = tuple(caller.shape)
    except Exception:  # not a range: the whole table
        return table
    if (height, width) == (1, 1):
        return table
    out = []
    for i in range(height):
        row = list(table[i][:width]) if i < len(table) else []
        out.append(row + [""] * (width - len(row)))
    return out


for _name in functions.NAMES:
    globals()[_name] = _adapter(_name)
del _name
