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
    team = _book(render("team"))  # the team Swiss's matches (tests/test_team_workbook_pairing.py)
    assert team["Pairings"]["A1"].value.text == "=TB_PAIRINGS(Matches,Settings,Teams)"


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


def test_the_ods_in_libreoffice_with_the_extension(office, tmp_path):
    """The round-robin .ods filled from the seed round robin after round 3: LibreOffice with xltb's extension
    computes both lists (in German: Settings Language) as the functions do, with no error in the room the
    template keeps."""
    from xltb.model.rounds import after_round
    from xltb.templates import ods as ods_template

    event = after_round(read_event(str(SEED / "held-rr6.trf"))[0], 3)
    path = tmp_path / "rr.ods"
    path.write_bytes(ods_template.render("roundrobin", event, lang="de"))
    rows = from_tournament(event, event.rounds_planned)
    settings = [[r[0].value, r[1].value] for r in _book(render("roundrobin", event, lang="de"),
                                                        data_only=True)["Settings"].iter_rows(min_row=2, max_col=2)]
    doc = office.load(path)
    try:
        doc.calculateAll()
        for title, function in (("Pairings", tb_pairings), ("Pairings by name", tb_pairings_by_name)):
            sheet = doc.Sheets.getByName(title)
            table = function(rows, settings)
            width = len(table[1])
            shown = sheet.getCellRangeByName(f"A1:{'ABCDEFGH'[width - 1]}{len(table)}").getDataArray()
            got = [[int(v) if isinstance(v, float) and v.is_integer() else v for v in row] for row in shown]
            assert got == [["" if v is None else v for v in row] for row in table], title
            assert table[0][0].startswith("Paarungen der 4. Runde")
            room = sheet.getCellRangeByName(f"A1:{'ABCDEFGH'[width - 1]}{len(rows) + 1}")
            assert room.queryFormulaCells(4).getCount() == 0  # com.sun.star.sheet.FormulaResult.ERROR
    finally:
        doc.close(True)


def test_requested_byes_of_a_file_to_pair_in_the_crosstable(tmp_path):
    """A TRF file to pair (JaVaFo's sample: round 5's own 0000 - H / Z entries) filled into the template: the
    byes are written in round 5's column as the arbiter writes them, and the workbook read back has the same
    plans and rounds as the file."""
    trf = read_event(str(SEED.parent / "real" / "05_javafo_trfx_sample2_open_gros_2010.trf"))[0]
    data = render("individual", trf)
    ws = _book(data, data_only=True)["Crosstable"]
    column = [c.value for c in ws[1]].index("R5") + 1
    assert {ws.cell(row=r, column=1).value: ws.cell(row=r, column=column).value for r in range(2, ws.max_row + 1)
            if ws.cell(row=r, column=column).value} == {22: "ZPB", 28: "ZPB", 43: "=BYE"}
    path = tmp_path / "to-pair.xlsx"
    path.write_bytes(data)
    book = read_event(str(path))[0]
    assert book.rounds == trf.rounds == 4
    assert {(b.start_no, b.round, b.kind) for b in book.plans.requested_byes} == \
        {(b.start_no, b.round, b.kind) for b in trf.plans.requested_byes}


MACRO = ("vnd.sun.star.script:xltb.oxt|Scripts|python|xltb_pair.py$pair_next_round?language=Python"
         "&location=user:uno_packages")


def test_the_extension_s_macro_pair_next_round(office, tmp_path):
    """The extension's macro Pair next round (Tools > Macros > My Macros > xltb.oxt), run through the document's
    script provider on the seed round robin after round 3: exactly the cells of Pair next round's list are
    written; run again, it refuses (round 4 is not complete) and writes nothing."""
    from xltb.functions import core
    from xltb.functions.enter import next_round
    from xltb.model.rounds import after_round
    from xltb.templates import ods as ods_template

    event = after_round(read_event(str(SEED / "held-rr6.trf"))[0], 3)
    path = tmp_path / "rr.ods"
    path.write_bytes(ods_template.render("roundrobin", event))
    cached = _book(render("roundrobin", event), data_only=True)
    rows = [[c.value for c in row] for row in cached["Crosstable"].iter_rows()]
    settings = [[r[0].value, r[1].value] for r in cached["Settings"].iter_rows(min_row=2, max_col=2)]
    core.clear_cache()
    edits = next_round(rows, settings).edits
    doc = office.load(path)
    try:
        sheet = doc.Sheets.getByName("Crosstable")
        before = sheet.getCellRangeByName(f"A1:N{len(rows)}").getDataArray()
        said, _, _ = doc.getScriptProvider().getScript(MACRO).invoke((doc,), (), ())
        assert said.startswith("Round 4 entered: 3 boards, 6 cells.")
        after = sheet.getCellRangeByName(f"A1:N{len(rows)}").getDataArray()
        changed = {(r + 1, c + 1): after[r][c] for r in range(len(before)) for c in range(len(before[r]))
                   if after[r][c] != before[r][c]}
        assert changed == {e.place: e.value for e in edits} and len(edits) == 6
        again, _, _ = doc.getScriptProvider().getScript(MACRO).invoke((doc,), (), ())
        assert again.startswith("Pair next round: not entered: round 4 is not complete: 3 games without a result")
        assert sheet.getCellRangeByName(f"A1:N{len(rows)}").getDataArray() == after
    finally:
        doc.close(True)
