"""The Teams and Matches sheets read cell by cell: every cell checked, and a mistake reported by its cell
(:class:`~xltb.sheets.crosstable.CellError`). The rules of the two sheets are those of
:mod:`xltb.sheets.teams` (its module docstring), which builds the event from what is read here; each step
below cites the rule it checks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from ..limits import MAX_BOARDS, MAX_ROUNDS
from .cellread import CellError, EmptyCrosstable, Origin, cell_text, header_columns, text_at, whole_number

TEAMS_HEADER = ["No", "Team", "Short", "Rating"]
MATCHES_HEADER = ["Round", "Board", "Team A", "Team B", "Player A", "Player B", "Result"]

RESULT_HELP = ("1-0, ½-½, 0-1 (from team A's side), +- / -+ / -- forfeits (on a line without a board: a "
               "forfeited match), PAB / FPB / HPB / ZPB a bye of team A (Team B blank)")

_HALF = re.compile(r"^(?:½|1/2|0[.,]5|\.5)$")
_BYES = {"PAB": "PAB", "+BYE": "PAB", "U": "PAB", "FPB": "F", "HPB": "H", "=BYE": "H", "ZPB": "Z", "-BYE": "Z"}


def normal_result(value: Any) -> str | None:
    """A Result cell in canonical form (``1-0``, ``½-½``, ``+-``, ``PAB``, ...); None when empty.

    >>> normal_result("1/2-1/2"), normal_result("0,5 : 0,5"), normal_result("+:-")
    ('½-½', '½-½', '+-')
    """
    text = cell_text(value).upper().replace(" ", "").replace("\u2013", "-")
    if not text:
        return None
    if text in _BYES:
        return {"PAB": "PAB", "F": "FPB", "H": "HPB", "Z": "ZPB"}[_BYES[text]]
    if text in ("=", "½", "D", "R"):
        return "½-½"
    m = re.fullmatch(r"([+\-])[:\-]?([+\-])", text)
    if m:
        return m[1] + m[2]
    m = re.fullmatch(r"(1|0|½|1/2|0?[.,]5)[:\-](1|0|½|1/2|0?[.,]5)", text)
    if m:
        a, b = ("½" if _HALF.match(x) else x for x in (m[1], m[2]))
        if a + "-" + b in ("1-0", "0-1", "½-½"):
            return a + "-" + b
    raise ValueError(f"cannot read {cell_text(value)!r} as a result (expected {RESULT_HELP})")


# --------------------------------------------------------------------------- headers
_TEAM_HEADS = {"no": "no", "#": "no", "nr": "no", "teamno": "no", "number": "no", "team": "name", "name": "name",
               "teamname": "name", "short": "short", "shortname": "short", "code": "short", "rating": "rating",
               "rtg": "rating", "elo": "rating", "strength": "rating"}
_MATCH_HEADS = {"round": "round", "rd": "round", "rnd": "round", "r": "round", "board": "board", "bd": "board",
                "teama": "a", "team1": "a", "home": "a", "hometeam": "a", "white": "a", "whiteteam": "a",
                "teamb": "b", "team2": "b", "away": "b", "awayteam": "b", "black": "b", "blackteam": "b",
                "playera": "pa", "player1": "pa", "homeplayer": "pa", "playerb": "pb", "player2": "pb",
                "awayplayer": "pb", "result": "result", "res": "result", "score": "result"}


_POSITION = re.compile(r"(?:bd|board|p|player)?(\d{1,2})")  # a roster position's column (Teams): 1, Bd 1, P1


def _columns(header: Sequence[Any], heads: dict[str, str], needed: tuple[str, ...], origin: Origin,
             what: str) -> tuple[dict[str, int], dict[int, int]]:
    columns, numbered = header_columns(header, heads, _POSITION if what == "Teams" else None, origin)
    for field in needed:
        if field not in columns:
            label = {"no": "No", "name": "Team", "round": "Round", "board": "Board", "a": "Team A", "b": "Team B",
                     "pa": "Player A", "pb": "Player B", "result": "Result"}[field]
            raise CellError(f"no '{label}' column in the first row of the {what} block", cell=origin.address(0, 0))
    return columns, numbered


def match_columns(header: Sequence[Any], origin: Origin) -> dict[str, int]:
    """The Matches block's columns (``round``, ``board``, ``a``, ``b``, ``pa``, ``pb``, ``result``: 0-based),
    found in its header row as the reader finds them."""
    return _columns(header, _MATCH_HEADS, ("round", "board", "a", "b", "pa", "pb", "result"), origin, "Matches")[0]


# --------------------------------------------------------------------------- sheets -> event
@dataclass(frozen=True)
class _Team:
    no: int
    name: str
    short: str
    rating: int | None
    roster: tuple[str, ...]  # names by roster position (1-based: roster[0] is position 1)
    row: int


@dataclass
class _Board:
    board: int
    pa: int | None
    pb: int | None
    result: str
    row: int


@dataclass
class _Match:
    round: int
    a: int
    b: int | None
    boards: list[_Board]
    forfeit: str | None = None  # "+-", "-+", "--": a forfeited match (TRF 330)
    bye: str | None = None  # PAB, FPB, HPB, ZPB
    pending: list[int] | None = None  # rows of boards without a result
    first_row: int = 0


def read_teams(rows: Sequence[Sequence[Any]], origin: Origin) -> list[_Team]:
    if not rows:
        raise CellError("the Teams block is empty", cell=origin.address(0, 0))
    cols, numbered = _columns(rows[0], _TEAM_HEADS, ("no", "name"), origin, "Teams")
    if not numbered:
        raise CellError("no roster columns (1, 2, 3, ... : the players in board order) in the first row of the "
                        "Teams block", cell=origin.address(0, 0))
    positions = sorted(numbered)
    if positions != list(range(1, len(positions) + 1)):
        raise CellError(f"no column for roster position {min(set(range(1, max(positions) + 1)) - set(positions))}",
                        cell=origin.address(0, 0))
    teams: list[_Team] = []
    seen: dict[int, int] = {}
    width = len(rows[0])
    for r in range(1, len(rows)):
        row = list(rows[r]) + [None] * (width - len(rows[r]))
        no = whole_number(row[cols["no"]], "team number", origin, r, cols["no"], least=1)
        name = text_at(row[cols["name"]], origin, r, cols["name"])
        roster = [text_at(row[numbered[p]], origin, r, numbered[p]) for p in positions]
        if no is None:
            if name or any(roster):
                raise CellError("a team without a number", cell=origin.address(r, cols["no"]))
            continue
        if no > 999:
            raise CellError(f"team number {no} is above 999 (TRF)", cell=origin.address(r, cols["no"]))
        if no in seen:
            raise CellError(f"team number {no} is used twice (first in row {origin.row + seen[no]})",
                            cell=origin.address(r, cols["no"]))
        seen[no] = r
        while roster and not roster[-1]:
            roster.pop()
        for i, player in enumerate(roster):
            if not player:
                raise CellError(f"team {no}: roster position {i + 1} is empty but position {len(roster)} is not",
                                cell=origin.address(r, numbered[i + 1]))
        rating = None
        if "rating" in cols:
            rating = whole_number(row[cols["rating"]], "rating", origin, r, cols["rating"], least=1)
        short = text_at(row[cols["short"]], origin, r, cols["short"]) if "short" in cols else ""
        teams.append(_Team(no, name or f"Team {no}", short,
                           rating, tuple(roster), r))
    if not teams:
        raise EmptyCrosstable("the Teams sheet has no teams yet", cell=origin.address(1, cols["no"]))
    return teams


class _Sheet:
    """The Matches block being read: its columns and where its cells are, for messages that name a cell."""

    def __init__(self, rows: Sequence[Sequence[Any]], cols: dict[str, int], origin: Origin,
                 teams: dict[int, _Team]):
        self.rows, self.cols, self.origin, self.teams = rows, cols, origin, teams
        self.width = len(rows[0])

    def at(self, r: int, field: str) -> str:
        return self.origin.address(r, self.cols[field])

    def row_of(self, r: int) -> int:
        return self.origin.row + r

    def whole(self, value: Any, what: str, r: int, field: str, *, required: bool = False,
              most: int | None = None) -> int | None:
        """A whole number from 1 in line ``r``'s cell of ``field`` (:func:`whole_number`)."""
        return whole_number(value, what, self.origin, r, self.cols[field], least=1, required=required, most=most)


