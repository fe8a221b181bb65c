"""Every team file of the collection loads, and its match and game points add up."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import read_team_event as read_event
from xltb.model import Kind
from xltb.model.team import TeamTournament
from xltb.ranking import compute
from xltb.ranking.players import player_standings

TEAM = Path(__file__).parent / "data" / "team"
FILES = sorted(p.name for p in TEAM.iterdir() if p.name[:2].isdigit())
#: files whose team records describe team matches
TEAM_EVENTS = {"12", "17", "18", "19", "24", "25", "26", "27", "28", "30"}
#: 23: the one team's players meet each other; 29: an individual event; 31: players without a team
INDIVIDUAL = {"23", "29", "31"}


def test_collection_is_complete():
    assert {f[:2] for f in FILES} == TEAM_EVENTS | INDIVIDUAL


def _check_adds_up(tt: TeamTournament) -> None:
    ms = tt.match_scoring
    for team in tt.teams:
        assert team.mp == sum((r.mp for r in team.results), team.extra_mp)
        assert team.gp == sum((r.gp for r in team.results), team.extra_gp)
        for r in team.results:
            if r.opponent is None:
                assert not r.boards
                continue
            other = tt.team(r.opponent).result(r.round)
            assert other.opponent == team.start_no, (team.start_no, r.round)
            if r.kind.played:  # 11.1.2: GP = the boards; 11.1.1: MP from the two GP totals
                assert r.gp == sum(b.points for b in r.boards)
                assert other.kind.played
                expected = ms.win if r.gp > other.gp else ms.draw if r.gp == other.gp else ms.loss
                assert r.mp == expected, (team.start_no, r.round)
                # every board has both sides, or an empty board on one side
                assert [b.board for b in r.boards] == [b.board for b in other.boards]
            else:
                assert r.kind.forfeit and other.kind.forfeit


@pytest.mark.parametrize("name", [f for f in FILES if f[:2] in TEAM_EVENTS])
def test_team_file_loads_and_adds_up(name):
    tt = read_event(TEAM / name)
    assert isinstance(tt, TeamTournament)
    _check_adds_up(tt)
    st = compute(tt)  # the file's list, or the default one
    assert len(st.rows) == len(tt.teams)
    assert len(player_standings(tt)) == len(tt.players)


def test_fide_trf2026_sample_matches_its_310_records():
    """FIDE's TRF-2026 sample (TEC): 50 teams, 14 rounds, 300 line-ups, 330 forfeits, 320 PABs,
    240 byes; every team's MP and GP equal the 310 record's."""
    tt = read_event(TEAM / "19_tec_grandmommys_cup_trf25_sample_team.trf")
    assert (len(tt.teams), tt.rounds, tt.boards, tt.primary) == (50, 14, 4, "MP")
    assert all(t.mp == t.declared_mp and t.gp == t.declared_gp for t in tt.teams)
    assert not [str(w) for w in tt.warnings if "310 record says" in str(w)]
    kinds = {r.kind for t in tt.teams for r in t.results}
    assert {Kind.PAB, Kind.HALF_BYE, Kind.FULL_BYE, Kind.FORFEIT_WIN, Kind.DOUBLE_FORFEIT} <= kinds
    # 300: India 3 (16) fields its 5th player on board 2 in round 1
    assert [b.player for b in tt.team(16).result(1).boards] == [242, 246, 243, 244]
    # 300 with an empty board: France (5) round 1, board 2 lost by forfeit
    board2 = tt.team(5).result(1).boards[1]
    assert (board2.player, board2.kind) == (None, Kind.FORFEIT_LOSS)
    st = compute(tt)
    assert [s.code for s in st.specs] == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]


def test_sharly_fixtures():
    tt = read_event(TEAM / "28_sharly_trf26_team_320_pab_forfeit.trf")
    assert tt.primary == "GP"  # 192 FIDE_TEAM_GP_MP
    assert [(t.mp, t.gp) for t in tt.teams] == [(0, 1), (2, 2), (2, 2.5), (0, 0.5), (2, 3)]  # 320: PAB 2 MP 3 GP
    tt = read_event(TEAM / "24_sharly_trf26_team_299_all.trf")
    assert [t.mp for t in tt.teams] == [2, 1, 2, 1, 1]  # 299: a forfeit loss is worth 1 MP
    tt = read_event(TEAM / "25_sharly_trf26_team_330_forfeit.trf")
    assert [r.kind for r in (tt.team(1).result(1), tt.team(2).result(1))] == [Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS]
    tt = read_event(TEAM / "26_sharly_trf26_team_240_bye.trf")
    # nothing is paired yet: the 240 record asks for round 1's bye (a plan for its pairing), it is no result
    assert tt.rounds == 0 and tt.team(5).mp == 0
    assert [(b.start_no, b.round, b.kind) for b in tt.plans.requested_byes] == [(5, 1, Kind.HALF_BYE)]


@pytest.mark.parametrize("name", [f for f in FILES if f[:2] in INDIVIDUAL])
def test_non_team_files_load_as_individual_events(name):
    event = read_event(TEAM / name)
    assert not isinstance(event, TeamTournament)
    if name[:2] != "29":
        assert "read as an individual event" in str(event.warnings[-1])
