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

Team events have team standings, the team crosstable and the players by board
(:mod:`xltb.report.printed.team_sheets`).

Print setup on every sheet: A4, a title block on every printed page (event; place, dates, "after
round N of M" or "Final standings", the rules edition; the tie-break legend) above the repeated
header row, fit to the page width, the standings in portrait at 10 points (about 50 rows a page),
a footer with the event, the sheet, the edition and the page number (starting at 1 on each sheet).
Text that a spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``) is stored as text with a
quote prefix.
"""

from __future__ import annotations

import os
from typing import Any, Iterable

from ...errors import XltbError
from ...files import write_atomic
from ...model import Colour
from ...prizes import PrizeList
from ...ranking.standings import Standings
from . import details, grid, team_grid, team_sheets
from ..numbers import title_text
from ..prizes import prizes_sheet
from ..i18n import Language, language
from .layout import (PORTRAIT_MAX, STANDINGS_FONT, STANDINGS_ROW, Layout, crosstable_legend, drop_empty, number_format, points_text, round_text,
                     text_width, unplayed_text)
from ...tiebreaks.display import number_format as places_format
from ...ranking.views import player_of
from ..titles import event_title, legend_lines, withdrawn, withdrawn_text
from .xlsx import CROSSTABLE_CHARS, Book, Column

#: the sheets a workbook can hold, in their order; team events: standings = team standings and so on; prizes
#: only with a prize list (``xltb export --prizes``)
SHEETS = ("standings", "prizes", "crosstable", "players", "details", "event")
#: what ``--pdf`` prints when it is not told (and the prizes, when there is a prize list)
PDF_DEFAULT = ("standings", "crosstable")


def standings_rows(st: Standings) -> list[list[Any]]:
    """The Standings sheet's rows (values as every face shows them, :meth:`Standings.shown`): rank, no., title,
    name, fed, rating, points, tie-breaks (and "lot" when the place was drawn)."""
    out = []
    for row in st.rows:
        _, title, name, fed, rating = st.entry(row.participant)
        values = st.shown_values(row)
        out.append([row.rank, row.start_no, title_text(title), name, fed, rating, row.points]
                   + [values[c] for c in st.codes] + (["lot"] if row.by_lot else []))
    return out


def _standings_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    marked = withdrawn(st)
    # who withdrew: a column beside the name (left out when nobody did; the legend says what it means)
    rows = [r[:4] + [withdrawn_text(r[1], marked, lang)] + r[4:] for r in standings_rows(st)]
    lots = any(r.by_lot for r in st.rows)
    headers = [lang("rank"), lang("no"), lang("title"), lang("name"), lang("withdrawn_head"), lang("fed"),
               lang("rating"), lang("points")] + st.codes + ([lang("lots")] if lots else [])
    columns = [(None, None), (None, None), (None, "indent"), (None, "indent"), (None, "center"), (None, "indent"),
               (None, None), (number_format("PTS", [r.points for r in st.rows]), None)]
    columns += [(places_format(st.places(c)), None) for c in st.codes]
    columns += [(None, "center")] if lots else []
    rows = [r[:-1] + [lang("lot")] if r[-1] == "lot" and lots else r for r in rows]
    widths = [5.5, 5, 5.5, text_width((r[3] for r in rows), 16, 36), 6, 5.5, 6.5, 6.5] \
        + [max(6.5, len(c) + 1.5) for c in st.codes] + ([6] if lots else [])
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, (2, 4, 5, 6))
    name_col = headers.index(lang("name"))
    sheet = layout.sheet(book, st, "standings", headers, widths, columns, legend=legend_lines(st, lang, marked),
                         stretch=name_col,
                         orientation="portrait", font_size=STANDINGS_FONT,
                         freeze=f"{'ABCDEFGH'[name_col + 1]}2")
    for r in rows:
        sheet.append(r, height=STANDINGS_ROW)


def _crosstable_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    t = st.event
    colours = any(r.colour is not Colour.NONE for p in t.players for r in p.results)
    cells = [[round_text(r, colours, lang, st) for r in player_of(row).results] for row in st.rows]
    rounds = max((len(c) for c in cells), default=t.rounds)
    headers = [lang("rank"), lang("no"), lang("name"), lang("rating")] \
        + [f"{lang('round')}{i}" for i in range(1, rounds + 1)] + [lang("points")]
    width = max(5.5, max((len(c) for row in cells for c in row), default=4) + 2.0)
    widths = [5.5, 5, text_width((r.participant.name for r in st.rows), 16, 32), 6.5] + [width] * rounds + [6.5]
    columns: list[Column] = [(None, None), (None, None), (None, "indent"), (None, None)] \
        + [(None, "center")] * rounds + [(number_format("PTS", [r.points for r in st.rows]), None)]
    rows = []
    for row, texts in zip(st.rows, cells):
        _, _, name, _, rating = st.entry(row.participant)
        rows.append([row.rank, row.start_no, name, rating] + texts + [""] * (rounds - len(texts)) + [row.points])
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, (3,))
    repeat = 3
    # portrait while the type stays readable (fit to the width: about 8 points at 120 units), else landscape
    legend = [crosstable_legend(lang, "legend_crosstable")]
    sheet = layout.sheet(book, st, "crosstable", headers, widths, columns, legend=legend, stretch=2,
                         page_chars=CROSSTABLE_CHARS,
                         freeze=f"{'ABCDE'[repeat]}2", repeat_columns=repeat, font_size=STANDINGS_FONT,
                         orientation="portrait" if sum(widths) <= PORTRAIT_MAX else None)
    for r in rows:
        sheet.append(r, height=STANDINGS_ROW)


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
    if st.team:
        if "standings" in wanted:
            team_sheets.team_standings_sheet(book, st, layout)
        if "crosstable" in wanted:
            if team_grid.is_team_round_robin(st):  # a league: the team x team grid
                team_grid.team_grid_sheet(book, st, layout)
            else:
                team_sheets.team_crosstable_sheet(book, st, layout)
        if "players" in wanted:
            team_sheets.players_sheet(book, st, layout)
    else:
        if "standings" in wanted:
            _standings_sheet(book, st, layout)
        if "prizes" in wanted and prizes is not None:
            prizes_sheet(book, st, layout, prizes)
        if "crosstable" in wanted:
            if grid.is_round_robin(st):
                grid.grid_sheet(book, st, layout)
            else:
                _crosstable_sheet(book, st, layout)
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
