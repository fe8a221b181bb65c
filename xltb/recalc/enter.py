"""``xltb pair WORKBOOK -o OUT``: the next round's pairings written into the workbook's crosstable as
pending games, without a spreadsheet.

The cells come from :func:`xltb.functions.enter.next_round` (the list every host applies); they are
written into the sheet's XML by the writer of ``xltb recalc`` (:func:`xltb.recalc.package.write`): each
cell's style kept, every other cell, formula, style and part as it was. Then the workbook is recalculated
as ``xltb recalc`` does, so that its cached values (Status, the Pairings sheets, the standings) say what
the new crosstable gives. ``.xlsx`` and ``.xlsm`` only.
"""

from __future__ import annotations

import io
import os
import zipfile
from typing import NamedTuple

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
    """The workbook at ``path`` with its next round entered (the new workbook's bytes);
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
    if blocks.teams is not None:
        raise InputError("team events are not paired in the workbook", file=source)
    try:
        entered = next_round(blocks.crosstable, blocks.settings, blocks.origin)
    except Refused as why:
        raise InputError(why.message, file=source) from None
    out = write_edits(data, entered.edits)
    if recalculate:
        from .run import recalc_bytes  # the formulas engine: the values the new crosstable gives

        out = recalc_bytes(out).data
    return PairedBook(out, entered.pairing, entered.edits)


__all__ = ["PairedBook", "pair_workbook"]
