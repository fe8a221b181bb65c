"""The recalc writer as a host of :mod:`xltb.hosts.edits`: a list of :class:`~xltb.hosts.edits.CellEdit`
made in a workbook package's sheet XML, every other part and byte kept (:func:`xltb.recalc.package.write`).
It writes values (and empties cells); a formula's text is openpyxl's or the spreadsheet's to write."""

from __future__ import annotations

import io
import zipfile
from typing import Iterable

from ..functions.edits import CellEdit, checked
from ..templates.cellxml import Edit


def as_sheet_edits(edits: Iterable[CellEdit]) -> dict[str, dict[tuple[int, int], Edit]]:
    """Sheet -> (row, column) -> the sheet XML writer's :class:`~xltb.templates.cellxml.Edit`: a value, or the
    cell cleared for ``None``; ValueError for a formula."""
    out: dict[str, dict[tuple[int, int], Edit]] = {}
    for edit in checked(edits):
        if edit.formula is not None:
            raise ValueError(f"{edit.sheet}!{edit.cell}: the recalc writer writes values, not a formula's text")
        out.setdefault(edit.sheet, {})[edit.place] = Edit("clear") if edit.value is None else Edit("value", edit.value)
    return out


def write_edits(data: bytes, edits: Iterable[CellEdit]) -> bytes:
    """The workbook ``data`` (an .xlsx or .xlsm package) with ``edits`` made."""
    from .package import check_parts, sheet_list, write

    check_parts(data)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sheets = sheet_list(z)
    by_sheet = as_sheet_edits(edits)
    unknown = set(by_sheet) - {name for name, _ in sheets}
    if unknown:
        raise ValueError(f"no sheet {sorted(unknown)[0]!r} in the workbook")
    return write(data, sheets, by_sheet)


__all__ = ["as_sheet_edits", "write_edits"]
