"""recalc's reader of the package's XML (xltb/xlsxread) against openpyxl's reading, the reference: the
same Book (sheets, values with their types, formulas, names, and the order of cells) or a refusal to read
("declines", and openpyxl reads the workbook), on the bundled and saved workbooks, the templates, hostile
workbooks of the fuzzing run, and hand-made shapes."""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest

from helpers import read_trf
from xltb.errors import InputError
from xltb.functions.spelling import plain
from xltb.limits import check_package
from xltb.xlsxread import parts as xlsx_parts, reader as xlsx
from xltb.recalc.package import check_parts, sheet_list
from xltb.recalc.run import read_book, read_book_openpyxl
from xltb.templates.build import render

ROOT = Path(__file__).parent.parent
SEED = ROOT / "tests" / "data" / "seed"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def _books(data: bytes):
    """(openpyxl's Book or its exception, the reader's Book or None); None when recalc refuses the package
    before reading it."""
    try:
        check_package(data)
        check_parts(data)
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            listed = sheet_list(z)
    except (InputError, zipfile.BadZipFile, KeyError):
        return None
    try:
        ref = read_book_openpyxl(data, listed)
        xlsx.settle_arrays(ref)
    except Exception as exc:  # noqa: BLE001 - what openpyxl's reading raises is recalc's refusal
        ref = exc
    fast = xlsx.read(data, listed, plain=plain)
    if fast is not None:
        xlsx.settle_arrays(fast)
    return ref, fast


def _same(ref, fast) -> None:
    assert fast.sheets == ref.sheets
    assert list(fast.formulas.items()) == list(ref.formulas.items())  # the order the engine reaches them too
    for sheet in ref.sheets:
        assert list(fast.values[sheet].items()) == list(ref.values[sheet].items()), sheet
        assert [type(v) for v in fast.values[sheet].values()] == [type(v) for v in ref.values[sheet].values()]
    assert fast.names == ref.names


def check(data: bytes, *, reads: bool | None = None) -> str:
    """Compare; ``reads``: the reader must read (True) or decline (False). What happened."""
    books = _books(data)
    if books is None:
        return "refused before reading"
    ref, fast = books
    if reads is not None:
        assert (fast is not None) == reads, ref
    if fast is None:
        return "declined"
    if isinstance(ref, Exception):
        # openpyxl also checks parts recalc does not read (fonts, formatting, drawings): the reader reads
        # such a workbook (see docs/recalc-speed.md); never one openpyxl refuses for its cells or names
        assert not isinstance(ref, InputError), ref
        return "read where openpyxl raised"
    _same(ref, fast)
    return "same"


def _files() -> list[Path]:
    return sorted([*(ROOT / "workbooks").glob("*.xls[xm]"), *(ROOT / "templates").glob("*.xlsx"),
                   *(ROOT / "tests" / "data").rglob("*.xls[xm]")])


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_bundled_and_saved_workbooks_read_alike(path):
    assert check(path.read_bytes(), reads=True) == "same"


def test_filled_templates_read_alike():
    for data in (render("individual", read_trf(SEED / "held-swiss16.trf")),
                 render("roundrobin", read_trf(SEED / "held-rr6.trf")),
                 render("individual", read_trf(SEED / "held-swiss16-r9-after5.trf"), tiebreaks="KS/L-1,BH-C1")):
        assert check(data, reads=True) == "same"


def test_hostile_workbooks_read_alike_or_decline(tmp_path):
    import fuzz_shapes
    import fuzzing

    seed = fuzzing.template_seed(tmp_path)
    rng = random.Random(20261126)
    seen = []
    for k in range(36):
        if k % 3:
            data = fuzz_shapes.workbook_case(rng, seed, fuzzing.MARKER)
        else:
            out = tmp_path / f"m{k}.xlsx"
            fuzzing.mutate_workbook(seed, rng, out)
            data = out.read_bytes()
        seen.append(check(data))
    assert seen.count("same") >= 20, seen


