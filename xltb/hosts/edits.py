"""Writing cells, the same for every host: a face says what to write as a list of :class:`CellEdit`
(sheet, cell, a value or a formula) and each host applies the list its way, beside the read-only
workbook interface of :mod:`xltb.hosts.book`.

* a workbook file through openpyxl: :func:`apply_openpyxl` (an open workbook), :func:`apply_file`;
* the recalc writer, which edits a package's sheet XML and keeps every other byte:
  :func:`xltb.recalc.edits.as_sheet_edits` (values only: it writes no formula text);
* xlwings (classic, and Lite's remote book): :func:`apply_xlwings`, the ``Range.formula`` and
  ``Range.value`` of xlwings' API;
* LibreOffice through UNO: :func:`apply_uno`, ``XCell.setFormula``, ``setValue``, ``setString``.

A value is a number, a text, a boolean, ``None`` (the cell emptied) or an error value
(:class:`~xltb.cells.ExcelError`); a text is written as a text, even ``"=A1"`` or ``"#N/A"``: only a
:attr:`CellEdit.formula` is ever a formula.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..cells import ExcelError, clean, put_text
from ..functions.edits import CellEdit, checked, place

def apply_openpyxl(workbook: Any, edits: Iterable[CellEdit]) -> None:
    """Make ``edits`` in an open openpyxl workbook (untyped: openpyxl has no type information)."""
    for edit in checked(edits):
        row, column = edit.place
        cell = workbook[edit.sheet].cell(row=row, column=column)
        if edit.formula is not None:
            cell.value = clean(edit.formula)
        elif isinstance(edit.value, ExcelError):
            cell.value = edit.value.code
            cell.data_type = "e"
        else:
            put_text(cell, edit.value)  # a text stays a text (never a formula, nor an error value)


def apply_file(path: str, edits: Iterable[CellEdit], output: str | None = None) -> None:
    """Make ``edits`` in the workbook file ``path`` (saved to ``output``, else in place), through openpyxl."""
    from openpyxl import load_workbook

    workbook = load_workbook(path, keep_vba=path.lower().endswith(".xlsm"))
    apply_openpyxl(workbook, edits)
    workbook.save(output or path)
    if workbook.vba_archive is not None:  # openpyxl's copy of the VBA parts, which it never closes
        workbook.vba_archive.close()


def apply_xlwings(book: Any, edits: Iterable[CellEdit]) -> None:
    """Make ``edits`` in an xlwings book (classic ``xw.Book``, or Lite's remote book: its writes are sent
    when the script flushes them): ``Range.formula`` for a formula, ``Range.value`` for a value (an error
    value is written as its formula, ``=NA()`` for ``#N/A``, as Excel has no other way to enter one; a text
    starting with ``=``, ``+``, ``-`` or ``'`` after Excel's apostrophe, so that it stays a text)."""
    for edit in checked(edits):
        rng = book.sheets[edit.sheet][edit.cell]
        if edit.formula is not None:
            rng.formula = edit.formula
        elif isinstance(edit.value, ExcelError):
            rng.formula = _ERROR_FORMULAS.get(edit.value.code, "=NA()")
        elif isinstance(edit.value, str) and edit.value.startswith(("=", "+", "-", "'")):
            # Excel reads a value as it reads what is typed: "+BYE" or "-W2" would become a formula (#NAME?);
            # the apostrophe is its mark of a text (not part of the value)
            rng.value = "'" + edit.value
        else:
            rng.value = edit.value


#: an error value entered as the formula that gives it (Excel and Calc have no literal for one)
_ERROR_FORMULAS = {"#N/A": "=NA()", "#DIV/0!": "=1/0", "#VALUE!": '="a"+1', "#NUM!": "=SQRT(-1)",
                   "#REF!": "=#REF!", "#NAME?": "=xltb_no_such_name", "#NULL!": "=A1 B2"}


def apply_uno(document: Any, edits: Iterable[CellEdit]) -> None:
    """Make ``edits`` in a LibreOffice Calc document through UNO: ``setFormula`` for a formula (the API's
    syntax: English function names, ``;`` between arguments), ``setValue`` for a number or a boolean, ``setString`` for a text (never
    read as a formula), an error value as the formula that gives it; ``None`` empties the cell."""
    sheets = document.getSheets()
    for edit in checked(edits):
        cell = sheets.getByName(edit.sheet).getCellRangeByName(edit.cell.replace("$", ""))
        value = edit.value
        if edit.formula is not None:
            cell.setFormula(edit.formula)
        elif isinstance(value, ExcelError):
            cell.setFormula(_ERROR_FORMULAS.get(value.code, "=NA()"))
        elif value is None:
            cell.setString("")
        elif isinstance(value, (bool, int, float)):
            cell.setValue(float(value))
        else:
            cell.setString(clean(str(value)))


__all__ = ["apply_file", "apply_openpyxl", "apply_uno", "apply_xlwings"]
