"""What the CSV exports of results servers and pairing programs have in common: the standings they
published next to the results (:class:`Published`, to compare with xltb's), their player rows, and
those rows built into a :class:`~xltb.model.Tournament` through :mod:`xltb.events.builder`.

The readers are :mod:`xltb.readers.chessresults` and :mod:`xltb.readers.swissperfect`. Cells are
split by the standard library's csv module, one line at a time, so that a broken quote is an error
naming its line.
"""

from __future__ import annotations

import csv
import re
from typing import Callable
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from ..errors import InputError
from ..messages import Message, Text
from ..model import Colour, EventType, Kind, Player, RoundResult, Scoring, Tournament
from ..events import builder
from ..model.tournament import Lack
from .numbers import ascii_fraction

CHESS_RESULTS = "chess-results"
SWISSPERFECT = "swissperfect"

#: a SwissPerfect header line (with a TAB); looked for by both export readers, as the first header
#: line found decides the kind
SP_HEADER = re.compile(r"^\s*No\s*\t")


@dataclass(frozen=True)
class PublishedColumn:
    """A column of published values: its header as written, its legend name, values by player number."""

    key: str
    name: str
    values: dict[int, Fraction | None]
    texts: dict[int, str] = field(default_factory=dict)  # the cells as written


@dataclass(frozen=True)
class Published:
    """What an export published next to the results (to compare with xltb's standings)."""

    kind: str  # CHESS_RESULTS or SWISSPERFECT
    ranks: dict[int, int]  # player number -> published rank (empty when the export has no rank column)
    points: dict[int, Fraction | None]  # player number -> published points
    tiebreaks: tuple[PublishedColumn, ...]  # TB1..TBn in order, with their legend names when given
    legend: tuple[str, ...]  # the '#' lines at the end, without the '#'
    lines: dict[int, int]  # player number -> line of the file
    title: str = ""  # e.g. "Final Ranking crosstable after 21 Rounds"
    updated: date | None = None  # the export's "Last update" date (chess-results prints no start date)


@dataclass
class ExportRow:
    """A player's line of an export: what it says, and its round cells as (text, opponent, colour, kind)."""

    line: int
    number: int
    name: str
    title: str = ""
    rating: int | None = None
    federation: str = ""
    declared: Fraction | None = None
    rank: int | None = None
    cells: list[tuple[str, int | None, Colour, Kind]] = field(default_factory=list)


def points(text: str) -> Fraction | None:
    """``8``, ``46,5``, ``6.5``, ``4½``, ``½``: a number of points (None when empty or not a number)."""
    t = text.strip()
    if not t:
        return None
    if t.endswith("½"):
        t = (t[:-1] or "0") + ".5"
    try:
        return ascii_fraction(t)
    except (ValueError, ZeroDivisionError):
        return None


def read_table(body: list[tuple[int, str]], sep: str, source: str) -> list[list[str]]:
    """The cells of each (line number, line) of ``body``, all rows as wide as the widest (quotes
    handled as spreadsheets write them, ``"a;b"`` and ``""``; nothing converted). A line is one row:
    a quote that is not closed on its line, or text after a closing quote, is an error naming the
    line."""
    rows = []
    for number, line in body:
        try:
            rows.append(next(csv.reader([line], delimiter=sep, quotechar='"', doublequote=True, strict=True)))
        except csv.Error as exc:
            raise InputError(f"cannot read the line as {'TAB' if sep == chr(9) else repr(sep)}-separated cells "
                             f"({exc}: a quote opened and not closed on this line?)", file=source,
                             line=number) from None
    width = max((len(cells) for cells in rows), default=0)
    for cells in rows:
        cells += [""] * (width - len(cells))
    return rows


# --------------------------------------------------------------------------- the model, through the builder
def _problem(rows: list[ExportRow], source: str) -> Callable[[str, int, int, int], Exception]:
    """The messages of :func:`builder.check_pairings` for an export: they quote the cells."""
    by_number = {row.number: row for row in rows}

    def problem(what: str, me: int, r: int, opp: int) -> Exception:
        row = by_number[me]
        cell = row.cells[r][0]
        if what == builder.SELF:
            return InputError(f"round {r + 1}: {me} is paired with himself ({cell!r})", file=source, line=row.line)
        if what == builder.UNKNOWN:
            return InputError(f"round {r + 1}: opponent {opp} ({cell!r}) does not exist", file=source, line=row.line)
        other = by_number[opp]
        other_cell = other.cells[r][0]
        if what == builder.UNPAIRED:
            said = f"says {other_cell!r}" if other_cell else "is empty"
            return InputError(f"round {r + 1}: {me} played {opp} ({cell!r}), but the line of {opp} "
                              f"(line {other.line}) {said}", file=source, line=row.line)
        return InputError(f"round {r + 1}: the results of {me} ({cell!r}) and {opp} ({other_cell!r}) "
                          "contradict each other", file=source, line=row.line)

    return problem


def _players(rows: list[ExportRow], results: builder.Rows) -> list[Player]:
    return [Player(start_no=row.number, name=row.name, results=tuple(results[row.number]), rating=row.rating,
                   title=row.title, federation=row.federation, declared_points=row.declared, declared_rank=row.rank,
                   line=row.line) for row in rows]


def build_tournament(rows: list[ExportRow], rounds: int, name: str, source: str, event_type: EventType | None,
                     warnings: list[Text], lacks: frozenset[Lack] = frozenset()) -> Tournament:
    """Both cells of every game must agree (names, mirrored results); the published points must be
    explained by the rounds."""
    scoring = Scoring()
    table = scoring.table()
    results: builder.Rows = {row.number: [RoundResult(r + 1, kind, opp, colour, table[kind])
                                          for r, (_, opp, colour, kind) in enumerate(row.cells)] for row in rows}
    order = [row.number for row in rows]
    builder.check_pairings(order, results, _problem(rows, source))
    builder.mark_double_forfeits(order, results, table)
    players, scoring, mismatch = builder.explain_points(
        _players(rows, results), scoring, lambda alt: _players(rows, builder.rescored(results, alt)), warnings,
        declared_as=Message("points.published"), source=source)
    if mismatch is not None:
        raise builder.points_error(mismatch, source, rounds="rounds", declared_by="the export says")
    etype, type_choice = builder.chosen_event_type(event_type, players, warnings, inferred=builder.EXPORT_INFERRED)
    return Tournament(name=name, players=tuple(sorted(players, key=lambda p: p.start_no)), rounds=rounds,
                      event_type=etype, scoring=scoring, source=source, warnings=tuple(warnings),
                      event_type_choice=type_choice, lacks=lacks)
