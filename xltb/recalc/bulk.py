"""A column of formulas of one shape evaluated in one pass: the ``formulas`` engine's own functions called
once over the column where they work element by element, and once per row where they do not.

The templates' standings hold, per row, ten formulas of the form
``=IF($A2=0,"",INDEX($O:$O,MATCH($A2,$P:$P,0)))``: 20,000 formulas for 2,000 players, all one compiled
program (:mod:`xltb.recalc.program`) fed different rows. Called per cell, each costs the engine's
per-call preparation (a ``numpy.vectorize`` built per call, its arguments parsed, MATCH's lookup value
prepared) for one value. :func:`bulk` runs the program's steps once for the whole column instead:

- a step of :data:`ONCE` (comparisons, ``IF``, ``MATCH`` whose lookup value alone differs by row) is
  one of ``formulas``' ``wrap_ufunc`` functions: it vectorises a per-element function (``safe_eval``:
  each element's errors checked and its value computed on its own, ``otypes=object`` so that no element
  is converted to another's type). Given the column's values stacked as an ``(n, 1)`` array it computes
  each element exactly as it computes the one element of a cell's ``(1, 1)`` array; each row's
  element is then that row's value (a ``(1, 1)`` slice of the same class);
- a step of :data:`EACH` (``INDEX``: given an array of row numbers ``formulas`` gives an array of
  references, which the next function reads as #VALUE!, where a cell's INDEX gives one reference that
  the next function reads as its value) is called once per row, with that row's arguments, as the cell
  would call it;
- anything else (another function, an array where one value per row is expected, a shape the result
  does not have) gives None: the caller evaluates those cells one by one.

So every value is computed by the engine's own functions from the inputs the cell would give them; only
the number of calls changes. ``tests/test_recalc_program.py`` evaluates every bundled workbook and
template, a sheet of these shapes over every kind of value and a fuzzing corpus both ways and compares
the results cell for cell.
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Sequence

import formulas
import numpy as np

from .program import Plan

#: the engine's functions (by their node's name) called once over the column: element-wise ufuncs
ONCE = frozenset({"=", "<>", "<", ">", "<=", ">=", "IF", "MATCH"})
#: called once per row: INDEX of an array of row numbers is not the rows' INDEX one by one
EACH = frozenset({"INDEX"})
#: MATCH is element-wise in its lookup value only (the array and the match type are the same for all rows)
_ONLY_FIRST = frozenset({"MATCH"})
_NODE = re.compile(r"(.*?)(?:<\d+>)?")


class Cell:
    """A one-cell input of a kept formula: its value read when the formula was kept (``block``: the
    ``(1, 1)`` array the engine's reference would hold), and the engine's reference to it made only where a
    function is given the reference itself (``formulas.Ranges().set_value(parts, block)``, as the engine
    makes it for a formula evaluated on its own)."""

    __slots__ = ("parts", "block", "_ranges")

    def __init__(self, parts: Any, block: Any):
        self.parts = parts
        self.block = block
        self._ranges: Any = None

    def ranges(self) -> Any:
        if self._ranges is None:
            self._ranges = formulas.Ranges().set_value(self.parts, self.block)
        return self._ranges


class _Rows:
    """A value that differs by row: each row's own (what the row's cell would hold)."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any]):
        self.items = items


class _Column:
    """A value that differs by row, computed once: an ``(n, 1)`` array, row ``i`` its ``(1, 1)`` slice."""

    __slots__ = ("array",)

    def __init__(self, array: Any):
        self.array = array


class Moving:
    """An input that is the row's own cell, for a whole column of formulas: the column's values (an
    ``(n, 1)`` block: row ``i`` the element of the ``(1, 1)`` block row ``i``'s reference holds) and, made
    only where a function is given the reference itself, row ``i``'s :class:`Cell`."""

    __slots__ = ("array", "cell")

    def __init__(self, array: Any, cell: Callable[[int], Cell]):
        self.array = array
        self.cell = cell


