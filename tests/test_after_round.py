"""``--after-round N``: the event as it stood after round N (one cut of the event model, xltb.model.rounds),
for standings, explain, export, check and template --from; "after round N of M"; ``--rounds`` never below
the rounds the file holds."""

from __future__ import annotations

import json
from fractions import Fraction

import openpyxl
import pytest

from helpers import SEED
from xltb.cli.main import main
from xltb.decide import decide
from xltb.ranking import rank
from xltb.errors import XltbError
from xltb.model.rounds import after_round
from xltb.readers.registry import read_event

R9 = SEED / "held-swiss16-r9.trf"
#: the same file cut after round 5 by hand (the round columns 6-9 deleted, the totals after round 5 typed in)
R9_CUT = SEED / "held-swiss16-r9-after5.trf"
TEAM = SEED / "held-team14.trf"


def _json(capsys, *args: str) -> dict:
    assert main(["standings", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_after_round_5_of_the_nine_round_swiss_is_the_file_cut_by_hand(capsys):
    cut = _json(capsys, str(R9), "--after-round", "5")
    by_hand = _json(capsys, str(R9_CUT))
    assert cut["standings"] == by_hand["standings"]
    assert cut["tiebreaks"] == by_hand["tiebreaks"] and cut["rules"] == by_hand["rules"]
    assert cut["event"]["rounds"] == 5 and cut["event"]["rounds_planned"] == 9
    full = _json(capsys, str(R9))
    assert full["standings"] != cut["standings"]  # the later rounds changed the standings


def test_title_after_round_n_of_m(capsys):
    assert main(["standings", str(R9), "--after-round", "5"]) == 0
    assert "standings after round 5 of 9" in capsys.readouterr().out
    assert main(["standings", str(R9), "--after-round", "5", "--rounds", "11"]) == 0
    assert "standings after round 5 of 11" in capsys.readouterr().out
    assert main(["standings", str(R9)]) == 0
    assert "standings after round" not in capsys.readouterr().out  # 9 of 9: final


@pytest.mark.parametrize("args, message", [
    (["--after-round", "10"], "--after-round 10: the file holds 9 rounds"),
    (["--after-round", "0"], "the rounds are numbered from 1"),
    (["--rounds", "7"], "--rounds 7: the file holds 9 rounds"),
    (["--after-round", "5", "--rounds", "7"], "--rounds 7: the file holds 9 rounds"),
])
def test_refused(capsys, args, message):
    assert main(["standings", str(R9), *args]) == 2
    assert message in capsys.readouterr().err


def test_the_cut_is_pure_and_recomputes_the_totals():
    event = read_event(R9)[0]
    cut = after_round(event, 5)
    assert event.rounds == 9 and len(event.players[0].results) == 9  # the event itself is untouched
    assert cut.rounds == 5 and all(len(p.results) == 5 for p in cut.players) and cut.rounds_planned == 9
    assert cut.player(2).points == Fraction(9, 2)
    # the file's totals (columns 81-84) are those after round 9: not the ones after round 5
    assert all(p.declared_points is None and p.declared_rank is None for p in cut.players)
    assert after_round(event, 9).players[0].declared_points == event.players[0].declared_points
    with pytest.raises(XltbError):
        after_round(event, 10)


def test_a_round_paired_without_results_keeps_the_files_totals(tmp_path):
    """Cutting a round that holds no result yet (a pairing published) leaves the file's totals: they are the
    totals after the rounds kept."""
    lines = R9_CUT.read_text().splitlines()
    paired = [line + ("    2 w  " if line.startswith("001    1") else "    1 b  " if line.startswith("001    2")
                      else "") for line in lines]
    path = tmp_path / "paired.trf"
    path.write_text("\n".join(paired) + "\n")
    event = read_event(path)[0]
    assert event.rounds == 6
    cut = after_round(event, 5)
    assert cut.player(1).declared_points == Fraction(7, 2)


def test_team_event():
    event = read_event(TEAM)[0]
    cut = after_round(event, 3)
    assert cut.rounds == 3 and all(len(t.results) == 3 for t in cut.teams)
    assert all(len(p.results) == 3 for p in cut.players)
    assert all(t.declared_mp is None for t in cut.teams)
    assert cut.team(1).mp == sum((r.mp for r in event.team(1).results[:3]), Fraction(0))
    st = rank(decide(str(TEAM), after=3))
    assert [r.points for r in st.rows] == sorted((t.mp for t in cut.teams), reverse=True)


def test_explain_and_template(tmp_path, capsys):
    assert main(["explain", str(R9), "2", "BH", "--after-round", "5"]) == 0
    out = capsys.readouterr().out
    assert "#2 Bruno (4.5 points" in out and "\n  6 " not in out
    book = tmp_path / "t.xlsx"
    assert main(["template", "individual", "--from", str(R9), "--after-round", "5", "-o", str(book)]) == 0
    ws = openpyxl.load_workbook(book)["Crosstable"]
    heads = [c.value for c in ws[1]]
    assert "R5" in heads and "R6" in heads  # two spare rounds after the five
    row = next(r for r in ws.iter_rows(min_row=2, values_only=True) if r[0] == 2)
    assert row[heads.index("R6")] is None
    assert main(["template", "individual", "--after-round", "5", "-o", str(tmp_path / "blank.xlsx")]) == 2
    assert "--after-round needs --from" in capsys.readouterr().err


def test_export_title(tmp_path, capsys):
    book = tmp_path / "r9.xlsx"
    assert main(["export", str(R9), "-o", str(book), "--after-round", "5"]) == 0
    ws = openpyxl.load_workbook(book)["Standings"]
    texts = [c.value for row in ws.iter_rows(max_row=4) for c in row if isinstance(c.value, str)]
    assert any("Standings after round 5 of 9" in t for t in texts)
    capsys.readouterr()
    assert main(["export", str(R9), "-o", str(tmp_path / "x.xlsx"), "--rounds", "3"]) == 2
    assert "--rounds 3: the file holds 9 rounds" in capsys.readouterr().err


def test_check(tmp_path, capsys):
    # a JSON written after round 5 is checked after round 5 (its own "rounds")
    out = tmp_path / "r9.json"
    assert main(["standings", str(R9), "--after-round", "5", "--format", "json", "-o", str(out)]) == 0
    copy = tmp_path / R9.name
    copy.write_bytes(R9.read_bytes())
    assert main(["check", str(out)]) == 0
    assert main(["check", str(out), "--after-round", "5"]) == 0
    assert main(["check", str(out), "--after-round", "4"]) == 2
    assert "the JSON holds the standings after round 5" in capsys.readouterr().err
    # a TRF whose later rounds hold results publishes the standings after its last round
    ranked = tmp_path / "ranked.trf"
    assert main(["trf", str(R9), "-o", str(ranked)]) == 0
    capsys.readouterr()
    assert main(["check", str(ranked), "--after-round", "5"]) == 2
    assert "nothing published after round 5 to check" in capsys.readouterr().err
    # one written after round 5, with round 6 paired (no results yet): its ranks are checked after round 5
    after5 = tmp_path / "after5.trf"
    assert main(["trf", str(R9), "--after-round", "5", "-o", str(after5)]) == 0
    lines = after5.read_text().splitlines()
    pairs = {1: "2 w", 2: "1 b"}
    paired = [line + (f"  {pairs[int(line[4:8])]:>6}  " if line.startswith("001") and int(line[4:8]) in pairs
                      else "") for line in lines]
    after5.write_text("\n".join(paired) + "\n")
    assert read_event(after5)[0].rounds == 6
    capsys.readouterr()
    assert main(["check", str(after5), "--after-round", "5"]) == 0, capsys.readouterr()
    assert main(["check", str(after5)]) == 1  # round 6 counted as a round: other values
