"""``xltb trf``: every event xltb reads, written as TRF-2026 and read back, ranks the same; the columns are
the TRF-2026 ones; what a source cannot tell is a warning; the file is written as every output is."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from helpers import DATA, SEED
from xltb.cli.main import main
from xltb.decide import decide
from xltb.ranking import rank
from xltb.readers.registry import read_event
from xltb.writers.trf import Ranking, decimal, write_trf

TRF_FILES = sorted(p for p in DATA.rglob("*") if p.suffix in (".trf", ".tab"))
EXPORTS = sorted(p for p in (DATA / "csv").iterdir() if p.suffix in (".csv", ".txt") and "olympiad" not in p.name)


def written(path, tmp_path, **choices):
    """The event of ``path`` written by xltb (as ``xltb trf`` writes it) into ``tmp_path``, its decision and
    the writer's warnings."""
    decision = decide(str(path), **choices)
    st = rank(decision)
    out = write_trf(decision.event, Ranking({r.start_no: r.rank for r in st.rows}, tuple(st.codes),
                                            st.edition.key))
    target = tmp_path / (path.name + ".trf")
    target.write_bytes(out.text.encode("utf-8"))
    return target, decision, st, out.warnings


def line001(no: int, name: str, points: str, *blocks: str) -> str:
    """A 001 line in the TRF-2026 columns: number 5-8, name 15-47, rating 49-52, points 81-84, rounds from 92."""
    return f"001 {no:4d}      {name:<33} 2000{'':28}{points:>4}{'':7}" + "  ".join(blocks)


def rows(st):
    return [(r.rank, r.start_no, r.points, r.values) for r in st.rows]


