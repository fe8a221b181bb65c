"""The xlwings Lite script "Pair next round", run as Lite runs it (tests/test_lite_setup.py's machinery: a real
Pyodide runtime, xlwings 0.37.8's own script machinery, a fake of Lite's Office.js client showing a workbook
built from a template): exactly the cells of "Pair next round"'s list are written, each in its cell of the
Crosstable sheet, nothing else; refused with the reason, nothing written, while a round is not complete."""

from __future__ import annotations

import io
import json

from openpyxl import load_workbook

from helpers import SEED, set_cells
from lite_excel import FAKE_CLIENT, view
from test_lite_setup import pyodide  # noqa: F401 - the module's Pyodide runtime
from xltb.functions import core
from xltb.functions.enter import next_round
from xltb.hosts.lite import PAIR_SCRIPT_NAME, SCRIPT_NAME, bundled_main
from xltb.hosts.lite_pair import as_typed
from xltb.model.rounds import after_round
from xltb.readers.registry import read_event
from xltb.templates.build import render


def run_pair(host, excel: dict, main_py: str) -> dict:
    code = f"""
import contextlib, io, json, os, sys, types
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"  # xlwings' key for noncommercial use (this MIT project's tests)
import xlwings as xw
from xlwings.server import custom_scripts_call, custom_scripts_meta
VIEW = json.loads({json.dumps(excel)!r})
{FAKE_CLIENT}
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
        await custom_scripts_call(module, "pair_next_round", typehint_to_value={{xw.Book: book}})
    return {{"meta": custom_scripts_meta(module), "actions": ACTIONS, "printed": out.getvalue()}}
"""
    return host.run_async(code)


def _blocks(data: bytes) -> tuple[list[list], list[list]]:
    wb = load_workbook(io.BytesIO(data), data_only=True)
    crosstable = [[c.value for c in row] for row in wb["Crosstable"].iter_rows()]
    settings = [[c.value for c in row] for row in wb["Settings"].iter_rows(max_col=2)]
    return crosstable, settings


def test_the_round_is_written_cell_by_cell(pyodide):  # noqa: F811 - the fixture
    event = after_round(read_event(str(SEED / "held-rr6.trf"))[0], 3)
    data = render("roundrobin", event)
    crosstable, settings = _blocks(data)
    core.clear_cache()
    edits = next_round(crosstable, settings).edits
    out = run_pair(pyodide, view(data), bundled_main())
    assert sorted(s["name"] for s in out["meta"]) == sorted([SCRIPT_NAME, PAIR_SCRIPT_NAME])
    sheet = load_workbook(io.BytesIO(data)).sheetnames.index("Crosstable")
    assert [(a["func"], a["sheet_position"], a["start_row"], a["start_column"], a["values"]) for a in out["actions"]] \
        == [("setValues", sheet, e.place[0] - 1, e.place[1] - 1, [[as_typed(str(e.value))]]) for e in edits]
    assert len(edits) == 6 and out["printed"].startswith("Round 4 entered: 3 boards (")


def test_refused_while_a_round_is_not_complete(pyodide):  # noqa: F811 - the fixture
    event = after_round(read_event(str(SEED / "held-rr6.trf"))[0], 4)
    data = render("roundrobin", event)
    crosstable, _ = _blocks(data)
    column = crosstable[0].index("R4")
    letter = "ABCDEFGHIJKLMNOP"[column]
    mine = crosstable[1][column]  # #1's round-4 game, made a pending game again on both lines
    other = next(r for r in range(1, len(crosstable)) if crosstable[r][0] == int(mine[2:]))
    data = set_cells(data, "Crosstable", {f"{letter}2": mine[1:], f"{letter}{other + 1}": crosstable[other][column][1:]})
    out = run_pair(pyodide, view(data), bundled_main())
    assert out["actions"] == []
    assert out["printed"] == (f"Pair next round: not entered: round 4 is not complete: 1 game without a result "
                              f"(first Crosstable!{letter}2); enter the results before pairing round 5\n")


def test_as_typed():
    assert [as_typed(t) for t in ("W9", "B12", "+BYE", "=BYE", "ZPB")] == ["W9", "B12", "'+BYE", "'=BYE", "ZPB"]
