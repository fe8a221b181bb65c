"""The standings and the round-by-round crosstable sheets, of an individual or a team event: one table
each, the columns around the tie-breaks (or the rounds) those of the kind of event: a player's title,
federation, rating and points; a team's short name, strength and its two scores, MP and GP (C.07 11)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...model import Colour
from ...ranking.standings import Standings
from ...ranking.views import player_of, team_event, team_of
from ...tiebreaks.display import number_format as places_format
from ..i18n import Language
from ..numbers import title_text
from ..titles import legend_lines, withdrawn, withdrawn_text
from .layout import (PORTRAIT_MAX, STANDINGS_FONT, STANDINGS_ROW, Layout, crosstable_legend, drop_empty, number_format,
                     round_text, team_round_text, text_width)
from .xlsx import CROSSTABLE_CHARS, Book, Column


class Columns(NamedTuple):
    """Some columns of a printed table, side by side."""

    headers: list[str]
    """Their headings."""
    widths: list[float]
    """Their widths (units of column width)."""
    formats: list[Column]
    """Their number formats and alignments."""


def standings_rows(st: Standings) -> list[list[Any]]:
    """The Standings sheet's rows (values as every face shows them, :meth:`Standings.shown`): rank, no., then a
    player's title, name, fed, rating and points, or a team's name, short name, rating (team strength),
    primary and secondary score; the tie-breaks (and "lot" when the place was drawn)."""
    secondary = team_event(st).secondary if st.team else ""
    out = []
    for row in st.rows:
        if st.team:
            t = team_of(row)
            lead = [row.rank, t.start_no, t.name, t.short_name, t.strength, row.points, t.mp if secondary == "MP" else t.gp]
        else:
            _, title, name, fed, rating = st.entry(row.participant)
            lead = [row.rank, row.start_no, title_text(title), name, fed, rating, row.points]
        values = st.shown_values(row)
        out.append(lead + [values[c] for c in st.codes] + (["lot"] if row.by_lot else []))
    return out


def _standings_lead(st: Standings, lang: Language, rows: list[list[Any]]) -> tuple[Columns, tuple[int, ...]]:
    """The columns before the tie-breaks (the withdrawn column beside the name), and those left out when
    empty."""
    if st.team:
        score = {"MP": lang("mp"), "GP": lang("gp")}
        team = team_event(st)
        return Columns(
            [lang("rank"), lang("no"), lang("team"), lang("withdrawn_head"), lang("short"), lang("strength"),
             score[team.primary], score[team.secondary]],
            [5.5, 5, text_width((r[2] for r in rows), 16, 36), 6, text_width((r[4] or "" for r in rows), 6, 12), 6.5, 6, 6],
            [(None, None), (None, None), (None, "indent"), (None, "center"), (None, "indent"), (None, None),
             (number_format("PTS", [r[6] for r in rows]), None), (number_format("PTS", [r[7] for r in rows]), None)],
        ), (3, 4, 5)
    return Columns(
        [lang("rank"), lang("no"), lang("title"), lang("name"), lang("withdrawn_head"), lang("fed"), lang("rating"),
         lang("points")],
        [5.5, 5, 5.5, text_width((r[3] for r in rows), 16, 36), 6, 5.5, 6.5, 6.5],
        [(None, None), (None, None), (None, "indent"), (None, "indent"), (None, "center"), (None, "indent"),
         (None, None), (number_format("PTS", [r.points for r in st.rows]), None)],
    ), (2, 4, 5, 6)


def standings_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    marked = withdrawn(st)
    name = 2 if st.team else 3  # the name's column in the rows
    # who withdrew: a column beside the name (left out when nobody did; the legend says what it means)
    rows = [r[:name + 1] + [withdrawn_text(r[1], marked, lang)] + r[name + 1:] for r in standings_rows(st)]
    lots = any(r.by_lot for r in st.rows)
    rows = [r[:-1] + [lang("lot")] if lots and r[-1] == "lot" else r for r in rows]
    lead, optional = _standings_lead(st, lang, rows)
    headers = lead.headers + st.codes + ([lang("lots")] if lots else [])
    columns = lead.formats + [(places_format(st.places(c)), None) for c in st.codes] + ([(None, "center")] if lots else [])
    widths = lead.widths + [max(6.5, len(c) + 1.5) for c in st.codes] + ([6] if lots else [])
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, optional)
    name_col = headers.index(lead.headers[name])
    sheet = layout.sheet(book, st, "standings", headers, widths, columns, legend=legend_lines(st, lang, marked),
                         stretch=name_col, orientation="portrait", font_size=STANDINGS_FONT,
                         freeze=f"{'ABCDEFGH'[name_col + 1]}2")
    for r in rows:
        sheet.append(r, height=STANDINGS_ROW)


def _crosstable_ends(st: Standings, lang: Language) -> tuple[Columns, Columns, list[list[Any]], list[list[Any]]]:
    """The columns before the rounds and after them, and each row's cells in them: rank, no., name, a player's
    rating; a player's points, a team's MP and GP."""
    names = text_width((r.participant.name for r in st.rows), 16, 32)
    if st.team:
        mp = [team_of(r).mp for r in st.rows]
        gp = [team_of(r).gp for r in st.rows]
        return (Columns([lang("rank"), lang("no"), lang("team")], [5.5, 5, names],
                        [(None, None), (None, None), (None, "indent")]),
                Columns([lang("mp"), lang("gp")], [6, 6],
                        [(number_format("PTS", mp), None), (number_format("PTS", gp), None)]),
                [[row.rank, row.start_no, row.participant.name] for row in st.rows],
                [[m, g] for m, g in zip(mp, gp)])
    lead = []
    for row in st.rows:
        _, _, name, _, rating = st.entry(row.participant)
        lead.append([row.rank, row.start_no, name, rating])
    return (Columns([lang("rank"), lang("no"), lang("name"), lang("rating")], [5.5, 5, names, 6.5],
                    [(None, None), (None, None), (None, "indent"), (None, None)]),
            Columns([lang("points")], [6.5], [(number_format("PTS", [r.points for r in st.rows]), None)]),
            lead, [[row.points] for row in st.rows])


def crosstable_sheet(book: Book, st: Standings, layout: Layout) -> None:
    """Every participant's rounds, one column a round (``12w1``; a team's ``12w 2½``)."""
    lang = layout.lang
    if st.team:
        cells = [[team_round_text(r, lang) for r in team_of(row).results] for row in st.rows]
    else:
        colours = any(r.colour is not Colour.NONE for p in st.event.players for r in p.results)
        cells = [[round_text(r, colours, lang, st) for r in player_of(row).results] for row in st.rows]
    rounds = max((len(c) for c in cells), default=st.event.rounds)
    lead, tail, lead_cells, tail_cells = _crosstable_ends(st, lang)
    headers = lead.headers + [f"{lang('round')}{i}" for i in range(1, rounds + 1)] + tail.headers
    width = max(6.0 if st.team else 5.5, max((len(c) for row in cells for c in row), default=4) + 2.0)
    widths = lead.widths + [width] * rounds + tail.widths
    columns = lead.formats + [(None, "center")] * rounds + tail.formats
    rows = [first + texts + [""] * (rounds - len(texts)) + last for first, texts, last in zip(lead_cells, cells, tail_cells)]
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, (3,) if len(lead.headers) > 3 else ())
    repeat = 3
    # portrait while the type stays readable (fit to the width: about 8 points at 120 units), else landscape
    legend = [crosstable_legend(lang, "legend_team_crosstable" if st.team else "legend_crosstable")]
    sheet = layout.sheet(book, st, "crosstable", headers, widths, columns, legend=legend, stretch=2,
                         page_chars=CROSSTABLE_CHARS,
                         freeze=f"{'ABCDE'[repeat]}2", repeat_columns=repeat, font_size=STANDINGS_FONT,
                         orientation="portrait" if sum(widths) <= PORTRAIT_MAX else None)
    for r in rows:
        sheet.append(r, height=STANDINGS_ROW)


__all__ = ["Columns", "standings_rows", "standings_sheet", "crosstable_sheet"]
