"""The templates' Prizes sheet: ``=TB_PRIZES(PrizeTable,PrizeSharing,Crosstable,Settings)`` recalculated by
``xltb recalc`` and by headless LibreOffice with the extension (the .ods) equals ``xltb prizes`` on the same
event and prize table; an edited sharing or prize table is followed; a bad prize line names its row."""

from __future__ import annotations

import io
import json
from functools import lru_cache

from openpyxl import load_workbook

from contextlib import redirect_stderr, redirect_stdout

from helpers import DATA, SEED, recalc_data, set_cells
from xltb.cli.main import main
from xltb.templates.prizes import ANCHOR_COLUMN, ANCHOR_ROW

SWISS = SEED / "held-swiss16.trf"
TABLE = DATA / "prizes" / "seed.csv"
FIRST_COLUMN = "E"  # the list starts at E3 (ANCHOR_COLUMN, ANCHOR_ROW)


def xltb(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@lru_cache(maxsize=None)
def expected(share: str) -> tuple[list[tuple], list[str]]:
    """(prize, no., paid, reason) of each line and the lines about tied players, as ``xltb prizes`` prints
    them (JSON)."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["prizes", str(SWISS), "--prizes", str(TABLE), "--share", share, "-f", "json"]) == 0
    doc = json.loads(out.getvalue())
    lines = [(p["prize"], p["start_no"], p["share"], p["reason"]) for p in doc["prizes"]]
    return lines, [t["category"] for t in doc["tied"] if t["players"]]


def template(tmp_path, share: str, suffix: str = ".xlsx"):
    out = tmp_path / f"swiss{suffix}"
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        assert main(["template", "individual", "--from", str(SWISS), "--prizes", str(TABLE), "--share", share,
                     "-o", str(out)]) == 0
    return out


def listed(rows: list[list]) -> tuple[list[tuple], list[str]]:
    """The lines of a Prizes sheet's list (header first) as :func:`expected` gives them."""
    assert list(rows[0]) == ["Prize", "Category", "Amount", "No", "Name", "Rank", "Points", "Paid", "Why"]
    lines, notes = [], []
    for row in rows[1:]:
        prize, no, paid, why = row[0], row[3], row[7], row[8]
        if prize in (None, "") and why not in (None, ""):
            notes.append(why)
        elif prize not in (None, ""):
            lines.append((None if str(prize).startswith("(share of") else prize,
                          None if no in (None, "") else int(no), None if paid in (None, "") else paid, why))
    tied = [n.split(",")[0] for n in notes[1:] if not n.startswith("warning")]
    assert notes[0] == "Tied on points with the last winner of a category"
    return lines, tied


def sheet_rows(ws, height: int) -> list[list]:
    return [[ws.cell(row=ANCHOR_ROW + r, column=ANCHOR_COLUMN + k).value for k in range(9)] for r in range(height)]


def test_the_template_s_cached_list_and_recalc_equal_xltb_prizes(tmp_path):
    path = template(tmp_path, "equal")
    want = expected("equal")
    stored = load_workbook(path, data_only=True)["Prizes"]
    assert listed(sheet_rows(stored, 20)) == want  # the values written with the file
    formulas = load_workbook(path)
    assert formulas["Prizes"]["E3"].value.text == "=TB_PRIZES(PrizeTable,PrizeSharing,Crosstable,Settings)"
    assert formulas.defined_names["PrizeTable"].attr_text == "Prizes!$A$1:$C$47"  # 6 prizes and 40 spare rows
    values, _, result = recalc_data(path.read_bytes())
    assert result.errors == [] and result.unevaluated == []
    assert listed(sheet_rows(values["Prizes"], 20)) == want  # computed by xltb recalc


def test_recalc_follows_the_sharing_and_names_a_bad_prize_line(tmp_path):
    data = template(tmp_path, "none").read_bytes()
    values, _, _ = recalc_data(set_cells(data, "Prizes", {"F1": "hort"}))
    assert listed(sheet_rows(values["Prizes"], 20)) == expected("hort")
    values, _, result = recalc_data(set_cells(data, "Prizes", {"B4": "Over 60"}))  # 3rd's category
    first = values["Prizes"]["E3"].value
    assert first.startswith("#VALUE! Prizes sheet, line 4: category: unknown condition 'Over 60'"), first
    from xltb.functions.callables import TB_PRIZES

    block = [["Prize", "Category", "Amount"], ["1st", "Open", 5]]
    crosstable = [["No", "Name", "R1"], [1, "A", "+W2"], [2, "B", "-B1"]]
    assert TB_PRIZES(block, "half", crosstable) == [["#VALUE! sharing 'half': write none, equal or hort"]]


def test_a_blank_template_lists_nothing_and_team_templates_have_no_prizes(tmp_path, capsys):
    from xltb.templates.build import render

    ws = load_workbook(io.BytesIO(render("individual")), data_only=True)["Prizes"]
    assert [c.value for c in ws[ANCHOR_ROW]][ANCHOR_COLUMN - 1:ANCHOR_COLUMN + 8] == \
        ["Prize", "Category", "Amount", "No", "Name", "Rank", "Points", "Paid", "Why"]
    assert ws.cell(ANCHOR_ROW + 1, ANCHOR_COLUMN).value in (None, "")
    assert "Prizes" not in load_workbook(io.BytesIO(render("team"))).sheetnames
    code, _, err = xltb(capsys, "template", "team", "--prizes", str(TABLE), "-o", str(tmp_path / "t2.xlsx"))
    assert code == 2 and "team templates have no Prizes sheet" in err


def test_the_addin_pads_the_prize_list_to_the_template_s_room():
    from xltb.hosts.book import prize_room
    from xltb.hosts.libreoffice.dispatch import pad_table

    rows = [["Prize", "Category", "Amount", "No", "Name", "Rank", "Points", "Paid", "Why"], ["1st", "Open", 5]]
    block = tuple(("",) * 3 for _ in range(41))
    out = pad_table("TB_PRIZES", rows, (block, "none", (), ()))
    assert (len(out), len(out[0])) == prize_room(rows, 41) == (3 * 41 + 12, 9)
    assert out[1][:3] == ["1st", "Open", 5] and out[1][3:] == [""] * 6


# --------------------------------------------------------------------------- in LibreOffice
def test_the_ods_template_in_libreoffice_equals_xltb_prizes(office, tmp_path):
    path = template(tmp_path, "equal", ".ods")
    doc = office.load(path)
    try:
        sheet = doc.Sheets.getByName("Prizes")
        room = f"E{ANCHOR_ROW}:M{ANCHOR_ROW + 3 * 47 + 12 - 1}"  # the matrix: 47 rows of prize table

        def shown(height: int = 20) -> list[list]:
            rows = sheet.getCellRangeByName(f"E{ANCHOR_ROW}:M{ANCHOR_ROW + height - 1}").getDataArray()
            return [[int(v) if isinstance(v, float) and v.is_integer() else v for v in row] for row in rows]

        assert listed(shown()) == expected("equal")  # the stored values, as opened
        doc.calculateAll()
        assert listed(shown()) == expected("equal")  # computed by the extension
        errors = sheet.getCellRangeByName(room).queryFormulaCells(4)  # com.sun.star.sheet.FormulaResult.ERROR
        assert errors.getCount() == 0  # no #N/A or #VALUE! in the room the template keeps
        sheet.getCellRangeByName("F1").setString("hort")  # the values follow the sharing
        assert listed(shown()) == expected("hort")
    finally:
        doc.close(True)
