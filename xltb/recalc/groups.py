"""A column's formulas of one shape ordered and evaluated as one, a part of ``xltb recalc``'s engine
(:mod:`xltb.recalc.engine`).

The templates' standings hold, per row, thirteen formulas: ``=Crosstable!A2`` and its neighbours, then
ten lookups ``=IF($A4=0,"",INDEX($O:$O,MATCH($A4,$P:$P,0)))``; 32,500 formulas for 2,000 players, in
thirteen columns of one shape each. Ordering them one by one (each formula's inputs resolved, the formulas
in them found, each visited) cost more than evaluating them. A **group** is a run of rows down one
column whose formulas are the same formula written around their row (one compiled program, its relative
rows moving with the row: ``=A5`` in row 5 and ``=A6`` in row 6), made of the functions
:mod:`xltb.recalc.bulk` evaluates over a column, whose inputs that move with the row are single cells.
The group is one node of the order of evaluation: the formulas it reads are those in the ranges its
inputs cover (each moving cell's column, the ranges all rows share), found once; it is evaluated when
they are, by :func:`~xltb.recalc.bulk.bulk_column` (each step of the program called once over the
column, or once per row where the step needs it), and each row's value is the one its cell would get on
its own (``tests/test_recalc_program.py`` compares both ways).

A run is not made a group (its cells are ordered and evaluated one by one, as before) when one of its
cells reads another of the run (a running total), when any input fails to resolve (a row off the
sheet, an unknown name), or when it is shorter than :data:`MIN_ROWS`. When the groups make a circle of
reads that the cells themselves do not (column B reads C a row up, C reads B a row up), the engine starts
again with those runs cell by cell (:class:`Regroup`), so a circular reference is found and named by cell.
"""

from __future__ import annotations

from typing import Any, Callable

from .bulk import Cell, Moving, bulk_column
from .columns import bulk_formula
from .inputs import BASE, RELATIVE_CELL, Compiled, moves_with_row, varying_inputs, written_around_base
from .text import misread, own_place
from .values import Key, NotEvaluated, Rect, from_engine, to_engine

#: the fewest rows a group has (fewer: each cell on its own, as before)
MIN_ROWS = 8
#: groups made at all (False: every formula ordered and evaluated on its own; the test comparing both sets it)
GROUPS = True



class Group:
    """Rows ``first`` to ``last`` of one column of a sheet, one compiled formula."""

    __slots__ = ("sheet", "column", "first", "last", "compiled", "moving", "deps", "keys")

    def __init__(self, sheet: str, column: int, first: int, last: int, compiled: Compiled,
                 moving: dict[int, Rect], deps: list[Key]):
        self.sheet = sheet
        self.column = column
        self.first = first
        self.last = last
        #: the formula, compiled around the base row
        self.compiled = compiled
        #: input number -> the column of cells that input reads, first row to last
        self.moving = moving
        #: the formula cells the group reads (to be evaluated before it)
        self.deps = deps
        #: the group's cells, top to bottom
        self.keys = [(sheet, r, column) for r in range(first, last + 1)]


def loop_to(cycle: Key, stack: list[Key], state: dict[Any, int], unit_of: dict[Key, Any]) -> list[Any]:
    """The units of a circular reference: the path being evaluated (each unit's visited place on the engine's
    ``stack``, ``state`` 1), from the unit of ``cycle`` to the top (empty: ``cycle``'s unit is not on it)."""
    place = {unit_of.get(k, k): i for i, k in enumerate(stack) if state.get(unit_of.get(k, k)) == 1}
    path = sorted(place, key=place.__getitem__)
    first = unit_of.get(cycle, cycle)
    return path[path.index(first):] if first in place else []


class Regroup(Exception):
    """Groups made a circle of reads: evaluate again with these cells on their own."""

    def __init__(self, keys: set[Key]):
        super().__init__("regroup")
        self.keys = keys


