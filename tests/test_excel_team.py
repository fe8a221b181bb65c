"""Team events in Excel: the Teams and Matches sheets, the team functions, the team template filled
from the exercise book's team Swiss and FIDE's TRF-2026 team sample, recalculated without Excel;
and =TB_CHECK."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from xltb.ranking import compute
from xltb.functions import core
from xltb.hosts import classic as udfs
from xltb.functions.catalogue import TEAM_CODES, function_name
from xltb.sheets.crosstable import from_tournament
from xltb.sheets.settings import parse_settings
from xltb.sheets.teams import from_team_tournament, round_trip_difference
from xltb.sheets.teams import normal_result, sheet_records, to_team_tournament
from helpers import FIRST, HEAD, read_trf, recalc_data, recalc_workbook
from helpers import read_team_event as read_event
from xltb.templates.build import render
from xltb.tiebreaks.codes import parse_code

DATA = Path(__file__).parent / "data"
SEED = DATA / "seed"
EXPECTED = json.loads((SEED / "expected.json").read_text(encoding="utf-8"))
HELD = read_event(SEED / "held-team14.trf")
TEAMS, MATCHES = from_team_tournament(HELD, HELD.board_colours)
SETTINGS = [["EventType", "Team Swiss"], ["Edition", "2024"], ["Tiebreaks", "EDE,EMGSB/C1,BH:MP/C1,MPvGP"],
            ["PABMatchPoints", 1], ["PABGamePoints", 2], ["Boards", 4], ["BoardColours", "WBWB"]]


def cell(value):
    if value is None:
        return ""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def settings(edition="2024", tiebreaks="EDE,EMGSB/C1,BH:MP/C1,MPvGP"):
    return [["Edition", edition] if r[0] == "Edition" else ["Tiebreaks", tiebreaks] if r[0] == "Tiebreaks" else r
            for r in SETTINGS]


# --------------------------------------------------------------------------- sheets <-> event
def test_result_notation():
    assert [normal_result(v) for v in ("1-0", "0:1", "1/2-1/2", "½-½", "0,5-0,5", "=", "+:-", "-+", "--", "pab",
                                       "+BYE", "=BYE", "zpb", "", None)] == \
        ["1-0", "0-1", "½-½", "½-½", "½-½", "½-½", "+-", "-+", "--", "PAB", "PAB", "HPB", "ZPB", None, None]
    for bad in ("2-0", "1-1", "W", "+"):
        with pytest.raises(ValueError):
            normal_result(bad)


@pytest.mark.parametrize("path", [SEED / "held-team14.trf", DATA / "team" / "19_tec_grandmommys_cup_trf25_sample_team.trf",
                                  DATA / "team" / "17_gre_crete_interclub_championship_2025_team.trf",
                                  DATA / "team" / "28_sharly_trf26_team_320_pab_forfeit.trf"])
def test_the_sheets_hold_the_event(path):
    """Teams + Matches written from a team file and read back give the same matches, boards, MP and
    GP, and the same standings as the file (line-ups, forfeited matches, byes, PAB points)."""
    tt = read_event(path)
    wb = load_workbook(io.BytesIO(render("team", tt)))
    values = {r[0].value: r[1].value for r in wb["Settings"].iter_rows(min_row=2) if r[0].value}
    teams = [[c.value for c in r] for r in wb["Teams"].iter_rows()]
    matches = [[c.value for c in r[:7]] for r in wb["Matches"].iter_rows()]
    copy = to_team_tournament(teams, matches, parse_settings(values))
    assert round_trip_difference(tt, copy) is None
    a = compute(tt, None, "2024")
    b = compute(copy, a.codes, "2024")
    assert [(r.rank, r.start_no, r.values) for r in a.rows] == [(r.rank, r.start_no, r.values) for r in b.rows]


def test_events_the_sheets_cannot_hold_are_refused(tmp_path):
    out = tmp_path / "t.xlsx"
    done = subprocess.run([sys.executable, "-m", "xltb", "template", "team", "--from",
                           str(DATA / "team" / "24_sharly_trf26_team_299_all.trf"), "-o", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "cannot hold this event exactly" in done.stderr and "299" in done.stderr
    assert not out.exists()
    done = subprocess.run([sys.executable, "-m", "xltb", "template", "team", "--from",
                           str(SEED / "held-swiss16.trf"), "-o", str(out)], capture_output=True, text=True)
    assert done.returncode == 2 and "not a team event" in done.stderr and not out.exists()


def test_the_sheets_give_the_team_records():
    """The sheets are read into the records a TRF file's team records give (no TRF text between)."""
    players, records = sheet_records(TEAMS, MATCHES, parse_settings(dict(SETTINGS)))
    # Falcons forfeited their match against Antelopes (every board, no 330 needed: 15.1)
    assert [r[6] for r in MATCHES if r[0] == 6 and r[2] == 6 and r[3] == 1] == ["-+"] * 4
    copy = to_team_tournament(TEAMS, MATCHES, parse_settings(dict(SETTINGS)))
    assert copy.team(6).result(6).kind.name == "FORFEIT_LOSS" and copy.team(1).result(6).mp == 2
    assert records.byes[(5, 14)][0].name == "HALF_BYE" and records.pab == (1, 2)  # TRF 240 H, 320  1.0  2.0
    assert records.board_colours == "WBWB" and records.match_fields == {"W": 2, "D": 1, "L": 0}  # 352, 362
    assert len(records.teams) == 14 and len(players.players) == 84  # 310, 001


