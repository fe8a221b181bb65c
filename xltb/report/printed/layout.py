"""What every printed sheet shares: the title block and footer (:class:`Layout`), the sheet names in
the chosen language, and the cell texts and formats of crosstables and tables (``12w1``, ``PAB 1``,
``rest``, ``½``; number formats; column widths; optional columns left out when empty)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

from ...model import Colour, Kind, RoundResult
from ...ranking.standings import Standings
from ..i18n import Language, language
from ...tiebreaks.display import column_places, value_text
from ...tiebreaks.display import number_format as display_format
from . import textfit
from .textfit import wrap
from ...ranking.views import GamePoints, Unplayed
from ..titles import event_title, rest_round, subtitle
from .xlsx import LANDSCAPE_CHARS, Book, Column, Sheet

_KIND_KEY = {Kind.PAB: "PAB", Kind.FULL_BYE: "FPB", Kind.HALF_BYE: "HPB", Kind.ZERO_BYE: "ZPB", Kind.ABSENT: "abs"}
_RESULT_CHAR = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-", Kind.NOT_PLAYED: "?"}

#: the standings' font size and row height (points): portrait A4 holds about 50 rows with the title block
STANDINGS_FONT = 10.0
STANDINGS_ROW = 12.75
#: the widest table (units of column width) printed in portrait at 10 points: fit to the page width, the type
#: stays at 8 points or more; wider ones print in landscape
PORTRAIT_MAX = 120.0


@dataclass(frozen=True)
class Layout:
    """What every sheet of one workbook shares: the language, the footer, how pages are numbered and
    the rounds planned (for "after round N of M")."""

    lang: Language
    footer_left: str
    footer_right: str
    page_of: bool = True  # "page N of M" (the workbook printed one sheet at a time); else "page N"
    planned: int | None = None

    def sheet(self, book: Book, st: Standings, key: str, headers: list[str], widths: list[float], columns: Sequence[Column],
              *, legend: Sequence[str] = (), stretch: int | None = None, **options: Any) -> Sheet:
        """A sheet with the title block: the event, the subtitle (place, dates, round, edition), the legend
        lines wrapped to the printed width."""
        lang = self.lang
        title, sub = event_title(st), subtitle(st, lang, self.planned)
        # the title block must not run past the table (the printed area ends with its last column): a narrow
        # table gets a wider name column (``stretch``), else its last column, up to a minimum width; longer
        # lines wrap (title at 14 points bold, subtitle at 10 points, legend at 8, measured by textfit)
        # no heading word broken across lines ("Scacchiera" in a narrow Board column; headings are bold)
        size = options.get("font_size") or 11
        widths = [max(w, max((textfit.text_width(word, size, bold=True) for word in str(h).split()), default=0) + 1.5)
                  if h is not None else w for w, h in zip(widths, headers)] + list(widths[len(headers):])
        need = 72.0
        if sum(widths) < need:
            widths = list(widths)
            widths[stretch if stretch is not None else -1] += need - sum(widths)
        # a table wider than a landscape page prints across several pages, the first columns repeated on each
        # (the participant) with the title block: the block is wrapped to the width of one printed page (the
        # table's width shared by its pages), not to the repeated columns, which would make it a narrow column
        # of broken lines on a landscape page
        width = sum(widths)
        pages = math.ceil(width / options.get("page_chars", LANDSCAPE_CHARS))
        if pages > 1:
            repeat = options.get("repeat_columns") or ((stretch + 1) if stretch is not None else 1)
            options["repeat_columns"] = repeat
            width = max(sum(widths[:repeat]), width / pages)
        preamble = [(part, "title") for part in wrap(title, width - 1, 14, bold=True)] or [("", "title")]
        preamble += [(part, "subtitle") for part in wrap(sub, width - 1, 10)]
        for line in legend:
            preamble += [(part, "legend") for part in wrap(line, width - 1, 8)]
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
    return value_text("X", value) if value.denominator != 1 else str(value.numerator)


def unplayed_text(r: Unplayed, lang: Language | None = None, st: Standings | None = None) -> str:
    """An unplayed round without opponent as arbiters write it: ``PAB 1``, ``HPB ½``, ``abs``; the rest
    round of an odd round robin is ``rest``, not a zero-point bye."""
    lang = lang or language()
    if st is not None and rest_round(st, r):
        return lang("rest")
    if r.kind is Kind.ABSENT:
        return lang("abs")
    key = _KIND_KEY.get(r.kind)
    return f"{lang(key) if key else '-'} {points_text(r.points)}"


def result_text(kind: Kind, points: Fraction) -> str:
    """A game's result as a crosstable prints it, or a match's (``points``: the team's game points): ``+`` /
    ``-`` for a forfeit won / lost, ``?`` for a game without a result, else the points (``1``, ``½``, ``2½``)."""
    return _RESULT_CHAR.get(kind) or points_text(points)


def round_text(r: RoundResult, colour_letters: bool = True, lang: Language | None = None, st: Standings | None = None) -> str:
    """One crosstable cell."""
    if r.opponent is None:
        return unplayed_text(r, lang, st)
    result = result_text(r.kind, r.points)
    if not colour_letters:  # an event without colours (e.g. a SwissPerfect export): "27 1", not "271"
        return f"{r.opponent} {result}"
    return f"{r.opponent}{colour_letter(r.colour, lang)}{result}"


def team_round_text(r: RoundResult, lang: Language | None = None) -> str:
    """A team crosstable cell: ``12w 2½`` (opponent, colour of board 1, game points), ``12w +`` (forfeit won),
    ``PAB 2`` (a team bye and its game points)."""
    if r.opponent is None:
        return unplayed_text(GamePoints(r.kind, None, r.gp), lang)  # a bye's cell shows its game points
    colour = colour_letter(r.colour, lang) if r.colour in (Colour.WHITE, Colour.BLACK) else ""
    return f"{r.opponent}{colour} {result_text(r.kind, r.gp)}"


def colour_letter(colour: Colour, lang: Language | None = None) -> str:
    """The colour of a game as the language's crosstables write it: ``w``/``b`` in English, ``w``/``s`` in
    German, ``b``/``n`` (blanc, bianco, blancas / noir, nero, negras) in French, Italian and Spanish; ``-``
    when the file gives none."""
    lang = lang or language()
    if colour is Colour.WHITE:
        return lang("colour_white")
    if colour is Colour.BLACK:
        return lang("colour_black")
    return "-"


def crosstable_legend(lang: Language, key: str) -> str:
    """A crosstable's legend (``legend_crosstable``...), with the language's colour letters."""
    return lang(key, white=lang("colour_white"), black=lang("colour_black"))


def number_format(code: str, values: Iterable[Fraction | None]) -> str:
    """The number format of a tie-break column: the decimals :func:`xltb.tiebreaks.display.column_places`
    gives it, as every face shows the column."""
    return display_format(column_places(code, values))


def text_width(values: Iterable[str], minimum: float, maximum: float) -> float:
    longest = max((len(v) for v in values if v), default=0)
    return float(min(max(minimum, longest + 1.5), maximum))


def drop_empty(headers: Sequence[str], widths: Sequence[float], columns: Sequence[Column], rows: list[list[Any]],
               optional: Iterable[int]) -> tuple[list[str], list[float], list[Column], list[list[Any]]]:
    """Leave out the optional columns that no row fills (title, federation, rating)."""
    keep = [i for i in range(len(headers))
            if i not in set(optional) or any(i < len(r) and r[i] not in (None, "") for r in rows)]
    def pick(seq: Sequence[Any]) -> list[Any]: return [seq[i] for i in keep]  # noqa: E301,E704
    return pick(headers), pick(widths), pick(columns), [[r[i] for i in keep if i < len(r)] for r in rows]


__all__ = ["Layout", "sheet_name", "points_text", "unplayed_text", "result_text", "round_text", "team_round_text",
           "colour_letter", "crosstable_legend", "number_format", "text_width",
           "drop_empty", "STANDINGS_FONT", "STANDINGS_ROW", "PORTRAIT_MAX"]
