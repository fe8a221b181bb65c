"""The formulas of the bundled templates and example workbooks, read back and evaluated through
xltb.functions.callables: every formula cell carries that value as its cached value (what a viewer
without xltb's functions shows), and LibreOffice shows the numbers of the participants' block."""

from __future__ import annotations

import csv
import re
import subprocess
from pathlib import Path

import pytest

import needs
import xltb
from openpyxl import load_workbook

from xltb.report.printed.pdf import find_soffice

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
        sheet, ref = where.rsplit("!", 1)
        if sheet.startswith("'"):  # a sheet name with a space is quoted in a reference ('Pairings by name'!A1)
            sheet = sheet[1:-1].replace("''", "'")
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


@needs.SOFFICE
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


def test_one_rule_for_a_cached_value_in_templates_and_recalc(tmp_path):
    """A text such as "#N/A" (a player of that name) stays a text and only an error value is written as
    one, by the template as by recalc: one writer of cached values (xltb.templates.cached.value_xml)."""
    import io
    import zipfile

    from xltb.readers.registry import read_event
    from xltb.recalc.run import recalc_bytes
    from xltb.templates.build import render
    from xltb.cells import ExcelError
    from xltb.templates.cached import sheet_paths, value_xml

    assert value_xml("#N/A") == ("str", "#N/A") and value_xml(ExcelError("#N/A")) == ("e", "#N/A")
    assert value_xml(3.0) == (None, "3") and value_xml(float("inf")) == ("e", "#NUM!")
    lines = (ROOT / "tests" / "data" / "seed" / "held-swiss16.trf").read_text().split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("001    2 "))
    lines[k] = lines[k][:14] + f"{'#N/A':<33}" + lines[k][47:]
    source = tmp_path / "named.trf"
    source.write_text("\n".join(lines))
    template = render("individual", read_event(source)[0])
    recalculated = recalc_bytes(template).data
    for data in (template, recalculated):
        values = load_workbook(io.BytesIO(data), data_only=True)
        assert values["Crosstable"]["B3"].value == "#N/A" and values["Crosstable"]["B3"].data_type == "s"
        assert values["Standings"]["B5"].value == "#N/A" and values["Standings"]["B5"].data_type == "s"
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            xml = z.read(sheet_paths(z)["Standings"]).decode()
        assert re.search(r'<c r="B5"[^>]* t="str"><f>[^<]*</f><v>#N/A</v></c>', xml), xml[:300]
        assert not re.search(r'<c r="(?!B1")[A-Z]+\d+"[^>]* t="e">', xml)  # no error in the filled standings (B1: TB_VERSION, #NAME? until bound)


def test_one_excel_error_type_from_the_functions_to_the_cached_cell():
    """The worksheet functions, the workbook reader and the cached cells share one error value
    (xltb.cells.ExcelError): a function's error is written as an error with no conversion, keeps its
    reason, compares by its code, survives pickling (the export's processes) and cannot be changed."""
    import pickle

    from xltb.cells import ExcelError
    from xltb.functions import core
    from xltb.templates.cached import value_xml
    from xltb.xlsxread import parts

    assert core.ExcelError is ExcelError and parts.ExcelError is ExcelError
    table = core.tb_standings([["No", "Name"], [1, "A"]], [["Tiebreaks", "NOPE"]])
    error = table[1][0]
    assert isinstance(error, ExcelError) and error.message and value_xml(error) == ("e", error.code)
    assert error == ExcelError(error.code) and hash(error) == hash(ExcelError(error.code)) and error != error.code
    copy = pickle.loads(pickle.dumps(error))
    assert copy == error and copy.message == error.message and str(copy) == error.code
    with pytest.raises(AttributeError):
        error.code = "#N/A"  # type: ignore[misc]
    assert value_xml(ExcelError("#BOGUS")) == ("e", "#VALUE!")
