"""The team builder: a team event from the players' individual event (their pairings and results)
and the team records (:class:`~xltb.events.team_records.TeamRecords`: rosters, line-ups, forfeited
matches, byes, abnormal points, match scoring), with the checks of a team event. The matches themselves
(boards, line-ups, match scoring) are :mod:`xltb.events.team_matches`'; what a team event shares with an
individual one (the event type, the rounds declared, TRF 299) :mod:`xltb.events.builder`'s.

* a match is inferred from the players' pairings: a team's players who have opponents in round r
  all meet players of one other team; a reserve without an opponent did not play (not a forfeit);
  a board won against an empty board is a forfeit win;
* boards follow the roster order unless a line-up gives them; the opposing player of a board plays
  on the same board, an empty board is a forfeit;
* a match in which no game was played and one side won every board by forfeit is a forfeited match
  (C.07 15.1: no match was played) even without a 330 record; a warning says so;
* declared match and game points are compared with the computed ones (a warning when they differ).

Records that do not describe team matches (players without a team play team players, or team mates
meet) raise :class:`NotTeamMatches`: the caller reads the file as an individual event.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import InputError
from ..messages import Message, Text
from ..model import Choice, EventType, RoundResult, Tournament
from ..model.team import Team, TeamTournament
from . import builder
from .team_byes import Opponents, byes_from_totals
from .team_matches import board_lineups, match_scoring, team_rounds
from .team_records import TeamRecords

class NotTeamMatches(Exception):
    """The team records do not describe team matches."""


def _primary(code: str) -> str | None:
    """TRF 192: ``_MP_GP`` / ``_MP`` -> MP, ``_GP_MP`` / ``_GP`` -> GP, else unknown."""
    for marker, value in (("_MP_GP", "MP"), ("_GP_MP", "GP"), ("_MP", "MP"), ("_GP", "GP")):
        if marker in code:
            return value
    return None


def build(ind: Tournament, players_only: frozenset[int], rec: TeamRecords, source: str, primary_override: str | None,
          event_type: EventType | None = None) -> TeamTournament:
    """The team event of the players' event ``ind`` and its team records ``rec``, step by step; each
    step says which TRF records it reads."""
    # the individual reader's warnings about the players' lines only (rounds, totals) give way to the
    # team records' own
    warnings = [w for i, w in enumerate(ind.warnings) if i not in players_only]
    team_of = _rosters(ind, rec, source)
    rounds = _rounds(ind, rec, warnings)
    results = {p.start_no: p.results for p in ind.players}

    def result(sno: int, r: int) -> RoundResult | None:
        row = results[sno]
        return row[r - 1] if r <= len(row) else None

    opponents = _matches(ind, rec, team_of, source)
    ms, overrides, bonus = match_scoring(rec, source)
    boards, size = board_lineups(rec, rounds, opponents, team_of, result, source)
    rounds_of = team_rounds(rec, rounds, opponents, boards, ms, ind.scoring, size, result, overrides, warnings)
    ms = byes_from_totals(rec, rounds_of, bonus, opponents, ms, warnings)
    built = _teams(rec, rounds_of, bonus, warnings)
    # the pairing system: as the user or the file says (TRF 092/192), else from the team pairings (a league
    # where every two teams met is a round robin, 15.2)
    etype, type_choice = builder.chosen_event_type(event_type, built, warnings, type_text=rec.type_text,
                                                   type_code=rec.type_code)
    primary, primary_choice = _primary_score(rec, primary_override)
    info = ind.info._replace(source=source, warnings=tuple(warnings), event_type_choice=type_choice,
                             rounds_planned=rec.rounds_declared if rec.rounds_declared is not None
                             else ind.rounds_planned, type_text=rec.type_text, type_code=rec.type_code)
    return TeamTournament(info=info, teams=tuple(sorted(built, key=lambda x: x.start_no)), players=ind.players,
                          rounds=rounds, boards=size, event_type=etype, scoring=ind.scoring, match_scoring=ms,
                          primary=primary, primary_choice=primary_choice, board_colours=rec.board_colours)


def _rosters(ind: Tournament, rec: TeamRecords, source: str) -> dict[int, int]:
    """TRF 310 (013): each team's roster, of players with a 001 line, a player on one team only.
    Player pairing number -> team number."""
    if not rec.teams:
        raise NotTeamMatches("no team has players")
    players = {p.start_no for p in ind.players}
    team_of: dict[int, int] = {}
    numbers = set()
    for t in rec.teams:
        if t.no in numbers:
            raise InputError(f"team number {t.no} is used twice", file=source, line=t.line)
        numbers.add(t.no)
        for sno in t.roster:
            if sno not in players:
                raise InputError(f"team {t.no} lists player {sno}, who has no 001 line", file=source,
                                 line=t.line)
            if sno in team_of and team_of[sno] != t.no:
                raise InputError(f"player {sno} is on teams {team_of[sno]} and {t.no}", file=source,
                                 line=t.line)
            team_of[sno] = t.no
    return team_of


def _rounds(ind: Tournament, rec: TeamRecords, warnings: list[Text]) -> int:
    """The rounds: the players' (001), and any round a 330, 240, 300 or 320 record names; compared with
    the header's (TRF 142 / XXR)."""
    rounds = max([ind.rounds] + [r for r, _ in rec.forfeits] + [r for r, _ in rec.byes] + [r for r, _ in rec.lineups]
                 + list(rec.pab_rounds))
    said = builder.rounds_warning(rec.rounds_declared, rounds, team=True)
    if said is not None:
        warnings.append(said)
    return rounds


