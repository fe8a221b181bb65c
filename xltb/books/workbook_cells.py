"""What the two workbook formats share: a range (:class:`Rect`), the budget of cells a workbook
may make xltb read (:class:`Budget`, the limits of :mod:`xltb.limits`), and the workbook's named
blocks as :class:`~xltb.sheets.names.Names` (:class:`Book`), the interface the hosts implement."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import InputError
from ..limits import MAX_COLUMNS, MAX_ROUNDS, MAX_ROWS, MAX_WORKBOOK_CELLS
from ..sheets.crosstable import Origin, column_letter
from ..sheets.names import Block

#: the columns of a block read: a crosstable of MAX_ROUNDS rounds and its other columns (a name that
#: spans a whole row, A1:XFD1, is read this far)
MAX_BLOCK_COLUMNS = MAX_ROUNDS + 100


class Rect(NamedTuple):
    """A range of one sheet, 1-based and inclusive."""

    sheet: str
    r1: int
    c1: int
    r2: int
    c2: int

    @property
    def width(self) -> int:
        return self.c2 - self.c1 + 1

    def clipped(self) -> Rect:
        """The range within a sheet's size (Excel's) and :data:`MAX_BLOCK_COLUMNS` columns."""
        return Rect(self.sheet, self.r1, self.c1, min(self.r2, MAX_ROWS),
                    min(self.c2, MAX_COLUMNS, self.c1 + MAX_BLOCK_COLUMNS - 1))

    @property
    def address(self) -> str:
        sheet = Origin(self.sheet).address(0, 0).split("!")[0]
        return f"{sheet}!{column_letter(self.c1)}{self.r1}:{column_letter(self.c2)}{self.r2}"


def finite(value: Any, sheet: str, row: int, column: int) -> Any:
    """The value of a cell read from a workbook file, a number cell holding infinity or NaN refused with the
    cell's name: a number the file writes as ``1e999`` (read as infinity) or ``NaN`` is no number a sheet
    shows (Excel's largest is 1.8e308), and no reader of a cell can do arithmetic with it. The one
    check of a number cell's value, for both formats (:mod:`xltb.books.xlsx_book`, :mod:`xltb.books.ods_book`)."""
    if type(value) is float and (value != value or value in (_INFINITY, -_INFINITY)):
        shown = "NaN" if value != value else "infinity (a number like 1e999, larger than a spreadsheet holds)"
        raise InputError(f"the number cell {Origin(sheet, row, column).address(0, 0)} holds {shown}, not a number")
    return value


_INFINITY = float("inf")


def column_number(letters: str) -> int:
    """A -> 1, AA -> 27."""
    out = 0
    for ch in letters.upper():
        out = out * 26 + ord(ch) - 64
    return out


class Budget:
    """The cells a workbook makes xltb hold, counted as rows arrive; over
    :data:`~xltb.limits.MAX_WORKBOOK_CELLS` the workbook is refused (a sheet of a million filled
    rows, a row repeated a million times)."""

    def __init__(self) -> None:
        self.used = 0
        #: cells holding a formula with no saved value (read as empty): "Crosstable!B2", ...
        self.uncomputed: list[str] = []
        #: (sheet, row, column) -> the formula of a cell read, as stored without its "=" (xltb.sheets.typed)
        self.formulas: dict[tuple[str, int, int], str] = {}

    def uncomputed_cell(self, sheet: str, row: int, column: int) -> None:
        if len(self.uncomputed) < 1000:
            self.uncomputed.append(Origin(sheet, row, column).address(0, 0))

    def formula_cell(self, sheet: str, row: int, column: int, text: str) -> None:
        self.formulas[(sheet, row, column)] = text

    def block_formulas(self, rect: Rect) -> dict[tuple[int, int], str]:
        """The formulas of ``rect``'s cells, by (row, column) inside it (0-based)."""
        return {(r - rect.r1, c - rect.c1): text for (sheet, r, c), text in self.formulas.items()
                if sheet == rect.sheet and rect.r1 <= r <= rect.r2 and rect.c1 <= c <= rect.c2}

    def spend(self, rect: Rect, row: int, count: int = 1) -> None:
        """Count ``count`` rows of ``rect`` from row ``row``."""
        self.used += rect.width * count
        if self.used > MAX_WORKBOOK_CELLS:
            raise InputError(f"the range {rect.address} (row {row} and before) holds more than the limit of "
                             f"{MAX_WORKBOOK_CELLS:,} cells xltb reads from a workbook")

    def rows(self, rect: Rect, found: dict[int, list[Any]]) -> list[list[Any]]:
        """The rows of ``rect`` from its first row to its last row with a cell (gaps: rows of None)."""
        if not found:
            return []
        last = max(found)
        out = []
        for r in range(rect.r1, last + 1):
            row = found.get(r)
            if row is None:
                self.spend(rect, r)
                row = [None] * rect.width
            out.append(row)
        return out


class Book:
    """A workbook file's named blocks (name upper-cased -> block), read once."""

    def __init__(self, blocks: dict[str, Block], uncomputed: tuple[str, ...] = ()):
        self._blocks = blocks
        self.uncomputed = uncomputed
        """Cells of the blocks that hold a formula never computed (no saved value): read as empty."""

    def named(self, name: str) -> Block | None:
        return self._blocks.get(name.upper())


__all__ = ["Rect", "Budget", "Book", "column_number", "finite", "MAX_BLOCK_COLUMNS"]
