"""The formulas of the bundled templates and example workbooks, read back and evaluated through
xltb.excel.functions: every formula cell carries that value as its cached value (what a viewer
without xltb's functions shows), and LibreOffice shows the numbers of the participants' block."""

from __future__ import annotations

import csv
import re
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xltb.excel import functions
from xltb.excel.templates import roster_name
from xltb.report.pdf import find_soffice

ROOT = Path(__file__).parent.parent
FILES = sorted((ROOT / "workbooks").glob("held-*.xlsx")) + sorted((ROOT / "templates").glob("*.xlsx"))
LOOKUP = re.compile(r'=IF\(\$A(\d+)=0,"",INDEX\(\$([A-Z]+):\$\1?([A-Z]+)?')


def _block(wb, name):
    (sheet, ref), = wb.defined_names[name].destinations
    return [[c.value for c in row] for row in wb[sheet][ref.replace("$", "")]]


def _col(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def evaluate(wb):
    """cell -> value of every formula of the Standings and Matches sheets, by xltb.excel.functions and
    the few spreadsheet functions the templates use."""
    team = "Matches" in wb.sheetnames
    args = [_block(wb, "Matches"), _block(wb, "Settings"), _block(wb, "Teams")] if team else \
        [_block(wb, "Crosstable"), _block(wb, "Settings")]
    table = functions.TB_STANDINGS(*args)
    ws = wb["Standings"]
    out = {}
    anchor = next(c for row in ws.iter_rows() for c in row if hasattr(c.value, "ref"))
    assert anchor.value.text == "=TB_STANDINGS(" + ("Matches,Settings,Teams" if team else "Crosstable,Settings") + ")"
    start = anchor.column
    by_no = {row[1]: row for row in table[1:]}
    for row in ws.iter_rows():
        for c in row:
            v = c.value
            if c is anchor:
                out[c.coordinate] = table[0][0]
                continue
            if not (isinstance(v, str) and v.startswith("=")):
                continue
            if m := re.fullmatch(r"=(Crosstable|Teams)!([A-Z])(\d+)", v):
                src = wb[m[1]][f"{m[2]}{m[3]}"].value
                out[c.coordinate] = 0 if src in (None, "") else src
            elif m := re.fullmatch(r"=([A-Z]+)1", v):
                k = _col(m[1]) - start
                out[c.coordinate] = table[0][k] if k < len(table[0]) else 0
            elif m := re.fullmatch(r'=IF\(\$A(\d+)=0,"",INDEX\(\$([A-Z]+):\$\2,MATCH\(\$A\1,\$([A-Z]+):\$\3,0\)\)\)', v):
                assert _col(m[3]) == start + 1  # matched on the table's No column
                no = out.get(f"A{m[1]}")
                found = by_no.get(no)
                k = _col(m[2]) - start
                out[c.coordinate] = "" if no == 0 else "#N/A" if found is None else found[k]
            else:
                pytest.fail(f"{c.coordinate}: a formula of unknown form {v!r}")
    # the table's other cells hold its values (the spill, as Excel stores it)
    for i, row in enumerate(table):
        for k, value in enumerate(row):
            if (i, k) != (0, 0):
                got = ws.cell(row=1 + i, column=start + k).value
                # openpyxl writes a float with 15 significant digits
                want = pytest.approx(value, rel=1e-14) if isinstance(value, float) else None if value == "" else value
                assert got == want, (i, k)
    if team:
        roster = {r[0]: r[4:] for r in _block(wb, "Teams")[1:] if r[0] not in (None, "")}
        for row in wb["Matches"].iter_rows(min_row=2):
            for c in row[7:9]:
                team_col, pos_col = ("C", "E") if c.column == 8 else ("D", "F")
                out["Matches!" + c.coordinate] = roster_name(row[ord(team_col) - 65].value,
                                                              row[ord(pos_col) - 65].value, roster)
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_formula_carries_its_value(path):
    wb = load_workbook(path)
    values = load_workbook(path, data_only=True)
    want = evaluate(wb)
    assert want
    for where, value in want.items():
        sheet, ref = where.split("!") if "!" in where else ("Standings", where)
        got = values[sheet][ref].value
        assert got == (None if value == "" else value), (path.name, where, got, value)
    import zipfile

    from xltb.excel.cached import sheet_paths

    with zipfile.ZipFile(path) as z:
        assert 'fullCalcOnLoad="1"' not in z.read("xl/workbook.xml").decode()
        # the table formula is marked as a dynamic array, as Excel marks one (cell metadata XLDAPR)
        assert 'name="XLDAPR"' in z.read("xl/metadata.xml").decode()
        assert "sheetMetadata" in z.read("xl/_rels/workbook.xml.rels").decode()
        standings = z.read(sheet_paths(z)["Standings"]).decode()
        assert len(re.findall(r'<c r="[A-Z]+1"[^>]* cm="1"><f t="array" ref="[A-Z]+1:[A-Z]+\d+">TB_STANDINGS\(',
                              standings)) == 1


@pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed; .ci/run installs it")
def test_libreoffice_shows_the_numbers(tmp_path):
    """LibreOffice opens the example workbook without xltb's functions and shows the participants'
    block (pairing order) with the cached numbers: no #NAME?. (LibreOffice 7.4 recomputes array
    formulas on load, so the sorted table beside it shows #NAME? there: see README.)"""
    path = ROOT / "workbooks" / "held-swiss16.xlsx"
    done = subprocess.run([find_soffice(), f"-env:UserInstallation=file://{tmp_path}/profile", "--headless",
                           "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,4",
                           "--outdir", str(tmp_path), str(path)], capture_output=True, text=True, timeout=120)
    out = tmp_path / "held-swiss16-Standings.csv"
    assert out.exists(), done.stderr
    rows = list(csv.reader(out.open(encoding="utf-8")))
    values = load_workbook(path, data_only=True)["Standings"]
    assert rows[0][:10] == ["No", "Name", "Rating", "Rank", "Pts", "BH/C1", "BH", "SB", "DE", "WIN"]
    for r, row in enumerate(rows[1:17], start=2):
        want = [values.cell(row=r, column=c).value for c in range(1, 11)]
        assert "#NAME?" not in row[:10]
        assert [float(x) if re.fullmatch(r"-?\d+(\.\d+)?", x) else x for x in row[3:8]] == want[3:8], r
