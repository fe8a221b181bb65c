"""A column's formulas of one shape kept and evaluated together (:mod:`xltb.recalc.bulk`), a part of
``xltb recalc``'s engine (:mod:`xltb.recalc.engine`)."""

from __future__ import annotations

from typing import Any, Callable

from .bulk import Cell, bulk, bulk_shape
from .inputs import TB_CALL, Compiled, varying_inputs
from .text import outside_strings
from .values import Key, NotEvaluated

#: formulas of one shape down a column evaluated together (xltb.recalc.bulk); False: each on its own
#: (the test comparing both sets it)
BULK = True


def bulk_formula(compiled: Compiled, text: str) -> bool:
    """Whether a formula (``text``, compiled) is of a shape :mod:`xltb.recalc.bulk` evaluates down a
    column: its relative rows compiled around the base row, a program of the engine's element-wise
    functions and INDEX only, no xltb function (it reads the workbook's names), no spill range (``A1#``)."""
    plan = getattr(compiled.function, "plan", None)
    return (plan is not None and compiled.shifted and bulk_shape(plan)
            and not TB_CALL.search(outside_strings(text)) and not any(n.endswith("#") for n in compiled.inputs))


class Columns:
    """Formulas kept to be evaluated with their column (a part of :class:`~xltb.recalc.engine.Engine`)."""

    book: Any
    anchor_keys: set[Key]
    outcome: Any
    pending: dict[Key, tuple[Any, Compiled, list[Any]]]
    columns: dict[Any, list[Key]]

    # the engine's: the formula compiled, its inputs read, evaluated, its value kept
    _compiled: Callable[[Key], Compiled]
    _arguments: Callable[..., list[Any]]
    _call: Callable[[Key, Compiled, list[Any]], Any]
    _finish: Callable[[Key, Any], None]

    def _keep(self, key: Key) -> bool:
        """Keep a formula to be evaluated with its column's, if it is of a shape evaluated in bulk: a
        plain cell formula whose relative rows were compiled around a base row, of the engine's
        element-wise functions and INDEX only. Its inputs are read now, as they would be to evaluate it
        now; it is evaluated when a formula reads it, or at the end."""
        f = self.book.formulas[key]
        if not BULK or f.kind != "cell" or key in self.anchor_keys:
            return False
        compiled = self._compiled(key)
        if not bulk_formula(compiled, f.text):
            return False
        args = self._arguments(key, compiled, varying_inputs(compiled))
        column = (key[0], key[2], id(compiled))
        self.pending[key] = (column, compiled, args)
        self.columns.setdefault(column, []).append(key)
        return True

    def _force(self, key: Key) -> None:
        """Evaluate the kept formulas of ``key``'s column and shape: in bulk those that share their other
        inputs (the same range objects and constants), one by one where bulk declines."""
        column = self.pending[key][0]
        members = self.columns.pop(column)
        compiled = self.pending[key][1]
        varying = varying_inputs(compiled)
        groups: dict[tuple[Any, ...], list[Key]] = {}
        for k in members:
            args = self.pending[k][2]
            shared = tuple(id(a) if i not in varying else None for i, a in enumerate(args))
            groups.setdefault(shared, []).append(k)
        for keys in groups.values():
            results = None
            if len(keys) > 1:
                try:
                    results = bulk(compiled.function.plan, [self.pending[k][2] for k in keys], varying)
                except Exception:  # the engine refused the column: each cell gives its own value or reason
                    results = None
            for i, k in enumerate(keys):
                _, _, args = self.pending.pop(k)
                try:
                    if results is None:
                        self._finish(k, self._call(k, compiled, [a.ranges() if isinstance(a, Cell) else a
                                                                 for a in args]))
                    else:
                        self._finish(k, results[i])
                except NotEvaluated as why:
                    self.outcome.failed[k] = str(why)
