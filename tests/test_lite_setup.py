"""The xlwings Lite script "Set up xltb in this workbook", run as Lite runs it: in a real Pyodide runtime,
from both main.py files of ``xltb lite``, through xlwings 0.37.8's own script machinery (``@script``,
``custom_scripts_meta``, ``custom_scripts_call``, an async ``xw.Book(json=...)`` of its remote engine,
its ``get_formula``/``get_value`` reads, its queued actions and ``flush``), against a fake of Lite's
Office.js client that shows a workbook built from each template as Excel would (tests/lite_excel.py).

Asserted: exactly the actions xlwings sends to Excel: one ``setFormula`` per xltb formula of the workbook,
in its cell, with xltb's functions spelled plainly, the table's formula in its top-left cell alone (so
that Excel spills it); nothing else.
"""

from __future__ import annotations

import io
import json

import pytest
from openpyxl import load_workbook
from openpyxl.utils.cell import coordinate_from_string, column_index_from_string

import needs
import pyodide_host
from helpers import SEED
from lite_excel import FAKE_CLIENT, view, xltb_cells
from xltb.hosts.lite import MAIN_PY, SCRIPT_NAME, bundled_main
from xltb.readers.registry import read_event
from xltb.templates.build import render

CASES = {  # name -> (kind, event file or None)
    "individual blank": ("individual", None),
    "individual held-swiss16": ("individual", SEED / "held-swiss16.trf"),
    "roundrobin blank": ("roundrobin", None),
    "roundrobin held-rr6": ("roundrobin", SEED / "held-rr6.trf"),
    "team blank": ("team", None),
    "team held-team14": ("team", SEED / "held-team14.trf"),
}


@pytest.fixture(scope="module")
def pyodide(tmp_path_factory):
    needs.require_pyodide()
    host = pyodide_host.start(tmp_path_factory.mktemp("pyodide"), with_xlwings=True)
    yield host
    host.close()


def run_script(host, excel: dict, main_py: str) -> dict:
    """main.py loaded as Lite loads it, then its script run by xlwings' own machinery on ``excel``."""
    code = f"""
import contextlib, io, json, os, sys, types
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"  # xlwings' key for noncommercial use (this MIT project's tests)
import xlwings as xw
from xlwings.server import custom_scripts_call, custom_scripts_meta
VIEW = json.loads({json.dumps(excel)!r})
{FAKE_CLIENT}
# a new Lite session: the installed wheel, no xltb imported before
sys.path[:] = [p for p in sys.path if not p.startswith("/tmp/xltb-")]
for name in [m for m in sys.modules if m == "xltb" or m.startswith("xltb.")]:
    del sys.modules[name]
module = types.ModuleType("main")
sys.modules["main"] = module
exec({main_py!r}, module.__dict__)


async def main():
    book = xw.Book(json=VIEW["book"])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        await custom_scripts_call(module, "set_up_xltb", typehint_to_value={{xw.Book: book}})
    return {{"meta": custom_scripts_meta(module), "actions": ACTIONS, "batches": len(BATCHES),
             "left": book.impl.json()["actions"], "printed": out.getvalue()}}
"""
    return host.run_async(code)


def expected(data: bytes, *, legacy: bool = False) -> list[dict]:
    """setFormula of every xltb formula of the workbook (read with openpyxl), in its cell alone; ``legacy``:
    each array formula (the tables) shown as a legacy array, its block cleared first."""
    from openpyxl.utils.cell import range_boundaries
    from openpyxl.worksheet.formula import ArrayFormula

    wb = load_workbook(io.BytesIO(data))
    out = []
    for (sheet, cell), formula in sorted(xltb_cells(data).items(), key=lambda kv: (
            wb.sheetnames.index(kv[0][0]), coordinate_from_string(kv[0][1])[1],
            column_index_from_string(coordinate_from_string(kv[0][1])[0]))):
        letters, row = coordinate_from_string(cell)
        where = {"sheet_position": wb.sheetnames.index(sheet), "start_row": row - 1,
                 "start_column": column_index_from_string(letters) - 1}
        value = wb[sheet][cell].value
        if legacy and isinstance(value, ArrayFormula) and value.ref != cell:
            c1, r1, c2, r2 = range_boundaries(value.ref)
            out.append({"func": "rangeClearContents", **where, "row_count": r2 - r1 + 1, "column_count": c2 - c1 + 1,
                        "values": None})
        out.append({"func": "setFormula", **where, "row_count": 1, "column_count": 1, "values": [[formula]]})
    return out


def _shape(actions: list[dict]) -> list[dict]:
    keys = ("func", "sheet_position", "start_row", "start_column", "row_count", "column_count", "values")
    return [{k: a.get(k) for k in keys} for a in actions]


def _workbook(kind, path):
    return render(kind, read_event(path)[0] if path else None)


