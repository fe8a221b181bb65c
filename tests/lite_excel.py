"""A workbook as xlwings Lite's client (Office.js in Excel) shows it to Python, for the set-up script's test.

:func:`view` turns a workbook's bytes into what the Lite client hands xlwings 0.37.8's remote API: the
book's structure as ``getBookData`` sends it for an async book (names, sheets, no cell values), and per
sheet the used range's address, its formulas (Office.js ``range.formulas``: a formula cell's formula, a
dynamic array's spilled cells and every other cell their value) and values (``range.values``: a
formula's cached result, dates as serial numbers, an empty cell ``""``), with the locked cells of each
protected sheet. :data:`FAKE_CLIENT` is the Python, run in Pyodide, that answers xlwings' client reads
(``js.xlwings.getUsedRangeAddress``, ``getRangeData``, ``getRangeValues``, ``getBookData``) from such a
view and records every batch of actions (``runActions``), refusing, as Excel does, a batch that changes
a locked cell of a protected sheet.
"""

from __future__ import annotations

import io
import re
from datetime import date, datetime
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.formula import ArrayFormula

_XLTB_CALL = re.compile(r"(?<![A-Za-z0-9_.])(TB(?:_[A-Z0-9_]+)?)\(")


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        return (value - date(1899, 12, 30)).days
    return "" if value is None else value


def xldudf(formula: str) -> str:
    """A formula as Excel shows one whose add-in functions are not bound: ``_xldudf_`` before each."""
    return _XLTB_CALL.sub(lambda m: f"_xldudf_{m[1]}(", formula)


def view(data: bytes, *, spelling: str = "plain", legacy_table: bool = False) -> dict[str, Any]:
    """The workbook ``data`` as the Lite client shows it. ``spelling="xldudf"``: xltb's functions as Excel
    shows them unbound; ``legacy_table``: the table is a legacy array formula (its formula in every cell of
    its range: a workbook re-saved without Excel's dynamic-array mark)."""
    wb = load_workbook(io.BytesIO(data))
    cached = load_workbook(io.BytesIO(data), data_only=True)
    sheets, used, formulas, values, locked = [], {}, {}, {}, {}
    for ws in wb.worksheets:
        cv = cached[ws.title]
        rows, cols = max(ws.max_row, 1), max(ws.max_column, 1)
        f_grid = [[_plain(cv.cell(r, c).value) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        v_grid = [list(row) for row in f_grid]
        for (r, c), cell in ws._cells.items():
            v = cell.value
            text = None
            if isinstance(v, ArrayFormula):
                text = v.text
                if legacy_table:
                    (c1, r1), (c2, r2) = _bounds(v.ref)
                    for rr in range(r1, r2 + 1):
                        for cc in range(c1, c2 + 1):
                            f_grid[rr - 1][cc - 1] = xldudf(text) if spelling == "xldudf" else text
                    continue
            elif cell.data_type == "f" and isinstance(v, str):
                text = v
            if text is not None:
                f_grid[r - 1][c - 1] = xldudf(text) if spelling == "xldudf" else text
        sheets.append({"name": ws.title, "values": [], "pictures": [], "tables": [], "charts": [], "shapes": []})
        used[ws.title] = f"$A$1:${get_column_letter(cols)}${rows}"
        formulas[ws.title], values[ws.title] = f_grid, v_grid
        if ws.protection.sheet:
            locked[ws.title] = [[r, c] for r in range(1, rows + 1) for c in range(1, cols + 1)
                                if ws.cell(r, c).protection.locked is not False]
    names = []
    for name, dn in wb.defined_names.items():
        (sheet, ref), = dn.destinations
        names.append({"name": name, "sheet_index": wb.sheetnames.index(sheet), "address": ref, "book_scope": True,
                      "scope_sheet_name": None, "scope_sheet_index": None})
    book = {"client": "Office.js", "version": "0.37.8", "book": {"name": "book.xlsx", "active_sheet_index": 0,
                                                                  "selection": "A1"},
            "names": names, "sheets": sheets}
    return {"book": book, "used": used, "formulas": formulas, "values": values, "locked": locked}


def _bounds(ref: str) -> tuple[tuple[int, int], tuple[int, int]]:
    from openpyxl.utils.cell import range_boundaries

    c1, r1, c2, r2 = range_boundaries(ref)
    return (c1, r1), (c2, r2)


def xltb_cells(data: bytes) -> dict[tuple[str, str], str]:
    """(sheet, cell) -> formula of every formula of the workbook that calls an xltb function (read with
    openpyxl, independently of xltb's own reading)."""
    wb = load_workbook(io.BytesIO(data))
    out = {}
    for ws in wb.worksheets:
        for cell in ws._cells.values():
            v = cell.value
            text = v.text if isinstance(v, ArrayFormula) else v if cell.data_type == "f" else None
            if isinstance(text, str) and _XLTB_CALL.search(re.sub(r'"(?:[^"]|"")*"', '""', text)):
                out[(ws.title, cell.coordinate)] = text
    return out


#: the Lite client's reads and writes, in Pyodide: VIEW (a :func:`view`) is given as JSON
FAKE_CLIENT = r'''
import json, re
import js
from pyodide.code import run_js
from pyodide.ffi import create_proxy, to_js

ACTIONS, BATCHES = [], []


def _tojs(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def _cells(address):
    m = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?", address.split("!")[-1])
    col = lambda s: sum((ord(ch) - 64) * 26 ** i for i, ch in enumerate(reversed(s)))
    r1, c1 = int(m[2]), col(m[1])
    r2, c2 = (int(m[4]), col(m[3])) if m[3] else (r1, c1)
    return r1, c1, r2, c2


def _grid(kind, sheet, address):
    r1, c1, r2, c2 = _cells(address)
    full = VIEW[kind][sheet]
    return [[full[r - 1][c - 1] if r <= len(full) and c <= len(full[r - 1]) else "" for c in range(c1, c2 + 1)]
            for r in range(r1, r2 + 1)]


async def getUsedRangeAddress(sheet, values_only):
    return VIEW["used"][sheet]


async def getRangeData(sheet, address, keys):
    return _tojs({key: _grid("formulas", sheet, address) for key in keys.to_py()})


async def getRangeValues(sheet, address):
    return _tojs(_grid("values", sheet, address))


async def getBookData(options):
    return _tojs(VIEW["book"])


async def runActions(batch):
    actions = batch.to_py()["actions"]
    BATCHES.append(actions)
    for action in actions:  # Excel refuses to change a locked cell of a protected sheet: the whole batch fails
        sheet = VIEW["book"]["sheets"][action["sheet_position"]]["name"]
        locked = {tuple(c) for c in VIEW["locked"].get(sheet, [])}
        r0, c0 = action["start_row"] + 1, action["start_column"] + 1
        cells = {(r0 + i, c0 + j) for i in range(action["row_count"]) for j in range(action["column_count"])}
        if cells & locked:
            raise RuntimeError("The cell or chart you're trying to change is on a protected sheet.")
    ACTIONS.extend(actions)


run_js("globalThis.xlwings = {}")
for _f in (getUsedRangeAddress, getRangeData, getRangeValues, getBookData, runActions):
    setattr(js.xlwings, _f.__name__, create_proxy(_f))
'''
