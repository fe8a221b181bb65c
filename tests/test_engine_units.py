"""The engine's building blocks: cut modifiers, separate standings, the B.02 tables, codes."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from xltb.errors import TieBreakError
from xltb.rules import EDITIONS, edition_for_date, parse_edition
from xltb.tiebreaks.base import element
from xltb.tiebreaks.codes import parse_code, parse_list
from xltb.tiebreaks.direct import separate_standings
from xltb.tiebreaks.modifiers import apply_cuts
from xltb.tiebreaks.rating import _expected_hundredths, dp, pd_hundredths

E2024 = EDITIONS["2024-08"]


def bh(*values, vur=()):
    """Buchholz-like elements: value = key; indices in ``vur`` come from voluntarily unplayed rounds."""
    return [element(v, v, i in vur, i + 1, None, "game") for i, v in enumerate(values)]


class TestCuts:
    def test_cut1_removes_the_lowest(self):
        assert list(apply_cuts(bh(3, 1, 2), 1, 0, E2024, vur_exception=True)) == [1]

    def test_vur_is_cut_when_not_lower_than_the_least_significant(self):
        """16.5: contributions 3, 3.5 (VUR), 1.5: the VUR goes."""
        assert list(apply_cuts(bh(3, 3.5, 1.5, vur=(1,)), 1, 0, E2024, vur_exception=True)) == [1]

    def test_vur_lower_than_the_least_significant_is_not_the_exception(self):
        """SB: the least significant value is the lowest-score opponent's contribution (key),
        1.5; the VUR contributes 0: the least significant value is cut."""
        elements = [element(F(3, 2), (F(3, 2), F(3, 2)), False, 1, 9, "game"),
                    element(0, (2, 0), True, 2, None, "dummy"),
                    element(3, (3, 3), False, 3, 7, "game")]
        assert list(apply_cuts(elements, 1, 0, E2024, vur_exception=True)) == [0]

    def test_cut2_applies_the_exception_again(self):
        """16.5.2: two VURs 2 and 2.5 over values 1 and 3: both VURs go."""
        assert sorted(apply_cuts(bh(1, 2, 2.5, 3, vur=(1, 2)), 2, 0, E2024, vur_exception=True)) == [1, 2]

    def test_without_the_exception(self):
        assert sorted(apply_cuts(bh(1, 2, 2.5, 3, vur=(1, 2)), 2, 0, E2024, vur_exception=False)) == [0, 1]

    @pytest.mark.parametrize("edition, cut", [("2023-09", [1, 3]), ("2024-04", [0, 1]), ("2024-08", [1, 3])])
    def test_median_order(self, edition, cut):
        """Values 1, 4 (VUR, the highest), 2, 3. Least first: the VUR (16.5), then the most, 3.
        Most first: the VUR as the most, then the least, 1."""
        assert sorted(apply_cuts(bh(1, 4, 2, 3, vur=(1,)), 0, 1, EDITIONS[edition], vur_exception=True)) == cut

    def test_more_cuts_than_values(self):
        assert sorted(apply_cuts(bh(1), 2, 0, E2024, vur_exception=True)) == [0]


class TestSeparateStandings:
    def _meet(self, results):
        """results: {(a, b): [points of a against b, ...]} -> meetings callback (symmetric)."""
        table = {}
        for (a, b), games in results.items():
            table[(a, b)] = [F(x) for x in games]
            table[(b, a)] = [1 - F(x) for x in games]
        return lambda a, b: table.get((a, b), [])

    def test_all_met(self):
        r = separate_standings([1, 2, 3], self._meet({(1, 2): [1], (1, 3): [1], (2, 3): [F(1, 2)]}), F(1), range(5))
        assert r.groups == [[1], [2, 3]]

    def test_repeated_games_are_averaged(self):
        """6.1.2: 1 beat 2 twice (addend 1, not 2), 3 beat 1, 2 beat 3: all 1 point: no tie broken."""
        r = separate_standings([1, 2, 3], self._meet({(1, 2): [1, 1], (3, 1): [1], (2, 3): [1]}), F(1), range(5))
        assert r.groups == [[1, 2, 3]]
        assert r.scores == {1: 1, 2: 1, 3: 1}

    def test_first_whatever_the_missing_games(self):
        """6.3: 1 beat 2 and 3; 2-3 did not meet: 1 is first whatever happens; 2 and 3 stay tied."""
        r = separate_standings([1, 2, 3], self._meet({(1, 2): [1], (1, 3): [1]}), F(1), range(5))
        assert r.groups == [[1], [2, 3]]

    def test_nobody_sure_to_stay_ahead(self):
        """1 beat 2; 3 met nobody and could still reach 2 points: no tie broken."""
        r = separate_standings([1, 2, 3], self._meet({(1, 2): [1]}), F(1), range(5))
        assert r.groups == [[1, 2, 3]]

    def test_reapplied_to_the_remaining(self):
        """6.3 then 6: 1 beat everybody; 2 beat 3, 4 did not meet 2 or 3: after 1, {2, 3, 4}
        restarts with only the games among them: 2 (1) could be caught by 4 (0 + 2): tied."""
        r = separate_standings([1, 2, 3, 4], self._meet({(1, 2): [1], (1, 3): [1], (1, 4): [1], (2, 3): [1]}),
                               F(1), range(5))
        assert r.groups == [[1], [2, 3, 4]]


class TestRatingTables:
    def test_dp_table(self):
        assert [dp(x) for x in (100, 99, 75, 70, 67, 50, 38, 0)] == [800, 677, 193, 149, 125, 0, -87, -800]

    def test_pd_table(self):
        assert [pd_hundredths(d) for d in (0, 3, 4, 735, 736, -4, -736)] == [50, 50, 51, 99, 100, 49, 0]

    def test_ptp_search_equals_a_linear_scan(self):
        """The bracketing search finds the lowest rating whose expected score reaches the score."""
        from helpers import event, value

        rng = random.Random(5)
        for _ in range(30):
            ratings = [rng.randint(1000, 2800) for _ in range(6)]
            results = [rng.choice("10=") for _ in range(5)]
            rows = [(1, 2000, " ".join(f"{i + 2}w{res}" for i, res in enumerate(results)))]
            mirror = {"1": "0", "0": "1", "=": "="}
            for i, res in enumerate(results):
                cells = ["-Z"] * 5
                cells[i] = f"1b{mirror[res]}"
                rows.append((i + 2, ratings[i], " ".join(cells)))
            t = event(rows)
            target = sum({"1": 100, "=": 50, "0": 0}[r] for r in results)
            opp = ratings[:5]
            got = value(t, "PTP", 1)
            if target == 0:
                assert got == min(opp) - 800
            else:
                want = next(r for r in range(0, 4000) if _expected_hundredths(r, opp) >= target)
                assert got == want


class TestCodes:
    @pytest.mark.parametrize("text, code", [
        ("BH-C1", "BH/C1"), ("bh/c1", "BH/C1"), ("BH:GP/C1", "BH:GP/C1"), ("KS/L-1", "KS/L-1"),
        ("KS-L+2", "KS/L+2"), ("DE/P", "DE/P"), ("GE", "REP"), ("ARO-C1", "ARO/C1"), ("MPvGP", "MPvGP"),
        ("TPN/R", "TPN/R"), ("SSSC/K3", "SSSC/K3"), ("EGGSB/C1", "EGGSB/C1"),
    ])
    def test_both_spellings(self, text, code):
        assert parse_code(text).code == code

    def test_koya_limit_moves_half_a_point_per_step(self):
        assert parse_code("KS/L-1").limit == F(-1, 2)
        assert parse_code("KS/L-1.0").limit == -1

    @pytest.mark.parametrize("text, message", [
        ("XYZ", "unknown tie-break code"), ("BH/X", "unknown modifier"), ("WIN/C1", "Cut and Median"),
        ("BH/C1/M1", "either a Cut or a Median"), ("BH/L1", "limit modifier"), ("", "empty"),
    ])
    def test_unknown_codes_are_refused(self, text, message):
        with pytest.raises(TieBreakError, match=message):
            parse_list(text) if not text else parse_code(text)


class TestEditions:
    def test_aliases(self):
        assert parse_edition("2024").key == "2024-08"
        assert parse_edition("2026").key == "2026-03"
        assert parse_edition("2023").key == "2023-09"

    def test_by_start_date(self):
        from datetime import date

        assert edition_for_date(date(2024, 5, 1)).key == "2024-04"
        assert edition_for_date(date(2026, 2, 28)).key == "2024-08"
        assert edition_for_date(date(2026, 3, 1)).key == "2026-03"
        assert edition_for_date(date(2019, 1, 1)).key == "2012"
        assert edition_for_date(None).key == "2026-03"


class TestEncounterSteps:
    """Direct encounter reports what it decided as data: who, the article, the outcome."""

    def _meet(self, table):
        return lambda a, b: table.get((a, b), []) or [1 - x for x in table.get((b, a), [])]

    def test_separate_standings_are_recorded(self):
        r = separate_standings([1, 2, 3], self._meet({(1, 2): [1], (1, 3): [1], (2, 3): [F(1, 2)]}), F(1),
                               [0, 11, 12, 13])
        first = r.steps[0]
        assert (first.members, first.article, first.outcome) == ((11, 12, 13), "6.2", "separated")
        assert first.levels == (((11,), F(2)), ((12, 13), F(1, 2)))
        assert first.text() == "{#11, #12, #13}: all met; separate standings #11 2, #12/#13 0.5 (6.2)"
        assert [s.outcome for s in r.steps[1:]] == ["equal"]  # 12 and 13 drew: re-examined, still equal

    def test_who_stays_ahead_is_named(self):
        r = separate_standings([1, 2, 3], self._meet({(1, 2): [1], (1, 3): [1]}), F(1), [0, 11, 12, 13])
        assert [(s.article, s.outcome, s.first) for s in r.steps] == [("6.3", "ahead", 11), ("6.3", "undecided", None)]
