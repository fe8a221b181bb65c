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

from typing import Any, Sequence

# the name rule is the readers' too (a workbook file read by `xltb standings`): it lives with the sheets
from ..sheets.names import SETTING_NAMES, Block, Blocks, Names, NoCrosstable, Rows, resolve

#: how many tie-break columns a template keeps room for in its standings table (its matrix in
#: LibreOffice, its print area in Excel): the table has 5 columns before them
VIEW_TIEBREAKS = 10


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


def pairing_room(table: Sequence[Sequence[Any]], block_rows: int) -> tuple[int, int]:
    """The range a template keeps for a pairing list of a crosstable of ``block_rows`` rows (header and spare rows
    included): its title and header, a line a participant at most (the list by name), and the list's width."""
    height = max(len(table), block_rows + 1)
    width = max([len(r) for r in table] + [1])
    return height, width


def room(table: Sequence[Sequence[Any]], participants: int) -> tuple[int, int]:
    """The range a template keeps for a table of ``participants`` rows (header included, spare rows
    included): at least ``5 + VIEW_TIEBREAKS`` columns, so that LibreOffice's matrix (no dynamic
    arrays) shows empty cells, not #N/A, around a shorter table."""
    height = max(len(table), participants)
    width = max([len(r) for r in table] + [5 + VIEW_TIEBREAKS])
    return height, width


__all__ = ["VIEW_TIEBREAKS", "SETTING_NAMES", "Block", "Blocks", "Names", "NoCrosstable", "Rows", "resolve", "fit", "room", "pairing_room"]
