"""``xltb recalc``: every formula of a workbook evaluated without Excel, the formulas kept, their values
written as the cached values a spreadsheet shows.

The formulas are evaluated by the ``formulas`` engine with xltb's functions registered
(:mod:`xltb.recalc.engine`); the values are written into the original file's XML
(:mod:`xltb.recalc.sheetxml`), so that everything else of the workbook stays as it was. A formula
the engine cannot evaluate keeps its text and its former cached value and is listed with the
reason; an error value that is the true result (``#N/A`` for a pairing number the crosstable does
not have) is written and listed.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from .. import limits
from ..cells import ExcelError, clean
from ..errors import InputError
from .._gc import sparse
from ..files import write_atomic
from ..limits import MAX_RECALC_BOOK_CELLS, open_package
from ..readers.text import read_bytes
from ..templates.sheetxml import Edit, SheetXmlError
from .package import ZIP_ERRORS, check_parts, sheet_list, write
from ..xlsxread.book import Book, Formula, Rect
from ..xlsxread.parts import name_target, rect
from ..xlsxread.reader import read, settle_arrays


@dataclass
class RecalcResult:
    #: formula cells of the workbook
    formulas: int
    #: formula cells evaluated (their values written)
    evaluated: int
    #: ``Sheet!A2: #N/A why``: formulas whose value is an error value (written)
    errors: list[str] = field(default_factory=list)
    #: ``Sheet!A2: why``: formulas not evaluated (kept, with their former cached values)
    unevaluated: list[str] = field(default_factory=list)
    #: ``Sheet!A2: what``: values written that leave something out (a table cut to its array formula's range)
    warnings: list[str] = field(default_factory=list)
    #: the recalculated workbook
    data: bytes = b""


def _plain(cell: Any) -> Any:
    v = cell.value
    if v is None:
        return None
    if cell.data_type == "e":
        return ExcelError(str(v))
    if isinstance(v, (datetime, date, time, timedelta)):
        from openpyxl.utils.datetime import to_excel

        return to_excel(v)  # the 1900 date system (a 1904 workbook is refused by read_book)
    return v


def dynamic_anchors(z: zipfile.ZipFile, sheets: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """(sheet, cell) of every dynamic-array formula: the cells Excel marks with ``cm`` cell metadata
    (openpyxl does not keep the mark)."""
    out: set[tuple[str, str]] = set()
    if "xl/metadata.xml" not in z.namelist():
        return out
    for sheet, part in sheets:
        xml = z.read(part).decode("utf-8", "replace")
        for m in re.finditer(r'<c\b([^>]*)>\s*<f\b[^>]*\bt="array"', xml):
            attrs = m[1]
            ref = re.search(r'\sr="([A-Z]+\d+)"', attrs)
            if ref and re.search(r'\scm="\d+"', attrs):
                out.add((sheet, ref[1]))
    return out


def read_book(data: bytes, listed: list[tuple[str, str]] | None = None) -> Book:
    """The :class:`~xltb.recalc.engine.Book` of the workbook ``data``; ``listed``: its sheets as
    :func:`~xltb.recalc.package.sheet_list` gives them (read from ``data`` when not given). Read from the
    package's XML (:mod:`xltb.xlsxread.reader`); by openpyxl, the reference, where that reader declines."""
    from ..functions.spelling import plain

    if listed is None:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            listed = sheet_list(z)
    book = read(data, listed, plain=plain)
    if book is None:
        book = read_book_openpyxl(data, listed)
    settle_arrays(book)
    return book


