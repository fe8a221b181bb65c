"""Small hand-built events, one rule at a time. Every expected value is worked out by hand
in the docstring or comment beside it, from the text of C.07."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from helpers import event, value
from xltb.ranking import compute
from xltb.errors import TieBreakError

# A 4-player Swiss, 3 rounds, with a forfeit in the last round:
#   r1: 1-2 1-0, 3-4 =     r2: 3-1 =, 2-4 1-0     r3: 1-4 forfeit (+/-), 3-2 1-0
# scores: 1: 2.5, 2: 1, 3: 2, 4: 0.5
LAST_ROUND_FORFEIT = [
    (1, 2000, "2w1 3b= 4w+"),
    (2, 1900, "1b0 4w1 3b0"),
    (3, 1800, "4w= 1w= 2w1"),
    (4, 1700, "3b= 2b0 1b-"),
]


class TestForfeitInTheLastRound:
    def test_forfeit_win_counts_a_dummy_with_own_score(self):
        """C.07 16.4 (2024): r3 is a game against a dummy with #1's own 2.5: BH = 1 + 2 + 2.5."""
        assert value(event(LAST_ROUND_FORFEIT), "BH", 1, "2024-08") == F(11, 2)

    def test_2026_caps_the_dummy_at_the_opponents_adjusted_score(self):
        """16.4.1 (2026): the dummy is capped at #4's adjusted score 0.5: BH = 1 + 2 + 0.5."""
        assert value(event(LAST_ROUND_FORFEIT), "BH", 1, "2026-03") == F(7, 2)

    def test_sonneborn_berger_of_the_forfeit_winner(self):
        """SB = 1x1 + 2x0.5 + dummy x 1: 2.5 (2024), 0.5 (2026)."""
        t = event(LAST_ROUND_FORFEIT)
        assert value(t, "SB", 1, "2024-08") == F(9, 2)
        assert value(t, "SB", 1, "2026-03") == F(5, 2)

    def test_forfeit_loss_is_cut_first(self):
        """#4: 3 (2), 2 (1), dummy 0.5 for the forfeit loss (a VUR). Cut-1 removes the VUR
        contribution, which is the least significant value too: 3.0 (16.5)."""
        st = compute(event(LAST_ROUND_FORFEIT), "BH/C1", "2024-08")
        ev = st.evaluation(4, "BH/C1")
        assert ev.value == 3
        assert [c.round for c in ev.breakdown() if c.cut] == [3]

    def test_forfeit_is_not_a_game_for_rating_based_tiebreaks(self):
        """ARO of #1 over the board: (1900 + 1800) / 2 = 1850."""
        assert value(event(LAST_ROUND_FORFEIT), "ARO", 1) == 1850

    def test_2012_virtual_opponent(self):
        """2011 annex F.b: Sv = Sp + (1 - Sr) + 0.5 (N - R) = 1.5 + 0 + 0 for #1's forfeit win
        in the last round; #4's forfeit loss: 0.5 + 1 + 0 = 1.5."""
        st = compute(event(LAST_ROUND_FORFEIT), "BH", "2012")
        one = st.evaluation(1, "BH").breakdown()
        assert (one[2].source, one[2].score) == ("virtual", F(3, 2))
        assert st.evaluation(1, "BH").value == 1 + 2 + F(3, 2)
        assert st.evaluation(4, "BH").breakdown()[2].score == F(3, 2)

    def test_2012_opponents_forfeits_count_as_draws(self):
        """For #3's Buchholz under the 2012 rules, #4's forfeit loss counts as a draw (1.0, not
        0.5) and #1's forfeit win as a draw (2.0, not 2.5)."""
        parts = compute(event(LAST_ROUND_FORFEIT), "BH", "2012").evaluation(3, "BH").breakdown()
        assert [(c.opponent, c.score) for c in parts] == [(4, 1), (1, 2), (2, 1)]


# Withdrawal after round 1: #4 is absent in r2 and r3 (zero-point byes, 16.1.1).
#   r1: 1-2 1-0, 3-4 1-0   r2: 1-3 =, 2 PAB    r3: 2-3 0-1, 1 PAB
WITHDRAWAL = [
    (1, 2000, "2w1 3b= -U"),
    (2, 1900, "1b0 -U 3w0"),
    (3, 1800, "4w1 1w= 2b1"),
    (4, 1700, "3b0 -Z -Z"),
]


