"""The xlwings Lite script *Set up xltb in this workbook*: every xltb formula of the workbook entered again.

Why: Excel stores an Office add-in's custom function (what xlwings Lite registers) as ``_xldudf_NAME``,
and a formula that was in the file before the add-in registered its functions stays ``#NAME?``; a
recalculation does not rebind it (OfficeDev/office-js#6611, #6395, #4185). Entering the formula again
does, by hand or through Office.js by "reassigning the cell.Formula property to itself" (Microsoft in
OfficeDev/Excel-Custom-Functions#108). Every formula of a template was written by xltb, not typed, so a
template opened in Excel is in that state until this script has run once.

What it does, sheet by sheet (xlwings' remote API of 0.37.8, the one Lite's scripts use; the book is
``xw.BookAsync``, so nothing is loaded that is not asked for):

* reads the formulas and values of the used range (``await rng.get_formula()``, ``get_value()``);
* keeps the cells whose formula calls an xltb function in any spelling Excel stores
  (:mod:`xltb.functions.spelling`, also ``[2]!_xldudf_...``, the Excel fault of OfficeDev/office-js#2568);
  a text cell that merely looks like a formula (its value is its text) is never turned into one;
* writes each of them again (``rng.formula = ...``: xlwings' ``setFormula`` action, Office.js
  ``range.formulas``, which enters a formula as a dynamic array where it returns one), with xltb's
  functions spelled plainly. The table (``TB_STANDINGS``) is entered in its top-left cell only, so
  that Excel spills it; when it is a legacy array formula (the same formula in every cell of a block:
  after a re-save that dropped Excel's dynamic-array mark, or typed with Ctrl+Shift+Enter) the block
  is cleared first, as one cannot change part of an array;
* applies the sheet's writes (``await book.flush()``) and says what it did; a sheet Excel refuses to
  change (a protected sheet whose xltb cells are locked, as in workbooks written before the templates
  unlocked them) is named with what to do, and the other sheets go on.

xlwings' remote API has no action to protect or unprotect a sheet (0.37.8). The templates therefore
keep the Standings sheet protected (no password) with exactly the cells that call xltb's functions
unlocked (the table's top-left cell, Status, xltb), so that this script can enter them without
unprotecting anything; the cells that read the table and the spilled table stay locked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from ..cells import column_index, column_letters
from ..functions import callables as functions
from ..functions.spelling import called, plain

#: the script's name in the Lite pane
SCRIPT_NAME = "Set up xltb in this workbook"


@dataclass(frozen=True)
class Entry:
    """One formula to enter again."""

    cell: str
    """Its cell on the sheet (``L3``)."""
    formula: str
    """What is entered: the formula as read, xltb's functions spelled plainly."""
    clear: str | None = None
    """A legacy array formula's block (``L3:U20``), cleared first so that the table spills from ``cell``."""


def _address(row: int, column: int) -> str:
    return f"{column_letters(column)}{row}"


def _is_formula(text: Any, value: Any) -> bool:
    """A formula cell: its text starts with ``=`` and is not also its value (a text cell ``=B13`` reads
    back the same text as formula and as value)."""
    return isinstance(text, str) and text.startswith("=") and not (isinstance(value, str) and value == text)


def plan(formulas: Sequence[Sequence[Any]], values: Sequence[Sequence[Any]] | None, row0: int = 1,
         column0: int = 1) -> list[Entry]:
    """The formulas to enter again in one sheet's used range: ``formulas`` and ``values`` as Office.js
    reads them (rows of the range whose first cell is at ``row0``, ``column0``), in row order."""
    out: list[Entry] = []
    done: set[tuple[int, int]] = set()
    for i, row in enumerate(formulas):
        for j, text in enumerate(row):
            if (i, j) in done:
                continue
            value = values[i][j] if values is not None and i < len(values) and j < len(values[i]) else None
            if not _is_formula(text, value):
                continue
            names = called(text, other_workbook=True)
            if not names:
                continue
            cell = _address(row0 + i, column0 + j)
            entry = Entry(cell, plain(text, other_workbook=True))
            if any(functions.is_table(n) for n in names):
                height, width = _block(formulas, i, j)
                if height * width > 1:  # a legacy array: the same formula in every cell of its block
                    done.update((i + a, j + b) for a in range(height) for b in range(width))
                    entry = Entry(cell, entry.formula,
                                  f"{cell}:{_address(row0 + i + height - 1, column0 + j + width - 1)}")
            out.append(entry)
    return out


