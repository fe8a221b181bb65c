"""The standings compute Buchholz, Sonneborn-Berger and the rating-based values for every participant
at once, without breakdowns; ``xltb explain`` makes each breakdown one participant at a time. Both
must give the same value, for every event, edition and modifier. (A :class:`Column` also refuses a
breakdown that disagrees with its value; here every one of them is made and compared.)"""

from __future__ import annotations

import pytest

from xltb.errors import TieBreakError
from xltb.readers.registry import read_event
from xltb.model import Tournament
from xltb.rules import EDITIONS
from xltb.tiebreaks.codes import parse_code
from xltb.tiebreaks.context import Context, Options
from xltb.tiebreaks.registry import evaluate_all, info

from helpers import REAL, SEED, event

CODES = ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/C1/P", "FB", "FB/C1", "SB", "SB/C1", "SB/C2",
         "SB/M1", "SB/P", "SB/C1/P", "ARO", "ARO/C1", "ARO/M1", "ARO/P", "TPR", "TPR/C1", "TPR/P", "PTP",
         "PTP/P", "APRO", "APRO/C1", "APRO/P", "APPO", "APPO/M1"]

FILES = sorted(SEED.glob("*.trf")) + sorted(REAL.glob("*.trf")) + sorted(REAL.glob("*.tab"))


def _individual(path) -> Tournament | None:
    loaded, _ = read_event(path)
    return loaded if isinstance(loaded, Tournament) else None


def _assert_same(tournament: Tournament, edition_key: str) -> int:
    """Every value of every code equals its breakdown's value; returns how many were compared."""
    ctx = Context(tournament, EDITIONS[edition_key], Options(unrated_rating=1000))
    compared = 0
    for code in CODES:
        spec = parse_code(code, strict=False)  # Swiss-Manager's SB/M1 too
        assert info(spec).values is not None, code
        try:
            column = evaluate_all(ctx, spec)
        except TieBreakError:
            continue
        one_by_one = [column[p].value for p in range(ctx.n)]  # each made by info(spec).compute
        assert column.values == one_by_one, (tournament.source, edition_key, code)
        compared += len(one_by_one)
    return compared


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_fast_values_equal_breakdowns_on_every_file(path):
    tournament = _individual(path)
    if tournament is None:
        pytest.skip("team event")
    for key in EDITIONS:
        assert _assert_same(tournament, key) > 0


def test_fast_values_equal_breakdowns_with_every_kind_of_round():
    """Forfeits, a double forfeit, byes of every kind, a withdrawal and a repeated pairing in a Swiss."""
    t = event([
        (1, 2100, "2w1 3b= 4w+ -U 5b1 6w0"),
        (2, 2000, "1b0 4w1 3b- 6b= -H 5b="),
        (3, 1900, "4b1 1w= 2w- 5b0 6w1 -Z"),
        (4, 1800, "3w0 2b0 1b- -Z -Z -"),
        (5, 1700, "6b= -H 6w1 3w1 1w0 2w="),
        (6, 1600, "5w= -U 5b0 2w= 3b0 1b1"),
    ])
    for key in EDITIONS:
        assert _assert_same(t, key) == 6 * len(CODES)


def test_a_breakdown_that_disagrees_with_its_value_is_refused():
    from fractions import Fraction

    from xltb.tiebreaks.base import Column, Evaluation

    column = Column("BH", [Fraction(3)], lambda i: Evaluation("BH", Fraction(4)))
    with pytest.raises(RuntimeError, match="breakdown gives 4"):
        column[0]
