"""The Status cell's note on a team round being entered (xltb.functions.status.team_round_check): a round
entered as the team Swiss (C.04.6) pairs it ("Pair next round") adds nothing; one the arbiter changed in the
Matches sheet adds a note naming the first match of the system's pairing that differs (other teams, board 1's
colours the other way round) or the pairing-allocated bye, while the round is being entered; once its
results are all in, nothing (``xltb check --pairings`` checks played rounds). The note stays a note."""

from __future__ import annotations

import random

import pytest

from xltb.functions import core
from xltb.functions.edits import place
from xltb.functions.enter import next_round
from xltb.functions.status import tb_status
from xltb.sheets.crosstable import Origin
from xltb.sheets.names import TeamSheets
from xltb.sheets.teams import MATCHES_HEADER, TEAMS_HEADER

MATCHES, TEAMS = Origin("Matches"), Origin("Teams")
BOARDS = 3


def _teams(n: int) -> TeamSheets:
    rows = [TEAMS_HEADER + ["1", "2", "3"]]
    for t in range(1, n + 1):
        rows.append([t, f"Team {t:02d}", f"T{t}", 2400 - 10 * t] + [f"P{t}.{k}" for k in range(1, 4)])
    return TeamSheets(rows, TEAMS)


def _settings(colours: str = "") -> list[list]:
    rows = [["EventType", "Team Swiss"], ["Boards", BOARDS], ["PrimaryScore", "MP"], ["Rounds", 5],
            ["PairingEdition", "2026-02"], ["FirstColour", "White"]]
    return rows + ([["BoardColours", colours]] if colours else [])


def _enter(matches: list[list], settings: list[list], sheets: TeamSheets):
    core.clear_cache()
    entered = next_round(matches, settings, MATCHES, sheets)
    for e in entered.edits:
        r, c = place(e.cell)
        matches[r - 1][c - 1] = e.value
    return entered.pairing


def _results(matches: list[list], rnd: int, rng: random.Random) -> None:
    for row in matches[1:]:
        if row[0] == rnd and row[1] is not None and row[6] is None:
            row[6] = rng.choice(["1-0", "½-½", "0-1"])


def _status(matches: list[list], settings: list[list], sheets: TeamSheets) -> str:
    core.clear_cache()
    return tb_status(matches, settings, MATCHES, sheets)


def _state(teams: int, colours: str = ""):
    """Round 1 played, round 2 paired by the system and entered."""
    rng = random.Random(teams)
    sheets, settings = _teams(teams), _settings(colours)
    matches = [list(MATCHES_HEADER)] + [[None] * 7 for _ in range(60)]
    _enter(matches, settings, sheets)
    _results(matches, 1, rng)
    rp = _enter(matches, settings, sheets)
    return matches, settings, sheets, rp, rng


def _lines(matches: list[list], rnd: int, a: int) -> list[list]:
    return [row for row in matches[1:] if row[0] == rnd and row[2] == a and row[1] is not None]


def test_a_round_entered_by_the_system_adds_nothing():
    matches, settings, sheets, rp, rng = _state(8)
    assert rp.round == 2
    assert _status(matches, settings, sheets) == "ok (after round 1 of 5: round 2 paired, no result yet)"
    _results(matches, 2, rng)
    assert _status(matches, settings, sheets) == "ok"


@pytest.mark.parametrize("colours", ["", "BWBW"])
def test_other_teams_are_named_with_the_first_match_that_differs(colours):
    matches, settings, sheets, rp, rng = _state(8, colours)
    m2, m3 = rp.boards[1], rp.boards[2]
    # team A of each match: the one with the first colour of BoardColours on board 1
    a2, b2, a3, b3 = (m2.black, m2.white, m3.black, m3.white) if colours else (m2.white, m2.black, m3.white, m3.black)
    for row in _lines(matches, 2, a2):
        row[3] = b3
    for row in _lines(matches, 2, a3):
        row[3] = b2
    # what the Matches sheet has for the system's White of match 2 (BWBW: team B, now facing team A of match 3)
    shown = f"#{a2} - #{b3}" if not colours else f"#{b2} - #{a3}"
    note = (f"round 2 entered differs from the fide-team pairing, first on match 2: the system gives #{m2.white} - "
            f"#{m2.black} (board 1's colours), the Matches sheet {shown}")
    assert _status(matches, settings, sheets) == f"ok (after round 1 of 5: round 2 paired, no result yet; {note})"
    _results(matches, 2, rng)
    assert _status(matches, settings, sheets) == "ok"  # the results all in: not paired again


def test_colours_the_other_way_round():
    matches, settings, sheets, rp, _ = _state(8)
    first = rp.boards[0]
    for row in _lines(matches, 2, first.white):
        row[2], row[3], row[4], row[5] = row[3], row[2], row[5], row[4]
    assert _status(matches, settings, sheets).endswith(
        f"first on match 1: the system gives #{first.white} - #{first.black} (board 1's colours), the Matches sheet "
        f"#{first.black} - #{first.white})")


def test_the_pab_given_to_another_team():
    matches, settings, sheets, rp, _ = _state(7)
    pab = next(y.start_no for y in rp.byes if y.kind.name == "PAB")
    last = rp.boards[-1]
    for row in _lines(matches, 2, last.white):
        row[3] = pab  # the last match's team B plays the team the system gave the PAB
    bye = next(row for row in matches[1:] if row[0] == 2 and row[1] is None and row[6] == "PAB")
    bye[2] = last.black
    assert _status(matches, settings, sheets).endswith(
        f"first on match {last.number}: the system gives #{last.white} - #{last.black} (board 1's colours), the "
        f"Matches sheet #{last.white} - #{pab})")
    for row in _lines(matches, 2, last.white):
        row[3] = last.black
    bye[2] = pab
    assert _status(matches, settings, sheets) == "ok (after round 1 of 5: round 2 paired, no result yet)"
    # the same matches, the PAB's line cleared: the note names the bye
    bye[:] = [None] * 7
    assert _status(matches, settings, sheets).endswith(
        f"round 2 entered differs from the fide-team pairing: the pairing-allocated bye to -, the system gives it "
        f"to {pab})")


@pytest.mark.parametrize("code, word", [("de", "Kampf"), ("fr", "match"), ("it", "incontro"), ("es", "encuentro")])
def test_the_note_in_the_other_languages(code, word):
    from xltb.messages import Message
    from xltb.report.i18n import language

    text = language(code).render(Message("pair.status_match", round=2, system="fide-team", board=3, white=1,
                                         black=4, entered=Message("pair.status_no_match", no=1)))
    assert word in text and "#1 - #4" in text and "{" not in text


def test_the_worksheet_function_says_the_same():
    """``TB_STATUS(Matches, Settings, Teams)`` as a host calls it (the blocks' origins by default)."""
    from xltb.functions.callables import TB_STATUS

    matches, settings, sheets, rp, _ = _state(8)
    first = rp.boards[0]
    for row in _lines(matches, 2, first.white):
        row[2], row[3], row[4], row[5] = row[3], row[2], row[5], row[4]
    core.clear_cache()
    assert TB_STATUS(matches, settings, sheets.rows) == _status(matches, settings, sheets)
    assert "first on match 1" in _status(matches, settings, sheets)
