"""The team Swiss (C.04.6) in the team workbook: ``TB_PAIRINGS(Matches,Settings,Teams)`` gives the next round's
matches, "Pair next round" (:func:`xltb.functions.enter.next_round`, ``xltb pair TEAMWORKBOOK -o OUT``) writes
them into the Matches sheet as pending matches, the reader counts completed rounds only; random team events
paired round after round through the workbook's cells equal ``xltb pair`` of the same state written as a TRF,
and gacrux's team module (``-m fideteam``) for a sample."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest
from openpyxl import load_workbook

from xltb.cli.main import main
from xltb.functions import core
from xltb.functions.edits import place
from xltb.functions.enter import Refused, next_round
from xltb.functions.pairings import tb_pairings, tb_pairings_by_name
from xltb.functions.team_pairing import planned_event
from xltb.sheets.crosstable import Origin
from xltb.sheets.names import TeamSheets
from xltb.sheets.teams import MATCHES_HEADER, TEAMS_HEADER
from xltb.writers.trf import write_trf

from test_lite_setup import pyodide  # noqa: F401 - the module's Pyodide runtime (skips without it)

MATCHES, TEAMS = Origin("Matches"), Origin("Teams")


def _event(teams: int, roster: int = 5) -> list[list]:
    rows = [TEAMS_HEADER + [str(i) for i in range(1, roster + 1)]]
    for t in range(1, teams + 1):
        rows.append([t, f"Team {t:02d}", f"T{t}", 2400 - 10 * t] + [f"P{t}.{k}" for k in range(1, roster + 1)])
    return rows


def _settings(boards: int, rounds: int, primary: str = "MP") -> list[list]:
    return [["EventType", "Team Swiss"], ["Boards", boards], ["PrimaryScore", primary], ["Rounds", rounds],
            ["PairingEdition", "2026-02"], ["StartDate", None]]


def _apply(matches: list[list], edits) -> set[tuple[int, int]]:
    """Write the edits into the rows; the cells written."""
    cells = set()
    for e in edits:
        r, c = place(e.cell)
        assert e.sheet == "Matches" and matches[r - 1][c - 1] is None  # never over a cell that holds something
        matches[r - 1][c - 1] = e.value
        cells.add((r, c))
    return cells


def _type_results(matches: list[list], rnd: int, rng: random.Random) -> None:
    for row in matches[1:]:
        if row[0] == rnd and row[1] is not None and row[6] is None:
            row[6] = rng.choice(["1-0", "½-½", "0-1", "1-0", "0-1"])


def _trf(event) -> str:
    """The event as a TRF, which says what the workbook pairs by: the team Swiss with colour preferences of type
    A and both scores (192 FIDE_TEAM_TYPEA_MP_GP: C.04.6 1.2.2, 1.7; tests/test_team_workbook_trf.py)."""
    return write_trf(event).text


def _from_trf(event, tmp_path, rnd: int) -> list[tuple[int, int]]:
    """``xltb pair`` of the event written as a TRF: (white, black) of each match, (team, 0) for the PAB."""
    path = tmp_path / f"state{rnd}.trf"
    path.write_text(_trf(event), encoding="utf-8")
    out = io.StringIO()
    sys_stdout, sys.stdout = sys.stdout, out
    try:
        assert main(["pair", str(path), "-f", "json", "--pairing-rules", "2026-02"]) == 0
    finally:
        sys.stdout = sys_stdout
    doc = json.loads(out.getvalue())
    assert doc["round"] == rnd
    return [(b["white"], b["black"]) for b in doc["boards"]] + [(y["no"], 0) for y in doc["byes"] if y["kind"] == "PAB"]


@pytest.mark.parametrize("seed, teams, boards, rounds", [(1, 9, 4, 6), (2, 10, 4, 7), (3, 7, 3, 5), (4, 12, 6, 5)])
def test_round_after_round_through_the_workbook(tmp_path, seed, teams, boards, rounds):
    rng = random.Random(seed)
    teams_rows = _event(teams, roster=max(boards, 5))
    matches = [list(MATCHES_HEADER)] + [[None] * 7 for _ in range(rounds * (teams // 2 * boards + 1) + 5)]
    settings = _settings(boards, rounds)
    sheets = TeamSheets(teams_rows, TEAMS)
    for rnd in range(1, rounds + 1):
        core.clear_cache()
        event = core.event_for(matches, settings, MATCHES, sheets)
        assert isinstance(event, core.Event) and event.event.is_team
        expected = _from_trf(planned_event(event), tmp_path, rnd)
        entered = next_round(matches, settings, MATCHES, sheets)
        got = [(b.white, b.black) for b in entered.pairing.boards] + \
              [(y.start_no, 0) for y in entered.pairing.byes if y.kind.name == "PAB"]
        assert entered.pairing.round == rnd and got == expected
        shown = tb_pairings(matches, settings, MATCHES, sheets)
        assert shown[0][0] == f"Round {rnd} pairings"
        assert [(line[0], line[1], line[4]) for line in shown[2:] if line[0] != ""] == \
            [(b.number, b.white, b.black) for b in entered.pairing.boards]  # BoardColours blank: A has White
        standings_before = core.tb_standings(matches, settings, MATCHES, sheets)
        _apply(matches, entered.edits)
        written = [row for row in matches[1:] if row[0] == rnd]
        assert len([r for r in written if r[1] is not None]) == len(entered.pairing.boards) * boards
        assert all(r[4] == r[5] == r[1] and r[6] is None for r in written if r[1] is not None)  # roster order
        assert [(r[2], r[6]) for r in written if r[1] is None] == \
            [(y.start_no, "PAB") for y in entered.pairing.byes if y.kind.name == "PAB"]
        core.clear_cache()
        # the round paired, not played: the standings count the rounds complete only; pairing it again refused
        assert core.tb_standings(matches, settings, MATCHES, sheets) == standings_before
        assert tb_pairings(matches, settings, MATCHES, sheets)[2:] == shown[2:]
        with pytest.raises(Refused, match=f"round {rnd} is not complete"):
            next_round(matches, settings, MATCHES, sheets)
        _type_results(matches, rnd, rng)
    core.clear_cache()
    final = tb_pairings(matches, settings, MATCHES, sheets)
    assert final[2][2] == f"all {rounds} rounds are played (Settings Rounds)"
    event = core.event_for(matches, settings, MATCHES, sheets)
    assert isinstance(event, core.Event) and event.event.is_team and event.event.rounds == rounds


def test_a_sample_as_gacrux_pairs_it(tmp_path):
    """Rounds 2 to 5 of a random event of 8 teams entered through the workbook: gacrux's team module pairs the
    same state (the TRF written from the workbook) as the workbook did."""
    rng = random.Random(11)
    teams_rows = _event(8, roster=4)
    matches = [list(MATCHES_HEADER)] + [[None] * 7 for _ in range(120)]
    settings = _settings(4, 5)
    sheets = TeamSheets(teams_rows, TEAMS)
    for rnd in range(1, 6):
        core.clear_cache()
        event = core.event_for(matches, settings, MATCHES, sheets)
        assert isinstance(event, core.Event)
        entered = next_round(matches, settings, MATCHES, sheets)
        if rnd > 1:
            path = tmp_path / f"r{rnd}.trf"
            path.write_text(_trf(planned_event(event)), encoding="utf-8")
            run = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-m", "fideteam-typea-mp+gp", "-i",
                                  str(path), "-p", "-n", str(rnd)], capture_output=True, text=True, check=True)
            pairs = json.loads(run.stdout)["pairingResult"]["pairs"]
            mine = [[b.white, b.black] for b in entered.pairing.boards] + \
                [[y.start_no, 0] for y in entered.pairing.byes if y.kind.name == "PAB"]
            assert sorted(pairs) == sorted(mine)  # the same matches, colours and PAB
            # the order, C.04.2 4.9: gacrux breaks the last tie by the pair's lower number, not the higher
            # ranked team's (docs/pairing-dutch.md, "Board order")
            keys = [(-max(b.white_points, b.black_points), -(b.white_points + b.black_points),
                     b.white if (b.white_points, -b.white) > (b.black_points, -b.black) else b.black)
                    for b in entered.pairing.boards]
            assert keys == sorted(keys)
        _apply(matches, entered.edits)
        _type_results(matches, rnd, rng)


def test_the_list_by_name_and_a_refusal_without_boards():
    teams_rows = _event(5, roster=4)
    matches = [list(MATCHES_HEADER)] + [[None] * 7 for _ in range(20)]
    sheets = TeamSheets(teams_rows, TEAMS)
    core.clear_cache()
    by_name = tb_pairings_by_name(matches, _settings(4, 3), MATCHES, sheets)
    assert by_name[0][0] == "Round 1 pairings by name"
    assert sorted(line[0] for line in by_name[2:]) == [f"Team {t:02d}" for t in range(1, 6)]
    assert [line[3] for line in by_name[2:]].count("pairing-allocated bye") == 1
    no_boards = [row for row in _settings(4, 3) if row[0] != "Boards"]
    with pytest.raises(Refused, match="Settings Boards"):
        next_round(matches, no_boards, MATCHES, sheets)
    short = [list(MATCHES_HEADER)] + [[None] * 7 for _ in range(3)]
    with pytest.raises(Refused, match="room for 3 more lines"):
        next_round(short, _settings(4, 3), MATCHES, sheets)


def test_the_team_template_pairs_its_next_round(tmp_path, capsys):
    """``xltb template team --from`` a team file cut after round 3: the Pairings sheet shows round 4 and
    ``xltb pair TEAMWORKBOOK -o OUT`` writes it into the Matches sheet, the same as TB_PAIRINGS."""
    from helpers import DATA
    from xltb.model.rounds import after_round
    from xltb.readers.registry import read_event
    from xltb.templates.build import render

    event = after_round(read_event(str(DATA / "team" / "held-team14.trf"))[0], 3)
    book = tmp_path / "team.xlsx"
    book.write_bytes(render("team", event))
    wb = load_workbook(book, data_only=True)
    assert wb["Pairings"]["A1"].value == "Round 4 pairings"
    listed = [(r[0].value, r[1].value, r[4].value) for r in wb["Pairings"].iter_rows(min_row=3)
              if isinstance(r[0].value, int)]
    assert len(listed) == 7
    out = tmp_path / "out.xlsx"
    assert main(["pair", str(book), "-o", str(out)]) == 0
    assert "round 4 entered (7 boards" in capsys.readouterr().err
    ws = load_workbook(out)["Matches"]
    lines = [[c.value for c in row[:7]] for row in ws.iter_rows(min_row=2) if row[0].value == 4]
    assert {(line[2], line[3]) for line in lines} == {(a, b) for _, a, b in listed}
    assert all(line[6] is None for line in lines)
    again = load_workbook(out, data_only=True)
    assert again["Pairings"]["A1"].value == "Round 4 pairings"  # paired, not played: the same round shown
    assert again["Standings"]["B2"].value == "ok (after round 3 of 7: round 4 paired, no result yet)"
    assert main(["pair", str(out), "-o", str(tmp_path / "again.xlsx")]) == 2
    assert "round 4 is not complete" in capsys.readouterr().err


MACRO = ("vnd.sun.star.script:xltb.oxt|Scripts|python|xltb_pair.py$pair_next_round?language=Python"
         "&location=user:uno_packages")


def test_the_team_ods_in_libreoffice_with_the_extension(office, tmp_path):
    """The team .ods filled from the seed team event after round 3, in headless LibreOffice with xltb's
    extension: the Pairings sheet computes what TB_PAIRINGS gives, and the extension's macro Pair next round
    writes exactly the cells of next_round's list into Matches; run again, it refuses."""
    from helpers import DATA
    from xltb.model.rounds import after_round
    from xltb.readers.registry import read_event
    from xltb.templates import ods as ods_template
    from xltb.templates.build import render

    event = after_round(read_event(str(DATA / "team" / "held-team14.trf"))[0], 3)
    path = tmp_path / "team.ods"
    path.write_bytes(ods_template.render("team", event))
    cached = load_workbook(io.BytesIO(render("team", event)), data_only=True)
    matches = [[c.value for c in row[:7]] for row in cached["Matches"].iter_rows()]
    teams_rows = [[c.value for c in row] for row in cached["Teams"].iter_rows()]
    settings = [[r[0].value, r[1].value] for r in cached["Settings"].iter_rows(min_row=2, max_col=2)]
    sheets = TeamSheets(teams_rows, TEAMS)
    core.clear_cache()
    table = tb_pairings(matches, settings, MATCHES, sheets)
    edits = next_round(matches, settings, MATCHES, sheets).edits
    doc = office.load(path)
    try:
        doc.calculateAll()
        shown = doc.Sheets.getByName("Pairings").getCellRangeByName(f"A1:H{len(table)}").getDataArray()
        got = [[int(v) if isinstance(v, float) and v.is_integer() else v for v in row] for row in shown]
        assert got == [["" if v is None else v for v in row] for row in table]
        sheet = doc.Sheets.getByName("Matches")
        before = sheet.getCellRangeByName(f"A1:G{len(matches)}").getDataArray()
        said, _, _ = doc.getScriptProvider().getScript(MACRO).invoke((doc,), (), ())
        assert said.startswith("Round 4 entered: 7 boards")
        after = sheet.getCellRangeByName(f"A1:G{len(matches)}").getDataArray()
        changed = {(r + 1, c + 1): after[r][c] for r in range(len(before)) for c in range(len(before[r]))
                   if after[r][c] != before[r][c]}
        assert changed == {e.place: (float(e.value) if isinstance(e.value, int) else e.value) for e in edits}
        again, _, _ = doc.getScriptProvider().getScript(MACRO).invoke((doc,), (), ())
        assert again.startswith("Pair next round: not entered: round 4 is not complete")
    finally:
        doc.close(True)