class Groups:
    """Runs of one formula down a column as one node (a part of :class:`~xltb.recalc.engine.Engine`)."""

    book: Any
    by_sheet: dict[str, dict[tuple[int, int], Any]]
    anchor_keys: set[Key]
    too_large: dict[Key, str]
    outcome: Any
    budget: Any
    compiled_at: dict[Key, Compiled]
    unit_of: dict[Key, Group]
    no_group: set[Key]
    grouping: bool
    _templates: dict[int, list[Any] | None]
    step_memo: dict[Any, Any]

    _compiled: Callable[[Key], Compiled]
    _input: Callable[[str, Key, Compiled], tuple[str, Any]]
    _formulas_in: Callable[[Rect, Key], list[Key]]
    _evaluate: Callable[[Key], None]
    _finish: Callable[[Key, Any], None]
    block: Callable[[Rect], Any]
    _ranges: Callable[[Rect], Any]
    _range_parts: Callable[[Rect], Any]

    def _group_from(self, key: Key, taken: dict[Any, int]) -> Group | None:
        """The group that starts at ``key`` and runs down its column over formulas not ordered yet, or None."""
        if not (GROUPS and self.grouping) or key in self.no_group:
            return None
        compiled = self._groupable(key)
        if compiled is None:
            return None
        pieces = self._template(key, compiled)
        if pieces is None:
            return None
        sheet, row, column = key
        formulas = self.book.formulas
        last = self._run_end(key, pieces, taken)
        if last - row + 1 < MIN_ROWS or misread(formulas[(sheet, last, column)].text, sheet):
            return None
        inputs = self._group_inputs(compiled, key, (sheet, last, column))
        if inputs is None:
            return None
        moving, deps = inputs
        if any(d[0] == sheet and d[2] == column and row <= d[1] <= last for d in deps):
            return None  # a cell of the run reads another (or itself): each on its own
        group = Group(sheet, column, row, last, compiled, moving, list(dict.fromkeys(deps)))
        for k in group.keys:
            self.unit_of[k] = group
            self.compiled_at[k] = compiled
        return group

    def _run_end(self, key: Key, pieces: list[Any], taken: dict[Any, int]) -> int:
        """The last row of the run down ``key``'s column: formulas of the same text (``pieces``) in every row, none
        ordered yet nor in another unit, none too large, none an array's anchor."""
        sheet, row, column = key
        cells = self.by_sheet[sheet]
        unit_of, no_group, too_large, anchors = self.unit_of, self.no_group, self.too_large, self.anchor_keys
        near = BASE - 100_000 - max((p for p in pieces if not isinstance(p, str)), default=0)
        last = row
        while True:
            nxt = (sheet, last + 1, column)
            f = cells.get((last + 1, column))
            if (f is None or f.kind != "cell" or nxt in unit_of or nxt in taken or nxt in no_group
                    or nxt in too_large or nxt in anchors or (last + 1 >= near and not _canonical_rows(pieces, last + 1))
                    or f.text != _written(pieces, last + 1)):
                break
            last += 1
        return last

    def _group_inputs(self, compiled: Compiled, first_key: Key,
                      last_key: Key) -> tuple[dict[int, Rect], list[Key]] | None:
        """A group's inputs from its first row to its last: the ranges that move with the row (input -> the column
        they span), and the formulas the group reads; None: an input that cannot be evaluated."""
        varying = varying_inputs(compiled)
        moving: dict[int, Rect] = {}
        deps: list[Key] = []
        try:
            for i, name in enumerate(compiled.inputs):
                _, target = self._input(name, first_key, compiled)
                if i in varying:
                    _, end = self._input(name, last_key, compiled)
                    target = Rect(target.sheet, target.r1, target.c1, end.r1, target.c1)
                    moving[i] = target
                if isinstance(target, Rect):
                    deps += self._formulas_in(target, first_key)
        except NotEvaluated:
            return None
        return moving, deps

    def _groupable(self, key: Key) -> Compiled | None:
        """The compiled formula at ``key`` if its shape can be a group's."""
        f = self.book.formulas[key]
        if f.kind != "cell" or not f.text or key in self.too_large or key in self.anchor_keys:
            return None
        if misread(f.text, key[0]) or own_place(f.text):  # ROW(): its text alike in every row, its value not
            return None
        try:
            compiled = self._compiled(key)
        except NotEvaluated:
            return None
        if not bulk_formula(compiled, f.text):
            return None
        names = compiled.inputs
        if {i for i, name in enumerate(names) if moves_with_row(name)} != set(varying_inputs(compiled)):
            return None  # a range that moves with the row (A$2:A5): each on its own
        return compiled

    def _template(self, key: Key, compiled: Compiled) -> list[Any] | None:
        """The formula's text in pieces: texts, and for each relative row its distance from the formula's
        row (so that the text in another row is written without parsing it), or None."""
        found = self._templates.get(id(compiled), 0)
        if not isinstance(found, int):  # 0: not made yet (a template is a list, or None)
            return found
        text = self.book.formulas[key].text
        canonical, shifted = written_around_base(text, key[1])
        pieces: list[Any] | None = []
        at = 0
        for m in RELATIVE_CELL.finditer(canonical):
            if m[1] or m[3]:
                continue
            r = int(m[4])
            if BASE - 100_000 < r < BASE + 100_000:
                assert pieces is not None
                pieces += [canonical[at:m.start(4)], r - BASE]
                at = m.end(4)
        assert pieces is not None
        pieces.append(canonical[at:])
        if not shifted or _written(pieces, key[1]) != text:
            pieces = None
        self._templates[id(compiled)] = pieces
        return pieces

    def _evaluate_group(self, group: Group) -> None:
        """Evaluate every row of the group (its inputs' formulas evaluated): in bulk, or each on its own
        where bulk declines."""
        compiled = group.compiled
        first = (group.sheet, group.first, group.column)
        n = group.last - group.first + 1
        results: Any = None
        try:
            inputs: list[Any] = []
            for i, name in enumerate(compiled.inputs):
                column = group.moving.get(i)
                if column is not None:
                    inputs.append(Moving(self.block(column), self._cell_maker(column)))
                    continue
                _, target = self._input(name, first, compiled)
                inputs.append(self._ranges(target) if isinstance(target, Rect) else to_engine(target))
            results = bulk_column(compiled.function.plan, inputs, n, self.step_memo)
        except Exception:  # a limit, a reference the engine cannot hold: each cell gives its own value or reason
            results = None
        keys = group.keys
        if results is None:
            for k in keys:
                try:
                    self._evaluate(k)
                except NotEvaluated as why:
                    self.outcome.failed[k] = str(why)
            return
        if not isinstance(results, list):
            plain = [from_engine(v) for v in results[:, 0].tolist()]
            text = sum(len(v) for v in plain if isinstance(v, str))
            budget = self.budget
            if budget.fits(len(plain), text):  # all of them within the limits: counted at once
                budget.add_cells(len(plain))
                budget.add_text(text)
                self.outcome.values.update(zip(keys, plain))
                return
            results = [results[i:i + 1] for i in range(n)]  # each on its own: the formula over a limit named
        for k, result in zip(keys, results):
            try:
                self._finish(k, result)
            except NotEvaluated as why:
                self.outcome.failed[k] = str(why)

    def _cell_maker(self, column: Rect) -> Callable[[int], Cell]:
        def cell(i: int) -> Cell:
            one = Rect(column.sheet, column.r1 + i, column.c1, column.r1 + i, column.c1)
            return Cell(self._range_parts(one), self.block(one))

        return cell


def _canonical_rows(pieces: list[Any], row: int) -> bool:
    """Whether the rows of the formula of ``pieces`` in ``row`` are written around the base row as its
    first row's are (:func:`~xltb.recalc.inputs.written_around_base` declines rows near the base row)."""
    return not any(BASE - 100_000 < p + row < BASE + 100_000 for p in pieces if not isinstance(p, str))


def _written(pieces: list[Any], row: int) -> str:
    """The text of the formula of ``pieces`` in ``row``."""
    return "".join(p if isinstance(p, str) else str(p + row) for p in pieces)
