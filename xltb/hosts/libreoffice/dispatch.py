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

from ...functions import core, callables as functions
from ..book import fit, pairing_room, prize_room, room

#: xltb's error -> what the component does -> what the cell shows in Calc (LibreOffice 7.4; the
#: add-in API has no way to return an error value directly: sc/source/core/tool/addincol.cxx)
CALC_ERRORS: dict[str, tuple[str, str]] = {
    core.NA: ("return nothing (a void any)", "#N/A (ISNA true, ERROR.TYPE 7)"),
    core.VALUE: ("raise an exception", "#VALUE! (Err:519)"),
    core.NUM: ("return NaN", "#NUM! (Err:503)"),
    core.NAME: ("raise IllegalArgumentException", "Err:502 'Invalid argument': Calc keeps #NAME? for unknown "
                                                  "function names"),
}


def call(name: str, *args: Any) -> Any:
    """The result of ``=name(args)`` (the arguments in the order of :mod:`.spec`): the worksheet
    function of :mod:`xltb.functions.callables`, the one every host calls."""
    return functions.call(name, *args)


def error_of(value: Any) -> str | None:
    """The xltb error a result stands for (``"#N/A"``, ...), None for a value."""
    return value if isinstance(value, str) and value in CALC_ERRORS else None


def table(rows: Any) -> tuple[tuple[Any, ...], ...]:
    """``TB_STANDINGS``'s rows as Calc takes an array: rectangular, numbers and text only (an error
    inside the table is its text: an array result has no per-cell error)."""
    width = max((len(r) for r in rows), default=0)
    return tuple(tuple(_cell(v) for v in row) + ("",) * (width - len(row)) for row in rows)


def pad(rows: Any, crosstable: Any, teams: Any = None) -> list[list[Any]]:
    """``TB_STANDINGS``'s rows padded with empty text to the room a template gives the table
    (:func:`~xltb.hosts.book.room`: LibreOffice 7.4 has no dynamic arrays, and a matrix formula's
    cells beyond its result show #N/A): as many rows as the participants' block passed (the
    Crosstable, team events the Teams range: header and every row, spare rows included). A matrix
    smaller than that shows the top left of the table (Calc cuts the result); a larger table keeps
    its size."""
    block = teams if teams not in (None, "") and not isinstance(teams, (int, float, str)) else crosstable
    return fit(rows, room(rows, len(block) if isinstance(block, (list, tuple)) else 0))


def pad_table(name: str, rows: Any, args: tuple[Any, ...]) -> list[list[Any]]:
    """A table function's rows padded to the room its template keeps: ``TB_STANDINGS`` by the participants'
    block (:func:`pad`), ``TB_PRIZES`` by the prize table's rows (:func:`~xltb.hosts.book.prize_room`)."""
    if name == "TB_PRIZES":
        block = args[0] if args else None
        return fit(rows, prize_room(rows, len(block) if isinstance(block, (list, tuple)) else 0))
    if name in ("TB_PAIRINGS", "TB_PAIRINGS_BY_NAME"):  # a line a participant: a team event's by its Teams block
        block = args[2] if len(args) > 2 and isinstance(args[2], (list, tuple)) else args[0] if args else None
        return fit(rows, pairing_room(rows, len(block) if isinstance(block, (list, tuple)) else 0))
    return pad(rows, *args[:1], *args[2:3])


def _cell(value: Any) -> Any:
    if isinstance(value, bool):  # Calc shows a bool from an add-in as 0
        return 1.0 if value else 0.0
    if isinstance(value, int):
        return float(value)
    return value