def test_the_lite_script_writes_the_team_round(pyodide):  # noqa: F811 - the fixture
    """xlwings Lite's script Pair next round in a real Pyodide runtime (tests/test_lite_pair.py's machinery) on
    the team workbook after round 3: exactly the cells of next_round's list are written into Matches (numbers
    as numbers, the PAB as text), nothing else."""
    from helpers import DATA
    from lite_excel import view
    from test_lite_pair import run_pair
    from xltb.hosts.lite import bundled_main
    from xltb.hosts.lite_pair import as_typed
    from xltb.model.rounds import after_round
    from xltb.readers.registry import read_event
    from xltb.templates.build import render

    data = render("team", after_round(read_event(str(DATA / "team" / "held-team14.trf"))[0], 3))
    cached = load_workbook(io.BytesIO(data), data_only=True)
    matches = [[c.value for c in row[:7]] for row in cached["Matches"].iter_rows()]
    teams_rows = [[c.value for c in row] for row in cached["Teams"].iter_rows()]
    settings = [[r[0].value, r[1].value] for r in cached["Settings"].iter_rows(min_row=2, max_col=2)]
    core.clear_cache()
    edits = next_round(matches, settings, MATCHES, TeamSheets(teams_rows, TEAMS)).edits
    out = run_pair(pyodide, view(data), bundled_main())
    sheet = load_workbook(io.BytesIO(data)).sheetnames.index("Matches")
    assert [(a["func"], a["sheet_position"], a["start_row"], a["start_column"], a["values"]) for a in out["actions"]] \
        == [("setValues", sheet, e.place[0] - 1, e.place[1] - 1,
             [[e.value if isinstance(e.value, int) else as_typed(str(e.value))]]) for e in edits]
    assert out["printed"].startswith("Round 4 entered: 7 boards (")


