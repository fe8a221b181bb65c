"""Standings workbooks (.xlsx) that can be printed, pinned on the wall, posted and e-mailed.

Every cell holds a computed value, never a formula, so that the workbook reads the same in Excel
without the add-in, in LibreOffice and on phones. Sheets (``SHEETS``; their names in the chosen
language):

* **standings**: rank, no., title, name, federation, rating, points and each tie-break with its
  own precision (:func:`xltb.report.numbers.decimals`); columns that no participant fills (title,
  federation, rating) are left out; direct encounter where Art. 6 gives a value (C.07 6, :meth:`Standings.shown`);
* **crosstable**: every round (``12w1`` = against no. 12 with white, won; ``PAB 1``, ``HPB ½``...);
  a round robin gets the player x player grid instead (:mod:`xltb.report.printed.grid`);
* **details**: per participant and tie-break, the contribution of each round, what was cut and why,
  and the articles applied (:mod:`xltb.report.printed.details`);
* **event**: source file, rules edition and why, tie-break list, scoring, warnings.

Team events have team standings and the team crosstable (:mod:`xltb.report.printed.standings`, the team
x team grid for a league) and the players by board (:mod:`xltb.report.printed.team_sheets`).

Print setup on every sheet: A4, a title block on every printed page (event; place, dates, "after
round N of M" or "Final standings", the rules edition; the tie-break legend) above the repeated
header row, fit to the page width, the standings in portrait at 10 points (about 50 rows a page),
a footer with the event, the sheet, the edition and the page number (starting at 1 on each sheet).
Text that a spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``) is stored as text with a
quote prefix.
"""

from __future__ import annotations

import os
from typing import Iterable

from ...errors import XltbError
from ...files import write_atomic
from ...prizes import PrizeList
from ...ranking.standings import Standings
from . import details, grid, team_sheets
from ..prizes import prizes_sheet
from ..i18n import Language, language
from .layout import Layout, number_format, points_text, round_text, unplayed_text
from .standings import crosstable_sheet, standings_rows, standings_sheet
from ..titles import event_title
from .xlsx import Book

#: the sheets a workbook can hold, in their order; team events: standings = team standings and so on; prizes
#: only with a prize list (``xltb export --prizes``)
SHEETS = ("standings", "prizes", "crosstable", "players", "details", "event")
#: what ``--pdf`` prints when it is not told (and the prizes, when there is a prize list)
PDF_DEFAULT = ("standings", "crosstable")


def parse_sheets(text: str | None, team: bool = False) -> tuple[str, ...]:
    """``--pdf standings,details`` -> the sheets in their workbook order; ``all`` for every sheet."""
    if text is None or text == "":
        return PDF_DEFAULT
    wanted = [w.strip().lower() for w in text.split(",") if w.strip()]
    if wanted == ["all"]:
        return SHEETS
    unknown = [w for w in wanted if w not in SHEETS]
    if unknown:
        raise XltbError(f"--pdf {text}: unknown sheet {', '.join(unknown)} (choose from {', '.join(SHEETS)}, "
                        "or all)")
    return tuple(s for s in SHEETS if s in wanted)


def build_workbook(st: Standings, *, input_kind: str = "", lang: str | Language | None = None,
                   sheets: Iterable[str] = SHEETS, planned: int | None = None, page_of: bool | None = None,
                   prizes: PrizeList | None = None) -> bytes:
    """The workbook of an event as bytes, with the ``sheets`` asked for (all by default): standings,
    crosstable (the grid for a round robin), details, event; for a team event team standings, team
    crosstable, players by board, details, event; with ``prizes`` (a prize list of the standings), the Prizes
    sheet after the standings. ``page_of``: footers say "page N of M" (default: when the workbook is the whole
    workbook or a single sheet; a PDF of some sheets numbers each sheet's pages)."""
    lang = lang if isinstance(lang, Language) else language(lang)
    wanted = set(sheets)
    if page_of is None:
        page_of = wanted >= set(SHEETS) or len(wanted) == 1
    layout = Layout(lang, event_title(st), lang("edition", edition=st.edition.key), page_of, planned)
    book = Book(lang.number_locale)  # numbers printed with the language's decimal mark
    if "standings" in wanted:
        standings_sheet(book, st, layout)
    if "prizes" in wanted and prizes is not None and not st.team:
        prizes_sheet(book, st, layout, prizes)
    if "crosstable" in wanted:
        if grid.prints_grid(st):  # a round robin: the player x player (team x team) grid
            grid.grid_sheet(book, st, layout)
        else:
            crosstable_sheet(book, st, layout)
    if "players" in wanted and st.team:
        team_sheets.players_sheet(book, st, layout)
    if "details" in wanted:
        details.details_sheet(book, st, layout)
    if "event" in wanted:
        details.event_sheet(book, st, details.event_rows(st, input_kind=input_kind, lang=lang), layout)
    if not book.sheets:
        raise XltbError("no sheet to write: " + ", ".join(sheets))
    return book.bytes()


def write_workbook(st: Standings, path: str | os.PathLike[str], *, input_kind: str = "", lang: str | Language | None = None,
                   sheets: Iterable[str] = SHEETS, planned: int | None = None, page_of: bool | None = None,
                   force: bool = True, prizes: PrizeList | None = None) -> None:
    """Write the workbook atomically (never half a file); without ``force``, never over an existing file."""
    write_atomic(path, build_workbook(st, input_kind=input_kind, lang=lang, sheets=sheets, planned=planned,
                                      page_of=page_of, prizes=prizes), force=force)


__all__ = ["build_workbook", "write_workbook", "standings_rows", "number_format", "round_text", "points_text",
           "unplayed_text", "parse_sheets", "SHEETS", "PDF_DEFAULT"]
