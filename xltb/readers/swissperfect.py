"""Reader for SwissPerfect exports (TAB-separated): header ``No<TAB>Name<TAB>[Feder, Intl Id, Loc Id,
Rtg, Loc, Title, Total]<TAB>1<TAB>2...``, cells ``27:W`` (opponent:result, W/D/L, ``+``/``-``
forfeits), ``0:W`` a bye worth a win, ``0:=``/``0:D`` a half-point bye, ``0:-``/``0:L``/``0:`` a
zero-point bye, ``  :`` not in the event that round. The format has no colours, event name or date.

Read into a :class:`~xltb.model.Tournament` plus what the export published
(:class:`~xltb.readers.published.Published`: the totals). Every player's points are recomputed
from the rounds and checked against the published total.
"""

from __future__ import annotations

import os
import re

from ..errors import InputError
from ..messages import Message, Text
from ..model import Colour, EventType, Kind, Tournament
from .numbers import digits
from .published import SP_HEADER, SWISSPERFECT, ExportRow, Published, build_tournament, points, read_table


def detect(text: str) -> bool:
    """True when one of the first 60 lines is a SwissPerfect header (the registry asks the
    chess-results reader first, which declines when a SwissPerfect header comes first)."""
    return any(SP_HEADER.match(line) and "\t" in line for line in text.split("\n", 60)[:60])


def read(text: str, source: str = "<text>", *, event_type: EventType | None = None,
         primary: str | None = None) -> Tournament:
    """The tournament of an export (``primary`` is for team events; not used)."""
    return parse(text, source, event_type=event_type)[0]


def parse(text: str, source: str = "<text>", *, event_type: EventType | None = None) -> tuple[Tournament, Published]:
    """(tournament, what the export published: the totals)."""
    return _swissperfect(text, source, event_type)


_SP_CELL = re.compile(r"^(\d*)\s*:\s*([-+=LWDlwd])?$", re.ASCII)
_SP_WITH_OPP = {"W": Kind.WIN, "L": Kind.LOSS, "D": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
                "=": Kind.UNRATED_DRAW, "": Kind.LOSS}
_SP_NO_OPP = {"W": Kind.PAB, "+": Kind.FULL_BYE, "D": Kind.HALF_BYE, "=": Kind.HALF_BYE, "L": Kind.ZERO_BYE,
              "-": Kind.ZERO_BYE, "": Kind.ZERO_BYE}
_SP_COLUMNS = {"no": "number", "name": "name", "feder": "fed", "intl id": "fide", "loc id": "local_id",
               "rtg": "rating", "loc": "local_rating", "title": "title", "total": "points"}


def _swissperfect(text: str, source: str, event_type: EventType | None) -> tuple[Tournament, Published]:
    lines = text.split("\n")
    header_at = next(i for i, line in enumerate(lines) if SP_HEADER.match(line) and "\t" in line)
    heads = [c.strip() for c in lines[header_at].split("\t")]
    roles, rounds = _sp_heading(heads, source, header_at + 1)
    body = [(i + 1, line) for i, line in enumerate(lines) if i > header_at and line.strip()]
    if not body:
        raise InputError("the export has no player lines", file=source, line=header_at + 1)
    table = read_table(body, "\t", source)
    warnings: list[Text] = []
    rows: list[ExportRow] = []
    local_used = False
    for k, (lineno, _) in enumerate(body):
        cells = list(table[k])
        cells += [""] * (len(heads) - len(cells))
        row, local = _sp_row(cells, roles, lineno, source)
        local_used = local_used or local
        for r, col in enumerate(rounds, start=1):
            row.cells.append(_sp_round(cells[col].strip(), r, lineno, source))
        rows.append(row)
    if local_used:
        warnings.append(Message("warn.sp_local_ratings"))
    by_number: dict[int, ExportRow] = {}
    for row in rows:
        if row.number in by_number:
            raise InputError(f"player number {row.number} is used twice (first on line {by_number[row.number].line})",
                             file=source, line=row.line)
        by_number[row.number] = row
    name = os.path.splitext(os.path.basename(source))[0]
    if name.endswith(".spx"):
        name = name[:-4]
    warnings.append(Message("warn.sp_no_colours"))
    published = Published(kind=SWISSPERFECT, ranks={}, points={r.number: r.declared for r in rows}, tiebreaks=(),
                          legend=(), lines={r.number: r.line for r in rows})
    tournament = build_tournament(rows, len(rounds), name, source, event_type, warnings, frozenset({"colours"}))
    return tournament, published


def _sp_heading(heads: list[str], source: str, line: int) -> tuple[dict[str, int], list[int]]:
    """The heading's columns: role -> column (name, number, rating, ...), and the rounds' columns in order."""
    roles: dict[str, int] = {}
    rounds: list[int] = []
    for i, h in enumerate(heads):
        key = h.lower()
        if digits(key):
            rounds.append(i)
            if int(key) != len(rounds):
                raise InputError(f"round column {h!r} out of order (expected {len(rounds)})", file=source, line=line)
        elif key in _SP_COLUMNS:
            roles[_SP_COLUMNS[key]] = i
    if "name" not in roles:
        raise InputError("the SwissPerfect header has no 'Name' column", file=source, line=line)
    if not rounds:
        raise InputError("the SwissPerfect header has no round columns (1, 2, ...)", file=source, line=line)
    return roles, rounds


def _sp_row(cells: list[str], roles: dict[str, int], lineno: int, source: str) -> tuple[ExportRow, bool]:
    """A player's line but its rounds, and whether its rating is the local one (no FIDE rating given)."""
    number_text = cells[roles.get("number", 0)].strip()
    if not digits(number_text):
        raise InputError(f"player number {number_text!r} is not a number", file=source, line=lineno)
    row = ExportRow(line=lineno, number=int(number_text), name=cells[roles["name"]].strip())
    row.title = cells[roles["title"]].strip() if "title" in roles else ""
    row.federation = cells[roles["fed"]].strip() if "fed" in roles else ""
    rating_text = cells[roles["rating"]].strip() if "rating" in roles else ""
    local = False
    if not rating_text and "local_rating" in roles:
        rating_text = cells[roles["local_rating"]].strip()
        local = bool(rating_text)
    if rating_text and not digits(rating_text):
        raise InputError(f"rating {rating_text!r} is not a number", file=source, line=lineno)
    row.rating = (int(rating_text) or None) if rating_text else None
    if "points" in roles:
        t = cells[roles["points"]]
        row.declared = points(t)
        if t.strip() and row.declared is None:
            raise InputError(f"total {t.strip()!r} is not a number", file=source, line=lineno)
    return row, local


def _sp_round(cell: str, r: int, lineno: int, source: str) -> tuple[str, int | None, Colour, Kind]:
    """A round's cell (``27:W``, ``0:=``, ``  :``): as written, the opponent, no colour, the kind of result."""
    if cell == "":
        return (cell, None, Colour.NONE, Kind.ABSENT)
    m = _SP_CELL.match(cell)
    if m is None:
        raise InputError(f"round {r}: cannot read {cell!r} (expected opponent:result such as 27:W, 5:D, "
                         "3:L, 12:+, 8:-, or 0:W, 0:=, 0:- without an opponent)", file=source, line=lineno)
    opp = int(m.group(1)) if m.group(1) else 0
    code = (m.group(2) or "").upper()
    if not m.group(1):
        return (cell, None, Colour.NONE, Kind.ABSENT)  # '  :' not in the event that round
    if opp == 0:
        return (cell, None, Colour.NONE, _SP_NO_OPP[code])
    return (cell, opp, Colour.NONE, _SP_WITH_OPP[code])
