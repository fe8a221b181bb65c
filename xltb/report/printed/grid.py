"""The crosstable of a round robin as arbiters draw it: a player x player grid, or for a team round robin
(a league) a team x team grid.

Rows and columns in pairing-number order (the Berger tables' order), so that the shaded diagonal is
each participant against himself; a cell holds the row's result against the column's: a player's ``1``,
``½``, ``0``, ``?`` for a game without a result; a team's game points in the match (``2½``); ``+``/``-``
for a forfeit won/lost (a game, or a whole match); in a double round robin both legs in round order
(``1 ½``, ``2½ 3``). Then the scores: a player's points, a team's match and game points (C.07 11: MP
and GP are the team's scores). Rounds without a game or match (the rest round of an odd number of
participants, byes) are not in the grid: the last column lists them (``R3 rest``, ``R3 PAB 2``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...ranking.standings import Standings
from ...ranking.views import player_of, team_of
from ..i18n import Language
from .layout import Layout, drop_empty, number_format, result_text, team_round_text, text_width, unplayed_text
from .xlsx import Book, Column

#: a grid wider than this many participants prints as the round-by-round crosstable instead
MAX_PLAYERS = 30


def prints_grid(st: Standings) -> bool:
    """A round robin (single or double; of players, or of teams) small enough for a grid."""
    return st.event.event_type.predetermined and 1 < len(st.participants) <= MAX_PLAYERS


def grid_rows(st: Standings, lang: Language | None = None) -> tuple[list[int], list[list[Any]]]:
    """The pairing numbers in grid order and, for each participant, rank, no., name, a player's rating, one
    cell per opponent (None on the diagonal), the scores (a player's points; a team's MP and GP) and the
    rounds without a game or match."""
    order = sorted(p.start_no for p in st.participants)
    by_no = {row.start_no: row for row in st.rows}
    rows: list[list[Any]] = []
    for no in order:
        row = by_no[no]
        against: dict[int, list[str]] = {}
        unplayed: list[str] = []
        if st.team:
            t = team_of(row)
            lead: list[Any] = [row.rank, no, t.name]
            scores: list[Any] = [t.mp, t.gp]
            for tr in t.results:
                if tr.opponent is None:
                    unplayed.append(f"{lang('round') if lang else 'R'}{tr.round} {team_round_text(tr, lang)}")
                else:
                    against.setdefault(tr.opponent, []).append(result_text(tr.kind, tr.gp))
        else:
            p = player_of(row)
            _, _, name, _, rating = st.entry(p)
            lead, scores = [row.rank, no, name, rating], [p.points]
            for r in p.results:
                if r.opponent is None:
                    unplayed.append(f"{lang('round') if lang else 'R'}{r.round} {unplayed_text(r, lang, st)}")
                else:
                    against.setdefault(r.opponent, []).append(result_text(r.kind, r.points))
        cells = [None if other == no else " ".join(against.get(other, [])) for other in order]
        rows.append(lead + cells + scores + [", ".join(unplayed)])
    return order, rows


class _Shape(NamedTuple):
    """What differs between a player grid and a team grid."""

    lead: tuple[str, ...]
    """The headings before the grid (rank, no., name, and a player's rating)."""
    scores: tuple[str, ...]
    """The headings of the scores after it (points; MP and GP)."""
    one_leg: float
    """A grid column's width when each cell holds one result."""
    per_leg: float
    """A column's width for each leg of a double round robin (plus 3)."""
    legend: str
    """The legend's text key."""


def grid_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    order, rows = grid_rows(st, lang)
    if st.team:
        shape = _Shape((lang("rank"), lang("no"), lang("team")), (lang("mp"), lang("gp")), 5.0, 3.0,
                       "legend_team_grid")
    else:
        shape = _Shape((lang("rank"), lang("no"), lang("name"), lang("rating")), (lang("points"),), 4.0, 2.5,
                       "legend_grid")
    n, first, k = len(order), len(shape.lead), len(shape.scores)
    legs = max((len(c.split()) for r in rows for c in r[first:first + n] if c), default=1)
    headers = [*shape.lead, *(str(no) for no in order), *shape.scores, lang("unplayed")]
    cell_width = shape.one_leg if legs == 1 else 3.0 + shape.per_leg * legs
    widths = [5.5, 5, text_width((r[2] for r in rows), 16, 30)] + [6.5] * (first - 3) + [cell_width] * n \
        + [6.5] * k + [text_width((r[-1] for r in rows), 9, 30)]
    scores: list[Column] = [(number_format("PTS", [r[i] for r in rows]), None) for i in range(-k - 1, -1)]
    columns: list[Column] = [(None, None), (None, None), (None, "indent")] + [(None, None)] * (first - 3) \
        + [(None, "center")] * n + scores + [(None, "indent")]
    # a player's rating and the unplayed rounds are left out when empty
    optional = tuple(range(3, first)) + (len(headers) - 1,)
    headers, widths, columns, kept = drop_empty(headers, widths, columns, rows, optional)
    offset = sum(1 for h in shape.lead if h in headers)  # the first column of the grid
    sheet = layout.sheet(book, st, "crosstable", headers, widths, columns, legend=[lang(shape.legend)], stretch=2,
                         freeze=f"{'ABCDE'[offset]}2", repeat_columns=offset, font_size=10.0,
                         orientation="portrait" if sum(widths) <= 110 else None)
    diagonal = book.style(None, "center", shade=True, size=10.0)  # the participant against himself
    for j, r in enumerate(kept):
        sheet.append([("" if v is None else v) for v in r], styles={offset + j: diagonal})


__all__ = ["prints_grid", "grid_rows", "grid_sheet", "MAX_PLAYERS"]
