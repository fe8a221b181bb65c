"""The Standings sheet's Status cell (=TB_STATUS(...)) and xltb cell (=TB_VERSION()): one mistake of each kind
a crosstable can hold, through ``xltb recalc`` and in headless LibreOffice with the ``.ods`` and xltb's
extension. Each mistake is named where the arbiter looks: the error value, the cell and the reason; the
table keeps its header and says the same; every row of the block on the left shows #N/A."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

import needs
from helpers import FIRST, HEAD, SEED, recalc_data, set_cells
from xltb import __version__
from xltb.readers.registry import read_event
from xltb.templates import ods
from xltb.templates.build import render

#: (what, the cells changed on the Crosstable sheet (values as typed: numbers as numbers), the Status expected)
MISTAKES = [
    ("one-sided result", {"I2": "+W4"},  # Alyx - #9 round 1 written against #4, whose cell says +B12
     "#VALUE! Crosstable!I2: round 1: #1 is paired with #4, but #4's cell Crosstable!I5 says '+B12'"),
    ("unknown number", {"I2": "+W99"}, "#VALUE! Crosstable!I2: round 1: opponent 99 has no row in the crosstable"),
    ("duplicated number", {"A3": 1}, "#VALUE! Crosstable!A3: pairing number 1 is used twice (first in row 2)"),
    ("unreadable cell", {"J2": "xyz"}, "#VALUE! Crosstable!J2: cannot read 'xyz' as a result (expected e.g. +W9"),
]
EVENT = read_event(str(SEED / "held-swiss16.trf"))[0]


def _recalculated(cells: dict) -> tuple[object, list[str]]:
    data = set_cells(render("individual", EVENT), "Crosstable", cells)
    values, _, result = recalc_data(data)
    return values["Standings"], result.errors


def test_no_mistake_and_no_participants():
    ws, errors = _recalculated({})
    assert [ws["B1"].value, ws["B2"].value] == [f"xltb {__version__}", "ok"] and errors == []
    values, _, _ = recalc_data(render("individual"))
    assert values["Standings"]["B2"].value == "ok (no participants yet)"


@pytest.mark.parametrize("what, cells, status", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_status_names_the_mistake_through_recalc(what, cells, status):
    ws, errors = _recalculated(cells)
    assert ws["B2"].value.startswith(status), ws["B2"].value
    assert ws["B1"].value == f"xltb {__version__}"
    # the table: its header, then the error value and the same reason
    assert [ws.cell(row=HEAD, column=c).value for c in range(12, 17)] == ["Rank", "No", "Name", "Rating", "Pts"]
    assert ws.cell(row=FIRST, column=12).value == "#VALUE!"
    assert "#VALUE! " + ws.cell(row=FIRST, column=14).value == ws["B2"].value
    assert ws.cell(row=FIRST + 1, column=12).value is None
    # the block on the left: #N/A for every participant (no value for anyone), its headers still there
    assert [ws.cell(row=r, column=4).value for r in range(FIRST, FIRST + 16)] == ["#N/A"] * 16
    assert [ws.cell(row=HEAD, column=c).value for c in range(6, 11)] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    # recalc lists the table's error with the reason
    assert f"Standings!L{HEAD}: {ws['B2'].value}" in errors


def test_a_tie_break_that_cannot_be_computed_and_an_unknown_code():
    ws, _ = _recalculated({"D3": None})  # #2 Bruno unrated
    assert ws["B2"].value == "ok"  # the default list has no rating-based tie-break
    data = set_cells(set_cells(render("individual", EVENT), "Crosstable", {"D3": None}), "Settings",
                     {"B6": "BH,ARO"})
    values, _, _ = recalc_data(data)
    assert values["Standings"]["B2"].value.startswith(
        "#NUM! Crosstable sheet: ARO is rating-based and the event has unrated players (#2 Bruno)")
    assert values["Standings"]["B2"].value.endswith("give a rating in Settings UnratedRating")
    values, _, _ = recalc_data(set_cells(render("individual", EVENT), "Settings", {"B6": "BH,XX"}))
    assert values["Standings"]["B2"].value.startswith("#NAME? Settings Tiebreaks: unknown tie-break code 'XX'")
    assert values["Standings"]["D4"].value == "#N/A"


@needs.UNO
def test_status_names_each_mistake_in_libreoffice(office, tmp_path):
    """The .ods in a headless LibreOffice with xltb's extension: each mistake typed into the Crosstable (Calc
    recalculates by itself), the Status cell and the table say it, the block on the left shows #N/A; put
    right again, Status is ok."""
    from test_libreoffice import cell_result

    path = tmp_path / "held-swiss16.ods"
    path.write_bytes(ods.render("individual", EVENT))
    doc = office.load(path)
    try:
        ct, st = doc.Sheets.getByName("Crosstable"), doc.Sheets.getByName("Standings")
        assert [st.getCellRangeByName("B1").getString(), st.getCellRangeByName("B2").getString()] == \
            [f"xltb {__version__}", "ok"]
        for what, cells, status in MISTAKES:
            before = {ref: ct.getCellRangeByName(ref) for ref in cells}
            kept = {ref: (c.getString(), c.getValue(), c.getType().value) for ref, c in before.items()}
            for ref, value in cells.items():
                ct.getCellRangeByName(ref).setValue(value) if isinstance(value, int) else \
                    ct.getCellRangeByName(ref).setString(value)
            shown = st.getCellRangeByName("B2").getString()
            assert shown.startswith(status), (what, shown)
            assert cell_result(st.getCellRangeByName(f"L{FIRST}")) == "#VALUE!"  # inside the matrix: text
            assert "#VALUE! " + st.getCellRangeByName(f"N{FIRST}").getString() == shown
            assert cell_result(st.getCellRangeByName(f"L{HEAD}")) == "Rank"
            assert cell_result(st.getCellRangeByName(f"D{FIRST}")) == ("error", 32767) or \
                st.getCellRangeByName(f"D{FIRST}").getError() != 0  # #N/A
            for ref, (text, number, kind) in kept.items():  # put right again
                ct.getCellRangeByName(ref).setValue(number) if kind == "VALUE" else \
                    ct.getCellRangeByName(ref).setString(text)
            assert st.getCellRangeByName("B2").getString() == "ok", what
    finally:
        doc.close(True)
