""""Pair next round" without a spreadsheet: the pairing written into the next round's column of the crosstable
as pending games (xltb.functions.enter: the host-neutral cell edits; xltb.recalc.enter: into the .xlsx with
recalc's writer), every other cell, style and formula kept; refused with the reason when the round before is
not complete, when a cell holds anything, when the crosstable has no column for the round. The layer is
tested with a pairing built here; the whole route, round after round, with xltb's engine when it is there."""

from __future__ import annotations

import io
import random
import zipfile
from fractions import Fraction

import pytest
from openpyxl import load_workbook

from helpers import SEED, set_cells
from workbook_rounds import play_rounds
from xltb.errors import InputError
from xltb.functions import core
from xltb.functions.edits import CellEdit
from xltb.functions.enter import Refused, next_round
from xltb.model import Kind
from xltb.model.choice import Choice
from xltb.pairing.result import Board, Bye, RoundPairing
from xltb.readers.registry import read_event
from xltb.recalc.enter import pair_workbook
from xltb.templates.build import render

HEAD = ["No", "Name", "Rating", "R1", "R2"]
FIVE = [HEAD, [1, "Zoe", 2200, "+W4", None], [2, "Al", 2100, "=B3", None], [3, "Bea", 2000, "=W2", "=BYE"],
        [4, "Cy", 1900, "-B1", None], [5, "Di", 1800, "+BYE", None]]
#: round 2 of FIVE: 5-1, 2-4, #3's half-point bye (requested), no PAB
ROUND2 = RoundPairing(2, Choice("dutch", "default"), Choice("2026-02", "default"),
                      boards=(Board(1, 5, 1, Fraction(1), Fraction(1)), Board(2, 2, 4, Fraction(1, 2), Fraction(0))),
                      byes=(Bye(3, Kind.HALF_BYE, Fraction(1, 2)),))


@pytest.fixture
def engine(monkeypatch):
    """The engine's entry as the functions reach it, giving ROUND2: this file tests the layer that enters a
    pairing, whatever pairing the engine gives."""
    calls = []

    def pair(event, round_no=None, *, system=None, edition=None, lots=None, by=None):
        calls.append(round_no)
        return ROUND2._replace(round=round_no)

    import xltb.pairing.pair as engine_module

    monkeypatch.setattr(engine_module, "pair", pair)  # the entry the functions import when they pair
    core.clear_cache()
    yield calls
    core.clear_cache()


def test_the_edits(engine):
    entered = next_round(FIVE, None)
    assert entered.pairing.round == 2
    # the requested bye is there already: not written again
    assert entered.edits == (CellEdit("Crosstable", "E2", "B5"), CellEdit("Crosstable", "E3", "W4"),
                             CellEdit("Crosstable", "E5", "B2"), CellEdit("Crosstable", "E6", "W1"))
    assert entered.edits[0].address == "Crosstable!E2"


def test_refusals(engine):
    pending = [list(r) for r in FIVE]
    for row, cell in zip(pending[1:], ["B5", "W4", "=BYE", "B2", "W1"]):
        row[4] = cell
    with pytest.raises(Refused, match=r"round 2 is not complete: 2 games without a result \(first Crosstable!E2\); "
                                      "enter the results before pairing round 3"):
        next_round(pending, None)
    taken = [list(r) for r in FIVE]
    taken[5][4] = "ZPB"  # Di asked for a zero-point bye, but the pairing gives #5 a game
    with pytest.raises(Refused, match=r"Crosstable!E6 holds 'ZPB', where round 2 puts W1: a cell is never overwritten"):
        next_round(taken, None)
    narrow = [r[:4] for r in FIVE]
    with pytest.raises(Refused, match="the crosstable has no column for round 2: add a column headed R2"):
        next_round(narrow, None)
    with pytest.raises(Refused, match=r"all 1 rounds are played \(Settings Rounds\)"):
        next_round(FIVE, [["Rounds", 1]])
    bad = [list(r) for r in FIVE]
    bad[1][3] = "+W9"
    with pytest.raises(Refused, match="opponent 9 has no row"):
        next_round(bad, None)


def test_into_the_workbook_every_other_cell_kept(engine, tmp_path):
    event = read_event(str(SEED / "held-swiss16.trf"))[0]
    path = tmp_path / "swiss.xlsx"
    # the seed Swiss after round 4, as a template filled from the file holds it: round 5 emptied
    data = render("individual", event)
    before = load_workbook(io.BytesIO(data))
    column = next(c for c in before["Crosstable"][1] if c.value == "R5").column_letter
    data = set_cells(data, "Crosstable", {f"{column}{r}": None for r in range(2, 18)})
    path.write_bytes(data)
    engine.clear()  # the template's Status cell paired round 5 as played (its note on the round entered)
    paired = pair_workbook(path, recalculate=False)
    assert engine == [5] and paired.pairing.round == 5
    written = {e.place: e.value for e in paired.edits}
    # the pairing built here: 5-1, 2-4, #3's half-point bye (this workbook's cell is empty: written)
    assert written == {(6, 13): "W1", (2, 13): "B5", (3, 13): "W4", (5, 13): "B2", (4, 13): "=BYE"}
    old, new = load_workbook(io.BytesIO(data)), load_workbook(io.BytesIO(paired.data))

    def same(value):  # an array formula's text and range
        return (value.ref, value.text) if hasattr(value, "ref") else value

    for ws in old.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                there = new[ws.title][cell.coordinate]
                if ws.title == "Crosstable" and (cell.row, cell.column) in written:
                    assert there.value == written[(cell.row, cell.column)] and there.style_id == cell.style_id
                else:
                    assert (same(there.value), there.style_id) == (same(cell.value), cell.style_id), \
                        (ws.title, cell.coordinate)
    with zipfile.ZipFile(io.BytesIO(data)) as a, zipfile.ZipFile(io.BytesIO(paired.data)) as b:
        same = [n for n in a.namelist() if n != "xl/workbook.xml" and not n.startswith("xl/worksheets/")]
        assert all(a.read(n) == b.read(n) for n in same)  # every other part, byte for byte