@dataclass(frozen=True)
class _Line:
    """One line of the Matches sheet, its cells read and checked (the players' positions are read later:
    a bye's line has none)."""

    r: int
    round: int
    a: int
    b: int | None
    board: int | None
    result: str | None
    cells: dict[str, Any]

    @property
    def key(self) -> tuple[int, int, int | None]:
        return self.round, self.a, self.b


def _line(sheet: _Sheet, r: int) -> _Line | None:
    """Line ``r``, None when blank. Matches sheet: Round and Team A are required, Team B is blank only for a
    bye, a team is one the Teams sheet has and never plays itself, Board is a whole number or blank, Result
    is one of RESULT_HELP (module docstring)."""
    row = list(sheet.rows[r]) + [None] * (sheet.width - len(sheet.rows[r]))
    cells = {f: row[c] for f, c in sheet.cols.items()}
    if not any(text_at(v, sheet.origin, r, sheet.cols[f]) for f, v in cells.items()):
        return None  # blank lines are ignored
    rnd = sheet.whole(cells["round"], "round", r, "round", required=True, most=MAX_ROUNDS)
    a = sheet.whole(cells["a"], "team A", r, "a", required=True)
    b = sheet.whole(cells["b"], "team B", r, "b")
    for field, team in (("a", a), ("b", b)):
        if team is not None and team not in sheet.teams:
            raise CellError(f"team {team} is not on the Teams sheet", cell=sheet.at(r, field))
    if a == b:
        raise CellError(f"team {a} cannot play itself", cell=sheet.at(r, "b"))
    try:
        result = normal_result(cells["result"])
    except ValueError as err:
        raise CellError(str(err), cell=sheet.at(r, "result")) from None
    board = sheet.whole(cells["board"], "board", r, "board", most=MAX_BOARDS)
    assert rnd is not None and a is not None  # required above
    return _Line(r, rnd, a, b, board, result, cells)


