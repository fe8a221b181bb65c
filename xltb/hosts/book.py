"""The one small workbook interface every host adapts to, in the manner of pycel's ``ExcelWrapper``.

A worksheet function needs two things of the workbook around its cell, whatever the host:

* **the blocks left out**: ``=TB_SB_C1(A2)`` names no crosstable, so the host reads the workbook's
  defined names: ``Crosstable`` (team events ``Matches`` and ``Teams``) and ``Settings`` (without a
  Settings block, the one-cell names of its keys: ``Edition``, ``TieBreaks``, ...). A host says how
  it reads a defined name by implementing :class:`Names`; :func:`resolve` is the rule, once.
* **the table fitted to its room**: ``TB_STANDINGS`` in a single cell spills (Excel 365 dynamic
  arrays) and gets the whole table; in a multi-cell range (a legacy array formula, a LibreOffice
  matrix, an array formula of ``xltb recalc``) it gets the table cut or padded with ``""`` to the
  range (:func:`fit`), as Excel fills an array formula's range.

Hosts: :mod:`xltb.hosts.classic` (xlwings' names), :mod:`xltb.hosts.engine` (the recalc engine's
names), :mod:`xltb.hosts.libreoffice` and :mod:`xltb.hosts.lite` (which pass every block: values
only, no names).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from ..functions.core import TeamSheets
from ..sheets.crosstable import Origin
from ..sheets.settings import ALL_FIELDS

#: how many tie-break columns a template keeps room for in its standings table (its matrix in
#: LibreOffice, its print area in Excel): the table has 5 columns before them
VIEW_TIEBREAKS = 10

#: the one-cell names a workbook may give its settings by, when it has no Settings block
SETTING_NAMES: tuple[str, ...] = tuple(ALL_FIELDS)

Rows = list[list[Any]]


@dataclass(frozen=True)
class Block:
    """A defined name's cells as the functions read them."""

    rows: Rows
    """The cells, row by row (plain values: numbers, text, None for an empty cell)."""
    origin: Origin
    """Where the block starts (sheet, row, column), for messages that name a cell."""


class Names(Protocol):
    """What a host gives of its workbook: the block a defined name refers to."""

    def named(self, name: str) -> Block | None:
        """The block of the workbook's name ``name`` (any case), None when there is no such name or
        it refers to no range."""


class NoCrosstable(Exception):
    """The formula names no crosstable and the workbook has no name for one."""

    MESSAGE = "no crosstable: pass the range, or define the name 'Crosstable' (team events: 'Matches' and 'Teams')"


@dataclass(frozen=True)
class Blocks:
    """The blocks a worksheet function computes from, each given or read through the workbook."""

    crosstable: Rows
    """The Crosstable block (team events: the Matches block), header first."""
    settings: Rows | None
    """The Settings block as (key, value) rows; None when neither given nor named."""
    origin: Origin
    """Where the crosstable starts."""
    teams: TeamSheets | None
    """A team event's Teams block (``TeamSheets(None)``: a team workbook without one), else None."""


def resolve(book: Names | None, crosstable: Block | None, settings: Rows | None,
            teams: Block | None) -> Blocks:
    """The blocks of a call: those given, and for those left out the workbook's names.

    A crosstable left out is ``Crosstable``, else ``Matches`` (then the event is a team event and a
    Teams block left out is ``Teams``); settings left out are ``Settings``, else the one-cell names
    of its keys. Raises :class:`NoCrosstable` when no crosstable is given or named.
    """
    team_default = False
    if crosstable is None:
        found = book.named("Crosstable") if book is not None else None
        if found is None and book is not None:
            found = book.named("Matches")
            team_default = found is not None
        if found is None:
            raise NoCrosstable(NoCrosstable.MESSAGE)
        crosstable = found
    if settings is None and book is not None:
        block = book.named("Settings")
        if block is not None:
            settings = block.rows
        else:
            settings = [[key, one.rows[0][0]] for key in SETTING_NAMES
                        if (one := book.named(key)) is not None and one.rows and one.rows[0]]
    if teams is not None:
        team_sheets: TeamSheets | None = TeamSheets(teams.rows, teams.origin)
    elif team_default:
        found = book.named("Teams") if book is not None else None
        team_sheets = TeamSheets(found.rows, found.origin) if found is not None else TeamSheets(None)
    else:
        team_sheets = None
    return Blocks(crosstable.rows, settings, crosstable.origin, team_sheets)


def fit(table: Sequence[Sequence[Any]], shape: tuple[int, int] | None) -> Rows:
    """A table for the caller's range: a single cell or no range (the result spills) gets the whole
    table; a multi-cell range gets it cut or padded with ``""`` to its size, as Excel fills an array
    formula's range."""
    if shape is None or tuple(shape) == (1, 1):
        return [list(r) for r in table]
    height, width = shape
    out = []
    for i in range(height):
        row = list(table[i][:width]) if i < len(table) else []
        out.append(row + [""] * (width - len(row)))
    return out


def prize_room(table: Sequence[Sequence[Any]], block_rows: int) -> tuple[int, int]:
    """The range a template keeps for the prize list of a prize table of ``block_rows`` rows (header and
    spare rows included): three lines a prize line (its winner, players who share its money, the tied
    players' lines) and a dozen more, the list's 9 columns; larger when the list is."""
    height = max(len(table), 3 * block_rows + 12)
    width = max([len(r) for r in table] + [9])
    return height, width


def room(table: Sequence[Sequence[Any]], participants: int) -> tuple[int, int]:
    """The range a template keeps for a table of ``participants`` rows (header included, spare rows
    included): at least ``5 + VIEW_TIEBREAKS`` columns, so that LibreOffice's matrix (no dynamic
    arrays) shows empty cells, not #N/A, around a shorter table."""
    height = max(len(table), participants)
    width = max([len(r) for r in table] + [5 + VIEW_TIEBREAKS])
    return height, width
