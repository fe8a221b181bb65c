"""``xltb recalc``: evaluate every ``TB_`` formula of a workbook without Excel and write the values.

For arbiters on macOS or LibreOffice, where xlwings functions do not run. A small evaluator
of its own reads the formulas the templates produce and what arbiters write beside them:
calls of the xltb functions (``TB_BH_C1(A2)``, ``TB("KS/L-1", $A2)``, ``TB_RANK(A2)``,
``TB_EXPLAIN(A2, "SB")``, ``TB_CHECK(A2, F2, "BH")``, the array formula ``TB_STANDINGS()``, with
optional crosstable, settings and teams arguments), whose arguments are numbers, text, cell references (``A2``, ``$A$2``,
``Crosstable!A2``, ``'My sheet'!A2``), ranges and defined names; a referenced cell that itself
holds a plain reference formula (``=Crosstable!A2``) is followed. The values come from the
same code as the worksheet functions (:mod:`xltb.excel.core`), so they equal
``xltb standings`` on the same event. Formulas that are not xltb's are left as they are
(Excel or LibreOffice computes them when the file is opened).
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from dataclasses import dataclass
from typing import Any

from ..cells import clean, put_text
from ..errors import InputError
from ..files import write_atomic
from ..limits import MAX_FORMULA_DEPTH, check_workbook_size
from . import core
from .cached import sheet_paths
from .formula import Evaluator, FormulaError, column_index, parse_ref

_TB_CALL = re.compile(r"(?<![A-Za-z0-9_.])(?:_xludf\.)?TB(?:_[A-Za-z0-9_]+)?\s*\(", re.IGNORECASE)

def is_xltb_formula(text: Any) -> bool:
    return isinstance(text, str) and text.startswith("=") and bool(_TB_CALL.search(text))


def _cell_value(value: Any) -> Any:
    if isinstance(value, core.ExcelError):
        return value.code  # openpyxl stores "#VALUE!" as an error value
    return value


@dataclass
class RecalcResult:
    formulas: int
    errors: list[str]


def recalc_workbook(wb, dynamic: set[tuple[str, str]] = frozenset()) -> RecalcResult:
    """Replace every xltb formula of ``wb`` (openpyxl, formulas kept) by its value, in place.

    ``dynamic`` holds the (sheet, cell) of Excel 365 dynamic arrays (:func:`dynamic_arrays`): such a
    formula spills its whole result, however large, like a formula in one cell (its stored range is
    only the size of its last result)."""
    ev = Evaluator(wb)
    jobs = []  # (sheet, cell, formula text, array ref or None)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                v = cell.value
                if hasattr(v, "text") and hasattr(v, "ref") and is_xltb_formula(v.text) and \
                        (ws.title, cell.coordinate) in dynamic:
                    old = parse_ref(v.ref, ws.title)  # the last result's cells: free for the new one
                    for r in range(old.min_row, old.max_row + 1):
                        for c in range(old.min_col, old.max_col + 1):
                            if (r, c) != (cell.row, cell.column):
                                ws.cell(row=r, column=c).value = None
                    jobs.append((ws, cell, v.text, None))
                elif hasattr(v, "text") and hasattr(v, "ref") and is_xltb_formula(v.text):
                    jobs.append((ws, cell, v.text, v.ref))
                elif cell.data_type == "f" and is_xltb_formula(v):
                    jobs.append((ws, cell, v, None))
    errors: list[str] = []
    results = []
    for ws, cell, text, ref in jobs:
        where = f"{ws.title}!{cell.coordinate}"
        shape = None
        if ref is not None:
            r = parse_ref(ref, ws.title)
            shape = (r.max_row - r.min_row + 1, r.max_col - r.min_col + 1)
        try:
            try:
                value = ev.evaluate(text, ws.title, shape)
            except RecursionError:  # the depth limit stops formulas before this; a safety net
                raise FormulaError(f"nested too deeply (limit: {MAX_FORMULA_DEPTH})") from None
            except (OverflowError, ZeroDivisionError) as exc:
                raise FormulaError(f"a number out of range ({exc})") from None
        except FormulaError as err:
            shown = text if len(text) <= 60 else text[:57] + "..."
            errors.append(f"{where}: {shown}: {err}")
            value = core.ExcelError(core.VALUE, str(err))
            results.append((ws, cell, ref, value))
            continue
        results.append((ws, cell, ref, value))
        if isinstance(value, core.ExcelError) and ref is None:
            errors.append(f"{where}: {value.code} {value.message}")
    for ws, cell, ref, value in results:
        single = ref is None or parse_ref(ref, ws.title).single
        if single and isinstance(value, list) and (len(value) > 1 or (value and len(value[0]) > 1)):
            # a table returned to one cell spills into the cells below and to the right, as Excel 365's
            # dynamic arrays do; a non-empty cell in the way gives #SPILL!, as in Excel
            blocked = [ws.cell(row=cell.row + i, column=cell.column + j).coordinate
                       for i, row in enumerate(value) for j in range(len(row)) if (i or j)
                       and ws.cell(row=cell.row + i, column=cell.column + j).value not in (None, "")]
            if blocked:
                corner = ws.cell(row=cell.row + len(value) - 1, column=cell.column + len(value[0]) - 1)
                errors.append(f"{ws.title}!{cell.coordinate}: #SPILL! the table needs the cells up to "
                              f"{corner.coordinate}, and {blocked[0]} is not empty")
                cell.value = "#SPILL!"
                continue
            for i, row in enumerate(value):
                for j, v in enumerate(row):
                    put_text(ws.cell(row=cell.row + i, column=cell.column + j), _cell_value(v))
            continue
        if ref is None:
            if isinstance(value, list):
                value = value[0][0] if value and value[0] else ""
            put_text(cell, _cell_value(value))
            continue
        r = parse_ref(ref, ws.title)
        block = value if isinstance(value, list) else [[value]]
        for i in range(r.max_row - r.min_row + 1):
            for j in range(r.max_col - r.min_col + 1):
                v = block[i][j] if i < len(block) and j < len(block[i]) else ""
                put_text(ws.cell(row=r.min_row + i, column=r.min_col + j), _cell_value(v))
    _settle_lookups(wb, {(ws.title, cell.row, cell.column) for ws, cell, _, _ in results})
    return RecalcResult(len(jobs), errors)


#: the per-participant cells of xltb's templates: a value looked up in the spilled =TB_STANDINGS(...) table
_LOOKUP = re.compile(r'=IF\(\$A(\d+)=0,"",INDEX\(\$([A-Z]{1,3}):\$\2,MATCH\(\$A\1,\$([A-Z]{1,3}):\$\3,0\)\)\)')
_HEADER_REF = re.compile(r"=([A-Z]{1,3})1")


def _settle_lookups(wb, written: set[tuple[str, int, int]]) -> None:
    """Replace the templates' lookups into a table this run wrote by their values, so that the output
    shows them without a spreadsheet: ``=IF($A2=0,"",INDEX($P:$P,MATCH($A2,$M:$M,0)))`` (the
    participant in column A, found in the table's No column) and ``=Q1`` (the table's header)."""
    sheets = {s for s, _, _ in written}
    for ws in wb.worksheets:
        if ws.title not in sheets:
            continue
        ev = Evaluator(wb)
        cells = [c for row in ws.iter_rows() for c in row if c.data_type == "f" and isinstance(c.value, str)]
        for cell in cells:
            if m := _HEADER_REF.fullmatch(cell.value):
                put_text(cell, ws.cell(row=1, column=column_index(m[1])).value)  # text from a file stays text
            elif m := _LOOKUP.fullmatch(cell.value):
                try:
                    number = ev.cell_value(ws.title, int(m[1]), 1)
                except FormulaError:
                    continue
                if number in (0, None, ""):
                    cell.value = ""
                    continue
                col, key = column_index(m[2]), column_index(m[3])
                found = next((r for r in range(2, ws.max_row + 1) if ws.cell(row=r, column=key).value == number), None)
                put_text(cell, "#N/A" if found is None else _cell_value(ws.cell(row=found, column=col).value))


def recalc_file(path: str | os.PathLike, out: str | os.PathLike, *, force: bool = False) -> RecalcResult:
    """Read ``path``, evaluate its xltb formulas, write ``out`` (atomically)."""
    from openpyxl import load_workbook

    path = os.fspath(path)
    keep_vba = path.lower().endswith((".xlsm", ".xltm", ".xlam"))
    check_workbook_size(path)
    try:
        wb = load_workbook(path, keep_vba=keep_vba)
    except FileNotFoundError:
        raise InputError("no such file", file=path) from None
    except Exception as err:  # not a workbook openpyxl can read
        raise InputError(f"cannot read the workbook: {clean(str(err))}", file=path) from None
    if not wb.worksheets:
        raise InputError("the workbook has no worksheets", file=path)
    result = recalc_workbook(wb, dynamic_arrays(path))
    buf = io.BytesIO()
    wb.save(buf)
    write_atomic(out, buf.getvalue(), force=force)
    return result


def dynamic_arrays(path: str) -> set[tuple[str, str]]:
    """(sheet, cell) of every dynamic-array formula of the workbook at ``path``: the cells Excel marks
    with ``cm`` cell metadata (openpyxl does not keep the mark)."""
    out = set()
    try:
        with zipfile.ZipFile(path) as z:
            if "xl/metadata.xml" not in z.namelist():
                return out
            for sheet, part in sheet_paths(z).items():
                xml = z.read(part).decode("utf-8", "replace")
                for m in re.finditer(r'<c r="([A-Z]+\d+)"[^>]*\scm="\d+"[^>]*><f[^>]*t="array"', xml):
                    out.add((sheet, m[1]))
    except (OSError, KeyError, zipfile.BadZipFile):
        return set()
    return out
