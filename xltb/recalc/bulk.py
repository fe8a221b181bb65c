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

import re
from typing import Any, Sequence

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
    values: list[Any] = list(plan.first)
    for i in range(plan.arity):
        values[i] = _Rows([r[i] for r in rows]) if i in varying else rows[0][i]
    for step in plan.steps:
        name = _name(step.name)
        ins = [values[j] for j in step.inputs]
        vary = [k for k, v in enumerate(ins) if isinstance(v, (_Rows, _Column))]
        if name in ONCE and vary and (name not in _ONLY_FIRST or vary == [0]):
            args = []
            for v in ins:
                if isinstance(v, (_Rows, _Column)):
                    stacked = _stack(v, n)
                    if stacked is None:
                        return None
                    args.append(stacked)
                else:
                    args.append(v)
            out = step.function(*args)
            for keep in step.filters:
                out = keep(out)
            if not isinstance(out, np.ndarray) or out.shape != (n, 1):
                return None
            values[step.output] = _Column(out)
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
    if not isinstance(final, (_Rows, _Column)):
        return None
    return [_item(final, r) for r in range(n)]


def _item(value: Any, r: int) -> Any:
    if isinstance(value, _Rows):
        item = value.items[r]
        return item.ranges() if isinstance(item, Cell) else item
    if isinstance(value, _Column):
        return value.array[r:r + 1]
    return value


def _stack(value: _Rows | _Column, n: int) -> Any:
    """The rows' values as one ``(n, 1)`` array: each row's one value (a one-cell reference's value, a
    ``(1, 1)`` array's element) where the row's cell has one, else None."""
    if isinstance(value, _Column):
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


__all__: Sequence[str] = ("Cell", "bulk", "bulk_shape", "ONCE", "EACH")
