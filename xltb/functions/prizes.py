"""``=TB_PRIZES(PrizeTable, PrizeSharing, Crosstable, Settings)``: the prize list of the standings the
crosstable gives, as a table (the header, a line an award, the players tied with each category's last
winner), the same list ``xltb prizes`` prints (:mod:`xltb.prizes`).

The prize table is the block of the Prizes sheet (header ``Prize, Category, Amount``, blank rows
allowed); the sharing is ``none`` (blank), ``equal`` or ``hort``. What the function cannot compute
comes back in the table's first cell: the crosstable's error value (as ``TB_STANDINGS``), or
``#VALUE!`` followed by the reason for a prize table, a sharing or an event it cannot use.
"""

from __future__ import annotations

from typing import Any

from ..errors import XltbError
from ..prizes import SHARES, award_prizes, prizes_from_rows
from ..prizes.rows import HEADER, table_rows
from ..sheets.crosstable import Origin
from ..sheets.names import TeamSheets
from ..report.i18n import DEFAULT, Language, available, language
from ..sheets.settings import settings_from_pairs
from .core import NA, VALUE, ExcelError, event_for


def tb_prizes(prizes: Any, share: Any, crosstable: Any, settings: Any = None, origin: Origin = Origin(),
              teams: TeamSheets | None = None, prizes_origin: Origin = Origin("Prizes")) -> list[list[Any]]:
    """The prize list as rows (header first); a host fits it to the caller's range."""
    event = event_for(crosstable, settings, origin, teams)
    if isinstance(event, ExcelError):
        return [list(HEADER)] if event.code == NA else [[event]]
    if event.event.is_team:  # prizes go to the players of an individual event
        return [[f"{VALUE} prizes are awarded to the players of individual events; this is a team event"]]
    mode = "none" if share is None or str(share).strip() == "" else str(share).strip().lower()
    if mode not in SHARES:
        return [[f"{VALUE} sharing {share!r}: write none, equal or hort"]]
    try:
        table = prizes_from_rows(prizes or [], f"{prizes_origin.sheet} sheet", prizes_origin.row)
        if not table.prizes:
            return [list(HEADER)]
        pl = award_prizes(event.standings, table, mode)
    except XltbError as err:
        return [[f"{VALUE} {err}"]]
    lang = _language(settings)
    if lang is None:
        rows = table_rows(pl)
    else:  # Settings Language: the reasons, the notes and the header in that language
        rows = table_rows(pl, lang.render)
        rows[0] = [lang(key) for key in ("prize", "category", "amount", "no", "name", "rank", "points", "paid", "why")]
    return [[v if v is not None else "" for v in row] for row in rows]


def _language(settings: Any) -> Language | None:
    """The language the Settings block names (``Language``), None for English or none; an unknown one: English."""
    code = str(settings_from_pairs(settings).get("Language") or "").strip().lower()
    if not code or code == DEFAULT or code not in available():
        return None
    return language(code)


__all__ = ["tb_prizes"]
