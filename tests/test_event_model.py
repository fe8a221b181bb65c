"""One event model for players and teams (xltb/model/event.py): an event of either kind answers the same
questions (participants, participant(no), describe_scoring(), is_team), and the code that asks them works
for both kinds through one path: the rounds played, the cut after a round, the absolute criteria of a
played round, the participants not paired in a round."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from xltb.check.pairings import breaches
from xltb.messages import Message
from xltb.model import Colour, Kind, RoundResult
from xltb.model.rounds import after_round, progress
from xltb.model.team import Team, TeamTournament
from xltb.pairing.state import requested_absences
from xltb.readers.registry import read_event

SEED = Path(__file__).parent / "data" / "seed"


def individual():
    return read_event(str(SEED / "held-swiss16.trf"))[0]


def team() -> TeamTournament:
    event = read_event(str(SEED / "held-team14.trf"))[0]
    assert isinstance(event, TeamTournament)
    return event


def test_an_individual_event_answers_with_its_players():
    event = individual()
    assert event.is_team is False
    assert event.participants == event.players and len(event.participants) == 16
    assert event.participant(7) is event.player(7)
    assert event.describe_scoring() == event.scoring.describe()
    with pytest.raises(KeyError):
        event.participant(17)


def test_a_team_event_answers_with_its_teams():
    event = team()
    assert event.is_team is True
    assert event.participants == event.teams and len(event.participants) == 14
    assert event.participant(3) is event.team(3)
    assert event.participant(3).roster  # a team with its roster; the players stay in event.players
    assert len(event.players) > len(event.teams)
    assert event.describe_scoring().id == "scoring.team"
    with pytest.raises(KeyError):
        event.participant(15)


@pytest.mark.parametrize("read", [individual, team])
def test_the_rounds_and_the_cut_read_the_participants(read):
    event = read()
    assert progress(event).played == event.rounds
    cut = after_round(event, 3)
    assert cut.is_team is event.is_team
    assert [len(p.results) for p in cut.participants] == [3] * len(event.participants)
    assert progress(cut).played == 3


def _with_round(t: Team, r: RoundResult) -> Team:
    return replace(t, results=t.results[:r.round - 1] + (r,) + t.results[r.round:])


def test_the_absolute_criteria_of_a_team_round_as_played():
    """C.04.6 [C1] a match repeated, [C2] a PAB after a match won by forfeit; the colour criteria of C.04.1 6
    and 7 never apply to teams (C.04.6 0): board 1 with White three times in a row is no breach."""
    event = team()
    assert [breaches(event, r) for r in range(1, 8)] == [()] * 7
    t1, t2, t3 = event.team(1), event.team(2), event.team(3)
    assert t1.result(6).kind is Kind.FORFEIT_WIN and t2.result(1).opponent == 9
    teams = {t.start_no: t for t in event.teams}
    teams[1] = _with_round(t1, RoundResult(7, Kind.PAB))
    teams[2] = _with_round(t2, t2.result(7)._replace(opponent=9))
    teams[3] = _with_round(t3, t3.result(2)._replace(colour=Colour.WHITE))
    broken = replace(event, teams=tuple(teams[n] for n in sorted(teams)))
    assert [c.colour for c in broken.team(3).results[:3]] == [Colour.WHITE] * 3
    assert breaches(broken, 3) == ()
    assert set(breaches(broken, 7)) == {Message("pair.breach_pab", no=1, before=6),
                                        Message("pair.breach_repeat", a=2, b=9, before=1)}


def test_the_teams_not_paired_in_a_round():
    """A team's round entered as a bye or as absent keeps it out of the round to pair (a player's blank
    round does not: it is a round not paired yet)."""
    event = team()
    before = requested_absences(event, 7)
    assert before == {7: Kind.ZERO_BYE}  # the file's own: team 7 asked for a zero-point bye in round 7
    teams = {t.start_no: t for t in event.teams}
    teams[4] = _with_round(teams[4], RoundResult(7, Kind.ABSENT))
    teams[5] = _with_round(teams[5], RoundResult(7, Kind.HALF_BYE))
    teams[6] = _with_round(teams[6], RoundResult(7, Kind.NOT_PLAYED))
    changed = replace(event, teams=tuple(teams[n] for n in sorted(teams)))
    assert requested_absences(changed, 7) == {4: Kind.ABSENT, 5: Kind.HALF_BYE, 7: Kind.ZERO_BYE}
    players = individual()
    last = players.rounds
    p1 = players.player(1)
    blank = p1._replace(results=p1.results[:-1] + (p1.results[-1]._replace(kind=Kind.ABSENT, opponent=None),))
    assert 1 not in requested_absences(players._replace(players=(blank,) + players.players[1:]), last)
    bye = p1._replace(results=p1.results[:-1] + (p1.results[-1]._replace(kind=Kind.HALF_BYE, opponent=None),))
    assert requested_absences(players._replace(players=(bye,) + players.players[1:]), last)[1] is Kind.HALF_BYE


def test_one_round_record_for_a_player_and_a_team():
    """Issue 29: a player's round and a team's are the same record; a team's carries its match (game
    points, boards), its points are its match points (C.07 11.1.1: the event's match scoring of the round's
    kind, as a player's are the game scoring's), and a player's round reads as no match at all."""
    players = individual()
    for p in players.players:
        for r in p.results:
            assert type(r) is RoundResult and r.match is None
            assert (r.mp, r.gp, r.boards, r.lineup_declared) == (0, 0, (), False)
            assert r.points == players.scoring.points(r.kind)
    event = team()
    ms = event.match_scoring
    by_kind = {Kind.WIN: ms.win, Kind.DRAW: ms.draw, Kind.LOSS: ms.loss, Kind.FORFEIT_WIN: ms.win,
               Kind.FORFEIT_LOSS: ms.loss, Kind.PAB: ms.pab_mp, Kind.HALF_BYE: ms.draw, Kind.ZERO_BYE: 0}
    kinds = set()
    for t in event.teams:
        for r in t.results:
            assert type(r) is RoundResult and r.match is not None
            kinds.add(r.kind)
            assert r.mp == r.points == by_kind[r.kind]
            assert r.gp == r.match.gp and r.boards == r.match.boards
            if r.opponent is None:  # a bye: the provisions' game points, no boards
                assert r.boards == ()
            elif r.kind.played:  # a match played: the boards' points (C.07 11.1.2)
                assert r.gp == sum(b.points for b in r.boards) and len(r.boards) == event.boards
        assert t.mp == sum(r.points for r in t.results) + t.extra_mp
        assert t.gp == sum(r.match.gp for r in t.results if r.match is not None) + t.extra_gp
    assert kinds == set(by_kind)  # every kind of team round of the file was seen
    first = event.team(1).result(1)
    assert first._replace(colour=Colour.WHITE).match is first.match  # a changed copy keeps its match