# --------------------------------------------------------------------------- functions
@pytest.mark.parametrize("rules", ["2024", "2026"])
def test_every_team_function_agrees_with_compute_team(rules):
    st_list = compute(HELD, "EDE,EMGSB/C1,BH:MP/C1,MPvGP", rules)
    block = settings(rules)
    for code in TEAM_CODES:
        func = getattr(udfs, function_name(code))
        code = parse_code(code, strict=True).code  # the catalogue has only combinations C.07 14 defines
        st = compute(HELD, ["EDE", "EMGSB/C1", "BH:MP/C1", "MPvGP"] +
                          ([code] if code not in st_list.codes else []), rules)
        for row in st.rows:
            assert func(row.start_no, MATCHES, block, TEAMS) == cell(row.values[code]), (code, row.start_no)
    for row in st_list.rows:
        assert udfs.TB_RANK(row.start_no, MATCHES, block, TEAMS) == row.rank
        assert udfs.TB_PTS(row.start_no, MATCHES, block, TEAMS) == cell(row.points)
        assert udfs.TB("emgsb-c1", row.start_no, MATCHES, block, TEAMS) == cell(row.values["EMGSB/C1"])
    table = udfs.TB_STANDINGS(MATCHES, block, TEAMS)
    assert table[0] == ["Rank", "No", "Team", "MP", "GP", "EDE", "EMGSB/C1", "BH:MP/C1", "MPvGP"]
    assert [r[:2] for r in table[1:]] == [[r.rank, r.start_no] for r in st_list.rows]
    assert [r[3:5] for r in table[1:]] == [[cell(r.participant.mp), cell(r.participant.gp)] for r in st_list.rows]
    explained = udfs.TB_EXPLAIN(1, "EMGSB/C1", MATCHES, block, TEAMS)
    assert explained.startswith("EMGSB/C1 of #1 Antelopes") and "value:" in explained


