"""The crosstable of a round robin as arbiters draw it: a player x player grid.

Rows and columns in pairing-number order (the Berger tables' order), so that the shaded diagonal is
each player against himself; a cell holds the row player's result against the column player: ``1``,
``½``, ``0``, ``+``/``-`` for forfeits won/lost, ``?`` for a game without a result; in a double round
robin both legs in round order (``1 ½``). Rounds without a game (the rest round of an odd number of
players, byes) are not in the grid: the last column lists them (``R3 rest``).
"""

from __future__ import annotations

from typing import Any

from ...model import Kind, RoundResult
from ...ranking.standings import Standings
from ..i18n import Language
from .layout import Layout, drop_empty, number_format, points_text, text_width, unplayed_text
from .xlsx import Book

#: a grid wider than this many players prints as the round-by-round crosstable instead
MAX_PLAYERS = 30

_MARK = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-", Kind.NOT_PLAYED: "?"}


def is_round_robin(st: Standings) -> bool:
    """An individual round robin (single or double) small enough for a grid."""
    return (not st.team and st.event.event_type.predetermined and 1 < len(st.participants) <= MAX_PLAYERS)


def game_text(r: RoundResult) -> str:
    return _MARK.get(r.kind) or points_text(r.points)


def grid_rows(st: Standings, lang: Language | None = None) -> tuple[list[int], list[list[Any]]]:
    """The start numbers in grid order and, for each, rank, no., name, rating, one cell per opponent (None
    on the diagonal), points, and the rounds without a game."""
    event = st.event
    assert not event.is_team  # a grid of players: an individual round robin (is_round_robin)
    players = sorted(event.players, key=lambda p: p.start_no)  # st.participants
    order = [p.start_no for p in players]
    rank = {row.start_no: row.rank for row in st.rows}
    rows = []
    for p in players:
        against: dict[int, list[str]] = {}
        unplayed = []
        for r in p.results:
            if r.opponent is None:
                unplayed.append(f"{lang('round') if lang else 'R'}{r.round} {unplayed_text(r, lang, st)}")
            else:
                against.setdefault(r.opponent, []).append(game_text(r))
        cells = [None if no == p.start_no else " ".join(against.get(no, [])) for no in order]
        _, _, name, _, rating = st.entry(p)
        rows.append([rank[p.start_no], p.start_no, name, rating] + cells + [p.points, ", ".join(unplayed)])
    return order, rows


def grid_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    order, rows = grid_rows(st, lang)
    n = len(order)
    legs = max((len(c.split()) for r in rows for c in r[4:4 + n] if c), default=1)
    headers = [lang("rank"), lang("no"), lang("name"), lang("rating")] + [str(no) for no in order] \
        + [lang("points"), lang("unplayed")]
    cell_width = 4.0 if legs == 1 else 3.0 + 2.5 * legs
    widths = [5.5, 5, text_width((r[2] for r in rows), 16, 30), 6.5] + [cell_width] * n \
        + [6.5, text_width((r[-1] for r in rows), 9, 30)]
    columns = [(None, None), (None, None), (None, "indent"), (None, None)] + [(None, "center")] * n \
        + [(number_format("PTS", [r[-2] for r in rows]), None), (None, "indent")]
    headers, widths, columns, kept = drop_empty(headers, widths, columns, rows, (3, len(headers) - 1))
    offset = 4 if headers[3] == lang("rating") else 3  # the first column of the grid
    sheet = layout.sheet(book, st, "crosstable", headers, widths, columns, legend=[lang("legend_grid")], stretch=2,
                         freeze=f"{'ABCDE'[offset]}2", repeat_columns=offset, font_size=10.0,
                         orientation="portrait" if sum(widths) <= 110 else None)
    diagonal = book.style(None, "center", shade=True, size=10.0)  # the player against himself
    for k, r in enumerate(kept):
        sheet.append([("" if v is None else v) for v in r], styles={offset + k: diagonal})


__all__ = ["is_round_robin", "grid_rows", "grid_sheet", "game_text", "MAX_PLAYERS"]
