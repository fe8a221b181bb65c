"""The Settings sheet's pairing rows (xltb.sheets.pairing_settings) read into the event's plans, and the
crosstable's rounds as the standings count them (xltb.sheets.progress): completed rounds only, a round
paired but not played, a round half filled named in the Status cell, byes written ahead as requested
byes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xltb.errors import InputError
from xltb.functions import core
from xltb.functions.callables import TB_STANDINGS, TB_STATUS
from xltb.model import Colour, Kind
from xltb.model.plans import RequestedBye, Withdrawal
from xltb.sheets.names import build_event, read_settings
from xltb.sheets.pairing_settings import PairingSettings, baku, parse_pairing, parse_withdrawn
from xltb.sheets.progress import completed_event, round_state, to_pair
from xltb.sheets.settings import parse_settings, settings_from_pairs

HEAD = ["No", "Name", "Rating", "R1", "R2", "R3"]


def rows(*lines):
    return [HEAD] + [list(line) for line in lines]


#: the Status cell's note on FOUR's round 2 (xltb.functions.status)
NOTE2 = ("round 2 entered differs from the dutch pairing, first on board 1: the system gives #2 - #1, the crosstable "
         "#1 - #2")
#: four players, round 1 played, round 2 paired (no result), a half-point bye asked for round 3
FOUR = rows([1, "Ann", 2100, "+W3", "W2", "=BYE"], [2, "Bob", 2000, "=B4", "B1", None],
            [3, "Cid", 1900, "-B1", "B4", None], [4, "Dan", 1800, "=W2", "W3", None])


def test_defaults_say_nothing():
    assert parse_settings({}).pairing == PairingSettings()


def test_every_row_read():
    s = parse_pairing({"PairingSystem": "Dutch", "PairingEdition": "2025", "Rounds": 9.0, "FirstColour": "black",
                       "Acceleration": "Baku", "AcceleratedRounds": 4, "GroupA": "10", "Withdrawn": "12, 15:7"})
    assert s == PairingSettings("dutch", "2025-07", 9, Colour.BLACK, True, 4, 10, ((12, None), (15, 7)))
    assert parse_pairing({"PairingSystem": "Berger"}).system == "berger"
    assert [parse_pairing({"PairingSystem": name}).system for name in ("Burstein", "DUBOV", "Lim", "FIDE team")] == [
        "burstein", "dubov", "lim", "fide-team"]


def test_the_settings_spellings_name_the_systems_of_the_registry():
    """The Settings sheet (a layer below the pairing engine) keeps its own spellings: each goes to a system of
    the registry, and every system of the registry can be typed."""
    from xltb.pairing.systems import LOADERS, TEAM_LOADERS
    from xltb.sheets import pairing_settings

    typed = {**pairing_settings._SYSTEMS, **pairing_settings._TEAM_SYSTEMS}
    assert set(typed.values()) <= set(LOADERS) | set(TEAM_LOADERS)
    assert set(LOADERS) <= set(typed.values()) and set(TEAM_LOADERS) <= set(typed) | set(typed.values())


@pytest.mark.parametrize("key, value, said", [
    ("PairingEdition", "2019", "Settings PairingEdition: unknown edition of the Swiss rules '2019'"),
    ("Rounds", "0", "Settings Rounds: '0' is not a whole number of at least 1"),
    ("Rounds", "nine", "Settings Rounds: 'nine' is not a number"),
    # an exponent of more than three digits is refused as the event's settings refuse it, before Fraction makes a
    # billion-digit number of it (it ran for minutes)
    ("Rounds", "1e999999999", "Settings Rounds: '1e999999999' is not a number"),
    ("FirstColour", "red", "Settings FirstColour: 'red' is not White or Black"),
    ("Acceleration", "Haley", "Settings Acceleration: 'Haley' is not Baku"),
    ("PairingSystem", "Monrad", "Settings PairingSystem: 'Monrad' is not Dutch, Burstein, Dubov, Lim, Berger"),
    ("Withdrawn", "12, x", "Settings Withdrawn: cannot read 'x'"),
])
def test_bad_rows_name_the_setting(key, value, said):
    with pytest.raises(InputError) as err:
        parse_settings({key: value})
    assert str(err.value).startswith(said)


def test_withdrawn_spellings():
    assert parse_withdrawn("12 ; #15 from R7, 3 : 2") == ((12, None), (15, 7), (3, 2))
    assert parse_withdrawn(None) == ()


def test_baku_points_as_the_handbook_example():
    # C.04.5.1 1.4.3's example: nine rounds, five accelerated: 1 point in the first three, 0.5 in the next two;
    # 1.2.1's: GA is 2 * ceil(N / 4) players (161 players: 82)
    points = (Fraction(1),) * 3 + (Fraction(1, 2),) * 2
    found = baku(parse_pairing({"Acceleration": "Baku"}), list(range(1, 162)), 9)
    assert [a.start_no for a in found] == list(range(1, 83)) and {a.points for a in found} == {points}
    assert found[0].at(6) == 0 and found[0].at(4) == Fraction(1, 2)
    assert baku(parse_pairing({"Acceleration": "Baku", "GroupA": 2, "AcceleratedRounds": 2}), [1, 2, 3], None) \
        == baku(parse_pairing({"Acceleration": "Baku", "GroupA": 2, "AcceleratedRounds": 2}), [3, 2, 1], 11)
    with pytest.raises(InputError, match="AcceleratedRounds"):
        baku(parse_pairing({"Acceleration": "Baku"}), [1, 2], None)


def test_settings_become_the_events_plans():
    settings = [["Rounds", 3], ["FirstColour", "White"], ["Withdrawn", "4"], ["PointsPAB", 0.5]]
    event = build_event(FOUR, read_settings(settings))
    assert event.rounds_planned == 3 and event.scoring.pab == Fraction(1, 2)
    assert event.plans.first_colour is Colour.WHITE
    assert event.plans.withdrawals == (Withdrawal(4, 2),)  # from the next round: round 1 is the last complete
    # round 3 holds a bye and no game: requested, not a round of the event; round 2 is not played yet
    assert event.plans.requested_byes == (RequestedBye(1, 3, Kind.HALF_BYE, 2),)
    assert event.rounds == 2 and completed_event(event).rounds == 1


def test_rounds_counted_and_the_event_to_pair():
    event = build_event(FOUR, read_settings(None))
    state = round_state(event)
    assert (state.completed, state.rounds, state.pending, state.half_filled) == (1, 2, (2,), ())
    assert completed_event(event).rounds == 1
    done, next_round = to_pair(event)
    assert next_round == 2 and done.rounds == 1 and all(len(p.results) == 1 for p in done.players)
    assert done.plans.requested_byes == (RequestedBye(1, 3, Kind.HALF_BYE, 2),)
    written = [list(r) for r in FOUR]
    written[1][4], written[2][4] = None, "ZPB"  # round 2: Ann not paired yet, Bob asks for a zero-point bye
    done, next_round = to_pair(build_event(rows(*[r[:5] for r in written[1:]]), read_settings(None)))
    assert next_round == 2 and done.rounds == 1
    assert done.plans.requested_byes == (RequestedBye(2, 2, Kind.ZERO_BYE, 3),)


def test_standings_count_completed_rounds_and_status_says_so():
    core.clear_cache()
    table = TB_STANDINGS(FOUR, [["Rounds", 3]])
    points = {row[1]: row[4] for row in table[1:]}
    assert points == {1: 1, 2: 0.5, 3: 0, 4: 0.5}  # round 2's pairings add nothing
    # FOUR's round 2 is not the Dutch pairing (#2 has White): a note, after what the rounds counted say
    assert TB_STATUS(FOUR, [["Rounds", 3]]) == f"ok (after round 1 of 3: round 2 paired, no result yet; {NOTE2})"
    half = [list(r) for r in FOUR]
    half[1][4], half[2][4] = "+W2", "-B1"  # Ann beats Bob: one of round 2's two games has its result
    assert TB_STATUS(half, None) == ("ok (after round 1: round 2 half filled: 1 of 2 games without a result "
                                     f"(first Crosstable!E4); {NOTE2})")
    assert {row[1]: row[4] for row in TB_STANDINGS(half, None)[1:]} == points  # still after round 1
    played = [list(r) for r in half]
    played[3][4], played[4][4] = "=W4", "=B3"
    assert TB_STATUS(played, None) == "ok"  # its results all in: the Status cell no longer pairs it again
    assert {row[1]: row[4] for row in TB_STANDINGS(played, None)[1:]} == {1: 2, 2: 0.5, 3: 0.5, 4: 1}


def test_results_after_a_pending_round_are_named():
    table = rows([1, "Ann", 2100, "W2", "+W3"], [2, "Bob", 2000, "B1", "=W4"],
                 [3, "Cid", 1900, "W4", "-B1"], [4, "Dan", 1800, "B3", "=B2"])
    assert TB_STATUS(table, None) == ("ok (after round 0: round 1 paired, no result yet; results in round 2 "
                                      "(Crosstable!E2) are not counted; round 1 entered differs from the dutch "
                                      "pairing, first on board 1: the system gives #1 - #3, the crosstable #1 - #2)")
    assert {row[1]: row[4] for row in TB_STANDINGS(table, None)[1:]} == {1: 0, 2: 0, 3: 0, 4: 0}


def test_settings_keys_are_read_from_the_block():
    assert settings_from_pairs([["Rounds", 9], ["First colour", "Black"], ["withdrawn", "3"]]) == \
        {"Rounds": 9, "FirstColour": "Black", "Withdrawn": "3"}


def test_the_pairing_choices_of_the_settings_are_said_to_come_from_the_workbook():
    """Settings PairingEdition and PairingSystem are the workbook's choices, said as every other setting's
    ("from the workbook: Settings PairingEdition"), not the user's; without them the start date's edition is
    the workbook's too (its Settings StartDate), and a command's own option stays the user's."""
    from xltb.functions.core import event_for
    from xltb.functions.pairings import round_pairing
    from xltb.model.choice import Choice
    from xltb.pairing.pair import pair

    core.clear_cache()
    table = rows([1, "Ann", 2100, "+W3"], [2, "Bob", 2000, "=B4"], [3, "Cid", 1900, "-B1"], [4, "Dan", 1800, "=W2"])
    given = round_pairing(event_for(table, [["PairingEdition", "2025-07"], ["PairingSystem", "Dutch"]]))
    assert given.edition == Choice("2025-07", "workbook", "Settings PairingEdition")
    assert given.system == Choice("dutch", "workbook", "Settings PairingSystem")
    assert given.edition.text == "from the workbook: Settings PairingEdition"
    dated = round_pairing(event_for(table, [["StartDate", "2026-03-01"]]))
    assert dated.edition.value == "2026-02" and dated.edition.origin == "workbook"
    assert dated.system.origin == "default"
    own = pair(build_event(table, read_settings(None)), edition="2025-07")
    assert own.edition == Choice("2025-07", "user")
