"""The crosstable of a team round robin (a league) as arbiters draw it: a team x team grid.

Rows and columns in pairing-number order, the diagonal shaded (the team against itself); a cell holds the
game points the row's team scored in its match against the column's team (``2½``), ``+`` / ``-`` for a
match won or lost by forfeit, in a double round robin both legs in round order (``2½ 3``); then the match
and game points. Rounds without a match (a team bye, the rest round of an odd number of teams) are not
in the grid: the last column lists them (``R3 PAB 2``). C.07 11: MP and GP are the team's scores.
"""

from __future__ import annotations

from typing import Any, cast

from ...model import Kind, RoundResult
from ...model.team import Team
from ...ranking.standings import Standings
from .grid import MAX_PLAYERS
from ..i18n import Language
from .layout import Layout, drop_empty, number_format, points_text, text_width
from .team_sheets import team_round_text
from .xlsx import Book

_FORFEIT = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-"}


def is_team_round_robin(st: Standings) -> bool:
    """A team round robin (single or double) small enough for a grid."""
    return bool(st.team) and st.event.event_type.predetermined and 1 < len(st.participants) <= MAX_PLAYERS


def match_text(r: RoundResult) -> str:
    """One leg of a grid cell: the game points the team scored, or the forfeit."""
    return _FORFEIT.get(r.kind) or points_text(r.gp)


def team_grid_rows(st: Standings, lang: Language | None = None) -> tuple[list[int], list[list[Any]]]:
    """The team numbers in grid order and, for each team, rank, no., name, one cell per opponent (None on
    the diagonal), MP, GP and the rounds without a match."""
    teams = sorted(cast("tuple[Team, ...]", st.participants), key=lambda t: t.start_no)
    order = [t.start_no for t in teams]
    rank = {row.start_no: row.rank for row in st.rows}
    rows: list[list[Any]] = []
    for t in teams:
        against: dict[int, list[str]] = {}
        unplayed: list[str] = []
        for r in t.results:
            if r.opponent is None:
                unplayed.append(f"{lang('round') if lang else 'R'}{r.round} {team_round_text(r, lang)}")
            else:
                against.setdefault(r.opponent, []).append(match_text(r))
        cells = [None if no == t.start_no else " ".join(against.get(no, [])) for no in order]
        rows.append([rank[t.start_no], t.start_no, t.name] + cells + [t.mp, t.gp, ", ".join(unplayed)])
    return order, rows


def team_grid_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    order, rows = team_grid_rows(st, lang)
    n = len(order)
    legs = max((len(c.split()) for r in rows for c in r[3:3 + n] if c), default=1)
    headers = [lang("rank"), lang("no"), lang("team")] + [str(no) for no in order] \
        + [lang("mp"), lang("gp"), lang("unplayed")]
    cell_width = 5.0 if legs == 1 else 3.0 + 3.0 * legs
    widths = [5.5, 5, text_width((r[2] for r in rows), 16, 30)] + [cell_width] * n \
        + [6.5, 6.5, text_width((r[-1] for r in rows), 9, 30)]
    columns = [(None, None), (None, None), (None, "indent")] + [(None, "center")] * n \
        + [(number_format("PTS", [r[-3] for r in rows]), None), (number_format("PTS", [r[-2] for r in rows]), None),
           (None, "indent")]
    headers, widths, columns, kept = drop_empty(headers, widths, columns, rows, (len(headers) - 1,))
    sheet = layout.sheet(book, st, "crosstable", headers, widths, columns, legend=[lang("legend_team_grid")],
                         stretch=2, freeze="D2", repeat_columns=3, font_size=10.0,
                         orientation="portrait" if sum(widths) <= 110 else None)
    diagonal = book.style(None, "center", shade=True, size=10.0)  # the team against itself
    for k, r in enumerate(kept):
        sheet.append([("" if v is None else v) for v in r], styles={3 + k: diagonal})


__all__ = ["is_team_round_robin", "team_grid_rows", "team_grid_sheet", "match_text"]
