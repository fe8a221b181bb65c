"""The formula engine of ``xltb recalc``: every formula of a workbook evaluated by the ``formulas``
package (EUPL-1.1+, installed by pip as the ``recalc`` extra, never copied into xltb), with xltb's
worksheet functions registered beside Excel's own (:mod:`xltb.hosts.engine`).

``formulas`` parses and compiles one formula at a time; this module is the workbook around it:
which cells a formula reads (references, ranges, defined names, and the blocks the short forms
``=TB_SB(A2)`` read through the workbook's names), the order of evaluation (an explicit stack, so
a chain of 100,000 formulas needs no deep recursion), circular references, the spill of a dynamic
array, and the limits of :mod:`xltb.limits`. A whole-column range (``$P:$P``) is read as far as its
sheet has cells, never as a million rows. A formula that cannot be evaluated is not given a value:
it is listed with the reason (:attr:`Outcome.failed`), and so is every formula that reads it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import formulas  # the engine: only `xltb recalc` imports this module
import numpy as np
import schedula as sh
from formulas.functions import get_functions, not_implemented

from .. import limits
from ..limits import MAX_COLUMNS, MAX_ROWS
from ..hosts import engine as engine_functions
from .program import program
from .bulk import Cell
from .columns import Columns
from .groups import Group, Groups, Regroup, loop_to
from .inputs import TB_CALL, Compiled, Inputs, written_around_base
from . import guard
from .text import misread, outside_strings, placed
from .values import Book, ExcelError, Formula, Key, NotEvaluated, Outcome, Rect, address, fit_array, from_engine_block, nesting, reason_of, to_engine



logging.getLogger("schedula").setLevel(logging.CRITICAL)  # a failed call is reported per cell, not logged
logging.getLogger("formulas").setLevel(logging.CRITICAL)



class Engine(Inputs, Columns, Groups):
    """Evaluates every formula of a :class:`Book`."""

    def __init__(self, book: Book):
        self.book = book
        self.upper = {s.upper(): s for s in book.sheets}
        extent: dict[str, tuple[int, int]] = {s: (0, 0) for s in book.sheets}
        for sheet, cells in book.values.items():
            if cells:
                extent[sheet] = (max(cells)[0], max(c for _, c in cells))  # (row, column) keys: max() is the last row
        self.by_sheet: dict[str, dict[tuple[int, int], Formula]] = {s: {} for s in book.sheets}
        #: array formulas whose range is over the limit a range may span: not evaluated, their range not visited
        self.too_large: dict[Key, str] = {}
        by_sheet = self.by_sheet
        for (sheet, r, c), f in book.formulas.items():
            by_sheet[sheet][(r, c)] = f
            area = f.area
            if area is None:  # a cell formula: its own cell
                mr, mc = extent[sheet]
                if r > mr or c > mc:
                    extent[sheet] = (max(mr, r), max(mc, c))
                continue
            if area.cells > limits.MAX_RANGE_CELLS:
                self.too_large[(sheet, r, c)] = (f"its array's range spans {area.cells:,} cells, more than the limit "
                                                 f"of {limits.MAX_RANGE_CELLS:,} cells a range may span")
                area = Rect(sheet, r, c, r, c)
            mr, mc = extent[sheet]
            extent[sheet] = (max(mr, area.r2), max(mc, area.c2))
        self.first_extent = extent
        #: anchors of arrays per sheet: their results cover other cells
        self.anchors: dict[str, list[Key]] = {s: [] for s in book.sheets}
        for key, f in book.formulas.items():
            # (a text without the call has none outside its strings either: most formulas are ruled out at once)
            if key not in self.too_large and (f.kind != "cell" or (_TABLE_CALL.search(f.text) and
                                                                   _TABLE_CALL.search(outside_strings(f.text)))):
                self.anchors[key[0]].append(key)
        self.anchor_keys = {k for keys in self.anchors.values() for k in keys}
        self.compiled: dict[str, Compiled | str] = {}
        self.compiled_at: dict[Key, Compiled] = {}
        self._templates: dict[int, list[Any] | None] = {}  # id(compiled) -> its text in pieces (groups)
        self.no_group: set[Key] = set()  # cells evaluated on their own after their group made a circle
        self.grouping = True
        self._reset()

    def _reset(self) -> None:
        """What an evaluation builds, as before the first."""
        self.extent = dict(self.first_extent)
        self.budget = guard.reset()  # what the formulas build, counted for this recalculation
        self.inputs_memo: dict[tuple[str, str], tuple[str, Any]] = {}  # (input, sheet) -> _input's answer
        self.outcome = Outcome({}, {}, {})
        #: cells covered by an evaluated array: sheet -> (row, column) -> value
        self.covered: dict[str, dict[tuple[int, int], Any]] = {s: {} for s in self.book.sheets}
        self.range_memo: dict[Rect, np.ndarray] = {}
        self.ranges_memo: dict[Rect, Any] = {}  # the engine's references to the memoised blocks
        self.formulas_memo: dict[Rect, list[Key]] = {}
        self.read = 0  # cells read into ranges, against limits.MAX_RECALC_CELLS
        #: why an xltb function gave an error value, by formula cell
        self.messages: dict[Key, str] = {}
        self.current: Key | None = None
        #: dynamic arrays that could not spill: (anchor, why)
        self.spill_blocked: list[tuple[Key, str]] = []
        #: what a formula's value leaves out (a table cut to its array formula's range), by formula cell
        self.warnings: dict[Key, str] = {}
        #: formulas of a column's shape whose inputs are ready, kept to be evaluated with the rest of their
        #: column (:mod:`xltb.recalc.bulk`): key -> (column, compiled, inputs); BULK False: one by one
        self.pending: dict[Key, tuple[Any, Compiled, list[Any]]] = {}
        self.columns: dict[Any, list[Key]] = {}  # the kept formulas by column and shape, in the order kept
        self.unit_of: dict[Key, Group] = {}  # the group of each formula that is in one
        self.step_memo: dict[Any, Any] = {}  # columns computed by element-wise functions (bulk._run)

    # -- the order of evaluation
    def run(self) -> Outcome:
        for _ in range(3):
            try:
                return self._run()
            except Regroup as again:  # groups made a circle the cells do not: those cells on their own
                self.no_group |= again.keys
                self._reset()
        self.grouping = False
        self._reset()
        return self._run()

    def _run(self) -> Outcome:
        state: dict[Any, int] = {}  # by unit (a formula's key, or its Group): 1 inputs being evaluated; 2 done
        order: dict[Key, int] = {}  # when each formula's inputs were done: when it is evaluated one by one
        deps_of: dict[Any, list[Key]] = {}
        in_cycle: set[Key] = set()  # the other cells of a circular reference found
        unit_of = self.unit_of
        for start in self.book.formulas:
            if state.get(unit_of.get(start, start)) == 2:
                continue
            stack: list[Key] = [start]
            while stack:
                key = stack[-1]
                unit: Any = unit_of.get(key, key)
                if state.get(unit) == 2:
                    stack.pop()
                    continue
                if unit not in state:
                    if unit is key:
                        unit = self._group_from(key, state) or key
                    state[unit] = 1
                    if isinstance(unit, Group):
                        deps_of[unit] = unit.deps
                    else:
                        try:
                            deps_of[key] = self._dependencies(key)
                        except NotEvaluated as why:
                            self.outcome.failed[key] = str(why)
                            state[key] = 2
                            order[key] = len(order)
                            stack.pop()
                            continue
                    todo = [d for d in deps_of[unit] if state.get(unit_of.get(d, d)) != 2]
                    cycle = next((d for d in todo if state.get(unit_of.get(d, d)) == 1), None)
                    if cycle is not None:
                        self._circular(key, unit, cycle, stack, state, in_cycle)
                        state[key] = 2
                        order[key] = len(order)
                        stack.pop()
                        continue
                    if todo:
                        stack.extend(todo)
                        continue
                stack.pop()
                state[unit] = 2
                deps = deps_of[unit]
                for d in deps:  # kept formulas this one reads: evaluated now, with their column
                    if d in self.pending:
                        self._force(d)
                if isinstance(unit, Group):
                    for k in unit.keys:
                        order[k] = len(order)
                    self._finish_group(unit, deps, in_cycle)
                    continue
                order[key] = len(order)
                self._evaluate_alone(key, deps, in_cycle, keep=True)
        while self.pending:
            self._force(next(iter(self.pending)))
        # the values and failures in the order the cells were reached, as when each is evaluated at once
        # (the lists of error values and of formulas not evaluated follow it)
        last = len(order)
        for name in ("values", "failed", "spills"):
            table = getattr(self.outcome, name)
            setattr(self.outcome, name, dict(sorted(table.items(), key=lambda kv: order.get(kv[0], last))))
        return self.outcome

    def _circular(self, key: Key, unit: Any, cycle: Key, stack: list[Key], state: dict[Any, int],
                  in_cycle: set[Key]) -> None:
        """``key`` reads ``cycle``, whose inputs are being evaluated: a circular reference, the reason ``key`` is not
        evaluated (the loop's other cells in ``in_cycle``); through a group: its cells each on their own (Regroup)."""
        loop = loop_to(cycle, stack, state, self.unit_of)
        groups = [u for u in loop + [unit] if isinstance(u, Group)]
        if groups:
            raise Regroup({k for g in groups for k in g.keys})
        self.outcome.failed[key] = (f"a circular reference (through {address(cycle)})"
                                    if cycle != key else "a circular reference (it reads itself)")
        in_cycle.update(u for u in loop if not isinstance(u, Group))  # none is (Regroup above)

    def _finish_group(self, unit: Group, deps: list[Key], in_cycle: set[Key]) -> None:
        """A group whose inputs are done, as a column (each cell on its own when an input failed: it names it)."""
        if any(d in self.outcome.failed for d in deps):
            for k in unit.keys:
                try:
                    self._evaluate_alone(k, self._dependencies(k), in_cycle)
                except NotEvaluated as why:
                    self.outcome.failed[k] = str(why)
        else:
            self._evaluate_group(unit)

    def _evaluate_alone(self, key: Key, deps: list[Key], in_cycle: set[Key], keep: bool = False) -> None:
        """Evaluate one formula whose inputs' formulas are done (``keep``: or keep it for its column)."""
        bad = next((d for d in deps if d in self.outcome.failed), None)
        if bad is not None:
            self.outcome.failed[key] = (f"a circular reference (through {address(bad)})" if key in in_cycle
                                        else f"it reads {address(bad)}, which was not evaluated")
            return
        try:
            if not (keep and self._keep(key)):
                self._evaluate(key)
        except NotEvaluated as why:
            self.outcome.failed[key] = str(why)

    def _dependencies(self, key: Key) -> list[Key]:
        f = self.book.formulas[key]
        if key in self.too_large:
            raise NotEvaluated(self.too_large[key])
        if not f.text:
            raise NotEvaluated("a data table (what-if analysis), which the engine does not compute")
        why = misread(f.text, key[0])
        if why:
            raise NotEvaluated(why)
        compiled = self._compiled(key)
        out: list[Key] = []
        rects = [self._input(name, key, compiled)[1] for name in compiled.inputs]
        if TB_CALL.search(outside_strings(f.text)):
            rects += [self.clip(r) for r in self._default_rects() if isinstance(r, Rect)]
        for rect in rects:
            if isinstance(rect, Rect):
                out += self._formulas_in(rect, key)
        return out

    def _formulas_in(self, rect: Rect, me: Key) -> list[Key]:
        found = self.formulas_memo.get(rect)
        if found is None:
            found = self.formulas_memo[rect] = self._formulas_reaching(rect)
        return found if me not in found or self.book.formulas[me].kind == "cell" else [k for k in found if k != me]

    def _formulas_reaching(self, rect: Rect) -> list[Key]:
        """The formula cells in ``rect`` and the arrays whose result may reach into it."""
        cells = self.by_sheet[rect.sheet]
        if rect.cells <= len(cells):
            found = [(rect.sheet, r, c) for r in range(rect.r1, rect.r2 + 1) for c in range(rect.c1, rect.c2 + 1)
                     if (r, c) in cells]
        else:
            found = [(rect.sheet, r, c) for (r, c) in cells if (rect.sheet, r, c) in rect]
        for anchor in self.anchors[rect.sheet]:  # an array whose result may reach into the range
            f = self.book.formulas[anchor]
            reach = f.area if f.kind == "array" else Rect(rect.sheet, anchor[1], anchor[2], MAX_ROWS, MAX_COLUMNS)
            if reach is not None and reach.meets(rect) and anchor not in found:
                found.append(anchor)
        return found

    # -- compiling
    def _compiled(self, key: Key) -> Compiled:
        """The formula at ``key`` compiled: once for its order and its evaluation (its text made canonical
        once, not twice)."""
        hit = self.compiled_at.get(key)
        if hit is None:
            f = self.book.formulas[key]
            hit = self.compiled_at[key] = self._compile(placed(f, key), key[1])
        return hit

    def _compile(self, text: str, row: int) -> Compiled:
        if len(text) > limits.MAX_FORMULA_CHARS:
            raise NotEvaluated(f"the formula has {len(text):,} characters, more than the limit of "
                               f"{limits.MAX_FORMULA_CHARS:,}")
        if nesting(text) > limits.MAX_FORMULA_DEPTH:
            raise NotEvaluated(f"brackets nested more than {limits.MAX_FORMULA_DEPTH} deep, the limit of the formula "
                               "depth")
        canonical, shifted = written_around_base(text, row)
        hit = self.compiled.get(canonical)
        if hit is None:
            hit = self.compiled[canonical] = _compile(canonical, shifted)
        if isinstance(hit, str):
            raise NotEvaluated(hit)
        return hit

    def cell(self, sheet: str, r: int, c: int) -> Any:
        """The value of one cell, formulas evaluated (a formula not evaluated yet or failed: NotEvaluated)."""
        key = (sheet, r, c)
        if (r, c) in self.covered[sheet]:
            return self.covered[sheet][(r, c)]
        f = self.by_sheet[sheet].get((r, c))
        if f is not None:
            if key not in self.outcome.values:
                raise NotEvaluated(f"it reads {address(key)}, which was not evaluated")
            return self.outcome.values[key]
        return self.book.values[sheet].get((r, c))

    def block(self, rect: Rect) -> np.ndarray:
        hit = self.range_memo.get(rect)
        if hit is not None:
            return hit
        self.read += rect.cells
        if self.read > limits.MAX_RECALC_CELLS:
            raise NotEvaluated(f"the workbook's formulas read more than {limits.MAX_RECALC_CELLS:,} cells in all, the "
                               "limit of a recalculation")
        out = np.empty((rect.r2 - rect.r1 + 1, rect.c2 - rect.c1 + 1), dtype=object)
        out.fill(sh.EMPTY)
        sheet = rect.sheet
        for source in (self.book.values[sheet], self.by_sheet[sheet], self.covered[sheet]):
            if rect.cells <= len(source):
                items = ((rc, source[rc]) for rc in ((r, c) for r in range(rect.r1, rect.r2 + 1)
                                                     for c in range(rect.c1, rect.c2 + 1)) if rc in source)
            else:
                items = ((rc, v) for rc, v in source.items() if rect.r1 <= rc[0] <= rect.r2 and rect.c1 <= rc[1] <= rect.c2)
            for (r, c), v in items:
                if source is self.by_sheet[sheet]:
                    v = self.cell(sheet, r, c)
                    if isinstance(v, list):
                        v = v[0][0] if v and v[0] else ""
                out[r - rect.r1, c - rect.c1] = to_engine(v)
        if rect.cells >= 64:
            self.range_memo[rect] = out
        return out

    # -- evaluating
    def _evaluate(self, key: Key) -> None:
        compiled = self._compiled(key)
        self._finish(key, self._call(key, compiled, self._arguments(key, compiled)))

    def _arguments(self, key: Key, compiled: Compiled, cells: frozenset[int] = frozenset()) -> list[Any]:
        """The engine's inputs of the formula at ``key``; those in ``cells`` that are one cell as a
        :class:`~xltb.recalc.bulk.Cell` (its value read now, the engine's reference made when needed)."""
        args: list[Any] = []
        for i, name in enumerate(compiled.inputs):
            _, target = self._input(name, key, compiled)
            if isinstance(target, Rect):
                try:
                    if i in cells and target.cells == 1 and target not in self.ranges_memo:
                        args.append(Cell(self._range_parts(target), self.block(target)))
                        continue
                    args.append(self._ranges(target))
                except NotEvaluated:
                    raise
                except Exception as exc:  # a reference the engine cannot hold: this formula, not the run
                    raise NotEvaluated(reason_of(exc)) from None
            else:
                args.append(to_engine(target))
        return args

    def _call(self, key: Key, compiled: Compiled, args: list[Any]) -> Any:
        f = self.book.formulas[key]
        self.current = key
        shape = None
        if f.kind == "array":
            assert f.area is not None  # both readers give every array formula its area
            shape = (f.area.r2 - f.area.r1 + 1, f.area.c2 - f.area.c1 + 1)
        engine_functions.ACTIVE.engine, engine_functions.ACTIVE.shape = self, shape
        try:
            result = compiled.function(*args)
        except NotEvaluated:
            raise
        except RecursionError:
            raise NotEvaluated("nested too deeply for the engine") from None
        except Exception as exc:  # formulas raises for functions it lacks and for its own limits
            raise NotEvaluated(reason_of(exc)) from None
        finally:
            engine_functions.ACTIVE.engine = None
        return result

    def _finish(self, key: Key, result: Any) -> None:
        """Keep the engine's ``result`` of the formula at ``key`` as its value (an array spilt, covered)."""
        f = self.book.formulas[key]
        dynamic = f.kind == "dynamic" or (f.kind == "cell" and key in self.anchor_keys)
        rows = from_engine_block(result)
        if f.kind == "array":
            assert f.area is not None  # both readers give every array formula its area
            rows = fit_array(rows, f.area.r2 - f.area.r1 + 1, f.area.c2 - f.area.c1 + 1)
        self.budget.add_result(rows)  # what is kept and written, against the limits of a recalculation
        if f.kind == "cell" and not dynamic:
            if len(rows) != 1 or len(rows[0]) != 1:
                raise NotEvaluated(f"it gives an array of {len(rows)} x {len(rows[0])} values in one cell (an array "
                                   "formula that is not marked as one)")
            self.outcome.values[key] = rows[0][0]
            return
        if f.kind == "array":
            self._cover(key, rows)
            self.outcome.values[key] = rows
            return
        # a dynamic array spills to its result's size; a cell in the way gives #SPILL!, as in Excel
        sheet, r0, c0 = key
        old = f.area or Rect(sheet, r0, c0, r0, c0)
        blocked = None
        for i, row in enumerate(rows):
            for j in range(len(row)):
                at = (r0 + i, c0 + j)
                if (i or j) and (at in self.by_sheet[sheet] or at in self.covered[sheet] or
                                 (self.book.values[sheet].get(at) not in (None, "") and (sheet, *at) not in old)):
                    blocked = at
                    break
            if blocked:
                break
        if blocked:
            corner = (sheet, r0 + len(rows) - 1, c0 + len(rows[0]) - 1)
            self.outcome.values[key] = [[ExcelError("#SPILL!")]]
            self.outcome.spills[key] = Rect(sheet, r0, c0, r0, c0)
            self.outcome.failed.pop(key, None)
            self.spill_blocked.append((key, f"#SPILL! the result needs the cells up to {address(corner)}, and "
                                            f"{address((sheet, *blocked))} is not empty"))
            return
        self.outcome.values[key] = rows
        self.outcome.spills[key] = Rect(sheet, r0, c0, r0 + len(rows) - 1, c0 + len(rows[0]) - 1)
        self._cover(key, rows)

    def _ranges(self, target: Rect) -> Any:
        """The engine's reference to ``target`` with its values. A memoised block's reference is made once
        and given to every formula that reads it, as ``formulas``' own workbook model shares a range's
        node (its values then taken out of the block once, not once a formula)."""
        hit = self.ranges_memo.get(target)
        if hit is not None:
            return hit
        out = formulas.Ranges().set_value(self._range_parts(target), self.block(target))
        if target in self.range_memo:
            self.ranges_memo[target] = out
        return out

    def _cover(self, key: Key, rows: list[list[Any]]) -> None:
        sheet, r0, c0 = key
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                if i or j:
                    self.covered[sheet][(r0 + i, c0 + j)] = v
        mr, mc = self.extent[sheet]
        self.extent[sheet] = (max(mr, r0 + len(rows) - 1), max(mc, c0 + len(rows[0]) - 1))
        self.inputs_memo.clear()  # whole columns and names reach as far as the sheet's cells: resolved again
        self.range_memo = {k: v for k, v in self.range_memo.items() if k.sheet != sheet}
        self.ranges_memo = {k: v for k, v in self.ranges_memo.items() if k.sheet != sheet}

    def note(self, message: str) -> None:
        """Remember why an xltb function of the formula being evaluated gave an error value."""
        if self.current is not None:
            self.messages.setdefault(self.current, message)

    def warn(self, message: str) -> None:
        """Remember what the value of the formula being evaluated leaves out."""
        if self.current is not None:
            self.warnings.setdefault(self.current, message)

    # -- the blocks of xltb's functions given by the workbook's names
    def named_block(self, name: str) -> tuple[Any, Rect | None]:
        target = self.book.names.get(name)
        if isinstance(target, Rect):
            target = self.clip(target)
            return self.block(target), target
        return None, None

    def clip(self, rect: Rect) -> Rect:
        """The part of a range that reaches the sheet's cells (at least its first cell)."""
        mr, mc = self.extent[rect.sheet]
        return Rect(rect.sheet, rect.r1, rect.c1, max(rect.r1, min(rect.r2, mr)), max(rect.c1, min(rect.c2, mc)))

    def sheet_name(self, upper: str) -> str:
        return self.upper.get(upper.upper(), upper)


_TABLE_CALL = re.compile(r"(?<![A-Za-z0-9_.])TB_(?:STANDINGS|PRIZES)\s*\(", re.IGNORECASE)  # spelled plainly


def _compile(text: str, shifted: bool) -> Compiled | str:
    try:
        tokens, builder = formulas.Parser().ast(text)
    except RecursionError:
        return "nested too deeply for the engine"
    except Exception as exc:
        return f"cannot read the formula ({reason_of(exc)})"
    known = get_functions()
    for token in tokens:
        if type(token).__name__ == "Function" and known.get(token.name.upper(), not_implemented) is not_implemented:
            return f"the function {token.name.upper()} is not one the formulas engine has"
    try:
        function = builder.compile()  # the engine computes what is constant now: the limits apply already
    except RecursionError:
        return "nested too deeply for the engine"
    except Exception as exc:
        limit = guard.limit_met(exc)
        return str(limit) if limit is not None else f"cannot read the formula ({reason_of(exc)})"
    # the engine's functions called without its dispatcher, where the program reproduces the pipe
    return Compiled(program(function) or function, list(function.inputs), shifted)


engine_functions.register()
guard.install()  # after xltb's functions are in the engine's table: every function and operator bounded