class TestWithdrawal:
    def test_opponents_count_the_rounds_after_withdrawal_as_draws(self):
        """16.2.5 / 16.3.2: #4's two byes are not followed by an available round: for its
        opponents #4 has 0 + 0.5 + 0.5 = 1.0. BH of #3 = 1.0 + 2.5 + 1 = 4.5."""
        st = compute(event(WITHDRAWAL), "BH", "2024-08")
        assert st.evaluation(3, "BH").value == F(9, 2)
        first = st.evaluation(3, "BH").breakdown()[0]
        assert (first.score, first.source, first.article) == (1, "game-adjusted", "C.07 16.3")

    def test_own_buchholz_of_the_withdrawn_player(self):
        """16.4: two dummies with #4's own 0 points: BH = 2.5; BH/C1 cuts a VUR (0 is also the
        least significant value): 2.5."""
        t = event(WITHDRAWAL)
        assert value(t, "BH", 4) == F(5, 2)
        assert value(t, "BH/C1", 4) == F(5, 2)

    def test_pab_dummy_capped_in_2026(self):
        """#1: 2 (1.0), 3 (2.5), PAB dummy with own 2.5 (2024) or capped at 0.5 x 3 = 1.5 (2026)."""
        t = event(WITHDRAWAL)
        assert value(t, "BH", 1, "2024-08") == 6
        assert value(t, "BH", 1, "2026-03") == 5

    def test_rep_counts_rounds_elected_to_play(self):
        """7.6: 3 rounds less 2 zero-point byes = 1 for #4; a PAB is a round elected to play."""
        t = event(WITHDRAWAL)
        assert value(t, "REP", 4) == 1
        assert value(t, "REP", 2) == 3


# Double forfeit in r1 (neither #1 nor #2 came):  r2: 1-3 1-0, 2-4 =
DOUBLE_FORFEIT = [
    (1, 2000, "2w- 3w1"),
    (2, 1900, "1b- 4b="),
    (3, 1800, "4w1 1b0"),
    (4, 1700, "3b0 2w="),
]


class TestDoubleForfeit:
    def test_read_as_a_forfeit_loss_for_each(self):
        t = event(DOUBLE_FORFEIT)
        assert t.player(1).results[0].kind.name == "DOUBLE_FORFEIT"
        assert t.player(2).results[0].kind.name == "DOUBLE_FORFEIT"
        assert t.player(1).points == 1 and t.player(2).points == F(1, 2)

    def test_buchholz_uses_a_dummy(self):
        """#1: dummy with own 1.0 (2024) or capped at #2's adjusted 0.5 (2026, 16.4.1), plus #3 (1.0)."""
        t = event(DOUBLE_FORFEIT)
        assert value(t, "BH", 1, "2024-08") == 2
        assert value(t, "BH", 1, "2026-03") == F(3, 2)

    def test_counts_as_a_voluntarily_unplayed_round(self):
        """REP = 2 - 1; WIN = 1 (the r2 win)."""
        t = event(DOUBLE_FORFEIT)
        assert value(t, "REP", 1) == 1
        assert value(t, "WIN", 1) == 1


# Requested byes in the last round: r1: 1-2 1-0, 3-4 =; r2: #1 half-point bye, #4 zero-point bye, 2-3 1-0
LAST_ROUND_BYES = [
    (1, 2000, "2w1 -H"),
    (2, 1900, "1b0 3w1"),
    (3, 1800, "4w= 2b0"),
    (4, 1700, "3b= -Z"),
    (5, 1600, "-Z -Z"),
]


