"""``xltb check --pairings`` on the real events under tests/data/real that carry every round: the verdict per
round (identical, or the first criterion of C.04.3 on which the played pairing does worse than the Dutch's),
each explained in docs/pairing.md ("The checker on real events"). gacrux 1.11.65 (``-c``) flags the same
rounds and pairs every one of them as xltb does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from xltb.check.pairings import check_pairings
from xltb.model.results import Colour
from xltb.pairing.lots import draw_colour
from xltb.cli.main import main
from xltb.readers.registry import read_event

REAL = Path(__file__).parent / "data" / "real"
SAME = "identical"
ORDER = "C.04.3 4"  # as good by every criterion; the order of candidates decides (C.04.3 2.8.1)
COLOURS = "C.04.3 5"  # the same pairs, other colours

#: file -> {round: "identical" or the criteria of the verdicts}, {round: the absolute criteria broken}
EXPECTED: dict[str, tuple[dict[int, object], dict[int, tuple[str, ...]]]] = {
    # JaVaFo's sample of 2010, paired by the rules of its time: round 2 another candidate as good, round 4
    # worse on [C13] (strong colour preferences) in the 1.5 bracket
    "05_javafo_trfx_sample2_open_gros_2010": ({1: SAME, 2: (ORDER,), 3: SAME, 4: ("C13",)}, {}),
    # lichess numbers its export by the final standing: the order of candidates differs, not the criteria
    "02_lichess_swiss_mai_5plus0_2020": ({1: (ORDER,), 2: (ORDER,), 3: (ORDER,), 4: (COLOURS,), 5: SAME,
                                          6: (ORDER,), 7: SAME, 8: SAME, 9: SAME, 10: SAME}, {}),
    # ... and in round 7 gives the PAB to #2 (4.5 points) where a player of 4 points could have had it
    "03_lichess_swiss_juni_blitz_2020": ({1: (ORDER,), 2: (ORDER,), 3: (ORDER,), 4: SAME, 5: SAME, 6: SAME,
                                          7: ("C5",), 8: SAME, 9: SAME}, {}),
    # 112 players: the order everywhere; a second PAB to #108 in round 8 (C.04.1 4, [C2]); round 17's PAB
    # to #110 at 5 points where 4.5 was possible ([C5])
    "04_lichess_swiss_bullet_112p_2020": ({**{r: (ORDER,) for r in range(1, 21)}, 8: ("C2",), 17: ("C5",),
                                           18: SAME}, {8: ("pair.breach_pab",)}),
    # a generated file whose round 1 folds each half (1-90, 91-180): not the Dutch; later rounds worse on
    # [C6], [C14], [C15], [C13] or another candidate
    "20_bbp_issue15_autotest_180p_CR": ({1: (ORDER,), 2: ("C6",), 3: (ORDER,), 4: (ORDER,), 5: ("C14",),
                                         6: (ORDER,), 7: (ORDER,), 8: ("C15",), 9: ("C14",), 10: ("C13",),
                                         11: (ORDER,)}, {}),
    # paired by bbpPairings: identical, the initial colour read from round 1
    "21_bbp_issue7_autotest_60p_CR": ({r: SAME for r in range(1, 15)}, {}),
    "22_bbp_dutch_2025_C5_itdx_zpb": ({1: SAME, 2: SAME}, {}),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_checker_on_a_real_event(name):
    verdicts, broken = EXPECTED[name]
    event = read_event(str(REAL / f"{name}.trf"))[0]
    report = check_pairings(event)
    got = {r.round: SAME if r.identical else tuple(v.criterion for v in r.verdicts) for r in report.rounds}
    assert got == verdicts
    assert {r.round: tuple(b.id for b in r.breaches) for r in report.rounds if r.breaches} == broken
    assert all(r.error is None for r in report.rounds)
    assert report.ok is (set(verdicts.values()) == {SAME} and not broken)


def test_the_initial_colour_is_read_from_round_1_when_the_file_does_not_say_it():
    """C.04.3 5.1: the lot is not in the file but round 1 shows it (#1 had black): without it every game of
    round 1 would have the other colours."""
    event = read_event(str(REAL / "21_bbp_issue7_autotest_60p_CR.trf"))[0]
    report = check_pairings(event)
    assert [n.id for n in report.notes] == ["pair.check.first_colour"]
    assert draw_colour(1) is Colour.WHITE  # a lot that draws the other colour than the file shows
    first = check_pairings(event, lots=1).rounds[0]
    assert not first.identical and [v.criterion for v in first.verdicts] == [COLOURS]


def test_the_command_exit_codes_and_json(tmp_path, capsys):
    assert main(["check", "--pairings", str(REAL / "22_bbp_dutch_2025_C5_itdx_zpb.trf")]) == 0
    capsys.readouterr()
    assert main(["check", "--pairings", str(REAL / "03_lichess_swiss_juni_blitz_2020.trf"), "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    seventh = doc["rounds"][6]
    assert seventh["verdicts"][0]["criterion"] == "C5" and seventh["verdicts"][0]["id"] == "pair.check.c5"
    assert "[C5]" in seventh["verdicts"][0]["text"]
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      A                                 1500                             1.0    1     2 w 1\n"
                   "001    2      B                                 1500                             0.0    2     3 b 0\n")
    assert main(["check", "--pairings", str(bad)]) == 2