@pytest.mark.parametrize("path", TRF_FILES + EXPORTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_written_trf_ranks_the_same(path, tmp_path):
    """Every TRF under tests/data (individual and team) and every export -> TRF-2026 -> the same standings:
    ranks, points and every value (the edition given, as TRF has no record of it)."""
    target, decision, st, _ = written(path, tmp_path)
    back = rank(decide(str(target), rules=st.edition.key))
    assert st.codes == back.codes
    assert rows(back) == rows(st)
    assert back.team == st.team and type(read_event(target)[0]) is type(decision.event)


def test_columns_of_the_001_lines_are_the_spec_ones(tmp_path):
    """The seed Swiss's 001 lines come back column for column, the ranks of the standings in 86-89."""
    target, _, st, warnings = written(SEED / "held-swiss16.trf", tmp_path)
    original = [line for line in (SEED / "held-swiss16.trf").read_text().splitlines() if line.startswith("001")]
    lines = [line for line in target.read_text().splitlines() if line.startswith("001")]
    ranks = {r.start_no: r.rank for r in st.rows}
    assert len(lines) == len(original) == 16 and not warnings
    for mine, theirs in zip(lines, original):
        no = int(mine[4:8])
        assert mine[:85] == theirs[:85]  # number, sex, title, name, rating, federation, id, birth, points
        assert int(mine[85:89]) == ranks[no]
        assert mine[89:] == theirs[89:].rstrip()  # the rounds from column 92
    text = target.read_bytes()
    assert text.count(b"\r\n") == text.count(b"\n")  # TRF-2026 Remark 1: a carriage return ends each line
    head = target.read_text().splitlines()
    assert "202 BH/C1,BH,SB,DE,WIN" in head and "212 PTS,BH/C1,BH,SB,DE,WIN" in head and "142 5" in head


def test_team_records(tmp_path):
    target, decision, st, _ = written(SEED / "held-team14.trf", tmp_path)
    lines = target.read_text().splitlines()
    tags = {line[:3] for line in lines}
    assert {"001", "310", "320", "330", "240", "352", "192", "202", "212"} <= tags
    teams = {int(line[4:7]): line for line in lines if line.startswith("310")}
    ranks = {r.start_no: r.rank for r in st.rows}
    for team in decision.event.teams:
        line = teams[team.start_no]
        assert Fraction(line[54:60].strip()) == team.mp and Fraction(line[61:67].strip()) == team.gp
        assert int(line[68:71]) == ranks[team.start_no]
        assert [int(x) for x in line[73:].split()] == list(team.roster)


def test_round_dates(tmp_path):
    """132: each round's date, as the file wrote it, in columns 92-99, 102-109, ...; the rounds kept after a cut."""
    source = DATA / "team" / "19_tec_grandmommys_cup_trf25_sample_team.trf"
    dates = next(x for x in source.read_text().splitlines() if x.startswith("132"))
    target, decision, _, _ = written(source, tmp_path)
    mine = next(x for x in target.read_text().splitlines() if x.startswith("132"))
    assert mine[91:].split() == dates[91:].split() and len(decision.event.round_dates) == 14
    assert mine[91:99] == "24/12/01" and mine[101:109] == "24/12/02"
    (tmp_path / "cut").mkdir()
    cut, _, _, _ = written(source, tmp_path / "cut", after=5)
    assert next(x for x in cut.read_text().splitlines() if x.startswith("132"))[91:].split() == dates[91:].split()[:5]


def test_points_the_scoring_cannot_say_are_299_records(tmp_path):
    """A bonus not tied to a round (299, blank type) and a scoring other than the default (162) come back."""
    source = tmp_path / "odd.trf"
    rows_ = [line001(1, "A", "3.5", "   2 w 1", "   3 b 1", "0000 - U"),
             line001(2, "B", "1.5", "   1 b 0", "0000 - U", "   3 w 1"),
             line001(3, "C", "0.5", "0000 - U", "   1 w 0", "   2 b 0")]
    source.write_text("012 Odd scoring\n162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5\n"
                      "299           1.0  000    1\n" + "\n".join(rows_) + "\n", encoding="utf-8")
    event = read_event(source)[0]
    assert [p.points for p in event.players] == [Fraction(7, 2), Fraction(3, 2), Fraction(1, 2)]
    target, _, st, _ = written(source, tmp_path)
    text = target.read_text()
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5" in text and "299           1.0  000    1" in text
    back = read_event(target)[0]
    assert [p.points for p in back.players] == [p.points for p in event.players]
    assert [(p.extra_points, p.declared_points) for p in back.players] == [(1, Fraction(7, 2)), (0, Fraction(3, 2)),
                                                                            (0, Fraction(1, 2))]


@pytest.mark.parametrize("name, lack", [("2014-sinquefield-cup.csv", "no pairing numbers"),
                                        ("junior_championships_u19_2010.txt", "no colours")])
def test_what_the_source_cannot_tell_is_a_warning(tmp_path, name, lack):
    _, _, _, warnings = written(DATA / "csv" / name, tmp_path)
    assert sum(lack in w for w in warnings) == 1


def test_names_longer_than_the_columns(tmp_path):
    source = tmp_path / "long.trf"
    source.write_text("012 Long\n" + line001(1, "A", "0.0") + "\n", encoding="utf-8")
    event = read_event(source)[0]
    name = "Longname-Verylongname, Firstname Secondname Thirdname"  # from an export, say
    out = write_trf(event._replace(players=(event.players[0]._replace(name=name),)), Ranking({1: 1}, (), "2026-03"))
    assert any("longer than the 33 columns" in w for w in out.warnings)
    line = next(x for x in out.text.splitlines() if x.startswith("001"))
    assert line[14:47] == name[:33] and line[48:52] == "2000"


def test_decimal():
    assert decimal(Fraction(5, 2)) == "2.5" and decimal(Fraction(9, 4)) == "2.25" and decimal(Fraction(-1)) == "-1.0"
    assert decimal(Fraction(1, 3)) is None


def test_cli_writes_atomically_and_never_over_a_file_without_force(tmp_path, capsys):
    out = tmp_path / "out.trf"
    assert main(["trf", str(SEED / "held-swiss16.trf"), "-o", str(out)]) == 0
    first = out.read_bytes()
    assert main(["trf", str(SEED / "held-rr6.trf"), "-o", str(out)]) == 2
    assert "exists; use --force" in capsys.readouterr().err and out.read_bytes() == first
    assert main(["trf", str(SEED / "held-rr6.trf"), "-o", str(out), "--force"]) == 0
    assert out.read_bytes() != first and b"Seed round-robin" in out.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["out.trf"]  # no temporary file left


def test_cli_bad_input_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Bad\n001    1      A                                 2000                              3 w 1\n")
    out = tmp_path / "out.trf"
    assert main(["trf", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "bad.trf, line 2" in err and "Traceback" not in err and not out.exists()


def test_cli_warnings_and_encoding(tmp_path, capsys):
    out = tmp_path / "sinquefield.trf"
    assert main(["trf", str(DATA / "csv" / "2014-sinquefield-cup.csv"), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    # the export has no date: the newest edition, which the TRF read back also takes (one edition rule)
    assert "no pairing numbers" in err and "TRF has no record of the C.07 edition" not in err
    assert main(["trf", str(DATA / "csv" / "2014-sinquefield-cup.csv"), "-o", str(out), "--force",
                 "--rules", "2012"]) == 0
    assert "TRF has no record of the C.07 edition" in capsys.readouterr().err  # 2012, given: lost in the file
    latin = tmp_path / "latin.trf"
    assert main(["trf", str(DATA / "real" / "15_icu_encoding_latin1.tab"), "-o", str(latin),
                 "--encoding", "latin-1"]) == 0
    assert "Laighlèis".encode("latin-1") in latin.read_bytes()
    greek = tmp_path / "greek.trf"
    assert main(["trf", str(DATA / "team" / "18_gre_crete_friendship_cup_2024_team.trf"), "-o", str(greek),
                 "--encoding", "latin-1"]) == 2
    assert "cannot be written in latin-1" in capsys.readouterr().err and not greek.exists()


def test_cli_to_standard_output_has_plain_lines():
    done = subprocess.run([sys.executable, "-m", "xltb", "trf", str(SEED / "held-rr6.trf")], capture_output=True,
                          text=True, check=True)
    assert done.stdout.startswith("012 Seed round-robin") and "\\x0d" not in done.stdout and "\r" not in done.stdout
