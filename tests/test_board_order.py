"""C.04.2 4.9: the order of the boards as published, for every system (xltb/pairing/boards.py)."""

from fractions import Fraction
from typing import NamedTuple

from xltb.pairing.boards import Game, boards


class Seat(NamedTuple):
    start_no: int
    points: Fraction
    score: Fraction  # the pairing score: with acceleration's virtual points


def _seat(no: int, points: float, virtual: float = 0) -> Seat:
    return Seat(no, Fraction(points), Fraction(points + virtual))


def _order(*pairs: tuple[Seat, Seat]) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in boards(Game(w, b, ()) for w, b in pairs)]


def test_the_higher_ranked_players_pairing_number_breaks_the_last_tie():
    """4.9.3: the initial-order rank of the pair's higher ranked player (more points, C.04.4.1 5.2.1), not the
    pair's lower pairing number: #5 (3 points) against #1 (2) comes after #2 (3) against #7 (2), though #1 is
    the lowest number of all. (gacrux 1.11.65 puts #5-#1 first; bbpPairings sorts as here.)"""
    assert _order((_seat(5, 3), _seat(1, 2)), (_seat(2, 3), _seat(7, 2))) == [(2, 7), (5, 1)]
    assert _order((_seat(1, 2), _seat(5, 3)), (_seat(7, 2), _seat(2, 3))) == [(7, 2), (1, 5)]  # colours kept


def test_score_of_the_higher_ranked_then_the_sum_then_the_rank():
    pairs = [(_seat(9, 1), _seat(8, 1)), (_seat(6, 2), _seat(3, 1)), (_seat(4, 2), _seat(1, 2)),
             (_seat(2, 2), _seat(5, 2))]
    # 4.9.1: 2 points before 1; 4.9.2: 4 before 3; 4.9.3: #1 before #2 (equal scores: the lower number)
    assert _order(*pairs) == [(4, 1), (2, 5), (6, 3), (9, 8)]


def test_acceleration_virtual_points_do_not_order_the_boards():
    """C.04.5.1: virtual points count for pairing purposes only; 4.9 sorts a pairing already made, by the
    points. #1 and #3 have 2 points and a virtual point each; #2 and #4 have 2.5 points."""
    assert _order((_seat(1, 2, 1), _seat(3, 2, 1)), (_seat(2, 2.5), _seat(4, 2.5))) == [(2, 4), (1, 3)]
