"""``xltb pair WORKBOOK -o OUT``: the next round's pairings written into the workbook's crosstable as
pending games, without a spreadsheet.

The cells come from :func:`xltb.functions.enter.next_round` (the list every host applies); they are
written into the sheet's XML by the writer of ``xltb recalc`` (:func:`xltb.recalc.package.write`): each
cell's style kept, every other cell, formula, style and part as it was. Then the workbook is recalculated
as ``xltb recalc`` does, so that its cached values (Status, the Pairings sheets, the standings) say what
the new crosstable gives. ``.xlsx`` and ``.xlsm`` only. A team workbook's next round goes into its Matches
sheet (:mod:`xltb.functions.team_pairing`), below the last line written, inside the name ``Matches``.
"""

from __future__ import annotations

import io
import os
import zipfile
from typing import Any, NamedTuple

from ..books.workbook import read_book
from ..errors import InputError
from ..functions.edits import CellEdit
from ..functions.enter import Refused, next_round
from ..pairing.result import RoundPairing
from ..sheets.names import NoCrosstable, resolve
from .edits import write_edits


class PairedBook(NamedTuple):
    """A workbook with the next round entered."""

    data: bytes
    """The new workbook."""
    pairing: RoundPairing
    """The round entered."""
    edits: tuple[CellEdit, ...]
    """The cells written."""


def pair_workbook(path: str | os.PathLike[str], *, recalculate: bool = True) -> PairedBook:
    """The workbook at ``path`` with its next round entered (the new workbook's bytes; a team workbook's matches
    in its Matches sheet);
    :class:`~xltb.errors.InputError` naming the file and the reason when it cannot be (the previous round not
    complete, a cell that holds something, no column for the round, a mistake of the crosstable)."""
    source = os.fspath(path)
    book, data = read_book(source)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        if "xl/workbook.xml" not in z.namelist():
            raise InputError("xltb pair writes the pairings into an .xlsx or .xlsm workbook (xltb template "
                             "individual); an .ods is entered by the LibreOffice extension's macro", file=source)
    try:
        blocks = resolve(book, None, None, None)
    except NoCrosstable:
        raise InputError("not one of xltb's workbooks (no defined name 'Crosstable')", file=source) from None
    crosstable = blocks.crosstable if blocks.teams is None else _spanned(data, blocks.crosstable)
    try:  # a team workbook: its Matches block, with the Teams block
        entered = next_round(crosstable, blocks.settings, blocks.origin, blocks.teams)
    except Refused as why:
        raise InputError(why.message, file=source) from None
    out = write_edits(data, entered.edits)
    if recalculate:
        from .run import recalc_bytes  # the formulas engine: the values the new crosstable gives

        out = recalc_bytes(out).data
    return PairedBook(out, entered.pairing, entered.edits)


def _spanned(data: bytes, rows: list[list[Any]]) -> list[list[Any]]:
    """The Matches block with the blank lines its defined name spans below the last line written (the reader
    stops there): where "Pair next round" writes a team event's next round."""
    from ..books.xlsx_book import XlsxCells

    cells = XlsxCells(data)
    try:
        rect = cells.names().get("MATCHES")
    finally:
        cells.close()
    if rect is None or not rows:
        return rows
    height = rect.clipped().r2 - rect.r1 + 1
    return rows + [[None] * len(rows[0]) for _ in range(height - len(rows))]


__all__ = ["PairedBook", "pair_workbook"]