def test_bad_cells_give_error_values():
    block = settings()

    def broken(sheet, r, c, value):
        teams, matches = [list(x) for x in TEAMS], [list(x) for x in MATCHES]
        (teams if sheet == "Teams" else matches)[r][c] = value
        return teams, matches

    teams, matches = broken("Matches", 4, 6, "2-0")  # row 5 of the sheet, column G
    assert udfs.TB_EDE(1, matches, block, teams) == "#VALUE!"
    table = udfs.TB_STANDINGS(matches, block, teams)  # the header stays, the one row says why
    assert table[0][:5] == ["Rank", "No", "Team", "MP", "GP"] and len(table) == 2
    assert table[1][:2] == ["#VALUE!", ""] and table[1][2].startswith("Matches!G5: cannot read '2-0'")
    assert udfs.TB_STATUS(matches, block, teams).startswith("#VALUE! Matches!G5: cannot read '2-0'")
    assert udfs.TB_EXPLAIN(1, "EDE", matches, block, teams).startswith("#VALUE! Matches!G5: cannot read '2-0'")
    teams, matches = broken("Matches", 4, 2, 99)
    assert "Matches!C5: team 99 is not on the Teams sheet" in udfs.TB_EXPLAIN(1, "EDE", matches, block, teams)
    teams, matches = broken("Matches", 4, 4, 9)  # roster position 9 of a six-player team
    assert "Matches!E5: team" in udfs.TB_EXPLAIN(1, "EDE", matches, block, teams)
    teams, matches = broken("Teams", 3, 0, 2)  # team number 2 twice
    assert "Teams!A4: team number 2 is used twice" in udfs.TB_EXPLAIN(1, "EDE", matches, block, teams)
    teams, matches = broken("Matches", 2, 6, None)  # one board of a match without its result
    assert udfs.TB_SSSC(1, matches, block, teams) == "#VALUE!"
    assert "has no result while other boards have one" in udfs.TB_EXPLAIN(1, "SSSC", matches, block, teams)
    assert udfs.TB_EDE(99, MATCHES, block, TEAMS) == "#N/A"
    # DE in a team event is Art. 6 on the primary score (C.07 13): the same as DE:MP here
    assert udfs.TB_DE(1, MATCHES, block, TEAMS) == udfs.TB("DE:MP", 1, MATCHES, block, TEAMS)
    assert udfs.TB_DE(1, MATCHES, block, TEAMS) not in ("#NUM!", "#VALUE!", "#NAME?", "#N/A")
    assert udfs.TB("XYZ", 1, MATCHES, block, TEAMS) == "#NAME?"
    assert udfs.TB_EDE(1, MATCHES, block) == "#VALUE!"  # no Teams block
    assert "Teams" in udfs.TB_EXPLAIN(1, "EDE", MATCHES, block)
    assert udfs.TB_EDE(None, MATCHES, block, TEAMS) == ""


def test_a_round_being_played_is_left_out():
    rows = [list(r) for r in MATCHES]
    last = max(r[0] for r in rows[1:])
    for r in rows[1:]:
        if r[0] == last and r[1] is not None:
            r[6] = None  # pairings of the last round entered, no result yet
    block = settings()
    assert udfs.TB_MPTS(1, rows, block, TEAMS) == cell(sum(x.mp for x in HELD.team(1).results[:last - 1]))


# --------------------------------------------------------------------------- the add-in path
class FakeRange:
    def __init__(self, sheet, row, column, values):
        self.sheet, self.row, self.column, self._values = sheet, row, column, values

    def options(self, **kwargs):
        return self

    @property
    def value(self):
        return [list(r) for r in self._values]


class FakeName:
    def __init__(self, name, rng):
        self.name, self.refers_to_range = name, rng


class FakeSheet:
    def __init__(self, name, book=None):
        self.name, self.book = name, book


def test_classic_add_in_reads_teams_and_matches():
    core.clear_cache()
    book = type("Book", (), {})()
    book.names = [FakeName("Teams", FakeRange(FakeSheet("Teams"), 1, 1, TEAMS)),
                  FakeName("Matches", FakeRange(FakeSheet("Matches"), 1, 1, MATCHES)),
                  FakeName("Settings", FakeRange(FakeSheet("Settings"), 2, 1, SETTINGS))]
    caller = FakeRange(FakeSheet("Standings", book), 2, 3, [[None]])
    st = compute(HELD, "EDE,EMGSB/C1,BH:MP/C1,MPvGP", "2024")
    for row in st.rows:
        assert udfs.TB_EMGSB_C1(row.start_no, caller=caller) == cell(row.values["EMGSB/C1"])
        assert udfs.TB_RANK(row.start_no, caller=caller) == row.rank
    bad = [list(r) for r in MATCHES]
    bad[6][6] = "1:1"
    book.names[1] = FakeName("Matches", FakeRange(FakeSheet("Matches"), 1, 1, bad))
    assert udfs.TB_EDE(1, caller=caller) == "#VALUE!"
    assert udfs.TB_EXPLAIN(1, "EDE", caller=caller).startswith("#VALUE! Matches!G7: cannot read '1:1'")


# --------------------------------------------------------------------------- template + recalc
def _recalc(data: bytes):
    values, formulas, result = recalc_data(data)
    assert result.errors == [] and result.unevaluated == []
    assert formulas["Matches"]["H2"].value.startswith("=IF(")  # the formulas stay
    return values