def _block(formulas: Sequence[Sequence[Any]], i: int, j: int) -> tuple[int, int]:
    """(rows, columns) of the block from (i, j) whose cells all hold the formula of (i, j)."""
    text = formulas[i][j]
    width = 1
    while j + width < len(formulas[i]) and formulas[i][j + width] == text:
        width += 1
    height = 1
    while i + height < len(formulas) and all(
            j + b < len(formulas[i + height]) and formulas[i + height][j + b] == text for b in range(width)):
        height += 1
    return height, width


def _calls_xltb(formulas: Sequence[Sequence[Any]]) -> bool:
    return any(isinstance(t, str) and t.startswith("=") and called(t, other_workbook=True)
               for row in formulas for t in row)


async def set_up(book: Any) -> list[str]:
    """Enter every xltb formula of ``book`` (an ``xw.BookAsync`` of xlwings Lite) again, sheet by sheet;
    returns (and prints, for Lite's Output pane) what was done."""
    lines = [f"{functions.call('TB_VERSION')}: {len(functions.NAMES)} worksheet functions registered."]
    entered = 0
    for sheet in book.sheets:
        used = await sheet.get_used_range()
        if used is None:
            continue
        formulas = _rows(await used.options(ndim=2).get_formula())
        if not _calls_xltb(formulas):
            continue
        values = _rows(await used.options(ndim=2).get_value())
        row0, column0 = _first_cell(used.address)
        entries = plan(formulas, values, row0, column0)
        for entry in entries:
            if entry.clear is not None:
                sheet[entry.clear].clear_contents()
            sheet[entry.cell].formula = entry.formula
        try:
            await book.flush()
        except Exception as err:  # Excel refused: a protected sheet whose cells are locked, most likely
            why = re.sub(r"\s+", " ", str(err)).strip()[:200]
            lines.append(f"{sheet.name}: Excel refused to change the sheet ({why}). If it is protected: Review > "
                         "Unprotect Sheet, run this script again, then Review > Protect Sheet.")
            continue
        entered += len(entries)
        cells = ", ".join(e.cell + (f" (table, was the array {e.clear})" if e.clear else "") for e in entries)
        lines.append(f"{sheet.name}: entered again: {cells}.")
    if entered == 0 and len(lines) == 1:
        lines.append("No xltb formula in this workbook: type one, e.g. =TB_STANDINGS(Crosstable,Settings).")
    else:
        lines.append("The Standings sheet's cell 'xltb' now shows the version, and 'Status' shows ok or the first "
                     "mistake of the crosstable. Save the workbook.")
    print("\n".join(lines))
    return lines


def _rows(value: Any) -> list[list[Any]]:
    """A range's formulas or values read with ``ndim=2``, as rows (a scalar for one cell, defensively)."""
    if not isinstance(value, list):
        return [[value]]
    return [list(r) if isinstance(r, list) else [r] for r in value]


def _first_cell(address: str) -> tuple[int, int]:
    """(row, column) of the first cell of ``$A$1:$U$160`` (a sheet name before it is ignored)."""
    m = re.search(r"\$?([A-Za-z]{1,3})\$?(\d+)", address.split("!")[-1])
    if m is None:
        raise ValueError(f"not a range address: {address!r}")
    return int(m[2]), column_index(m[1])