def read_book_openpyxl(data: bytes, listed: list[tuple[str, str]]) -> Book:
    """The Book of the workbook ``data`` as openpyxl reads it (before :func:`~xltb.xlsxread.reader.settle_arrays`)."""
    from openpyxl import load_workbook
    from openpyxl.utils.datetime import CALENDAR_MAC_1904
    from openpyxl.worksheet.formula import ArrayFormula

    from ..functions.spelling import plain
    from .values import Book, Formula, Rect

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        wb = load_workbook(io.BytesIO(data))
        if wb.sheetnames != [name for name, _ in listed]:  # openpyxl renames what it cannot hold
            raise InputError("the sheets' names cannot be read as the workbook writes them ("
                             + ", ".join(repr(clean(n)[:40]) for n, _ in listed[:5]) + ")")
        dynamic = dynamic_anchors(z, listed)
    sheets = [ws.title for ws in wb.worksheets]
    if not sheets:
        raise InputError("the workbook has no worksheets")
    if wb.epoch == CALENDAR_MAC_1904:  # the engine's date functions and xltb's StartDate count from 1900
        raise InputError("the workbook uses the 1904 date system (old Excel for Mac): recalc computes dates in the "
                         "1900 date system only, and would write them 4 years off")
    book = Book(sheets, {s: {} for s in sheets}, {})
    for ws in wb.worksheets:
        values = book.values[ws.title]
        # the cells the file has (iter_rows would create every cell of the used rectangle)
        for (r, c), cell in ws._cells.items():
            v = cell.value
            if isinstance(v, ArrayFormula):
                area = rect(v.ref, ws.title) if v.ref else None
                kind = "dynamic" if (ws.title, cell.coordinate) in dynamic else "array"
                # xltb's functions in any spelling Excel stores (_xldudf_, _xludf., _xll.) are evaluated
                book.formulas[(ws.title, r, c)] = Formula(plain(v.text if v.text.startswith("=") else "=" + v.text),
                                                          kind, area or Rect(ws.title, r, c, r, c))
            elif cell.data_type == "f":
                if isinstance(v, str) and v.startswith("="):
                    book.formulas[(ws.title, r, c)] = Formula(plain(v))
                else:  # a data table (what-if analysis): no formula text of its own
                    book.formulas[(ws.title, r, c)] = Formula("")
            elif v is not None:
                values[(r, c)] = _plain(cell)
    for name, dn in wb.defined_names.items():
        book.names[name.upper()] = name_target(dn, sheets)
    for ws in wb.worksheets:
        for name, dn in getattr(ws, "defined_names", {}).items():
            book.names[f"{ws.title.upper()}!{name.upper()}"] = name_target(dn, sheets)
    return book


def _ref(r1: int, c1: int, r2: int, c2: int) -> str:
    from .values import column_letters

    first = f"{column_letters(c1)}{r1}"
    return first if (r1, c1) == (r2, c2) else f"{first}:{column_letters(c2)}{r2}"


def _not_excel(data: bytes) -> str | None:
    """Why ``data`` is not an Excel workbook recalc can read, said in the user's terms (an .ods, a zip
    without a workbook, not a zip), or None."""
    if not data.startswith(b"PK"):
        return "not an Excel workbook (.xlsx, .xlsm): the file is not a zip package"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            mimetype = z.read("mimetype")[:80] if "mimetype" in names else b""
    except ZIP_ERRORS:
        return "not an Excel workbook (.xlsx, .xlsm): a damaged zip package"
    if mimetype.startswith(b"application/vnd.oasis.opendocument"):
        return ("an OpenDocument file (.ods): recalc reads Excel workbooks (.xlsx, .xlsm); LibreOffice computes an "
                ".ods itself, with xltb's extension installed (xltb libreoffice --install)")
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        return "not an Excel workbook (.xlsx, .xlsm): the zip package holds no workbook (xl/workbook.xml)"
    return None


def _unreadable(data: bytes) -> str:
    """Why openpyxl could not read the workbook ``data``: its first cell that no sheet can have, else what
    to do."""
    from ..books.xlsx_locate import why_unreadable

    return why_unreadable(data, "its parts do not make a workbook as Excel writes it (a sheet, a style or a "
                                "relationship it names is missing or damaged); open and save it in Excel or LibreOffice")


def recalc_bytes(data: bytes) -> RecalcResult:
    """Evaluate every formula of the workbook ``data`` (read through the size limit: see
    :func:`recalc_file`); the result holds the new workbook."""
    with sparse():  # hundreds of thousands of small objects, few cycles (xltb._gc.sparse)
        return _recalc_bytes(data)


def _recalc_bytes(data: bytes) -> RecalcResult:
    from .engine import Engine
    from .values import address

    book, sheets = _read_for_recalc(data)
    engine = Engine(book)
    outcome = engine.run()
    edits: dict[str, dict[tuple[int, int], Edit]] = {s: {} for s in book.sheets}
    errors: list[str] = []
    blocked = dict(engine.spill_blocked)
    for key, value in outcome.values.items():
        first = value[0][0] if isinstance(value, list) else value
        # an array's first error value (the table's header stays when the table cannot be computed)
        wrong = first if not isinstance(value, list) else next(
            (v for row in value for v in row if isinstance(v, ExcelError)), None)
        if isinstance(wrong, ExcelError) and key not in blocked:
            why = engine.messages.get(key, "")
            errors.append(f"{address(key)}: {wrong.code}" + (f" {why}" if why else ""))
        _edit_result(edits[key[0]], key, book.formulas[key], value, first, outcome.spills, key in blocked)
    errors += [f"{address(key)}: {why}" for key, why in blocked.items()]
    unevaluated = [f"{address(key)}: {why}" for key, why in outcome.failed.items()]
    try:
        out = write(data, sheets, edits)
    except SheetXmlError as err:
        raise InputError(f"cannot write the values into the workbook: {err}") from None
    warnings = [f"{address(key)}: {what}" for key, what in engine.warnings.items()]
    return RecalcResult(len(book.formulas), len(outcome.values), errors, unevaluated, warnings, out)