_Busy = dict[tuple[int, int], tuple[tuple[int, int, int | None], int]]  # (round, team) -> (match, row)


def _claim_teams(busy: _Busy, line: _Line, sheet: _Sheet) -> None:
    """Matches sheet: a team plays one match a round, its lines naming the teams in the same order (Team A
    first on every board of the match)."""
    rnd, a, b = line.key
    for team in (a, b):
        if team is None:
            continue
        other = busy.get((rnd, team))
        if other is not None and other[0] != line.key:
            if other[0][:3] == (rnd, b, a):
                raise CellError(f"round {rnd}: the match {b} - {a} is also written as {a} - {b} (row "
                                f"{sheet.row_of(other[1])}); name the teams in the same order on every board",
                                cell=sheet.at(line.r, "a"))
            raise CellError(f"round {rnd}: team {team} is in two matches (also in row {sheet.row_of(other[1])})",
                            cell=sheet.at(line.r, "a" if team == a else "b"))
        busy[(rnd, team)] = (line.key, line.r)


def _add_bye(match: _Match, line: _Line, sheet: _Sheet) -> None:
    """Matches sheet: with Team B blank, the line is a bye of team A, its result PAB (pairing-allocated,
    C.04.6 1.4.1), FPB, HPB or ZPB (requested, TRF 240), on one line without a board."""
    if line.result not in ("PAB", "FPB", "HPB", "ZPB"):
        raise CellError(f"round {line.round}: team {line.a} has no opponent; the result must be a bye (PAB, FPB, "
                        "HPB, ZPB)" + ("" if line.result else ", or write team B"),
                        cell=sheet.at(line.r, "result" if line.result else "b"))
    if match.bye is not None or line.board is not None:
        raise CellError(f"round {line.round}: a bye takes one line without a board", cell=sheet.at(line.r, "board"))
    match.bye = line.result


