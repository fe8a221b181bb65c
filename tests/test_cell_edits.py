"""One list of cell edits (xltb.hosts.edits.CellEdit), applied by each host: a workbook file through
openpyxl, the recalc writer (sheet XML, every other byte kept), an xlwings book (its Range API, here a
recording stand-in: no Excel in the tests) and LibreOffice through UNO (a real office, when installed)."""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook, load_workbook

from xltb.cells import ExcelError
from xltb.functions.edits import CellEdit, place
from xltb.hosts.edits import apply_file, apply_uno, apply_xlwings
from xltb.recalc.edits import as_sheet_edits, write_edits

EDITS = [
    CellEdit("Event", "B2", "Open 2026"),
    CellEdit("Event", "B3", 9),
    CellEdit("Event", "$C$3", 2.5),
    CellEdit("Event", "B4", "=not a formula"),  # a text that looks like a formula stays a text
    CellEdit("Event", "B5", "#N/A"),  # a text, not the error
    CellEdit("Event", "B6", ExcelError("#N/A", "no participant")),
    CellEdit("Event", "A1", None),  # emptied
    CellEdit("Data", "A1", True),
]


def _workbook() -> bytes:
    wb = Workbook()
    wb.active.title = "Event"
    wb["Event"]["A1"] = "old"
    wb["Event"]["B3"] = 1
    wb.create_sheet("Data")
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _read(data: bytes):
    return load_workbook(io.BytesIO(data))


def _check_values(wb) -> None:
    ev = wb["Event"]
    assert ev["B2"].value == "Open 2026" and ev["B3"].value == 9 and ev["C3"].value == 2.5
    assert ev["B4"].value == "=not a formula" and ev["B4"].data_type == "s"
    assert ev["B5"].value == "#N/A" and ev["B5"].data_type == "s"
    assert ev["B6"].value == "#N/A" and ev["B6"].data_type == "e"
    assert ev["A1"].value is None and wb["Data"]["A1"].value is True


def test_a_cell_is_read_in_a1_notation():
    assert place("B4") == (4, 2) and place("$AA$10") == (10, 27) and CellEdit("S", "c7").place == (7, 3)
    with pytest.raises(ValueError):
        place("B4:C5")


def test_the_file_host_writes_values_texts_errors_and_formulas(tmp_path):
    path = tmp_path / "book.xlsx"
    path.write_bytes(_workbook())
    apply_file(str(path), EDITS + [CellEdit("Data", "B1", formula="=SUM(1,2)")])
    wb = _read(path.read_bytes())
    _check_values(wb)
    assert wb["Data"]["B1"].value == "=SUM(1,2)" and wb["Data"]["B1"].data_type == "f"
    with pytest.raises(ValueError):  # checked before anything is written
        apply_file(str(path), [CellEdit("Data", "C1", 1), CellEdit("Data", "C2", formula="SUM(1)")])
    assert _read(path.read_bytes())["Data"]["C1"].value is None


def test_the_recalc_writer_writes_the_same_values_and_keeps_the_rest():
    data = _workbook()
    wb = _read(write_edits(data, EDITS))
    _check_values(wb)
    assert wb.sheetnames == ["Event", "Data"]
    with pytest.raises(ValueError):
        as_sheet_edits([CellEdit("Data", "B1", formula="=1")])
    with pytest.raises(ValueError):
        write_edits(data, [CellEdit("Nowhere", "A1", 1)])


class _Range:
    def __init__(self, log: list, where: str):
        self.log, self.where = log, where

    def __setattr__(self, name, value):
        if name in ("formula", "value"):
            self.log.append((self.where, name, value))
        else:
            object.__setattr__(self, name, value)


class _Sheet:
    def __init__(self, log: list, name: str):
        self.log, self.name = log, name

    def __getitem__(self, cell: str) -> _Range:
        return _Range(self.log, f"{self.name}!{cell}")


class _Book:
    """xlwings' book as the edits use it: ``book.sheets[name][cell].formula`` / ``.value``."""

    def __init__(self):
        self.log: list = []
        self.sheets = {name: _Sheet(self.log, name) for name in ("Event", "Data")}


def test_the_xlwings_host_sets_formula_or_value():
    book = _Book()
    apply_xlwings(book, EDITS + [CellEdit("Data", "B1", formula="=TB_VERSION()")])
    assert book.log == [("Event!B2", "value", "Open 2026"), ("Event!B3", "value", 9), ("Event!$C$3", "value", 2.5),
                        ("Event!B4", "value", "'=not a formula"), ("Event!B5", "value", "#N/A"),
                        ("Event!B6", "formula", "=NA()"), ("Event!A1", "value", None), ("Data!A1", "value", True),
                        ("Data!B1", "formula", "=TB_VERSION()")]


def test_the_libreoffice_host_writes_through_uno(office):
    doc = office.new_sheet()
    try:
        sheets = doc.getSheets()
        sheets.getByIndex(0).setName("Event")
        sheets.insertNewByName("Data", 1)
        sheets.getByName("Event").getCellRangeByName("A1").setString("old")
        apply_uno(doc, EDITS + [CellEdit("Data", "B1", formula="=SUM(1;2)")])
        ev = sheets.getByName("Event")
        assert ev.getCellRangeByName("B2").getString() == "Open 2026"
        assert ev.getCellRangeByName("B3").getValue() == 9 and ev.getCellRangeByName("C3").getValue() == 2.5
        assert ev.getCellRangeByName("B4").getString() == "=not a formula"
        assert ev.getCellRangeByName("B4").getFormula() == "=not a formula"  # a text: no formula
        assert ev.getCellRangeByName("B5").getString() == "#N/A"
        assert ev.getCellRangeByName("B6").getFormula().upper() == "=NA()"
        assert ev.getCellRangeByName("B6").getError() != 0
        assert ev.getCellRangeByName("A1").getString() == ""
        assert sheets.getByName("Data").getCellRangeByName("A1").getValue() == 1
        assert sheets.getByName("Data").getCellRangeByName("B1").getValue() == 3
    finally:
        doc.close(True)