# ---------------------------------------------------------------------------------------------- hand-made shapes
def package(sheets: dict[str, str], *, strings: str | None = None, names: str = "", styles: str | None = None,
            extra: dict[str, str] | None = None, book_pr: str = "") -> bytes:
    """A workbook of the given sheets' sheetData (or whole part when it starts with ``<worksheet``)."""
    ct = ['<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
          '<Default Extension="xml" ContentType="application/xml"/>',
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
          'spreadsheetml.sheet.main+xml"/>']
    rels, entries, parts = [], [], {}
    for k, (name, body) in enumerate(sheets.items(), start=1):
        ct.append(f'<Override PartName="/xl/worksheets/sheet{k}.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.worksheet+xml"/>')
        rels.append(f'<Relationship Id="rId{k}" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                    f'relationships/worksheet" Target="worksheets/sheet{k}.xml"/>')
        entries.append(f'<sheet name="{name}" sheetId="{k}" r:id="rId{k}"/>')
        parts[f"xl/worksheets/sheet{k}.xml"] = body if body.startswith(("<worksheet", "<?xml")) else \
            f'<worksheet xmlns="{MAIN}"><sheetData>{body}</sheetData></worksheet>'
    if strings is not None:
        ct.append('<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.sharedStrings+xml"/>')
        parts["xl/sharedStrings.xml"] = f'<sst xmlns="{MAIN}">{strings}</sst>'
    parts["xl/styles.xml"] = styles or (
        f'<styleSheet xmlns="{MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>'
        '<numFmt numFmtId="165" formatCode="[h]:mm:ss"/></numFmts>'
        '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="165"/>'
        '</cellXfs></styleSheet>')
    rel_ns = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts["xl/workbook.xml"] = (f'<workbook xmlns="{MAIN}" xmlns:r="{rel_ns}">{book_pr}<sheets>{"".join(entries)}'
                                f'</sheets>{names}</workbook>')
    parts["xl/_rels/workbook.xml.rels"] = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(rels) + "</Relationships>")
    parts["_rels/.rels"] = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                            f'<Relationship Id="rId1" Type="{rel_ns}/officeDocument" Target="xl/workbook.xml"/>'
                            '</Relationships>')
    parts["[Content_Types].xml"] = ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                                    + "".join(ct) + "</Types>")
    parts.update(extra or {})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, body in parts.items():
            z.writestr(name, body)
    return out.getvalue()


def test_shared_formulas_as_openpyxl_translates_them():
    rows = "".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}"><f t="shared" si="0"/><v>0</v></c>'
                   f'<c r="C{r}"><f t="shared" si="1"/></c></row>' for r in range(2, 6))
    data = package({"S": '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f t="shared" ref="B1:B5" si="0">'
                         'SUM($A$1:A1)*2+Other!C3</f><v>2</v></c><c r="C1"><f t="shared" ref="C1:C5" si="1">'
                         '"a&amp;b"&amp;A1</f></c></row>' + rows, "Other": ""})
    assert check(data, reads=True) == "same"
    book = xlsx.read(data, [("S", "xl/worksheets/sheet1.xml"), ("Other", "xl/worksheets/sheet2.xml")], plain=plain)
    assert book is not None and book.formulas[("S", 4, 2)].text == "=SUM($A$1:A4)*2+Other!C6"


def test_strings_rich_text_phonetic_escapes_and_inline():
    strings = ('<si><t>plain</t></si><si><r><rPr><b/><sz val="11"/></rPr><t>bold </t></r><r><t xml:space="preserve">'
               ' and more</t></r></si><si><t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh><phoneticPr fontId="1"/>'
               '</si><si><t>a_x005F_x000D_b &lt;&#x263A;&#65;</t></si><si><t/></si><si><r><t>r</t></r><t>t</t></si>')
    cells = "".join(f'<c r="A{k + 1}" t="s"><v>{k}</v></c>' for k in range(6))
    inline = ('<c r="B1" t="inlineStr"><is><t>in &amp; line</t></is></c><c r="B2" t="inlineStr"><is><r><t>x</t>'
              '</r><r><t>y</t></r></is></c><c r="B3" t="inlineStr"><is/></c><c r="B4" t="inlineStr"/>'
              '<c r="B5" t="inlineStr"><is><t>a_x005F_b</t></is></c><c r="B6" t="str"><v>#N/A</v></c>')
    data = package({"S": f'<row r="1">{cells}{inline}</row>'}, strings=strings)
    assert check(data, reads=True) == "same"