def _read_for_recalc(data: bytes) -> tuple[Book, list[tuple[str, str]]]:
    """The workbook read for its formulas, and its sheets: the package's limits, its kind and its parts checked
    before anything is parsed for its content, and the formulas' count after."""
    if data.startswith(b"PK"):
        declared = open_package(data)  # sizes, entries and the sheets' declared size, before any part is parsed
        if declared.cells > MAX_RECALC_BOOK_CELLS:
            raise InputError(f"the workbook's sheets write {declared.cells:,} cells, more than the limit of "
                             f"{MAX_RECALC_BOOK_CELLS:,} that recalc reads")
    kind = _not_excel(data)
    if kind:
        raise InputError(kind)
    check_parts(data)  # every XML part well-formed, no DTD: before anything is parsed for its content
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sheets = sheet_list(z)
    try:
        book = read_book(data, sheets)
    except InputError:
        raise
    except Exception:  # not a workbook openpyxl can read: its words are a program's, not the reader's
        raise InputError(f"cannot read the workbook: {_unreadable(data)}") from None
    if len(book.formulas) > limits.MAX_RECALC_FORMULAS:
        raise InputError(f"the workbook has {len(book.formulas):,} formulas, more than the limit of "
                         f"{limits.MAX_RECALC_FORMULAS:,} that recalc evaluates")
    return book, sheets


def _cover(cells: dict[tuple[int, int], Edit], r0: int, c0: int, value: list[list[Any]]) -> None:
    """The cells of an array result but its first (the formula's own)."""
    for i, row in enumerate(value):
        for j, v in enumerate(row):
            if i or j:
                cells[(r0 + i, c0 + j)] = Edit("value", v)


def _edit_result(cells: dict[tuple[int, int], Edit], key: tuple[str, int, int], f: Formula, value: Any, first: Any,
                 spills: dict[tuple[str, int, int], Rect], blocked: bool) -> None:
    """The edits of one formula's result in its sheet's ``cells``: its value, and for an array or a spill the
    cells it covers (those a spill covered before and no longer does cleared)."""
    sheet, r0, c0 = key
    if key in spills or (f.kind == "cell" and isinstance(value, list) and (len(value) > 1 or len(value[0]) > 1)):
        new = spills[key]
        old = f.area
        mark = f.kind == "dynamic" or f.kind == "cell"
        if f.kind == "cell" and new.cells == 1 and not blocked:
            cells[(r0, c0)] = Edit("formula", first)
            return
        cells[(r0, c0)] = Edit("formula", first, _ref(new.r1, new.c1, new.r2, new.c2), mark,
                               becomes_array=f.kind == "cell")
        _cover(cells, r0, c0, value)
        if old is not None:
            for r in range(old.r1, old.r2 + 1):
                for c in range(old.c1, old.c2 + 1):
                    if (sheet, r, c) not in new:
                        cells[(r, c)] = Edit("clear")
    elif f.kind == "array":
        cells[(r0, c0)] = Edit("formula", first)
        _cover(cells, r0, c0, value)
    else:
        cells[(r0, c0)] = Edit("formula", first)


def recalc_file(path: str | os.PathLike[str], out: str | os.PathLike[str] | None, *, force: bool = False,
                strict: bool = False) -> RecalcResult:
    """Read ``path``, evaluate its formulas, write ``out`` (atomically; never over an existing file
    without ``force``). ``strict``: nothing is written when a formula was not evaluated, gave an error
    value or a value that leaves something out. ``out`` None: nothing is written."""
    path = os.fspath(path)
    data = read_bytes(path)  # a device or a pipe too: never more than the limit is read
    try:
        result = recalc_bytes(data)
    except InputError as err:
        raise InputError(err.message if hasattr(err, "message") else str(err), file=path) from None
    if out is not None and not (strict and (result.errors or result.unevaluated or result.warnings)):
        write_atomic(out, result.data, force=force)
    return result