_VARYING = (_Rows, _Column, Moving)


def bulk_shape(plan: Plan) -> bool:
    """Whether every step of the program is one :func:`bulk` evaluates."""
    return all(_name(step.name) in ONCE or _name(step.name) in EACH for step in plan.steps)


def _name(node: str) -> str:
    m = _NODE.fullmatch(node)
    return (m[1] if m else node).upper()


def bulk(plan: Plan, rows: Sequence[Sequence[Any]], varying: frozenset[int]) -> list[Any] | None:
    """Each row's result of the program (``rows``: each row's inputs, the same objects for the inputs not
    in ``varying``), or None where a step is not one this evaluates in bulk."""
    n = len(rows)
    inputs = [_Rows([r[i] for r in rows]) if i in varying else rows[0][i] for i in range(plan.arity)]
    final = _run(plan, inputs, n)
    if final is None:
        return None
    return [_item(final, r) for r in range(n)]


def bulk_column(plan: Plan, inputs: Sequence[Any], n: int, memo: dict[Any, Any] | None = None) -> Any:
    """The results of a column of ``n`` formulas of one program (``inputs``: a :class:`Moving` for each
    input that is the row's own cell, the one object all rows share for the others): an ``(n, 1)`` array
    whose row ``i`` holds the element of row ``i``'s ``(1, 1)`` result, or a list of each row's result (a
    step called per row gave it), or None where a step is not one this evaluates in bulk."""
    final = _run(plan, list(inputs), n, memo)
    if final is None:
        return None
    if isinstance(final, (_Column, Moving)):
        return final.array
    return [_item(final, r) for r in range(n)]


def _run(plan: Plan, inputs: list[Any], n: int, memo: dict[Any, Any] | None = None) -> Any:
    """The program's result slot over the column (a value that differs by row), or None. ``memo``: the
    columns computed by the engine's element-wise functions, by function and inputs (the templates'
    ten lookup columns of a row each compute ``$A4=0`` and ``MATCH($A4,$P:$P,0)`` over the same
    column: each is computed once, its values the engine's, as these functions read nothing else)."""
    values: list[Any] = list(plan.first)
    values[:plan.arity] = inputs
    for step in plan.steps:
        name = _name(step.name)
        ins = [values[j] for j in step.inputs]
        vary = [k for k, v in enumerate(ins) if isinstance(v, _VARYING)]
        if name in ONCE and vary and (name not in _ONLY_FIRST or vary == [0]):
            column = _once(step, ins, n, memo)
            if column is None:
                return None
            values[step.output] = column
        elif name in EACH and vary == [2] and len(ins) == 3 and not step.filters and \
                (column := _index_column(step, ins, n)) is not None:
            values[step.output] = _Column(column)
        elif name in ONCE or name in EACH:  # per row (a step no row's input reaches: the same call for each)
            items = []
            for r in range(n):
                out = step.function(*[_item(v, r) for v in ins])
                for keep in step.filters:
                    out = keep(out)
                items.append(out)
            values[step.output] = _Rows(items)
        else:
            return None
    final = values[plan.result]
    return final if isinstance(final, _VARYING) else None


def _once(step: Any, ins: list[Any], n: int, memo: dict[Any, Any] | None) -> _Column | None:
    """An element-wise step called once over the whole column (its varying inputs stacked), its result taken
    from ``memo`` when the same function was called on the same inputs; None: not a column of ``n`` rows."""
    args = []
    for v in ins:
        if isinstance(v, _VARYING):
            stacked = _stack(v, n)
            if stacked is None:
                return None
            args.append(stacked)
        else:
            args.append(v)
    key = _memo_key(step, args) if memo is not None else None
    hit = memo.get(key) if memo is not None and key is not None else None
    if hit is not None:
        out = hit[0]
    else:
        out = step.function(*args)
        for keep in step.filters:
            out = keep(out)
        if not isinstance(out, np.ndarray) or out.shape != (n, 1):
            return None
        if memo is not None and key is not None:
            memo[key] = (out, args)  # the inputs kept: their ids stay theirs while the key holds them
    return _Column(out)


