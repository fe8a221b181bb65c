"""TB_PAIRINGS and TB_PAIRINGS_BY_NAME (xltb.functions.pairings): a round's pairing rendered into the cells
of the list by board and the list by name (a pure function of the RoundPairing record, tested on records
built here), in the five languages; what the function gives the pairing engine (the completed rounds,
the round after them, the Settings' choices and plans); errors as the other table functions give them;
the function registered in every host."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xltb.functions import core
from xltb.functions.callables import NAMES, TABLES, TB_PAIRINGS, TB_PAIRINGS_BY_NAME
from xltb.functions.pairings import board_rows, name_rows
from xltb.hosts.book import pairing_room
from xltb.hosts.libreoffice.dispatch import pad_table
from xltb.hosts.libreoffice.spec import BY_NAME
from xltb.messages import Message
from xltb.model import Kind, Player, Tournament
from xltb.model.choice import Choice
from xltb.model.plans import RequestedBye
from xltb.pairing.result import Board, Bye, RoundPairing
from xltb.report.i18n import language

HEAD = ["No", "Name", "Rating", "R1", "R2", "R3"]
#: five players; round 1 played (#5 had the PAB), round 2: #3 asked for a half-point bye
CROSSTABLE = [HEAD, [1, "Zoe", 2200, "+W4", "", ""], [2, "Al", 2100, "=B3", "", ""], [3, "Bea", 2000, "=W2", "=BYE", ""],
              [4, "Cy", 1900, "-B1", "", ""], [5, "Di", 1800, "+BYE", "", ""]]

PAIRING = RoundPairing(
    round=2, system=Choice("dutch", "default"), edition=Choice("2026-02", "default"),
    boards=(Board(1, 5, 1, Fraction(1), Fraction(1), (Message("origin.default"),)),
            Board(2, 2, 4, Fraction(1, 2), Fraction(0))),
    byes=(Bye(3, Kind.HALF_BYE, Fraction(1, 2)), Bye(6, Kind.ABSENT, Fraction(0))))


def _event() -> Tournament:
    from xltb.sheets.names import build_event, read_settings
    from xltb.sheets.progress import to_pair

    return to_pair(build_event(CROSSTABLE, read_settings(None)))[0]


def test_the_list_by_board():
    rows = board_rows(PAIRING, _event(), language("en"))
    assert rows == [
        ["Round 2 pairings", "", "", "", "", "", "", ""],
        ["Board", "No.", "White", "Pts", "No.", "Black", "Pts", "Reason"],
        [1, 5, "Di", 1, 1, "Zoe", 1, "xltb's default"],
        [2, 2, "Al", 0.5, 4, "Cy", 0, ""],
        ["", 3, "Bea", 0.5, "", "half-point bye", 0.5, ""],
        ["", 6, "", 0, "", "not paired", "", ""],
    ]


def test_the_list_by_name():
    rows = name_rows(PAIRING, _event(), language("en"))
    assert rows[:2] == [["Round 2 pairings by name", "", "", "", "", ""],
                        ["Name", "No.", "Board", "Colour", "Opponent", "No."]]
    assert rows[2:] == [["", 6, "", "not paired", "", ""], ["Al", 2, 2, "White", "Cy", 4],
                        ["Bea", 3, "", "half-point bye", "", ""], ["Cy", 4, 2, "Black", "Al", 2],
                        ["Di", 5, 1, "White", "Zoe", 1], ["Zoe", 1, 1, "Black", "Di", 5]]


@pytest.mark.parametrize("code, title, white", [("en", "Round 2 pairings", "White"),
                                                 ("de", "Paarungen der 2. Runde", "Weiß"),
                                                 ("fr", "Appariements de la ronde 2", "Blancs"),
                                                 ("it", "Abbinamenti del turno 2", "Bianco"),
                                                 ("es", "Emparejamientos de la ronda 2", "Blancas")])
def test_five_languages(code, title, white):
    rows = board_rows(PAIRING, _event(), language(code))
    assert rows[0][0] == title and rows[1][2] == white
    assert name_rows(PAIRING, _event(), language(code))[3][3] == white  # Al has White


@pytest.fixture
def engine(monkeypatch):
    """The pairing engine's entry as the function reaches it, recording what it is given: the function's own
    layer (which round, which event, which choices) is what is tested here; the engine has its own tests."""
    calls = []

    def pair(event, round_no=None, *, system=None, edition=None, lots=None, by=None):
        calls.append((event, round_no, system, edition, lots))
        return PAIRING

    import xltb.pairing.pair as engine_module

    monkeypatch.setattr(engine_module, "pair", pair)  # the entry the functions import when they pair
    core.clear_cache()
    yield calls
    core.clear_cache()


def test_the_engine_gets_the_completed_rounds_and_the_settings(engine):
    settings = [["PairingSystem", "Dutch"], ["PairingEdition", "2025-07"], ["Lots", 7], ["Rounds", 5],
                ["FirstColour", "White"], ["Language", "de"]]
    table = TB_PAIRINGS(CROSSTABLE, settings)
    assert table[0][0] == "Paarungen der 2. Runde" and table[2][:7] == [1, 5, "Di", 1, 1, "Zoe", 1]
    (event, round_no, system, edition, lots), = engine
    assert (round_no, system, edition, lots, event.rounds, event.rounds_planned) == (2, "dutch", "2025-07", 7, 1, 5)
    assert event.plans.requested_byes == (RequestedBye(3, 2, Kind.HALF_BYE, 4),)
    assert TB_PAIRINGS_BY_NAME(CROSSTABLE, settings)[2:4] == [["", 6, "", "nicht gepaart", "", ""],
                                                              ["Al", 2, 2, "Weiß", "Cy", 4]]
    assert len(engine) == 1  # one pairing per event, whichever list shows it


def test_a_round_paired_is_paired_again_until_complete(engine):
    paired = [list(r) for r in CROSSTABLE]
    for row, cell in zip(paired[1:], ["B5", "W4", "=BYE", "B2", "W1"]):
        row[4] = cell
    TB_PAIRINGS(paired, None)
    assert engine[-1][1] == 2 and engine[-1][0].rounds == 1
    paired = [list(r) for r in paired]  # a host passes the block afresh on every call
    for row, cell in zip(paired[1:], ["=B5", "+W4", "=BYE", "-B2", "=W1"]):
        row[4] = cell
    TB_PAIRINGS(paired, None)
    assert engine[-1][1] == 3 and engine[-1][0].rounds == 2


def test_errors_keep_title_and_header(engine):
    bad = [list(r) for r in CROSSTABLE]
    bad[1][3] = "+W9"
    table = TB_PAIRINGS(bad, None)
    assert table[:2] == [["Pairings", "", "", "", "", "", "", ""],
                         ["Board", "No.", "White", "Pts", "No.", "Black", "Pts", "Reason"]]
    assert table[2][0] == "#VALUE!" and table[2][2] == "Crosstable!D2: round 1: opponent 9 has no row in the crosstable"
    assert TB_PAIRINGS([HEAD, [None] * 6], None) == table[:2]  # no participants yet: the header only
    assert TB_PAIRINGS(CROSSTABLE, [["Rounds", 1]])[2][:3] == ["", "", "all 1 rounds are played (Settings Rounds)"]
    assert TB_PAIRINGS(CROSSTABLE, [["PairingSystem", "Monrad"]])[2][:3] == [
        "#VALUE!", "", "Settings PairingSystem: 'Monrad' is not Dutch, Burstein, Dubov, Lim, Berger or FIDE team"]
    assert TB_PAIRINGS(CROSSTABLE, [["Language", "nl"]])[1][:3] == [
        "#VALUE!", "", "Settings Language: 'nl' is not one of de, en, es, fr, it"]
    assert engine == []


def test_registered_in_every_host():
    assert {"TB_PAIRINGS", "TB_PAIRINGS_BY_NAME"} <= set(NAMES) and {"TB_PAIRINGS", "TB_PAIRINGS_BY_NAME"} <= set(TABLES)
    assert [p.name for p in BY_NAME["TB_PAIRINGS"].params] == ["crosstable", "settings", "teams"]
    from xltb.hosts.libreoffice.idl import IDL_FILE, idl_text

    assert IDL_FILE.read_text() == idl_text() and "TB_PAIRINGS_BY_NAME(" in idl_text()
    # LibreOffice: the matrix a template keeps (no #N/A around a shorter list)
    rows = board_rows(PAIRING, _event(), language("en"))
    assert pairing_room(rows, len(CROSSTABLE)) == (7, 8)
    assert len(pad_table("TB_PAIRINGS", rows, (CROSSTABLE, None, None))) == 7


def test_team_lists_are_the_players_lists_in_words_for_teams():
    """One list builder for players and teams (xltb.functions.pairings): a team's requested bye is named the
    same in the list by match and the list by name; a list that cannot be shown has the header of a crosstable's."""
    from xltb.functions.pairings import tb_pairings, tb_pairings_by_name
    from xltb.sheets.crosstable import Origin
    from xltb.sheets.names import TeamSheets
    from xltb.sheets.teams import MATCHES_HEADER, TEAMS_HEADER

    teams = TeamSheets([TEAMS_HEADER + ["1", "2"]] + [[t, f"Team {t}", f"T{t}", 2400 - 10 * t, f"P{t}.1", f"P{t}.2"]
                                                       for t in range(1, 6)], Origin("Teams"))
    settings = [["EventType", "Team Swiss"], ["Boards", 2], ["Rounds", 3], ["PairingEdition", "2026-02"]]
    matches = [list(MATCHES_HEADER), [1, None, 3, None, None, None, "HPB"]] + [[None] * len(MATCHES_HEADER)] * 9
    core.clear_cache()
    by_match = tb_pairings(matches, settings, Origin("Matches"), teams)
    assert by_match[1] == ["Match", "No.", "Team A", "Pts", "No.", "Team B", "Pts", "Reason"]
    assert [row[:7] for row in by_match[2:]] == [[1, 1, "Team 1", 0, 4, "Team 4", 0], [2, 5, "Team 5", 0, 2, "Team 2", 0],
                                                 ["", 3, "Team 3", 0, "", "half-point bye", 1]]
    by_name = tb_pairings_by_name(matches, settings, Origin("Matches"), teams)
    assert by_name[1] == ["Name", "No.", "Match", "Colour", "Opponent", "No."]
    assert by_name[4] == ["Team 3", 3, "", "half-point bye", "", ""]  # was "not paired" by name
    refused = tb_pairings(matches, settings + [["PairingSystem", "Monrad"]], Origin("Matches"), teams)
    assert refused[1] == ["Board", "No.", "White", "Pts", "No.", "Black", "Pts", "Reason"]  # as a crosstable's
    assert str(refused[2][0]) == "#VALUE!" and refused[2][2].startswith("Settings PairingSystem: 'Monrad'")
    core.clear_cache()
