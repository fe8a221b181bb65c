"""One cell to write, the same for every host: a face says what to write as a list of :class:`CellEdit`
(sheet, cell, a value or a formula) and each host applies the list its way (:mod:`xltb.hosts.edits`:
openpyxl, xlwings, LibreOffice's UNO; :mod:`xltb.recalc.edits`: the recalc writer). "Pair next round"
(:mod:`xltb.functions.enter`) makes its pending games as such a list."""

from __future__ import annotations

import re
from typing import Any, Iterable, NamedTuple

from ..cells import column_index

_A1 = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]{1,7})")


class CellEdit(NamedTuple):
    """One cell to write."""

    sheet: str
    """The sheet's name, as the workbook spells it."""

    cell: str
    """The cell, in A1 notation (``"B4"``, ``"$B$4"``)."""

    value: Any = None
    """What the cell holds (number, text, boolean, :class:`~xltb.cells.ExcelError`, or ``None`` to empty
    it), unless :attr:`formula` is given."""

    formula: str | None = None
    """A formula, in Excel's English syntax with its ``=`` (``"=TB_STANDINGS(Crosstable,Settings)"``): the
    cell gets the formula (its value is the host's to compute)."""

    @property
    def place(self) -> tuple[int, int]:
        """(row, column), 1-based."""
        return place(self.cell)

    @property
    def address(self) -> str:
        """``Crosstable!K5``: the sheet and the cell, for a message."""
        return f"{self.sheet}!{self.cell.replace('$', '')}"


def place(cell: str) -> tuple[int, int]:
    """``"B4"`` -> ``(4, 2)``; ValueError for what is not one cell's A1 reference."""
    m = _A1.fullmatch(cell.strip())
    if m is None:
        raise ValueError(f"{cell!r} is not a cell (A1 notation)")
    return int(m[2]), column_index(m[1])


def checked(edits: Iterable[CellEdit]) -> list[CellEdit]:
    """The edits, each checked before any is applied: one cell, a formula that starts with ``=``; ValueError."""
    out = list(edits)
    for edit in out:
        edit.place  # noqa: B018 - raises for a reference that is not one cell
        if edit.formula is not None and not edit.formula.startswith("="):
            raise ValueError(f"{edit.sheet}!{edit.cell}: a formula starts with '=' ({edit.formula[:40]!r})")
    return out


__all__ = ["CellEdit", "checked", "place"]
