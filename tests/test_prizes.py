"""Prize lists worked out by hand: who wins which prize, what sharing pays, and why (docs/prizes.md).

The seed Swiss (tests/data/seed/held-swiss16.trf, tie-breaks BH/C1, BH, SB, DE, WIN) ranks, as
``xltb standings`` prints it (rank, no., name, rating, sex, points):

     1   2 Bruno     2150 m 4.0       9   5 Helene    2000 w 2.5
     2   3 Charline  2100 w 3.5      10  15 Reine     1500 w 2.0
     3   4 David     2050 m 3.5      11  12 Nick      1650 m 2.0
     4   1 Alyx      2200 w 3.5      12  14 Paul      1550 m 2.0
     5  16 Stephan   1450 m 3.5      13   7 Genevieve 1900 w 1.5
     6   6 Franck    1950 m 3.0      14  13 Opal      1600 w 1.5
     7  11 Maria     1700 w 2.5      15   9 Jessica   1800 w 1.5
     8   8 Irina     1850 w 2.5      16  10 Lais      1750 w 1.0
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import xltb
from helpers import DATA, REAL, SEED
from xltb.decide import decide
from xltb.ranking import rank
from xltb.errors import XltbError
from xltb.prizes import award_prizes, parse_prizes, read_prizes, split

SWISS = SEED / "held-swiss16.trf"
KARL_MALA = REAL / "01_fide_example1_karl_mala_gedenkturnier_2005.trf"
GROS = REAL / "05_javafo_trfx_sample2_open_gros_2010.trf"
_STANDINGS: dict[tuple[str, str | None], xltb.Standings] = {}


def standings(path=SWISS, tiebreaks: str | None = None, **kwargs) -> xltb.Standings:
    key = (str(path), tiebreaks, tuple(sorted(kwargs.items())))
    if key not in _STANDINGS:
        lots = kwargs.pop("lots", None)
        _STANDINGS[key] = rank(decide(str(path), tiebreaks=tiebreaks, **kwargs), lots=lots)
    return _STANDINGS[key]


def prizes(table: str, share: str = "none", st=None):
    return award_prizes(st or standings(), parse_prizes("Prize,Category,Amount\n" + table, "table.csv"), share)


def paid(pl) -> list[tuple[str | None, str | None, Fraction | None]]:
    """(prize, winner, paid in money units) for each line of the list."""
    return [(a.prize.name if a.prize else None, a.player.name if a.player else None,
             None if a.paid is None else Fraction(a.paid, 100)) for a in pl.awards]


def reason(pl, prize: str) -> str:
    """The reason of a prize's line, in English (``str`` of the message every face renders in its language)."""
    return next(str(a.reason) for a in pl.awards if a.prize and a.prize.name == prize)


def test_the_issue_example_word_for_word():
    # value order: 1st 500, 2nd 300, 3rd 200, 1st U1900 80, Best U1600 50, then the trophy.
    # 1st-3rd: ranks 1-3; U1900: ranks 1-4 are 2150, 2100, 2050, 2200 (or awarded): Stephan (rank 5, 1450);
    # U1600: Stephan (1450) has 1st U1900 already, Reine (rank 10, 1500) is the next below 1600
    pl = award_prizes(standings(), read_prizes(DATA / "prizes" / "seed.csv"))
    assert reason(pl, "Best U1600") == ("Best U1600: Reine (rank 10, 2 points, rating 1500 < 1600); "
                                        "not Stephan (rank 5, already awarded 1st U1900, 80)")
    # the trophy last: the best woman not awarded is Alyx (rank 4); Charline (rank 2) has 2nd
    assert paid(pl) == [("1st", "Bruno", 500), ("2nd", "Charline", 300), ("3rd", "David", 200),
                        ("1st U1900", "Stephan", 80), ("Best U1600", "Reine", 50), ("Best woman", "Alyx", None)]
    assert reason(pl, "Best woman") == ("Best woman: Alyx (rank 4, 3.5 points, woman); "
                                        "not Charline (rank 2, already awarded 2nd, 300)")