class TestByeInTheLastRound:
    def test_zero_point_bye_in_the_last_round_counts_as_a_draw_for_opponents(self):
        """16.2.5: #4's r2 bye is followed by no available round: 0.5 + 0.5 = 1.0 for #3's BH,
        with #2 (1.0): 2.0."""
        assert value(event(LAST_ROUND_BYES), "BH", 3) == 2

    def test_half_point_bye_in_the_last_round_dummy(self):
        """#1: #2 (1.0) + dummy with own 1.5 = 2.5 (2024); capped at 0.5 x 2 = 1.0 in 2026 (16.4.2)."""
        t = event(LAST_ROUND_BYES)
        assert value(t, "BH", 1, "2024-08") == F(5, 2)
        assert value(t, "BH", 1, "2026-03") == 2

    def test_player_with_no_game_played(self):
        """#5 never played: rating-based values are undefined; Buchholz is two dummies with 0."""
        t = event(LAST_ROUND_BYES)
        for code in ("ARO", "TPR", "PTP", "AOB", "APRO", "APPO"):
            assert value(t, code, 5) is None, code
        assert value(t, "BH", 5) == 0
        st = compute(t, "ARO")
        assert st.row(5).rank == 5


class TestPerfectPerformance:
    EVENT = [
        (1, 2100, "2w1 3b1"),
        (2, 2000, "1b0 4w1"),
        (3, 1900, "4w1 1w0"),
        (4, 1500, "3b0 2b0"),
    ]

    def test_full_score(self):
        """10.3, full scale: the expected score reaches 2/2 only when both differences exceed
        735 (B.02 8.1b gives 1.00 above 735): 2000 + 736."""
        assert value(event(self.EVENT), "PTP", 1) == 2736

    def test_zero_score(self):
        """#4 lost both games: 800 below the lowest opponent, 1900 - 800 (from 2024-04)."""
        t = event(self.EVENT)
        assert value(t, "PTP", 4, "2024-04") == 1100
        assert value(t, "PTP", 4, "2026-03") == 1100

    def test_zero_score_before_2024_is_undefined(self):
        assert value(event(self.EVENT), "PTP", 4, "2023-09") is None

    def test_partial_score_by_brute_force(self):
        """#2 scored 1 against 2100 and 1500: the lowest R with P(R-2100) + P(R-1500) >= 1."""
        from xltb.tiebreaks.rating import pd_hundredths

        want = next(r for r in range(500, 3000) if pd_hundredths(r - 2100) + pd_hundredths(r - 1500) >= 100)
        assert value(event(self.EVENT), "PTP", 2) == want


class TestMedianOrder:
    """14.3/14.4: 2023-09 and 2024-08 cut the least, then the most significant value; 2024-04
    the most, then the least. #4 of the book's Swiss has BH contributions 3.0, 3.5 (half-point
    bye, a VUR), 1.5, 3.5, 3.5."""

    @pytest.mark.parametrize("edition, want", [("2023-09", 8), ("2024-04", 10), ("2024-08", 8)])
    def test_bh_m1(self, edition, want):
        from helpers import read_trf

        from helpers import SEED
        st = compute(read_trf(SEED / "held-swiss16.trf"), "BH/M1", edition)
        # least first: 16.5 cuts the VUR 3.5, then the most 3.5 goes: 3 + 1.5 + 3.5 = 8
        # most first: the VUR 3.5 goes as the most, then the least 1.5: 3 + 3.5 + 3.5 = 10
        assert st.evaluation(4, "BH/M1").value == want


def test_sb_vur_below_the_least_significant_value_is_not_cut():
    """#14 of the book's Swiss (2024): the forfeit loss and the zero-point bye contribute 0 (a
    dummy times 0 points); the least significant value is the game against #13 (lowest score,
    1.5). 16.5: the VUR contribution 0 is lower, so the least significant value is cut."""
    from helpers import read_trf

    from helpers import SEED
    st = compute(read_trf(SEED / "held-swiss16.trf"), "SB/C1", "2024-08")
    ev = st.evaluation(14, "SB/C1")
    assert ev.value == 3
    assert [(c.opponent, c.value) for c in ev.breakdown() if c.cut] == [(13, F(3, 2))]


