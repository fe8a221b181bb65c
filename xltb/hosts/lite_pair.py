"""The xlwings Lite script *Pair next round*: the next round's pairings written into the Crosstable sheet as
pending games, the cells :func:`xltb.functions.enter.next_round` gives (the list every host applies; the
pairing ``TB_PAIRINGS`` shows for the same cells).

It reads the used ranges of the sheets ``Crosstable`` and ``Settings`` (xlwings' remote API of 0.37.8, the
book an ``xw.BookAsync``), writes each cell of the list (``W9``, ``B5``, ``+BYE``, ``=BYE``: as text, with
Excel's apostrophe before a leading ``=`` or ``+`` so that it is never taken for a formula) and applies the
writes (``await book.flush()``). Refused, with the reason printed in Lite's Output pane and nothing written,
when a round is paired but not complete, when a cell to write holds anything, when the crosstable has no
column for the round; the Standings sheet's Status cell names a round paired or half filled as well.
"""

from __future__ import annotations

import re
from typing import Any

from ..cells import column_index
from ..functions.enter import Refused, next_round
from ..sheets.crosstable import Origin
from ..sheets.names import TeamSheets

#: the script's name in the Lite pane
PAIR_SCRIPT_NAME = "Pair next round"


def as_typed(text: str) -> str:
    """A cell's text as it is written through Excel's values: an apostrophe before a leading ``=``, ``+`` or
    ``-`` keeps ``=BYE`` or ``+BYE`` a text (Excel shows the text without it)."""
    return "'" + text if text[:1] in "=+-" else text


def _first_cell(address: str) -> tuple[int, int]:
    """(row, column) of the first cell of ``$A$1:$U$160`` (a sheet's name before it ignored)."""
    m = re.search(r"\$?([A-Za-z]{1,3})\$?(\d+)", address.split("!")[-1])
    if m is None:
        raise ValueError(f"not a range address: {address!r}")
    return int(m[2]), column_index(m[1])


def _rows(value: Any) -> list[list[Any]]:
    """A range's values read with ``ndim=2``, as rows (a scalar for one cell, defensively); Excel's empty
    cell ("") as None."""
    rows = [[value]] if not isinstance(value, list) else [list(r) if isinstance(r, list) else [r] for r in value]
    return [[None if v == "" else v for v in row] for row in rows]


async def _block(book: Any, name: str) -> tuple[list[list[Any]], Origin] | None:
    """The used range of the sheet ``name`` as rows, and where it starts; None without the sheet."""
    try:
        sheet = book.sheets[name]
    except Exception:  # no such sheet
        return None
    used = await sheet.get_used_range()
    if used is None:
        return None
    row0, column0 = _first_cell(used.address)
    return _rows(await used.options(ndim=2).get_value()), Origin(name, row0, column0)


async def enter_round(book: Any) -> list[str]:
    """Enter the next round into ``book`` (an ``xw.BookAsync`` of xlwings Lite); returns (and prints, for
    Lite's Output pane) what was done or why nothing was."""
    crosstable, teams = await _block(book, "Crosstable"), None
    if crosstable is None:  # a team workbook: its Matches sheet, with the Teams sheet (the team Swiss)
        crosstable, found = await _block(book, "Matches"), await _block(book, "Teams")
        teams = TeamSheets(*found) if found is not None else None
    settings = await _block(book, "Settings")
    if crosstable is None:
        lines = ["Pair next round: this workbook has no Crosstable sheet (xltb template individual)."]
    else:
        rows, origin = crosstable
        try:
            entered = next_round(rows, settings[0] if settings is not None else None, origin, teams)
        except Refused as why:
            lines = [f"Pair next round: not entered: {why.message}"]
        else:
            sheet = book.sheets[origin.sheet]
            for edit in entered.edits:  # a team event's round, board, team and position are numbers
                sheet[edit.cell].value = edit.value if isinstance(edit.value, int) else as_typed(str(edit.value))
            await book.flush()
            rp = entered.pairing
            cells = ", ".join(f"{e.cell} {e.value}" for e in entered.edits)
            lines = [f"Round {rp.round} entered: {len(rp.boards)} boards ({cells}).",
                     "The Pairings sheets show it (print them from there); type each result over its pairing "
                     "(+W9, =B5, -W2), then run this script again for the next round."]
    print("\n".join(re.sub(r"\s+", " ", line) for line in lines))
    return lines


__all__ = ["PAIR_SCRIPT_NAME", "as_typed", "enter_round"]
