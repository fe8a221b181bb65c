"""A team event -> the Teams and Matches sheets (``xltb template team --from``), and the check
that the sheets read back as the same event."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeVar

from ..errors import InputError
from ..model import Colour, Kind, RoundResult
from ..model.team import TeamTournament
from .teams import MATCHES_HEADER, TEAMS_HEADER

_CODE = {Kind.WIN: "1-0", Kind.UNRATED_WIN: "1-0", Kind.LOSS: "0-1", Kind.UNRATED_LOSS: "0-1", Kind.DRAW: "½-½",
         Kind.UNRATED_DRAW: "½-½", Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+", Kind.DOUBLE_FORFEIT: "--"}
_BYE_TEXT = {Kind.PAB: "PAB", Kind.FULL_BYE: "FPB", Kind.HALF_BYE: "HPB", Kind.ZERO_BYE: "ZPB"}


_V = TypeVar("_V")
#: a board as compared: board, (team, position) of the player and of the opponent, played, points
Board = tuple[int, "tuple[int, int] | None", "tuple[int, int] | None", bool, Fraction]


def _at(where: dict[int, _V], player: int | None) -> _V | None:
    """``where[player]``, None for no player (or one not found)."""
    return None if player is None else where.get(player)


def from_team_tournament(tt: TeamTournament, board_colours: str = "") -> tuple[list[list[Any]], list[list[Any]]]:
    """(Teams rows, Matches rows), headers first, of a team event.

    Team A of a match is the team whose board-1 colour is the first of ``board_colours``
    (default white); boards follow the event's line-ups.
    """
    first = (board_colours or "W")[0].upper()
    positions = max((len(t.roster) for t in tt.teams), default=1)
    teams_rows: list[list[Any]] = [TEAMS_HEADER + [str(i) for i in range(1, positions + 1)]]
    pos: dict[int, int] = {}
    for t in tt.teams:
        names = []
        for i, sno in enumerate(t.roster, start=1):
            pos[sno] = i
            names.append(tt.player(sno).name)
        teams_rows.append([t.start_no, t.name, t.short_name or None, t.strength] + names +
                          [None] * (positions - len(names)))
    matches_rows: list[list[Any]] = [list(MATCHES_HEADER)]
    by_no = {t.start_no: t for t in tt.teams}
    for r in range(1, tt.rounds + 1):
        done: set[int] = set()
        for t in tt.teams:
            if t.start_no in done or r > len(t.results):
                continue
            tr = t.result(r)
            if tr.opponent is None:
                if tr.kind in _BYE_TEXT:
                    matches_rows.append([r, None, t.start_no, None, None, None, _BYE_TEXT[tr.kind]])
                continue
            other = by_no[tr.opponent].result(r)
            a, ra, b, rb = t, tr, by_no[tr.opponent], other
            colour_a = {Colour.WHITE: "W", Colour.BLACK: "B"}.get(tr.colour)
            if colour_a is not None and colour_a != first or colour_a is None and t.start_no > tr.opponent:
                a, ra, b, rb = b, rb, a, ra
            done.update((a.start_no, b.start_no))
            matches_rows += _match_rows(r, a.start_no, b.start_no, ra, rb, pos)
    return teams_rows, matches_rows


def _match_rows(r: int, a: int, b: int, ra: RoundResult, rb: RoundResult, pos: dict[int, int]) -> list[list[Any]]:
    """The Matches rows of team ``a``'s match against ``b`` in round ``r`` (their rounds ``ra``, ``rb``): a
    forfeited match's own row, then one row a board (board positions from ``pos``)."""
    rows: list[list[Any]] = []
    code: str | None
    board_points = sum((g.points for g in ra.boards), Fraction(0))
    paired = any(g.player is not None and g.opponent is not None for g in ra.boards)
    # a forfeited match is written as such (TRF 330) unless its boards say it all: the reader infers
    # one from boards that were all forfeited between players (15.1), with their GP
    if ra.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) and \
            (not paired or board_points != ra.gp):
        code = {Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+", Kind.DOUBLE_FORFEIT: "--"}[ra.kind]
        rows.append([r, None, a, b, None, None, code])
    theirs = {g.board: g for g in rb.boards}
    for g in ra.boards:
        kind = g.kind
        if g.player is None:
            code = "-+"
        elif kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) and g.board in theirs and \
                theirs[g.board].kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) and g.opponent is not None:
            code = "--"
        else:
            code = _CODE.get(kind)
        if code is None:
            raise InputError(f"round {r}: board {g.board} of team {a} has a result the Matches sheet "
                             f"cannot hold ({kind.name})")
        opp = g.opponent if g.opponent is not None else \
            (theirs[g.board].player if g.board in theirs else None)
        rows.append([r, g.board, a, b, _at(pos, g.player), _at(pos, opp), code])
    for g in rb.boards:  # a board where A had nobody and B's player won by forfeit
        if not any(x.board == g.board for x in ra.boards) and g.player is not None:
            rows.append([r, g.board, a, b, None, _at(pos, g.player), "-+"])
    return rows


def round_trip_difference(original: TeamTournament, copy: TeamTournament) -> str | None:
    """Where the event read back from the sheets differs from the original (None: nowhere that
    counts for tie-breaks: rounds, opponents, MP, GP, boards and who played them)."""
    def pos_map(tt: TeamTournament) -> dict[int, tuple[int, int]]:
        return {sno: (t.start_no, i) for t in tt.teams for i, sno in enumerate(t.roster, start=1)}

    pa, pb = pos_map(original), pos_map(copy)
    if [t.start_no for t in original.teams] != [t.start_no for t in copy.teams]:
        return "the teams differ"
    for what in ("rounds", "boards", "primary"):
        if getattr(original, what) != getattr(copy, what):
            return f"{what}: {getattr(original, what)} in the file, {getattr(copy, what)} in the sheets"
    if original.match_scoring.overrides:
        return "the file sets the points of kinds of rounds (TRF 299 with a result type)"
    for t, u in zip(original.teams, copy.teams):
        if (t.extra_mp, t.extra_gp) != (u.extra_mp, u.extra_gp):
            return f"team {t.start_no} has bonus or penalty points (TRF 299)"
        for x, y in zip(t.results, u.results):
            if (x.kind, x.opponent, x.mp, x.gp) != (y.kind, y.opponent, y.mp, y.gp):
                return (f"team {t.start_no}, round {x.round}: {x.kind.name} {x.mp} MP {x.gp} GP against "
                        f"{x.opponent} in the file, {y.kind.name} {y.mp} MP {y.gp} GP against {y.opponent} "
                        "in the sheets")

            def boards(r: RoundResult, m: dict[int, tuple[int, int]]) -> list[Board]:
                return sorted((g.board, _at(m, g.player), _at(m, g.opponent), g.kind.played, g.points)
                              for g in r.boards)

            if boards(x, pa) != boards(y, pb):
                return f"team {t.start_no}, round {x.round}: the boards differ"
    return None