def test_the_seed_team_event_paired_round_after_round_in_the_workbook_file(tmp_path, capsys):
    """The seed team event's teams and rosters in a team template without rounds: each round ``xltb pair
    TEAMWORKBOOK -f json`` (the engine on the event read from the file), ``xltb pair TEAMWORKBOOK -o OUT`` (the
    round written into Matches) and the recalculated Pairings sheet agree; random results typed between rounds
    (the cells of the file's XML, as Excel saves them)."""
    import dataclasses

    from helpers import DATA, set_cells
    from xltb.readers.registry import read_event
    from xltb.templates.build import render

    rng = random.Random(5)
    held = read_event(str(DATA / "team" / "held-team14.trf"))[0]
    fresh = held._replace(teams=tuple(dataclasses.replace(t, results=()) for t in held.teams),
                          players=tuple(p._replace(results=()) for p in held.players), rounds=0)
    path = tmp_path / "r0.xlsx"
    path.write_bytes(render("team", fresh))
    for rnd in range(1, 5):
        capsys.readouterr()
        assert main(["pair", str(path), "-f", "json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        listed = [(b["white"], b["black"]) for b in doc["boards"]]
        assert doc["round"] == rnd and doc["system"]["value"] == "fide-team"
        out = tmp_path / f"p{rnd}.xlsx"
        assert main(["pair", str(path), "-o", str(out)]) == 0
        assert f"round {rnd} entered ({len(listed)} boards" in capsys.readouterr().err
        shown = load_workbook(out, data_only=True)["Pairings"]
        assert shown["A1"].value == f"Round {rnd} pairings"
        assert [(r[1].value, r[4].value) for r in shown.iter_rows(min_row=3, max_row=2 + len(listed))] == listed
        ws = load_workbook(out)["Matches"]
        lines = [(row[0].row, [c.value for c in row[:7]]) for row in ws.iter_rows(min_row=2) if row[0].value == rnd]
        assert {(v[2], v[3]) for _, v in lines if v[1] is not None} == set(listed)  # BoardColours WB: A has White
        outcome = {}
        for b in doc["boards"]:
            outcome[b["white"]] = rng.choice(["1-0", "½-½", "0-1", "1-0"])
        results = {f"G{r}": outcome[v[2]] if rng.random() < 0.8 else rng.choice(["1-0", "0-1", "½-½"])
                   for r, v in lines if v[1] is not None}
        path = tmp_path / f"r{rnd}.xlsx"
        path.write_bytes(set_cells(out.read_bytes(), "Matches", results))
    event = read_event(str(path))[0]
    assert event.rounds == 4 and len(event.teams) == 14


def test_the_classic_macro_writes_the_team_round(tmp_path):
    """The classic .xlsm's macro (xltb.hosts.classic.enter_round, against tests/test_classic_pair.py's stand-in
    for xlwings' API) on the team workbook after round 3 writes exactly the cells ``xltb pair TEAMWORKBOOK -o
    OUT`` writes, numbers as numbers; run again, it refuses and writes nothing."""
    from helpers import DATA
    from test_classic_pair import FakeBook
    from xltb.hosts import classic
    from xltb.model.rounds import after_round
    from xltb.readers.registry import read_event
    from xltb.recalc.enter import pair_workbook
    from xltb.templates.build import render

    data = render("team", after_round(read_event(str(DATA / "team" / "held-team14.trf"))[0], 3))
    path = tmp_path / "team.xlsx"
    path.write_bytes(data)
    core.clear_cache()
    expected = pair_workbook(path, recalculate=False)
    book = FakeBook(data)
    core.clear_cache()
    entered, said = classic.enter_round(book)
    assert entered and said[0].startswith("Round 4 entered: 7 boards")
    values = [w for w in book.writes if w[0] == "Matches"]
    assert [(w[1], w[2], w[4]) for w in values] == [(*e.place, e.value) for e in expected.edits]
    book.writes.clear()
    core.clear_cache()
    entered, said = classic.enter_round(book)
    assert not entered and "round 4 is not complete" in said[0] and book.writes == []


def test_a_bye_asked_ahead_is_not_a_round_played():
    """A half-point bye written for round 2 before it is paired (a line with Team B blank, HPB): the team is not
    paired in round 2 (C.04.6 1.4), round 1 is still the last round counted, and once round 2's results are in
    the bye is the team's round 2."""
    rng = random.Random(3)
    teams_rows = _event(8, roster=4)
    matches = [list(MATCHES_HEADER)] + [[None] * 7 for _ in range(60)]
    settings = _settings(4, 4)
    sheets = TeamSheets(teams_rows, TEAMS)
    core.clear_cache()
    _apply(matches, next_round(matches, settings, MATCHES, sheets).edits)
    _type_results(matches, 1, rng)
    last = max(r for r, row in enumerate(matches) if any(v is not None for v in row))
    matches[last + 1] = [2, None, 3, None, None, None, "HPB"]
    core.clear_cache()
    event = core.event_for(matches, settings, MATCHES, sheets)
    assert isinstance(event, core.Event) and event.event.is_team and event.event.rounds == 1
    shown = tb_pairings(matches, settings, MATCHES, sheets)
    assert shown[0][0] == "Round 2 pairings"
    assert ["", 3, "Team 03"] == shown[-1][:3] and shown[-1][5] == "half-point bye"
    entered = next_round(matches, settings, MATCHES, sheets)
    assert 3 not in {n for b in entered.pairing.boards for n in (b.white, b.black)}
    _apply(matches, entered.edits)
    _type_results(matches, 2, rng)
    core.clear_cache()
    event = core.event_for(matches, settings, MATCHES, sheets)
    assert isinstance(event, core.Event) and event.event.is_team
    assert event.event.rounds == 2 and event.event.team(3).result(2).kind.name == "HALF_BYE"