class TestRoundRobin:
    """15.2: with pre-determined pairings forfeits are regular games; 2026 keeps them unplayed
    in rating-based tie-breaks, and keeps forfeit losses unplayed in type B tie-breaks.
    The book's round robin: #5 beat #6 by forfeit in r4."""

    def _rr(self):
        from helpers import read_trf

        from helpers import SEED
        return read_trf(SEED / "held-rr6.trf")

    def test_forfeit_is_a_game_in_sb(self):
        t = self._rr()
        assert value(t, "SB", 5, "2024-08") == F(9, 4)  # 0 + 0 + 1.5x0.5 + 1.5x1 + 0
        assert value(t, "SB", 5, "2026-03") == F(9, 4)

    def test_rating_based_tiebreaks_2026_carve_out(self):
        """ARO of #5: with #6 (1950): (2150+2100+2050+1950+2200)/5 = 2090; without: 2125."""
        t = self._rr()
        assert value(t, "ARO", 5, "2024-08") == 2090
        assert value(t, "ARO", 5, "2026-03") == 2125

    def test_type_b_2026_keeps_forfeit_losses_unplayed(self):
        t = self._rr()
        assert value(t, "REP", 6, "2024-08") == 5
        assert value(t, "REP", 6, "2026-03") == 4
        assert value(t, "WON", 5, "2026-03") == 1  # the forfeit win still counts

    def test_buchholz_family_refused_in_2026(self):
        with pytest.raises(TieBreakError, match="round robins"):
            compute(self._rr(), "BH", "2026-03")

    def test_direct_encounter_counts_the_forfeit(self):
        """{4, 5, 6} all 1.5: 5 beat 6 (forfeit, a game under 15.2), 4-5 drew, 6 beat 4:
        5: 1.5, 6: 1, 4: 0.5."""
        st = compute(self._rr(), "DE")
        assert [st.row(n).rank for n in (5, 6, 4)] == [4, 5, 6]


def test_repeated_pairings_count_each_game():
    """4.4: two games against the same opponent count twice. #1 beat and drew #2 (0.5 points):
    BH = 0.5 + 0.5, SB = 0.5 x 1 + 0.5 x 0.5."""
    t = event([(1, 2000, "2w1 2b="), (2, 1900, "1b0 1w=")])
    assert value(t, "BH", 1) == 1
    assert value(t, "SB", 1) == F(3, 4)


class TestKoyaLimit:
    """9.2 / 14.5 on the book's Swiss (max 5, limit 2.5). #1 met 9 (1.5), 13 (1.5), 2 (4),
    15 (2), 4 (3.5) and scored 1, 0.5, 0.5, 1, 0.5."""

    def _swiss(self):
        from helpers import read_trf

        from helpers import SEED
        return read_trf(SEED / "held-swiss16.trf")

    def test_default_limit(self):
        assert value(self._swiss(), "KS", 1) == 1  # against 2 and 4

    def test_limit_lowered_half_a_point(self):
        assert value(self._swiss(), "KS/L-1", 1) == 2  # 2.0 and above: 2, 15, 4

    def test_limit_raised_a_point(self):
        assert value(self._swiss(), "KS/L+2", 1) == 1  # 3.5 and above: 2, 4
        assert value(self._swiss(), "KS/L+1.0", 1) == 1


def test_standard_points_with_three_points_for_a_win():
    """7.7 (2026): 1 for scoring more than the opponent, 1/2 for as much: a win, a draw and a
    PAB (3 points, more than a draw's 1) give 2.5 standard points while the score is 7."""
    t = event([(1, 2000, "2w1 3b= -U"), (2, 1900, "1b0 -U 3w1"), (3, 1800, "-U 1w= 2b0")],
              extra=("XXS W=3 D=1 PAB=3",))
    assert t.player(1).points == 7
    assert value(t, "STD", 1, "2026-03") == F(5, 2)


def test_pairing_number_and_rating_order():
    """7.8 and 10.6 (2026): TPN ranks the lower number first, RTNG the higher rating; /R reverses."""
    t = event([(1, 1800, "2w="), (2, 2000, "1b=")])
    assert [r.start_no for r in compute(t, "TPN", "2026").rows] == [1, 2]
    assert [r.start_no for r in compute(t, "TPN/R", "2026").rows] == [2, 1]
    assert [r.start_no for r in compute(t, "RTNG", "2026").rows] == [2, 1]
    assert [r.start_no for r in compute(t, "RTNG/R", "2026").rows] == [1, 2]


