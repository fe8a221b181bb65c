"""CSV exports (chess-results crosstable, SwissPerfect) read into the tournament model."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from xltb.ranking import compute
from xltb.errors import InputError
from xltb.readers import chessresults, swissperfect
from xltb.readers.published import CHESS_RESULTS, SWISSPERFECT
from helpers import read_csv_export, read_trf
from xltb.model import Colour, EventType, Kind

DATA = Path(__file__).parent / "data" / "csv"
BLITZ = DATA / "2021-World-Blitz-Chess-Championship-Open.csv"
MOSCOW = DATA / "2018-moscow-open.csv"
LIMERICK = DATA / "LimerickClubChampionship09.txt"


def _key(st):
    return [(r.rank, r.start_no, r.participant.name, r.points, tuple(r.values.items())) for r in st.rows]


def test_chess_results_cells_and_legend():
    t, pub = read_csv_export(BLITZ)
    assert t.name == "World Blitz Chess Championship 2021 - Open"
    assert (len(t.players), t.rounds, t.event_type) == (179, 21, EventType.SWISS)
    first = t.player(1)
    assert (first.name, first.title, first.rating, first.federation) == ("Vachier-Lagrave Maxime", "GM", 2787, "FRA")
    r1, r2 = first.result(1), first.result(2)
    assert (r1.opponent, r1.colour, r1.kind) == (168, Colour.WHITE, Kind.WIN)
    assert (r2.opponent, r2.colour, r2.kind, r2.points) == (138, Colour.BLACK, Kind.DRAW, Fraction(1, 2))
    assert t.player(4).result(1).kind is Kind.FORFEIT_LOSS and t.player(81).result(1).kind is Kind.FORFEIT_WIN
    assert t.player(176).result(1).kind is Kind.PAB  # "-1"
    assert t.player(178).result(6).kind is Kind.ABSENT  # "0": not paired
    assert t.player(4).points == Fraction(29, 2) == pub.points[4]
    assert pub.kind == CHESS_RESULTS and pub.ranks[4] == 4 and pub.lines[1] == 6
    assert [c.key for c in pub.tiebreaks] == ["TB1", "TB2", "TB3", "TB4"]
    assert pub.tiebreaks[0].name.startswith("Buchholz")
    assert pub.tiebreaks[2].name.startswith("rating average")
    assert pub.tiebreaks[1].values[1] == Fraction(503, 2) and pub.tiebreaks[2].values[1] == 2660
    assert pub.title == "Final Ranking crosstable after 21 Rounds"


def test_decimal_comma_padding_and_byes():
    t, pub = read_csv_export(MOSCOW)
    assert (t.name, len(t.players), t.rounds) == ("Moscow Open 2018_A", 220, 9)
    assert t.player(1).name == "Lomasov Semen"
    assert t.player(1).result(3).opponent == 22  # " 22w½"
    assert pub.tiebreaks[1].values[1] == Fraction(93, 2)  # "46,5"
    assert pub.tiebreaks[3].values[1] == Fraction(177, 4)  # "44,25"
    assert pub.tiebreaks[0].name == ""  # no legend in this export
    assert t.player(214).result(6).kind is Kind.ABSENT
    assert t.player(217).result(5).kind is Kind.PAB
    assert pub.points[219] == Fraction(1, 2)
    assert "#Chess-Tournament-Results-Server: Chess-Results".lstrip("#") in pub.legend


@pytest.mark.parametrize("csv_name, trf_name", [
    ("2021-World-Blitz-Chess-Championship-Open.csv", "cr_world_blitz_2021_open.trf"),
    ("2018-moscow-open.csv", "cr_moscow_open_2018_a.trf"),
])
@pytest.mark.parametrize("tiebreaks", [None, "BH/C1,BH,ARO,DE", "SB,PS,WIN,BPG,KS"])
def test_csv_and_trf_of_the_same_event_give_the_same_standings(csv_name, trf_name, tiebreaks):
    from_csv, _ = read_csv_export(DATA / csv_name)
    from_trf = read_trf(DATA / trf_name)
    assert _key(compute(from_csv, tiebreaks)) == _key(compute(from_trf, tiebreaks))


def test_cp1252_german_colours_and_bye_half(tmp_path):
    text = MOSCOW.read_text(encoding="utf-8")
    german = text.replace("Rk.;;Name;Rtg;FED", "Rk.;;Name;Elo;Land").replace("b1;", "s1;").replace("Pts. ", "Pkt.")
    german = german.replace("-1;215w1;2,5;", "-½;215w1;2;")  # a half-point bye instead of the PAB
    path = tmp_path / "moskau.csv"
    path.write_bytes(german.encode("cp1252"))
    t, pub = read_csv_export(path)
    original, _ = read_csv_export(MOSCOW)
    assert t.player(2).result(1).colour is Colour.BLACK  # "169s1"
    assert t.player(208).result(8).kind is Kind.HALF_BYE
    assert any("cp1252" in str(w) for w in t.warnings)
    assert t.player(1).rating == 2530 and t.player(1).federation == "RUS"
    assert pub.points[1] == 8


def test_round_robin_with_dutch_colours_is_recognised():
    t, _ = read_csv_export(DATA / "2014-sinquefield-cup.csv")
    assert t.name == "2nd Sinquefield Cup 2014"
    assert (len(t.players), t.rounds, t.event_type) == (6, 10, EventType.DOUBLE_ROUND_ROBIN)
    assert t.player(1).result(1).colour is Colour.BLACK  # "3z1": z = zwart
    assert t.player(1).points == Fraction(17, 2)


def test_swissperfect_export():
    t, pub = read_csv_export(LIMERICK)
    assert pub.kind == SWISSPERFECT and pub.ranks == {} and pub.tiebreaks == ()
    assert (len(t.players), t.rounds) == (18, 7)
    assert t.player(1).name == "Talazec, Laurent"
    assert t.player(1).result(1).kind is Kind.PAB  # 0:W
    assert t.player(15).result(1).kind is Kind.HALF_BYE  # 0:D
    assert t.player(12).result(1).kind is Kind.ZERO_BYE  # "0: "
    assert t.player(12).result(3).kind is Kind.FULL_BYE  # 0:+
    assert t.player(2).result(4).kind is Kind.FORFEIT_WIN and t.player(7).result(4).kind is Kind.FORFEIT_LOSS
    assert t.player(3).result(1).opponent == 11 and t.player(3).result(1).colour is Colour.NONE
    assert all(p.points == pub.points[p.start_no] for p in t.players)
    gonzaga, _ = read_csv_export(DATA / "gonzaga_challengers_2010.txt")
    assert gonzaga.player(3).result(2).kind is Kind.ABSENT  # "  : " withdrawn
    junior, _ = read_csv_export(DATA / "junior_championships_u19_2010.txt")
    assert junior.event_type is EventType.ROUND_ROBIN


def test_team_crosstable_and_unknown_files_are_errors_naming_what_was_expected(tmp_path):
    with pytest.raises(InputError, match="team crosstable"):
        read_csv_export(DATA / "2018-olympiad-batumi.csv")
    other = tmp_path / "notes.csv"
    other.write_text("a;b;c\n1;2;3\n", encoding="utf-8")
    with pytest.raises(InputError, match="expected a chess-results crosstable export") as err:
        chessresults.parse(other.read_text(encoding="utf-8"), str(other))
    assert err.value.file == str(other)


def _edited(tmp_path, old, new, name="bad.csv"):
    text = MOSCOW.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_errors_name_the_line(tmp_path):
    with pytest.raises(InputError, match=r"round 1: the results of 1 .* and 161 .* contradict") as err:
        read_csv_export(_edited(tmp_path, "1;IM;Lomasov Semen ;2530;RUS;161w1", "1;IM;Lomasov Semen ;2530;RUS;161w0"))
    assert err.value.line == 4
    with pytest.raises(InputError, match=r"round 1: cannot read '161x1'") as err:
        read_csv_export(_edited(tmp_path, "RUS;161w1", "RUS;161x1"))
    assert err.value.line == 4
    with pytest.raises(InputError, match="add up to 8 points but the export says 9") as err:
        read_csv_export(_edited(tmp_path, " 18w1;  2b1;  6w1;8;", " 18w1;  2b1;  6w1;9;"))
    assert err.value.line == 4
    with pytest.raises(InputError, match="opponent 999"):
        read_csv_export(_edited(tmp_path, "RUS;161w1", "RUS;999w1"))


def test_detect_kind():
    blitz, limerick = BLITZ.read_text(encoding="utf-8"), LIMERICK.read_text(encoding="utf-8")
    assert chessresults.detect(blitz) and not swissperfect.detect(blitz)
    assert swissperfect.detect(limerick) and not chessresults.detect(limerick)
    trf_text = "012 A TRF file\n001    1 ...\n"
    assert not chessresults.detect(trf_text) and not swissperfect.detect(trf_text)


def test_reading_a_csv_module_does_not_import_pandas_until_used():
    code = ("import sys, xltb.ranking.individual, xltb.readers.chessresults, xltb.readers.swissperfect; "
            "print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
