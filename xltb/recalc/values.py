"""What the formula engine of ``xltb recalc`` (:mod:`xltb.recalc.engine`) works on: a workbook's cells,
formulas and names (:class:`Book`), ranges (:class:`Rect`), what comes out (:class:`Outcome`), and
values between the workbook and the ``formulas`` package (numbers, text, booleans; an empty cell;
an error value as its code)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import schedula as sh
from formulas.errors import BaseError as FormulasBaseError
from formulas.tokens.operand import Error as _XlErrors, XlError

# `X as X`: names the engine's modules take from here (re-exported)
from ..cells import column_index, column_letters as column_letters
from ..hosts.engine import as_rows
from ..cells import ExcelError as ExcelError  # also the engine's
from ..xlsxread.book import Book as Book, Formula as Formula, Key as Key, Rect as Rect


@dataclass
class Outcome:
    #: formula cell -> its value (a scalar; for array and dynamic formulas a list of rows)
    values: dict[Key, Any]
    #: dynamic arrays: where the result now is (the anchor alone when it could not spill)
    spills: dict[Key, Rect]
    #: formula cell -> why it was not evaluated
    failed: dict[Key, str]


# formulas ships no types: its BaseError is `Any` to mypy
class NotEvaluated(FormulasBaseError):  # type: ignore[misc]
    """A formula the engine cannot evaluate (the message says why). A kind of ``formulas``' own errors, so
    that its functions let it through instead of turning it into #VALUE!."""

    def __init__(self, why: str):
        Exception.__init__(self, why)
        self.why = why

    def __str__(self) -> str:
        return self.why


_ERRORS = {code: err for code, err in _XlErrors.errors.items()}
#: a reference as ``formulas`` names its inputs: A1, A1:B2, A:B, 1:3, and with the last column (XFD) or row
#: left out: A1: (to XFD1048576), A1:100 (to XFD100), A: (A:XFD)
REF = re.compile(r"(?:(?:'((?:[^']|'')+)'|([^!]+?))!)?(\$?[A-Z]{1,3}\$?\d+|\$?[A-Z]{1,3}\$?\d*:\$?[A-Z]{0,3}\$?\d*|"
                  r"\$?\d+:\$?[A-Z]{0,3}\$?\d*)", re.IGNORECASE)


def address(key: Key) -> str:
    sheet = key[0] if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key[0]) else "'" + key[0].replace("'", "''") + "'"
    return f"{sheet}!{column_letters(key[2])}{key[1]}"


def nesting(text: str) -> int:
    """The deepest bracket of a formula, outside its strings."""
    depth = deepest = 0
    for part in re.split(r'("(?:[^"]|"")*")', text):
        if part.startswith('"'):
            continue
        for ch in part:
            if ch == "(":
                depth += 1
                deepest = max(deepest, depth)
            elif ch == ")":
                depth -= 1
    return deepest


def fit_array(rows: list[list[Any]], height: int, width: int) -> list[list[Any]]:
    """A result in an array formula's cells, as Excel fills them: one row or column repeated, else
    ``#N/A`` where the result has no value."""
    if len(rows) == 1:
        rows = rows * height
    if all(len(r) == 1 for r in rows):
        rows = [r * width for r in rows]
    return [[rows[i][j] if i < len(rows) and j < len(rows[i]) else ExcelError("#N/A") for j in range(width)]
            for i in range(height)]


def to_engine(value: Any) -> Any:
    if value is None:
        return sh.EMPTY
    if isinstance(value, ExcelError):
        return _ERRORS.get(value.code, _ERRORS["#VALUE!"])
    return value  # a text, even "#N/A", is a text: only an ExcelError is an error


def from_engine(value: Any) -> Any:
    """A value of ``formulas`` as a plain one: numbers, text, booleans, an error as an :class:`ExcelError`
    (so that a text such as ``"#N/A"`` stays a text)."""
    if isinstance(value, XlError):
        return ExcelError(str(value))
    if value is sh.EMPTY or value is None:
        return 0  # =A1 of an empty cell shows 0
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        value = float(value)
        if not math.isfinite(value):
            return ExcelError("#NUM!")
        return value
    if isinstance(value, str):
        return value
    return ExcelError("#VALUE!")


def from_engine_block(result: Any) -> list[list[Any]]:
    """A formula's result as the rows of plain values written into its cells (an empty array: 0)."""
    rows = as_rows(result, from_engine)
    return rows if rows and rows[0] else [[0]]


#: a reference parsed: the upper-case sheet name or None, the (row, column) of each end, None where left out
Reference = tuple[str | None, list[tuple[int | None, int | None]]]


def parse_reference(name: str) -> Reference | Literal[False]:
    """(the upper-case sheet name or None, the (row, column) of each end, None where left out) of a
    reference, rows as written (compiled around a base row where the engine shifted them); False for a defined name."""
    m = REF.fullmatch(name)
    if m is None:
        return False
    upper = (m[1] or m[2]).replace("''", "'").upper() if (m[1] or m[2]) else None
    parts = []
    for p in m[3].replace("$", "").upper().split(":"):
        end = re.fullmatch(r"([A-Z]*)(\d*)", p)
        assert end is not None  # every end REF matches is letters, then digits (either may be left out)
        letters, digits = end.groups()
        parts.append((int(digits) if digits else None, column_index(letters) if letters else None))
    return upper, parts


def reason_of(exc: Exception) -> str:
    """Why the engine refused or failed on a formula, in one line (its exceptions wrap one another)."""
    text = " ".join(str(a) for a in getattr(exc, "args", ()) if isinstance(a, str) and "%" not in a) or str(exc)
    for inner in getattr(exc, "args", ()):
        if isinstance(inner, NotImplementedError):
            return "a function the formulas engine does not implement"
        if isinstance(inner, Exception):
            return reason_of(inner)
    text = re.sub(r"\s+", " ", text).strip()
    return (text[:120] + "...") if len(text) > 120 else text or type(exc).__name__
