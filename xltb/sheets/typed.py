"""What the arbiter typed into a Crosstable's round cells, where the spreadsheet made something else of it,
and the rounds whose cells were left blank.

Typed into a cell not formatted as text, ``=B3`` (a draw with black against #3), ``+W9`` and ``-B2`` are
formulas to Excel and LibreOffice: the cell then shows another cell's value (Bruno's rating, 0, a name), or
nothing when the file was written by a program that computes nothing. A workbook file keeps the formula
(``B3``, ``+W9``; LibreOffice ``of:=[.B3]``): :func:`read_formulas` reads a formula whose text is a result in
the crosstable's notation as that result, with a note naming the cell, and refuses any other formula of a
round cell that has no saved value (:class:`~xltb.sheets.crosstable.CellError` naming the cell: reading it as
empty would print wrong standings). A formula with a saved value that is not a result is read by its value,
as the sheet shows it.

:func:`blank_games` finds the participants whose cell of a round that others played is empty: an empty
cell is "not paired" (C.07 16.1.1: counted as a zero-point bye), so a game whose result was never entered
would be scored as two absences without a word. A participant empty from a round to the last is taken as
withdrawn and not named (in the last round: one empty in the round before); ``0`` (chess-results' "not
paired") says that a participant was not paired.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from ..messages import Message
from ..model import Kind
from .crosstable import CellError, Origin, cell_text, parse_cell, read_header

#: a formula cell of a block: (row, column) inside the block, 0-based -> the formula's text as stored,
#: without its "=" (Excel ``B3``, ``+W9``; LibreOffice's ``of:=[.B3]`` given as ``[.B3]``)
Formulas = Mapping[tuple[int, int], str]

_ODF_REF = re.compile(r"\[\.\$?([A-Za-z]{1,3})\$?(\d{1,7})\]")
#: a formula that Excel or LibreOffice made of a result typed into the cell: a reference with a sign
_TYPED = re.compile(r"[+\-]?(?:[A-Za-z]{1,3}\d{1,7}|BYE)", re.IGNORECASE)
_GAME_KINDS = (Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.NOT_PLAYED)


def typed(formula: str) -> str | None:
    """The result the arbiter typed, when ``formula`` is what a spreadsheet made of it: ``B3`` was typed
    ``=B3``, ``+W9`` was ``+W9`` (Excel stores ``=+W9``), ``-FB12`` was ``-FB12``, ``BYE`` was ``=BYE``;
    None for any other formula.

    >>> typed("B3"), typed("+W9"), typed("[.B13]"), typed("SUM(A1:A3)")
    ('=B3', '+W9', '=B13', None)
    """
    text = _ODF_REF.sub(r"\1\2", formula.strip().removeprefix("of:").removeprefix("=").strip())
    if not _TYPED.fullmatch(text):
        return None
    said = text if text[0] in "+-" else "=" + text
    try:
        kind = parse_cell(said)[0]
    except ValueError:
        return None
    return None if kind is Kind.ABSENT else said


def read_formulas(rows: Sequence[Sequence[Any]], formulas: Formulas,
                  origin: Origin) -> tuple[list[list[Any]], tuple[Message, ...]]:
    """The crosstable's rows with each round cell that holds a typed result read as that result, and a
    note for each; raises :class:`CellError` for a round cell whose formula has no saved value and is not a
    result."""
    if not formulas or not rows:
        return [list(row) for row in rows], ()
    rounds = set(read_header(rows[0], origin).rounds)
    out = [list(row) for row in rows]
    notes: list[Message] = []
    for (r, c), formula in sorted(formulas.items()):
        if r == 0 or c not in rounds or r >= len(out):
            continue
        row = out[r]
        row += [None] * (c + 1 - len(row))
        said = typed(formula)
        address = origin.address(r, c)
        if said is not None:
            notes.append(Message("note.formula_result", cell=address, formula="=" + formula.lstrip("="),
                                 result=said))
            row[c] = said
        elif row[c] is None:
            raise CellError(str(Message("error.formula_result", formula="=" + formula.lstrip("="))), cell=address)
    return out, tuple(notes)


def blank_games(rows: Sequence[Sequence[Any]], rounds: int, origin: Origin) -> tuple[Message, ...]:
    """One warning per round that others played with at least two participants' cells empty (a game
    whose result was not entered), naming them and their cells."""
    if len(rows) < 3 or rounds < 1:
        return ()
    layout = read_header(rows[0], origin)
    no = layout.columns["no"]
    count = min(rounds, len(layout.rounds))
    entries = []  # (row index, pairing number, the texts of its round cells, its last round with a text)
    for r, row in enumerate(rows):
        if r and len(row) > no and cell_text(row[no]):
            texts = [cell_text(row[c]) if c < len(row) else "" for c in layout.rounds[:count]]
            last = max((i for i, t in enumerate(texts) if t), default=-1)
            entries.append((r, cell_text(row[no]), texts, last))
    found = []
    for i in range(count):
        played = False
        blank = []
        for r, number, texts, last in entries:
            if texts[i]:
                if not played:
                    try:
                        played = parse_cell(texts[i])[0] in _GAME_KINDS
                    except ValueError:
                        pass  # the reader names it
            elif last > i or (i == count - 1 and last == i - 1):  # not empty from here to the end (withdrawn)
                blank.append((r, number))
        if played and len(blank) >= 2:
            found.append(Message("warn.blank_game", round=i + 1, players=tuple(f"#{n}" for _, n in blank),
                                 cells=tuple(origin.address(r, layout.rounds[i]) for r, _ in blank)))
    return tuple(found)


__all__ = ["Formulas", "typed", "read_formulas", "blank_games"]
