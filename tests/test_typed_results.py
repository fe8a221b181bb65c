"""What the arbiter typed into a workbook's round cells (xltb.sheets.typed): a result that Excel stored as a
formula (``=B3`` typed into a cell not formatted as text) is read as that result with a note naming the
cell; another formula without a saved value stops the reading (exit 2, the cell named); a round played by
others with two empty cells is said. Each case is a small workbook made here from a 4-player event."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest

from helpers import event, rewrite_parts, set_cells, set_formulas, trf
from xltb.cli.main import main
from xltb.messages import Message
from xltb.readers.registry import read_event
from xltb.sheets.typed import typed
from xltb.templates.build import render

#: 2 rounds: #1 beats #2 and draws with #3 (1.5), #2 1, #3 1, #4 0.5; the template's rounds are I and J
EVENT = event([(1, 2000, "2w1 3b="), (2, 1900, "1b0 4w1"), (3, 1800, "4b= 1w="), (4, 1700, "3w= 2b0")])


def _book(tmp_path, formulas: dict, cells: dict | None = None, name: str = "event.xlsx"):
    data = render("individual", EVENT)
    if cells:
        data = set_cells(data, "Crosstable", cells)
    path = tmp_path / name
    path.write_bytes(set_formulas(data, "Crosstable", formulas))
    return path


def _points(tournament) -> dict[int, float]:
    return {p.start_no: float(p.points) for p in tournament.players}


def test_what_a_spreadsheet_made_of_a_typed_result():
    assert [typed(f) for f in ("B3", "+W9", "-B2", "+FW9", "-FB12", "BYE", "+BYE", "[.B13]", "of:=[.$W$9]")] == \
        ["=B3", "+W9", "-B2", "+FW9", "-FB12", "=BYE", "+BYE", "=B13", "=W9"]
    assert [typed(f) for f in ("SUM(A1:A3)", "A1+B1", '"+W9"', "Settings!B3", "IF(A1,B3)")] == [None] * 5


@pytest.mark.parametrize("saved", ["Player 2", 0, None], ids=["another-cell's-text", "zero", "never-computed"])
def test_a_result_excel_made_a_formula_is_read_as_typed(tmp_path, saved):
    """=B3 in #1's round 2 (Excel shows B3's value: a name, 0, or nothing when never computed) and =W1 in
    #3's: the draw both typed, with a note naming each cell, and no 'formula without a saved value'."""
    path = _book(tmp_path, {"J2": ("B3", saved), "J4": ("W1", saved)})
    read = read_event(str(path))[0]
    assert _points(read) == _points(EVENT) == {1: 1.5, 2: 1.0, 3: 1.0, 4: 0.5}
    notes = [w for w in read.warnings if isinstance(w, Message) and w.id == "note.formula_result"]
    assert [(n.get("cell"), n.get("formula"), n.get("result")) for n in notes] == \
        [("Crosstable!J2", "=B3", "=B3"), ("Crosstable!J4", "=W1", "=W1")]
    assert str(notes[0]).startswith("Crosstable!J2 holds the formula =B3, which Excel or LibreOffice made of the "
                                    "result typed: read as =B3")
    assert not any(isinstance(w, Message) and w.id.startswith("warn.uncomputed") for w in read.warnings)


def test_a_win_and_a_loss_typed_with_their_signs(tmp_path):
    """+W2 and -B1 typed: Excel stores =+W2 and =-B1 (and shows W2's and B1's values)."""
    path = _book(tmp_path, {"I2": ("+W2", 0), "I3": ("-B1", "No")})
    read = read_event(str(path))[0]
    assert _points(read) == _points(EVENT)
    assert [w.get("result") for w in read.warnings if isinstance(w, Message)] == ["+W2", "-B1"]


