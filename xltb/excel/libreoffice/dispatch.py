"""One Calc call -> xltb's value functions, and how each result reaches the cell.

Calc hands the add-in plain values: a range as a tuple of row tuples, a number as a float, an empty
cell as ``""``, an omitted optional argument as ``None``. :func:`call` is the one place that
calls xltb; its results are the cell values of the value-passing hosts: numbers, text, rows
(``TB_STANDINGS``), and an Excel error as its text (``"#N/A"``, ``"#VALUE!"``, ``"#NUM!"``,
``"#NAME?"``). :func:`error_of` tells the UNO component which of those results are errors;
the component turns them into Calc's error values (see :data:`CALC_ERRORS`).

Plain Python (no ``uno``): tested without LibreOffice.
"""

from __future__ import annotations

from typing import Any

from .. import core
from ..crosstable import Origin
from .spec import BY_NAME

#: xltb's error -> what the component does -> what the cell shows in Calc (LibreOffice 7.4; the
#: add-in API has no way to return an error value directly: sc/source/core/tool/addincol.cxx)
CALC_ERRORS: dict[str, tuple[str, str]] = {
    core.NA: ("return nothing (a void any)", "#N/A (ISNA true, ERROR.TYPE 7)"),
    core.VALUE: ("raise an exception", "#VALUE! (Err:519)"),
    core.NUM: ("return NaN", "#NUM! (Err:503)"),
    core.NAME: ("raise IllegalArgumentException", "Err:502 'Invalid argument': Calc keeps #NAME? for unknown "
                                                  "function names"),
}


def _rows(block: Any) -> Any:
    """A block as rows: a one-cell range or a single value is one row of one cell."""
    if block is None:
        return None
    if not isinstance(block, (list, tuple)):
        return ((block,),)
    if block and not isinstance(block[0], (list, tuple)):
        return (tuple(block),)
    return block


def _teams(teams: Any) -> core.TeamSheets | None:
    return None if teams is None else core.TeamSheets(_rows(teams), Origin("Teams"))


def _text(value: Any) -> Any:
    return value.code if isinstance(value, core.ExcelError) else value


def call(name: str, *args: Any) -> Any:
    """The result of ``=name(args)``: the arguments in the order of :mod:`.spec`.

    When ``xltb.excel.functions`` (the same catalogue as plain callables) is available this body
    becomes ``return functions.call(name, *args)``."""
    fn = BY_NAME[name]
    if name == "TB_STANDINGS":
        crosstable, settings, teams = args
        table = core.tb_standings(_rows(crosstable), _rows(settings), Origin(), None, _teams(teams))
        return [[_text(v) for v in row] for row in table]
    *head, crosstable, settings, teams = args
    blocks = (_rows(crosstable), _rows(settings), Origin(), _teams(teams))
    if fn.code is not None:
        return _text(core.tb_value(fn.code, head[0], *blocks))
    if name == "TB":
        return _text(core.tb_value(head[0], head[1], *blocks))
    if name == "TB_RANK":
        return _text(core.tb_rank(head[0], *blocks))
    if name == "TB_EXPLAIN":
        return core.tb_explain(head[0], head[1], *blocks)
    if name == "TB_CHECK":
        return _text(core.tb_check(head[0], head[1], head[2], *blocks))
    raise KeyError(name)


def error_of(value: Any) -> str | None:
    """The xltb error a result stands for (``"#N/A"``, ...), None for a value."""
    return value if isinstance(value, str) and value in CALC_ERRORS else None


def table(rows: Any) -> tuple[tuple[Any, ...], ...]:
    """``TB_STANDINGS``'s rows as Calc takes an array: rectangular, numbers and text only (an error
    inside the table is its text: an array result has no per-cell error)."""
    width = max((len(r) for r in rows), default=0)
    return tuple(tuple(_cell(v) for v in row) + ("",) * (width - len(row)) for row in rows)


def _cell(value: Any) -> Any:
    if isinstance(value, bool):  # Calc shows a bool from an add-in as 0
        return 1.0 if value else 0.0
    if isinstance(value, int):
        return float(value)
    return value
