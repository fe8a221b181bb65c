"""The Dubov system's orders and measures (C.04.4.1), on the examples its text gives, written out by hand.
The pairing procedure (2.2) is not built yet."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xltb.pairing.dubov_order import aro, containers, max_upfloats, shifter_order, transpositions, upfloater_sets


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