def test_not_a_workbook_xltb_pairs(tmp_path):
    ods = tmp_path / "event.ods"
    from xltb.templates import ods as ods_template

    ods.write_bytes(ods_template.render("individual"))
    with pytest.raises(InputError, match="an .ods is entered by the LibreOffice extension's macro"):
        pair_workbook(ods)


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


@pytest.mark.parametrize("kind, size, rounds", [
    pytest.param("individual", 30, 9, marks=pytest.mark.skipif(
        not _has("xltb.pairing.dutch"), reason="xltb's Dutch system (xltb.pairing.dutch) is not in this tree")),
    ("roundrobin", 7, 7)])
def test_round_after_round_as_the_engine_pairs(tmp_path, kind, size, rounds):
    """A Swiss of 30 players over 9 rounds (a round robin of 7 over its 7 rounds) from a template: each round
    entered by pair_workbook equals what the engine pairs on the same event read from the workbook, and the
    recalculated TB_PAIRINGS shows it; random results typed between rounds. That the output's other parts are the
    input's, round after round, and that each round is gacrux's: tests/test_pair_whole_event.py (40 players)."""
    from xltb.model import EventType, Player, Tournament
    from xltb.pairing.pair import pair

    players = tuple(Player(start_no=i, name=f"P{i:02d}", results=(), rating=2400 - 10 * i) for i in range(1, size + 1))
    event_type = EventType.SWISS if kind == "individual" else EventType.ROUND_ROBIN
    path = tmp_path / "r0.xlsx"
    path.write_bytes(render(kind, Tournament(name="Open", players=players, rounds=0, rounds_planned=rounds,
                                             event_type=event_type)))
    path, _ = play_rounds(path, size, rounds, random.Random(31), pair)
    with pytest.raises(InputError, match=f"all {rounds} rounds are played"):
        pair_workbook(path)


def test_the_command(tmp_path, capsys):
    """``xltb pair WORKBOOK -o OUT.xlsx`` (a round robin: FIDE's Berger tables pair it here)."""
    from xltb.cli.main import main
    from xltb.model import EventType, Player, Tournament

    players = tuple(Player(start_no=i, name=f"P{i}", results=(), rating=2000 - i) for i in range(1, 5))
    book = tmp_path / "rr.xlsx"
    book.write_bytes(render("roundrobin", Tournament(name="RR", players=players, rounds=0, rounds_planned=3,
                                                    event_type=EventType.ROUND_ROBIN)))
    out = tmp_path / "out.xlsx"
    assert main(["pair", str(book), "-o", str(out)]) == 0
    assert capsys.readouterr().err == f"wrote {out}: round 1 entered (2 boards, 4 cells written)\n"
    ws = load_workbook(out)["Crosstable"]
    column = next(c for c in ws[1] if c.value == "R1").column
    assert sorted(str(ws.cell(row=r, column=column).value)[0] for r in range(2, 6)) == ["B", "B", "W", "W"]
    assert main(["pair", str(out), "-o", str(tmp_path / "again.xlsx")]) == 2
    assert "round 1 is not complete: 2 games without a result" in capsys.readouterr().err
    assert main(["pair", str(book), "--round", "2", "-o", str(tmp_path / "r2.xlsx")]) == 2
    assert "--round: a workbook is paired by its own Settings sheet" in capsys.readouterr().err
    assert main(["pair", str(book), "-o", str(out)]) == 2  # never replaced without --force


def test_the_list_of_a_workbook_is_the_round_it_enters(tmp_path, capsys):
    """``xltb pair WORKBOOK`` (the list) pairs by the workbook's Settings as ``-o OUT.xlsx`` enters the round and
    TB_PAIRINGS shows it: PairingSystem, PairingEdition and Lots, each said to come from the workbook with its
    cell (not xltb's default, not the user's)."""
    import json

    from xltb.cli.main import main
    from xltb.model import Player, Tournament

    players = tuple(Player(start_no=i, name=f"P{i}", results=(), rating=2300 - 50 * i) for i in range(1, 8))
    wb = load_workbook(io.BytesIO(render("individual", Tournament(name="Open", players=players, rounds=0,
                                                                  rounds_planned=5))))
    settings = {row[0].value: row[1] for row in wb["Settings"].iter_rows(min_row=2, max_col=2)}
    settings["PairingSystem"].value, settings["PairingEdition"].value, settings["Lots"].value = "Dutch", "2025-07", 3
    book = tmp_path / "open.xlsx"
    wb.save(book)
    assert main(["pair", str(book), "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    cell = {key: f"Settings!{settings[key].coordinate}" for key in ("PairingSystem", "PairingEdition")}
    assert (listed["system"], listed["edition"]) == (
        {"value": "dutch", "origin": "workbook", "reason": f"Settings PairingSystem ({cell['PairingSystem']})"},
        {"value": "2025-07", "origin": "workbook", "reason": f"Settings PairingEdition ({cell['PairingEdition']})"})
    core.clear_cache()
    entered = pair_workbook(book).pairing
    assert [[b["white"], b["black"]] for b in listed["boards"]] == [[b.white, b.black] for b in entered.boards]
    assert (entered.system.origin, entered.edition.origin) == ("workbook", "workbook")