@pytest.mark.parametrize("u2100, expected", [
    # Best U2100 250 is worth more than 3rd (200): David (rank 3, 2050) takes it, 3rd and 4th move down to
    # Alyx (rank 4) and Stephan (rank 5); U2000: ranks 1-5 are awarded, Franck (rank 6, 1950)
    (250, [("1st", "Bruno"), ("2nd", "Charline"), ("3rd", "Alyx"), ("4th", "Stephan"), ("Best U2100", "David"),
           ("Best U2000", "Franck")]),
    # Best U2100 150 is worth less than 3rd: David keeps 3rd, U2100 goes to the next player under 2100 not
    # awarded (Alyx, rank 4, is 2200): Stephan (rank 5); 4th (100) then Alyx
    (150, [("1st", "Bruno"), ("2nd", "Charline"), ("3rd", "David"), ("4th", "Alyx"), ("Best U2100", "Stephan"),
           ("Best U2000", "Franck")]),
])
def test_a_category_winner_who_also_places_in_the_open(u2100, expected):
    pl = prizes(f"1st,Open,500\n2nd,Open,300\n3rd,Open,200\n4th,Open,100\nBest U2100,Rating<2100,{u2100}\n"
                "Best U2000,Rating<2000,50\n")
    assert [(p, w) for p, w, _ in paid(pl)] == expected
    if u2100 == 250:
        assert reason(pl, "3rd") == ("3rd: Alyx (rank 4, 3.5 points); not David (rank 3, already awarded Best U2100, "
                                     "250)")
        # of the players above Franck, only Stephan (1450) is under 2000 (David is 2050)
        assert reason(pl, "Best U2000") == ("Best U2000: Franck (rank 6, 3 points, rating 1950 < 2000); not Stephan "
                                            "(rank 5, already awarded 4th, 100)")
    else:
        assert reason(pl, "Best U2100") == ("Best U2100: Stephan (rank 5, 3.5 points, rating 1450 < 2100); "
                                            "not David (rank 3, already awarded 3rd, 200)")


def test_equal_amounts_go_by_the_order_of_the_table():
    # 5th and Best U1900 are both 80: Stephan (rank 5, 1450) may win either; the one listed first is his
    five = "1st,Open,500\n2nd,Open,300\n3rd,Open,200\n4th,Open,100\n"
    first = prizes(five + "5th,Open,80\nBest U1900,Rating<1900,80\n")
    # 5th first: Stephan; U1900: Franck (rank 6) is 1950, so Maria (rank 7, 1700)
    assert paid(first)[-2:] == [("5th", "Stephan", 80), ("Best U1900", "Maria", 80)]
    second = prizes(five + "Best U1900,Rating<1900,80\n5th,Open,80\n")
    # U1900 first: Stephan; 5th: the next player not awarded, Franck (rank 6)
    assert paid(second)[-2:] == [("Best U1900", "Stephan", 80), ("5th", "Franck", 80)]


def test_trophies_are_awarded_after_the_money_and_in_the_order_listed():
    # all trophies: equal "amounts", the table's order: 1st Bruno, 2nd Charline, then the best woman not
    # awarded: Alyx (rank 4)
    pl = prizes("1st,Open,\n2nd,Open,\nBest woman,Women,\n")
    assert paid(pl) == [("1st", "Bruno", None), ("2nd", "Charline", None), ("Best woman", "Alyx", None)]
    assert all(a.prize.amount is None and a.pool is None for a in pl.awards)


