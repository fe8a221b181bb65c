"""A team event's pairing-allocated byes when the file has no 320 record: what the 310 totals imply
(FIDE's TRF-2026 team sample without its 320 ranks exactly as with it). A step of
:func:`xltb.events.team_builder.build`."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..messages import Message, Text
from ..model import Colour, Kind, Match, RoundResult
from ..model.team import MatchScoring
from . import builder
from .team_records import TeamRecords

#: (round, team) -> the opposing team of its match
Opponents = dict[tuple[int, int], int]


def byes_from_totals(rec: TeamRecords, team_rounds: dict[int, list[RoundResult]], bonus: dict[int, list[Fraction]],
                      opponents: Opponents, ms: MatchScoring, warnings: list[Text]) -> MatchScoring:
    """No 320 record: the pairing-allocated byes the 310 totals imply (:func:`pab_from_totals`), written
    into the team rounds; the scoring with their MP and GP."""
    if rec.pab_rounds or rec.pab != (None, None):
        return ms
    inferred = pab_from_totals(rec, team_rounds, bonus, opponents)
    if inferred is None:
        return ms
    mp, gp, byes = inferred
    for r, team in byes:
        team_rounds[team][r - 1] = RoundResult(r, Kind.PAB, None, Colour.NONE, mp, Match(gp))
    byes_said = tuple(Message("warn.pab_team", round=r, team=team) for r, team in sorted(byes))
    warnings.append(Message("warn.pab_from_totals", byes=byes_said, mp=mp, gp=gp))
    return replace(ms, pab_mp=mp, pab_gp=gp)


def pab_from_totals(rec: TeamRecords, team_rounds: dict[int, list[RoundResult]], bonus: dict[int, list[Fraction]],
                    opponents: dict[tuple[int, int], int]) -> tuple[Fraction, Fraction, list[tuple[int, int]]] | None:
    """The pairing-allocated byes, and the MP and GP each gave, that the 310 totals imply when the file
    has no 320 record and the players' lines do not say (FIDE's TRF-2026 sample without its 320).

    Each team's gap (its 310 totals less its matches) must be a whole number k of one (MP, GP) common
    to all teams; its byes are then its k earliest rounds without a match or a requested bye (240): a
    bye goes to a team that was paired, and a team absent from some round on has withdrawn, so its
    later absences are not byes. At most one team has the bye of a round (C.04: the odd team). When
    any of this fails, None: nothing is inferred and the totals' warnings stay."""
    gaps = _gaps(rec, team_rounds, bonus)
    if not gaps or any(mp < 0 or gp < 0 for mp, gp in gaps.values()):
        return None
    unit = min(gaps.values())
    byes: list[tuple[int, int]] = []
    for team, gap in gaps.items():
        mine = _team_byes(rec, team_rounds[team], team, gap, unit, opponents)
        if mine is None:
            return None
        byes += mine
    if len({r for r, _ in byes}) != len(byes):  # two byes in one round: not the odd team's
        return None
    return _one_value(team_rounds, byes, unit)


#: (MP, GP)
Points = tuple[Fraction, Fraction]


def _gaps(rec: TeamRecords, team_rounds: dict[int, list[RoundResult]], bonus: dict[int, list[Fraction]]
          ) -> dict[int, Points]:
    """Each team's 310 totals less its matches (and its bonus), where they differ."""
    gaps: dict[int, Points] = {}
    for t in rec.teams:
        if t.mp is None or t.gp is None:
            continue
        extra = bonus.get(t.no, [Fraction(0), Fraction(0)])
        rows = team_rounds[t.no]
        gap = (t.mp - sum((x.mp for x in rows), extra[0]), t.gp - sum((x.gp for x in rows), extra[1]))
        if gap != (Fraction(0), Fraction(0)):
            gaps[t.no] = gap
    return gaps


def _team_byes(rec: TeamRecords, rows: list[RoundResult], team: int, gap: Points, unit: Points,
               opponents: Opponents) -> list[tuple[int, int]] | None:
    """(round, team) of the team's byes: its gap is k times the unit, k whole; its k earliest rounds without
    a match or a requested bye; None when the gap is no such multiple or the team has too few such rounds."""
    mp, gp = gap
    ratios = {ratio for ratio in (mp / unit[0] if unit[0] else None, gp / unit[1] if unit[1] else None)
              if ratio is not None}
    if len(ratios) != 1 or (unit[0] == 0) != (mp == 0) or (unit[1] == 0) != (gp == 0):
        return None
    k = ratios.pop()
    free = [x.round for x in rows if x.kind in (Kind.ABSENT, Kind.PAB)
            and (x.round, team) not in opponents and (x.round, team) not in rec.byes]
    if k.denominator != 1 or k > len(free):
        return None
    return [(r, team) for r in free[:int(k)]]


def _one_value(team_rounds: dict[int, list[RoundResult]], byes: list[tuple[int, int]], unit: Points
               ) -> tuple[Fraction, Fraction, list[tuple[int, int]]] | None:
    """The MP and GP each bye gave (the unit on top of what its round was read as), the same for every bye."""
    first = team_rounds[byes[0][1]][byes[0][0] - 1]
    mp, gp = unit[0] + first.mp, unit[1] + first.gp
    if any((team_rounds[team][r - 1].mp, team_rounds[team][r - 1].gp) != (mp - unit[0], gp - unit[1])
           for r, team in byes):
        return None  # the rounds were read differently (some PAB, some absent): no one value
    return mp, gp, sorted(byes)


__all__ = ["Opponents", "byes_from_totals", "pab_from_totals"]
