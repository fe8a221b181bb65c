"""The inputs of a formula for ``xltb recalc``'s engine (:mod:`xltb.recalc.engine`): each reference,
range or defined name a compiled formula reads resolved to the cells of the workbook (a whole column read
as far as its sheet has cells), and the engine's references made from them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Literal

import formulas

from .. import limits
from ..hosts.book import SETTING_NAMES
from ..limits import MAX_COLUMNS, MAX_ROWS
from .values import Book, Key, NotEvaluated, Outcome, Rect, Reference, column_letters, parse_reference

BASE = 500_000  # relative rows are compiled as rows around this one, so one compilation serves a whole column
TB_CALL = re.compile(r"(?<![A-Za-z0-9_.])TB(?:_[A-Za-z0-9_]+)?\s*\(", re.IGNORECASE)  # spelled plainly (read_book)


#: a relative row in a formula's text, outside strings and quoted sheet names
RELATIVE_CELL = re.compile(r"""("(?:[^"]|"")*"|'(?:[^']|'')*')|(?<![\w.$])(\$?[A-Za-z]{1,3})(\$?)(\d+)(?![\w(!])""")  # \w: Wür1 is a name


@dataclass
class Compiled:
    function: Any
    inputs: list[str]
    shifted: bool  # relative rows were compiled around BASE


class Inputs:
    """The engine's resolution of a formula's inputs (a part of :class:`~xltb.recalc.engine.Engine`)."""

    book: Book
    upper: dict[str, str]
    outcome: Outcome
    inputs_memo: dict[tuple[str, str], tuple[str, Any]]
    clip: Callable[[Rect], Rect]  # the engine's: the part of a range that reaches the sheet's cells

    def _input(self, name: str, key: Key, compiled: Compiled) -> tuple[str, Any]:
        """(the input's reference text for ``formulas``, a Rect or a constant) of one input of a formula:
        resolved once per sheet while the sheets' extents stay, unless it moves with the formula's row or
        is a spill range."""
        if name.endswith("#") or (compiled.shifted and moves_with_row(name)):
            return self._resolve(name, key, compiled)
        memo = (name, key[0])
        hit = self.inputs_memo.get(memo)
        if hit is None:
            hit = self.inputs_memo[memo] = self._resolve(name, key, compiled)
        return hit

    def _resolve(self, name: str, key: Key, compiled: Compiled) -> tuple[str, Any]:
        sheet, row = key[0], key[1]
        if name.endswith("#"):  # the spill range of a dynamic array (A1#): where its result is
            return name, self._spill_range(name, key, compiled)
        parsed = _PARSED.get(name)
        if parsed is None:
            if len(_PARSED) > 100_000:
                _PARSED.clear()
            parsed = _PARSED[name] = parse_reference(name)
        if parsed is False:
            return name, self._named(name, sheet)
        upper, parts = parsed
        if upper is not None:
            if upper.startswith("["):
                raise NotEvaluated(f"{_shown(name, compiled, row)} refers to another workbook")
            if upper not in self.upper:
                raise NotEvaluated(f"{_shown(name, compiled, row)} refers to a sheet the workbook does not have")
            sheet = self.upper[upper]
        r1, c1, r2, c2 = _corners(parts, compiled, name, row)
        rect = Rect(sheet, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))
        if rect.cells > 1:  # the part of a range beyond the sheet's cells is empty: read up to them
            rect = self.clip(rect)
        if rect.cells > limits.MAX_RANGE_CELLS:
            raise NotEvaluated(f"the range {_shown(name, compiled, row)} spans {rect.cells:,} cells of its sheet, more "
                               f"than the limit of {limits.MAX_RANGE_CELLS:,} cells a range may span")
        return name, rect

    def _spill_range(self, name: str, key: Key, compiled: Compiled) -> Any:
        """``A1#``: where the result of the dynamic array at A1 is (its spill, an array's area, else the cell)."""
        _, anchor = self._resolve(name[:-1], key, compiled)
        if not isinstance(anchor, Rect) or anchor.cells != 1:
            raise NotEvaluated(f"{name} is not the spill range of one cell")
        at = (anchor.sheet, anchor.r1, anchor.c1)
        f = self.book.formulas.get(at)
        spill = self.outcome.spills.get(at) or (f.area if f is not None and f.kind == "array" else None)
        return spill or anchor

    def _named(self, name: str, sheet: str) -> Any:
        """A defined name's target (the sheet's own name first), its range clipped to the sheet's cells."""
        local = self.book.names.get(f"{sheet.upper()}!{name.split('!')[-1]}")
        target = local if local is not None else self.book.names.get(name.split("!")[-1])
        if target is None:
            raise NotEvaluated(f"the name {name} is not defined in the workbook")
        if isinstance(target, str) and target.startswith("!"):
            raise NotEvaluated(f"the name {name} {target[1:]}")
        if isinstance(target, Rect):
            target = self.clip(target)
            if target.cells > limits.MAX_RANGE_CELLS:
                raise NotEvaluated(f"the name {name} spans {target.cells:,} cells of its sheet, more than the "
                                   f"limit of {limits.MAX_RANGE_CELLS:,} cells a range may span")
        return target

    def _default_rects(self) -> list[Any]:
        names = self.book.names
        out = [names.get(n) for n in ("CROSSTABLE", "SETTINGS", "MATCHES", "TEAMS")]
        out += [names.get(k.upper()) for k in SETTING_NAMES]
        return out

    def _range_parts(self, target: Rect) -> dict[str, Any]:
        """The engine's parts of the reference to ``target`` (``Ranges.get_range``), parsed once per text."""
        quoted = target.sheet.upper().replace("'", "''")  # O'Brien: 'O''BRIEN'!A1
        ref = f"'{quoted}'!{column_letters(target.c1)}{target.r1}"
        if target.cells > 1:
            ref += f":{column_letters(target.c2)}{target.r2}"
        rng = _RANGE_PARTS.get(ref)
        if rng is None:
            if len(_RANGE_PARTS) > 100_000:
                _RANGE_PARTS.clear()
            rng = _RANGE_PARTS[ref] = formulas.Ranges.get_range(ref)
        return rng