def _add_forfeited_match(match: _Match, line: _Line, pa: int | None, pb: int | None, sheet: _Sheet) -> None:
    """Matches sheet: a line without a board is a forfeited match (no game played, TRF 330; C.07 15.1),
    written +-, -+ or -- without players, once."""
    if line.result not in ("+-", "-+", "--") or pa is not None or pb is not None:
        raise CellError(f"round {line.round}: no board: a forfeited match is written +-, -+ or -- without players; "
                        "a game needs its board", cell=sheet.at(line.r, "board"))
    if match.forfeit is not None:
        raise CellError(f"round {line.round}: the forfeited match {line.a} - {line.b} is written twice",
                        cell=sheet.at(line.r, "result"))
    match.forfeit = line.result


def _add_board(match: _Match, line: _Line, pa: int | None, pb: int | None, sheet: _Sheet) -> None:
    """Matches sheet: a board's players are roster positions the teams have (blank: an empty board, which
    loses by forfeit), at least one of them; a board without a result yet belongs to a match being played."""
    assert line.b is not None and line.board is not None
    for field, team, pos in (("pa", line.a, pa), ("pb", line.b, pb)):
        if pos is not None and pos > len(sheet.teams[team].roster):
            raise CellError(f"team {team} has no player at roster position {pos} (Teams sheet)",
                            cell=sheet.at(line.r, field))
    if pa is None and pb is None:
        raise CellError(f"round {line.round}, board {line.board}: no player on either side", cell=sheet.at(line.r, "pa"))
    if line.result is None:
        match.pending = (match.pending or []) + [line.r]
        match.boards.append(_Board(line.board, pa, pb, "", line.r))
        return
    if pa is None and line.result != "-+" or pb is None and line.result != "+-":
        raise CellError(f"round {line.round}, board {line.board}: an empty board loses by forfeit: write "
                        f"{'-+' if pa is None else '+-'}", cell=sheet.at(line.r, "result"))
    match.boards.append(_Board(line.board, pa, pb, line.result, line.r))


def _add_line(match: _Match, line: _Line, sheet: _Sheet) -> None:
    """A line with both teams: a forfeited match (no board) or a board, never a bye's result."""
    if line.result in ("PAB", "FPB", "HPB", "ZPB"):
        raise CellError(f"round {line.round}: {line.result} is a bye; leave Team B blank", cell=sheet.at(line.r, "b"))
    pa = sheet.whole(line.cells["pa"], "roster position", line.r, "pa")
    pb = sheet.whole(line.cells["pb"], "roster position", line.r, "pb")
    if line.board is None:
        _add_forfeited_match(match, line, pa, pb, sheet)
    else:
        _add_board(match, line, pa, pb, sheet)


def _counted(match: _Match, sheet: _Sheet) -> bool:
    """Whether the match counts: a match whose boards have no result yet is left out (a round being played;
    its forfeited-match line still counts), a match with some results but not all is an error."""
    if match.pending and len(match.pending) < len(match.boards):
        r = match.pending[0]
        raise CellError(f"round {match.round}: board {next(b.board for b in match.boards if b.row == r)} of "
                        f"{match.a} - {match.b} has no result while other boards have one (enter the match's "
                        "results, or none yet)", cell=sheet.at(r, "result"))
    if match.pending:
        match.boards = []  # a match being played: left out
        return match.forfeit is not None
    return True


