"""``xltb check``'s reading of an export's tie-break columns: the codes the user gives for them
(``--tiebreaks``, one per column in order, ``-`` skips one), else the legend's reading that every
command shares (:func:`xltb.ranking.legend.read_columns`)."""

from __future__ import annotations

from fractions import Fraction

from ..ranking.legend import ColumnReading, interpret, read_columns
from ..readers.published import PublishedColumn


def column_readings(columns: tuple[PublishedColumn, ...], max_score: Fraction,
                    user: list[str] | None) -> list[ColumnReading]:
    """Every published tie-break column read as C.07 codes: by the user's codes when given (a column
    beyond them is not compared), else by its legend name or its values."""
    if user is None:
        return read_columns(columns, max_score)
    out = []
    for i, col in enumerate(columns):
        entry = interpret(col.name) if col.name else None
        edition = entry.edition if entry is not None else None
        if i < len(user):
            code = None if user[i] == "-" else user[i]
            out.append(ColumnReading(col.key, col.name, code, () if code is None else (code,), code is not None,
                                     note="code given with --tiebreaks" if code else "skipped (--tiebreaks -)",
                                     given=True, edition=edition))
        else:
            out.append(ColumnReading(col.key, col.name, None, comparable=False, note="not in --tiebreaks",
                                     edition=edition))
    return out