def test_forfeits_counted_as_played_with_P():
    """/P: #1's forfeit win over #4 counts as a game: BH/P = 1 + 2 + 4's adjusted 0.5."""
    assert value(event(LAST_ROUND_FORFEIT), "BH/P", 1) == F(7, 2)


def test_unrated_players_need_a_rating():
    t = event([(1, 2000, "2w1"), (2, 0, "1b0")])
    with pytest.raises(TieBreakError, match="unrated-rating"):
        compute(t, "ARO")
    assert value(t, "ARO", 1, unrated_rating=1000) == 1000


def test_ties_share_the_place_unless_lots_are_drawn():
    t = event([(1, 2000, "2w="), (2, 1900, "1b="), (3, 1800, "4w="), (4, 1700, "3b=")])
    assert [r.rank for r in compute(t, "WIN").rows] == [1, 1, 1, 1]
    drawn = compute(t, "WIN", lots=7)
    assert sorted(r.rank for r in drawn.rows) == [1, 2, 3, 4]
    assert all(r.by_lot for r in drawn.rows)
    assert [r.start_no for r in compute(t, "WIN", lots=7).rows] == [r.start_no for r in drawn.rows]


def test_team_score_reference_refused_for_individuals():
    """C.07 13: :MP and :GP choose a team's score; an individual event has only points."""
    with pytest.raises(TieBreakError, match="for team events"):
        compute(event(LAST_ROUND_FORFEIT), "BH:GP")


# A 5-player round robin: each player rests once (the rest round is worth nothing).
#   r1: 1-2 =, 3-4 1-0   r2: 1-3 1-0, 2-5 =   r3: 1-4 1-0, 3-5 =   r4: 1-5 1-0, 2-4 1-0   r5: 2-3 =, 4-5 0-1
# scores: 1: 3.5, 2: 2.5, 3: 2.0, 4: 0, 5: 2.0
ODD_ROUND_ROBIN = [
    (1, 2000, "2w= 3w1 4w1 5w1 -Z"),
    (2, 1900, "1b= 5w= -Z 4w1 3w="),
    (3, 1800, "4w1 1b0 5w= -Z 2b="),
    (4, 1700, "3b0 -Z 1b0 2b0 5w0"),
    (5, 1600, "-Z 2b= 3b= 1b0 4b1"),
]


def test_koya_in_an_odd_round_robin():
    """9.2: the maximum possible score is 4 (four games; the rest round gives nothing), so the
    limit is 2.0 and #3 and #5 count: KS of #1 = 0.5 (#2) + 1 (#3) + 1 (#5) = 2.5."""
    t = event(ODD_ROUND_ROBIN, kind="Round-Robin")
    assert t.max_score == 4
    assert value(t, "KS", 1) == F(5, 2)
    assert value(t, "KS", 2) == F(3, 2)  # 0.5 (#1) + 0.5 (#5) + 0.5 (#3)


def test_appo_names_opponents_without_a_ptp():
    """10.3 before 2024-04: a zero score has no PTP; APPO averages the others and says so."""
    t = event(TestPerfectPerformance.EVENT)
    st = compute(t, "APPO", "2023-09")
    ev = st.evaluation(3, "APPO")  # #3 played #4 (zero score) and #1
    assert any("#4" in str(n) and "left out" in str(n) for n in ev.notes)
    assert len(ev.breakdown()) == 1


def test_rating_breakdown_shows_game_results():
    """The result column of ARO/TPR/PTP breakdowns is in points (1, 1/2, 0)."""
    from helpers import SEED
    from helpers import read_trf

    ev = compute(read_trf(SEED / "held-swiss16.trf"), "ARO").evaluation(1, "ARO")
    assert [c.result for c in ev.breakdown()] == [1, F(1, 2), F(1, 2), 1, F(1, 2)]
    assert [c.rating for c in ev.breakdown()] == [1800, 1600, 2150, 1500, 2050]


def test_events_before_2012_say_which_rules_are_used():
    st = compute(event(LAST_ROUND_FORFEIT, date="2010/01/01"), "BH")
    assert st.edition.key == "2012" and "oldest edition" in st.edition_reason
