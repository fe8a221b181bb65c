"""The small formula evaluator of ``xltb recalc``: tokens, references, ranges and defined names, and
the calls of xltb's worksheet functions (:mod:`xltb.excel.core`), with the limits of
:mod:`xltb.limits` on depth, range size and formula length."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ..limits import MAX_COLUMNS, MAX_FORMULA_CHARS, MAX_FORMULA_DEPTH, MAX_RANGE_CELLS, MAX_ROWS
from . import core
from .catalogue import code_of_function
from .crosstable import Origin
from .settings import ALL_FIELDS

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<string>"(?:[^"]|"")*")
  | (?P<ref>(?:(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?(?![A-Za-z0-9_(]))
  | (?P<func>(?:\[\d+\]!|'[^']+'!|[A-Za-z0-9_.]+\.xla[mx]?!)?(?:_xludf\.)?[A-Za-z_][A-Za-z0-9_.]*(?=\s*\())
  | (?P<name>(?:\[\d+\]!)?[A-Za-z_\\][A-Za-z0-9_.]*)
  | (?P<number>\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+)
  | (?P<op>[(),;@=+\-])
""", re.VERBOSE)


class FormulaError(Exception):
    """A formula this evaluator does not understand."""


@dataclass(frozen=True)
class Ref:
    sheet: str
    min_row: int
    min_col: int
    max_row: int
    max_col: int

    @property
    def single(self) -> bool:
        return self.min_row == self.max_row and self.min_col == self.max_col


def tokenize(text: str) -> list[tuple[str, str]]:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise FormulaError(f"cannot read {text[pos:pos + 20]!r}")
        pos = m.end()
        if m.lastgroup != "ws":
            out.append((m.lastgroup, m.group()))
    return out


def column_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def parse_ref(text: str, sheet: str) -> Ref:
    if "!" in text:
        sheet_part, text = text.rsplit("!", 1)
        sheet = sheet_part[1:-1].replace("''", "'") if sheet_part.startswith("'") else sheet_part
    parts = text.replace("$", "").split(":")
    cells = []
    for p in parts:
        m = re.fullmatch(r"([A-Za-z]{1,3})([0-9]{1,7})", p, re.ASCII)
        if m is None:
            raise FormulaError(f"{p!r} is not a cell reference")
        row, col = int(m[2]), column_index(m[1])
        if not 1 <= row <= MAX_ROWS or not 1 <= col <= MAX_COLUMNS:
            raise FormulaError(f"{p} is outside a worksheet (rows 1 to {MAX_ROWS:,}, columns A to XFD)")
        cells.append((row, col))
    (r1, c1), (r2, c2) = cells[0], cells[-1]
    ref = Ref(sheet, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))
    spanned = (ref.max_row - ref.min_row + 1) * (ref.max_col - ref.min_col + 1)
    if spanned > MAX_RANGE_CELLS:
        raise FormulaError(f"the range {text} spans {spanned:,} cells, more than the limit of {MAX_RANGE_CELLS:,} "
                           "cells a range may span")
    return ref