#: a reference's parts as ``formulas`` parses them (``Ranges.get_range``), and as xltb does (parse_reference),
#: by its text: parsed once
_RANGE_PARTS: dict[str, dict[str, Any]] = {}
_PARSED: dict[str, Reference | Literal[False]] = {}


def varying_inputs(compiled: Compiled) -> frozenset[int]:
    """The inputs of a formula compiled around the base row that are the row's own cell."""
    return frozenset(i for i, name in enumerate(compiled.inputs) if _relative(name))


def moves_with_row(name: str) -> bool:
    """Whether a reference compiled around the base row has a row that moves with the formula's row."""
    parsed = _PARSED.get(name)
    if parsed is None:
        parsed = parse_reference(name)
    return parsed is not False and any(r is not None and BASE - 100_000 < r < BASE + 100_000 for r, _ in parsed[1])


def _relative(name: str) -> bool:
    """Whether an input of a formula compiled around the base row is one cell at a relative row (``A500000``:
    the row's own cell, which differs by row)."""
    parsed = _PARSED.get(name)
    if parsed is None:
        parsed = parse_reference(name)
    if parsed is False or len(parsed[1]) != 1:
        return False
    r, c = parsed[1][0]
    return r is not None and c is not None and BASE - 100_000 < r < BASE + 100_000


def _shown(name: str, compiled: Compiled, row: int) -> str:
    """An input's reference as the formula writes it (rows compiled around BASE put back)."""
    if not compiled.shifted:
        return name

    def back(m: re.Match[str]) -> str:
        r = int(m[2])
        return m[1] + str(r - BASE + row if BASE - 100_000 < r < BASE + 100_000 else r)

    return re.sub(r"([A-Z]{1,3}\$?)(\d+)", back, name)


def written_around_base(text: str, row: int) -> tuple[str, bool]:
    """The formula with its relative rows written around :data:`BASE` (``=A2`` in row 2 and ``=A3`` in
    row 3 are then one text, compiled once), and whether that was done."""
    ok = True

    def shift(m: re.Match[str]) -> str:
        nonlocal ok
        if m[1]:
            return m[1]  # a string or a quoted sheet name
        r = int(m[4])
        if BASE - 100_000 < r < BASE + 100_000:
            ok = False  # would be read back as a shifted row
        if m[3]:
            return m[0]  # an absolute row ($2) stays
        if abs(r - row) >= 100_000:
            ok = False
        return f"{m[2]}{r - row + BASE}"

    canonical = RELATIVE_CELL.sub(shift, text)
    if not ok or canonical == text:
        return text, False
    return canonical, True


def _corners(parts: list[tuple[int | None, int | None]], compiled: Compiled, name: str,
             row: int) -> tuple[int, int, int, int]:
    """The first and last cell (row, column) of a reference's parts, a relative row moved to ``row`` (a
    compiled formula shifted: its rows written from BASE), a whole column or row to the sheet's edge; outside
    a worksheet: not evaluated."""
    cells = []
    for r, c in parts:
        if r is not None and compiled.shifted and BASE - 100_000 < r < BASE + 100_000:
            r = r - BASE + row
        cells.append((r, c))
    (r1, c1), (r2, c2) = cells[0], cells[-1]
    if len(cells) == 2:  # what formulas leaves out of the end of a range is the sheet's edge
        r2 = MAX_ROWS if r2 is None else r2
        c2 = MAX_COLUMNS if c2 is None else c2
    assert r2 is not None and c2 is not None  # one cell (A1): REF reads both its column and its row
    r1 = 1 if r1 is None else r1  # whole columns
    c1 = 1 if c1 is None else c1  # whole rows
    for r, c in ((r1, c1), (r2, c2)):
        if not (1 <= r <= MAX_ROWS and 1 <= c <= MAX_COLUMNS):
            raise NotEvaluated(f"{_shown(name, compiled, row)} is outside a worksheet (rows 1 to {MAX_ROWS:,}, columns A to XFD)")
    return r1, c1, r2, c2
