"""The TRF reader on files as they are found in the wild, and on broken ones."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from helpers import REAL, SEED, trf
from xltb.errors import InputError
from helpers import read_trf
from xltb.readers.registry import read_event
from xltb.readers.trf import read as parse_trf
from xltb.model import EventType, Kind

INDIVIDUAL_FILES = sorted(p for p in REAL.iterdir() if p.is_file())


@pytest.mark.parametrize("path", INDIVIDUAL_FILES, ids=lambda p: p.name)
def test_every_real_file_loads_and_adds_up(path):
    t = read_trf(path)
    assert t.players and t.rounds > 0
    for p in t.players:
        assert len(p.results) == t.rounds
        if p.declared_points is not None:
            assert p.points == p.declared_points, f"line {p.line}"
        for r in p.results:
            if r.opponent is not None:  # both lines of a game agree
                other = t.player(r.opponent).results[r.round - 1]
                assert other.opponent == p.start_no


def test_line_ends_and_byte_order_mark(tmp_path):
    text = (SEED / "held-swiss16.trf").read_bytes()
    reference = read_trf(SEED / "held-swiss16.trf")
    for name, data in {"crlf": text.replace(b"\n", b"\r\n"), "cr": text.replace(b"\n", b"\r"),
                       "bom": b"\xef\xbb\xbf" + text}.items():
        path = tmp_path / f"{name}.trf"
        path.write_bytes(data)
        assert read_trf(path).players == reference.players, name


def test_cr_only_file_from_the_wild():
    t = read_trf(REAL / "20_bbp_issue15_autotest_180p_CR.trf")
    assert len(t.players) == 180 and t.rounds == 11


def test_latin1_names():
    t = read_trf(REAL / "15_icu_encoding_latin1.tab")
    utf8 = read_trf(REAL / "16_icu_encoding_utf8.tab")
    assert [p.name for p in t.players] == [p.name for p in utf8.players]
    assert any(not p.name.isascii() for p in t.players)


def test_trf06_bye_codes():
    """TRF06 wrote byes as ``0000 - =`` (half point) and ``0000 - +`` (full point)."""
    text = trf([(1, 2000, "-= 2w1"), (2, 1900, "-+ 1b0")])
    t = parse_trf(text)
    assert t.player(1).results[0].kind is Kind.HALF_BYE
    assert t.player(2).results[0].kind is Kind.FULL_BYE
    assert t.player(2).points == 1


def test_lichess_blank_opponent_byes():
    t = read_trf(REAL / "02_lichess_swiss_mai_5plus0_2020.trf")
    five = t.player(5).results
    assert [r.kind for r in five[:2]] == [Kind.HALF_BYE, Kind.ABSENT]


def test_lines_that_end_early_are_absent_rounds():
    """Lichess cuts a line after the last round the player took part in."""
    path = REAL / "04_lichess_swiss_bullet_112p_2020.trf"
    t = read_trf(path)
    short = [ln for ln in path.read_text().splitlines() if ln.startswith("001") and len(ln.rstrip()) < 91 + 10 * 20]
    assert short
    for line in short:
        p = t.player(int(line[4:8]))
        blocks = (len(line.rstrip()) - 91 + 9) // 10
        assert len(p.results) == t.rounds
        assert all(r.kind is Kind.ABSENT for r in p.results[blocks:])


def test_header_counts_and_rank_are_not_trusted():
    """062 says 284 players; the rounds come from the pairings, not XXR. The file is JaVaFo's sample to pair
    round 5: that round's own entries (``0000 - H``) are requested byes, not a round paired, and the totals
    that count them (JaVaFo's convention) are read without them."""
    t = read_trf(REAL / "05_javafo_trfx_sample2_open_gros_2010.trf")
    assert t.rounds == 4
    assert {(b.start_no, b.round, b.kind) for b in t.plans.requested_byes} >= {(43, 5, Kind.HALF_BYE)}
    assert t.player(43).points == F(1, 2)
    assert any("declares 9 rounds" in str(w) for w in t.warnings)


def test_scoring_records():
    rows = [(1, 2000, "2w1 -U"), (2, 1900, "1b0 -U")]
    assert parse_trf(trf(rows, extra=("XXS W=3 D=1",))).player(1).points == 4  # PAB keeps its default 1
    assert parse_trf(trf(rows, extra=("XXS W=3 D=1 PAB=3",))).player(1).points == 6
    assert parse_trf(trf(rows, extra=("162  W 3.0    D 1.0    L 0.0    P 1.0",))).player(1).points == 4
    assert parse_trf(trf(rows, extra=("BBW  3.0", "BBD  1.0"))).player(2).points == 3
    assert parse_trf(trf(rows, extra=("162  P 0.0",))).player(2).points == 0


def test_abnormal_points_299():
    """Fixture 29: +2.0 for player 4 in round 1, included in the 001 total."""
    t = read_trf(REAL / "29_sharly_trf26_indiv_299_bonus.trf")
    assert t.player(4).extra_points == 2 and t.player(4).points == 2


def test_requested_byes_240():
    text = trf([(1, 2000, "2w1"), (2, 1900, "1b0"), (3, 1800, "")], extra=("240 H   1    3",))
    t = parse_trf(text)
    assert t.player(3).results[0].kind is Kind.HALF_BYE and t.player(3).points == F(1, 2)


def test_round_robin_from_092():
    assert read_trf(SEED / "held-rr6.trf").event_type is EventType.ROUND_ROBIN
    assert read_trf(SEED / "held-rr6.trf", event_type=EventType.SWISS).event_type is EventType.SWISS


def test_irish_blank_byes_are_read_from_the_totals():
    t = read_trf(REAL / "06_icu_bunratty_masters_2011.tab")
    sixteen = t.player(16)
    assert [r.kind for r in sixteen.results[3:5]] == [Kind.HALF_BYE, Kind.HALF_BYE]
    assert any("line 29" in str(w) for w in t.warnings)


def test_dates_in_the_wild():
    from xltb.readers.trf import TrfHeader
    from xltb.readers.trf_records import read_date as _date

    h = TrfHeader()
    assert str(_date("2024/10/24", h, "042")) == "2024-10-24"
    assert str(_date("28. 07. 2005", h, "042")) == "2005-07-28"
    assert str(_date("24/09/2010", h, "042")) == "2010-09-24"
    assert str(_date("May 29, 2020", h, "042")) == "2020-05-29"
    assert _date("sometime", h, "042") is None and h.warnings


# ------------------------------------------------------------------------------- bad input
GOOD = [(1, 2000, "2w1"), (2, 1900, "1b0")]


@pytest.mark.parametrize("rows, extra, message, line", [
    ([(1, 2000, "3w1"), (2, 1900, "-Z")], (), "opponent 3 does not exist", 4),
    ([(1, 2000, "1w1"), (2, 1900, "-Z")], (), "paired with himself", 4),
    ([(1, 2000, "2w1"), (1, 1900, "1b0")], (), "used twice", 5),
    ([(1, 2000, "2w1"), (2, 1900, "1b1")], (), "contradict each other (1 against 1)", 4),
    ([(1, 2000, "2w1"), (2, 1900, "1bY")], (), "unknown result code 'Y'", 5),
    ([(1, 2000, "2w1"), (2, 1900, "-Q")], (), "unknown result code 'Q'", 5),
])
def test_bad_input_names_line_and_problem(rows, extra, message, line):
    with pytest.raises(InputError) as err:
        parse_trf(trf(rows, extra=extra), source="bad.trf")
    assert message in str(err.value)
    assert err.value.line == line and err.value.file == "bad.trf"


def test_non_numeric_rating():
    text = trf(GOOD).replace(" 2000 ", " 20x0 ")
    with pytest.raises(InputError, match="rating '20x0'") as err:
        parse_trf(text, source="bad.trf")
    assert err.value.line == 4


def test_points_that_do_not_add_up():
    text = trf(GOOD)
    line = [ln for ln in text.splitlines() if ln.startswith("001    1")][0]
    bad = line[:80] + " 0.5" + line[84:]
    with pytest.raises(InputError, match="add up to 1 points but columns 81-84 say 0.5") as err:
        parse_trf(text.replace(line, bad), source="bad.trf")
    assert err.value.line == 4


def test_not_a_trf_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    with pytest.raises(InputError, match="no player records"):
        parse_trf(path.read_text(), source=str(path))
    with pytest.raises(InputError, match="not an event file: expected a TRF-16"):
        read_event(path)
    with pytest.raises(InputError, match="no such file"):
        read_trf(tmp_path / "missing.trf")


def test_240_for_a_round_not_paired_yet_is_not_a_result():
    """TRF-2026 files made before a round is paired announce its requested byes: no phantom round."""
    text = trf([(1, 2000, "2w1"), (2, 1900, "1b0")], extra=("240 H   2    1",))
    t = parse_trf(text)
    assert t.rounds == 1 and t.player(1).points == 1
    assert [(b.start_no, b.round, b.kind) for b in t.plans.requested_byes] == [(1, 2, Kind.HALF_BYE)]  # a plan


def test_unreadable_points_column_is_a_warning():
    text = trf(GOOD)
    line = [ln for ln in text.splitlines() if ln.startswith("001    1")][0]
    t = parse_trf(text.replace(line, line[:80] + " abc" + line[84:]))
    assert any("'abc'" in str(w) and "cannot be read" in str(w) for w in t.warnings)


def test_bad_code_in_the_files_list_names_the_line(tmp_path):
    from xltb.ranking import compute
    from xltb.errors import TieBreakError

    path = tmp_path / "list.trf"
    path.write_text(trf(GOOD, extra=("202 BH/C1,FOO,SB",)))
    with pytest.raises(TieBreakError) as err:
        compute(read_trf(path))
    assert err.value.line == 4 and str(path) in str(err.value) and "'FOO'" in str(err.value)


def test_a_ruler_line_is_not_a_record():
    """A record's code is followed by a blank: a column ruler 0123456789... is not a 012 name."""
    text = trf(GOOD) + "01234567890123456789012345678901234567890\n"
    assert parse_trf(text).name == "Hand-built test event"


def test_pairing_system_from_the_pairings_when_the_file_names_none():
    """No 092/192: a table where every two players met once is a round robin (15.2 applies)."""
    rows = [(1, 2000, "2w1 3b="), (2, 1900, "1b0 -Z 3w1"), (3, 1800, "-Z 1w= 2b0")]
    text = trf(rows).replace("092 Individual: Swiss-System\n", "")
    t = parse_trf(text)
    assert t.event_type is EventType.ROUND_ROBIN
    assert any("read as a round-robin" in str(w) for w in t.warnings)
    assert parse_trf(trf(rows)).event_type is EventType.SWISS  # 092 says Swiss
