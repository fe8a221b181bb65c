"""Standings as a pandas DataFrame, for notebooks (pandas is loaded only here)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..ranking.standings import Standings
from .numbers import title_text

if TYPE_CHECKING:
    import pandas as pd


def to_dataframe(st: Standings) -> pd.DataFrame:
    """One row per participant in rank order: rank, start_no, title, name, federation, rating,
    points and one column per tie-break (floats; exact values are in ``st.rows``; NaN where the
    rules leave a value undefined). ``frame.attrs`` holds the edition, the list and the warnings."""
    import pandas as pd

    def number(value: Fraction | int | None) -> float | None:
        return None if value is None else value.numerator / value.denominator

    records: list[dict[str, object]] = []
    for row in st.rows:
        entry = st.entry(row.participant)
        record = {"rank": row.rank, "start_no": entry.start_no, "title": title_text(entry.title), "name": entry.name,
                  "federation": entry.federation, "rating": entry.rating, "points": number(row.points)}
        record.update({code: number(v) for code, v in st.shown_values(row).items()})
        records.append(record)
    columns = ["rank", "start_no", "title", "name", "federation", "rating", "points", *st.codes]
    frame = pd.DataFrame.from_records(records, columns=columns)
    for code in st.codes:
        frame[code] = frame[code].astype("float64")
    frame.attrs.update(rules=st.edition.key, rules_reason=st.edition_reason, tiebreaks=list(st.codes),
                       warnings=[str(w) for w in st.warnings])
    return frame
