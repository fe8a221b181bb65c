"""The individual templates' Pairings and Pairings by name sheets: the formulas, the cached tables, the room
a host without dynamic arrays gives them, the printed page (A4 portrait, one page per 50 boards, title and
header on every page, the reasons on screen only), the Settings row Language (template --lang), and
``xltb recalc`` computing the same tables as the worksheet functions."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import load_workbook

from helpers import SEED, recalc_data
from xltb.functions.pairings import tb_pairings, tb_pairings_by_name
from xltb.readers.registry import read_event
from xltb.sheets.crosstable import from_tournament
from xltb.templates import ods
from xltb.templates.build import render
from xltb.templates.pairings import BOARDS_PER_PAGE, PRINT_SCALE

EVENT = read_event(str(SEED / "held-swiss16.trf"))[0]


def _book(data: bytes, **options):
    return load_workbook(io.BytesIO(data), **options)


def test_the_sheets_formulas_and_print_setup():
    wb = _book(render("individual"))
    ws = wb["Pairings"]
    assert ws["A1"].value.text == "=TB_PAIRINGS(Crosstable,Settings)"
    assert wb["Pairings by name"]["A1"].value.text == "=TB_PAIRINGS_BY_NAME(Crosstable,Settings)"
    # 150 blank rows: room for 151 lines and the title; a page break after every 50 boards below the header
    assert [b.id for b in ws.row_breaks.brk] == [2 + BOARDS_PER_PAGE, 2 + 2 * BOARDS_PER_PAGE]
    assert ws.print_area == "'Pairings'!$A$1:$G$152" and ws.print_title_rows == "$1:$2"
    assert ws.page_setup.orientation == "portrait" and ws.page_setup.scale == PRINT_SCALE
    assert not ws.sheet_properties.pageSetUpPr.fitToPage
    values = _book(render("individual"), data_only=True)
    assert [c.value for c in values["Pairings"][2]] == ["Board", "No.", "White", "Pts", "No.", "Black", "Pts",
                                                        "Reason"]
    assert "Pairings" in _book(render("roundrobin")).sheetnames
    assert "Pairings" not in _book(render("team")).sheetnames


def test_language_and_settings_rows():
    values = _book(render("individual", lang="de"), data_only=True)
    assert [c.value for c in values["Pairings"][2]][:3] == ["Brett", "Nr.", "Weiß"]
    assert values["Pairings by name"]["A2"].value == "Name" and values["Pairings by name"]["D2"].value == "Farbe"
    settings = {row[0].value: row[1].value for row in values["Settings"].iter_rows(min_row=2)}
    assert settings["Language"] == "de"
    assert {"PairingSystem", "PairingEdition", "Rounds", "FirstColour", "Acceleration", "AcceleratedRounds",
            "GroupA", "Withdrawn"} <= set(settings)


def test_cached_and_recalculated_tables_are_the_functions():
    data = render("individual", EVENT)
    rows = from_tournament(EVENT)
    cached = _book(data, data_only=True)
    values, _, result = recalc_data(data)
    settings = [[r[0].value, r[1].value] for r in cached["Settings"].iter_rows(min_row=2, max_col=2)]
    for title, function in (("Pairings", tb_pairings), ("Pairings by name", tb_pairings_by_name)):
        table = function(rows, settings)
        width = len(table[1])
        for book in (cached, values):
            got = [[None if c.value == "" else c.value for c in row][:width]
                   for row in book[title].iter_rows(min_row=1, max_row=len(table))]
            want = [[None if v == "" else (str(v) if hasattr(v, "code") else v) for v in row] for row in table]
            assert got == want, title


def test_the_ods_matrix():
    with zipfile.ZipFile(io.BytesIO(ods.render("individual"))) as z:
        content = z.read("content.xml").decode()
    assert 'table:name="Pairings"' in content and 'table:name="Pairings by name"' in content
    assert 'table:formula="of:=ORG.XLTB.XLTBADDIN.TB_PAIRINGS(Crosstable;Settings)"' in content
    assert 'table:formula="of:=ORG.XLTB.XLTBADDIN.TB_PAIRINGS_BY_NAME(Crosstable;Settings)"' in content
    assert 'table:number-matrix-rows-spanned="152"' in content


@pytest.mark.parametrize("kind", ["individual", "roundrobin"])
def test_blank_template_status_is_ok(kind):
    values = _book(render(kind), data_only=True)
    assert values["Pairings"]["A1"].value == "Pairings"  # no participants yet: title and header