@pytest.mark.parametrize("case", list(CASES))
def test_set_up_enters_every_xltb_formula_again(pyodide, case):
    kind, path = CASES[case]
    data = _workbook(kind, path)
    want = expected(data)
    blocks = "Matches,Settings,Teams" if kind == "team" else "Crosstable,Settings"
    # the template's: xltb, Status, the table's first cell (Standings), the prize list's (Prizes, individual events),
    # the pairing lists' (Pairings, Pairings by name: team events too, the team Swiss)
    prizes = [] if kind == "team" else ["=TB_PRIZES(PrizeTable,PrizeSharing,Crosstable,Settings)"]
    pairings = [f"=TB_PAIRINGS({blocks})", f"=TB_PAIRINGS_BY_NAME({blocks})"]
    assert [w["values"][0][0] for w in want] == ["=TB_VERSION()", f"=TB_STATUS({blocks})",
                                                  f"=TB_STANDINGS({blocks})", *prizes, *pairings]
    assert [(w["start_row"], w["start_column"]) for w in want][:2] == [(0, 1), (1, 1)]
    out = run_script(pyodide, view(data, spelling="xldudf"), bundled_main())
    assert _shape(out["actions"]) == want  # exactly: nothing else is written
    assert out["left"] == [] and out["batches"] == 1 + len(prizes) + len(pairings)  # a batch per sheet
    assert "Standings: entered again: B1, B2, " in out["printed"] and "refused" not in out["printed"]
    assert ("Prizes: entered again: E3." in out["printed"]) == bool(prizes)
    assert "Pairings: entered again: A1." in out["printed"]
    scripts = {s["name"]: s for s in out["meta"]}  # and "Pair next round" (tests/test_lite_pair.py)
    assert scripts[SCRIPT_NAME]["function_name"] == "set_up_xltb" and len(scripts) == 2
    assert scripts[SCRIPT_NAME]["lazy"] is True  # xw.BookAsync: no cell value loaded up front


def test_short_main_py_and_the_cases_lite_meets(pyodide):
    """The short main.py (the installed wheel) runs the same script. A workbook whose table is a legacy array
    formula (re-saved without Excel's dynamic-array mark), its Standings sheet unprotected (clearing the
    array's locked cells is refused on a protected sheet: the next test): the block is cleared, the formula
    entered in its top-left cell; the user's own xltb formula on another sheet and the Excel fault's spelling
    ``[2]!_xldudf_`` entered plainly; a text cell that only looks like a formula (a name) left alone."""
    wb = load_workbook(io.BytesIO(_workbook("individual", SEED / "held-swiss16.trf")))
    wb["Standings"].protection.sheet = False
    extra = wb.create_sheet("Notes")
    extra["A1"] = 1
    extra["B1"] = '=IF(TB_RANK(A1,Crosstable,Settings)<4,"prize","")'
    extra["B2"] = "=[2]!_xldudf_TB_SB(A1,Crosstable,Settings)"
    extra["C1"] = "=TB_RANK(1)"
    extra["C1"].data_type = "s"  # a text cell (a player named so): Office.js shows its text as formula and value
    buf = io.BytesIO()
    wb.save(buf)
    data = buf.getvalue()
    out = run_script(pyodide, view(data, legacy_table=True), MAIN_PY)
    table = load_workbook(io.BytesIO(data))["Standings"]["L3"].value
    assert table.text == "=TB_STANDINGS(Crosstable,Settings)" and table.ref == "L3:U19"
    notes = load_workbook(io.BytesIO(data)).sheetnames.index("Notes")
    want = [w for w in expected(data, legacy=True) if w["sheet_position"] != notes]
    assert {"func": "rangeClearContents", "sheet_position": 3, "start_row": 2, "start_column": 11, "row_count": 17,
            "column_count": 10, "values": None} in want
    want += [{"func": "setFormula", "sheet_position": notes, "start_row": 0, "start_column": 1, "row_count": 1,
              "column_count": 1, "values": [['=IF(TB_RANK(A1,Crosstable,Settings)<4,"prize","")']]},
             {"func": "setFormula", "sheet_position": notes, "start_row": 1, "start_column": 1, "row_count": 1,
              "column_count": 1, "values": [["=TB_SB(A1,Crosstable,Settings)"]]}]
    assert _shape(out["actions"]) == want
    assert "Standings: entered again: B1, B2, L3 (table, was the array L3:U19)." in out["printed"]
    assert "Notes: entered again: B1, B2." in out["printed"]


def test_a_protected_sheet_with_locked_xltb_cells_is_named(pyodide):
    """A workbook whose Standings sheet is protected with its xltb cells locked (as before the templates
    unlocked them): Excel refuses the batch; the script names the sheet and what to do, writes nothing
    there, and goes on with the other sheets."""
    wb = load_workbook(io.BytesIO(_workbook("individual", SEED / "held-swiss16.trf")))
    from openpyxl.styles import Protection

    for cell in ("B1", "B2", "L3"):
        wb["Standings"][cell].protection = Protection(locked=True)
    wb["Settings"]["D2"] = "=TB_VERSION()"  # an xltb formula on a sheet that is not protected
    buf = io.BytesIO()
    wb.save(buf)
    out = run_script(pyodide, view(buf.getvalue()), bundled_main())
    prizes = [w for w in expected(buf.getvalue()) if w["values"][0][0].startswith(("=TB_PRIZES", "=TB_PAIRINGS"))]
    assert _shape(out["actions"]) == [{"func": "setFormula", "sheet_position": 1, "start_row": 1, "start_column": 3,
                                       "row_count": 1, "column_count": 1, "values": [["=TB_VERSION()"]]}, *prizes]
    printed = out["printed"]
    assert "Settings: entered again: D2." in printed
    assert "Standings: Excel refused to change the sheet (" in printed and "Review > Unprotect Sheet" in printed
