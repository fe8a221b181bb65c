"""The shared checks of the readers (readers.builder) and the one registry."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from helpers import DATA, SEED
from xltb.errors import InputError
from xltb.messages import Message
from xltb.model import Colour, EventType, Kind, Player, RoundResult, Scoring
from xltb.events import builder
from xltb.readers import read_event
from xltb.readers.registry import READERS, _reader_for


def _rows(*pairs):
    """rows of one round: (me, kind, opponent, colour)"""
    table = Scoring().table()
    return {me: [RoundResult(1, kind, opp, colour, table[kind])] for me, kind, opp, colour in pairs}


def _problem(what, me, r, opp):
    return InputError(f"{what} {me} {r} {opp}")


@pytest.mark.parametrize("a, b", [(Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.UNRATED_WIN, Kind.UNRATED_LOSS),
                                  (Kind.UNRATED_DRAW, Kind.UNRATED_DRAW), (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
                                  (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS), (Kind.NOT_PLAYED, Kind.NOT_PLAYED)])
def test_one_mirror_table_for_every_reader(a, b):
    assert b in builder.MIRROR[a] and a in builder.MIRROR[b]
    builder.check_pairings([1, 2], _rows((1, a, 2, Colour.WHITE), (2, b, 1, Colour.BLACK)), _problem)


def test_check_pairings_says_what_is_wrong_first_in_reading_order():
    with pytest.raises(InputError, match="contradiction 1 0 2"):
        builder.check_pairings([1, 2], _rows((1, Kind.WIN, 2, Colour.NONE), (2, Kind.UNRATED_LOSS, 1, Colour.NONE)),
                               _problem)
    with pytest.raises(InputError, match="unpaired 2 0 1"):
        builder.check_pairings([2, 1, 3], _rows((1, Kind.ABSENT, None, Colour.NONE), (2, Kind.WIN, 1, Colour.NONE),
                                                (3, Kind.ABSENT, None, Colour.NONE)), _problem)
    with pytest.raises(InputError, match="unknown 1 0 9"):
        builder.check_pairings([1], _rows((1, Kind.WIN, 9, Colour.NONE)), _problem)
    same = _rows((1, Kind.WIN, 2, Colour.WHITE), (2, Kind.LOSS, 1, Colour.WHITE))
    builder.check_pairings([1, 2], same, _problem)  # colours are checked only when asked (the Crosstable sheet)
    with pytest.raises(InputError, match="colour 1 0 2"):
        builder.check_pairings([1, 2], same, _problem, colours=True)


def test_double_forfeits_are_marked_on_both_sides():
    rows = _rows((1, Kind.FORFEIT_LOSS, 2, Colour.NONE), (2, Kind.FORFEIT_LOSS, 1, Colour.NONE))
    builder.mark_double_forfeits([1, 2], rows, Scoring().table())
    assert [rows[n][0].kind for n in (1, 2)] == [Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT]


def test_explain_points_adopts_a_convention_and_reports_what_is_left():
    rows = _rows((1, Kind.PAB, None, Colour.NONE))
    players = lambda s: [Player(1, "A", tuple(builder.rescored(rows, s)[1]), declared_points=Fraction(1, 2), line=7)]
    warnings: list = []
    found, scoring, mismatch = builder.explain_points(players(Scoring()), Scoring(), players, warnings,
                                                      declared_as=Message("points.published"))
    assert mismatch is None and scoring.pab == Fraction(1, 2)
    assert [str(w) for w in warnings] == ["the published points are explained only if a pairing-allocated bye is "
                                          "worth a draw; read so"]
    _, _, mismatch = builder.explain_points(players(Scoring()), Scoring(), players, [], declared_as=Message("x"),
                                            alternatives=False)
    error = builder.points_error(mismatch, "f.trf", rounds="results", declared_by="the file says")
    assert (str(error), error.line) == ("f.trf, line 7: player 1: the results add up to 1 points but the file says 0.5",
                                        7)


def test_event_type_inferred_with_each_readers_words():
    rr = [Player(n, str(n), tuple(RoundResult(1, Kind.DRAW, o) for o in (1, 2, 3) if o != n)) for n in (1, 2, 3)]
    warnings: list = []
    assert builder.event_type(None, rr, warnings, builder.EXPORT_INFERRED) is EventType.ROUND_ROBIN
    assert builder.event_type(EventType.SWISS, rr, warnings) is EventType.SWISS
    assert [str(w) for w in warnings] == ["every two players met exactly once: read as a round robin"]


def test_the_registry_asks_the_readers_in_order():
    assert READERS == ("workbook", "trf_team", "trf", "chessresults", "swissperfect")
    team = (SEED / "held-team14.trf").read_text(encoding="utf-8")
    assert _reader_for(team, READERS)[0] == "trf_team"
    assert _reader_for(team, ("trf",))[0] == "trf"
    swiss = (SEED / "held-swiss16.trf").read_text(encoding="utf-8")
    assert _reader_for(swiss, READERS)[0] == "trf"
    sp = (DATA / "csv" / "LimerickClubChampionship09.txt").read_text(encoding="utf-8")
    assert _reader_for(sp, READERS)[0] == "swissperfect"
    assert read_event(DATA / "csv" / "2018-moscow-open.csv")[1] == "chess-results crosstable export (CSV)"
    assert read_event(SEED / "held-team14.trf")[1] == "TRF, team event"
    workbooks = Path(__file__).resolve().parent.parent / "workbooks"
    assert read_event(workbooks / "held-team14.ods")[1] == "xltb workbook (.ods)"
    assert read_event(workbooks / "held-rr6.xlsx")[1] == "xltb workbook (.xlsx)"


def test_event_type_chosen_one_way_for_players_and_teams():
    """builder.chosen_event_type: the user's type, else the file's (092 text, 192 code), else the pairings', else a
    Swiss, with where it came from: one function for the individual readers and the team builder."""
    rr = [Player(n, str(n), tuple(RoundResult(1, Kind.DRAW, o) for o in (1, 2, 3) if o != n)) for n in (1, 2, 3)]
    warnings: list = []
    found, choice = builder.chosen_event_type(None, rr, warnings, type_text="Swiss-System")
    assert (found, choice.origin, choice.reason) == (EventType.SWISS, "file", "TRF 092 'Swiss-System'")
    found, choice = builder.chosen_event_type(None, rr, warnings, type_code="FIDE_DUTCH_2025")
    assert (found, choice.reason) == (EventType.SWISS, "TRF 192 'FIDE_DUTCH_2025'")
    assert warnings == []  # declared: nothing inferred
    found, choice = builder.chosen_event_type(EventType.SWISS, rr, warnings)
    assert (found, choice.origin, warnings) == (EventType.SWISS, "user", [])
    found, choice = builder.chosen_event_type(None, rr, warnings, inferred=builder.EXPORT_INFERRED)
    assert (found, choice.origin) == (EventType.ROUND_ROBIN, "file")
    assert [str(w) for w in warnings] == ["every two players met exactly once: read as a round robin"]
    found, choice = builder.chosen_event_type(None, rr[:2], [])
    assert (found, choice.origin) == (EventType.SWISS, "default")


def test_rounds_warning_only_when_the_rounds_differ():
    assert builder.rounds_warning(None, 5) is None and builder.rounds_warning(5, 5, team=True) is None
    assert builder.rounds_warning(7, 5) == Message("warn.rounds_fewer", declared=7, found=5)
    assert builder.rounds_warning(5, 7, team=True) == Message("warn.rounds_more_team", declared=5, found=7)


def test_299_records_read_one_way_for_players_and_teams():
    """TRF-2026 299: one table of result types and one order of the records (this participant and round, this
    participant, this round, everyone) for a player's points and a team's MP and GP."""
    assert builder.result_type_299("u", 9, "f.trf") is Kind.PAB and builder.result_type_299("+", 9, "f.trf") is Kind.FORFEIT_WIN
    with pytest.raises(InputError, match="299: unknown result type 'Q'") as bad:
        builder.result_type_299("Q", 9, "f.trf")
    assert bad.value.line == 9
    overrides = {(None, None, Kind.PAB): "every", (None, 3, Kind.PAB): "round 3", (7, None, Kind.PAB): "player 7",
                 (7, 3, Kind.PAB): "player 7, round 3"}
    assert builder.most_specific(overrides, 7, 3, Kind.PAB) == "player 7, round 3"
    assert builder.most_specific(overrides, 7, 2, Kind.PAB) == "player 7"
    assert builder.most_specific(overrides, 8, 3, Kind.PAB) == "round 3"
    assert builder.most_specific(overrides, 8, 2, Kind.PAB) == "every"
    assert builder.most_specific(overrides, 7, 3, Kind.HALF_BYE) is None
