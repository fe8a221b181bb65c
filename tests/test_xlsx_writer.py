"""The hand-written xlsx row writer (xltb/report/printed/xlsx.py) relies on how openpyxl lays out an empty
write-only sheet and on its style table: these tests fail when a new openpyxl changes either."""

from __future__ import annotations

import io
import zipfile
from fractions import Fraction

import openpyxl

from xltb.report.printed.xlsx import Book, Sheet


def _book() -> bytes:
    book = Book()
    sheet = Sheet(book, "Table", ["No", "Name", "Value"], [6.0, 20.0, 8.0],
                  [(None, "center"), (None, "indent"), ("0.0", None)], footer_left="Event & co", footer_center="C.07")
    sheet.append([1, "=HYPERLINK(\"x\")", Fraction(7, 2)])
    sheet.append([2, "Ann <b> & Bob\x01", Fraction(12)], top=True)
    return book.bytes()


def test_rows_are_written_into_the_sheet_openpyxl_laid_out():
    wb = openpyxl.load_workbook(io.BytesIO(_book()))
    ws = wb["Table"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [
        ["No", "Name", "Value"], [1, '=HYPERLINK("x")', 3.5], [2, "Ann <b> & Bob", 12]]
    assert ws["C2"].number_format == "0.0"
    assert ws["B2"].data_type == "s" and ws["B2"].quotePrefix  # text that looks like a formula stays text
    assert ws.print_title_rows == "$1:$1" and ws.page_setup.paperSize == 9
    assert ws.oddFooter.left.text == "Event && co"


def test_the_package_has_no_empty_sheet_left():
    with zipfile.ZipFile(io.BytesIO(_book())) as z:
        xml = z.read("xl/worksheets/sheet1.xml").decode()
    assert "<sheetData><row" in xml and "<sheetData/>" not in xml