def test_sharing_with_a_tie_across_the_last_prize():
    table = "1st,Open,500\n2nd,Open,300\n3rd,Open,200\n"
    # Charline, David, Alyx and Stephan have 3.5 points (ranks 2-5): they cover places 2-5, which carry
    # 2nd 300 + 3rd 200 = 500
    none = prizes(table)
    assert paid(none) == [("1st", "Bruno", 500), ("2nd", "Charline", 300), ("3rd", "David", 200)]
    assert [(t.player.name, str(t.outcome)) for t in none.ties[0].players] == [("Alyx", "no prize"), ("Stephan", "no prize")]
    # equal: 500 / 4 = 125 each
    equal = prizes(table, "equal")
    assert paid(equal) == [("1st", "Bruno", 500), ("2nd", "Charline", 125), ("3rd", "David", 125),
                           (None, "Alyx", 125), (None, "Stephan", 125)]
    # Hort: each winner keeps half of his prize, the halves (150 + 100 = 250) are shared by the four:
    # Charline 150 + 62.50 = 212.50, David 100 + 62.50 = 162.50, Alyx and Stephan 62.50; 500 in all
    hort = prizes(table, "hort")
    assert paid(hort) == [("1st", "Bruno", 500), ("2nd", "Charline", Fraction(42500, 200)),
                          ("3rd", "David", Fraction(32500, 200)), (None, "Alyx", Fraction(125, 2)),
                          (None, "Stephan", Fraction(125, 2))]
    assert sum(a.paid for a in hort.awards[1:]) == 50000
    assert "half of his 300 kept, plus 1/4 of the pooled halves (250): 212.50" in reason(hort, "2nd")
    assert str(hort.awards[3].reason).startswith("Shares 2nd + 3rd (Open): Alyx (rank 4, 3.5 points), tied on 3.5 points "
                                            "with David (rank 3), the last winner of Open")


def test_a_share_that_does_not_divide_evenly_adds_up_to_the_pool():
    # seed.csv: Stephan (3.5 points) has 1st U1900 and shares in no other pool (one prize per player): the
    # Open pool on 3.5 points is Charline, David and Alyx with 2nd + 3rd = 500; 500 / 3 = 166.666...
    equal = award_prizes(standings(), read_prizes(DATA / "prizes" / "seed.csv"), "equal")
    # 16666 cents each and 2 cents left: one each to the first two (every share lost 2/3 of a cent)
    assert paid(equal)[1:4] == [("2nd", "Charline", Fraction("166.67")), ("3rd", "David", Fraction("166.67")),
                                (None, "Alyx", Fraction("166.66"))]
    assert paid(equal)[4] == ("1st U1900", "Stephan", 80)
    # the trophy goes to a woman paid nothing: Alyx has a share, so Maria (rank 7)
    assert paid(equal)[-1] == ("Best woman", "Maria", None)
    assert "not Alyx (rank 4, already paid a share of 2nd + 3rd, 166.66)" in reason(equal, "Best woman")
    # Hort: 150 + 83.333..., 100 + 83.333..., 83.333...: floors 233.33 + 183.33 + 83.33 = 499.99, the cent
    # left to the first (all lost 1/3 of a cent)
    hort = award_prizes(standings(), read_prizes(DATA / "prizes" / "seed.csv"), "hort")
    assert [x[2] for x in paid(hort)[1:4]] == [Fraction("233.34"), Fraction("183.33"), Fraction("83.33")]
    # U1600 on 2 points: Reine has it, Paul (rank 12, 1550) is tied with her and won nothing: 25 + 12.50
    assert paid(hort)[5:7] == [("Best U1600", "Reine", Fraction("37.5")), (None, "Paul", Fraction("12.5"))]


@pytest.mark.parametrize("men, expected", [
    # value order 1st 500 (Bruno), 2nd 300 (Charline), 1st Men 250 (the best man not awarded: David, rank 3),
    # 1st Women 200 (Alyx, rank 4). Stephan (rank 5, 3.5 points, a man) won nothing and is tied with the last
    # winners of Open (Charline, 2nd 300) and of Men (David, 250): he shares the pool with the more valuable
    # prize, 2nd: 300 / 2 = 150 each; David keeps 250
    (250, [("1st", "Bruno", 500), ("2nd", "Charline", 150), (None, "Stephan", 150), ("1st Men", "David", 250),
           ("1st Women", "Alyx", 200)]),
    # 1st Men 350 comes before 2nd: David takes it; Stephan now shares the Men pool, 350 / 2 = 175 each
    (350, [("1st", "Bruno", 500), ("2nd", "Charline", 300), ("1st Men", "David", 175), (None, "Stephan", 175),
           ("1st Women", "Alyx", 200)]),
])
def test_sharing_and_one_prize_per_player(men, expected):
    # rule 4 of docs/prizes.md: a player who won a prize shares only in its pool (Alyx, tied on 3.5 points with
    # Charline, keeps her 200 and shares no Open money); one without a prize shares in one pool only
    pl = prizes(f"1st,Open,500\n2nd,Open,300\n1st Men,Men,{men}\n1st Women,Women,200\n", "equal")
    assert paid(pl) == expected
    assert any(str(r).startswith("Sharing and one prize per player: which prize each player wins is decided first")
               for r in pl.rules)


