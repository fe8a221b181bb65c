"""The engine for team events: team event + edition + tie-break list -> team standings (C.07 11-13),
and the player standings inside a team event.

Teams are ranked by the primary score (MP unless the event says GP, TRF 192), then by each
tie-break in order, applied only to the teams still tied (4.2). The result is the same
:class:`~xltb.ranking.standings.Standings` as for individuals: ``start_no`` is the team's number, and
every value has its breakdown (``xltb explain``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Iterable

from .choices import choose_edition, choose_tiebreaks, refuse_buchholz_in_round_robin
from .loop import by_values, partition_by, rank
from ..errors import TieBreakError
from ..model import EventType, Kind, Player
from ..model.team import Team, TeamTournament
from ..rules import Edition
from .standings import Row, Standings
from ..tiebreaks.base import Evaluation
from ..tiebreaks.codes import TieBreakSpec
from ..tiebreaks.context import Options
from ..tiebreaks.direct import EncounterStep, direct_encounter
from ..tiebreaks.registry import CATALOGUE
from ..tiebreaks.team import EDE_CHAINS, TeamContext, board_key, extended_direct_encounter, team_info

def compute_team(tt: TeamTournament, tiebreaks: str | Iterable[str] | None = None, rules: str | Edition | None = None,
                 *, unrated_rating: int | None = None, lots: int | None = None) -> Standings:
    """Rank the teams: primary score, then each tie-break on the teams still tied (C.07 4.2, 11-13)."""
    edition, reason = choose_edition(tt, rules)  # uses start_date only
    specs = choose_tiebreaks(tt, tiebreaks)
    options = Options(unrated_rating=unrated_rating)
    warnings = list(tt.warnings)
    for spec in specs:
        refuse_buchholz_in_round_robin(spec, edition, tt.event_type)
        base = CATALOGUE.get(spec.acronym)
        if base is not None and base.rating_based and unrated_rating is None and \
                any(t.strength is None for t in tt.teams):
            raise TieBreakError(f"{spec.code} is rating-based and some teams have no rating (TRF 310 columns "
                                "48-53): give --unrated-rating N (C.07 10)")
    ctx = TeamContext(tt, edition, options)
    n = ctx.n
    evaluations: dict[str, list[Evaluation | None]] = {}
    keys: dict[str, list] = {}
    # type A: EDE and its chains (13.3), and plain DE on one score (13: Art. 6 on MP or GP)
    ede_codes = [s for s in specs if s.acronym in EDE_CHAINS or s.acronym == "DE"]
    for spec in specs:
        if spec.code in evaluations or spec.acronym in EDE_CHAINS or spec.acronym == "DE":
            continue
        compute_one, higher = team_info(spec)
        evs = [compute_one(ctx, spec, p) for p in range(n)]
        evaluations[spec.code] = evs
        if spec.acronym in ("BC", "TBR", "BBE"):
            keys[spec.code] = [board_key(spec.acronym, ev) for ev in evs]
        else:
            descending = higher != spec.reverse
            keys[spec.code] = [None if ev.value is None else (ev.value if descending else -ev.value) for ev in evs]
    ede_scores: dict[str, list[Fraction | None]] = {s.code: [None] * n for s in ede_codes}
    ede_notes: dict[str, list[list[str]]] = {s.code: [[] for _ in range(n)] for s in ede_codes}
    encounters: dict[str, list[EncounterStep]] = {s.code: [] for s in ede_codes}

    def level_for(spec: TieBreakSpec):
        if spec.acronym in EDE_CHAINS or spec.acronym == "DE":
            scores, notes = ede_scores[spec.code], ede_notes[spec.code]

            def by_ede(group: list[int]) -> list[list[int]]:
                if spec.acronym == "DE":  # C.07 13 and 6: direct encounter on one score (default: primary)
                    result = direct_encounter(ctx.view(spec.score), spec, group)
                else:
                    result = extended_direct_encounter(ctx, spec, group)
                for i, s in result.scores.items():
                    if scores[i] is None:
                        scores[i] = s
                encounters[spec.code].extend(result.steps)
                for step in result.steps:
                    text = step.text()
                    for i in group:
                        if ctx.start_nos[i] in step.members:
                            notes[i].append(text)
                return result.groups

            return by_ede
        k = keys[spec.code]
        if spec.acronym == "BC":
            gp = ctx.gp.score

            def by_board_count(group: list[int]) -> list[list[int]]:
                # C.07 12.1: BC "can only be used when all tied teams have the same number of game points"
                if len({gp[i] for i in group}) > 1:
                    names = ", ".join(f"#{ctx.start_nos[i]}" for i in group)
                    warnings.append(f"{spec.code} not applied to {{{names}}}: their game points differ (C.07 12.1)")
                    return [group]
                return partition_by(group, k.__getitem__, True)

            return by_board_count
        return by_values(k)

    primary = ctx.score
    ranking = rank(primary, [level_for(spec) for spec in specs], lots)
    for spec in ede_codes:
        scores, notes = ede_scores[spec.code], ede_notes[spec.code]
        article = "C.07 13, 6" if spec.acronym == "DE" else "C.07 13.3"
        evaluations[spec.code] = [None if s is None else
                                  Evaluation(spec.code, s, article=article, notes=tuple(notes[i]))
                                  for i, s in enumerate(scores)]
    for spec in specs:
        evaluations.setdefault(spec.code, [None] * n)
    rows = []
    for i, place, by_lot in ranking:
        values = {spec.code: (ev.value if (ev := evaluations[spec.code][i]) is not None else None) for spec in specs}
        rows.append(Row(place, tt.teams[i], Fraction(primary[i], ctx.q), values, by_lot))
    return Standings(tt, edition, reason, specs, rows, evaluations, encounters, warnings, lots, unrated_rating)


# --------------------------------------------------------------------------- player standings
@dataclass(frozen=True)
class PlayerLine:
    """A player of a team event: team, board (roster position), points on the boards he took,
    games (boards taken: games over the board and individual forfeits), percentage and TPR."""

    rank: int
    player: Player
    team: Team | None
    board: int | None  # position in the team's roster: the board of board prizes
    points: Fraction
    games: int
    played: int  # games played over the board
    percentage: Fraction | None
    tpr: int | None
    board_rank: int | None = None


def _tpr(tt: TeamTournament, games: list[tuple[Kind, int]]) -> int | None:
    """C.07 10.2 on the games played over the board against rated opponents: ARO (10.1, rounded
    half up) plus B.02 8.1(a) dp of the fractional score (game results 1 / 1/2 / 0, p rounded to
    two decimals)."""
    from ..tiebreaks.rating import dp, round_half_up

    rated = [(k, r) for k, r in games if r is not None]
    if not rated:
        return None
    aro = round_half_up(Fraction(sum(r for _, r in rated), len(rated)))
    score = sum((Fraction(1) if k.won else Fraction(1, 2) if k in (Kind.DRAW, Kind.UNRATED_DRAW) else Fraction(0))
                for k, _ in rated)
    return aro + dp(round_half_up(score * 100 / len(rated)))


def player_standings(tt: TeamTournament) -> list[PlayerLine]:
    """Player standings inside a team event, and the ranking per board (board prizes).

    A player's record is the boards he took in his team's matches (C.07 11.1.2: the game points
    that make the team's GP); team byes give players nothing. The standings order: points,
    then percentage, then TPR; each board's ranking (``board_rank``, board = roster position):
    percentage, then games, then TPR. Players who took no board are listed last, unranked
    per board. The event's regulations may set other criteria (e.g. a minimum of games)."""
    ratings = {p.start_no: p.rating for p in tt.players}
    team_of = tt.team_of()
    teams = {t.start_no: t for t in tt.teams}
    record: dict[int, list] = {p.start_no: [Fraction(0), 0, 0, []] for p in tt.players}
    for t in tt.teams:
        for r in t.results:
            for g in r.boards:
                if g.player is None:
                    continue
                rec = record[g.player]
                rec[0] += g.points
                rec[1] += 1
                if g.kind.played:
                    rec[2] += 1
                    rec[3].append((g.kind, ratings.get(g.opponent)))
    lines = []
    for p in tt.players:
        pts, games, played, rated = record[p.start_no]
        team = teams.get(team_of.get(p.start_no))
        board = team.roster.index(p.start_no) + 1 if team is not None else None
        pct = Fraction(pts, games) / tt.scoring.win if games and tt.scoring.win else None
        lines.append([p, team, board, pts, games, played, pct, _tpr(tt, rated)])

    def key(x):
        return (-x[3], -(x[6] or 0), -(x[7] or 0), x[0].start_no)

    lines.sort(key=key)
    out: list[PlayerLine] = []
    place, last = 0, None
    for i, x in enumerate(lines):
        k = (x[3], x[6], x[7])
        if k != last:
            place, last = i + 1, k
        out.append(PlayerLine(place, *x))
    by_board: dict[int, list[PlayerLine]] = {}
    for line in out:
        if line.board is not None and line.games:
            by_board.setdefault(line.board, []).append(line)
    ranks: dict[int, int] = {}
    for board, members in by_board.items():
        members.sort(key=lambda x: (-(x.percentage or 0), -x.games, -(x.tpr or 0), x.player.start_no))
        place, last = 0, None
        for i, x in enumerate(members):
            k = (x.percentage, x.games, x.tpr)
            if k != last:
                place, last = i + 1, k
            ranks[x.player.start_no] = place
    return [PlayerLine(**{**line.__dict__, "board_rank": ranks.get(line.player.start_no)}) for line in out]


def players_to_json(tt: TeamTournament, lines: list[PlayerLine]) -> str:
    import json
    import os

    def num(v):
        return None if v is None else float(v)

    doc = {
        "event": {"name": tt.name, "source": os.path.basename(tt.source) if tt.source else None,
                  "type": tt.event_type.value, "rounds": tt.rounds, "teams": len(tt.teams),
                  "players": len(tt.players), "boards": tt.boards},
        "players": [{"rank": x.rank, "start_no": x.player.start_no, "name": x.player.name,
                     "rating": x.player.rating, "team": x.team.start_no if x.team else None,
                     "team_name": x.team.name if x.team else None, "board": x.board, "points": num(x.points),
                     "games": x.games, "played": x.played, "percentage": num(x.percentage), "tpr": x.tpr,
                     "board_rank": x.board_rank} for x in lines],
        "warnings": list(tt.warnings),
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def players_to_csv(tt: TeamTournament, lines: list[PlayerLine]) -> str:
    import csv
    import io

    from ..report.output import format_value, safe_cell

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["rank", "start_no", "name", "rating", "team", "board", "points", "games", "percentage", "tpr",
                "board_rank"])
    for x in lines:
        w.writerow([x.rank, x.player.start_no, safe_cell(x.player.name), x.player.rating or "",
                    safe_cell(x.team.name) if x.team else "", x.board or "", format_value("PTS", x.points), x.games,
                    "" if x.percentage is None else format_value("AOB", x.percentage * 100), x.tpr or "",
                    x.board_rank or ""])
    return buf.getvalue()


def players_to_text(tt: TeamTournament, lines: list[PlayerLine]) -> str:
    from ..report.output import format_value

    heads = ["Rk", "No", "Name", "Rtg", "Team", "Bd", "Pts", "Gms", "%", "TPR", "BdRk"]
    body = [[str(x.rank), str(x.player.start_no), x.player.name, str(x.player.rating or ""),
             x.team.short_name or x.team.name if x.team else "", str(x.board or ""), format_value("PTS", x.points),
             str(x.games), "" if x.percentage is None else format_value("AOB", x.percentage * 100),
             str(x.tpr or ""), str(x.board_rank or "")] for x in lines]
    widths = [max([len(h)] + [len(r[i]) for r in body]) for i, h in enumerate(heads)]
    left = {2, 4}

    def fmt(cells):
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [tt.name or "team event", f"player standings: {len(tt.players)} players, {len(tt.teams)} teams, "
           f"{tt.rounds} rounds; Bd = roster position, BdRk = rank on that board (percentage, games, TPR)"]
    out += [f"warning: {w}" for w in tt.warnings]
    out += ["", fmt(heads), fmt(["-" * w for w in widths])] + [fmt(r) for r in body]
    return "\n".join(out) + "\n"