def _check_boards(match: _Match, sheet: _Sheet) -> None:
    """Matches sheet: each board of a match is written once, and each player of a team plays one board."""
    seen_boards: dict[int, int] = {}
    seen_pos: dict[tuple[str, int], int] = {}
    for bd in match.boards:
        if bd.board in seen_boards:
            raise CellError(f"round {match.round}: board {bd.board} of {match.a} - {match.b} is written twice "
                            f"(also row {sheet.row_of(seen_boards[bd.board])})", cell=sheet.at(bd.row, "board"))
        seen_boards[bd.board] = bd.row
        for side, pos in (("pa", bd.pa), ("pb", bd.pb)):
            if pos is None:
                continue
            if (side, pos) in seen_pos:
                team = match.a if side == "pa" else match.b
                raise CellError(f"round {match.round}: player {pos} of team {team} is on two boards (also row "
                                f"{sheet.row_of(seen_pos[(side, pos)])})", cell=sheet.at(bd.row, side))
            seen_pos[(side, pos)] = bd.row


def read_matches(rows: Sequence[Sequence[Any]], teams: dict[int, _Team], origin: Origin) -> list[_Match]:
    """The Matches sheet (module docstring) as matches in round order: each line read and checked in turn
    (:func:`_line`, :func:`_claim_teams`, then a bye, a forfeited match or a board), then each match as a
    whole (:func:`_counted`, :func:`_check_boards`); the first mistake is reported by its cell."""
    return read_match_lines(rows, teams, origin)[0]


def read_match_lines(rows: Sequence[Sequence[Any]], teams: dict[int, _Team], origin: Origin
                     ) -> tuple[list[_Match], tuple[int, ...]]:
    """:func:`read_matches`, and the rounds that hold a pending match (paired, no result yet on any board: a
    round being played)."""
    sheet, matches = _read_lines(rows, teams, origin)
    out = []
    pending = set()
    for match in matches.values():
        if match.pending:
            pending.add(match.round)
        if _counted(match, sheet):
            _check_boards(match, sheet)
            out.append(match)
    return sorted(out, key=lambda m: (m.round, m.first_row)), tuple(sorted(pending))


def _read_lines(rows: Sequence[Sequence[Any]], teams: dict[int, _Team], origin: Origin
                ) -> tuple[_Sheet, dict[tuple[int, int, int | None], _Match]]:
    """Every line of the Matches block gathered into its match (a bye: team B blank), in the order written."""
    if not rows:
        raise CellError("the Matches block is empty", cell=origin.address(0, 0))
    cols, _ = _columns(rows[0], _MATCH_HEADS, ("round", "board", "a", "b", "pa", "pb", "result"), origin, "Matches")
    sheet = _Sheet(rows, cols, origin, teams)
    matches: dict[tuple[int, int, int | None], _Match] = {}
    busy: _Busy = {}
    for r in range(1, len(rows)):
        line = _line(sheet, r)
        if line is None:
            continue
        _claim_teams(busy, line, sheet)
        match = matches.setdefault(line.key, _Match(line.round, line.a, line.b, [], first_row=r))
        if line.b is None:
            _add_bye(match, line, sheet)
        else:
            _add_line(match, line, sheet)
    return sheet, matches


class EnteredMatch(NamedTuple):
    """A match of a round as the Matches sheet pairs it, played or not (what the Status cell sets beside the
    system's pairing: :mod:`xltb.functions.status`)."""

    a: int
    """Team A: the team with the first colour of ``BoardColours`` on board 1."""
    b: int | None
    """Team B; None for a bye."""
    bye: str | None
    """The bye's notation (``PAB``, ``FPB``, ``HPB``, ``ZPB``); None for a match."""


def entered_matches(rows: Sequence[Sequence[Any]], teams: dict[int, _Team], origin: Origin, round_no: int
                    ) -> tuple[EnteredMatch, ...]:
    """The matches and byes the Matches block enters for ``round_no``, its results in or not, in the order
    written."""
    matches = _read_lines(rows, teams, origin)[1]
    return tuple(EnteredMatch(m.a, m.b, m.bye) for m in sorted(matches.values(), key=lambda m: m.first_row)
                 if m.round == round_no)
