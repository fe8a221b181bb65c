"""The Lim system in a Maxi-tournament (C.04.4.3 3.2, 3.8, 5.7), on examples written out by hand from the
text: the 100-point limit changes the floater that makes a group even (3.2), the opponent an incoming
floater is given for the colours (3.8), and forbids an exchange of opponents for the colours (5.7); under
the limit the choice is the one without it. Then the choice from the command line (``--maxi``) and from a
workbook's Settings (``Maxi``)."""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from xltb.check.pairings import check_pairings
from xltb.cli.main import main
from xltb.model import Tournament
from xltb.model.results import Colour
from xltb.pairing.pair import pair, state_before, with_pairing
from xltb.writers.trf import write_trf
from xltb.pairing.c044.lim import Round, pair_round
from xltb.pairing.state import Entrant, Float, RoundState, preference
from xltb.sheets.pairing_settings import parse_pairing

W, B = Colour.WHITE, Colour.BLACK
WB, BW = (W, B, W, B, W), (B, W, B, W, B)  # due black, due white (five games, alternating)


def entrant(no: int, colours: tuple[Colour, ...], score: int, rating: int, met: tuple[int, ...] = ()) -> Entrant:
    s = Fraction(score)
    return Entrant(no, no, rating, s, s, colours, preference(colours), (Float.NONE, Float.NONE), frozenset(met),
                   True, 0, False)


def paired(players: list[Entrant], maxi: bool) -> Round:
    met = {p.start_no: set(p.met) for p in players}
    for p in players:
        for o in p.met:
            met[o].add(p.start_no)
    players = [p._replace(met=frozenset(met[p.start_no])) for p in players]
    return pair_round(RoundState(6, 9, tuple(players), (), W, Fraction(1), Fraction(1)), maxi=maxi)


def pairs_of(rnd: Round) -> list[tuple[int, int]]:
    return [(rnd.entrants[a].start_no, rnd.entrants[b].start_no) for g in rnd.groups for a, b in g.pairs]


def floaters(rnd: Round) -> list[int]:
    return [rnd.entrants[v].start_no for v in rnd.groups[0].outgoing]


def odd_group(rating_4: int, rating_5: int) -> list[Entrant]:
    """Five players on 4 points after 5 rounds (above the median 2.5: paired downward), three due white
    (#1, #3, #4) and two due black (#2, #5); three players on 1 point below them."""
    group = [entrant(1, BW, 4, 2400), entrant(2, WB, 4, 2300), entrant(3, BW, 4, 2200), entrant(4, BW, 4, rating_4),
             entrant(5, WB, 4, rating_5)]
    return group + [entrant(6, WB, 1, 1700), entrant(7, BW, 1, 1600), entrant(8, WB, 1, 1500)]


def test_the_limit_changes_the_floater_that_makes_a_group_even() -> None:
    # 3.2: the floater equalises the players due each colour: #4, the lowest numbered due white (three due
    # white, two due black); in a Maxi-tournament #4 (2000) and the lowest numbered, #5 (1850), differ by
    # 150 points, more than 100: #5 floats
    assert floaters(paired(odd_group(2000, 1850), maxi=False)) == [4]
    assert floaters(paired(odd_group(2000, 1850), maxi=True)) == [5]
    # 100 points apart (2000, 1900): within the limit, #4 floats as without it
    assert floaters(paired(odd_group(2000, 1900), maxi=True)) == [4]


def second_scrutiny(rating_4: int, rating_5: int) -> list[Entrant]:
    """The example of 5.2 (tests/test_pairing_lim.py): six players on 4 points, #1 has met #4 and #5: the
    exchanges of 4.2 give 1 v 6, 2 v 4, 3 v 5, and #2 and #4 are both due white, #3 and #5 both due black."""
    ratings = {1: 2400, 2: 2300, 3: 2200, 4: rating_4, 5: rating_5, 6: 1900}
    return [entrant(n, WB if n % 2 else BW, 4, ratings[n], (4, 5) if n == 1 else ()) for n in range(1, 7)]


def test_the_limit_forbids_an_exchange_of_opponents_for_the_colours() -> None:
    # 5.2: exchanging #4 and #5 gives every player his colour; 5.7: in a Maxi-tournament only when their
    # ratings differ by 100 points or less: 2100 and 1950 differ by 150, the pairs stay as 4.2 made them
    assert pairs_of(paired(second_scrutiny(2100, 1950), maxi=False)) == [(1, 6), (2, 5), (3, 4)]
    assert pairs_of(paired(second_scrutiny(2100, 1950), maxi=True)) == [(1, 6), (2, 4), (3, 5)]
    # 2100 and 2000: 100 points, the exchange is made
    assert pairs_of(paired(second_scrutiny(2100, 2000), maxi=True)) == [(1, 6), (2, 5), (3, 4)]


def incoming(rating_4: int) -> list[Entrant]:
    """#1 alone on 5 points floats down into the group on 4 (#2, #3 due white; #4, #5, #6 due black); #7 and
    #8 on 0 points below the median."""
    return [entrant(1, BW, 5, 2500), entrant(2, BW, 4, 2300), entrant(3, BW, 4, 2250), entrant(4, WB, 4, rating_4),
            entrant(5, WB, 4, 2000), entrant(6, WB, 4, 1950), entrant(7, BW, 0, 1600), entrant(8, WB, 0, 1500)]


