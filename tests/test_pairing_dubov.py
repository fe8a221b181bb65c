"""The Dubov system's orders and measures (C.04.4.1), on the examples its text gives, written out by hand.
The pairing procedure (2.2) is not built yet."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from xltb.pairing.c044.dubov_order import aro, containers, max_upfloats, shifter_order, transpositions, upfloater_sets


def test_aro_rounds_half_up_and_is_zero_before_a_first_game() -> None:
    assert aro([]) == 0  # 1.6.3
    assert aro([2000, 2101]) == 2051  # 2050.5: the higher (1.6.1)
    assert aro([2000, 2100, 2101]) == 2067  # 2067.0
    assert aro([2000, 2001, 2001]) == 2001  # 2000.67
    assert aro([1999, 2000, 2000]) == 2000  # 1999.67


@pytest.mark.parametrize(("rounds", "maxt"), [(4, 2), (5, 3), (9, 3), (10, 4), (11, 4), (15, 5)])
def test_max_upfloats(rounds: int, maxt: int) -> None:
    assert max_upfloats(rounds) == maxt  # 1.7.2: 2 + [Rnds/5]


def test_shifters_are_numbered_from_the_middle() -> None:
    # 4.3.3's example: A..G sorted; #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G
    assert shifter_order(list("ABCDEFG")) == list("DCEBFAG")
    assert shifter_order(list("ABCDEF")) == list("CDBEAF")  # two in the middle: the higher first
    assert shifter_order([]) == []


def test_upfloater_containers_of_the_example() -> None:
    # 4.2.3's example: #1, #2, #3 have 3 points, #4, #5 2.5, #6 1.5; two upfloaters are needed
    three, two_half, one_half = Fraction(3), Fraction(5, 2), Fraction(3, 2)
    pool = [(1, three), (2, three), (3, three), (4, two_half), (5, two_half), (6, one_half)]
    got = containers(pool, 2)
    assert sorted(map(sorted, got)) == sorted(map(sorted, [
        [(1, 2), (1, 3), (2, 3)],
        [(1, 4), (1, 5), (2, 4), (2, 5), (3, 4), (3, 5)],
        [(1, 6), (2, 6), (3, 6)],
        [(4, 5)],
        [(4, 6), (5, 6)],
    ]))
    # sorted by [C6] (4.2.3.2): the highest lowest score first, then the highest second lowest: {4,5}
    # (2.5, 2.5) before {#1,#6} (1.5, 3); within a container, lexicographic (4.2.3.3)
    assert got == [[(1, 2), (1, 3), (2, 3)], [(1, 4), (1, 5), (2, 4), (2, 5), (3, 4), (3, 5)], [(4, 5)],
                   [(1, 6), (2, 6), (3, 6)], [(4, 6), (5, 6)]]
    assert list(upfloater_sets(pool, 1)) == [(1,), (2,), (3,), (4,), (5,), (6,)]


def test_transpositions_in_their_order() -> None:
    # 4.4.2's note: A, B, C in G2 give ABC, ACB, BAC, BCA, CAB, CBA in that order
    assert ["".join(t) for t in transpositions("ABC")] == ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]


# -- the pairing (2.2), written out by hand ---------------------------------------------------------------

from pathlib import Path  # noqa: E402

from xltb.check.pairings import check_pairings  # noqa: E402
from xltb.model.results import Colour  # noqa: E402
from xltb.pairing.c044.dubov import Upfloats, allocate, pair_round  # noqa: E402
from xltb.pairing.state import Entrant, Float, RoundState, preference  # noqa: E402

W, B = Colour.WHITE, Colour.BLACK
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import pairing_corpus  # noqa: E402
import pairing_systems  # noqa: E402


def entrant(no: int, colours: tuple[Colour, ...], score: Fraction = Fraction(1), met: tuple[int, ...] = (),
            pab: bool = True) -> Entrant:
    return Entrant(no, no, None, score, score, colours, preference(colours), (Float.NONE, Float.NONE),
                   frozenset(met), pab, 0, False)


def pairs_of(players: list[Entrant], aros: list[int], ups: list[Upfloats] | None = None, rounds: int = 9
             ) -> set[tuple[int, int]]:
    state = RoundState(3, rounds, tuple(players), (), W, Fraction(1), Fraction(1))
    rnd = pair_round(state, aros, ups or [Upfloats(0, False)] * len(players))
    return {(rnd.entrants[a].start_no, rnd.entrants[b].start_no) for br in rnd.brackets for a, b in br.pairs}


def test_white_seekers_by_ascending_aro_meet_black_seekers_by_initial_ranking() -> None:
    players = [entrant(1, (B,)), entrant(2, (W,)), entrant(3, (B,)), entrant(4, (W,))]
    # G1 (white seekers) 1, 3; S1 by ARO: 3 (1500) before 1 (1900); T2: 2 before 4 (2.2.5, 2.2.6)
    assert pairs_of(players, [1900, 2000, 1500, 2000]) == {(3, 2), (1, 4)}
    assert pairs_of(players, [1500, 2000, 1900, 2000]) == {(1, 2), (3, 4)}


def test_the_first_legal_transposition() -> None:
    players = [entrant(1, (B,), met=(2,)), entrant(2, (W,), met=(1,)), entrant(3, (B,)), entrant(4, (W,))]
    # S1: 1 (ARO 1500) first; T2 would give it 2, met already ([C1]): the next transposition, 4
    assert pairs_of(players, [1500, 2000, 1900, 2000]) == {(1, 4), (3, 2)}


def test_shifters_come_from_the_middle_of_the_list() -> None:
    players = [entrant(n, (B,)) for n in range(1, 5)]
    # all four seek white: two shift to G2 (2.2.4.2); white seekers sorted by ARO (1, 2, 3, 4), numbered from
    # the middle (#1 2, #2 3, #3 1, #4 4): {2, 3} shift; S1 = 1, 4 (by ARO) against T2 = 2, 3
    assert pairs_of(players, [1000, 1100, 1200, 1300]) == {(1, 2), (4, 3)}


def test_the_upfloater_is_chosen_by_score_then_colour_then_maximum_upfloats_then_order() -> None:
    two, one, zero = Fraction(2), Fraction(1), Fraction(0)
    residents = [entrant(1, (B,), two), entrant(2, (W,), two), entrant(3, (B,), two)]
    aros = [1500, 1500, 1500, 1500, 1500, 1500]
    # one upfloater is needed ([C5]); from score 1 rather than 0 ([C6]); 4 seeks black as G2 needs ([C7])
    lower = [entrant(4, (W,), one), entrant(5, (B,), one), entrant(6, (W,), zero)]
    assert pairs_of(residents + lower, aros) == {(1, 2), (3, 4), (5, 6)}
    # both seek black: the first in 4.2's order (score, then initial ranking), 4; below, 5 and 6 both seek
    # black: one shifts, the first black seeker numbered from the middle of [5, 6], 5 (4.3.3)
    lower = [entrant(4, (W,), one), entrant(5, (W,), one), entrant(6, (W,), zero)]
    assert pairs_of(residents + lower, aros) == {(1, 2), (3, 4), (5, 6)}
    # 4 is a maximum upfloater (MaxT = 2 + 9 // 5 = 3): 5 instead ([C8])
    ups = [Upfloats(0, False)] * 3 + [Upfloats(3, False), Upfloats(0, False), Upfloats(0, False)]
    assert pairs_of(residents + lower, aros, ups) == {(1, 2), (3, 5), (4, 6)}
    # ... unless it is the last round
    assert pairs_of(residents + lower, aros, ups, rounds=3) == {(1, 2), (3, 4), (5, 6)}
    # 4 upfloated in the previous round: 5 instead ([C10])
    ups = [Upfloats(0, False)] * 3 + [Upfloats(1, True), Upfloats(1, False), Upfloats(0, False)]
    assert pairs_of(residents + lower, aros, ups) == {(1, 2), (3, 5), (4, 6)}


def test_a_player_without_a_game_seeks_black() -> None:
    new, other = entrant(1, ()), entrant(2, (B, W))  # 2: a mild preference for black
    c = allocate(new, other, W)  # 1.5.2.4: both seek black, equally; 5.2.5: the higher-ranked player's
    assert (c.white.start_no, c.black.start_no, c.rule) == (2, 1, "5_2_5")


SMALL = [n for n in pairing_corpus.names() if int(n.split("-p")[1].split("-")[0]) <= 24][:8]


@pytest.mark.parametrize("name", SMALL)
def test_random_events_break_no_absolute_criterion_and_the_checker_reproduces_them(name: str) -> None:
    event = pairing_systems.simulate(name, "dubov", seed=len(name))
    assert pairing_systems.breaches(event) == []
    report = check_pairings(event, system="dubov")
    assert report.ok, [(r.round, [str(d) for d in r.differences]) for r in report.rounds if not r.identical]
