"""Baku acceleration in the team workbook (Settings Acceleration, AcceleratedRounds, GroupA): under the 2026-02
edition (C.04.7 1) the teams of GA get a match win's points, then a draw's, as virtual points for pairing; the
round paired is what ``xltb pair`` pairs from the TRF written from the same state (its ``250`` records); the
2025-07 edition (C.04.5.1 1.1.1: the standard scoring only), game points as the primary score and match points
where a win is not two draws are refused, naming the setting."""

from __future__ import annotations

import io
import json
import random
import sys
from fractions import Fraction

import pytest

from xltb.cli.main import main
from xltb.functions import core
from xltb.functions.edits import place
from xltb.functions.enter import next_round
from xltb.functions.team_pairing import planned_event
from xltb.sheets.crosstable import Origin
from xltb.sheets.names import TeamSheets
from xltb.sheets.teams import MATCHES_HEADER, TEAMS_HEADER
from xltb.writers.trf import write_trf

MATCHES, TEAMS = Origin("Matches"), Origin("Teams")


def _teams(n: int) -> TeamSheets:
    rows = [TEAMS_HEADER + ["1", "2", "3", "4"]]
    for t in range(1, n + 1):
        rows.append([t, f"Team {t:02d}", f"T{t}", 2400 - 10 * t] + [f"P{t}.{k}" for k in range(1, 5)])
    return TeamSheets(rows, TEAMS)


def _settings(edition: str = "2026-02", primary: str = "MP", **extra) -> list[list]:
    rows = [["EventType", "Team Swiss"], ["Boards", 4], ["PrimaryScore", primary], ["Rounds", 7],
            ["PairingEdition", edition], ["FirstColour", "White"], ["Acceleration", "Baku"]]
    return rows + [[k, v] for k, v in extra.items()]


def _empty() -> list[list]:
    return [list(MATCHES_HEADER)] + [[None] * 7 for _ in range(200)]


def test_virtual_match_points_of_group_a():
    core.clear_cache()
    event = core.event_for(_empty(), _settings(), MATCHES, _teams(10))
    assert isinstance(event, core.Event) and event.event.is_team
    acc = event.event.plans.acceleration
    # GA: 2 x ceil(10 / 4) = 6 teams; 7 rounds: the first 4 accelerated, 2 MP in rounds 1-2, 1 MP in 3-4
    assert [a.start_no for a in acc] == [1, 2, 3, 4, 5, 6]
    assert [acc[0].at(r) for r in range(1, 6)] == [acc[-1].at(r) for r in range(1, 6)] == [Fraction(2), Fraction(2), Fraction(1), Fraction(1), Fraction(0)]
    core.clear_cache()
    event = core.event_for(_empty(), _settings(GroupA=4, AcceleratedRounds=2), MATCHES, _teams(10))
    assert isinstance(event, core.Event) and event.event.is_team
    acc = event.event.plans.acceleration
    assert [a.start_no for a in acc] == [1, 2, 3, 4] and [acc[0].at(r) for r in (1, 2, 3)] == [2, 1, 0]


def test_round_one_accelerated():
    """Round 1 of 12 teams: GA (1-6) and GB (7-12) are two score groups, 1-4, 2-5, 3-6 and 7-10, 8-11, 9-12
    (without acceleration 1-7, 2-8, ...)."""
    core.clear_cache()
    entered = next_round(_empty(), _settings(), MATCHES, _teams(12))
    assert sorted(tuple(sorted((b.white, b.black))) for b in entered.pairing.boards) == \
        [(1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12)]


def _pair_trf(text: str, tmp_path, rnd: int) -> list[tuple[int, int]]:
    path = tmp_path / f"state{rnd}.trf"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    sys_stdout, sys.stdout = sys.stdout, out
    try:
        assert main(["pair", str(path), "-f", "json"]) == 0
    finally:
        sys.stdout = sys_stdout
    doc = json.loads(out.getvalue())
    return [(b["white"], b["black"]) for b in doc["boards"]] + [(y["no"], 0) for y in doc["byes"] if y["kind"] == "PAB"]


@pytest.mark.parametrize("seed, teams", [(1, 11), (2, 14)])
def test_each_round_as_the_trf_written_from_it_pairs(tmp_path, seed, teams):
    rng = random.Random(seed)
    matches, settings, sheets = _empty(), _settings(), _teams(teams)
    for rnd in range(1, 6):
        core.clear_cache()
        event = core.event_for(matches, settings, MATCHES, sheets)
        assert isinstance(event, core.Event) and event.event.is_team
        text = write_trf(planned_event(event)).text
        assert "\n250 " in text  # the virtual points written
        expected = _pair_trf(text, tmp_path, rnd)
        entered = next_round(matches, settings, MATCHES, sheets)
        assert [(b.white, b.black) for b in entered.pairing.boards] + \
            [(y.start_no, 0) for y in entered.pairing.byes if y.kind.name == "PAB"] == expected
        for e in entered.edits:
            r, c = place(e.cell)
            matches[r - 1][c - 1] = e.value
        for row in matches[1:]:
            if row[0] == rnd and row[1] is not None and row[6] is None:
                row[6] = rng.choice(["1-0", "½-½", "0-1"])


@pytest.mark.parametrize("settings, said", [
    (_settings(edition="2025-07"), "needs the edition 2026-02"),
    (_settings(primary="GP"), "needs match points as the primary score"),
    (_settings(MatchWin=3), "a match win worth two draws"),
])
def test_refused_where_the_rules_do_not_allow_it(settings, said):
    core.clear_cache()
    found = core.event_for(_empty(), settings, MATCHES, _teams(10))
    assert not isinstance(found, core.Event)
    assert "Settings Acceleration" in found.message and said in found.message