_PLAIN = (int, float, str, bool, type(None))


def _memo_key(step: Any, args: list[Any]) -> Any:
    """A step's function, filters and inputs as a key: a plain constant by its type and value, any other
    input (a column's array, a range) by its identity; None where an input is neither."""
    parts: list[Any] = [id(step.function), tuple(id(f) for f in step.filters)]
    for a in args:
        parts.append((type(a), a) if type(a) in _PLAIN else id(a))
    return tuple(parts)


def _index_column(step: Any, ins: list[Any], n: int) -> Any:
    """``INDEX(column, row)`` for every row at once, where the column is one range one cell wide (the same
    for all rows) and the row numbers differ by row: the element a row's INDEX reference holds, read from
    the range's values, for a whole row number inside the range (what xltb's INDEX, ``_fast_index`` in
    :mod:`xltb.hosts.engine`, gives as a one-cell reference, read by the next step as its value); any
    other row number (an error value, 0, a text, beyond the range) is the engine's INDEX called for that
    row. None: not this shape (the caller calls INDEX per row)."""
    flag, array, numbers = ins
    if flag is not False or not isinstance(array, formulas.Ranges) or len(array.ranges) != 1:
        return None
    rng = array.ranges[0]
    try:
        height, width = int(rng["r2"]) - int(rng["r1"]) + 1, int(rng["n2"]) - int(rng["n1"]) + 1
        table = array.value
    except Exception:
        return None
    if width != 1 or not isinstance(table, np.ndarray) or table.shape != (height, 1):
        return None
    rows = _stack(numbers, n)
    if rows is None:
        return None
    out = np.empty((n, 1), dtype=object)
    for r in range(n):
        x = rows[r, 0]
        if isinstance(x, _NUMBER) and not isinstance(x, _BOOL) and math.isfinite(x) and 1 <= x < height + 1:
            out[r, 0] = table[int(x) - 1, 0]
            continue
        got = step.function(*[_item(v, r) for v in ins])
        element = _element(got)
        if element is _NONE:
            return None
        out[r, 0] = element
    return out


_NUMBER = (int, float, np.integer, np.floating)
_BOOL = (bool, np.bool_)
_NONE = object()


def _element(item: Any) -> Any:
    """The one value a row's result holds, as :func:`_stack` reads it, or ``_NONE``."""
    if isinstance(item, formulas.Ranges):
        item = item.value
    if isinstance(item, np.ndarray):
        if item.shape != (1, 1) or item.dtype != object:
            return _NONE
        return item[0, 0]
    if isinstance(item, (list, tuple)):
        return _NONE
    return item


def _item(value: Any, r: int) -> Any:
    if isinstance(value, Moving):
        return value.cell(r).ranges()
    if isinstance(value, _Rows):
        item = value.items[r]
        return item.ranges() if isinstance(item, Cell) else item
    if isinstance(value, _Column):
        return value.array[r:r + 1]
    return value


def _stack(value: _Rows | _Column | Moving, n: int) -> Any:
    """The rows' values as one ``(n, 1)`` array: each row's one value (a one-cell reference's value, a
    ``(1, 1)`` array's element) where the row's cell has one, else None."""
    if isinstance(value, (_Column, Moving)):
        return value.array
    out = np.empty((n, 1), dtype=object)
    for r, item in enumerate(value.items):
        if isinstance(item, Cell):  # the value its reference holds: the element of its one-cell block
            item = item.block
        elif isinstance(item, formulas.Ranges):
            item = item.value
        if isinstance(item, np.ndarray):
            if item.shape != (1, 1) or item.dtype != object:
                return None
            item = item[0, 0]
        elif isinstance(item, (list, tuple)):
            return None
        out[r, 0] = item
    return out


__all__: Sequence[str] = ("Cell", "Moving", "bulk", "bulk_column", "bulk_shape", "ONCE", "EACH")