def test_split_rounds_down_and_gives_the_cents_left_to_those_who_lost_most():
    assert split([Fraction(100, 3)] * 3, 100) == [34, 33, 33]
    assert split([Fraction(100), Fraction(101, 2), Fraction(99, 2)], 200) == [100, 51, 49]
    assert split([Fraction(1, 3), Fraction(5, 3)], 2) == [0, 2]  # 1.667 lost 2/3 of a cent, 0.333 a third
    with pytest.raises(ValueError):
        split([Fraction(1), Fraction(1)], 3)


def test_places_the_tie_breaks_leave_equal_are_shared_without_sharing_on_points():
    # with WIN as the only tie-break, Alyx, Charline and David (3.5 points, 2 wins) share rank 3 (C.07 2.1);
    # Stephan (3 wins) is 2nd. 3rd (200) is theirs: 66.67 + 66.67 + 66.66
    st = standings(tiebreaks="WIN")
    pl = prizes("1st,Open,500\n2nd,Open,300\n3rd,Open,200\n", st=st)
    assert paid(pl) == [("1st", "Bruno", 500), ("2nd", "Stephan", 300), ("3rd", "Alyx", Fraction("66.67")),
                        (None, "Charline", Fraction("66.67")), (None, "David", Fraction("66.66"))]
    assert "sharing the place (every tie-break equal)" in reason(pl, "3rd")


def test_an_empty_category_and_a_category_whose_players_all_won_more():
    pl = prizes("1st,Open,100\nBest senior,Senior,40\nBest ENG,Federation=ENG,20\nBest GM,Title=GM,\n")
    assert paid(pl)[1:] == [("Best senior", None, None), ("Best ENG", None, None), ("Best GM", None, None)]
    assert reason(pl, "Best senior") == "Best senior: not awarded: no player qualifies for Senior"
    assert reason(pl, "Best ENG") == "Best ENG: not awarded: no player qualifies for Federation=ENG"
    # the only man above 2150 is Bruno, who has 1st: the category's players all won before it
    men = prizes("1st,Open,100\nBest man over 2100,Men&Rating>2100,20\n")
    assert reason(men, "Best man over 2100") == ("Best man over 2100: not awarded: every player of Men&Rating>2100 "
                                                 "(1) won a prize awarded before it: Bruno (rank 1, 1st, 100)")


def test_a_player_who_qualifies_for_nothing_wins_nothing():
    # no Open prize: Bruno (rank 1, a man rated 2150) is in neither category and appears nowhere
    pl = prizes("Best U2000,Rating<2000,100\nBest woman,Women,60\n")
    # U2000: Stephan (rank 5, 1450) is the first below 2000; woman: Charline (rank 2)
    assert paid(pl) == [("Best U2000", "Stephan", 100), ("Best woman", "Charline", 60)]
    assert all("Bruno" not in str(a.reason) for a in pl.awards)
    assert all("Bruno" not in t.player.name for tie in pl.ties for t in tie.players)


def test_unrated_players_in_rating_prizes_only_with_unrated_rating():
    st = standings(KARL_MALA)
    table = "Best U1800,Rating<1800,50\nBest unrated,Unrated,80\n"
    # no rated player of the Karl-Mala-Gedenkturnier is under 1800 (the lowest is 1827)
    assert reason(prizes(table, st=st), "Best U1800") == "Best U1800: not awarded: no player qualifies for Rating<1800"
    counted = prizes(table, st=standings(KARL_MALA, unrated_rating=1000))
    # counted as 1000, the unrated players are under 1800: Yilmaz (rank 51) takes the larger Best unrated,
    # Adair (rank 57, unrated) is the next
    assert paid(counted) == [("Best U1800", "Adair,Robin", 50), ("Best unrated", "Yilmaz,Ahmet", 80)]
    assert "unrated, counted as 1000 < 1800" in reason(counted, "Best U1800")


