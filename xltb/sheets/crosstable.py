"""A Crosstable sheet <-> :class:`~xltb.model.Tournament`.

The sheet has a header row and one row per participant: pairing number, name, and optionally
title, rating, federation, FIDE id, sex and birth date (for prize categories, :mod:`xltb.prizes`),
then one cell per round. Columns are found by their headers (``No``/``#``, ``Name``, ``Title``,
``Rating``/``Elo``/``Rtg``, ``Fed``, ``FIDE id``, ``Sex``, ``Born``/``Birth``, rounds ``1``, ``R1``,
``Rd 1``, ``1.Rd``); other columns (points, ranks, notes) are ignored.

Round cells, in the notation of arbiters and of Held's *Exercises in tie-breaking*:

======================  =====================================================================
``+W9`` ``=B13`` ``-W2``  win / draw / loss against #9, #13, #2 with white (W) or black (B);
                          ``?`` for an unknown colour (``+?9``)
``+FW9`` ``-FB12``        forfeit win / loss against #9 / #12, with the colour of the pairing
                          (``+F9`` ``-F12``: colour not known; both ``-F``: double forfeit)
``+BYE`` (``PAB``)        pairing-allocated bye (C.04: a win's points unless Settings say else)
``=BYE`` (``HPB``)        requested half-point bye
``ZPB`` (``-BYE``)        zero-point bye
``FPB``                   full-point bye
``W9`` ``B9``             paired, no result yet
empty                     not paired / withdrawn (C.07 16.1.1: counts as a zero-point bye)
======================  =====================================================================

and chess-results cells: ``9w1``, ``13b½`` (also ``13b=``, ``13b0.5``), ``2w0``, ``9w+`` /
``9b-`` (forfeits), ``-1`` / ``-½`` / ``-0`` (a bye worth 1, ½, 0 points) and ``0`` (not paired).

Both lines of a game must agree (``+W9`` in #1's row needs ``-B1`` in #9's row); a cell that
cannot be read, or contradicts its opponent's, raises :class:`CellError` naming the cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any, Sequence

from ..model import Colour, EventType, Kind, Player, RoundResult, Scoring, Tournament
from ..events import builder
from .cellread import CellError as CellError, EmptyCrosstable as EmptyCrosstable, Origin as Origin
from .cellread import cell_text as cell_text, column_letter as column_letter
from .cellread import header_columns, text_at, whole_number


# --------------------------------------------------------------------------- notation
_ARBITER_GAME = re.compile(r"([+=\-])([WB?])(\d+)")
_FORFEIT = re.compile(r"([+\-])F([WB?]?)(\d+)")
_PAIRED = re.compile(r"([WB])(\d+)")
_CR_GAME = re.compile(r"(\d+)\s*([WBSZ])\s*(1|0|½|1/2|=|0?[.,]5|\+|-)")
_BYES = {
    "+BYE": Kind.PAB, "PAB": Kind.PAB, "=BYE": Kind.HALF_BYE, "HPB": Kind.HALF_BYE,
    "ZPB": Kind.ZERO_BYE, "-BYE": Kind.ZERO_BYE, "FPB": Kind.FULL_BYE,
    # chess-results: a bye worth 1, 1/2 or 0 points; "0" = not paired
    "-1": Kind.PAB, "-½": Kind.HALF_BYE, "-1/2": Kind.HALF_BYE, "-0.5": Kind.HALF_BYE, "-0,5": Kind.HALF_BYE,
    "-0": Kind.ZERO_BYE, "0": Kind.ABSENT,
}
_COLOUR = {"W": Colour.WHITE, "B": Colour.BLACK, "S": Colour.BLACK, "Z": Colour.BLACK, "?": Colour.NONE}
_ARBITER_KIND = {"+": Kind.WIN, "=": Kind.DRAW, "-": Kind.LOSS}

NOTATION_HELP = ("+W9 win with white against #9, =B13 draw with black, -W2 loss, +FW9 / -FB12 forfeit won / lost "
                 "(with white / black; +F9 colour not known), "
                 "+BYE pairing-allocated bye, =BYE half-point bye, ZPB zero-point bye, FPB full-point bye, "
                 "empty = not paired; chess-results cells 9w1, 13b½, -1, -½, -0 are accepted too")


_PARSED: dict[str, tuple[Kind, int | None, Colour]] = {}


def _parse(value: Any) -> tuple[Kind, int | None, Colour]:
    """:func:`parse_cell`, remembered for text cells: a recalculation after one edit reads the same
    texts again (bounded: the memory is dropped when it holds 100,000 texts)."""
    if type(value) is not str:
        return parse_cell(value)
    found = _PARSED.get(value)
    if found is None:
        found = parse_cell(value)
        if len(_PARSED) >= 100_000:
            _PARSED.clear()
        _PARSED[value] = found
    return found


def parse_cell(value: Any) -> tuple[Kind, int | None, Colour]:
    """One round cell -> (kind, opponent's pairing number or None, colour).

    >>> parse_cell("+W9")
    (<Kind.WIN: '1'>, 9, <Colour.WHITE: 'w'>)
    >>> parse_cell("13b½")[0]
    <Kind.DRAW: '='>
    """
    text = cell_text(value)
    if not text:
        return Kind.ABSENT, None, Colour.NONE
    t = text.upper().replace(" ", "")
    if t in _BYES:
        return _BYES[t], None, Colour.NONE
    m = _ARBITER_GAME.fullmatch(t)
    if m:
        return _ARBITER_KIND[m[1]], int(m[3]), _COLOUR[m[2]]
    m = _FORFEIT.fullmatch(t)
    if m:
        # the colour of a forfeited pairing counts where forfeits count as games (C.07 7.3/7.4 with /P, 15.2)
        return (Kind.FORFEIT_WIN if m[1] == "+" else Kind.FORFEIT_LOSS), int(m[3]), _COLOUR[m[2] or "?"]
    m = _PAIRED.fullmatch(t)
    if m:
        return Kind.NOT_PLAYED, int(m[2]), _COLOUR[m[1]]
    m = _CR_GAME.fullmatch(t)
    if m:
        res = m[3]
        kind = (Kind.WIN if res == "1" else Kind.LOSS if res == "0" else Kind.FORFEIT_WIN if res == "+"
                else Kind.FORFEIT_LOSS if res == "-" else Kind.DRAW)
        return kind, int(m[1]), _COLOUR[m[2]]  # 9w+ keeps its colour
    raise ValueError(f"cannot read {text!r} as a result (expected e.g. {NOTATION_HELP})")


def format_cell(result: RoundResult) -> str:
    """The arbiter notation of one round (the inverse of :func:`parse_cell`)."""
    k = result.kind
    if result.opponent is None or k in (Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT):
        return {Kind.PAB: "+BYE", Kind.HALF_BYE: "=BYE", Kind.ZERO_BYE: "ZPB", Kind.FULL_BYE: "FPB"}.get(k, "")
    opp = result.opponent
    colour = {Colour.WHITE: "W", Colour.BLACK: "B"}.get(result.colour, "?")
    if k is Kind.FORFEIT_WIN:
        return f"+F{colour.strip('?')}{opp}"
    if k in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
        return f"-F{colour.strip('?')}{opp}"
    if k is Kind.NOT_PLAYED:
        return f"{colour}{opp}" if colour != "?" else ""
    sign = "+" if k.won else "=" if k in (Kind.DRAW, Kind.UNRATED_DRAW) else "-"
    return f"{sign}{colour}{opp}"


# --------------------------------------------------------------------------- header
_HEADERS = {
    "no": "no", "#": "no", "nr": "no", "sno": "no", "startno": "no", "pairingno": "no", "pairingnumber": "no",
    "startnumber": "no", "pno": "no", "number": "no",
    "name": "name", "player": "name", "team": "name",
    "title": "title", "tit": "title",
    "rating": "rating", "elo": "rating", "rtg": "rating", "fiderating": "rating",
    "fed": "fed", "federation": "fed", "country": "fed",
    "fideid": "fide_id", "id": "fide_id", "fidenumber": "fide_id",
    "sex": "sex", "gender": "sex",
    "born": "birth", "birth": "birth", "birthdate": "birth", "dateofbirth": "birth", "dob": "birth",
}
_ROUND_HEADER = re.compile(r"(?:r|rd|rnd|round)?\.?(\d{1,3})(?:\.?(?:rd|rnd|round))?")


@dataclass(frozen=True)
class Layout:
    """Which column holds what (0-based), and the round columns in order."""

    columns: dict[str, int]
    rounds: tuple[int, ...]


def read_header(header: Sequence[Any], origin: Origin = Origin()) -> Layout:
    columns, rounds = header_columns(header, _HEADERS, _ROUND_HEADER, origin, twice="round {n} has two columns")
    if "no" not in columns:
        raise CellError("no column for the pairing number (header 'No' or '#') in the crosstable's first row",
                        cell=origin.address(0, 0))
    if "name" not in columns:
        raise CellError("no 'Name' column in the crosstable's first row", cell=origin.address(0, 0))
    if rounds and sorted(rounds) != list(range(1, max(rounds) + 1)):
        missing = sorted(set(range(1, max(rounds) + 1)) - set(rounds))
        raise CellError(f"no column for round {missing[0]}", cell=origin.address(0, 0))
    return Layout(columns, tuple(rounds[r] for r in sorted(rounds)))


# --------------------------------------------------------------------------- rows -> Tournament
def to_tournament(rows: Sequence[Sequence[Any]], *, name: str = "", event_type: EventType = EventType.SWISS,
                  scoring: Scoring | None = None, start_date: date | None = None, tiebreaks: tuple[str, ...] = (),
                  origin: Origin = Origin()) -> Tournament:
    """Convert the crosstable (header row first) into a tournament.

    The number of rounds is the last round with any cell filled in; rows without a pairing
    number and name are ignored (room for late entries).
    """
    if not rows:
        raise CellError("the crosstable is empty", cell=origin.address(0, 0))
    layout = read_header(rows[0], origin)
    scoring = scoring or Scoring()
    table = scoring.table()
    cols = layout.columns
    entries, seen = _entries(rows, layout, origin)
    if not entries:
        raise EmptyCrosstable("the crosstable has no participants yet", cell=origin.address(1, cols["no"]))
    rounds = 0
    for r, _, row in entries:
        for i, c in enumerate(layout.rounds):
            if text_at(row[c], origin, r, c):
                rounds = max(rounds, i + 1)
    parsed = {number: _rounds_of(row, r, number, rounds, layout, seen, origin) for r, number, row in entries}
    # both cells of a game must agree, with opposite colours; a forfeit loss in both is a double forfeit
    padded = {number: row for _, number, row in entries}
    index = {number: r for r, number, _ in entries}
    results: builder.Rows = {number: [RoundResult(i + 1, kind, opp, colour, table[kind]) for i, (kind, opp, colour)
                                      in enumerate(parsed[number])] for _, number, _ in entries}

    def problem(what: str, number: int, i: int, opp: int) -> Exception:
        here = origin.address(index[number], layout.rounds[i])
        there = origin.address(seen[opp], layout.rounds[i])
        if what == builder.UNPAIRED:
            other_text = cell_text(padded[opp][layout.rounds[i]])
            said = f"says {other_text!r}" if other_text else "is empty"
            return CellError(f"round {i + 1}: #{number} is paired with #{opp}, but #{opp}'s cell {there} {said}",
                             cell=here)
        if what == builder.CONTRADICTION:
            return CellError(f"round {i + 1}: the results of #{number} and #{opp} contradict each other "
                             f"({cell_text(padded[number][layout.rounds[i]])!r} against "
                             f"{cell_text(padded[opp][layout.rounds[i]])!r} in {there})", cell=here)
        if what == builder.SAME_COLOUR:
            return CellError(f"round {i + 1}: #{number} and #{opp} both have the same colour ({there})", cell=here)
        return AssertionError(what)  # opponents were checked cell by cell above

    order = [number for _, number, _ in entries]
    builder.check_pairings(order, results, problem, colours=True)
    builder.mark_double_forfeits(order, results, table)
    players = [_player(row, r, number, results[number], cols, origin) for r, number, row in entries]
    return Tournament(name=name, players=tuple(sorted(players, key=lambda p: p.start_no)), rounds=rounds,
                      event_type=event_type, start_date=start_date, scoring=scoring, tiebreaks=tuple(tiebreaks),
                      source=f"{origin.sheet} sheet")


_Entry = tuple[int, int, list[Any]]


def _entries(rows: Sequence[Sequence[Any]], layout: Layout, origin: Origin) -> tuple[list[_Entry], dict[int, int]]:
    """The participants' rows: (row index, pairing number, the row padded to the heading's width), and
    pairing number -> row index; a row without a pairing number is room for a late entry (nothing else in it)."""
    cols = layout.columns
    entries: list[_Entry] = []
    seen: dict[int, int] = {}
    for r in range(1, len(rows)):
        row = list(rows[r])
        row += [None] * (len(rows[0]) - len(row))
        number = whole_number(row[cols["no"]], "pairing number", origin, r, cols["no"])
        name_text = text_at(row[cols["name"]], origin, r, cols["name"])
        if number is None:
            if name_text:
                raise CellError(f"{name_text!r} has no pairing number", cell=origin.address(r, cols["no"]))
            if any(text_at(row[c], origin, r, c) for c in layout.rounds):
                raise CellError("results in a row without a pairing number", cell=origin.address(r, cols["no"]))
            continue
        if number == 0:
            raise CellError("pairing numbers start at 1", cell=origin.address(r, cols["no"]))
        if number in seen:
            raise CellError(f"pairing number {number} is used twice (first in row {origin.row + seen[number]})",
                            cell=origin.address(r, cols["no"]))
        seen[number] = r
        entries.append((r, number, row))
    return entries, seen


def _rounds_of(row: list[Any], r: int, number: int, rounds: int, layout: Layout, seen: dict[int, int],
               origin: Origin) -> list[tuple[Kind, int | None, Colour]]:
    """A participant's round cells read: (kind, opponent, colour) each, the opponent one of the crosstable's."""
    out = []
    for i in range(rounds):
        c = layout.rounds[i]
        try:
            kind, opp, colour = _parse(row[c])
        except ValueError as err:
            raise CellError(str(err), cell=origin.address(r, c)) from None
        if opp is not None:
            if opp not in seen:
                raise CellError(f"round {i + 1}: opponent {opp} has no row in the crosstable",
                                cell=origin.address(r, c))
            if opp == number:
                raise CellError(f"round {i + 1}: #{number} is paired with himself", cell=origin.address(r, c))
        out.append((kind, opp, colour))
    return out


def _player(row: list[Any], r: int, number: int, results: list[RoundResult], cols: dict[str, int],
            origin: Origin) -> Player:
    """A participant's row as a player: the columns the heading names, the results read."""
    rating = whole_number(row[cols["rating"]], "rating", origin, r, cols["rating"]) if "rating" in cols else None
    fide_id = text_at(row[cols["fide_id"]], origin, r, cols["fide_id"]) if "fide_id" in cols else ""
    if fide_id.endswith(".0"):
        fide_id = fide_id[:-2]
    return Player(
        start_no=number, name=text_at(row[cols["name"]], origin, r, cols["name"]), results=tuple(results),
        rating=rating or None, title=text_at(row[cols["title"]], origin, r, cols["title"]) if "title" in cols else "",
        federation=text_at(row[cols["fed"]], origin, r, cols["fed"]) if "fed" in cols else "", fide_id=fide_id,
        sex=attribute_text(row[cols["sex"]]) if "sex" in cols else "",
        birth=birth_text(row[cols["birth"]]) if "birth" in cols else "",
        line=origin.row + r)