@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_team_template_gives_the_exercise_book_values(edition):
    expected = EXPECTED["values"]["held-team14.trf"][edition]
    codes = list(next(iter(expected.values())))
    wb = _recalc(render("team", HELD, tiebreaks=",".join(codes), rules=edition))
    ws = wb["Standings"]
    heads = [c.value for c in ws[HEAD]]
    numbers = [r[0] for r in TEAMS[1:]]
    for r, no in enumerate(numbers, start=FIRST):
        got = {heads[c]: ws.cell(row=r, column=c + 1).value for c in range(2, 5 + len(codes))}
        want = expected[str(no)]
        assert got["MP"] == want["MPTS"] and got["GP"] == want["GPTS"], no
        for code in codes:
            value = got[code]
            if code == "SSSC":  # expected.json keeps SSSC to two decimals
                assert round(value, 2) == want[code], (no, code)
            else:
                assert Fraction(value) == Fraction(str(want[code])), (no, code, value, want[code])


def test_team_template_ranks_by_ede():
    want = EXPECTED["ranks"]["held-team14.trf"]
    wb = _recalc(render("team", HELD, tiebreaks=want["tiebreaks"]))
    ws = wb["Standings"]
    ranks = {ws.cell(row=r, column=1 + 0).value: None for r in range(FIRST, FIRST + 14)}
    got = {TEAMS[r - FIRST + 1][0]: ws.cell(row=r, column=3).value for r in range(FIRST, FIRST + 14)}
    assert {str(k): v for k, v in got.items()} == want["rank"] and len(ranks) == 14