def test_numbers_dates_durations_booleans_errors():
    values = ["1", "2.5", "-0", "1E3", "3e-2", " 7 ", "0", "0.5", "59", "60", "61", "45000.75", "-1", "1e300",
              "2958466", "12.0000001"]
    cells = "".join(f'<c r="{col}{r}" s="{s}"><v>{v}</v></c>' for r, v in enumerate(values, start=1)
                    for col, s in zip("ABCD", "0123"))
    more = ('<c r="E1" t="b"><v>1</v></c><c r="E2" t="b"><v>0</v></c><c r="E3" t="e"><v>#DIV/0!</v></c>'
            '<c r="E4" t="n"><v></v></c><c r="E5"><v/></c><c r="E6" t="e"><v>#N/A</v></c>')
    data = package({"S": f'<row r="1">{cells}{more}</row>'})
    assert check(data, reads=True) == "same"


def test_rows_and_cells_without_references_and_other_spellings():
    body = ('<row><c><v>1</v></c><c s="1"><v>2</v></c><c r="E1"><v>3</v></c><c><v>4</v></c></row>'
            '<row r="4"><c t="b"><v>1</v></c></row>\n  <row>\n <c r=\'B5\'  s = "0" ><v>5</v></c></row>'
            '<row r="7" spans="1:3" customHeight="1"/><row><c r="A8"><f>A1+1</f><v>2</v></c></row>'
            '<row r="9"><c r="A9" t="str"><f>"a"&amp;"b"</f><v>ab</v></c><c r="B9"><f aca="false">1&lt;2</f></c></row>')
    assert check(package({"S": body}), reads=True) == "same"


def test_defined_names_global_local_and_print_settings():
    names = ('<definedNames><definedName name="One">S!$A$1</definedName><definedName name="Cols">S!$A:$B'
             '</definedName><definedName name="Local" localSheetId="1">\'T x\'!$B$2:$C$3</definedName>'
             '<definedName name="local" localSheetId="1">T!$A$1</definedName><definedName name="Const">42'
             '</definedName><definedName name="Text">"a""b"</definedName><definedName name="Many">S!$A$1,S!$B$2'
             '</definedName><definedName name="Formula">OFFSET(S!$A$1,1,1)</definedName><definedName name="Bad">'
             '#REF!</definedName><definedName name="_xlnm.Print_Titles" localSheetId="0">S!$1:$2</definedName>'
             '<definedName name="_xlnm.Print_Area" localSheetId="0">S!$A$1:$C$9</definedName><definedName '
             'name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">S!$A$1:$A$3</definedName>'
             '<definedName name="Gone" localSheetId="7">S!$A$1</definedName><definedName name="one">S!$B$1'
             '</definedName><definedName name="Spaced"> S!$A$1</definedName><definedName name="Quote">'
             '\'O\'\'B\'!$A$1</definedName><definedName name="Empty"/></definedNames>')
    data = package({"S": '<row r="1"><c r="A1"><v>1</v></c></row>', "T x": "", "O'B": ""}, names=names)
    assert check(data, reads=True) == "same"


def test_arrays_dynamic_marks_data_tables_and_merged_cells():
    body = ('<row r="1"><c r="A1" cm="1"><f t="array" ref="A1:A3">ROW(B1:B3)</f><v>1</v></c><c r="B1"><v>9</v>'
            '</c><c r="C1"><f t="array" ref="C1:D1">{1,2}</f><v>1</v></c><c r="D1"><v>2</v></c></row>'
            '<row r="2"><c r="A2"><v>2</v></c><c r="B2"><f t="dataTable" ref="B2:B3" dt2D="0" dtr="0" r1="A1"/>'
            '<v>0</v></c><c r="C2"><v>5</v></c><c r="D2"><v>6</v></c><c r="E2"><f>1</f></c></row>'
            '<row r="3"><c r="A3"><v>3</v></c><c r="D3"><f>C2</f></c></row>')
    tail = '<mergeCells count="1"><mergeCell ref="C2:E3"/></mergeCells>'
    part = f'<worksheet xmlns="{MAIN}"><sheetData>{body}</sheetData>{tail}</worksheet>'
    metadata = {"xl/metadata.xml": f'<metadata xmlns="{MAIN}"/>'}
    for extra in ({}, metadata):
        assert check(package({"S": part}, extra=extra), reads=True) == "same"


