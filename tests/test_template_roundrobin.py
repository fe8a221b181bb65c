"""``xltb template roundrobin --players N [--double]``: every round of FIDE's Berger table laid out at creation
as pending games (C.05 Annex 1), read back with openpyxl and compared with the tables written out by hand in
test_berger.py (FIDE's published ones up to 14 players, the same rule's up to 24); the fresh workbook counts no
round; once round 1's results are typed, ``TB_PAIRINGS`` and ``xltb pair`` give round 2 from the table."""

from __future__ import annotations

import io
import json
from itertools import combinations

import openpyxl
import pytest

from test_berger import published, trf_round_robin, written
from xltb.cli.main import main
from xltb.errors import XltbError
from xltb.functions.pairings import tb_pairings
from xltb.pairing.berger import berger_schedule
from xltb.templates.build import render

FIRST_ROUND = 9  # column I: the first round column after No, Name, Title, Rating, Fed, FIDE id, Sex, Born


def _book(players: int, double: bool = False):
    return openpyxl.load_workbook(io.BytesIO(render("roundrobin", players=players, double=double)))


def _rounds(ws) -> list[set[tuple[int, int]]]:
    """The games of each round as (white, black), read from the White and Black cells of the crosstable (each
    game must be written in both rows)."""
    header = [c.value for c in ws[1]]
    rounds = [h for h in header[FIRST_ROUND - 1:] if h]
    out = []
    for i in range(len(rounds)):
        whites, blacks = set(), set()
        for row in ws.iter_rows(min_row=2, values_only=True):
            cell = row[FIRST_ROUND - 1 + i]
            if cell is None:
                continue
            game = cell.lstrip("+=-")  # a game played (+W7), or pending (W7: no result yet)
            assert game[0] in "WB" and game[1:].isdigit(), cell
            (whites if game[0] == "W" else blacks).add((row[0], int(game[1:])) if game[0] == "W"
                                                       else (int(game[1:]), row[0]))
        assert whites == blacks
        out.append(whites)
    return out


def _expected(players: int, table) -> list[set[tuple[int, int]]]:
    return [{(w, b) for w, b in rnd if max(w, b) <= players} for rnd in table]


@pytest.mark.parametrize("players", range(3, 25))
def test_the_crosstable_is_the_berger_table(players):
    wb = _book(players)
    ws = wb["Crosstable"]
    size = players + players % 2
    games = _rounds(ws)
    assert [r[0] for r in ws.iter_rows(min_row=2, values_only=True)] == list(range(1, players + 1))
    # the tables written out by hand in test_berger.py: FIDE's published ones (4 to 14 players) and, for 15 to 24,
    # the ones written out by the same rule (see WRITTEN_OUT there)
    assert games == _expected(players, written(size))
    assert len(games) == size - 1
    met = sorted(tuple(sorted(g)) for rnd in games for g in rnd)
    assert met == sorted(combinations(range(1, players + 1), 2))  # everybody once
    for rnd in games:  # nobody twice a round; with an odd field one player rests
        numbers = [n for g in rnd for n in g]
        assert len(numbers) == len(set(numbers)) == players - players % 2
    settings = {r[0]: r[1] for r in wb["Settings"].iter_rows(min_row=2, max_col=2, values_only=True)}
    assert (settings["EventType"], settings["Rounds"], settings["PairingSystem"]) == ("Round robin", size - 1,
                                                                                      "Berger")


@pytest.mark.parametrize("players", [6, 7])
def test_a_double_round_robin_plays_the_table_again_with_the_colours_reversed(players):
    wb = _book(players, double=True)
    games = _rounds(wb["Crosstable"])
    first = _expected(players, published(8 if players == 7 else 6))
    assert games == first + [{(b, w) for w, b in rnd} for rnd in first]
    settings = {r[0]: r[1] for r in wb["Settings"].iter_rows(min_row=2, max_col=2, values_only=True)}
    assert (settings["EventType"], settings["Rounds"]) == ("Double round robin", 2 * len(first))