@pytest.mark.parametrize("source, tiebreaks", [
    (SEED / "held-team14.trf", "EDE,EGGSB/C1,BH:GP/C1,SSSC,MPvGP"),
    (DATA / "team" / "19_tec_grandmommys_cup_trf25_sample_team.trf", None),  # the file's own list (202)
])
def test_recalc_equals_xltb_standings(tmp_path, source, tiebreaks):
    src, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    cmd = [sys.executable, "-m", "xltb", "template", "team", "--from", str(source), "-o", str(src)]
    assert subprocess.run(cmd + (["--tiebreaks", tiebreaks] if tiebreaks else []), capture_output=True).returncode == 0
    done = subprocess.run([sys.executable, "-m", "xltb", "recalc", str(src), "-o", str(out), "--strict"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    std = subprocess.run([sys.executable, "-m", "xltb", "standings", str(source), "--format", "json"] +
                         (["--tiebreaks", tiebreaks] if tiebreaks else []), capture_output=True, text=True)
    doc = json.loads(std.stdout)
    ws = load_workbook(out, data_only=True)["Standings"]
    heads = [c.value for c in ws[HEAD]]
    start = heads.index("Rank", 3)
    width = 5 + len(doc["tiebreaks"])
    table = [[ws.cell(row=r, column=start + 1 + c).value for c in range(width)]
             for r in range(HEAD, HEAD + len(doc["standings"]) + 1)]
    assert table[0] == ["Rank", "No", "Team", "MP", "GP"] + doc["tiebreaks"]
    for row, want in zip(table[1:], doc["standings"]):
        assert row[:3] == [want["rank"], want["start_no"], want["name"]]
        assert [None if v in ("", None) else v for v in row[5:]] == \
            [None if want["tiebreaks"][c] is None else pytest.approx(want["tiebreaks"][c], rel=1e-12)
             for c in doc["tiebreaks"]]
    by_no = {w["start_no"]: w for w in doc["standings"]}
    numbers = [c.value for c in load_workbook(src)["Teams"]["A"][1:] if c.value is not None]
    for r, no in enumerate(numbers, start=FIRST):
        assert ws.cell(row=r, column=3).value == by_no[no]["rank"]
        row = [ws.cell(row=r, column=6 + i).value for i in range(len(doc["tiebreaks"]))]
        assert [None if v in ("", None) else v for v in row] == \
            [None if by_no[no]["tiebreaks"][c] is None else pytest.approx(by_no[no]["tiebreaks"][c], rel=1e-12)
             for c in doc["tiebreaks"]]


def test_team_template_sheets():
    wb = load_workbook(io.BytesIO(render("team", HELD)))
    assert wb.sheetnames == ["Instructions", "Settings", "Teams", "Matches", "Standings", "Pairings",
                             "Pairings by name"]  # the team Swiss's next round (tests/test_team_workbook_pairing.py)
    names = {n: dn.attr_text for n, dn in wb.defined_names.items()}
    assert names["Teams"] == "Teams!$A$1:$J$25" and names["Matches"].startswith("Matches!$A$1:$G$")
    assert names["PrimaryScore"].startswith("Settings!$B$")
    assert [c.value for c in wb["Teams"][2]] == [1, "Antelopes", "ANT", None, "Aglio, Armando",
                                                 "Almeida, Alejandro", "Angolano, Alcide", "Adardo, Abel",
                                                 "Arca, Asdrubale", "Asta, Aaron"]
    m = wb["Matches"]
    assert [c.value for c in m[1]] == ["Round", "Board", "Team A", "Team B", "Player A", "Player B", "Result",
                                       "Name A", "Name B"]
    assert m["G2"].number_format == "@" and m["H2"].value.startswith('=IF(OR($C2="",$E2=""),"",IFERROR(INDEX(')
    st = wb["Standings"]
    anchor = next(c for c in st[HEAD] if hasattr(c.value, "text"))  # the table: Rank, No, Team, MP, GP, ...
    assert anchor.value.text == "=TB_STANDINGS(Matches,Settings,Teams)"
    assert [st["B1"].value, st["B2"].value] == ["=TB_VERSION()", "=TB_STATUS(Matches,Settings,Teams)"]
    col = [get_column_letter(anchor.column + k) for k in range(5)]
    look = '=IF($A4=0,"",INDEX(${0}:${0},MATCH($A4,${1}:${1},0)))'
    assert [c.value for c in st[FIRST]][:5] == ["=Teams!A2", "=Teams!B2"] + [look.format(col[k], col[1])
                                                                            for k in (0, 3, 4)]
    assert m.protection.sheet and m["H2"].protection.locked and not m["G2"].protection.locked
    blank = _recalc(render("team"))
    assert blank["Standings"]["D4"].value in ("", None) and blank["Standings"]["K3"].value == "Rank"
    assert blank["Standings"]["B2"].value == "ok (no participants yet)"


# --------------------------------------------------------------------------- TB_CHECK
SWISS = read_trf(SEED / "held-swiss16.trf")
ROWS = from_tournament(SWISS)
IND = [["Tiebreaks", "BH/C1,BH,SB,DE,WIN"], ["Edition", "2024"]]


def test_tb_check_individual():
    st = compute(SWISS, "BH/C1,BH,SB,DE,WIN", "2024")
    sb = st.row(4).values["SB"]
    assert udfs.TB_CHECK(4, float(sb), "SB", ROWS, IND) == "ok"
    assert udfs.TB_CHECK(4, str(float(sb)).replace(".", ","), "SB", ROWS, IND) == "ok"
    wrong = udfs.TB_CHECK(4, float(sb) + 1, "SB", ROWS, IND)
    assert wrong.startswith("differs: xltb") and "published" in wrong
    # the 2012 edition's Buchholz of #9, published: the check names the edition that gives it
    bh_2012 = compute(SWISS, "BH", "2012").row(9).values["BH"]
    assert bh_2012 != st.row(9).values["BH"]
    assert udfs.TB_CHECK(9, float(bh_2012), "BH", ROWS, IND).endswith("reproduced by edition 2012")
    assert udfs.TB_CHECK(4, 3.5, "PTS", ROWS, IND) == "ok"
    assert udfs.TB_CHECK(4, "abc", "SB", ROWS, IND).startswith("error: cannot read")
    assert udfs.TB_CHECK(99, 1, "SB", ROWS, IND) == "#N/A"
    assert udfs.TB_CHECK(4, 1, "XYZ", ROWS, IND) == "#NAME?"
    assert udfs.TB_CHECK(None, 1, "SB", ROWS, IND) == ""


def test_tb_check_team_and_recalc():
    block = settings()
    st = compute(HELD, "EDE,EMGSB/C1,BH:MP/C1,MPvGP", "2024")
    value = float(st.row(1).values["EMGSB/C1"])
    assert udfs.TB_CHECK(1, value, "EMGSB/C1", MATCHES, block, TEAMS) == "ok"
    assert udfs.TB_CHECK(1, value - 1, "EMGSB/C1", MATCHES, block, TEAMS).startswith("differs")
    wb = load_workbook(io.BytesIO(render("individual", SWISS, rules="2024")))
    ws = wb["Standings"]
    ws["Z2"] = 8
    ws["Z3"] = "=TB_CHECK(A7, Z2, \"SB/C1\")"  # #4 David, SB/C1 = 8 under 2024-08
    ws["Z4"] = "=TB_CHECK(A7, 9, \"SB/C1\")"
    values, _, _ = recalc_workbook(wb)
    ws = values["Standings"]
    assert ws["Z3"].value == "ok" and ws["Z4"].value.startswith("differs")
