"""What recalc's formula engine works on, as a reader of the workbook (:mod:`xltb.xlsxread.reader`, or
openpyxl in :func:`xltb.recalc.run.read_book_openpyxl`) gives it: a workbook's cells, formulas and names
(:class:`Book`) and ranges (:class:`Rect`). The engine's modules take them from :mod:`xltb.recalc.values`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Key = tuple[str, int, int]  # (sheet, row, column), 1-based

@dataclass(frozen=True)
class Rect:
    sheet: str
    r1: int
    c1: int
    r2: int
    c2: int

    def __contains__(self, key: Key) -> bool:
        return key[0] == self.sheet and self.r1 <= key[1] <= self.r2 and self.c1 <= key[2] <= self.c2

    @property
    def cells(self) -> int:
        return (self.r2 - self.r1 + 1) * (self.c2 - self.c1 + 1)

    def meets(self, other: "Rect") -> bool:
        return self.sheet == other.sheet and self.r1 <= other.r2 and other.r1 <= self.r2 and \
            self.c1 <= other.c2 and other.c1 <= self.c2


@dataclass
class Formula:
    text: str
    #: "cell", "array" (a legacy array formula filling ``area``) or "dynamic" (spills to its result's size;
    #: ``area`` is where its last result was)
    kind: str = "cell"
    area: Rect | None = None


@dataclass
class Book:
    """What the engine reads of a workbook."""
    sheets: list[str]
    #: sheet -> (row, column) -> value of the cells that hold no formula (None never stored)
    values: dict[str, dict[tuple[int, int], Any]]
    formulas: dict[Key, Formula]
    #: defined names, upper case: a Rect, a constant, or a text saying why not usable; ``SHEET!NAME`` for
    #: a name local to a sheet
    names: dict[str, Any] = field(default_factory=dict)