def test_the_fresh_workbook_counts_no_round():
    wb = openpyxl.load_workbook(io.BytesIO(render("roundrobin", players=5)), data_only=True)
    status = wb["Standings"]["B2"].value
    assert status == "ok (after round 0 of 5: round 1 paired, no result yet)"
    points = [row[4] for row in wb["Standings"].iter_rows(min_row=4, max_row=8, values_only=True)]
    assert points == [0] * 5


def _settings_block(wb) -> list[list]:
    return [list(r) for r in wb["Settings"].iter_rows(min_row=2, max_col=2, values_only=True)]


def _type_round(ws, round_no: int) -> None:
    """White wins every game of the round."""
    for r in range(2, ws.max_row + 1):
        cell = ws.cell(row=r, column=FIRST_ROUND + round_no - 1)
        if cell.value:
            cell.value = ("+" if cell.value[0] == "W" else "-") + cell.value


@pytest.mark.parametrize("players", [5, 8])
def test_after_round_one_the_pairings_are_round_two_of_the_table(tmp_path, capsys, players):
    wb = _book(players)
    _type_round(wb["Crosstable"], 1)
    path = tmp_path / "rr.xlsx"
    wb.save(path)
    table = [{(w, b) for w, b in rnd if max(w, b) <= players} for rnd in berger_schedule(players)]
    rows = [list(r) for r in wb["Crosstable"].iter_rows(values_only=True)]
    shown = tb_pairings(rows, _settings_block(wb))
    assert shown[0][0] == "Round 2 pairings"
    boards = {(line[1], line[4]) for line in shown[2:] if isinstance(line[0], int)}
    assert boards == table[1]
    assert main(["pair", str(path), "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["round"] == 2 and doc["system"]["value"] == "berger"
    assert {(b["white"], b["black"]) for b in doc["boards"]} == table[1]
    assert doc["notes"] == []  # the table's rest is no requested bye
    # round 2 is laid out already: "Pair next round" has nothing to enter until its results are in
    assert main(["pair", str(path), "-o", str(tmp_path / "out.xlsx")]) == 2
    assert "round 2 is not complete" in capsys.readouterr().err


def test_the_cli_lays_out_the_table_and_refuses_what_it_cannot(tmp_path, capsys):
    out = tmp_path / "drr.xlsx"
    assert main(["template", "roundrobin", "--players", "4", "--double", "-o", str(out)]) == 0
    games = _rounds(openpyxl.load_workbook(out)["Crosstable"])
    assert games[:3] == _expected(4, published(4)) and len(games) == 6
    for args, said in ((["roundrobin", "--players", "25"], "3 to 24"), (["roundrobin", "--players", "2"], "3 to 24"),
                       (["individual", "--players", "6"], "round robin"),
                       (["roundrobin", "--double"], "--double needs --players"),
                       (["roundrobin", "--lay-out"], "--lay-out needs --from")):
        assert main(["template", *args, "-o", str(tmp_path / "x.xlsx"), "--force"]) == 2
        assert said in capsys.readouterr().err
    with pytest.raises(XltbError, match="3 to 24"):
        render("roundrobin", players=30)


def test_a_round_robin_from_a_file_gets_its_later_rounds_laid_out(tmp_path):
    path = trf_round_robin(tmp_path, 7, 3)
    out = tmp_path / "rr7.xlsx"
    assert main(["template", "roundrobin", "--from", str(path), "--lay-out", "-o", str(out)]) == 0
    ws = openpyxl.load_workbook(out)["Crosstable"]
    header = [c.value for c in ws[1]]
    assert header[FIRST_ROUND - 1:FIRST_ROUND + 6] == [f"R{i}" for i in range(1, 8)]
    games = _rounds(ws)
    assert games[:7] == _expected(7, published(8))  # three rounds played, four laid out
    assert games[7:] == [set()] * (len(games) - 7)  # the spare round columns stay empty
    plain = tmp_path / "plain.xlsx"  # without --lay-out: the rounds played only, the next ones entered one by one
    assert main(["template", "roundrobin", "--from", str(path), "-o", str(plain)]) == 0
    assert _rounds(openpyxl.load_workbook(plain)["Crosstable"])[3:] == [set()] * (len(games) - 3)
    assert [ws.cell(row=2, column=FIRST_ROUND + i).value for i in range(7)] == [None, "+W2", "-B3", "W4", "B5",
                                                                                "W6", "B7"]


def test_a_round_robin_played_through_its_laid_out_rounds(tmp_path):
    """7 players from a file not started: every round laid out; each round, what the workbook holds is what
    ``pair`` gives for the event as it stands (read from the workbook), and after the results of the last
    round nothing is left to pair."""
    import random

    from helpers import set_cells
    from xltb.functions import core
    from xltb.model import EventType, Player, Tournament
    from xltb.pairing.pair import pair
    from xltb.readers.registry import read_event

    rng = random.Random(7)
    players = tuple(Player(start_no=i, name=f"P{i}", results=(), rating=2300 - i) for i in range(1, 8))
    path = tmp_path / "r0.xlsx"
    path.write_bytes(render("roundrobin", Tournament(name="RR", players=players, rounds=0, rounds_planned=7,
                                                     event_type=EventType.ROUND_ROBIN), lay_out=True))
    for rnd in range(1, 8):
        core.clear_cache()
        data = path.read_bytes()
        wb = openpyxl.load_workbook(io.BytesIO(data))
        ws = wb["Crosstable"]
        expected = pair(read_event(str(path))[0])
        assert expected.round == rnd
        assert _rounds(ws)[rnd - 1] == {(b.white, b.black) for b in expected.boards}
        shown = tb_pairings([list(r) for r in ws.iter_rows(values_only=True)], _settings_block(wb))
        assert shown[0][0] == f"Round {rnd} pairings"
        assert [(line[1], line[4]) for line in shown[2:2 + len(expected.boards)]] == \
            [(b.white, b.black) for b in expected.boards]
        cells = {}
        for b in expected.boards:
            outcome = rng.choice("+=-")
            for no, text in ((b.white, f"{outcome}W{b.black}"),
                             (b.black, f"{ {'+': '-', '=': '=', '-': '+'}[outcome]}B{b.white}")):
                cells[f"{ws.cell(row=no + 1, column=FIRST_ROUND + rnd - 1).column_letter}{no + 1}"] = text
        path = tmp_path / f"r{rnd}.xlsx"
        path.write_bytes(set_cells(data, "Crosstable", cells))
    core.clear_cache()
    wb = openpyxl.load_workbook(path)
    rows = [list(r) for r in wb["Crosstable"].iter_rows(values_only=True)]
    assert tb_pairings(rows, _settings_block(wb))[2][2] == "all 7 rounds are played (Settings Rounds)"


def test_libreoffice_reads_the_laid_out_round_robin(office, tmp_path):
    """The .ods of ``xltb template roundrobin --players 7 -o FILE.ods`` in headless LibreOffice with xltb's
    extension: the Crosstable holds the Berger table's games, the Status counts no round, and the Pairings
    sheet shows round 1 from the table."""
    from xltb.templates import ods

    path = tmp_path / "rr7.ods"
    path.write_bytes(ods.render("roundrobin", players=7))
    doc = office.load(path)
    try:
        doc.calculateAll()
        rows = doc.Sheets.getByName("Crosstable").getCellRangeByName("A1:O8").getDataArray()
        games = []
        for i in range(7):
            found = set()
            for row in rows[1:]:
                cell = row[FIRST_ROUND - 1 + i]
                if cell and cell[0] == "W":
                    found.add((int(row[0]), int(cell[1:])))
            games.append(found)
        assert games == _expected(7, published(8))
        assert doc.Sheets.getByName("Standings").getCellRangeByName("B2").getString() == \
            "ok (after round 0 of 7: round 1 paired, no result yet)"
        pairings = doc.Sheets.getByName("Pairings").getCellRangeByName("A1:E5").getDataArray()
        assert pairings[0][0] == "Round 1 pairings"
        assert {(int(r[1]), int(r[4])) for r in pairings[2:5]} == games[0]
    finally:
        doc.close(True)
