"""The printed standings read back with openpyxl: title block, legend, page setup, columns left out,
direct encounter only where it decided something, the round-robin grid, rest rounds, languages."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from xltb.cli.main import main
from xltb.report.i18n import Language, available

DATA = Path(__file__).parent / "data"
SWISS = DATA / "seed" / "held-swiss16.trf"
RR = DATA / "seed" / "held-rr6.trf"
USSA = DATA / "real" / "cr_ussa2026_closed_open_rr.trf"  # 9 players: a rest round each
BRITISH = DATA / "real" / "cr_british2026_championship_after_r8.trf"
LANG = Path(__file__).parent.parent / "xltb" / "report" / "lang"


def _book(tmp_path: Path, source: Path, *args: str) -> openpyxl.Workbook:
    out = tmp_path / (source.stem + ".xlsx")
    assert main(["export", str(source), "-o", str(out), "--force", *args]) == 0
    return openpyxl.load_workbook(out)


def _table(ws) -> tuple[list, list[tuple]]:
    h = int(ws.print_title_rows.split(":")[-1].lstrip("$"))
    rows = list(ws.iter_rows(values_only=True))
    return list(rows[h - 1]), rows[h:]


def test_round_robin_prints_as_a_player_by_player_grid(tmp_path):
    ws = _book(tmp_path, RR, "--rules", "2024")["Crosstable"]
    heads, rows = _table(ws)
    assert heads[:4] == ["Rank", "No.", "Name", "Rating"] and heads[4:10] == ["1", "2", "3", "4", "5", "6"]
    assert heads[10] == "Points" and len(heads) == 11  # no unplayed rounds: that column is left out
    assert [r[1] for r in rows] == [1, 2, 3, 4, 5, 6]  # pairing-number order, as the Berger tables
    grid = {r[1]: r[4:10] for r in rows}
    h = int(ws.print_title_rows.split(":")[-1].lstrip("$"))
    for k in range(6):
        assert grid[k + 1][k] is None  # the diagonal: empty and shaded
        assert ws.cell(row=h + 1 + k, column=5 + k).fill.fgColor.rgb == "FFBFBFBF"
    opposite = {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+"}
    for a in range(1, 7):
        for b in range(1, 7):
            if a != b:
                assert opposite[grid[a][b - 1]] == grid[b][a - 1]  # each game seen from both sides
    assert grid[5][5] == "+" and grid[6][4] == "-"  # round 4: Helene won by forfeit against Franck
    assert grid[1] == (None, "1", "1", "0", "1", "½")
    assert "Row against column" in " ".join(c.value or "" for c in ws["A"][:h - 1])


def test_rest_round_is_written_rest_not_a_zero_point_bye(tmp_path):
    ws = _book(tmp_path, USSA)["Crosstable"]
    heads, rows = _table(ws)
    assert heads[-1] == "Unplayed" and len(heads) == 4 + 9 + 2
    unplayed = {r[1]: r[-1] for r in rows}
    assert unplayed[1] == "R1 rest" and unplayed[2] == "R3 rest" and unplayed[3] == "R5 rest"
    assert not any("ZPB" in (v or "") for r in rows for v in r if isinstance(v, str))


def _double_round_robin(tmp_path: Path) -> Path:
    """Four players, each pair met twice (rounds 1-3 and 4-6, colours reversed)."""
    rounds = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    rounds += [[(b, a) for a, b in r] for r in rounds]
    result = {(1, 4): "1", (2, 3): "=", (4, 3): "0", (1, 2): "=", (2, 4): "1", (3, 1): "0",
              (4, 1): "=", (3, 2): "1", (3, 4): "1", (2, 1): "0", (4, 2): "0", (1, 3): "1"}
    flip = {"1": "0", "0": "1", "=": "="}
    games = {n: [] for n in range(1, 5)}
    for r in rounds:
        for white, black in r:
            games[white].append(f"{black:4d} w {result[(white, black)]}")
            games[black].append(f"{white:4d} b {flip[result[(white, black)]]}")
    lines = ["012 Double round robin", "042 2024/10/24", "092 Individual: Double Round-Robin", "XXR 6"]
    names = {1: "Anna", 2: "Berta", 3: "Carla", 4: "Dora"}
    for n in range(1, 5):
        points = sum({"1": 1, "=": 0.5, "0": 0}[g[-1]] for g in games[n])
        lines.append(f"001 {n:4d} w    {names[n]:<33} {2200 - n:4d} ITA {'':11} {'':10} {points:4.1f} {0:4d}  "
                     + "  ".join(games[n]))
    path = tmp_path / "drr.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_double_round_robin_grid_holds_both_legs_in_round_order(tmp_path):
    ws = _book(tmp_path, _double_round_robin(tmp_path))["Crosstable"]
    heads, rows = _table(ws)
    assert heads[4:8] == ["1", "2", "3", "4"]
    grid = {r[1]: r[4:8] for r in rows}
    assert grid[1] == (None, "½ 1", "1 1", "1 ½")  # vs 2: R2 drawn, R5 won; vs 3: R3 and R6 won; vs 4: R1, R4
    assert grid[2][0] == "½ 0" and grid[4][0] == "0 ½"


def test_direct_encounter_where_art6_gives_a_value(tmp_path):
    wb = _book(tmp_path, BRITISH, "--rounds", "9")
    ws = wb["Standings"]
    heads, rows = _table(ws)
    de = heads.index("DE")
    shown = {r[1]: r[de] for r in rows if r[de] is not None}
    assert shown == {95: 1, 62: 0}  # 6.2: they met; the other tied groups did not all meet: blank (6.3)
    legend = " ".join(c.value or "" for c in ws["A"][:int(ws.print_title_rows.split(":")[-1].lstrip("$")) - 1])
    assert "DE is the score in the separate standings of the tied players (C.07 6.1)" in legend
    assert "Standings after round 8 of 9" in ws["A2"].value  # --rounds: the event is not over
    heads, details = _table(wb["Details"])
    de_rows = [r for r in details if (r[3] or "").startswith("DE ")]
    assert sum(1 for r in de_rows if r[4] is not None) == 2
    assert any((r[-1] or "").startswith("not applied: direct encounter decided nothing here") for r in de_rows)


def test_empty_columns_are_left_out_and_standings_print_portrait(tmp_path):
    ws = _book(tmp_path, DATA / "csv" / "LimerickClubChampionship09.txt")["Standings"]
    heads, _ = _table(ws)
    assert heads[:3] == ["Rank", "No.", "Name"] and "Title" not in heads and "Rating" not in heads
    assert ws.page_setup.orientation == "portrait" and ws.page_setup.fitToWidth == 1


def test_italian_headings_names_dates_and_sheet_names(tmp_path):
    wb = _book(tmp_path, SWISS, "--lang", "it", "--rules", "2024", "--tiebreaks", "BH/C1,SB,DE,KS,ARO")
    assert wb.sheetnames == ["Classifica", "Tabellone", "Dettagli", "Torneo"]
    ws = wb["Classifica"]
    heads, _ = _table(ws)
    assert heads[:3] == ["Pos.", "N.", "Nome"] and "Punti" in heads and "Elo" in heads
    assert ws["A2"].value.startswith("24 ottobre 2024  \u00b7  Classifica finale  \u00b7  Spareggi FIDE C.07")
    legend = " ".join(c.value for c in ws["A"][2:int(ws.print_title_rows.split(":")[-1].lstrip("$")) - 1])
    # the names of FIDE and the Italian federation's bilingual C.07
    for name in ("Buchholz Cut-1", "Sonneborn-Berger", "Scontro diretto", "Sistema Koya per gironi all'italiana",
                 "Rating medio degli avversari"):
        assert name in legend
    assert ws.oddFooter.right.text.endswith("pagina &P di &N")


@pytest.mark.parametrize("code", available())
def test_every_language_file_is_complete_and_well_formed(code):
    english = json.loads((LANG / "en.json").read_text("utf-8"))
    doc = json.loads((LANG / f"{code}.json").read_text("utf-8"))
    assert set(doc["text"]) == set(english["text"]), code  # a heading missing would print in English
    assert len(doc["months"]) == 12 and "{day}" in doc["date"] and "{month}" in doc["date"]
    assert set(doc.get("tiebreaks", {})) <= set(english["tiebreaks"])
    lang = Language(code)
    for key, text in english["text"].items():
        fields = {f for f in ("n", "m", "seed", "edition") if "{" + f + "}" in text}
        assert {f for f in ("n", "m", "seed", "edition") if "{" + f + "}" in lang.texts[key]} == fields, (code, key)


def test_english_names_every_tie_break():
    from xltb.tiebreaks.codes import ACRONYMS

    assert set(ACRONYMS) <= set(json.loads((LANG / "en.json").read_text("utf-8"))["tiebreaks"])


def test_a_federation_adds_its_language_as_a_file(tmp_path):
    own = {"language": "Nederlands", "text": {"standings": "Ranglijst", "final_standings": "Eindstand"},
           "tiebreaks": {"SB": "Sonneborn-Berger-punten"}}
    (tmp_path / "nl.json").write_text(json.dumps(own), encoding="utf-8")
    wb = _book(tmp_path, SWISS, "--lang", str(tmp_path / "nl.json"), "--tiebreaks", "SB")
    ws = wb["Ranglijst"]
    assert "Eindstand" in ws["A2"].value and "SB = Sonneborn-Berger-punten" in ws["A3"].value
    assert _table(ws)[0][0] == "Rank"  # what the file leaves out stays English


def test_unknown_language_is_refused_before_any_work(tmp_path, capsys):
    assert main(["export", str(SWISS), "-o", str(tmp_path / "x.xlsx"), "--lang", "xx"]) == 2
    assert "--lang xx: no such language" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_team_standings_text_heads_mp_and_gp(capsys):
    assert main(["standings", str(DATA / "seed" / "held-team14.trf")]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = next(line for line in lines if line.startswith("Rk"))
    assert head.split() == ["Rk", "No", "Name", "MP", "GP", "MPvGP"]  # no team has a strength (310): no Rtg
    first = next(line for line in lines if line.split()[:2] == ["1", "5"])
    assert first.split()[-3:] == ["10.0", "18.0", "18.0"]


def test_the_rounds_the_file_declares_say_how_far_the_event_is(tmp_path):
    """TRF XXR / 142 gives the rounds planned: a file cut after round 20 of 21 is not titled final."""
    wb = _book(tmp_path, DATA / "real" / "04_lichess_swiss_bullet_112p_2020.trf")
    assert "after round 20 of 21" in wb["Standings"]["A2"].value
    wb = _book(tmp_path, DATA / "real" / "03_lichess_swiss_juni_blitz_2020.trf")  # XXR 9, nine rounds played
    assert "after round" not in wb["Standings"]["A2"].value