KARL_MALA_NONE = [
    ("1st", "Mikhaletz,Lubomir", 1000), ("2nd", "Uwira,Oliver", 600), ("3rd", "Grabarczyk,Bogdan", 400),
    ("4th", "Vasquez,Rodrigo", 300), ("5th", "Bagaturov,Giorgi", 200),
    ("Best U2200", "Wallrabenstein,Udo", 150), ("Best U18", "Becker,Martin Alexander", 100),
    ("Best senior", "Hillgaertner,Walter", 100), ("Best woman", "Heymann-Lobzhanidze,Anna-Luise", 100),
    ("Best WFM", None, None), ("Best unrated", "Yilmaz,Ahmet", 80), ("Best ISL", "Asbjornsson,Ingvar", None),
    ("Best U1800", None, None)]


def test_a_real_open_by_hand():
    # 9th Karl-Mala-Gedenkturnier 2005: 284 players, start 2005-07-28; the standings' first lines (rank, no.,
    # name, rating, birth, points): 1 5 Mikhaletz 2451 6.5; on 6 points 2 31 Uwira 2219, 3 3 Grabarczyk, 4 1
    # Vasquez, 5 9 Bagaturov, 6 6 Donchenko (born 1940-09-01: 64, not a senior), 7 8 Haub; on 5.5: 8 25
    # Strohhaeker 2251 (born 1987-04-03: 18 on the start date), 9-12 rated 2346-2463, 13 21 Isserman 2302 and 13
    # 51 Wallrabenstein,Udo 2133 (every tie-break equal), 15 45 Danner 2144, 16 19 Becker,Martin Alexander
    # 2310 (born 1987-09-20: 17)
    pl = award_prizes(standings(KARL_MALA), read_prizes(DATA / "prizes" / "karl-mala.csv"))
    # U2200: nobody of ranks 1-12 is under 2200, Wallrabenstein (rank 13) is. U18: Becker. Senior (65 on
    # 2005-07-28: born 1940-07-28 or before): Hillgaertner (rank 76, born 1935-12-02) is the first. Women: the
    # file gives the sex of 8 women only, the first of them ranked 200; Heymann-Lobzhanidze (rank 73, title
    # WFM, sex blank) is a woman by her title. Best WFM: she is the only WFM and has Best woman (100 before a
    # trophy). Unrated: Yilmaz (rank 51) is the first without a rating. ISL: Asbjornsson (rank 174), the only one
    # of the federation. U1800: nobody (the lowest rating is 1827; unrated players do not count)
    assert paid(pl) == KARL_MALA_NONE
    assert "age 17 on 2005-07-28 < 18" in reason(pl, "Best U18")
    assert "age 69 on 2005-07-28 >= 65" in reason(pl, "Best senior")
    assert "woman (sex not given, title WFM)" in reason(pl, "Best woman")
    ties = {t.category.text: [(x.player.name, str(x.outcome)) for x in t.players] for t in pl.ties}
    assert ties["Open"] == [("Donchenko,Anatoli", "no prize"), ("Haub,Thorsten Michael", "no prize")]
    assert ties["Rating<2200"] == [("Danner,Lambert", "no prize")]  # rank 15, 2144, 5.5 points
    assert ties["Senior"] == [("Ritscher,Georg", "no prize")]  # rank 109, born 1935-07-19, 4 points
    assert ties["Unrated"] == [("Adair,Robin", "no prize")]  # rank 57, 4.5 points


