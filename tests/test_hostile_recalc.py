"""Hostile workbooks given to ``xltb recalc`` (issue 22): sheet names Excel would never write, array
formulas over the whole sheet, text builders asked for gigabytes, document type declarations, parts
that are not XML, devices. Each is refused with the file (and part) named, or its formula listed,
within the limits; every part of a workbook recalc writes is well-formed XML."""

from __future__ import annotations

import io
import os
import tracemalloc
import zipfile

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.formula import ArrayFormula

from fuzzing import formulas_from_file, run
from helpers import rewrite_parts
from xltb import limits
from xltb.errors import InputError
from xltb.recalc.run import recalc_bytes
from xltb.cells import ExcelError

pytest.importorskip("formulas")


def _book(**cells) -> bytes:
    """A workbook of two sheets, A (``cells``, A1 = 1) and B (B!A1 = A!A1*2)."""
    wb = Workbook()
    ws = wb.active
    ws.title = "A"
    ws["A1"] = 1
    for ref, value in cells.items():
        ws[ref] = value
    wb.create_sheet("B")["A1"] = "=A!A1*2"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _in_workbook(data: bytes, edit) -> bytes:
    return rewrite_parts(data, lambda name, body: edit(name, body) or body)


def _recalc(tmp_path, data: bytes, name: str = "in.xlsx"):
    source, target = tmp_path / name, tmp_path / "out.xlsx"
    source.write_bytes(data)
    return run(["recalc", str(source), "-o", str(target)]), target


