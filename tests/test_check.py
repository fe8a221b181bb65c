"""`xltb check`: published tie-breaks compared with xltb's, differences explained (issue 6)."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction

import pytest

from xltb.check import check_file, check_value, published_number
from xltb.check.precision import same_figure
from xltb.cli.main import main
from xltb.ranking import compute
from xltb.ranking.legend import interpret
from xltb.tiebreaks.rating import round_half_up
from helpers import read_trf

DATA = os.path.join(os.path.dirname(__file__), "data", "check")
WB = os.path.join(DATA, "2021-World-Blitz-Chess-Championship-Open.csv")
MOSCOW = os.path.join(DATA, "2018-moscow-open.csv")
SB_CONVENTION = "Swiss-Manager's reading of the 2011 annex F.b"
ARO_CONVENTION = "Swiss-Manager's ARO Cut"


def path(name: str) -> str:
    return os.path.join(DATA, name)


# --------------------------------------------------------------------------- legend names
@pytest.mark.parametrize("name, codes, ambiguous, edition", [
    ("Buchholz Tie-Breaks (variabel with parameter)", ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2"), True, None),
    ("Buchholz Tie-Breaks (all Results)", ("BH",), False, None),
    ("Buchholzwertung (1 Streichresultat)", ("BH/C1",), False, None),
    ("Buchholz Tie-Breaks (without two results=middle Tie-Breaks)", ("BH/M1",), False, None),
    ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", ("BH/C1",), False, "2026-03"),
    ("Buchholz Tie-Break Variable (2023) (Gamepoints)", ("BH",), False, "2023-09"),
    ("Sonneborn Berger Tie-Break Variable (2023) (Gamepoints, Median1)", ("SB/M1",), False, "2023-09"),
    ("Direct Encounter (The results of the players in the same point group)", ("DE",), False, None),
    ("Direct Encounter (DE)", ("DE",), False, None),
    ("Number of wins including byes (WIN) (Gamepoints, Forfeited games count)", ("WIN",), False, None),
    ("Number of games won with black (BWG) (Gamepoints)", ("BWG",), False, None),
    ("Number of wins (Forfeits And Byes are ignored)", ("WON",), False, None),
    ("Most black", ("BPG",), False, None),
    ("Fide Tie-Break", ("PS", "PS/C1", "PS/C2"), True, None),
    ("rating average of the opponents (without one result)", ("ARO/C1",), False, None),
    ("Koya  Koya-System (Points against player with >= 50% of the points)", ("KS", "KS/L-1", "KS/L-2", "KS/L+1",
                                                                             "KS/L+2"), True, None),
    ("Performance Tie-Breaks (TPR, APRO, PTP, APPO)", ("TPR", "APRO", "PTP", "APPO"), True, None),
])
def test_legend_names(name, codes, ambiguous, edition):
    entry = interpret(name)
    assert entry.codes == codes
    assert entry.ambiguous is ambiguous
    assert entry.edition == edition


def test_legend_parameters():
    assert interpret("Average Rating of Opponents (ARO) (Cut1) (1400)").codes == ("ARO/C1",)
    assert interpret("Average Rating of Opponents (ARO) (Cut1) (1400)").unrated_rating == 1400
    assert interpret("Sonneborn-Berger-Tie-Break variable").ambiguous
    assert interpret("Sum of Buchholz-Tie-Breaks (all Results)").codes == ()
    assert interpret("Sum of Buchholz-Tie-Breaks (all Results)").comparable is False
    assert interpret("") is None


# --------------------------------------------------------------------------- precision
def test_same_figure_uses_the_published_precision():
    assert same_figure(Fraction(2670), 0, Fraction(2670))
    assert not same_figure(Fraction(2670), 0, Fraction(2671))
    assert same_figure(Fraction("13.38"), 2, Fraction(107, 8))  # 13.375 printed with 2 decimals
    assert not same_figure(Fraction("13.37"), 2, Fraction(107, 8))
    assert same_figure(Fraction("0.1"), None, Fraction(1, 10))  # JSON float
    assert same_figure(None, 1, None) and not same_figure(None, 1, Fraction(0))


# --------------------------------------------------------------------------- World Blitz 2021
@pytest.fixture(scope="module")
def wb():
    return check_file(WB)


def test_world_blitz_2012_reproduces_buchholz(wb):
    assert wb.edition == "2012"
    assert "2021-12-30" in wb.edition_reason  # the export's last update dates it
    assert wb.codes == ["BH/C1", "BH", "ARO/C1", "DE"]
    by_key = {c.key: c for c in wb.columns}
    assert (by_key["TB1"].agree, by_key["TB1"].compared) == (179, 179)
    assert (by_key["TB2"].agree, by_key["TB2"].compared) == (179, 179)
    assert "ambiguous" in by_key["TB1"].note  # "variabel with parameter" does not say Cut-1
    assert by_key["TB4"].agree == 179
    assert wb.ranks_compared == 179 and not wb.ranks


def test_world_blitz_aro_differences_are_swiss_managers_cut(wb):
    aro = {c.key: c for c in wb.columns}["TB3"]
    assert aro.code == "ARO/C1"
    assert aro.compared - aro.agree == 17
    assert any(ARO_CONVENTION in w for w in aro.whole_column)
    cells = [d for d in wb.cells if d.column == "TB3"]
    assert len(cells) == 17 and {d.start_no for d in cells} >= {4, 81, 122, 178, 179}
    dubov = next(d for d in cells if d.start_no == 4)
    assert (dubov.published, dubov.value) == (Fraction(2670), Fraction(2683))
    assert ARO_CONVENTION in dubov.reproduced_by[0]
    assert any("CUT" in line for line in dubov.breakdown)  # the breakdown shows what xltb cut


def test_world_blitz_one_wrong_value():
    report = check_file(path("wb-one-wrong-tb1.csv"), tiebreaks="BH/C1,BH,ARO/C1,DE", rules="2012")
    tb1 = [d for d in report.cells if d.column == "TB1"]
    assert len(tb1) == 1 and {d.column for d in report.cells} == {"TB1", "TB3"}
    cell = tb1[0]
    assert (cell.start_no, cell.column, cell.published, cell.value) == (10, "TB1", Fraction("256.5"), 256)
    assert cell.reproduced_by == []
    assert not report.ok


# --------------------------------------------------------------------------- Moscow 2018
@pytest.fixture(scope="module")
def moscow():
    return check_file(MOSCOW, tiebreaks="BH,BH/C1,DE,SB", rules="2012")


def test_moscow_2012_reproduces_buchholz_not_sb(moscow):
    cols = {c.key: c for c in moscow.columns}
    assert cols["TB1"].agree == cols["TB2"].agree == cols["TB3"].agree == 220
    assert cols["TB4"].compared - cols["TB4"].agree == 38
    assert any(SB_CONVENTION in w for w in cols["TB4"].whole_column)
    cells = {d.start_no: d for d in moscow.cells}
    # #8: forfeit win in round 5: xltb 1 x Sv (4.5), Swiss-Manager 1/2 x Sv
    assert (cells[8].published, cells[8].value) == (32, Fraction(137, 4))
    # #108: not paired in rounds 8 and 9: Swiss-Manager adds (6 + 5.5) / 2
    assert cells[108].published - cells[108].value == Fraction(23, 4)
    assert all(SB_CONVENTION in d.reproduced_by[0] for d in moscow.cells)


def test_moscow_rank_differences_follow_from_values(moscow):
    assert {r.start_no for r in moscow.ranks} == {32, 104, 105, 111, 112}
    assert all(r.cause == "values" for r in moscow.ranks)
    assert any(SB_CONVENTION in r.reproduced_by[0] for r in moscow.ranks)


def test_moscow_without_legend_guesses_and_says_so():
    report = check_file(MOSCOW)
    # no date and no edition named: compared under xltb's default, as standings computes it; the edition
    # that reproduces more of the published values is a finding, not the choice
    assert report.edition == "2026-03" and report.edition_reason.startswith("xltb's default")
    assert any(n.startswith("edition 2012 reproduces more of the published values than 2026-03") for n in report.notes)
    assert report.codes == ["BH", "BH/C1", "DE", "SB"]
    assert all("--tiebreaks" in c.note for c in report.columns)


# --------------------------------------------------------------------------- TRF rank column
def test_trf_rank_column_right():
    report = check_file(path("cr_world_blitz_2021_open.trf"), tiebreaks="BH/C1,BH,ARO/C1,DE", rules="2012")
    assert report.ok and report.ranks_compared == 179


def test_trf_rank_column_edited():
    report = check_file(path("wb-rank-edited.trf"), tiebreaks="BH/C1,BH,ARO/C1,DE", rules="2012")
    assert {(r.start_no, r.published, r.value) for r in report.ranks} == {(5, 6, 5), (6, 5, 6)}
    assert all(r.cause == "unexplained" and not r.reproduced_by for r in report.ranks)
    assert "BH/C1" in report.ranks[0].explanation


def test_trf_ranks_of_swiss_manager_reproduced_by_its_convention():
    report = check_file(path("cr_moscow_open_2018_a.trf"), tiebreaks="BH,BH/C1,DE,SB")
    assert report.edition == "2026-03"  # no date: xltb's default; the edition that reproduces more ranks is a finding
    assert any(n.startswith("edition 2012 reproduces more of the published ranks") for n in report.notes)
    report = check_file(path("cr_moscow_open_2018_a.trf"), tiebreaks="BH,BH/C1,DE,SB", rules="2012")
    assert len(report.ranks) == 5
    assert any(SB_CONVENTION in w for w in report.rank_whole)


# --------------------------------------------------------------------------- hand-made exports, JSON
def test_hand_made_export_one_wrong_value():
    report = check_file(path("held-2024.csv"))
    assert report.edition == "2023-09" and report.codes == ["BH/C1", "BH", "SB", "DE"]
    assert [(d.start_no, d.code, d.published, d.value) for d in report.cells] == \
        [(1, "SB", Fraction("9.75"), Fraction("9.5"))]
    assert report.cells[0].reproduced_by == [] and report.cells[0].closest == ""
    assert not report.ranks


def test_json_right_and_wrong():
    assert check_file(path("held-2024.json")).ok
    report = check_file(path("held-2024-wrong.json"))
    assert [(d.start_no, d.code, d.published, d.value) for d in report.cells] == [(6, "BH", Fraction("11.5"), 12)]
    # a real recomputation: the 2026 cap on the dummy (16.4.2) gives exactly 11.5 for Franck's bye
    assert report.cells[0].reproduced_by == ["edition 2026-03"]


def test_team_json(tmp_path):
    pytest.importorskip("xltb.ranking.team")
    src = os.path.join(os.path.dirname(__file__), "data", "team", "17_gre_crete_interclub_championship_2025_team.trf")
    if not os.path.exists(src):
        pytest.skip("team sample not present")
    shutil.copy(src, tmp_path / "team.trf")
    assert main(["standings", str(tmp_path / "team.trf"), "-f", "json", "-o", str(tmp_path / "team.json")]) == 0
    assert main(["check", str(tmp_path / "team.json")]) == 0


# --------------------------------------------------------------------------- command line
def test_cli_exit_status_and_formats(tmp_path, capsys):
    assert main(["check", path("held-2024.json")]) == 0
    assert main(["check", path("held-2024.csv"), "-f", "json", "-o", str(tmp_path / "r.json")]) == 1
    doc = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert doc["ok"] is False and doc["differences"][0]["start_no"] == 1
    capsys.readouterr()
    assert main(["check", path("held-2024.csv")]) == 1
    out = capsys.readouterr().out
    assert "#1 Bruno  TB3 SB: published 9,75, xltb 9.5" in out and "no known variant reproduces it" in out


def test_cli_bad_input(tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("hello;world\n1;2\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    assert main(["check", str(bad), "-o", str(out)]) == 2
    assert not out.exists()
    assert main(["check", str(tmp_path / "missing.csv")]) == 2
    assert main(["check", path("held-2024.csv"), "--tiebreaks", "XYZ"]) == 2
    assert main(["check", path("held-swiss16.trf")]) == 2  # no rank column
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("xltb: error:") == 4


# --------------------------------------------------------------------------- TB_CHECK
def test_check_value_for_excel():
    t = read_trf(path("held-swiss16.trf"))
    st = compute(t, "BH/C1,BH,SB,DE", "2024-08")
    assert check_value(st, 6, "BH", 12) == "ok"
    assert check_value(st, 6, "BH", "12,0") == "ok"
    reason = check_value(st, 6, "BH", 11.5)
    assert reason.startswith("differs: xltb 12, published 11.5") and "edition 2026-03" in reason
    assert check_value(st, 6, "BH", 11.5, search=False) == "differs: xltb 12, published 11.5 (-0.5)"
    assert "no known variant" in check_value(st, 1, "SB", "9,25")
    assert check_value(st, 99, "BH", 1).startswith("error")
    assert check_value(st, 6, "ARO", 1).startswith("error")


def test_check_value_whole_numbers_are_exact():
    """A number cell is the figure itself; text is compared to the decimals it prints ("13" = exactly 13)."""
    t = read_trf(path("held-swiss16.trf"))
    st = compute(t, "BH/C1,BH,SB,DE", "2024-08")
    assert st.row(1).values["BH"] == Fraction(25, 2)
    for published in (13, 12, "13", "12", "13.0", "13,0", 12.0):
        assert check_value(st, 1, "BH", published, search=False).startswith("differs: xltb 12.5"), published
    for published in (12.5, "12.5", "12,5", "12½", "12.50"):
        assert check_value(st, 1, "BH", published) == "ok", published
    # a value with more decimals than printed: text rounds, a number cell does not
    aob_st = compute(t, "AOB", "2024-08")
    assert aob_st.row(14).values["AOB"] == Fraction(79, 6)
    assert check_value(aob_st, 14, "AOB", "13.17", search=False) == "ok"
    assert check_value(aob_st, 14, "AOB", 13.17, search=False).startswith("differs")


# --------------------------------------------------------------------------- JSON: event, unrated rating
def test_json_against_another_event_is_bad_input(capsys):
    seed = os.path.join(os.path.dirname(__file__), "data", "seed", "held-rr6.trf")
    assert main(["check", path("held-2024.json"), "--event", seed]) == 2
    err = capsys.readouterr().err
    assert "do not match the event held-rr6.trf" in err and "Traceback" not in err and "internal" not in err


FROME = os.path.join(os.path.dirname(__file__), "data", "real", "cr_frome2026_standard.trf")


@pytest.fixture()
def frome_json(tmp_path):
    """xltb's own JSON of an event with unrated players, computed with --unrated-rating 1400; and the same
    JSON without the "options" key (as older versions wrote it)."""
    shutil.copy(FROME, tmp_path / "frome.trf")
    out = tmp_path / "with.json"
    assert main(["standings", str(tmp_path / "frome.trf"), "-t", "ARO,TPR,BH", "--unrated-rating", "1400",
                 "-f", "json", "-o", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["options"] == {"unrated_rating": 1400}
    del doc["options"]
    (tmp_path / "old.json").write_text(json.dumps(doc), encoding="utf-8")
    return out, tmp_path / "old.json"


def test_json_uses_its_recorded_unrated_rating(frome_json):
    with_options, _ = frome_json
    report = check_file(str(with_options))
    assert report.ok and [c.agree for c in report.columns] == [31, 31, 31] and report.ranks_compared == 31


def test_json_columns_not_computable_are_not_differences(frome_json, capsys):
    _, old = frome_json
    report = check_file(str(old))
    aro, tpr, bh = report.columns
    assert aro.error and tpr.error and not bh.error and bh.agree == 31
    assert report.cells == [] and report.ok  # "not compared" is not a difference
    text = report.to_text()
    assert "differences:" not in text and "2 columns not compared" in text
    assert main(["check", str(old)]) == 0
    capsys.readouterr()
    assert main(["check", str(old), "--unrated-rating", "1400"]) == 0
    assert "ARO as ARO: 31/31 agree" in capsys.readouterr().out
    assert main(["check", str(old), "--unrated-rating", "1200"]) == 1


# --------------------------------------------------------------------------- every value (issue 6)
def test_every_participant_and_tiebreak_is_reported(tmp_path, capsys):
    """Issue 6: "for each participant and tie-break, published value, xltb value": the JSON report has
    the full table, the text report with --all; the default text lists only the differences."""
    assert main(["check", path("held-2024.csv"), "-f", "json", "-o", str(tmp_path / "r.json")]) == 1
    doc = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    compared = [c for c in doc["columns"] if c["compared"]]
    assert len(doc["values"]) == sum(c["compared"] for c in compared) == 16 * len(compared)
    bad = [v for v in doc["values"] if not v["agrees"]]
    assert [(v["start_no"], v["code"]) for v in bad] == [(d["start_no"], d["code"]) for d in doc["differences"]]
    first = next(v for v in doc["values"] if v["start_no"] == 1 and v["code"] == "BH/C1")
    assert first == {"start_no": 1, "name": "Bruno", "column": "TB1", "code": "BH/C1", "published": "12,0",
                     "published_value": 12.0, "xltb": 12.0, "agrees": True}
    assert main(["check", path("held-2024.csv")]) == 1
    short = capsys.readouterr().out
    assert "every participant" not in short
    assert main(["check", path("held-2024.csv"), "--all"]) == 1
    full = capsys.readouterr().out
    assert full.count("every participant:") == len(compared)
    assert sum(1 for line in full.splitlines() if line.endswith("  differs")) == len(bad)


def test_a_json_row_with_a_null_name_is_a_row_without_one(tmp_path, capsys):
    """A standings JSON may give a row's name as null (valid_json lets it through): the report shows no name,
    as for a row without one, in every text and JSON form (it stopped the text report with --all)."""
    doc = json.loads(open(path("held-2024.json"), encoding="utf-8").read())
    doc["standings"][0]["name"] = None
    doc["standings"][0]["tiebreaks"]["BH"] += 1  # a difference, so that the row is reported
    target = tmp_path / "null-name.json"
    target.write_text(json.dumps(doc), encoding="utf-8")
    event = path(doc["event"]["source"])
    assert main(["check", str(target), "--event", event, "--all"]) == 1
    text = capsys.readouterr().out
    assert "#2 " in text and "None" not in text
    assert main(["check", str(target), "--event", event, "-f", "json", "-o", str(tmp_path / "r.json")]) == 1
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert {v["name"] for v in report["values"] if v["start_no"] == 2} == {""}


# --------------------------------------------------------------------------- --tiebreaks and ranks
def test_more_codes_than_columns_is_bad_input(capsys):
    assert main(["check", path("held-2024.csv"), "--tiebreaks", "BH/C1,BH,SB,DE,WIN"]) == 2
    assert "--tiebreaks has 5 codes, the export 4 tie-break columns" in capsys.readouterr().err


def test_rank_decided_by_a_skipped_column_is_not_a_difference():
    """Skipping a column ('-') leaves xltb's list without it: ranks that the column decides cannot be compared,
    and are reported so, not as differences that "follow from the published values"."""
    report = check_file(path("held-2024.csv"), tiebreaks="BH/C1,BH,-,DE")
    assert report.cells == [] and report.ok
    assert report.ranks and all(r.cause == "not-compared" for r in report.ranks)
    assert all("TB3 is not compared" in r.explanation for r in report.ranks)
    assert any("the export ranks with TB3 too" in n for n in report.notes)
    # the same list with the column compared: the ranks agree
    assert check_file(path("held-2024.csv"), tiebreaks="BH/C1,BH,SB,DE").ranks == []


def test_codes_in_the_wrong_order_are_flagged():
    report = check_file(path("held-2024.csv"), tiebreaks="DE,BH/C1,BH,SB")
    assert all(c.agree == 0 and "is this the column's code?" in c.note for c in report.columns)


# --------------------------------------------------------------------------- legend names (review)
@pytest.mark.parametrize("name, codes, ambiguous", [
    ("Koya Tie-Break (Limit 50%)", ("KS",), False),  # C.07 9.2's own limit: plain KS, not /L+50
    ("Buchholz Cut 1", ("BH/C1",), False),
    ("Median Buchholz", ("BH/M1",), False),
    ("Direkter Vergleich", ("DE",), False),
    ("Anzahl der Siege", ("WIN", "WON"), True),
    ("Elo-Schnitt der Gegner", ("ARO", "ARO/C1", "ARO/C2", "ARO/M1"), True),
])
def test_more_legend_names(name, codes, ambiguous):
    entry = interpret(name)
    assert (entry.codes, entry.ambiguous, entry.limit_percent) == (codes, ambiguous, None)


def test_koya_percent_limits_in_half_point_steps(tmp_path):
    from xltb.ranking.legend import koya_limit

    entry = interpret("Koya Tie-Break (Limit 60%)")
    assert entry.codes == ("KS",) and entry.limit_percent == 60
    assert koya_limit(entry, Fraction(10))[0] == "KS/L+2"  # 6 points = 5 + 2 half points
    assert koya_limit(entry, Fraction(9))[0] is None  # 5.4 points: not a half-point step from 4.5
    assert koya_limit(interpret("Koya Tie-Break (Limit 40%) (Forfeited games count)"), Fraction(5))[0] == "KS/L-1/P"
    text = open(path("held-2024.csv"), encoding="utf-8").read()  # 5 rounds: maximum 5 points
    for percent, code in (("60", "KS/L+1"), ("55", None)):
        f = tmp_path / f"koya{percent}.csv"
        f.write_text(text.replace("Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)",
                                  f"Koya Tie-Break (Limit {percent}%)"), encoding="utf-8")
        col = check_file(str(f), rules="2024").columns[2]
        assert col.code == code
        if code is None:
            assert "not expressible" in col.note


def test_aro_convention_rounds_the_average_half_up_as_the_engine():
    """The ARO Cut convention averages with the public round_half_up; the engine's integer ratio
    (2n + d) // 2d is the same rounding."""
    for n in range(0, 30000, 37):
        for d in range(1, 14):
            assert round_half_up(Fraction(n, d)) == (2 * n + d) // (2 * d)


