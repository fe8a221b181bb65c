"""Reader for chess-results "Final Ranking crosstable" exports (``Export to Excel`` saved as CSV):
``;``-separated, banner lines above the header ``Rk.;;Name;Rtg;FED;1.Rd;...;Pts.;TB1;...``, opponents
given by their *rank* (the first column), cells ``168w1``, ``138b½``, ``12w+``, ``5b-`` (German ``s``
and Dutch ``z`` for black), byes ``-1`` / ``-½`` / ``-0``, ``0`` for a round not paired, decimal
comma or point, trailing ``#`` legend lines (``# Tie Break1: Buchholz ...``), UTF-8 or cp1252. The
players' numbers in the tournament are the numbers of the first column (final ranks).

Read into a :class:`~xltb.model.Tournament` plus what the export published
(:class:`~xltb.readers.published.Published`). Every player's points are recomputed from the rounds
and checked against the published total.
"""

from __future__ import annotations

import re
from datetime import date

from ..errors import InputError
from ..model import Colour, EventType, Kind, Tournament
from ..model.tournament import Lack
from .numbers import digits, int_or_none
from .published import (CHESS_RESULTS, SP_HEADER, ExportRow, Published, PublishedColumn, build_tournament, points,
                        read_table)

#: what the exports look like, for error messages
EXPECTED = ("a chess-results crosstable export (';'-separated, a header like 'Rk.;;Name;Rtg;FED;1.Rd;...;Pts.') "
            "or a SwissPerfect export (TAB-separated, a header like 'No<TAB>Name<TAB>...<TAB>1<TAB>2')")
_TEAM = "chess-results-team"


def detect(text: str) -> bool:
    """True when a chess-results header line (individual or team) comes first among the first 60
    lines (before any SwissPerfect header)."""
    return _kind(text) is not None


def read(text: str, source: str = "<text>", *, event_type: EventType | None = None,
         primary: str | None = None) -> Tournament:
    """The tournament of an export (``primary`` is for team events; not used)."""
    return parse(text, source, event_type=event_type)[0]


def parse(text: str, source: str = "<text>", *, event_type: EventType | None = None) -> tuple[Tournament, Published]:
    """(tournament, what the export published); the text has its line ends normalised to ``\\n``."""
    kind = _kind(text)
    if kind == _TEAM:
        raise InputError("this is a team crosstable (team names and match game points, no boards): xltb reads team "
                         "events from TRF files; expected " + EXPECTED, file=source)
    if kind is None:
        raise InputError("not a known export: expected " + EXPECTED, file=source)
    return _chess_results(text, source, event_type)


def _kind(text: str) -> str | None:
    """CHESS_RESULTS, the team crosstable, or None (a SwissPerfect header first, or no header)."""
    lines = text.split("\n", 60)[:60]
    for i, line in enumerate(lines):
        if SP_HEADER.match(line) and "\t" in line:
            return None
        if ";" in line and not line[:1].isspace():
            cells = [_norm(c) for c in _split_semicolons(line)]
            rounds = [c for c in cells if _ROUND_HEAD.match(c)]
            following = next((x for x in lines[i + 1:] if x.strip()), "")
            if not rounds or not _PLAYER_LINE.match(following):
                continue  # a header is followed by a player line: "1;GM;Vachier-Lagrave..."
            if any(c in _NAME_HEADS for c in cells):
                return CHESS_RESULTS
            if any(c in _TEAM_HEADS for c in cells):
                return _TEAM
    return None