def test_chart_sheets_count_for_names_but_are_not_read():
    from openpyxl import Workbook
    from openpyxl.chart import BarChart, Reference

    wb = Workbook()
    ws = wb.active
    ws.title = "Data"
    for r in range(1, 5):
        ws.append([r, r * r, f"=A{r}+B{r}"])
    chart = wb.create_chartsheet("Chart")
    bar = BarChart()
    bar.add_data(Reference(ws, min_col=2, min_row=1, max_row=4))
    chart.add_chart(bar)
    wb.create_sheet("After")["A1"] = "=Data!A1"
    buf = io.BytesIO()
    wb.save(buf)
    assert check(buf.getvalue(), reads=True) == "same"


@pytest.mark.parametrize("shape", [
    '<row r="1"><c r="A1" t="d"><v>2024-05-01</v></c></row>',  # ISO 8601 dates: openpyxl's rules
    '<row r="1"><c r="A1" t="x"><v>1</v></c></row>',
    '<row r="1"><c r="A1" s="9"><v>1</v></c></row>',  # a style the workbook does not have: openpyxl fails
    '<row r="1"><c r="A1"><v>1</v></c><c r="A1"><v>2</v></c></row>',
    '<row r="1"><c r="a1"><v>1</v></c></row>',
    '<row r="1"><c r="A1"><v>1</v><extLst/></c></row>',
    '<row r="1"><!-- a comment --><c r="A1"><v>1</v></c></row>',
    '<row r="1"><c r="A1" t="s"><v>3</v></c></row>',  # no such shared string: openpyxl fails
])
def test_declines_what_it_does_not_reproduce(shape):
    assert check(package({"S": shape}), reads=False) == "declined"


def test_1904_workbooks_and_prefixed_parts_go_to_openpyxl():
    with pytest.raises(InputError, match="1904"):
        read_book(package({"S": '<row r="1"><c r="A1"><v>1</v></c></row>'}, book_pr='<workbookPr date1904="1"/>'))
    prefixed = (f'<x:worksheet xmlns:x="{MAIN}"><x:sheetData><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row>'
                '</x:sheetData></x:worksheet>')
    assert check(package({"S": prefixed}), reads=False) == "declined"


def test_dates_as_openpyxl_gives_them():
    from openpyxl.utils.datetime import from_excel, to_excel

    rng = random.Random(7)
    numbers = [0, 1, 59, 60, 61, 0.5, 0.9999999, -1, -0.5, 2958465.9999, 10 ** 7, 1e300, 45000.123456789]
    numbers += [rng.uniform(-1000, 100000) for _ in range(300)] + [rng.randint(-100, 3000000) for _ in range(100)]
    for n in numbers:
        for duration in (False, True):
            try:
                want = to_excel(from_excel(n, timedelta=duration))
            except (OverflowError, ValueError):
                want = xlsx_parts.ExcelError("#VALUE!")
            assert xlsx_parts.serial(n, duration) == want, (n, duration)


def test_date_formats_as_openpyxl_classes_them():
    from openpyxl.styles.numbers import BUILTIN_FORMATS, builtin_format_code, is_date_format, is_timedelta_format

    for k in range(200):
        code = builtin_format_code(k)
        assert (k in xlsx_parts._BUILTIN_DATES, k in xlsx_parts._BUILTIN_DURATIONS) == (is_date_format(code),
                                                                             is_timedelta_format(code)), k
    for code in [*BUILTIN_FORMATS.values(), "yyyy-mm-dd", '"d"0', "[Red]0", "[h]:mm", "0;[mm]:ss", "_d0", "\\d",
                 "[$-409]mmm", "General", "#,##0.00 \"days\"", "[s].0", "mm:ss;@"]:
        assert xlsx_parts.is_date(code) == (is_date_format(code), is_timedelta_format(code)), code


def test_one_range_names_as_openpyxl_finds_them():
    from openpyxl.workbook.defined_name import DefinedName

    texts = ["S!$A$1", "S!A1:B2", "'a b'!$A:$C", "'O''B'!$1:$3", "S!$a$1", "_x.y!A1", "TRUE!A1", "S1!XFD1048576",
             "'[1]x'!A1", "'a,b'!A1:A2", "Sheet_1!$Z$9:$A$1"]
    for text in texts:
        assert xlsx_parts.Name(text).destinations == list(DefinedName(name="x", attr_text=text).destinations), text