def test_check_package_imports_only_public_names_and_not_the_command_layer():
    """xltb.check's modules import no private name of another module and nothing of xltb.cli."""
    folder = os.path.join(os.path.dirname(__file__), os.pardir, "xltb", "check")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("cli") and "cli." not in (node.module or ""), name
                for alias in node.names:
                    assert not (alias.name.startswith("_") and not alias.name.startswith("__")), \
                        f"{name} imports {alias.name} from {node.module}"
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("xltb.cli") for a in node.names), name


def test_standings_does_not_load_the_checker():
    code = ("import sys; from xltb.cli.main import main; "
            f"main(['standings', {path('held-swiss16.trf')!r}, '-o', '/dev/null']); "
            "print(sorted(m for m in sys.modules if m.startswith('xltb.check')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_published_number_is_public():
    assert published_number("12,50") == (Fraction(25, 2), 2)
    assert published_number("12½") == (Fraction(25, 2), None)
    assert published_number(13) == (Fraction(13), None)
    assert published_number("") == (None, None)


def test_a_trf_without_a_list_is_checked_under_the_list_that_reproduces_most_ranks():
    """A TRF file naming no tie-breaks: the commonly used lists are tried, as the CSV reader tries the
    candidates of an ambiguous legend, and the report says which list was used and why."""
    report = check_file(os.path.join(os.path.dirname(__file__), "data", "real",
                                     "01_fide_example1_karl_mala_gedenkturnier_2005.trf"))
    note = next(n for n in report.notes if "names no tie-breaks" in n)
    assert "BH,BH/C1,SB" in note and "reproduces the most published ranks" in note
    assert report.codes == ["BH", "BH/C1", "SB"]
    assert report.ranks_compared - len(report.ranks) == 46  # ranks that agree (37 under xltb's default list)