# --------------------------------------------------------------------------- header
_PLAYER_LINE = re.compile(r"^\s{0,3}\d+\s*;", re.ASCII)
_ROUND_HEAD = re.compile(r"^(\d{1,3})\s*\.?\s*(rd|rde|r|rnd|round|runde|ronde|ronda)?\.?$", re.ASCII)
_NAME_HEADS = {"name", "naam", "nombre", "nom", "nome", "player", "spieler", "speler", "jugador", "joueur"}
_TEAM_HEADS = {"mannschaft", "team", "teams", "équipe", "equipe", "squadra", "equipo", "ploeg"}
_RANK_HEADS = {"rk", "rg", "rang", "pos", "pl", "platz", "place", "rank", "#", "plaats", "clas"}
_NUMBER_HEADS = {"sno", "snr", "nr", "no", "st.nr", "startnr", "n", "num", "number"}
_TITLE_HEADS = {"title", "tit", "titel", "titre", "titulo"}
_RATING_HEADS = {"rtg", "elo", "rating", "fide-elo", "elo int", "elo fide", "rtg int", "rtgi", "fide"}
_FED_HEADS = {"fed", "land", "federation", "country", "verband", "fide fed", "país", "pais"}
_POINTS_HEADS = {"pts", "pkt", "pnt", "punkte", "points", "ptos", "pt", "punten", "score", "total"}
_TB_HEAD = re.compile(r"^(tb|wtg|fw|tie ?break|desempate|wertung)\s*(\d{1,3})$", re.ASCII)
_LEGEND_TB = re.compile(r"^\s*(?:tie[\s-]*break|tb|wtg|feinwertung|wertung|desempate|tiebreak)\s*(\d{1,3})\s*:\s*(.+?)\s*$",
                        re.IGNORECASE | re.ASCII)


def _norm(cell: str) -> str:
    """A header cell for matching: stripped, lower case, without a trailing full stop."""
    return cell.strip().strip('"').strip().lower().rstrip(".").strip()


def _split_semicolons(line: str) -> list[str]:
    return line.split(";")


# --------------------------------------------------------------------------- rows
_GAME_CELL = re.compile(r"^(\d{1,9})\s*([wbszWBSZ])?\s*(1|0|½|=|\+|-|0[.,]5|1/2)$", re.ASCII)
_BYE_CELL = re.compile(r"^-\s*(1|½|0|=|\+|0[.,]5|1/2)$")
_BANNER = re.compile(r"chess[- ]?results|https?://|crosstable|kreuztabelle|ranglijst|update|aktualisierung|"
                     r"toernooibestanden|tournament-database|turnierdatenbank", re.IGNORECASE)
_RESULT_KIND = {"1": Kind.WIN, "0": Kind.LOSS, "½": Kind.DRAW, "=": Kind.DRAW, "0.5": Kind.DRAW, "0,5": Kind.DRAW,
                "1/2": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
_BYE_KIND = {"1": Kind.PAB, "+": Kind.PAB, "½": Kind.HALF_BYE, "=": Kind.HALF_BYE, "0.5": Kind.HALF_BYE,
             "0,5": Kind.HALF_BYE, "1/2": Kind.HALF_BYE, "0": Kind.ZERO_BYE}
_COLOUR = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK, "z": Colour.BLACK}


def _chess_results(text: str, source: str, event_type: EventType | None) -> tuple[Tournament, Published]:
    lines = text.split("\n")
    header_at = None
    for i, line in enumerate(lines):
        cells = [_norm(c) for c in _split_semicolons(line)]
        if any(_ROUND_HEAD.match(c) for c in cells) and any(c in _NAME_HEADS for c in cells):
            header_at = i
            break
    assert header_at is not None  # detect() found it
    heads = [_norm(c) for c in _split_semicolons(lines[header_at])]
    raw_heads = [c.strip() for c in _split_semicolons(lines[header_at])]
    roles = _chess_results_roles(heads, source, header_at + 1)
    banner = [line.strip(" ;\t") for line in lines[:header_at]]
    name = next((b for b in banner if b and not _BANNER.search(b)), "")
    title = next((b for b in banner if re.search(r"crosstable|kreuztabelle|ranglijst", b, re.IGNORECASE)), "")
    body, legend = _body_and_legend(lines, header_at, source)
    if not body:
        raise InputError("the crosstable has no player lines", file=source, line=header_at + 1)
    table = read_table(body, ";", source)
    rows: list[ExportRow] = []
    for k, (lineno, _) in enumerate(body):
        cells = list(table[k])
        cells += [""] * (len(heads) - len(cells))
        rows.append(_chess_results_row(cells, roles, lineno, source))
    by_number: dict[int, ExportRow] = {}
    for row in rows:
        if row.number in by_number:
            raise InputError(f"number {row.number} appears twice (first on line {by_number[row.number].line}); the "
                             "opponents are given by this number, so the crosstable is ambiguous",
                             file=source, line=row.line)
        by_number[row.number] = row
    columns = _tiebreak_columns(legend, roles.tiebreaks, heads, raw_heads, rows, table)
    published = Published(
        kind=CHESS_RESULTS,
        ranks={r.number: r.rank for r in rows if r.rank is not None},
        points={r.number: r.declared for r in rows},
        tiebreaks=tuple(columns), legend=tuple(legend), lines={r.number: r.line for r in rows}, title=title,
        updated=_last_update(text))
    lacks: frozenset[Lack] = frozenset({"pairing numbers"}) if roles.rank_is_number else frozenset()
    tournament = build_tournament(rows, len(roles.rounds), name, source, event_type, [], lacks)
    return tournament, published


