"""A whole Swiss run in the workbook (issue 31): 40 players, 9 rounds, the individual template paired round after
round, random results typed by the test (seeded) between rounds, in two faces kept in step:

* headless LibreOffice with xltb's extension: the .ods paired by the extension's macro *Pair next round*
  (run through the document's script provider, as Tools > Macros runs it);
* without a spreadsheet: the .xlsx paired by ``xltb pair WORKBOOK -o OUT`` (:func:`xltb.recalc.enter.pair_workbook`,
  the command's whole work), every other cell, style and formula of the output as in the input.

Every round: the cells the macro writes are the cells ``xltb pair`` writes (the same texts in the same places),
and the round's pairing is gacrux's (FIDE's reference program, ``python -m gacrux.pairingchecker -p``) for the
event as it stood before the round, written as TRF from the workbook. After round 9 both refuse a round 10.
One test for the whole run: LibreOffice's start is shared with the other add-in tests (the ``office`` fixture).
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from helpers import set_cells
from xltb.errors import InputError
from xltb.functions import core
from xltb.model import Colour, Kind, Player, Tournament
from xltb.model.plans import Plans
from xltb.readers.registry import read_event
from xltb.recalc.enter import pair_workbook
from xltb.templates import ods as ods_template
from xltb.templates.build import render
from xltb.writers.trf import write_trf

PLAYERS, ROUNDS, SEED = 40, 9, 40
MACRO = ("vnd.sun.star.script:xltb.oxt|Scripts|python|xltb_pair.py$pair_next_round?language=Python"
         "&location=user:uno_packages")
#: the other player's result for each of White's
OTHER = {"+": "-", "=": "=", "-": "+"}
#: #17 asks for a half-point bye in round 3 (written in R3 before round 3 is paired): 39 to pair, a PAB
BYE_PLAYER, BYE_ROUND = 17, 3
BYE_CELL = "K18"  # the template's crosstable: a row a player under the header, R1 in column I


def event() -> Tournament:
    """40 rated players, 9 rounds planned, White for the higher-ranked player of board 1 in round 1 (Settings
    FirstColour: gacrux reads it as the file's XXC white1; no lot to draw)."""
    players = tuple(Player(start_no=i, name=f"Player {i:02d}", results=(), rating=2500 - 15 * i)
                    for i in range(1, PLAYERS + 1))
    return Tournament(name="Whole event", players=players, rounds=0, rounds_planned=ROUNDS)._replace(
        plans=Plans(first_colour=Colour.WHITE))


@pytest.fixture(autouse=True)
def _gacrux():
    pytest.importorskip("gacrux.pairingchecker", reason="gacrux is not installed (the test extra)")


def gacrux_pairing(tmp_path, path, round_no: int) -> tuple[set[tuple[int, int]], list[int]]:
    """gacrux's pairing of ``round_no`` for the workbook's event before it: (white, black) pairs, the PAB."""
    done = read_event(str(path))[0]
    trf = tmp_path / f"before-{round_no}.trf"
    trf.write_text(write_trf(done).text, encoding="utf-8")
    out = tmp_path / f"gacrux-{round_no}.json"
    subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(trf), "-p", "-n", str(round_no),
                    "-o", str(out)], check=True, capture_output=True, timeout=300)
    pairs = json.loads(out.read_text())["pairingResult"]["pairs"]
    return {(int(w), int(b)) for w, b in pairs if b}, [int(w) for w, b in pairs if not b]


def unchanged_but(before: bytes, after: bytes, written: dict[tuple[int, int], str]) -> None:
    """Every cell of every sheet of ``after`` as in ``before`` (its formula or typed value, its style) but the
    crosstable cells ``written``, which hold their text, and the values a formula spills (the results its
    array's range holds, recalculated: the standings after the results typed); every part but the sheets and
    the workbook part byte for byte."""
    from openpyxl.utils.cell import range_boundaries

    old, new = load_workbook(io.BytesIO(before)), load_workbook(io.BytesIO(after))

    def same(value):  # an array formula's text (its range is the spill's, recalculated: a round of more boards)
        return ("array", value.text) if hasattr(value, "ref") else value

    for ws in old.worksheets:
        there = new[ws.title]
        spilled = set()  # the cells of each array formula's range, before or after, but its own
        for sheet in (ws, there):
            for row in sheet.iter_rows():
                for cell in row:
                    if hasattr(cell.value, "ref"):
                        c1, r1, c2, r2 = range_boundaries(cell.value.ref)
                        spilled |= {(r, c) for r in range(r1, r2 + 1)
                                    for c in range(c1, c2 + 1)} - {(cell.row, cell.column)}
        for row in ws.iter_rows():
            for cell in row:
                got = there[cell.coordinate]
                assert got.style_id == cell.style_id, (ws.title, cell.coordinate)
                if ws.title == "Crosstable" and (cell.row, cell.column) in written:
                    assert cell.value is None and got.value == written[(cell.row, cell.column)]
                elif (cell.row, cell.column) not in spilled:
                    assert same(got.value) == same(cell.value), (ws.title, cell.coordinate)
    with zipfile.ZipFile(io.BytesIO(before)) as a, zipfile.ZipFile(io.BytesIO(after)) as b:
        assert a.namelist() == b.namelist()
        kept = [n for n in a.namelist() if n != "xl/workbook.xml" and not n.startswith("xl/worksheets/")]
        assert [n for n in kept if a.read(n) != b.read(n)] == []