def _matches(ind: Tournament, rec: TeamRecords, team_of: dict[int, int], source: str) -> Opponents:
    """The matches: from the players' pairings (001: a team's players who have opponents in a round all
    meet players of one other team), and the forfeited matches (330)."""
    numbers = {t.no for t in rec.teams}
    opponents: Opponents = {}
    for p in ind.players:
        mine = team_of.get(p.start_no)
        for res in p.results:
            if res.opponent is None:
                continue
            theirs = team_of.get(res.opponent)
            if mine is None or theirs is None:
                who = p.start_no if mine is None else res.opponent
                raise NotTeamMatches(f"player {who} has no team but plays in round {res.round}")
            if mine == theirs:
                raise NotTeamMatches(f"players {p.start_no} and {res.opponent} of team {mine} meet in round "
                                     f"{res.round}")
            known = opponents.setdefault((res.round, mine), theirs)
            if known != theirs:
                raise InputError(f"round {res.round}: players of team {mine} meet teams {known} and {theirs}",
                                 file=source, line=p.line)
    for (r, team), (other, _, number, _) in rec.forfeits.items():
        if team not in numbers or other not in numbers:
            raise InputError(f"330: team {team if team not in numbers else other} does not exist", file=source,
                             line=number)
        met = opponents.get((r, team))
        if met is not None and met != other:
            raise InputError(f"330: team {team} forfeits against {other} in round {r}, but its players meet "
                             f"team {met}", file=source, line=number)
        opponents[(r, team)] = other
    return opponents


def _teams(rec: TeamRecords, team_rounds: dict[int, list[RoundResult]], bonus: dict[int, list[Fraction]],
           warnings: list[Text]) -> list[Team]:
    """The teams (310 / 013) with their rounds and 299 bonus; the MP and GP a 310 record declares are
    compared with the matches' (a warning when they differ)."""
    built = []
    for t in rec.teams:
        extra = bonus.get(t.no, [Fraction(0), Fraction(0)])
        team = Team(start_no=t.no, name=t.name, short_name=t.short, roster=tuple(t.roster),
                    results=tuple(team_rounds[t.no]), strength=t.strength, declared_mp=t.mp,
                    declared_gp=t.gp, declared_rank=t.rank, extra_mp=extra[0], extra_gp=extra[1],
                    line=t.line)
        for what, declared, computed in (("MP", team.declared_mp, team.mp), ("GP", team.declared_gp, team.gp)):
            if declared is not None and declared != computed:
                warnings.append(Message("warn.team_total", line=builder.line_param(team.line), team=team.start_no,
                                        name=team.name, computed=computed, score=what, declared=declared))
        built.append(team)
    return built


def _primary_score(rec: TeamRecords, primary_override: str | None) -> tuple[str, Choice]:
    """The primary score (C.07 11): the user's, else TRF 192's, else match points."""
    primary = primary_override or _primary(rec.type_code)
    value = (primary or "MP").upper()
    if primary_override:
        return value, Choice(value, "user", "")
    if primary:
        return value, Choice(value, "file", "TRF 192 " + rec.type_code)
    return value, Choice(value, "default", Message("primary.default"))


__all__ = ["NotTeamMatches", "build"]
