"""The cells of an Excel workbook (``.xlsx``, ``.xlsm``) that xltb's workbook reader needs, read
with openpyxl (MIT; the library xltb writes its workbooks with) in read-only mode: the defined
names and the values of the ranges they name.

A cell's value is what Excel saved and shows: a formula's value is the one it last computed
(``data_only``; xltb never evaluates a formula of a file it reads, nor follows a link to another
workbook: ``keep_links=False``); a formula with no saved value (a file written by a program that
computes nothing) is an empty cell, and said: the sheet is read a second time as written to find them. Before openpyxl parses anything, every XML part is checked to
declare no DTD (:func:`xltb.books.xmlsafe.check_prolog`): openpyxl's parser then has no entity to
expand."""

from __future__ import annotations

import re
import zipfile
from typing import Any

from ..errors import InputError
from .workbook_cells import Budget, Rect, column_number, finite
from .xmlsafe import check_prolog

_RANGE = re.compile(r"\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?")


def check_parts(archive: zipfile.ZipFile) -> None:
    """Refuse a workbook one of whose XML parts declares a DTD."""
    for info in archive.infolist():
        if info.filename.lower().endswith((".xml", ".rels", ".vml")):
            check_prolog(archive, info.filename)


def _rect(sheet: str, coord: str) -> Rect | None:
    m = _RANGE.fullmatch(coord.strip())
    if m is None:
        return None
    c1, r1 = column_number(m[1]), int(m[2])
    c2, r2 = (column_number(m[3]), int(m[4])) if m[3] else (c1, r1)
    if min(r1, r2) < 1:
        return None
    return Rect(sheet, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))


class XlsxCells:
    """An open workbook: its names and the rows of a range."""

    def __init__(self, data: bytes):
        import io
        import warnings

        import openpyxl  # only workbooks: `xltb standings FILE.trf` does not load it

        self.data = data
        try:
            with warnings.catch_warnings():  # openpyxl's notes on parts it skips are not the reader's concern
                warnings.simplefilter("ignore")
                self.book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True,
                                                   keep_links=False, keep_vba=False)
                # the same cells as written, to tell a formula never computed (no saved value) from an empty cell
                self.written = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False,
                                                      keep_links=False, keep_vba=False)
        except InputError:
            raise
        except Exception:  # openpyxl raises what its parts give it: KeyError, ValueError, TypeError, ...
            raise InputError(f"cannot be read as an Excel workbook: {_unopened(data)}") from None

    def close(self) -> None:
        self.book.close()
        self.written.close()

    def names(self) -> dict[str, Rect | None]:
        """Every defined name (upper-cased) -> its range (None: a constant, a formula, several ranges)."""
        out: dict[str, Rect | None] = {}
        scopes: list[Any] = [self.book.defined_names]
        scopes += [getattr(ws, "defined_names", {}) for ws in self.book.worksheets]
        for scope in scopes:
            for name, definition in scope.items():
                if name.upper() in out:
                    continue
                try:
                    places = list(definition.destinations)
                except Exception:  # a name whose text is not a reference
                    places = []
                out[name.upper()] = _rect(*places[0]) if len(places) == 1 else None
        return out

    def rows(self, rect: Rect, budget: Budget) -> list[list[Any]]:
        """The rows of ``rect`` (from its first row to the sheet's last row within it)."""
        if rect.sheet not in self.book.sheetnames:
            return []
        import warnings

        sheet = self.book[rect.sheet]
        found: dict[int, list[Any]] = {}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self._read(sheet, rect, budget, found)
        except InputError:
            raise
        except Exception:
            raise InputError(self._unreadable(rect.sheet)) from None
        return budget.rows(rect, found)

    def _read(self, sheet: Any, rect: Rect, budget: Budget, found: dict[int, list[Any]]) -> None:
        """The rows of ``rect`` with a value into ``found``; the formulas never computed into ``budget``."""
        for r, row in enumerate(sheet.iter_rows(min_row=rect.r1, max_row=rect.r2, min_col=rect.c1,
                                                max_col=rect.c2, values_only=True), start=rect.r1):
            budget.spend(rect, r)
            if any(v is not None for v in row):
                found[r] = [finite(v, rect.sheet, r, rect.c1 + c) for c, v in enumerate(row)]
        written = self.written[rect.sheet]
        for r, cells in enumerate(written.iter_rows(min_row=rect.r1, max_row=rect.r2, min_col=rect.c1,
                                                    max_col=rect.c2), start=rect.r1):
            values = found.get(r)
            for c, cell in enumerate(cells):
                if getattr(cell, "data_type", None) != "f":
                    continue
                if isinstance(cell.value, str):  # an array formula's is not read (no result is one)
                    budget.formula_cell(rect.sheet, r, rect.c1 + c, cell.value.removeprefix("="))
                if values is None or values[c] is None:
                    budget.uncomputed_cell(rect.sheet, r, rect.c1 + c)

    def _unreadable(self, sheet: str) -> str:
        """Why openpyxl could not read ``sheet``: the first cell whose value does not match its type, found by
        reading the sheet's XML again (only when openpyxl failed)."""
        import io
        import zipfile

        from .xlsx_locate import first_bad_cell, sheet_part

        where = f"the sheet {sheet!r} cannot be read"
        try:
            with zipfile.ZipFile(io.BytesIO(self.data)) as archive:
                part = sheet_part(archive, sheet)
                found = first_bad_cell(archive, part, sheet) if part else None
        except InputError as err:
            return f"{where}: {err.message}"
        except Exception:  # noqa: BLE001 - the search is a courtesy: without it, the sheet is still named
            found = None
        if found and found.startswith("the sheet "):  # not a cell's: the sheet is named already
            found = found.split(": ", 1)[-1]
        return f"{where}: {found}" if found else (
            f"{where}: its XML does not describe rows and cells as Excel writes them (open and save it in Excel or "
            "LibreOffice)")


def _unopened(data: bytes) -> str:
    """Why openpyxl could not open the workbook ``data``: a cell or a sheet's dimension no sheet can have,
    else the parts that describe the sheets."""
    from .xlsx_locate import why_unreadable

    return why_unreadable(data, "its workbook part (xl/workbook.xml), the relationships or the content types do "
                                "not describe sheets as Excel writes them (open and save it in Excel or LibreOffice)")


__all__ = ["XlsxCells", "check_parts"]