def whole_event(tmp_path, doc=None) -> Path:
    """The 9 rounds: each paired by ``xltb pair WORKBOOK -o OUT`` and checked (the other parts of the workbook as
    they were, gacrux's pairing); in ``doc`` (the .ods open in LibreOffice), when given, paired by the extension's
    macro too and checked to be the same cells; the results typed into both. Returns the last workbook."""
    rng = random.Random(SEED)
    xlsx = tmp_path / "r0.xlsx"
    xlsx.write_bytes(render("individual", event()))
    header = [c.value for c in load_workbook(xlsx, read_only=True)["Crosstable"][1]]
    assert (header.index(f"R{BYE_ROUND}"), BYE_PLAYER + 1) == (ord(BYE_CELL[0]) - ord("A"), int(BYE_CELL[1:]))
    for rnd in range(1, ROUNDS + 1):
        core.clear_cache()
        before = xlsx.read_bytes()
        paired = pair_workbook(xlsx)  # xltb pair WORKBOOK -o OUT
        rp = paired.pairing
        written = {e.place: e.value for e in paired.edits}
        playing = PLAYERS - (rnd == BYE_ROUND)  # the bye asked is written already: no cell for it
        assert rp.round == rnd and len(rp.boards) == playing // 2 and len(written) == playing
        assert [(y.start_no, y.kind) for y in rp.byes if y.kind is not Kind.PAB] == \
            ([(BYE_PLAYER, Kind.HALF_BYE)] if rnd == BYE_ROUND else [])
        unchanged_but(before, paired.data, written)
        counted = f"after round {rnd - 1} of {ROUNDS}"
        status = load_workbook(io.BytesIO(paired.data), data_only=True)["Standings"]["B2"].value
        assert status == f"ok ({counted}: round {rnd} paired, no result yet)"  # no note: the system's round
        pairs, pab = gacrux_pairing(tmp_path, xlsx, rnd)
        assert {(b.white, b.black) for b in rp.boards} == pairs, rnd
        assert [y.start_no for y in rp.byes if y.kind is Kind.PAB] == pab and len(pab) == playing % 2
        if doc is not None:
            sheet = doc.Sheets.getByName("Crosstable")
            block = sheet.getCellRangeByName(f"A1:Q{PLAYERS + 1}")
            then = block.getDataArray()
            said, _, _ = doc.getScriptProvider().getScript(MACRO).invoke((doc,), (), ())
            assert said.startswith(f"Round {rnd} entered: {playing // 2} boards, {playing} cells."), said
            now = block.getDataArray()
            changed = {(r + 1, c + 1): now[r][c] for r in range(len(now)) for c in range(len(now[r]))
                       if now[r][c] != then[r][c]}
            assert changed == written, rnd  # the same text in the same cells (+BYE for the PAB), nothing else
        results: dict[str, str] = {}
        cell_of = {e.value: e.cell for e in paired.edits}
        for b in rp.boards:  # White wins more often, as in real events
            mine = rng.choice("++==-")
            results[cell_of[f"W{b.black}"]], results[cell_of[f"B{b.white}"]] = f"{mine}W{b.black}", \
                f"{OTHER[mine]}B{b.white}"
        if rnd + 1 == BYE_ROUND:  # a half-point bye asked for the next round, written ahead in its column
            results[BYE_CELL] = "=BYE"
        if doc is not None:
            for address, text in results.items():  # typed over the pairing, in both faces
                sheet.getCellRangeByName(address).setString(text)
        xlsx = tmp_path / f"r{rnd}.xlsx"
        xlsx.write_bytes(set_cells(paired.data, "Crosstable", results))
    core.clear_cache()
    assert read_event(str(xlsx))[0].rounds == ROUNDS
    with pytest.raises(InputError, match=f"all {ROUNDS} rounds are played"):
        pair_workbook(xlsx)
    return xlsx


def test_nine_rounds_of_forty_players_by_xltb_pair(tmp_path):
    """Without a spreadsheet: every round by ``xltb pair WORKBOOK -o OUT``, as gacrux pairs it, nothing else of
    the workbook changed; the Status cell has no note, each round entered being the system's (recalculated
    with each round paired, and after the last results)."""
    from helpers import recalc_data

    values, _, _ = recalc_data(whole_event(tmp_path).read_bytes())
    assert values["Standings"]["B2"].value == "ok"


def test_nine_rounds_of_forty_players_by_the_macro(office, tmp_path):
    """In headless LibreOffice with the extension: the same 9 rounds paired by the macro, each the cells of
    ``xltb pair`` for the same state (and so gacrux's pairing); round 10 refused; the Status cell without a
    note."""
    ods = tmp_path / "whole.ods"
    ods.write_bytes(ods_template.render("individual", event()))
    doc = office.load(ods)
    try:
        whole_event(tmp_path, doc)
        said, _, _ = doc.getScriptProvider().getScript(MACRO).invoke((doc,), (), ())
        assert said == f"Pair next round: not entered: all {ROUNDS} rounds are played (Settings Rounds)"
        doc.calculateAll()
        status = doc.Sheets.getByName("Standings").getCellRangeByName("B2").getString()
        assert status == "ok", status
    finally:
        doc.close(True)