def _body_and_legend(lines: list[str], header_at: int, source: str) -> tuple[list[tuple[int, str]], list[str]]:
    """The player lines after the heading (line number, text) and the legend's lines (``#`` lines, and the text
    after the table)."""
    body: list[tuple[int, str]] = []
    legend: list[str] = []
    for i in range(header_at + 1, len(lines)):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("#"):
            legend.append(stripped.lstrip("#").strip(" ;"))
            continue
        if not stripped.strip(";"):
            continue
        first = _split_semicolons(line)[0].strip()
        if not digits(first):
            if body:  # text after the table: a footer
                legend.append(stripped.strip(" ;"))
                continue
            raise InputError(f"expected a player line starting with a number, found {stripped[:40]!r}",
                             file=source, line=i + 1)
        body.append((i + 1, line))
    return body, legend


def _tiebreak_columns(legend: list[str], tiebreaks: list[int], heads: list[str], raw_heads: list[str],
                      rows: list[ExportRow], table: list[list[str]]) -> list[PublishedColumn]:
    """The published tie-break columns: heading, the legend's name of it (``TB1: ...``), each player's text and
    value."""
    tb_names = {}
    for text_line in legend:
        m = _LEGEND_TB.match(text_line)
        if m:
            tb_names[int(m.group(1))] = m.group(2)
    columns = []
    for col in tiebreaks:
        key = raw_heads[col]
        m = _TB_HEAD.match(heads[col])
        label = tb_names.get(int(m.group(2)), "") if m else ""
        texts = {}
        values = {}
        for k, row in enumerate(rows):
            cell = table[k][col].strip() if col < len(table[k]) else ""
            texts[row.number] = cell
            values[row.number] = points(cell)
        columns.append(PublishedColumn(key, label, values, texts))
    return columns


_LAST_UPDATE = re.compile(r"(?:last update|letzte aktualisierung|laatste update)\D{0,5}(\d{1,2})\.(\d{1,2})\.(\d{4})",
                          re.IGNORECASE | re.ASCII)


def _last_update(text: str) -> date | None:
    """The date of the banner's "Last update 30.12.2021 ..." (None when absent or not a date)."""
    m = _LAST_UPDATE.search(text[:2000])
    if m is None:
        return None
    try:
        return date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    except ValueError:  # 31.02.2024: no date
        return None


class _Roles:
    """What the columns of a chess-results export hold (their indexes), as its header says; None: no
    such column."""

    def __init__(self) -> None:
        self.rounds: list[int] = []
        self.tiebreaks: list[int] = []
        self.number = -1  # -1: not found (yet)
        self.rank_is_number = False
        self.name: int | None = None
        self.rank: int | None = None
        self.title: int | None = None
        self.rating: int | None = None
        self.fed: int | None = None
        self.points: int | None = None