def test_a_real_open_shared_equally_and_by_hort():
    table = read_prizes(DATA / "prizes" / "karl-mala.csv")
    equal = paid(award_prizes(standings(KARL_MALA), table, "equal"))
    # six players on 6 points (ranks 2-7) cover places 2-7: 600 + 400 + 300 + 200 = 1500, 250 each
    assert equal[1:7] == [("2nd", "Uwira,Oliver", 250), ("3rd", "Grabarczyk,Bogdan", 250),
                          ("4th", "Vasquez,Rodrigo", 250), ("5th", "Bagaturov,Giorgi", 250),
                          (None, "Donchenko,Anatoli", 250), (None, "Haub,Thorsten Michael", 250)]
    # U2200 150 with Danner (5.5 points): 75 each; senior 100 with Ritscher: 50; unrated 80 with Adair: 40
    assert (None, "Danner,Lambert", 75) in equal and (None, "Ritscher,Georg", 50) in equal
    assert (None, "Adair,Robin", 40) in equal and ("Best unrated", "Yilmaz,Ahmet", 40) in equal
    hort = paid(award_prizes(standings(KARL_MALA), table, "hort"))
    # halves 300 + 200 + 150 + 100 = 750 pooled, 125 each: 425, 325, 275, 225, 125, 125 (1500 in all)
    assert [x[2] for x in hort[1:7]] == [425, 325, 275, 225, 125, 125]
    # U2200: 75 + 37.50 and 37.50
    assert ("Best U2200", "Wallrabenstein,Udo", Fraction("112.5")) in hort
    assert (None, "Danner,Lambert", Fraction("37.5")) in hort


def test_ages_on_the_start_date_and_the_first_of_january():
    # U18 on the start date: Strohhaeker (rank 8, born 1987-04-03) is 18; FIDE's youth events count the age
    # on 1 January, where he is 17: a table writes that as Born>=1987, and he wins it
    st = standings(KARL_MALA)
    on_start = prizes("Best U18,U18,100\n", st=st)
    on_january = prizes("Best U18,Born>=1987,100\n", st=st)
    assert paid(on_start) == [("Best U18", "Becker,Martin Alexander", 100)]
    assert paid(on_january) == [("Best U18", "Strohhaeker,Raoul", 100)]
    assert "born 1987 >= 1987" in reason(on_january, "Best U18")


def test_a_birth_year_without_the_day_leaves_an_age_undecided():
    # XX Open de Gros (start 2010-09-24) writes the year of birth only. U20: born 1991 or later is under 20
    # on any day of 2010; Fernandez Zubitur (rank 24, born 1990) is 19 or 20: not decided, not counted, and a
    # warning says so; Jauregi Barandiaran (rank 30, born 1996) wins
    st = standings(GROS)
    pl = prizes("Best U20,U20,50\n", st=st)
    assert paid(pl) == [("Best U20", "Jauregi Barandiaran Jon", 50)]
    warning = str(pl.warnings[0])
    assert len(pl.warnings) == 1 and "Fernandez Zubitur Jokin" in warning and "year only" in warning
    # by the year of birth it is decided: Born>=1990
    assert paid(prizes("Best U20,Born>=1990,50\n", st=st)) == [("Best U20", "Fernandez Zubitur Jokin", 50)]


def test_ages_need_the_start_date(tmp_path):
    from helpers import trf

    undated = tmp_path / "undated.trf"
    undated.write_text(trf([(1, 2000, "2w1"), (2, 1900, "1b0")], date=None))
    st = rank(decide(str(undated)))
    with pytest.raises(XltbError) as err:
        award_prizes(st, parse_prizes("Prize,Category,Amount\n1st,Open,10\nBest junior,U16,5\n", "p.csv"))
    assert str(err.value).startswith("p.csv, line 3: U16: ages are taken on the event's start date")


def test_team_events_are_refused():
    st = rank(decide(str(SEED / "held-team14.trf")))
    with pytest.raises(XltbError, match="individual events"):
        prizes("1st,Open,100\n", st=st)


def test_the_rules_are_printed_with_the_list():
    rules = [str(r) for r in prizes("1st,Open,100\n", "hort").rules]
    assert any(r.startswith("Sharing and one prize per player:") for r in rules)
    assert any(r.startswith("Hort system") for r in rules)
    assert any("add up to the pool" in r for r in rules)


def test_the_python_api():
    table = xltb.read_prizes(DATA / "prizes" / "seed.csv")
    pl = xltb.award_prizes(standings(), table, share="equal")
    assert isinstance(table, xltb.PrizeTable) and isinstance(pl, xltb.PrizeList)
    assert pl.awards[0].player.name == "Bruno" and pl.awards[0].paid == 50000
