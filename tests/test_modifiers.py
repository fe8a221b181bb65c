"""TRF-2026 modifiers: /F (Fore) wherever the descriptor defines it, undefined combinations refused."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xltb.errors import TieBreakError
from xltb.model.results import Kind
from xltb.ranking import compute
from xltb.readers.registry import read_event
from xltb.tiebreaks.codes import MODIFIERS, parse_code, parse_list

HELD = Path(__file__).parent.parent / "xltb" / "examples" / "held-swiss16.trf"
PLAYED = {Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.UNRATED_WIN, Kind.UNRATED_DRAW, Kind.UNRATED_LOSS}


@pytest.mark.parametrize("rules", ["2012", "2024", "2026"])
def test_bh_f_is_the_fore_buchholz(rules):
    event = read_event(HELD)[0]
    st = compute(event, "BH/F,FB,BH/C1/F,FB/C1,BH", rules)
    for row in st.rows:
        assert row.values["BH/F"] == row.values["FB"], row.start_no
        assert row.values["BH/C1/F"] == row.values["FB/C1"], row.start_no
    # the case the issue reported: #16's Buchholz is 12.5, its Fore Buchholz 13.5 (FIDE's program agrees)
    if rules == "2024":
        assert st.row(16).values["BH"] == Fraction(25, 2) and st.row(16).values["BH/F"] == Fraction(27, 2)
    assert "8.3" in " ".join(st.evaluation(16, "BH/F").notes + (st.evaluation(16, "BH/F").article,))


def test_aob_f_averages_the_opponents_fore_buchholz():
    event = read_event(HELD)[0]
    st = compute(event, "AOB/F,FB,AOB", "2024")
    fb = {row.start_no: row.values["FB"] for row in st.rows}
    differs = 0
    for p in event.players:
        opponents = [r.opponent for r in p.results if r.kind in PLAYED]  # 8.2: opponents met over the board
        expected = sum((fb[o] for o in opponents), Fraction(0)) / len(opponents)
        assert st.row(p.start_no).values["AOB/F"] == expected, p.start_no
        differs += st.row(p.start_no).values["AOB/F"] != st.row(p.start_no).values["AOB"]
    assert differs  # the Fore reading changes values in this event
    assert "Fore Buchholz" in str(st.evaluation(16, "AOB/F").notes[0])


@pytest.mark.parametrize("code, takes", [("SB/M1", "SB takes /Cn (Cut), /P (forfeits played)"),
                                         ("KS/P/F", "KS takes /L±n (limit), /P (forfeits played)"),
                                         ("WIN/P", "WIN takes no modifier"),
                                         ("AOB/C1", "AOB takes /P (forfeits played), /F (Fore)"),
                                         ("TPN/F", "TPN takes /R (reverse)")])
def test_undefined_combinations_are_refused_with_what_the_tiebreak_takes(code, takes):
    with pytest.raises(TieBreakError) as err:
        parse_list(code)
    assert "not defined" in err.value.message and takes in err.value.message


def test_defined_combinations_read_and_check_reads_other_programs_leniently():
    for code in ("BH/C1/P/F", "KS/L-1/P", "DE/P", "TPN/R", "SSSC/K3/F", "EMGSB/C1/P", "ARO/M1"):
        parse_list(code)
    assert parse_code("SB/M1", strict=False).code == "SB/M1"  # Swiss-Manager's Median SB, read by xltb check
    with pytest.raises(TieBreakError):
        parse_code("SB/M1")  # not defined by C.07 14: refused in a list a user or a file gives
    assert set(MODIFIERS) >= {"BH", "SB", "KS", "DE", "EDE", "SSSC"}


def test_a_files_undefined_list_is_refused(tmp_path):
    text = HELD.read_text(encoding="utf-8").replace("\n001 ", "\n212 PTS  SB/M1\n001 ", 1)
    path = tmp_path / "sbm1.trf"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TieBreakError) as err:
        compute(read_event(path)[0])
    assert "SB/M1" in err.value.message and "not defined" in err.value.message