def test_a_sheet_as_excel_writes_it():
    part = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="{MAIN}" xmlns:r="http://'
            'schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/'
            'markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/'
            'spreadsheetml/2009/9/ac"><dimension ref="A1:C3"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"'
            '/></sheetViews><sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><cols><col min="1" max="1" '
            'width="12" customWidth="1"/></cols><sheetData><row r="1" spans="1:3" x14ac:dyDescent="0.25"><c r="A1" '
            's="1" t="s"><v>0</v></c><c r="B1"><v>1.5</v></c><c r="C1" t="str"><f>A1&amp;"x"</f><v>ax</v></c></row>'
            '<row r="3" spans="1:3" ht="30" customHeight="1" x14ac:dyDescent="0.25"><c r="A3" s="1"><v>45000</v></c>'
            '<c r="B3" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="C3" t="b"><f>TRUE</f><v>1</v></c></row></sheetData>'
            '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><extLst><ext '
            'uri="{x}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:foo/></ext>'
            '</extLst></worksheet>')
    data = package({"Sheet1": part, "Empty": f'<worksheet xmlns="{MAIN}"><sheetData/></worksheet>'},
                   strings='<si><t>a</t></si>')
    assert check(data, reads=True) == "same"


def mutate_sheet(xml: str, rng: random.Random) -> str:
    """Spellings of the same XML and changes of cells (types, styles, values, references, formulas), at random."""
    import re

    cells = [m.span() for m in re.finditer(r"<c\b[^>]*>", xml)]
    for _ in range(rng.randint(1, 6)):
        if not cells:
            break
        start, end = rng.choice(cells)
        tag = xml[start:end]
        choice = rng.randrange(9)
        if choice == 0:
            tag = tag.replace('"', "'")
        elif choice == 1:
            tag = tag.replace(" ", rng.choice(["  ", "\n ", "\t", " \r\n"]), 1)
        elif choice == 2:
            tag = re.sub(r'\st="[^"]*"', "", tag) + "" if rng.random() < 0.5 else \
                re.sub(r'\st="[^"]*"', f' t="{rng.choice(["n", "s", "str", "b", "e", "inlineStr", "d", "x"])}"', tag)
        elif choice == 3:
            tag = re.sub(r'\ss="[^"]*"', f' s="{rng.choice(["0", "1", "99", "01", ""])}"', tag)
        elif choice == 4:
            tag = re.sub(r'\sr="[^"]*"', "", tag)
        elif choice == 5:
            attrs = re.findall(r'\s[\w:]+="[^"]*"', tag)
            rng.shuffle(attrs)
            tag = "<c" + "".join(attrs) + ("/>" if tag.endswith("/>") else ">")
        elif choice == 6 and not tag.endswith("/>"):
            value = rng.choice(["1e5", " 3 ", "abc", "&amp;x", "-0", "1_0", "&#x41;", "0.5", "2", "#N/A", "", "60"])
            tag += f"<v>{value}</v>"
            xml = xml[:end] + re.sub(r"^<v>[^<]*</v>|^<v/>", "", xml[end:])
        elif choice == 7 and not tag.endswith("/>"):
            tag += rng.choice(['<f t="shared" si="0"/>', '<f t="shared" ref="A1:C9" si="0">A1+1</f>', "<f>B2*2</f>",
                               '<f t="array" ref="A1:B2">1</f>', "<f/>"])
            xml = xml[:end] + re.sub(r"^<f[^>]*/>|^<f[^>]*>[^<]*</f>", "", xml[end:])
        else:
            tag = tag.replace('r="', rng.choice(['r="$', 'r="a', 'r="A0', 'r="']), 1)
        xml = xml[:start] + tag + xml[end:]
        cells = [m.span() for m in re.finditer(r"<c\b[^>]*>", xml)]
    return xml


def test_mutated_sheets_read_alike_or_decline():
    rng = random.Random(11)
    base = render("individual", read_trf(SEED / "held-swiss16.trf"))
    seen = []
    for _ in range(40):
        src = zipfile.ZipFile(io.BytesIO(base))
        target = rng.choice([n for n in src.namelist() if n.startswith("xl/worksheets/")])
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as dst:
            for info in src.infolist():
                body = src.read(info.filename)
                dst.writestr(info, mutate_sheet(body.decode(), rng).encode() if info.filename == target else body)
        seen.append(check(out.getvalue()))
    assert seen.count("same") >= 10 and seen.count("declined") >= 5, seen
