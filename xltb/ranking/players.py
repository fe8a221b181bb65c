"""Player standings inside a team event: the boards each player took, and the ranking per board
(board prizes)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..model import Kind, Player
from ..model.team import Team, TeamTournament
from ..tiebreaks.rating import performance_rating


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


def _tpr(games: list[tuple[Kind, int | None]]) -> int | None:
    """C.07 10.2 on the games played over the board against rated opponents (game results 1 / 1/2 / 0)."""
    rated = [(k, r) for k, r in games if r is not None]
    halves = sum(2 if k.won else 1 if k in (Kind.DRAW, Kind.UNRATED_DRAW) else 0 for k, _ in rated)
    return performance_rating([r for _, r in rated], halves)


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
    # per player: points, boards taken, games over the board, (result, opponent's rating) of those games
    points: dict[int, Fraction] = {p.start_no: Fraction(0) for p in tt.players}
    taken: dict[int, int] = dict.fromkeys(points, 0)
    played_games: dict[int, int] = dict.fromkeys(points, 0)
    rated_games: dict[int, list[tuple[Kind, int | None]]] = {s: [] for s in points}
    for t in tt.teams:
        for r in t.results:
            for g in r.boards:
                if g.player is None:
                    continue
                points[g.player] += g.points
                taken[g.player] += 1
                if g.kind.played:
                    played_games[g.player] += 1
                    rated_games[g.player].append((g.kind, None if g.opponent is None else ratings.get(g.opponent)))
    lines: list[PlayerLine] = []
    for p in tt.players:
        s = p.start_no
        pts, games = points[s], taken[s]
        team_no = team_of.get(s)
        team = None if team_no is None else teams.get(team_no)
        board = team.roster.index(s) + 1 if team is not None else None
        pct = Fraction(pts, games) / tt.scoring.win if games and tt.scoring.win else None
        lines.append(PlayerLine(0, p, team, board, pts, games, played_games[s], pct, _tpr(rated_games[s])))

    def key(x: PlayerLine) -> tuple[Fraction, Fraction | int, int, int]:
        return (-x.points, -(x.percentage or 0), -(x.tpr or 0), x.player.start_no)

    lines.sort(key=key)
    out: list[PlayerLine] = []
    place = 0
    last: tuple[Fraction, Fraction | None, int | None] | None = None
    for i, x in enumerate(lines):
        k = (x.points, x.percentage, x.tpr)
        if k != last:
            place, last = i + 1, k
        out.append(replace(x, rank=place))
    ranks = _board_ranks(out)
    return [PlayerLine(**{**line.__dict__, "board_rank": ranks.get(line.player.start_no)}) for line in out]


def _board_ranks(lines: list[PlayerLine]) -> dict[int, int]:
    """Each board's ranking of the players who took it (board = roster position): percentage, then games, then
    TPR; start number -> place (equal figures, equal place)."""
    by_board: dict[int, list[PlayerLine]] = {}
    for line in lines:
        if line.board is not None and line.games:
            by_board.setdefault(line.board, []).append(line)
    ranks: dict[int, int] = {}
    for board, members in by_board.items():
        members.sort(key=lambda x: (-(x.percentage or 0), -x.games, -(x.tpr or 0), x.player.start_no))
        place = 0
        last_on_board: tuple[Fraction | None, int, int | None] | None = None
        for i, x in enumerate(members):
            k_board = (x.percentage, x.games, x.tpr)
            if k_board != last_on_board:
                place, last_on_board = i + 1, k_board
            ranks[x.player.start_no] = place
    return ranks
