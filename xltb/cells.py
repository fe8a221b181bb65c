"""Text from a file, made safe for a workbook cell, header or footer (no sheet name xltb writes
comes from a file).

* XML 1.0 cannot hold most control characters (U+0000-U+001F but TAB, LF and CR), U+FFFE, U+FFFF
  or a lone surrogate: a workbook holding one is not well formed and Excel refuses to open it.
  :func:`clean` removes them.
* openpyxl takes any string that starts with ``=`` for a formula: :func:`put_text` writes such a
  string as a string (the cell's type forced, and the quote prefix set, so that Excel shows it as
  typed and does not evaluate it when the cell is edited).
"""

from __future__ import annotations

from functools import lru_cache

import re
from typing import Any

_ILLEGAL_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean(text: str) -> str:
    """``text`` without the characters XML cannot hold."""
    return _ILLEGAL_XML.sub("", text)


def put_text(cell: Any, value: Any) -> None:  # an openpyxl cell (openpyxl has no type information) and its value
    """Put ``value`` into an openpyxl cell; a string is cleaned and never becomes a formula, nor an
    error value (openpyxl would write a name such as "#N/A" as the error)."""
    if not isinstance(value, str):
        cell.value = value
        return
    text = clean(value)
    cell.value = text
    if text.startswith("=") and cell.data_type == "f":
        cell.data_type = "s"
        cell.quotePrefix = True
    elif cell.data_type == "e":
        cell.data_type = "s"


def header_text(text: str, limit: int = 80) -> str:
    """Header/footer text: no character XML cannot hold, '&' doubled (it starts a code), kept short
    (Excel limits the whole to 255)."""
    text = clean(text)
    text = text if len(text) <= limit else text[:limit - 3] + "..."
    return text.replace("&", "&&")


class ExcelError:
    """An error value of a cell (``#VALUE!``, ``#N/A``, ``#NUM!``): read from a workbook, given by a formula
    or by one of xltb's worksheet functions, with the reason for it (``TB_EXPLAIN`` shows it; empty
    when a cell says no more). A text, even ``"#N/A"``, is never one. Two are equal when their codes are."""

    __slots__ = ("code", "message")
    #: the error as a cell shows it, one of :data:`ERRORS` (another is written ``#VALUE!``)
    code: str
    #: why, for a reader (which cell, what is wrong); empty when not known
    message: str

    def __init__(self, code: str, message: str = "") -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "message", message)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an error value is immutable: {name}")

    def __reduce__(self) -> tuple[type[ExcelError], tuple[str, str]]:
        return ExcelError, (self.code, self.message)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ExcelError) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return f"{self.code} ({self.message})"

    def __str__(self) -> str:
        return self.code


#: the error values a cell holds (ECMA-376 Part 1, 18.18.32 ST_CellType ``e``; Excel 365's #SPILL! and #CALC!)
ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#SPILL!", "#CALC!")

__all__ = ["ERRORS", "ExcelError", "clean", "column_index", "column_letters", "header_text", "put_text"]


def column_index(letters: str) -> int:
    """The number of a column: ``A`` 1, ``Z`` 26, ``AA`` 27 (any case; no upper bound, so that a
    hostile reference gives a number a limit can refuse, not an exception)."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


@lru_cache(maxsize=20_000)  # a worksheet has 16,384 columns: each spelled once
def column_letters(n: int) -> str:
    """The letters of column ``n`` (1-based): 1 ``A``, 27 ``AA``."""
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out
