"""The sheet only a team event has: its players by board (the team standings and crosstable are those of
:mod:`xltb.report.printed.standings`, the league's grid :mod:`xltb.report.printed.grid`)."""

from __future__ import annotations

from typing import Any

from ...model.team import TeamTournament
from ...ranking.players import player_standings
from ...ranking.standings import Standings
from ...ranking.views import team_event
from .layout import STANDINGS_FONT, Layout, drop_empty, number_format, text_width
from .xlsx import Book


def players_by_board_rows(team: TeamTournament) -> list[list[Any]]:
    """The players of a team event by board (roster position), each board ranked (percentage, games, TPR);
    players who took no board last: board, board rank, no., name, rating, team, points, games, played, %,
    TPR, overall rank."""
    lines = player_standings(team)
    lines.sort(key=lambda x: (x.board is None or not x.games, x.board or 0, x.board_rank or 0, x.rank,
                              x.player.start_no))
    out = []
    for x in lines:
        pct = None if x.percentage is None else x.percentage * 100
        out.append([x.board, x.board_rank, x.player.start_no, x.player.name, x.player.rating,
                    x.team.name if x.team else "", x.points, x.games, x.played, pct, x.tpr, x.rank])
    return out


def players_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    rows = players_by_board_rows(team_event(st))
    headers = [lang("board"), lang("board_rank"), lang("no"), lang("name"), lang("rating"), lang("team"),
               lang("points"), lang("games"), lang("played"), lang("percent"), lang("tpr"), lang("overall_rank")]
    widths = [6, 7, 5, text_width((r[3] for r in rows), 16, 32), 6.5, text_width((r[5] for r in rows), 12, 28),
              6.5, 6.5, 6.5, 6.5, 6.5, 8]
    columns = [(None, None), (None, None), (None, None), (None, "indent"), (None, None), (None, "indent"),
               (number_format("PTS", [r[6] for r in rows]), None), (None, None), (None, None), ("0.0", None),
               ("0", None), (None, None)]
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, (4, 10))
    sheet = layout.sheet(book, st, "players", headers, widths, columns, freeze="E2", font_size=STANDINGS_FONT, stretch=3)
    previous = None
    for k, r in enumerate(rows):
        board = r[0] if r[7] else None
        sheet.append(r, top=k > 0 and board != previous)  # a rule between boards
        previous = board


__all__ = ["players_by_board_rows", "players_sheet"]
