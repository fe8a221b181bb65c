"""A team event's matches (C.04.6, C.07 11-12), built from the players' games and the team records
(:class:`~xltb.events.team_records.TeamRecords`): the match scoring (TRF 362 match points, 320 the PAB's MP and
GP, 299 abnormal points), who played on which board (300 line-ups, else the roster order), and each team's
rounds: a match with its boards and GP, its MP from both teams' GP (C.07 11.1.1), a forfeited match (330,
or every board forfeited: 15.1), or a round without a match (320 PAB, 240 requested bye). Steps of
:func:`xltb.events.team_builder.build`; what both kinds share is :mod:`xltb.events.builder`'s.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Callable

from ..errors import InputError
from ..messages import Message, Text
from ..model import Colour, Kind, RoundResult, Scoring
from ..model.match import BoardGame, Match
from ..model.team import MatchScoring
from . import builder
from .team_byes import Opponents
from .team_records import TeamEntry, TeamRecords


#: a player's result without an opponent in a round his team played a match: a board won by forfeit
#: against an empty board (``0000 - +``; some exporters write it blank with the point in the total,
#: which the individual reader reads as a pairing-allocated bye)
_EMPTY_BOARD_WIN = (Kind.FULL_BYE, Kind.FORFEIT_WIN, Kind.PAB)


def _board_member(res: RoundResult | None) -> bool:
    """A player on a board: he has an opponent, or won by forfeit against an empty board."""
    if res is None:
        return False
    return res.opponent is not None or res.kind in _EMPTY_BOARD_WIN


#: (round, team) -> board -> the team's player on it (None: an empty board)
Lineups = dict[tuple[int, int], dict[int, int | None]]
#: (team or None, round or None, kind of round) -> (MP, GP) that TRF 299 sets for it
Overrides = dict[tuple[int | None, int | None, Kind], tuple[Fraction | None, Fraction | None]]
#: a player's result in a round (None: the player's line has no such round)
ResultOf = Callable[[int, int], RoundResult | None]


def match_scoring(rec: TeamRecords, source: str) -> tuple[MatchScoring, Overrides, dict[int, list[Fraction]]]:
    """The match scoring (362: MP of a win, draw, loss; 320: a pairing-allocated bye's MP and GP) and the
    abnormal points (299): with a result type, the MP and GP of that kind of round (for every team and
    round: a provision of the event); without, a bonus or penalty of the teams named. Returns the
    scoring, the overrides and team -> [MP, GP] bonus."""
    numbers = {t.no for t in rec.teams}
    mf = rec.match_fields
    ms = MatchScoring(win=mf.get("W", Fraction(2)), draw=mf.get("D", Fraction(1)), loss=mf.get("L", Fraction(0)),
                      pab_mp=rec.pab[0] if rec.pab[0] is not None else mf.get("P"), pab_gp=rec.pab[1])
    overrides: Overrides = {}
    bonus: dict[int, list[Fraction]] = {}
    for number, aat, mp, gp, rnd, ids in rec.abnormal:
        for team in ids:
            if team not in numbers:
                raise InputError(f"299: team {team} does not exist", file=source, line=number)
        if aat == " ":
            if not ids:
                raise InputError("299: a bonus or penalty needs the teams it applies to", file=source, line=number)
            for team in ids:
                acc = bonus.setdefault(team, [Fraction(0), Fraction(0)])
                acc[0] += mp or 0
                acc[1] += gp or 0
            continue
        kind = builder.result_type_299(aat, number, source)
        named: list[int | None] = list(ids) or [None]  # no team named: every team
        for one in named:
            overrides[(one, rnd, kind)] = (mp, gp)
    # 299 records for every team and round are provisions of the event
    ms = replace(ms, overrides=tuple((k[2], v[0], v[1]) for k, v in overrides.items() if k[:2] == (None, None)))
    return ms, overrides, bonus


def board_lineups(rec: TeamRecords, rounds: int, opponents: Opponents, team_of: dict[int, int], result: ResultOf,
                  source: str) -> tuple[Lineups, int]:
    """Who played on which board of each match (300 line-ups, else the roster order of 310/013), and
    the team size (352's board colours, else the most boards fielded, else the longest roster)."""
    size = len(rec.board_colours)
    lineups: Lineups = {}
    for r in range(1, rounds + 1):
        done: set[int] = set()
        for t in rec.teams:
            me = t.no
            other = opponents.get((r, me))
            if other is None or me in done:
                continue
            done.update((me, other))
            a, b = _boards(r, me, other, rec, team_of, result, source)
            lineups[(r, me)], lineups[(r, other)] = a, b
            if not rec.board_colours:
                size = max(size, max([0, *a, *b]))
    if size == 0:
        size = max((len(t.roster) for t in rec.teams), default=1)
    return lineups, size


def team_rounds(rec: TeamRecords, rounds: int, opponents: Opponents, lineups: Lineups, ms: MatchScoring,
                 games: Scoring, size: int, result: ResultOf, overrides: Overrides, warnings: list[Text]
                 ) -> dict[int, list[RoundResult]]:
    """Each team's rounds: a match (its boards, GP; a 330 forfeit), or a round without one (320 PAB,
    240 requested bye, what the players' 001 lines say); the MP of the matches from both GP totals
    (C.07 11.1.1)."""
    team_rounds: dict[int, list[RoundResult]] = {}
    unplayed_matches: set[tuple[int, int]] = set()  # (round, team): no game of the match was played
    for t in rec.teams:
        me = t.no
        row = []
        for r in range(1, rounds + 1):
            other = opponents.get((r, me))
            if other is not None:
                row.append(_match_round(r, me, other, lineups, rec, ms, games, size, result, overrides,
                                        unplayed_matches))
            else:
                row.append(_unplayed_round(r, me, t, rec, ms, games, size, result, overrides))
        team_rounds[me] = row
    # a match forfeited on every board is the Matches sheet's notation of a forfeited match: no 330 warning
    _settle_outcomes(team_rounds, unplayed_matches, ms, overrides, [] if rec.forfeits_on_boards else warnings)
    return team_rounds


def _boards(r: int, a: int, b: int, rec: TeamRecords, team_of: dict[int, int], result: ResultOf, source: str
            ) -> tuple[dict[int, int | None], dict[int, int | None]]:
    """Board -> player for both teams of a match (None: empty board): TRF 300 line-ups, else the
    roster order (310/013) of the team that fielded more boards, its opponents' players on the boards
    of the players they met (001)."""

    def members(team: int) -> list[int]:
        declared = rec.lineups.get((r, team))
        if declared is not None:
            return [p for p in declared[0] if p is not None]
        out = []
        for p in rec.rosters[team]:
            res = result(p, r)
            if res is not None and _board_member(res) and (res.opponent is None or team_of.get(res.opponent) != team):
                out.append(p)
        return out

    def declared(team: int) -> dict[int, int | None] | None:
        got = rec.lineups.get((r, team))
        if got is None:
            return None
        ids, number = got
        for p in ids:
            if p is not None and team_of.get(p) != team:
                raise InputError(f"300: player {p} is not on team {team}", file=source, line=number)
        return {i + 1: p for i, p in enumerate(ids)}

    first = a
    ma, mb = members(a), members(b)
    da, db = declared(a), declared(b)
    # the anchor: a team with a declared line-up, else the team that fielded more boards
    if da is None and db is None:
        if len(mb) > len(ma):
            a, b, ma, mb = b, a, mb, ma
        da = {i + 1: p for i, p in enumerate(ma)}
    elif da is None:
        a, b, ma, mb, da, db = b, a, mb, ma, db, da
    assert da is not None  # the anchor's line-up: declared, or its members in roster order
    if db is None:
        where = {p: board for board, p in da.items() if p is not None}
        db, rest = {}, []
        for p in mb:
            res = result(p, r)
            opp = res.opponent if res is not None else None
            if opp is not None and opp in where and where[opp] not in db:
                db[where[opp]] = p
            else:
                rest.append(p)
        # the other boards: where the anchor team has nobody (a board facing an anchor player without
        # an opponent is empty)
        free = (x for x in range(1, len(da) + len(mb) + 2) if x not in db and da.get(x) is None)
        for p in rest:
            db[next(free)] = p
    return (da, db) if a == first else (db, da)


_ZERO_POINTS = Fraction(0)


def _match_round(r: int, me: int, other: int, lineups: Lineups, rec: TeamRecords, ms: MatchScoring, games: Scoring,
                 size: int, result: ResultOf, overrides: Overrides, unplayed_matches: set[tuple[int, int]]) -> RoundResult:
    """A team's match: its boards (an empty board lost by forfeit; a player on a 300 line-up who did not
    play lost by forfeit; a board won against an empty one a forfeit win), its GP (C.07 11.1.2); a 330
    forfeited match gets the MP and GP of the forfeit. Otherwise the MP wait for the other team's GP."""
    mine, theirs = lineups[(r, me)], lineups[(r, other)]
    boards = []
    scored: dict[Fraction, int] = {}  # points value -> boards (few distinct values: cheap and exact)
    played_any = False
    for board in range(1, max([0, *mine, *theirs]) + 1):
        p, o = mine.get(board), theirs.get(board)
        if p is None and o is None:
            continue
        if p is None:  # an empty board: lost by forfeit
            boards.append(BoardGame(board, None, o, Kind.FORFEIT_LOSS, _ZERO_POINTS))
            continue
        res = result(p, r)
        kind = res.kind if res is not None else Kind.ABSENT
        pts = res.points if res is not None else _ZERO_POINTS
        if res is not None and res.opponent is None and kind in _EMPTY_BOARD_WIN:
            kind = Kind.FORFEIT_WIN  # won by forfeit against an empty board
        elif kind in (Kind.ABSENT, Kind.ZERO_BYE, Kind.HALF_BYE):  # on the line-up (300), did not play
            kind, pts = Kind.FORFEIT_LOSS, games.points(Kind.FORFEIT_LOSS)
        played_any |= kind.played
        scored[pts] = scored.get(pts, 0) + 1
        boards.append(BoardGame(board, p, o, kind, pts, res.colour if res is not None else Colour.NONE))
    gp = sum((value * count for value, count in scored.items()), Fraction(0))
    forfeit = rec.forfeits.get((r, me))
    colour = next((b.colour for b in boards if b.board == 1), Colour.NONE)
    if forfeit is not None:
        kind = forfeit.kind
        colour = forfeit.colour
        mp, fgp = ms.unplayed(kind, size, games)
        mp, fgp = _override(overrides, me, r, kind, mp, fgp)
        return RoundResult(r, kind, other, colour, mp, Match(fgp, tuple(boards), (r, me) in rec.lineups))
    # provisional (NOT_PLAYED): the outcome needs the other team's GP, settled by _settle_outcomes
    if not played_any and boards:
        unplayed_matches.add((r, me))
    return RoundResult(r, Kind.NOT_PLAYED, other, colour, Fraction(0), Match(gp, tuple(boards), (r, me) in rec.lineups))


def _settle_outcomes(team_rounds: dict[int, list[RoundResult]], unplayed_matches: set[tuple[int, int]], ms: MatchScoring,
                     overrides: Overrides, warnings: list[Text]) -> None:
    """MP of each match from the two GP totals (C.07 11.1.1); a match in which no game was played
    and one side won every board by forfeit is a forfeited match (15.1: no match was played)."""
    for team, row in team_rounds.items():
        for i, tr in enumerate(row):
            if tr.kind is not Kind.NOT_PLAYED or tr.opponent is None:
                continue
            other = team_rounds[tr.opponent][i]
            mine, theirs = tr.gp, other.gp
            if (tr.round, team) in unplayed_matches and (tr.round, tr.opponent) in unplayed_matches:
                forfeited: Kind | None
                if theirs == 0 and mine > 0:
                    forfeited = Kind.FORFEIT_WIN
                elif mine == 0 and theirs > 0:
                    forfeited = Kind.FORFEIT_LOSS
                elif mine == 0 and theirs == 0:
                    forfeited = Kind.DOUBLE_FORFEIT
                else:
                    forfeited = None
                if forfeited is not None:
                    if team < tr.opponent:
                        warnings.append(Message("warn.match_forfeited", round=tr.round, team=team,
                                                opponent=tr.opponent))
                    mp, _ = ms.unplayed(forfeited, 0, Scoring())  # the MP only: no board counted
                    mp, gp = _override(overrides, team, tr.round, forfeited, mp, tr.gp)
                    row[i] = _scored(tr, forfeited, mp, gp)
                    continue
            kind = Kind.WIN if mine > theirs else Kind.LOSS if mine < theirs else Kind.DRAW
            mp = {Kind.WIN: ms.win, Kind.DRAW: ms.draw, Kind.LOSS: ms.loss}[kind]
            mp, gp = _override(overrides, team, tr.round, kind, mp, tr.gp)
            row[i] = _scored(tr, kind, mp, gp)


def _scored(tr: RoundResult, kind: Kind, mp: Fraction, gp: Fraction) -> RoundResult:
    """A match's round with its outcome settled: the kind, the MP (the round's points) and the GP."""
    assert tr.match is not None  # a match's round (_match_round) carries its match
    return tr._replace(kind=kind, points=mp, match=tr.match._replace(gp=gp))


def _override(overrides: Overrides, team: int, rnd: int, kind: Kind, mp: Fraction, gp: Fraction
              ) -> tuple[Fraction, Fraction]:
    """The MP and GP of a round after TRF 299: the most specific record (team and round, team, round,
    every team and round) that names its kind."""
    found = builder.most_specific(overrides, team, rnd, kind)
    if found is None:
        return mp, gp
    o_mp, o_gp = found
    return (mp if o_mp is None else o_mp), (gp if o_gp is None else o_gp)


def _unplayed_round(r: int, me: int, t: TeamEntry, rec: TeamRecords, ms: MatchScoring, games: Scoring, size: int,
                    result: ResultOf, overrides: Overrides) -> RoundResult:
    """A round without a match: PAB (320), requested bye (240), or what the players' lines say."""
    if me in rec.pab_rounds.get(r, ()):
        kind = Kind.PAB
    elif (r, me) in rec.byes:
        kind = rec.byes[(r, me)][0]
    else:
        kinds = {res.kind for p in t.roster if (res := result(p, r)) is not None}
        if Kind.PAB in kinds:
            kind = Kind.PAB
        elif Kind.FULL_BYE in kinds:
            kind = Kind.FULL_BYE
        elif Kind.HALF_BYE in kinds:
            kind = Kind.HALF_BYE
        elif Kind.ZERO_BYE in kinds:
            kind = Kind.ZERO_BYE
        else:
            kind = Kind.ABSENT
    mp, gp = ms.unplayed(kind, size, games)
    mp, gp = _override(overrides, me, r, kind, mp, gp)
    return RoundResult(r, kind, None, Colour.NONE, mp, Match(gp))


__all__ = ["Lineups", "Overrides", "ResultOf", "board_lineups", "match_scoring", "team_rounds"]
