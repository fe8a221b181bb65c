"""The Teams and Matches sheets of a team event <-> :class:`~xltb.model.team.TeamTournament`.

**Teams** (the defined name ``Teams``): a header row, then one row per team: ``No`` (the team's
pairing number), ``Team`` (name), optionally ``Short`` (short name) and ``Rating`` (the team's
rating, for rating-based tie-breaks, C.07 10), then the roster in board order: the columns
``1``, ``2``, ``3``, ... hold the players' names (column ``1`` is the first board of the roster).

**Matches** (the defined name ``Matches``): a header row, then one row per board of a match:

=============  ==========================================================================
``Round``      the round
``Board``      the board (blank on the line of a forfeited match or of a bye)
``Team A``     the team named first: with the first colour of ``BoardColours`` on board 1
``Team B``     its opponent (blank for a bye)
``Player A``   roster position (the column of the Teams sheet) of A's player on this board;
               blank: an empty board
``Player B``   the same for team B
``Result``     from A's side: ``1-0`` ``½-½`` ``0-1``; forfeits ``+-`` ``-+`` ``--``; on a line
               without a board, ``+-`` ``-+`` ``--`` is a forfeited match (no game played,
               TRF 330); with Team B blank, a bye of team A: ``PAB`` (pairing-allocated,
               C.04.6 1.4.1), ``FPB``, ``HPB``, ``ZPB`` (requested byes, TRF 240)
=============  ==========================================================================

Other columns (names looked up by a formula, notes) are ignored. A match whose boards have no
result yet is left out (a round being played); a match with some results but not all is an
error. The sheets are read into the players' games and the team records
(:mod:`xltb.events.team_records`) that a TRF file's team records give, and the same team builder
(:mod:`xltb.events.team_builder`) makes the event, so that a workbook and ``xltb standings`` read
an event the same way; every cell is checked first, so that a mistake is reported by its cell
(:class:`~xltb.sheets.crosstable.CellError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import InputError
from ..model import Colour, Kind, Player, RoundResult, Scoring, Tournament
from ..events import builder, team_builder
from ..events.team_records import ForfeitedMatch, TeamEntry, TeamRecords
from .crosstable import CellError, EmptyCrosstable, Origin, cell_text

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
def _key(value: Any) -> str:
    return re.sub(r"[\s._\-]", "", cell_text(value).lower()) if value is not None else ""


_TEAM_HEADS = {"no": "no", "#": "no", "nr": "no", "teamno": "no", "number": "no", "team": "name", "name": "name",
               "teamname": "name", "short": "short", "shortname": "short", "code": "short", "rating": "rating",
               "rtg": "rating", "elo": "rating", "strength": "rating"}
_MATCH_HEADS = {"round": "round", "rd": "round", "rnd": "round", "r": "round", "board": "board", "bd": "board",
                "teama": "a", "team1": "a", "home": "a", "hometeam": "a", "white": "a", "whiteteam": "a",
                "teamb": "b", "team2": "b", "away": "b", "awayteam": "b", "black": "b", "blackteam": "b",
                "playera": "pa", "player1": "pa", "homeplayer": "pa", "playerb": "pb", "player2": "pb",
                "awayplayer": "pb", "result": "result", "res": "result", "score": "result"}


def _columns(header: Sequence[Any], heads: dict[str, str], needed: tuple[str, ...], origin: Origin,
             what: str) -> tuple[dict[str, int], dict[int, int]]:
    columns: dict[str, int] = {}
    numbered: dict[int, int] = {}  # roster position -> column (Teams)
    for c, value in enumerate(header):
        key = _key(value)
        if not key:
            continue
        field = heads.get(key)
        if field and field not in columns:
            columns[field] = c
        elif re.fullmatch(r"(?:bd|board|p|player)?(\d{1,2})", key) and what == "Teams":
            n = int(re.fullmatch(r"(?:bd|board|p|player)?(\d{1,2})", key)[1])
            if n >= 1 and n not in numbered:
                numbered[n] = c
    for field in needed:
        if field not in columns:
            label = {"no": "No", "name": "Team", "round": "Round", "board": "Board", "a": "Team A", "b": "Team B",
                     "pa": "Player A", "pb": "Player B", "result": "Result"}[field]
            raise CellError(f"no '{label}' column in the first row of the {what} block", cell=origin.address(0, 0))
    return columns, numbered


def _whole(value: Any, what: str, address: str, *, blank_ok: bool = True) -> int | None:
    text = cell_text(value) if not isinstance(value, (int, float)) or isinstance(value, bool) else value
    if text is None or text == "":
        if blank_ok:
            return None
        raise CellError(f"{what} is missing", cell=address)
    try:
        number = float(str(text).replace(",", ".")) if isinstance(text, str) else float(text)
    except ValueError:
        raise CellError(f"{what} {cell_text(value)!r} is not a number", cell=address) from None
    if isinstance(value, bool) or number != int(number) or number < 1:
        raise CellError(f"{what} {cell_text(value)!r} is not a whole number from 1", cell=address)
    return int(number)


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
        no = _whole(row[cols["no"]], "team number", origin.address(r, cols["no"]))
        name = cell_text(row[cols["name"]])
        roster = [cell_text(row[numbered[p]]) for p in positions]
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
            rating = _whole(row[cols["rating"]], "rating", origin.address(r, cols["rating"]))
        teams.append(_Team(no, name or f"Team {no}", cell_text(row[cols["short"]]) if "short" in cols else "",
                           rating, tuple(roster), r))
    if not teams:
        raise EmptyCrosstable("the Teams sheet has no teams yet", cell=origin.address(1, cols["no"]))
    return teams


def read_matches(rows: Sequence[Sequence[Any]], teams: dict[int, _Team], origin: Origin) -> list[_Match]:
    if not rows:
        raise CellError("the Matches block is empty", cell=origin.address(0, 0))
    cols, _ = _columns(rows[0], _MATCH_HEADS, ("round", "board", "a", "b", "pa", "pb", "result"), origin, "Matches")
    width = len(rows[0])
    matches: dict[tuple[int, int, int | None], _Match] = {}
    busy: dict[tuple[int, int], tuple[tuple, int]] = {}  # (round, team) -> (match key, row)

    def at(r: int, field: str) -> str:
        return origin.address(r, cols[field])

    for r in range(1, len(rows)):
        row = list(rows[r]) + [None] * (width - len(rows[r]))
        cells = {f: row[c] for f, c in cols.items()}
        if not any(cell_text(v) for v in cells.values()):
            continue
        rnd = _whole(cells["round"], "round", at(r, "round"), blank_ok=False)
        a = _whole(cells["a"], "team A", at(r, "a"), blank_ok=False)
        b = _whole(cells["b"], "team B", at(r, "b"))
        for field, team in (("a", a), ("b", b)):
            if team is not None and team not in teams:
                raise CellError(f"team {team} is not on the Teams sheet", cell=at(r, field))
        if a == b:
            raise CellError(f"team {a} cannot play itself", cell=at(r, "b"))
        try:
            result = normal_result(cells["result"])
        except ValueError as err:
            raise CellError(str(err), cell=at(r, "result")) from None
        board = _whole(cells["board"], "board", at(r, "board"))
        key = (rnd, a, b)
        for team in (a, b):
            if team is None:
                continue
            other = busy.get((rnd, team))
            if other is not None and other[0] != key:
                if other[0][:3] == (rnd, b, a):
                    raise CellError(f"round {rnd}: the match {b} - {a} is also written as {a} - {b} (row "
                                    f"{origin.row + other[1]}); name the teams in the same order on every board",
                                    cell=at(r, "a"))
                raise CellError(f"round {rnd}: team {team} is in two matches (also in row {origin.row + other[1]})",
                                cell=at(r, "a" if team == a else "b"))
            busy[(rnd, team)] = (key, r)
        match = matches.setdefault(key, _Match(rnd, a, b, [], first_row=r))
        if b is None:  # a bye of team A
            if result not in ("PAB", "FPB", "HPB", "ZPB"):
                raise CellError(f"round {rnd}: team {a} has no opponent; the result must be a bye (PAB, FPB, HPB, "
                                "ZPB)" + ("" if result else ", or write team B"), cell=at(r, "result" if result else "b"))
            if match.bye is not None or board is not None:
                raise CellError(f"round {rnd}: a bye takes one line without a board", cell=at(r, "board"))
            match.bye = result
            continue
        if result in ("PAB", "FPB", "HPB", "ZPB"):
            raise CellError(f"round {rnd}: {result} is a bye; leave Team B blank", cell=at(r, "b"))
        pa = _whole(cells["pa"], "roster position", at(r, "pa"))
        pb = _whole(cells["pb"], "roster position", at(r, "pb"))
        if board is None:  # the line of a forfeited match
            if result not in ("+-", "-+", "--") or pa is not None or pb is not None:
                raise CellError(f"round {rnd}: no board: a forfeited match is written +-, -+ or -- without players; "
                                "a game needs its board", cell=at(r, "board"))
            if match.forfeit is not None:
                raise CellError(f"round {rnd}: the forfeited match {a} - {b} is written twice", cell=at(r, "result"))
            match.forfeit = result
            continue
        for field, team, pos in (("pa", a, pa), ("pb", b, pb)):
            if pos is not None and pos > len(teams[team].roster):
                raise CellError(f"team {team} has no player at roster position {pos} (Teams sheet)", cell=at(r, field))
        if pa is None and pb is None:
            raise CellError(f"round {rnd}, board {board}: no player on either side", cell=at(r, "pa"))
        if result is None:
            match.pending = (match.pending or []) + [r]
            match.boards.append(_Board(board, pa, pb, "", r))
            continue
        if pa is None and result != "-+" or pb is None and result != "+-":
            raise CellError(f"round {rnd}, board {board}: an empty board loses by forfeit: write "
                            f"{'-+' if pa is None else '+-'}", cell=at(r, "result"))
        match.boards.append(_Board(board, pa, pb, result, r))
    out = []
    for match in matches.values():
        if match.pending and len(match.pending) < len(match.boards):
            r = match.pending[0]
            raise CellError(f"round {match.round}: board {next(b.board for b in match.boards if b.row == r)} of "
                            f"{match.a} - {match.b} has no result while other boards have one (enter the match's "
                            "results, or none yet)", cell=at(r, "result"))
        if match.pending:
            match.boards = []  # a match being played: left out
            if match.forfeit is None:
                continue
        seen_boards: dict[int, int] = {}
        seen_pos: dict[tuple[str, int], int] = {}
        for bd in match.boards:
            if bd.board in seen_boards:
                raise CellError(f"round {match.round}: board {bd.board} of {match.a} - {match.b} is written twice "
                                f"(also row {origin.row + seen_boards[bd.board]})", cell=at(bd.row, "board"))
            seen_boards[bd.board] = bd.row
            for side, pos in (("pa", bd.pa), ("pb", bd.pb)):
                if pos is None:
                    continue
                if (side, pos) in seen_pos:
                    team = match.a if side == "pa" else match.b
                    raise CellError(f"round {match.round}: player {pos} of team {team} is on two boards (also row "
                                    f"{origin.row + seen_pos[(side, pos)]})", cell=at(bd.row, side))
                seen_pos[(side, pos)] = bd.row
        out.append(match)
    return sorted(out, key=lambda m: (m.round, m.first_row))


#: board results from A's side -> (A's kind, B's kind); against an empty board a player has no
#: opponent: a win by forfeit is read as TRF writes it (``0000 - +``: a full-point bye of the board)
_BOARD_KINDS = {
    "1-0": (Kind.WIN, Kind.LOSS), "0-1": (Kind.LOSS, Kind.WIN), "½-½": (Kind.DRAW, Kind.DRAW),
    "+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    "--": (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS),
}
_EMPTY_BOARD = {Kind.WIN: Kind.FULL_BYE, Kind.FORFEIT_WIN: Kind.FULL_BYE, Kind.DRAW: Kind.HALF_BYE,
                Kind.LOSS: Kind.ZERO_BYE, Kind.FORFEIT_LOSS: Kind.ABSENT}
_FORFEITED = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
              "--": (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT)}
_BYE_KINDS = {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}
SOURCE = "Teams and Matches sheets"


def sheet_records(teams_rows, matches_rows, settings, *, teams_origin: Origin = Origin("Teams"),
                  matches_origin: Origin = Origin("Matches")) -> tuple[Tournament, TeamRecords]:
    """The sheets as the players' games and the team records the team builder reads (every cell
    checked first). Players are numbered team by team, in roster order."""
    teams = read_teams(teams_rows, teams_origin)
    by_no = {t.no: t for t in teams}
    matches = read_matches(matches_rows, by_no, matches_origin)
    number: dict[tuple[int, int], int] = {}
    names: list[tuple[int, str]] = []
    for t in sorted(teams, key=lambda x: x.no):
        for pos, name in enumerate(t.roster, start=1):
            number[(t.no, pos)] = len(names) + 1
            names.append((len(names) + 1, name))
    # the players' rounds: as far as the last round with a board (team byes and forfeited matches
    # after it are the team records')
    rounds = max((m.round for m in matches if m.boards), default=0)
    cells: dict[int, list[tuple[Kind, int | None, Colour]]] = {
        sno: [(Kind.ABSENT, None, Colour.NONE)] * rounds for sno, _ in names}
    pattern = (settings.board_colours or "WB").upper()
    flip = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}
    forfeits: dict[tuple[int, int], ForfeitedMatch] = {}
    byes: dict[tuple[int, int], tuple[Kind, int | None]] = {}
    pab_rounds: dict[int, set[int]] = {}
    lineups: dict[tuple[int, int], tuple[list[int | None], int | None]] = {}
    for m in matches:
        row = matches_origin.row + m.first_row
        if m.bye is not None:
            if m.bye == "PAB":
                pab_rounds.setdefault(m.round, set()).add(m.a)
            else:
                byes[(m.round, m.a)] = (_BYE_KINDS[m.bye[0]], row)
            continue
        if m.forfeit is not None:  # C.07 15.1: a match not played
            ka, kb = _FORFEITED[m.forfeit]
            forfeits[(m.round, m.a)] = ForfeitedMatch(m.b, ka, row, Colour.WHITE)
            forfeits[(m.round, m.b)] = ForfeitedMatch(m.a, kb, row, Colour.BLACK)
        lineup_a: dict[int, int | None] = {}
        lineup_b: dict[int, int | None] = {}
        for bd in m.boards:
            first = pattern[(bd.board - 1) % len(pattern)]
            colour_a = {"W": Colour.WHITE, "B": Colour.BLACK}.get(first, Colour.NONE)
            kind_a, kind_b = _BOARD_KINDS[bd.result]
            pa = number[(m.a, bd.pa)] if bd.pa is not None else None
            pb = number[(m.b, bd.pb)] if bd.pb is not None else None
            if pa is not None:
                cells[pa][m.round - 1] = (kind_a, pb, colour_a) if pb else (_EMPTY_BOARD[kind_a], None, Colour.NONE)
            if pb is not None:
                cells[pb][m.round - 1] = (kind_b, pa, flip.get(colour_a, Colour.NONE)) if pa else \
                    (_EMPTY_BOARD[kind_b], None, Colour.NONE)
            lineup_a[bd.board] = pa
            lineup_b[bd.board] = pb
        if m.boards and not (_default_order(lineup_a, m.a, number) and _default_order(lineup_b, m.b, number)):
            for team, lineup in ((m.a, lineup_a), (m.b, lineup_b)):  # TRF 300: a line-up out of roster order
                lineups[(m.round, team)] = ([lineup.get(b) for b in range(1, max(lineup) + 1)], row)
    s = settings.scoring
    # the points of a board, as TRF 162 gives them (W: also forfeit wins and full-point byes; D: half-point byes)
    scoring = Scoring(win=s.win, draw=s.draw, loss=s.loss, forfeit_win=s.win, full_bye=s.win, half_bye=s.draw)
    table = scoring.table()
    rows = {sno: [RoundResult(r, kind, opp, colour, table[kind]) for r, (kind, opp, colour) in enumerate(row, start=1)]
            for sno, row in cells.items()}
    order = [sno for sno, _ in names]
    builder.mark_double_forfeits(order, rows, table)
    players = tuple(Player(sno, name, tuple(rows[sno])) for sno, name in names)
    event = Tournament(name=settings.name, players=players, rounds=rounds, event_type=settings.event_type,
                       start_date=settings.start_date, scoring=scoring, source=SOURCE)
    mp = settings.match_points
    entries = [TeamEntry(t.no, t.name, tuple(number[(t.no, p)] for p in range(1, len(t.roster) + 1)), short=t.short,
                         strength=t.rating or None, line=teams_origin.row + t.row)
               for t in sorted(teams, key=lambda x: x.no)]
    records = TeamRecords(entries, board_colours=(pattern * settings.boards)[:settings.boards] if settings.boards else "",
                          match_fields={"W": mp[0], "D": mp[1], "L": mp[2]}, pab=settings.pab_points,
                          pab_rounds=pab_rounds, forfeits=forfeits, byes=byes, lineups=lineups, forfeits_on_boards=True)
    return event, records


def _default_order(lineup: dict[int, int | None], team: int, number: dict[tuple[int, int], int]) -> bool:
    """True when the boards are 1..k held by the team's players in roster order (the reader's default)."""
    boards = sorted(lineup)
    if boards != list(range(1, len(boards) + 1)) or any(lineup[b] is None for b in boards):
        return False
    players = [lineup[b] for b in boards]
    return players == sorted(players)


def to_team_tournament(teams_rows, matches_rows, settings, *, teams_origin: Origin = Origin("Teams"),
                       matches_origin: Origin = Origin("Matches")):
    """The Teams and Matches sheets -> :class:`~xltb.model.team.TeamTournament`, built by the same
    team builder as a TRF file's team records."""
    event, records = sheet_records(teams_rows, matches_rows, settings, teams_origin=teams_origin,
                                   matches_origin=matches_origin)
    try:
        built = team_builder.build(event, frozenset(), records, SOURCE, settings.primary, settings.event_type)
    except team_builder.NotTeamMatches:
        raise CellError("the matches do not describe team matches", cell=matches_origin.address(0, 0)) from None
    except InputError as err:  # the cells were checked: what is left is a contradiction between matches
        raise CellError(f"the matches contradict each other: {err.message}", cell=matches_origin.address(0, 0)) \
            from None
    return built