def test_the_standings_say_the_note(tmp_path, capsys):
    path = _book(tmp_path, {"J2": ("B3", None), "J4": ("W1", None)})
    assert main(["standings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "warning: Crosstable!J2 holds the formula =B3, which Excel or LibreOffice made of the result typed: " \
           "read as =B3; type a result with a leading apostrophe ('=B3)" in out
    assert " 1   1  Player 1  2000  1.5" in out


def test_another_formula_without_a_saved_value_stops_the_reading(tmp_path, capsys):
    path = _book(tmp_path, {"J2": ("SUM(A2:A3)", None)})
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"{path}: Crosstable!J2: the cell holds the formula =SUM(A2:A3), which has no saved value and is not a " \
           "result" in err


def test_another_formula_with_a_saved_value_is_read_by_its_value(tmp_path):
    """A formula the arbiter wrote on purpose (its value a result): read as the sheet shows it, no note."""
    path = _book(tmp_path, {"J2": ('IF(TRUE,"=B3")', "=B3"), "J4": ('"="&"W1"', "=W1")})
    read = read_event(str(path))[0]
    assert _points(read) == _points(EVENT)
    assert not any(isinstance(w, Message) and w.id == "note.formula_result" for w in read.warnings)


def test_a_formula_outside_the_round_columns_is_left_alone(tmp_path):
    """A name cell holding =B3 (a formula, not a result): read by its value as before."""
    path = _book(tmp_path, {"B5": ("B3", "Player 2")})
    read = read_event(str(path))[0]
    assert read.players[3].name == "Player 2"
    assert not any(isinstance(w, Message) and w.id == "note.formula_result" for w in read.warnings)


def test_an_ods_result_libreoffice_made_a_formula(tmp_path):
    """LibreOffice stores =B3 typed into a number cell as of:=[.B3] with the value of B3."""
    path = tmp_path / "event.ods"
    assert main(["template", "individual", "--from", str(_trf(tmp_path)), "-o", str(path)]) == 0

    def edit(name: str, body: bytes) -> bytes:
        if name != "content.xml":
            return body
        xml = body.decode()
        cell = re.compile(r'<table:table-cell[^>]*office:value-type="string"[^>]*><text:p>=B3</text:p>'
                          r'</table:table-cell>')
        found = cell.search(xml)
        assert found, "the cell =B3 of #1's round 2"
        new = ('<table:table-cell table:formula="of:=[.B3]" office:value-type="string" '
               'calcext:value-type="string"><text:p>Player 2</text:p></table:table-cell>')
        return (xml[:found.start()] + new + xml[found.end():]).encode()

    path.write_bytes(rewrite_parts(path.read_bytes(), edit))
    assert zipfile.ZipFile(io.BytesIO(path.read_bytes())).read("content.xml").count(b"of:=[.B3]") == 1
    read = read_event(str(path))[0]
    assert _points(read) == _points(EVENT)
    assert [w.get("cell") for w in read.warnings if isinstance(w, Message) and w.id == "note.formula_result"] == \
        ["Crosstable!J2"]


def _trf(tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(trf([(1, 2000, "2w1 3b="), (2, 1900, "1b0 4w1"), (3, 1800, "4b= 1w="), (4, 1700, "3w= 2b0")]))
    return path


# --------------------------------------------------------------------------- blank games
def _blank_warnings(tournament) -> list[Message]:
    return [w for w in tournament.warnings if isinstance(w, Message) and w.id == "warn.blank_game"]


def test_a_round_played_by_others_with_a_game_left_blank_is_said(tmp_path):
    path = tmp_path / "blank.xlsx"
    path.write_bytes(set_cells(render("individual", EVENT), "Crosstable", {"J3": None, "J5": None}))
    read = read_event(str(path))[0]
    (warning,) = _blank_warnings(read)
    assert (warning.get("round"), warning.get("players"), warning.get("cells")) == \
        (2, ("#2", "#4"), ("Crosstable!J3", "Crosstable!J5"))
    assert str(warning).startswith("round 2 was played, but the cells of #2, #4 are empty (Crosstable!J3, "
                                   "Crosstable!J5): an empty cell counts as not paired")


def test_not_paired_said_with_0_and_withdrawals_are_not_blank_games(tmp_path):
    """0 (not paired) in both cells; and two players who left after round 1 of 3 (empty to the end)."""
    zero = tmp_path / "zero.xlsx"
    zero.write_bytes(set_cells(render("individual", EVENT), "Crosstable", {"J3": 0, "J5": 0}))
    assert _blank_warnings(read_event(str(zero))[0]) == []
    three = event([(1, 0, "2w1 3b= 4w1"), (2, 0, "1b0 - -"), (3, 0, "4b= 1w= -"), (4, 0, "3w= - 1b0")])
    left = tmp_path / "left.xlsx"
    left.write_bytes(render("individual", three))
    assert _blank_warnings(read_event(str(left))[0]) == []
    # the last round with one game not entered: said
    last = event([(1, 0, "2w1 3b="), (2, 0, "1b0 4w1"), (3, 0, "4b= 1w="), (4, 0, "3w= 2b0"), (5, 0, "6w1 6b1"),
                  (6, 0, "5b0 5w0")])
    path = tmp_path / "last.xlsx"
    path.write_bytes(set_cells(render("individual", last), "Crosstable", {"J2": None, "J4": None}))
    (warning,) = _blank_warnings(read_event(str(path))[0])
    assert warning.get("players") == ("#1", "#3")