def attribute_text(value: Any) -> str:
    """A player's sex or birth date as text: a date cell as ``YYYY-MM-DD``, a year typed as a number as
    ``2008``."""
    if value is None or isinstance(value, bool):
        return ""
    if hasattr(value, "isoformat"):  # a date (or a date and time) typed into a cell that is not text
        return str(value.isoformat())[:10]
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def birth_text(value: Any) -> str:
    """A birth date cell as text: a year (``2008``) stays a year; a larger number is a date as a
    value-passing host sends one (Excel's serial number, days since 1899-12-30)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 3000 <= value < 2958466:
        import datetime  # noqa: PLC0415 - a date as a number: rare

        return (datetime.date(1899, 12, 30) + datetime.timedelta(days=int(value))).isoformat()
    return attribute_text(value)


# --------------------------------------------------------------------------- Tournament -> rows
HEADER = ["No", "Name", "Title", "Rating", "Fed", "FIDE id", "Sex", "Born"]


def from_tournament(t: Tournament, rounds: int | None = None) -> list[list[Any]]:
    """The crosstable rows (header first) of a tournament, in pairing-number order."""
    rounds = max(t.rounds, rounds or 0)
    rows: list[list[Any]] = [HEADER + [f"R{i}" for i in range(1, rounds + 1)]]
    for p in t.players:
        cells = [format_cell(r) for r in p.results] + [""] * (rounds - len(p.results))
        rows.append([p.start_no, p.name, p.title or None, p.rating, p.federation or None, p.known_fide_id or None,
                     p.sex or None, p.birth or None] + cells)
    return rows


_RATED = {Kind.UNRATED_WIN: Kind.WIN, Kind.UNRATED_DRAW: Kind.DRAW, Kind.UNRATED_LOSS: Kind.LOSS}


def round_trip_difference(original: Tournament, copy: Tournament) -> str | None:
    """Where the event read back from the Crosstable sheet differs from the original (None: nowhere that
    counts for tie-breaks: participants, ratings, each round's kind, opponent, colour of a pairing and
    points, and points not tied to a round). Rated and unrated games are alike for tie-breaks."""
    if [p.start_no for p in original.players] != [p.start_no for p in copy.players]:
        return "the participants differ"
    for p, q in zip(original.players, copy.players):
        if p.extra_points != q.extra_points:
            extra = p.extra_points - q.extra_points
            return (f"#{p.start_no} {p.name} has {'+' if extra > 0 else '-'}{_points(abs(extra))} bonus or penalty "
                    "points (TRF 299), which no crosstable cell holds")
        if p.rating != q.rating:
            return f"#{p.start_no} {p.name}: rating {p.rating} in the file, {q.rating} in the sheet"
        rounds = max(len(p.results), len(q.results))
        for i in range(rounds):
            x = p.results[i] if i < len(p.results) else None
            y = q.results[i] if i < len(q.results) else None
            xk = Kind.ABSENT if x is None else _RATED.get(x.kind, x.kind)
            yk = Kind.ABSENT if y is None else _RATED.get(y.kind, y.kind)
            xp = Fraction(0) if x is None else x.points
            yp = Fraction(0) if y is None else y.points
            xo = None if x is None else x.opponent
            yo = None if y is None else y.opponent
            paired = xo is not None
            xc = x.colour if x is not None and paired else Colour.NONE
            yc = y.colour if y is not None and paired else Colour.NONE
            if (xk, xo, xc, xp) != (yk, yo, yc, yp):
                what = "points" if (xk, xo, xc) == (yk, yo, yc) else "result"
                return (f"#{p.start_no} {p.name}, round {i + 1}: {xk.name} against {xo}, {xc.name}, {_points(xp)} "
                        f"points in the file; {yk.name} against {yo}, {yc.name}, {_points(yp)} points in the sheet "
                        f"({what} differs)")
    return None


def _points(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
