"""``xltb recalc``: the templates filled from the exercise-book events, recalculated without Excel,
give the book's values and exactly what ``xltb standings`` gives; the formulas stay, their values are
the cached values (read here with openpyxl's data_only)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.formula import ArrayFormula

from xltb.tiebreaks.display import value_text
from helpers import FIRST, HEAD, read_trf, recalc_data, recalc_workbook, set_cells
import xltb
from xltb.recalc.run import recalc_file
from xltb.templates.build import render

SEED = Path(__file__).parent / "data" / "seed"
EXPECTED = json.loads((SEED / "expected.json").read_text(encoding="utf-8"))
ROOT = Path(__file__).parent.parent


def _recalc(data: bytes):
    values, formulas, result = recalc_data(data)
    anchors = [c.value.text for c in formulas["Standings"][HEAD] if hasattr(c.value, "text")]
    assert anchors == ["=TB_STANDINGS(Crosstable,Settings)"]  # kept
    return values, result


def _standings_by_no(ws) -> dict[int, dict[str, object]]:
    """The sorted table that =TB_STANDINGS(...) spilled (recalc writes it), by pairing number. The
    per-participant block beside it reads the same table with INDEX/MATCH, which recalc leaves to the
    spreadsheet."""
    heads = [c.value for c in ws[HEAD]]
    start = heads.index("Rank", 4)
    names = [ws.cell(row=HEAD, column=start + 1 + c).value for c in range(ws.max_column - start)]
    names = names[:names.index(None)] if None in names else names
    out = {}
    for r in range(FIRST, ws.max_row + 1):
        row = {names[c]: ws.cell(row=r, column=start + 1 + c).value for c in range(len(names))}
        if row["No"] not in (None, ""):
            out[row["No"]] = row
    return out


def _crosstable_numbers(wb) -> list[int]:
    return [c.value for c in wb["Crosstable"]["A"][1:] if c.value is not None]


@pytest.mark.parametrize("name, kind, edition", [
    (name, kind, edition)
    for name, kind in (("held-swiss16.trf", "individual"), ("held-rr6.trf", "roundrobin"))
    for edition in EXPECTED["values"][name]  # the book's round robin has values for 2024 only
])
def test_exercise_book_values(name, kind, edition):
    expected = EXPECTED["values"][name][edition]
    codes = [c for c in next(iter(expected.values())) if c != "PTS"]
    data = render(kind, read_trf(SEED / name), tiebreaks=",".join(codes), rules=edition)
    wb, result = _recalc(data)
    assert result.errors == [] and result.unevaluated == []
    rows = _standings_by_no(wb["Standings"])
    assert sorted(rows) == sorted(_crosstable_numbers(wb))
    for no, got in rows.items():
        want = expected[str(no)]
        assert got["Pts"] == want["PTS"], (no, "PTS")
        for code in codes:  # as printed: the book gives AOB to two decimals
            value = None if got[code] in ("", None) else Fraction(got[code])
            assert value_text(code, value) == value_text(code, None if want[code] is None else Fraction(
                str(want[code]))), (no, code, value, want[code])


@pytest.mark.parametrize("name, kind, tiebreaks", [
    ("held-swiss16.trf", "individual", "BH/C1,BH,SB,DE,WIN"),
    ("held-swiss16-r9.trf", "individual", "DE,ARO/C1,TPR,KS/L-1,AOB"),
    ("held-rr6.trf", "roundrobin", "DE,WIN,SB,KS"),
    ("held-rr6.trf", "roundrobin", "DE,WIN,SB,KS,BPG,BWG"),  # forfeits are games in a round robin: their colour
])
def test_recalc_equals_xltb_standings(tmp_path, name, kind, tiebreaks):
    src = tmp_path / "in.xlsx"
    src.write_bytes(render(kind, read_trf(SEED / name), tiebreaks=tiebreaks))
    out = tmp_path / "out.xlsx"
    done = subprocess.run([sys.executable, "-m", "xltb", "recalc", str(src), "-o", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    std = subprocess.run([sys.executable, "-m", "xltb", "standings", str(SEED / name), "--tiebreaks", tiebreaks,
                          "--format", "json"], capture_output=True, text=True)
    doc = json.loads(std.stdout)
    wb = load_workbook(out, data_only=True)
    ws = wb["Standings"]
    # the sorted view (array formula) is the standings table
    heads = [c.value for c in ws[HEAD]]
    start = heads.index("Rank", 4)
    table = [[ws.cell(row=r, column=start + 1 + c).value for c in range(5 + len(doc["tiebreaks"]))]
             for r in range(HEAD, HEAD + len(doc["standings"]) + 1)]
    assert table[0] == ["Rank", "No", "Name", "Rating", "Pts"] + doc["tiebreaks"]
    for row, want in zip(table[1:], doc["standings"]):
        assert row[:3] == [want["rank"], want["start_no"], want["name"]]
        assert row[4] == want["points"]
        assert [None if v in ("", None) else v for v in row[5:]] == \
            [None if want["tiebreaks"][c] is None else pytest.approx(want["tiebreaks"][c], rel=1e-12)
             for c in doc["tiebreaks"]]
    # the per-participant cells read that table (INDEX/MATCH in the template, kept; recalc writes their values)
    assert load_workbook(out)["Standings"].cell(row=FIRST, column=4).value.startswith('=IF($A4=0,"",INDEX(')
    numbers = _crosstable_numbers(wb)
    by_no = {w["start_no"]: w for w in doc["standings"]}
    for r, no in enumerate(numbers, start=FIRST):
        assert ws.cell(row=r, column=4).value == by_no[no]["rank"]
        assert ws.cell(row=r, column=5).value == by_no[no]["points"]
    assert ws.cell(row=len(numbers) + FIRST, column=4).value in ("", None)  # a spare row
    assert [ws["B1"].value, ws["B2"].value] == [f"xltb {xltb.__version__}", "ok"]


def test_formulas_beside_the_templates():
    """Formulas an arbiter writes: other sheets, quoted names, TB(code, cell), absolute references,
    arguments given explicitly, the _xludf. prefix Excel writes for unknown functions."""
    data = render("individual", read_trf(SEED / "held-swiss16.trf"), rules="2024")
    wb = load_workbook(io.BytesIO(data))
    ws = wb.create_sheet("My notes")
    ws["A1"] = 4
    ws["A2"] = "=A1"
    ws["B1"] = "=TB_SB_C1(A1)"
    ws["B2"] = '=TB("SB-C1", A2)'
    ws["B3"] = "=_xludf.TB_SB_C1('My notes'!$A$2)"
    ws["B4"] = "=TB_SB_C1(A1, Crosstable!$A$1:$M$17, Settings!$A$2:$B$12)"
    ws["B5"] = '=TB_EXPLAIN(A1, "SB/C1")'
    ws["B6"] = "=TB_RANK(Standings!A7)"
    ws["B7"] = "=SUM(A1:A2)"  # Excel's own: evaluated too
    ws["B8"] = "=TB_SB_C1(A1:A2)"  # a range where a cell is expected: #VALUE!, as in Excel
    values, formulas, result = recalc_workbook(wb)
    got = values["My notes"]
    assert [got[f"B{i}"].value for i in range(1, 5)] == [8, 8, 8, 8]  # 2024-08: SB-C1 of #4 is 8.0
    assert got["B5"].value.startswith("SB/C1 of #4 David")
    assert got["B6"].value == 3
    assert got["B7"].value == 8
    assert got["B8"].value == "#VALUE!" and any("B8: #VALUE!" in e for e in result.errors)
    assert [formulas["My notes"][f"B{i}"].value for i in (1, 7, 8)] == ["=TB_SB_C1(A1)", "=SUM(A1:A2)",
                                                                        "=TB_SB_C1(A1:A2)"]


def test_every_spelling_excel_stores_for_an_add_in_function():
    """xlwings Lite's functions are an Office add-in's custom functions: Excel stores them as _xldudf_NAME
    (OfficeDev/Excel-Custom-Functions#108, office-js#5611), a namespace kept with its dots as underscores
    (office-js#3872: ABC.GET_... -> _xldudf_ABC_GET_...); an XLL's as _xll.NAME (also dotted), an unknown
    function's as _xludf.NAME. Every one is evaluated, any case, and kept as written. A function an Excel
    fault bound to another workbook ([2]!_xldudf_..., office-js#2568) is not computed by Excel either: it
    is listed, not evaluated."""
    data = render("individual", read_trf(SEED / "held-swiss16.trf"), rules="2024")
    wb = load_workbook(io.BytesIO(data))
    ws = wb.create_sheet("Lite")
    ws["A1"] = 4
    spellings = ["=_xldudf_TB_SB_C1(A1,Crosstable,Settings)", "=_xldudf_XLWINGS_TB_SB_C1(A1,Crosstable,Settings)",
                 "=_xldudf_NS_SUB_TB_SB_C1(A1,Crosstable,Settings)", "=_xll.TB_SB_C1(A1,Crosstable,Settings)",
                 "=_xll.XLWINGS.TB_SB_C1(A1,Crosstable,Settings)", "=_xludf.TB_SB_C1(A1,Crosstable,Settings)",
                 "=_xldudf_tb_sb_c1(A1,Crosstable,Settings)", "=_XLDUDF_TB_SB_C1(A1)",
                 '=_xldudf_TB("SB/C1",A1,Crosstable,Settings)+0*_xldudf_TB_RANK(A1,Crosstable,Settings)']
    for i, text in enumerate(spellings, start=1):
        ws[f"B{i}"] = text
    ws["C1"] = "=_xldudf_TB_VERSION()"
    ws["C2"] = "=_xldudf_TB_STATUS(Crosstable,Settings)"
    ws["C3"] = "=[2]!_xldudf_TB_SB_C1(A1,Crosstable,Settings)"
    ws["C4"] = '="_xldudf_TB_SB_C1("&A1'  # a string, not a call
    values, formulas, result = recalc_workbook(wb)
    got = values["Lite"]
    assert [got[f"B{i}"].value for i in range(1, len(spellings) + 1)] == [8] * len(spellings)
    assert [got["C1"].value, got["C2"].value, got["C4"].value] == [f"xltb {xltb.__version__}", "ok",
                                                                   "_xldudf_TB_SB_C1(4"]
    assert [formulas["Lite"][f"B{i}"].value for i in range(1, len(spellings) + 1)] == spellings  # kept
    assert any(line.startswith("Lite!C3: ") for line in result.unevaluated)


def test_a_table_too_small_for_the_event_is_cut_as_excel_cuts_it_and_names_who_is_left_out(tmp_path):
    """A workbook re-saved by openpyxl drops Excel 365's dynamic-array mark: the table is then a legacy array
    formula over the cells it had. Two late entries: Excel shows the top-left of the result in the array's
    range (ECMA-376 Part 1, Single- and Multi-Cell Formulas: "the top-most rows of the values"); recalc does
    the same, and warns, naming each participant left out (--strict: nothing written, exit 2)."""
    data = render("individual", read_trf(SEED / "held-swiss16.trf"), tiebreaks="BH/C1,SB")
    wb = load_workbook(io.BytesIO(data))
    wb["Crosstable"]["A18"], wb["Crosstable"]["B18"], wb["Crosstable"]["I18"] = 17, "Late Entry", "+BYE"
    wb["Crosstable"]["A19"], wb["Crosstable"]["B19"] = 18, "Later Entry"
    src = tmp_path / "resaved.xlsx"
    wb.save(src)  # openpyxl writes the table as a legacy array formula (no cm mark)
    import zipfile

    with zipfile.ZipFile(src) as z:
        assert b'cm="1"' not in z.read("xl/worksheets/sheet4.xml")
    out = tmp_path / "out.xlsx"
    done = subprocess.run([sys.executable, "-m", "xltb", "recalc", str(src), "-o", str(out)], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    warning = [line for line in done.stderr.splitlines() if "warning:" in line]
    assert len(warning) == 1 and "Standings!I3: TB_STANDINGS gives 19 x 7 cells but its array formula's range "         "holds 17 x 7" in warning[0]
    assert "2 participant(s) left out: #17 Late Entry, #18 Later Entry" in warning[0]
    ws = load_workbook(out, data_only=True)["Standings"]
    # the top 17 rows of the table (the header, the 16 who are not left out), as in Excel
    assert sorted(ws.cell(row=r, column=10).value for r in range(4, 20)) == list(range(1, 17))
    assert ws["J20"].value is None
    assert load_workbook(out)["Standings"]["I3"].value.ref == "I3:O19"  # the array keeps its range
    strict = subprocess.run([sys.executable, "-m", "xltb", "recalc", str(src), "-o", str(tmp_path / "s.xlsx"),
                             "--strict"], capture_output=True, text=True)
    assert strict.returncode == 2 and not (tmp_path / "s.xlsx").exists() and "Late Entry" in strict.stderr


def test_bad_cell_gives_error_values_and_explain_names_it():
    data = render("individual", read_trf(SEED / "held-swiss16.trf"))
    wb = load_workbook(io.BytesIO(data))
    wb["Crosstable"]["J5"] = "=BY"  # David, round 2 (text, as the template's cells are)
    wb["Crosstable"]["J5"].data_type = "s"
    wb["Standings"]["Z2"] = '=TB_EXPLAIN(A4, "BH")'
    wb["Standings"]["Z3"] = "=TB_BH_C1(A4, Crosstable, Settings)"
    values, _, result = recalc_workbook(wb)
    ws = values["Standings"]
    assert ws["Z3"].value == "#VALUE!" and ws["Z3"].data_type == "e"
    # the table: its header, then the error and the reason; the status names the cell
    assert [ws["L3"].value, ws["M3"].value, ws["L4"].value] == ["Rank", "No", "#VALUE!"]
    assert ws["N4"].value.startswith("Crosstable!J5: cannot read '=BY'") and ws["L5"].value in ("", None)
    assert ws["B2"].value == ws["Z2"].value
    assert ws["Z2"].value.startswith("#VALUE! Crosstable!J5: cannot read '=BY'")
    assert any(e.startswith("Standings!Z3: #VALUE! Crosstable!J5: cannot read '=BY'") for e in result.errors)


def test_blank_template_recalculates_to_blanks(tmp_path):
    src = ROOT / "templates" / "individual.xlsx"
    out = tmp_path / "blank.xlsx"
    result = recalc_file(src, out)
    assert result.errors == [] and result.unevaluated == [] and result.evaluated == result.formulas > 1
    ws = load_workbook(out, data_only=True)["Standings"]
    assert ws["L3"].value == "Rank" and ws["L4"].value in ("", None) and ws["B2"].value == "ok (no participants yet)"
    assert load_workbook(out)["Standings"]["L3"].value.text == "=TB_STANDINGS(Crosstable,Settings)"


def test_array_formula_written_by_hand():
    wb = Workbook()
    ct = wb.active
    ct.title = "Crosstable"
    for row in [["No", "Name", "R1"], [1, "A", "+W2"], [2, "B", "-B1"]]:
        ct.append(row)
    ws = wb.create_sheet("Out")
    ws["A1"] = ArrayFormula("A1:C4", "=TB_STANDINGS(Crosstable!A1:C3)")
    values, formulas, _ = recalc_workbook(wb)
    assert [[c.value or "" for c in r] for r in values["Out"]["A1:C4"]] == [
        ["Rank", "No", "Name"], [1, 1, "A"], [2, 2, "B"], ["", "", ""]]
    assert formulas["Out"]["A1"].value.ref == "A1:C4"


def test_missing_file(tmp_path):
    done = subprocess.run([sys.executable, "-m", "xltb", "recalc", str(tmp_path / "none.xlsx"), "-o",
                           str(tmp_path / "o.xlsx")], capture_output=True, text=True)
    assert done.returncode == 2 and "no such file" in done.stderr
    assert not (tmp_path / "o.xlsx").exists()


@pytest.mark.parametrize("what,expect", [
    ("ods", "an OpenDocument file (.ods)"),
    ("zip", "the zip package holds no workbook"),
    ("text", "not"),
])
def test_not_an_excel_workbook_is_named_so(tmp_path, what, expect):
    """An .ods (LibreOffice computes it itself), a zip without a workbook, a text file: one line, exit 2."""
    import zipfile

    path = tmp_path / "in.xlsx"
    if what == "ods":
        path = tmp_path / "in.ods"
        path.write_bytes((ROOT / "workbooks" / "held-swiss16.ods").read_bytes())
    elif what == "zip":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("a.txt", "x")
    else:
        path.write_text("No,Name\n1,A\n")
    done = subprocess.run([sys.executable, "-m", "xltb", "recalc", str(path), "-o", str(tmp_path / "o.xlsx")],
                          capture_output=True, text=True)
    assert done.returncode == 2 and expect in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "o.xlsx").exists()


def test_example_workbooks_recalculate(tmp_path):
    for path in sorted((ROOT / "workbooks").glob("*.xlsx")):
        result = recalc_file(path, tmp_path / path.name)
        assert result.errors == [] and result.unevaluated == [] and result.evaluated == result.formulas > 0, path.name


def test_single_cell_tb_standings_spills():
    """=TB_STANDINGS() in one cell (Excel 365) spills the whole table (Rank .. Pts and the 5 tie-breaks of
    xltb's default list: B2:K4); a cell in the way gives #SPILL!."""
    wb = Workbook()
    ct = wb.active
    ct.title = "Crosstable"
    for row in [["No", "Name", "R1"], [1, "A", "+W2"], [2, "B", "-B1"]]:
        ct.append(row)
    ws = wb.create_sheet("Out")
    ws["B2"] = "=TB_STANDINGS(Crosstable!A1:C3)"
    ws["H9"] = "=TB_STANDINGS(Crosstable!A1:C3)"
    ws["I9"] = "note"
    values, formulas, result = recalc_workbook(wb)
    got = values["Out"]
    assert [[c.value for c in r] for r in got["B2:F4"]] == [["Rank", "No", "Name", "Rating", "Pts"],
                                                           [1, 1, "A", "", 1], [2, 2, "B", "", 0]]
    assert got["H9"].value == "#SPILL!" and any("#SPILL!" in e and "I9" in e for e in result.errors)
    assert got["I9"].value == "note"
    # it became a dynamic array, as Excel 365 makes a formula that spills
    assert formulas["Out"]["B2"].value.ref == "B2:K4" and formulas["Out"]["B2"].value.text == \
        "=TB_STANDINGS(Crosstable!A1:C3)"


def test_the_spilled_table_grows_with_the_event(tmp_path):
    """The templates' =TB_STANDINGS(...) is a dynamic array: recalc spills it whole when players were
    added to the spare rows, beyond the size of the table stored in the file (never cut)."""
    src = tmp_path / "in.xlsx"
    data = render("individual", read_trf(SEED / "held-swiss16.trf"), tiebreaks="BH/C1,SB")
    src.write_bytes(set_cells(data, "Crosstable", {"A18": 17, "B18": "Late Entry", "I18": "+BYE",
                                                                  "A19": 18, "B19": "Later Entry"}))
    result = recalc_file(src, tmp_path / "out.xlsx")
    assert result.errors == [] and result.unevaluated == []
    rows = _standings_by_no(load_workbook(tmp_path / "out.xlsx", data_only=True)["Standings"])
    assert sorted(rows) == list(range(1, 19)) and rows[17]["Pts"] == 1 and rows[18]["Pts"] == 0
    assert load_workbook(tmp_path / "out.xlsx")["Standings"]["I3"].value.ref == "I3:O21"