def _assign(roles: _Roles, i: int, h: str) -> None:
    """The role of heading ``h`` in column ``i`` (a round, the name, the number, the rank, ... a tie-break),
    the first column of each kind taken."""
    if _ROUND_HEAD.match(h) and i > 0:
        roles.rounds.append(i)
    elif h in _NAME_HEADS and roles.name is None:
        roles.name = i
    elif i == 0 and (h in _RANK_HEADS or h in _NUMBER_HEADS):
        roles.number = i
        roles.rank_is_number = h in _RANK_HEADS
    elif h in _RANK_HEADS and roles.rank is None:
        roles.rank = i
    elif h in _TITLE_HEADS:
        roles.title = i
    elif h in _RATING_HEADS and roles.rating is None:
        roles.rating = i
    elif h in _FED_HEADS and roles.fed is None:
        roles.fed = i
    elif h in _POINTS_HEADS and roles.points is None:
        roles.points = i
    elif _TB_HEAD.match(h) or (roles.points is not None and roles.rounds and h and i > roles.points):
        roles.tiebreaks.append(i)


def _chess_results_roles(heads: list[str], source: str, line: int) -> _Roles:
    roles = _Roles()
    for i, h in enumerate(heads):
        _assign(roles, i, h)
    if roles.number < 0:
        roles.number = 0
        roles.rank_is_number = True
    if roles.title is None and roles.name is not None and roles.name > 0 and heads[roles.name - 1] == "" \
            and roles.name - 1 != roles.number:
        roles.title = roles.name - 1  # chess-results leaves the title column unnamed
    if roles.rank_is_number:
        roles.rank = roles.number
    # the round columns must be 1, 2, ... n
    numbers = [int(m.group(1)) for i in roles.rounds if (m := _ROUND_HEAD.match(heads[i]))]  # each matches
    if numbers != list(range(1, len(numbers) + 1)):
        raise InputError(f"the round columns are numbered {numbers}, expected 1 to {len(numbers)}", file=source,
                         line=line)
    return roles


def _chess_results_row(cells: list[str], roles: _Roles, lineno: int, source: str) -> ExportRow:
    number = int_or_none(cells[roles.number])
    if number is None:
        raise InputError(f"number {cells[roles.number].strip()!r} is not a number", file=source, line=lineno)
    row = ExportRow(line=lineno, number=number, name=cells[roles.name].strip() if roles.name is not None else "")
    if roles.title is not None:
        row.title = cells[roles.title].strip()
    if roles.rating is not None:
        t = cells[roles.rating].strip()
        if t and not digits(t):
            raise InputError(f"rating {t!r} is not a number", file=source, line=lineno)
        row.rating = (int(t) or None) if t else None
    if roles.fed is not None:
        row.federation = cells[roles.fed].strip()
    if roles.points is not None:
        t = cells[roles.points]
        row.declared = points(t)
        if t.strip() and row.declared is None:
            raise InputError(f"points {t.strip()!r} are not a number", file=source, line=lineno)
    if roles.rank is not None:
        t = cells[roles.rank].strip()
        row.rank = int_or_none(t)
    for r, col in enumerate(roles.rounds, start=1):
        cell = cells[col].strip()
        row.cells.append(_chess_results_cell(cell, r, lineno, source))
    return row


def _chess_results_cell(cell: str, rnd: int, lineno: int, source: str) -> tuple[str, int | None, Colour, Kind]:
    if cell in ("", "0"):
        return cell, None, Colour.NONE, Kind.ABSENT  # not paired (withdrawn or not yet in the event)
    m = _BYE_CELL.match(cell)
    if m:
        return cell, None, Colour.NONE, _BYE_KIND[m.group(1)]
    m = _GAME_CELL.match(cell)
    if m:
        opponent = int(m.group(1))
        if opponent == 0:
            return cell, None, Colour.NONE, _BYE_KIND.get(m.group(3), Kind.ABSENT)
        colour = _COLOUR.get((m.group(2) or "").lower(), Colour.NONE)
        return cell, opponent, colour, _RESULT_KIND[m.group(3)]
    raise InputError(f"round {rnd}: cannot read {cell!r} (expected opponent, colour and result such as 168w1, "
                     "138b½, 12w+, 5b-, or a bye -1, -½, -0, or 0 when not paired)", file=source, line=lineno)