def test_the_limit_changes_the_opponent_of_an_incoming_floater() -> None:
    # 3.8: downward, the floater (#1, due white) meets the highest numbered player due the alternate colour,
    # #4, instead of the proposed opponent #2; in a Maxi-tournament only when #2 and #4 are rated 100 points
    # or less apart: 2300 and 2150 differ by 150, and every player due black is further: #1 meets #2
    assert (1, 4) in pairs_of(paired(incoming(2150), maxi=False))
    assert (1, 2) in pairs_of(paired(incoming(2150), maxi=True))
    # 2300 and 2200: within the limit, #1 meets #4
    assert (1, 4) in pairs_of(paired(incoming(2200), maxi=True))


@pytest.mark.parametrize("text, maxi", [("", False), ("Yes", True), ("1", True), ("No", False), ("TRUE", True)])
def test_the_settings_row(text: str, maxi: bool) -> None:
    assert parse_pairing({"Maxi": text}).maxi is maxi


ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import pairing_corpus  # noqa: E402
import pairing_systems  # noqa: E402

SMALL = [n for n in pairing_corpus.names() if int(n.split("-p")[1].split("-")[0]) <= 24][:6]


def maxi_event(name: str, seed: int) -> Tournament:
    """A random event of the corpus paired round by round by the Lim system as a Maxi-tournament."""
    now = state_before(pairing_corpus.load(pairing_corpus.read(name)), 1)
    now = now._replace(plans=now.plans._replace(maxi=True))
    rng = random.Random(seed)
    for r in range(1, (now.rounds_planned or now.rounds) + 1):
        now = pairing_systems.play(with_pairing(now, pair(now, r, system="lim")), r, rng)
    return now


@pytest.mark.parametrize("name", SMALL)
def test_random_maxi_events_break_no_absolute_criterion_and_the_checker_reproduces_them(name: str) -> None:
    event = maxi_event(name, len(name))
    assert event.plans.maxi
    assert pairing_systems.breaches(event, "lim") == []
    report = check_pairings(event, system="lim")
    assert report.ok, [(r.round, [str(d) for d in r.differences]) for r in report.rounds if not r.identical]


def test_pair_and_check_maxi_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a random event of 12 players after round 1: its round 2 differs as a Maxi-tournament (--maxi); that
    # round, played, is what `check --pairings --maxi` finds identical, and not without it
    event = pairing_systems.simulate("0005-p12-r7.trf", "lim", seed=len("0005-p12-r7.trf"))
    after1 = tmp_path / "after1.trf"
    after1.write_text(write_trf(state_before(event, 2)).text, encoding="utf-8")

    def boards(*options: str) -> list[str]:
        assert main(["pair", str(after1), "--system", "lim", "-f", "csv", *options]) == 0
        return capsys.readouterr().out.splitlines()

    assert boards() != boards("--maxi")
    # the list says so (C.04.4.3 3.2, 3.8, 5.7), and only with --maxi
    assert main(["pair", str(after1), "--system", "lim", "--maxi", "--lang", "en"]) == 0
    assert "a Maxi-tournament: floaters and exchanges of opponents only between players rated 100 points" \
        in capsys.readouterr().out
    assert main(["pair", str(after1), "--system", "lim", "--lang", "en"]) == 0
    assert "Maxi" not in capsys.readouterr().out
    before = state_before(event, 2)
    maxi = before._replace(plans=before.plans._replace(maxi=True))
    played = pairing_systems.play(with_pairing(before, pair(maxi, 2, system="lim")), 2, random.Random(2))
    out = tmp_path / "r2.trf"
    out.write_text(write_trf(played).text, encoding="utf-8")
    assert main(["check", "--pairings", str(out), "--system", "lim", "--maxi", "--lang", "en"]) in (0, 1)
    assert "round 2: identical" in capsys.readouterr().out
    main(["check", "--pairings", str(out), "--system", "lim", "--lang", "en"])
    assert "round 2: identical" not in capsys.readouterr().out


def upward(rating_6: int) -> list[Entrant]:
    """After 5 rounds (median 2.5) the group on 0 is paired upward first: #5 and #7 due black, #6, #8 and #9
    due white; above it the groups on 5, 2.5 and 1."""
    ratings = {5: 2000, 6: rating_6, 7: 1800, 8: 1700, 9: 1600}
    zero = [entrant(n, WB if n in (5, 7) else BW, 0, ratings[n]) for n in range(5, 10)]
    return [entrant(1, BW, 5, 2400), entrant(2, WB, 5, 2300), entrant(3, BW, 2, 2200), entrant(4, WB, 2, 2100)] \
        + zero + [entrant(10, BW, 1, 1500), entrant(11, WB, 1, 1400), entrant(12, BW, 1, 1300)]


def test_upward_the_limit_is_taken_from_the_highest_numbered() -> None:
    # 3.2 upward: the floater is the highest numbered player due white (three due white, two due black): #6;
    # in a Maxi-tournament #6 (1850) and the highest numbered, #5 (2000), differ by 150: #5 floats up
    def up(rnd: Round) -> list[int]:
        zero = next(g for g in rnd.groups if g.score == 0)
        assert not zero.downward
        return [rnd.entrants[v].start_no for v in zero.outgoing]

    assert up(paired(upward(1850), maxi=False)) == [6]
    assert up(paired(upward(1850), maxi=True)) == [5]
    assert up(paired(upward(1900), maxi=True)) == [6]