class Evaluator:
    """Evaluates xltb formulas of an openpyxl workbook (opened with formulas, not values)."""

    def __init__(self, wb):
        self.wb = wb
        self.names: dict[str, Ref] = {}
        for name, dn in wb.defined_names.items():
            try:
                destinations = list(dn.destinations)
            except Exception:  # a constant or an external reference
                continue
            if len(destinations) == 1:
                sheet, coord = destinations[0]
                if sheet in wb.sheetnames:
                    self.names[name.lower()] = parse_ref(coord, sheet)
        self.memo: dict[tuple[str, int, int], Any] = {}
        self.busy: set[tuple[str, int, int]] = set()
        #: brackets, calls and referenced formulas being evaluated, one inside the other
        self.depth = 0

    # -- cells
    def cell_value(self, sheet: str, row: int, col: int) -> Any:
        key = (sheet, row, col)
        if key in self.memo:
            return self.memo[key]
        if sheet not in self.wb.sheetnames:
            raise FormulaError(f"no sheet {sheet!r}")
        ws = self.wb[sheet]
        if row > ws.max_row or col > ws.max_column:  # beyond the cells the sheet has: empty (not created)
            self.memo[key] = None
            return None
        cell = ws.cell(row=row, column=col)
        raw = cell.value
        if cell.data_type == "f" and isinstance(raw, str) and raw.startswith("="):
            if key in self.busy:
                raise FormulaError(f"circular reference at {sheet}!{row},{col}")
            self.busy.add(key)
            self.depth += 1
            try:
                if self.depth > MAX_FORMULA_DEPTH:
                    raise FormulaError(self._too_deep())
                value = self.evaluate(raw, sheet)
            finally:
                self.busy.discard(key)
                self.depth -= 1
            if isinstance(value, list):  # a reference to a block: Excel's implicit intersection is not modelled
                raise FormulaError("a cell formula returns a range")
            if value is None:
                value = 0  # =A1 of an empty cell shows 0
        elif hasattr(raw, "text") and hasattr(raw, "ref"):  # part of an array formula: its top-left value
            raise FormulaError("a reference into an array formula")
        else:
            value = raw
        self.memo[key] = value
        return value

    def range_values(self, ref: Ref) -> list[list[Any]]:
        return [[self.cell_value(ref.sheet, r, c) for c in range(ref.min_col, ref.max_col + 1)]
                for r in range(ref.min_row, ref.max_row + 1)]

    # -- formulas
    def evaluate(self, formula: str, sheet: str, shape: tuple[int, int] | None = None) -> Any:
        if len(formula) > MAX_FORMULA_CHARS:
            raise FormulaError(f"the formula has {len(formula):,} characters, more than the limit of "
                               f"{MAX_FORMULA_CHARS:,}")
        tokens = tokenize(formula.lstrip("="))
        # evaluating a referenced cell nests a parse inside the current one
        saved = (self._tokens, self._pos, self._sheet, self._shape) if hasattr(self, "_tokens") else None
        self._tokens, self._pos, self._sheet, self._shape = tokens, 0, sheet, shape
        try:
            value = self._expr()
            if self._pos != len(tokens):
                raise FormulaError(f"unexpected {tokens[self._pos][1]!r}")
        finally:
            if saved is not None:
                self._tokens, self._pos, self._sheet, self._shape = saved
        if isinstance(value, Ref):
            return self.cell_value(value.sheet, value.min_row, value.min_col) if value.single else \
                self.range_values(value)
        return value

    def _peek(self):
        return self._tokens[self._pos] if self._pos < len(self._tokens) else (None, None)

    def _take(self):
        tok = self._peek()
        self._pos += 1
        return tok

    def _expr(self) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_FORMULA_DEPTH:
                raise FormulaError(self._too_deep())
            return self._term()
        finally:
            self.depth -= 1

    @staticmethod
    def _too_deep() -> str:
        return (f"nested more than {MAX_FORMULA_DEPTH} deep, the limit of the formula depth (brackets, calls and "
                "cells referring to formulas, counted together)")

    def _term(self) -> Any:
        kind, text = self._take()
        if kind == "op" and text == "@":  # implicit intersection marker: the value itself
            return self._expr()
        if kind == "op" and text in "+-":
            value = self._scalar(self._expr())
            if not isinstance(value, (int, float)):
                raise FormulaError(f"{text}{value!r} is not a number")
            return -value if text == "-" else value
        if kind == "string":
            return text[1:-1].replace('""', '"')
        if kind == "number":
            number = float(text)
            if not math.isfinite(number):
                raise FormulaError(f"{text} is out of the range of numbers")
            return int(number) if number == int(number) and "." not in text and "e" not in text.lower() else number
        if kind == "ref":
            return parse_ref(text, self._sheet)
        if kind == "name":
            ref = self.names.get(text.split("!")[-1].lower())
            if ref is None:
                if text.upper() in ("TRUE", "FALSE"):
                    return text.upper() == "TRUE"
                raise FormulaError(f"unknown name {text!r}")
            return ref
        if kind == "func":
            return self._call(text)
        if kind == "op" and text == "(":
            value = self._expr()
            if self._take() != ("op", ")"):
                raise FormulaError("missing )")
            return value
        raise FormulaError(f"unexpected {text!r}")

    def _args(self) -> list[Any]:
        if self._take() != ("op", "("):
            raise FormulaError("missing (")
        args: list[Any] = []
        if self._peek() == ("op", ")"):
            self._take()
            return args
        while True:
            if self._peek() in (("op", ","), ("op", ";"), ("op", ")")):
                args.append(None)  # an omitted argument: TB_STANDINGS(,Settings)
            else:
                args.append(self._expr())
            kind, text = self._take()
            if text == ")":
                return args
            if text not in (",", ";"):
                raise FormulaError(f"unexpected {text!r} in the arguments")

    def _scalar(self, value: Any) -> Any:
        if isinstance(value, Ref):
            if not value.single:
                raise FormulaError("a range where one cell is expected")
            value = self.cell_value(value.sheet, value.min_row, value.min_col)
        return value

    def _block(self, value: Any) -> Any:
        if isinstance(value, Ref):
            return self.range_values(value)
        return value

    def _origin(self, value: Any, default: str = "Crosstable") -> Origin:
        if isinstance(value, Ref):
            return Origin(value.sheet, value.min_row, value.min_col)
        return Origin(default)

    def _defaults(self, crosstable: Any, settings: Any, teams: Any = None):
        """The crosstable, settings and team sheets: the arguments, else the workbook's names
        (``Crosstable``; team events ``Matches`` and ``Teams``)."""
        if crosstable is None:
            crosstable = self.names.get("crosstable")
            if crosstable is None and "matches" in self.names:
                crosstable = self.names["matches"]
                if teams is None:
                    teams = self.names.get("teams")
                if teams is None:
                    teams = core.TeamSheets(None)
            if crosstable is None:
                raise FormulaError("the workbook has no name 'Crosstable' (team events: 'Teams' and 'Matches')")
        if settings is None:
            block = self.names.get("settings")
            if block is not None:
                settings = self.range_values(block)
            else:
                settings = [[key, self._scalar(self.names[key.lower()])] for key in ALL_FIELDS
                            if key.lower() in self.names]
        if teams is not None and not isinstance(teams, core.TeamSheets):
            teams = core.TeamSheets(self._block(teams), self._origin(teams, "Teams"))
        return self._block(crosstable), self._block(settings), self._origin(crosstable), teams

    def _call(self, name: str) -> Any:
        bare = re.sub(r"^.*!", "", name)
        bare = re.sub(r"^_xludf\.", "", bare, flags=re.IGNORECASE).upper()
        args = self._args()
        if bare == "TB":
            (code, cell), rest = _split(args, 2, bare)
            return core.tb_value(self._scalar(code), self._scalar(cell), *self._defaults(*rest))
        if bare == "TB_RANK":
            (cell,), rest = _split(args, 1, bare)
            return core.tb_rank(self._scalar(cell), *self._defaults(*rest))
        if bare == "TB_EXPLAIN":
            (cell, code), rest = _split(args, 2, bare)
            return core.tb_explain(self._scalar(cell), self._scalar(code), *self._defaults(*rest))
        if bare == "TB_CHECK":
            (cell, published, code), rest = _split(args, 3, bare)
            return core.tb_check(self._scalar(cell), self._scalar(published), self._scalar(code),
                                 *self._defaults(*rest))
        if bare == "TB_STANDINGS":
            _, rest = _split(args, 0, bare)
            rows, block, origin, teams = self._defaults(*rest)
            return core.tb_standings(rows, block, origin, self._shape, teams)
        code = code_of_function(bare)
        if code is None:
            raise FormulaError(f"{bare} is not an xltb function")
        (cell,), rest = _split(args, 1, bare)
        return core.tb_value(code, self._scalar(cell), *self._defaults(*rest))


def _split(args: list[Any], required: int, name: str) -> tuple[list[Any], list[Any]]:
    """The required arguments, and the optional (crosstable, settings, teams)."""
    if len(args) < required or len(args) > required + 3:
        raise FormulaError(f"{name} takes {required} to {required + 3} arguments")
    return args[:required], (args[required:] + [None, None, None])[:3]