def _values(result) -> dict:
    wb = load_workbook(io.BytesIO(result.data), data_only=True)
    return {(ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row
            if c.value is not None}


# --------------------------------------------------------------------------- sheet names
@pytest.mark.parametrize("name,why", [("A", "two sheets named 'A'"), ("a", "two sheets named 'A' and 'a'"),
                                      ("", "a sheet without a name")])
def test_a_sheet_name_excel_never_writes_is_refused(tmp_path, name, why):
    data = _in_workbook(_book(), lambda part, body: body.replace(b'name="B"', f'name="{name}"'.encode())
                        if part == "xl/workbook.xml" else None)
    out, target = _recalc(tmp_path, data)
    assert out.code == 2 and "in.xlsx" in out.stderr and why in out.stderr, out.stderr
    assert not target.exists()


# --------------------------------------------------------------------------- ranges
def test_an_array_formula_over_the_whole_sheet_is_listed_not_evaluated():
    wb = Workbook()
    wb.active["A1"] = ArrayFormula("A1:XFD1048576", "=1")
    wb.active["B2"] = "=1+1"
    buf = io.BytesIO()
    wb.save(buf)
    result = recalc_bytes(buf.getvalue())  # returns (it never did): the array's cells are not visited
    assert result.evaluated == 1 and len(result.unevaluated) == 1
    assert "Sheet!A1" in result.unevaluated[0] and "cells a range may span" in result.unevaluated[0]


def test_an_array_a_function_would_build_over_the_limit_is_not_built(monkeypatch):
    monkeypatch.setattr(limits, "MAX_RANGE_CELLS", 10_000)
    wb = Workbook()
    ws = wb.active
    ws["A1"] = 1
    ws["A200"] = 2
    ws["C1"] = "=SUM(A1:A200+TRANSPOSE(A1:A200))"  # 200 x 200 = 40,000 cells
    ws["C2"] = "=SUM(A1:A200)"
    buf = io.BytesIO()
    wb.save(buf)
    result = recalc_bytes(buf.getvalue())
    assert _values(result)[("Sheet", "C2")] == 3
    assert any("Sheet!C1" in u and "40,000 cells" in u for u in result.unevaluated), result.unevaluated


# --------------------------------------------------------------------------- text
@pytest.mark.parametrize("formula", [
    '=REPT("x",2^31)', '=REPT(REPT("x",30000),30000)', '=REPT("ab",16384)',
    '=SUBSTITUTE(REPT("x",30000),"x",REPT("y",30000))', '=REPT("x",20000)&REPT("y",20000)',
    '=CONCAT(REPT("x",20000),REPT("y",20000))', '=CONCATENATE(REPT("x",20000),REPT("y",20000))',
    '=TEXTJOIN(",",TRUE,REPT("x",20000),REPT("y",20000))', '=REPLACE(REPT("x",30000),1,0,REPT("y",30000))',
    '=_xlfn.REGEXREPLACE(REPT("x",30000),"x","yy")', '=UPPER(REPT(REPT("x",2),20000))',
])
def test_no_text_longer_than_excel_allows_is_ever_built(formula):
    data = _book(C1=formula, C2='=LEN(REPT("ab",16383))')
    tracemalloc.start()
    try:
        result = recalc_bytes(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    values = _values(result)
    assert values[("A", "C2")] == 32766  # Excel's limit is 32,767 characters: up to it, a text is built
    assert values[("A", "C1")] == "#VALUE!" and any("A!C1: #VALUE!" in e for e in result.errors), result.errors
    assert peak < 64 << 20  # a text of 40,000 characters or more was never made (2^31 would be gigabytes)


def test_the_text_formulas_build_in_all_is_bounded(monkeypatch):
    monkeypatch.setattr(limits, "MAX_RECALC_TEXT", 100_000)
    data = _book(C1='=REPT("x",30000)', C2='=REPT("y",30000)', C3='=REPT("z",30000)', C4='=REPT("w",30000)',
                 C5='=1+1')
    result = recalc_bytes(data)
    values = _values(result)
    assert values[("A", "C5")] == 2 and len(values[("A", "C1")]) == 30000
    assert any("characters of text" in u for u in result.unevaluated), result.unevaluated


# --------------------------------------------------------------------------- parts
def test_a_document_type_declaration_is_refused_naming_the_part(tmp_path):
    dtd = b'<!DOCTYPE w SYSTEM "http://example.invalid/w.dtd">'
    data = _in_workbook(_book(), lambda part, body: body.replace(b"<worksheet", dtd + b"<worksheet", 1)
                        if part == "xl/worksheets/sheet2.xml" else None)
    out, target = _recalc(tmp_path, data)
    assert out.code == 2 and "in.xlsx" in out.stderr and "xl/worksheets/sheet2.xml" in out.stderr, out.stderr
    assert "document type declaration" in out.stderr and not target.exists()


def test_entities_declared_in_a_part_are_never_expanded(tmp_path):
    laughs = (b'<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
              b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>')
    data = _in_workbook(_book(), lambda part, body: laughs + body.replace(
        b"</Properties>", b"<x>&lol3;</x></Properties>") if part == "docProps/app.xml" else None)
    out, _ = _recalc(tmp_path, data)
    assert out.code == 2 and "docProps/app.xml" in out.stderr and "document type declaration" in out.stderr


@pytest.mark.parametrize("part", ["docProps/app.xml", "xl/theme/theme1.xml", "customXml/item1.xml"])
def test_a_part_recalc_does_not_read_must_still_be_well_formed(tmp_path, part):
    data = _book()
    if part == "customXml/item1.xml":
        data = rewrite_parts(data, add={part: "<a><b></a>"})
    else:
        data = _in_workbook(data, lambda name, body: body[:len(body) // 2] if name == part else None)
    out, target = _recalc(tmp_path, data)
    assert out.code == 2 and "in.xlsx" in out.stderr and part in out.stderr and "not well-formed" in out.stderr
    assert not target.exists()


def test_every_part_recalc_writes_is_well_formed(tmp_path):
    data = _book(C1='="<&>"&CHAR(1)&"x"', C2='=REPT("é",10)', D1="=1/0")
    out, target = _recalc(tmp_path, data)
    assert out.code == 0, out.stderr
    assert formulas_from_file(target) == []
    with zipfile.ZipFile(target) as z:
        assert z.testzip() is None


# --------------------------------------------------------------------------- devices
def test_recalc_reads_a_device_through_the_size_limit(tmp_path, monkeypatch):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1 << 20)
    out = run(["recalc", "/dev/zero", "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 2 and "/dev/zero: the file is larger than the limit of 1 MB" in out.stderr, out.stderr


def test_a_workbook_given_as_bytes_is_checked_as_a_file_is(monkeypatch):
    monkeypatch.setattr(limits, "MAX_PART_BYTES", 1000)
    data = rewrite_parts(_book(), add={"xl/media/big.bin": b"x" * 2000})
    with pytest.raises(InputError, match="limit of 1,000 bytes for one part"):
        recalc_bytes(data)


@pytest.mark.parametrize("damage,part", [("header", "xl/styles.xml"), ("stream", "xl/styles.xml"),
                                         ("stream", "xl/theme/theme1.xml")])
def test_a_damaged_part_of_the_zip_package_is_named(tmp_path, damage, part):
    """A part recalc copies as it is (the theme; an .xlsm's vbaProject.bin, found by the workbook fuzzer) said in
    a reader's words too, not zlib's ("Error -3 while decompressing data: invalid literal/lengths set")."""
    from fuzz_books import PYTHON_WORDS

    data = bytearray(_book())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo(part)
    start = info.header_offset + 30  # the local header's name, then the part's compressed bytes
    if damage == "header":
        data[start] ^= 0x20  # the name in the local header no longer matches the directory's
    else:
        at = start + len(info.filename) + len(info.extra) + 5
        data[at:at + 8] = b"\xff" * 8  # the deflate stream broken
    out, target = _recalc(tmp_path, bytes(data))
    assert out.code == 2 and "in.xlsx" in out.stderr and "internal error" not in out.stderr, out.stderr
    assert part in out.stderr or "damaged zip package" in out.stderr
    assert "Error -3" not in out.stderr and not PYTHON_WORDS.search(out.stderr), out.stderr
    assert not target.exists()
