"""``xltb recalc`` on the formulas engine: an arbiter's own formulas mixing Excel's functions and xltb's,
evaluated and compared with values computed here independently (the engine of ``xltb standings`` and
Excel's arithmetic done by hand); the formulas kept byte for byte; what cannot be evaluated kept and
reported; the spilled table growing and shrinking with the event."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import zipfile
from decimal import ROUND_HALF_UP, Decimal

import pytest
from openpyxl import load_workbook

from helpers import SEED, read_trf, recalc_data, recalc_workbook, rewrite_parts, set_cells
from xltb.functions import callables as functions
from xltb.calcpr import CALC_ID, calc_id, current
from xltb.templates.cached import sheet_paths
from xltb.templates.build import render
from xltb.ranking import compute

TIEBREAKS = "BH/C1,BH,SB,DE,WIN"
MIXED = {
    "B2": '=IF(TB_SB(A2,Crosstable,Settings)>10,"hi","lo")',
    "B3": "=TB_SB(A2)+TB_BH(A2)",
    "B4": "=ROUND(TB_SB(A2),1)",
    "B5": '=IFERROR(TB_SB(A2),"")',
    "B6": '=IFERROR(TB_SB(99),"none")',
    "AC8": "=1+1",
    "B7": "=TB_SB(AC8)",
    "B8": '=IF(AND(TB_RANK(A2)<=3,TB_BH(A2)>0),"prize",TEXT(TB_RANK(A2),"0"))',
    "B9": "=Standings!E4*2",
    "B10": "=TB_SB_C1(A2, Crosstable, Settings)",
    "B11": "=SUM(B3:B4)",
    "B12": '=HYPERLINK("https://example.org","x")',
    "B13": "=SUM(1,",
    "B14": "=_xludf.TB_SB(A2)",
    "B15": "=TB_SB(99)",
    "B16": "=B17+1",
    "B17": "=B16+1",
    "B18": '=B12&"!"',
    "B19": '=TB("KS/L-1", A2)',
    "B20": '=COUNTIF(Standings!E4:E19,">="&Standings!E7)',
    "B21": "=SUMPRODUCT((Crosstable!$A$2:$A$17=A2)*1)",
    "B22": "=_xll.TB_RANK('Notes'!A2)+0.5",
    "B23": "=ROWS(Standings!L3#)",  # the spill range of the table: header and 16 players
}


def _formulas_xml(data: bytes) -> dict[str, dict[str, str]]:
    """sheet -> cell -> the ``<f>`` element, as the file's XML has it."""
    out = {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for sheet, part in sheet_paths(z).items():
            xml = z.read(part).decode()
            out[sheet] = {m[1]: m[2] for m in re.finditer(r'<c r="([A-Z]+\d+)"[^>]*>(<f\b[^>]*/>|<f\b[^>]*>.*?</f>)',
                                                          xml, re.S)}
    return out


def _with_cached(data: bytes, sheet: str, ref: str, value: str) -> bytes:
    """The workbook with a cached value for the formula cell ``ref`` (openpyxl writes none), as Excel
    would have saved it."""
    src = zipfile.ZipFile(io.BytesIO(data))
    part = sheet_paths(src)[sheet]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == part:
                body, n = re.subn(rf'(<c r="{ref}"[^>]*>)(<f>.*?</f>)<v\s*(?:/>|>\s*</v>)'.encode(),
                                  rb"\1\2<v>" + value.encode() + b"</v>", body, flags=re.S)
                assert n == 1
            z.writestr(info, body)
    return out.getvalue()


@pytest.fixture(scope="module")
def mixed():
    """The exercise book's Swiss in the template, with a sheet of the arbiter's own formulas."""
    event = read_trf(SEED / "held-swiss16.trf")
    wb = load_workbook(io.BytesIO(render("individual", event, tiebreaks=TIEBREAKS, rules="2024")))
    ws = wb.create_sheet("Notes")
    ws["A2"] = 4
    for ref, formula in MIXED.items():
        ws[ref] = formula
    buf = io.BytesIO()
    wb.save(buf)
    data = _with_cached(buf.getvalue(), "Notes", "B12", "41")
    values, formulas, result = recalc_data(data)
    return data, values, formulas, result, compute(event, TIEBREAKS, "2024")


def test_mixed_formulas_give_excels_values(mixed):
    data, values, _, result, st = mixed
    row = {r.start_no: r for r in st.rows}
    sb, bh = float(row[4].values["SB"]), float(row[4].values["BH"])
    got = {ref: values["Notes"][ref].value for ref in MIXED}
    crosstable = [[c.value for c in r] for r in load_workbook(io.BytesIO(data))["Crosstable"]["A1:M17"]]
    settings = [[c.value for c in r] for r in load_workbook(io.BytesIO(data))["Settings"]["A2:B12"]]
    round1 = float(Decimal(str(sb)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))  # Excel's ROUND: half away from 0
    assert got["B2"] == ("hi" if sb > 10 else "lo")
    assert got["B3"] == pytest.approx(sb + bh, rel=1e-15)
    assert got["B4"] == round1
    assert got["B5"] == sb and got["B14"] == sb
    assert got["B6"] == "none"
    assert got["AC8"] == 2 and got["B7"] == float(row[2].values["SB"])
    assert got["B8"] == ("prize" if row[4].rank <= 3 and bh > 0 else str(row[4].rank))
    assert got["B9"] == float(row[1].points) * 2  # Standings!E4: a formula (INDEX/MATCH into the spilled table)
    assert got["B10"] == functions.TB_SB_C1(4, crosstable, settings)
    assert got["B11"] == pytest.approx(sb + bh + round1, rel=1e-15)
    assert got["B15"] == "#N/A"
    assert got["B19"] == functions.TB("KS/L-1", 4, crosstable, settings)
    assert got["B20"] == sum(1 for r in st.rows if r.points >= row[4].points)
    assert got["B21"] == 1
    assert got["B22"] == row[4].rank + 0.5
    assert got["B23"] == 17
    assert result.errors == ["Notes!B15: #N/A no participant has pairing number 99 in the crosstable"]


def test_what_cannot_be_evaluated_is_kept_and_reported(mixed):
    _, values, formulas, result, _ = mixed
    why = dict(line.split(": ", 1) for line in result.unevaluated)
    assert why == {
        "Notes!B12": "the function HYPERLINK is not one the formulas engine has",
        "Notes!B13": "cannot read the formula (Mismatched or misplaced parentheses!)",
        "Notes!B16": "a circular reference (through Notes!B17)",  # both cells of the cycle are named so
        "Notes!B17": "a circular reference (through Notes!B16)",
        "Notes!B18": "it reads Notes!B12, which was not evaluated",
    }
    assert values["Notes"]["B12"].value == 41  # its former cached value
    assert values["Notes"]["B13"].value is None and values["Notes"]["B18"].value is None  # none before, none now
    for ref in ("B12", "B13", "B16", "B17", "B18"):
        assert formulas["Notes"][ref].value == MIXED[ref]
    assert result.evaluated == result.formulas - 5


def test_every_cell_of_a_cycle_is_named_circular_and_a_reader_of_one_is_not():
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "S"
    ws["A1"], ws["A2"], ws["A3"], ws["B1"], ws["C1"] = "=A2+1", "=A3+1", "=A1+1", "=A1*2", "=1+1"
    values, _, result = recalc_workbook(wb)
    why = dict(line.split(": ", 1) for line in result.unevaluated)
    assert set(why) == {"S!A1", "S!A2", "S!A3", "S!B1"}
    assert all(why[c].startswith("a circular reference (through S!A") for c in ("S!A1", "S!A2", "S!A3"))
    assert why["S!B1"] == "it reads S!A1, which was not evaluated"
    assert values["S"]["C1"].value == 2


def test_every_formula_is_kept_byte_for_byte(mixed):
    data, _, _, result, _ = mixed
    before, after = _formulas_xml(data), _formulas_xml(result.data)
    assert after == before and len(before["Notes"]) == len(MIXED) and len(before["Standings"]) > 100
    # the other parts of the package: the same bytes
    with zipfile.ZipFile(io.BytesIO(data)) as a, zipfile.ZipFile(io.BytesIO(result.data)) as b:
        assert a.namelist() == b.namelist()
        sheets = set(sheet_paths(a).values())
        for name in a.namelist():
            if name == "xl/workbook.xml":  # current Excel's calculation properties (xltb.calcpr), nothing else
                assert calc_id(b.read(name)) == CALC_ID and b"calcFeatures" in b.read(name)
                assert b.read(name) == current(a.read(name))
            elif name not in sheets:
                assert a.read(name) == b.read(name), name
            else:  # a sheet: everything outside its cells as it was
                outside = [re.sub(rb"<sheetData>.*</sheetData>|<dimension [^>]*/>", b"", z.read(name), flags=re.S)
                           for z in (a, b)]
                assert outside[0] == outside[1], name


def test_the_command_reports_file_sheet_cell_and_why(tmp_path, mixed):
    data = mixed[0]
    src, out = tmp_path / "mixed.xlsx", tmp_path / "out.xlsx"
    src.write_bytes(data)
    cmd = [sys.executable, "-m", "xltb", "recalc", str(src), "-o", str(out)]
    strict = subprocess.run(cmd + ["--strict"], capture_output=True, text=True)
    assert strict.returncode == 2 and not out.exists() and "nothing written (--strict)" in strict.stderr
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0 and out.exists()
    assert f"{src}: not evaluated: Notes!B12: the function HYPERLINK is not one the formulas engine has" in done.stderr
    assert f"{src}: error values: Notes!B15: #N/A no participant has pairing number 99" in done.stderr
    again = subprocess.run(cmd, capture_output=True, text=True)
    assert again.returncode == 2 and "exists; use --force" in again.stderr


def test_the_spilled_table_grows_and_shrinks():
    """Players added: the dynamic array (marked cm, as Excel marks it) spills further and its ref follows;
    players removed: it shrinks, and the cells it no longer reaches are emptied."""
    data = render("individual", read_trf(SEED / "held-swiss16.trf"), tiebreaks="BH/C1,SB")
    grown = set_cells(data, "Crosstable", {"A18": 17, "B18": "Late Entry", "G18": "+BYE"})
    values, formulas, result = recalc_data(grown)
    assert result.errors == [] and result.unevaluated == []
    anchor = formulas["Standings"]["I3"].value
    assert anchor.text == "=TB_STANDINGS(Crosstable,Settings)" and anchor.ref == "I3:O20"
    assert sorted(values["Standings"].cell(row=r, column=10).value for r in range(4, 21)) == list(range(1, 18))
    with zipfile.ZipFile(io.BytesIO(result.data)) as z:
        xml = z.read(sheet_paths(z)["Standings"]).decode()
        assert re.search(r'<c r="I3"[^>]* cm="1"[^>]*><f t="array" ref="I3:O20">', xml)
    shrunk = set_cells(result.data, "Crosstable", {"A18": None, "B18": None, "G18": None})
    values, formulas, result = recalc_data(shrunk)
    assert result.errors == [] and result.unevaluated == []
    assert formulas["Standings"]["I3"].value.ref == "I3:O19"
    assert [values["Standings"].cell(row=20, column=c).value for c in range(9, 16)] == [None] * 7
    assert sorted(values["Standings"].cell(row=r, column=10).value for r in range(4, 20)) == list(range(1, 17))


def test_a_formula_that_becomes_an_array_leaves_the_calculation_chain_to_excel():
    """=TB_STANDINGS(...) typed into one cell spills: it becomes a dynamic array, and Excel's calculation
    chain (which marks array formulas) is left out for Excel to rebuild; nothing else changes."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.active.title = "Crosstable"
    for row in [["No", "Name", "R1"], [1, "A", "+W2"], [2, "B", "-B1"]]:
        wb.active.append(row)
    wb.create_sheet("Out")["B2"] = "=TB_STANDINGS(Crosstable!A1:C3)"
    buf = io.BytesIO()
    wb.save(buf)
    def with_chain(name: str, body: bytes) -> bytes:  # Excel's calculation chain, as Excel saves it
        if name == "[Content_Types].xml":
            return body.replace(b"</Types>", b'<Override PartName="/xl/calcChain.xml" ContentType="application/'
                                             b'vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>')
        if name == "xl/_rels/workbook.xml.rels":
            return body.replace(b"</Relationships>", b'<Relationship Id="rIdChain" Type="http://schemas.openxmlformats'
                                                     b'.org/officeDocument/2006/relationships/calcChain" '
                                                     b'Target="calcChain.xml"/></Relationships>')
        return body

    chain = {"xl/calcChain.xml": '<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                                 '<c r="B2" i="2"/></calcChain>'}
    values, formulas, result = recalc_data(rewrite_parts(buf.getvalue(), with_chain, chain))
    assert result.errors == [] and formulas["Out"]["B2"].value.ref == "B2:K4"
    with zipfile.ZipFile(io.BytesIO(result.data)) as z:
        assert "xl/calcChain.xml" not in z.namelist()
        assert b"calcChain" not in z.read("[Content_Types].xml") + z.read("xl/_rels/workbook.xml.rels")
        assert re.search(r'<c r="B2"[^>]* cm="1"[^>]*><f t="array" ref="B2:K4">', z.read("xl/worksheets/sheet2.xml").decode())


def test_shared_formulas_as_excel_saves_them():
    """Excel saves a filled-down column as one shared formula (``<f t="shared" ref=... si=...>`` in its
    first cell, ``<f t="shared" si=.../>`` in the others): each cell is evaluated with its own rows, and
    every ``<f>`` stays as it was."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Sheet"
    for r in range(1, 6):
        ws.cell(row=r, column=1).value = r * 10
        ws.cell(row=r, column=2).value = "=0"
    buf = io.BytesIO()
    wb.save(buf)
    def shared(name: str, body: bytes) -> bytes:
        if name == "xl/worksheets/sheet1.xml":
            body = body.replace(b"<f>0</f>", b'<f t="shared" ref="B1:B5" si="0">A1*2+$A$1</f>', 1)
            body = body.replace(b"<f>0</f>", b'<f t="shared" si="0"/>')
        return body

    data = rewrite_parts(buf.getvalue(), shared)
    values, _, result = recalc_data(data)
    assert result.errors == [] and result.unevaluated == [] and result.evaluated == 5
    assert [values["Sheet"].cell(row=r, column=2).value for r in range(1, 6)] == [30, 50, 70, 90, 110]
    assert _formulas_xml(result.data) == _formulas_xml(data)


def test_sheet_names_that_need_quoting_and_xml_escaping():
    """O'Brien (a quote the engine needs doubled), A<B and Q"x (escaped in workbook.xml): evaluated."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.active.title = "O'Brien"
    for title in ("A<B", 'Q"x'):
        wb.create_sheet(title)
    for ws in wb.worksheets:
        ws["A1"], ws["B1"] = 5, "=A1+1"
    wb["A<B"]["C1"] = "='O''Brien'!B1*2"
    values, _, result = recalc_workbook(wb)
    assert result.unevaluated == [] and result.errors == []
    assert [values[t]["B1"].value for t in ("O'Brien", "A<B", 'Q"x')] == [6, 6, 6] and values["A<B"]["C1"].value == 12


def test_a_text_that_looks_like_an_error_stays_a_text():
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws["A1"], ws["B1"] = '="#N/A"', "#DIV/0!"
    ws["B1"].data_type = "s"  # a text (openpyxl would write the error value)
    ws["C1"], ws["D1"], ws["E1"], ws["F1"], ws["G1"] = "=ISTEXT(B1)", "=ISERROR(B1)", "=LEN(B1)", "=ISTEXT(A1)", "=1/0"
    values, _, result = recalc_workbook(wb)
    got = {c: values.active[c].value for c in ("A1", "C1", "D1", "E1", "F1", "G1")}
    assert got == {"A1": "#N/A", "C1": True, "D1": False, "E1": 7, "F1": True, "G1": "#DIV/0!"}
    assert result.errors == ["Sheet!G1: #DIV/0!"]  # only the real error is listed
    with zipfile.ZipFile(io.BytesIO(result.data)) as z:
        xml = z.read("xl/worksheets/sheet1.xml").decode()
    assert re.search(r'<c r="A1" t="str"><f>', xml) and re.search(r'<c r="G1" t="e"><f>', xml)


def test_row_and_column_without_a_reference_are_the_formulas_own():
    from openpyxl import Workbook
    from openpyxl.worksheet.formula import ArrayFormula

    wb = Workbook()
    ws = wb.active
    ws["D10"], ws["E12"], ws["F2"], ws["G2"] = "=ROW()", "=COLUMN()", "=ROW()-1", '="ROW()"&COLUMN()'
    ws["H1"] = ArrayFormula("H1:H3", "=ROW()*10")
    values, _, result = recalc_workbook(wb)
    assert result.unevaluated == [] and result.errors == []
    s = values.active
    assert (s["D10"].value, s["E12"].value, s["F2"].value, s["G2"].value) == (10, 5, 1, "ROW()7")
    assert [s[f"H{r}"].value for r in (1, 2, 3)] == [10, 20, 30]


def test_names_of_another_sheet_and_unicode_names():
    """Sheet2!Name: the engine drops the sheet, so such a formula is listed, not given the name of the
    formula's own sheet; a name such as Wür1 is a name, not the cell R1."""
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName

    wb = Workbook()
    s1 = wb.active
    s1.title = "S1"
    s2 = wb.create_sheet("S2")
    s1["A1"], s2["A1"] = 1, 2
    s1.defined_names["Loc"] = DefinedName("Loc", attr_text="S1!$A$1")
    s2.defined_names["Loc"] = DefinedName("Loc", attr_text="S2!$A$1")
    wb.defined_names["Wür1"] = DefinedName("Wür1", attr_text="S2!$A$1")
    s1["B1"], s1["B2"], s2["B1"], s1["B3"] = "=Loc", "=S2!Loc", "=Loc", "=Wür1*2"
    values, _, result = recalc_workbook(wb)
    assert (values["S1"]["B1"].value, values["S2"]["B1"].value, values["S1"]["B3"].value) == (1, 2, 4)
    assert [line.split(": ")[0] for line in result.unevaluated] == ["S1!B2"]
    assert values["S1"]["B2"].value is None


def test_a_1904_date_system_workbook_is_refused():
    from openpyxl import Workbook
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    from xltb.errors import InputError

    wb = Workbook()
    wb.epoch = CALENDAR_MAC_1904
    wb.active["A1"], wb.active["B1"] = 100, "=A1"
    with pytest.raises(InputError, match="1904 date system"):
        recalc_workbook(wb)


def test_the_last_column_and_row_first_in_a_reference_are_listed_not_misread():
    """formulas 1.3 reads XFD1:XFD2 as the rows 1:2; such a formula is listed, not summed over whole rows;
    at a range's end (XFC1:XFD2, B1:B1048576) they are read right."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws["A1"], ws["C2"], ws["XFD1"], ws["XFD2"] = 100, 1000, 6, 1
    ws["B5"], ws["B6"], ws["B7"] = "=SUM(XFD1:XFD2)", "=SUM(XFC1:XFD2)", "=SUM(A1:A1048576)"
    values, _, result = recalc_workbook(wb)
    assert [line.split(": ")[0] for line in result.unevaluated] == ["Sheet!B5"]
    assert (values.active["B6"].value, values.active["B7"].value) == (7, 100)


def test_rows_out_of_order_are_refused_not_written_twice():
    """A sheet whose rows are not in ascending order (Excel never writes one): refused with one message,
    rather than a row written twice."""
    from openpyxl import Workbook
    from openpyxl.worksheet.formula import ArrayFormula

    from xltb.errors import InputError
    from xltb.recalc.run import recalc_bytes

    wb = Workbook()
    ws = wb.active
    ws["A1"] = ArrayFormula("A1:A3", "=B1:B3*2")
    ws["B1"], ws["B2"], ws["B3"] = 1, 2, 3
    buf = io.BytesIO()
    wb.save(buf)

    def swap(name: str, body: bytes) -> bytes:
        if name != "xl/worksheets/sheet1.xml":
            return body
        xml = body.decode()
        rows = re.findall(r"<row\b.*?</row>", xml, re.S)
        return xml.replace("".join(rows), rows[0] + rows[2] + rows[1]).encode()

    with pytest.raises(InputError, match="rows are not in order"):
        recalc_bytes(rewrite_parts(buf.getvalue(), swap))
