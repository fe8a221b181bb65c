"""The formulas of the bundled templates and example workbooks, read back and evaluated through
xltb.functions.callables: every formula cell carries that value as its cached value (what a viewer
without xltb's functions shows), and LibreOffice shows the numbers of the participants' block."""

from __future__ import annotations

import csv
import re
import subprocess
from pathlib import Path

import pytest

import xltb
from openpyxl import load_workbook

from xltb.report.pdf import find_soffice

ROOT = Path(__file__).parent.parent
FILES = sorted((ROOT / "workbooks").glob("held-*.xlsx")) + sorted((ROOT / "templates").glob("*.xlsx"))
LOOKUP = re.compile(r'=IF\(\$A(\d+)=0,"",INDEX\(\$([A-Z]+):\$\1?([A-Z]+)?')


def evaluate(path: Path) -> dict[str, object]:
    """``Sheet!A1`` -> value of every formula cell of the workbook, by the formula engine of ``xltb
    recalc`` (the values it would write), independently of the values the file carries."""
    from xltb.recalc.engine import Engine, address
    from xltb.recalc.run import read_book

    engine = Engine(read_book(path.read_bytes()))
    outcome = engine.run()
    assert outcome.failed == {}
    out = {}
    for key, value in outcome.values.items():
        if isinstance(value, list):  # an array: each of its cells
            for i, row in enumerate(value):
                for k, v in enumerate(row):
                    out[address((key[0], key[1] + i, key[2] + k))] = v
        else:
            out[address(key)] = value
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_formula_carries_its_value(path):
    """The value the templates give each formula cell equals what the formula engine computes from the
    formula (TB_STANDINGS, the INDEX/MATCH lookups into it, the Matches sheet's name formulas, ...)."""
    values = load_workbook(path, data_only=True)
    want = evaluate(path)
    assert len(want) > 20
    # the one exception: an Excel workbook caches =TB_VERSION() as #NAME? (functions not connected until Excel
    # computes the cell: xltb.templates.parts.standings_sheet)
    assert values["Standings"]["B1"].value == "#NAME?" and want.pop("Standings!B1") == f"xltb {xltb.__version__}"
    for where, value in want.items():
        sheet, ref = where.split("!")
        got = values[sheet][ref].value
        # openpyxl writes a float with 15 significant digits
        expected = pytest.approx(value, rel=1e-14) if isinstance(value, float) else None if value == "" else value
        assert got == expected, (path.name, where, got, value)
    import zipfile

    from xltb.templates.cached import sheet_paths

    with zipfile.ZipFile(path) as z:
        assert 'fullCalcOnLoad="1"' not in z.read("xl/workbook.xml").decode()
        # the table formula is marked as a dynamic array, as Excel marks one (cell metadata XLDAPR)
        assert 'name="XLDAPR"' in z.read("xl/metadata.xml").decode()
        assert "sheetMetadata" in z.read("xl/_rels/workbook.xml.rels").decode()
        standings = z.read(sheet_paths(z)["Standings"]).decode()
        assert len(re.findall(r'<c r="[A-Z]+3"[^>]* cm="1"><f t="array" ref="[A-Z]+3:[A-Z]+\d+">TB_STANDINGS\(',
                              standings)) == 1


@pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed; .ci/run installs it")
def test_libreoffice_shows_the_numbers(tmp_path):
    """LibreOffice opens the example workbook without xltb's functions and shows the participants'
    block (pairing order) with the cached numbers: no #NAME?. (LibreOffice 7.4 recomputes array
    formulas on load, so the sorted table beside it shows #NAME? there: see docs/templates.md.)"""
    path = ROOT / "workbooks" / "held-swiss16.xlsx"
    done = subprocess.run([find_soffice(), f"-env:UserInstallation=file://{tmp_path}/profile", "--headless",
                           "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,4",
                           "--outdir", str(tmp_path), str(path)], capture_output=True, text=True, timeout=120)
    out = tmp_path / "held-swiss16-Standings.csv"
    assert out.exists(), done.stderr
    rows = list(csv.reader(out.open(encoding="utf-8")))
    values = load_workbook(path, data_only=True)["Standings"]
    assert rows[2][:10] == ["No", "Name", "Rating", "Rank", "Pts", "BH/C1", "BH", "SB", "DE", "WIN"]
    for r, row in enumerate(rows[3:19], start=4):
        want = [values.cell(row=r, column=c).value for c in range(1, 11)]
        assert "#NAME?" not in row[:10]
        assert [float(x) if re.fullmatch(r"-?\d+(\.\d+)?", x) else x for x in row[3:8]] == want[3:8], r
