"""Standings workbooks (.xlsx) that can be printed, pinned on the wall, posted and e-mailed.

Every cell holds a computed value, never a formula, so that the workbook reads the same in Excel
without the add-in, in LibreOffice and on phones. Sheets (``SHEETS``; their names in the chosen
language):

* **standings**: rank, no., title, name, federation, rating, points and each tie-break with its
  own precision (:func:`xltb.report.numbers.decimals`); columns that no participant fills (title,
  federation, rating) are left out; direct encounter only where it decided something (C.07 6);
* **crosstable**: every round (``12w1`` = against no. 12 with white, won; ``PAB 1``, ``HPB ½``...);
  a round robin gets the player x player grid instead (:mod:`xltb.report.grid`);
* **details**: per participant and tie-break, the contribution of each round, what was cut and why,
  and the articles applied (:mod:`xltb.report.details`);
* **event**: source file, rules edition and why, tie-break list, scoring, warnings.

Team events have team standings, the team crosstable and the players by board
(:mod:`xltb.report.team_sheets`).

Print setup on every sheet: A4, a title block on every printed page (event; place, dates, "after
round N of M" or "Final standings", the rules edition; the tie-break legend) above the repeated
header row, fit to the page width, the standings in portrait at 10 points (about 50 rows a page),
a footer with the event, the sheet, the edition and the page number (starting at 1 on each sheet).
Text that a spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``) is stored as text with a
quote prefix.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..errors import XltbError
from ..files import write_atomic
from ..model import Colour, Kind
from ..ranking.standings import Standings
from .i18n import Language, language
from .numbers import decimals, format_value
from .titles import event_title, legend_lines, rest_round, shown_values, subtitle
from .xlsx import Book, Sheet

#: the sheets a workbook can hold, in their order; team events: standings = team standings and so on
SHEETS = ("standings", "crosstable", "players", "details", "event")
#: what ``--pdf`` prints when it is not told
PDF_DEFAULT = ("standings", "crosstable")

_KIND_KEY = {Kind.PAB: "PAB", Kind.FULL_BYE: "FPB", Kind.HALF_BYE: "HPB", Kind.ZERO_BYE: "ZPB", Kind.ABSENT: "abs"}
_RESULT_CHAR = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-", Kind.NOT_PLAYED: "?"}

#: the standings' font size and row height (points): portrait A4 holds about 50 rows with the title block
STANDINGS_FONT = 10.0
STANDINGS_ROW = 12.75


@dataclass(frozen=True)
class Layout:
    """What every sheet of one workbook shares: the language, the footer, how pages are numbered and
    the rounds planned (for "after round N of M")."""

    lang: Language
    footer_left: str
    footer_right: str
    page_of: bool = True  # "page N of M" (the workbook printed one sheet at a time); else "page N"
    planned: int | None = None

    def sheet(self, book: Book, st: Standings, key: str, headers: list[str], widths: list[float], columns, *,
              legend: list[str] = (), stretch: int | None = None, **options) -> Sheet:
        """A sheet with the title block: the event, the subtitle (place, dates, round, edition), the legend
        lines wrapped to the printed width."""
        lang = self.lang
        title, sub = event_title(st), subtitle(st, lang, self.planned)
        # the title block must not run past the table (the printed area ends with its last column): a narrow
        # table gets a wider name column (``stretch``), else its last column, up to a minimum width; longer
        # lines wrap (title at 14 points bold: about 1.45 units of width a character; subtitle at 10 points)
        need = 72.0
        if sum(widths) < need:
            widths = list(widths)
            widths[stretch if stretch is not None else -1] += need - sum(widths)
        width = sum(widths)
        preamble = [(part, "title") for part in textwrap.wrap(title, int(width / 1.45))] or [("", "title")]
        preamble += [(part, "subtitle") for part in textwrap.wrap(sub, int(width * 1.15))]
        chars = int(width * 1.3)  # legend at 8 points: about 1.3 characters per unit of width
        for line in legend:
            preamble += [(part, "legend") for part in textwrap.wrap(line, chars)]
        return Sheet(book, sheet_name(lang, key, st.team), headers, widths, columns, footer_left=self.footer_left,
                     footer_center=self.footer_right, preamble=preamble, page_label=lang("page"),
                     page_of=lang("of") if self.page_of else None, **options)


def sheet_name(lang: Language, key: str, team: bool) -> str:
    text_key = {"standings": "team_standings" if team else "standings",
                "crosstable": "team_crosstable" if team else "crosstable",
                "players": "players_by_board"}.get(key, key)
    name = lang(text_key)
    return "".join(ch for ch in name if ch not in "[]:*?/\\")[:31]


def points_text(value: Fraction) -> str:
    """Points as printed in a crosstable: ``1``, ``½``, ``2½``, ``0``."""
    if value.denominator == 2:
        whole = value.numerator // 2
        return ("" if whole == 0 else str(whole)) + "½"
    return format_value("X", value) if value.denominator != 1 else str(value.numerator)


def unplayed_text(r, lang: Language | None = None, st: Standings | None = None) -> str:
    """An unplayed round without opponent as arbiters write it: ``PAB 1``, ``HPB ½``, ``abs``; the rest
    round of an odd round robin is ``rest``, not a zero-point bye."""
    lang = lang or language()
    if st is not None and rest_round(st, r):
        return lang("rest")
    if r.kind is Kind.ABSENT:
        return lang("abs")
    key = _KIND_KEY.get(r.kind)
    return f"{lang(key) if key else '-'} {points_text(r.points)}"


def round_text(r, colour_letters: bool = True, lang: Language | None = None, st: Standings | None = None) -> str:
    """One crosstable cell."""
    if r.opponent is None:
        return unplayed_text(r, lang, st)
    result = _RESULT_CHAR.get(r.kind) or points_text(r.points)
    if not colour_letters:  # an event without colours (e.g. a SwissPerfect export): "27 1", not "271"
        return f"{r.opponent} {result}"
    colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(r.colour, "-")
    return f"{r.opponent}{colour}{result}"


def number_format(code: str, values: Iterable[Fraction | None]) -> str:
    """The number format of a tie-break column: its fixed precision, else as many decimals as the values
    need (at least one, at most four), as :func:`xltb.report.numbers.format_value` prints them."""
    places = decimals(code)
    if places is None:
        places = 1
        for d in {v.denominator for v in values if v is not None}:
            p = next((p for p in (1, 2, 3, 4) if 10**p % d == 0), 2)
            places = max(places, p)
    return "0" if places == 0 else "0." + "0" * places


def text_width(values: Iterable[str], minimum: float, maximum: float) -> float:
    longest = max((len(v) for v in values if v), default=0)
    return float(min(max(minimum, longest + 1.5), maximum))


def standings_rows(st: Standings) -> list[list]:
    """The Standings sheet's rows (values as printed: DE blank where it decided nothing): rank, no., title,
    name, fed, rating, points, tie-breaks (and "lot" when the place was drawn)."""
    out = []
    for row in st.rows:
        _, title, name, fed, rating = st.entry(row.participant)
        values = shown_values(st, row)
        out.append([row.rank, row.start_no, title, name, fed, rating, row.points]
                   + [values[c] for c in st.codes] + (["lot"] if row.by_lot else []))
    return out


def drop_empty(headers: list, widths: list, columns: list, rows: list[list], optional: Iterable[int]):
    """Leave out the optional columns that no row fills (title, federation, rating)."""
    keep = [i for i in range(len(headers))
            if i not in set(optional) or any(i < len(r) and r[i] not in (None, "") for r in rows)]
    pick = lambda seq: [seq[i] for i in keep]  # noqa: E731
    return pick(headers), pick(widths), pick(columns), [[r[i] for i in keep if i < len(r)] for r in rows]


def _standings_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    rows = standings_rows(st)
    lots = any(r.by_lot for r in st.rows)
    headers = [lang("rank"), lang("no"), lang("title"), lang("name"), lang("fed"), lang("rating"), lang("points")] \
        + st.codes + ([lang("lots")] if lots else [])
    columns = [(None, None), (None, None), (None, "indent"), (None, "indent"), (None, "indent"), (None, None),
               (number_format("PTS", [r.points for r in st.rows]), None)]
    columns += [(number_format(c, [r.values[c] for r in st.rows]), None) for c in st.codes]
    columns += [(None, "center")] if lots else []
    rows = [r[:-1] + [lang("lot")] if r[-1] == "lot" and lots else r for r in rows]
    widths = [5.5, 5, 5.5, text_width((r[3] for r in rows), 16, 36), 5.5, 6.5, 6.5] \
        + [max(6.5, len(c) + 1.5) for c in st.codes] + ([6] if lots else [])
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, (2, 4, 5))
    name_col = headers.index(lang("name"))
    sheet = layout.sheet(book, st, "standings", headers, widths, columns, legend=legend_lines(st, lang), stretch=name_col,
                         orientation="portrait", font_size=STANDINGS_FONT,
                         freeze=f"{'ABCDEFG'[name_col + 1]}2")
    for r in rows:
        sheet.append(r, height=STANDINGS_ROW)


def _crosstable_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    t = st.event
    colours = any(r.colour is not Colour.NONE for p in t.players for r in p.results)
    cells = [[round_text(r, colours, lang, st) for r in row.participant.results] for row in st.rows]
    rounds = max((len(c) for c in cells), default=t.rounds)
    headers = [lang("rank"), lang("no"), lang("name"), lang("rating")] \
        + [f"{lang('round')}{i}" for i in range(1, rounds + 1)] + [lang("points")]
    width = max(5.5, max((len(c) for row in cells for c in row), default=4) + 2.0)
    widths = [5.5, 5, text_width((r.participant.name for r in st.rows), 16, 32), 6.5] + [width] * rounds + [6.5]
    columns = [(None, None), (None, None), (None, "indent"), (None, None)] + [(None, "center")] * rounds \
        + [(number_format("PTS", [r.points for r in st.rows]), None)]
    rows = []
    for row, texts in zip(st.rows, cells):
        _, _, name, _, rating = st.entry(row.participant)
        rows.append([row.rank, row.start_no, name, rating] + texts + [""] * (rounds - len(texts)) + [row.points])
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, (3,))
    repeat = 3
    sheet = layout.sheet(book, st, "crosstable", headers, widths, columns, legend=[lang("legend_crosstable")], stretch=2,
                         freeze=f"{'ABCDE'[repeat]}2", repeat_columns=repeat)
    for r in rows:
        sheet.append(r)


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
                   sheets: Iterable[str] = SHEETS, planned: int | None = None, page_of: bool | None = None) -> bytes:
    """The workbook of an event as bytes, with the ``sheets`` asked for (all by default): standings,
    crosstable (the grid for a round robin), details, event; for a team event team standings, team
    crosstable, players by board, details, event. ``page_of``: footers say "page N of M" (default: when
    the workbook is the whole workbook or a single sheet; a PDF of some sheets numbers each sheet's pages)."""
    from . import details, grid, team_sheets  # sibling modules that import this one's helpers

    lang = lang if isinstance(lang, Language) else language(lang)
    wanted = set(sheets)
    if page_of is None:
        page_of = wanted >= set(SHEETS) or len(wanted) == 1
    layout = Layout(lang, event_title(st), lang("edition", edition=st.edition.key), page_of, planned)
    book = Book()
    if st.team:
        if "standings" in wanted:
            team_sheets.team_standings_sheet(book, st, layout)
        if "crosstable" in wanted:
            team_sheets.team_crosstable_sheet(book, st, layout)
        if "players" in wanted:
            team_sheets.players_sheet(book, st, layout)
    else:
        if "standings" in wanted:
            _standings_sheet(book, st, layout)
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


def write_workbook(st: Standings, path: str | os.PathLike, *, input_kind: str = "", lang: str | Language | None = None,
                   sheets: Iterable[str] = SHEETS, planned: int | None = None, page_of: bool | None = None) -> None:
    """Write the workbook atomically (a temporary file renamed at the end: never half a file)."""
    write_atomic(path, build_workbook(st, input_kind=input_kind, lang=lang, sheets=sheets, planned=planned,
                                      page_of=page_of))


__all__ = ["build_workbook", "write_workbook", "standings_rows", "number_format", "round_text", "points_text",
           "unplayed_text", "parse_sheets", "SHEETS", "PDF_DEFAULT", "Layout", "sheet_name", "text_width",
           "drop_empty"]
