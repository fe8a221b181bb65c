"""The sheets of a team event: team standings (MP and GP), the team crosstable and the players by board."""

from __future__ import annotations

from typing import Any

from ...model import Colour, Kind, RoundResult
from ...model.team import TeamTournament
from ...ranking.players import player_standings
from ...ranking.standings import Standings
from ...tiebreaks.display import number_format as places_format
from ..i18n import Language
from ...ranking.views import GamePoints, team_event, team_of
from ..titles import legend_lines, withdrawn, withdrawn_text
from .layout import (PORTRAIT_MAX, STANDINGS_FONT, STANDINGS_ROW, Layout, colour_letter, crosstable_legend, drop_empty,
                     number_format, points_text, text_width, unplayed_text)
from .xlsx import CROSSTABLE_CHARS, Book

_RESULT_CHAR = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-"}


def team_standings_rows(st: Standings) -> list[list[Any]]:
    """Rank, no., team, short name, rating (team strength), primary score, secondary score, tie-breaks
    (as every face shows them, :meth:`Standings.shown`)."""
    secondary = team_event(st).secondary
    out = []
    for row in st.rows:
        t = team_of(row)
        scores = {"MP": t.mp, "GP": t.gp}
        values = st.shown_values(row)
        out.append([row.rank, t.start_no, t.name, t.short_name, t.strength, row.points, scores[secondary]]
                   + [values[c] for c in st.codes] + (["lot"] if row.by_lot else []))
    return out


def team_standings_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    team = team_event(st)
    marked = withdrawn(st)
    # teams that withdrew: a column beside the name (left out when none did)
    rows = [r[:3] + [withdrawn_text(r[1], marked, lang)] + r[3:] for r in team_standings_rows(st)]
    lots = any(r.by_lot for r in st.rows)
    score = {"MP": lang("mp"), "GP": lang("gp")}
    headers = [lang("rank"), lang("no"), lang("team"), lang("withdrawn_head"), lang("short"), lang("strength"),
               score[team.primary], score[team.secondary]] + st.codes + ([lang("lots")] if lots else [])
    columns = [(None, None), (None, None), (None, "indent"), (None, "center"), (None, "indent"), (None, None),
               (number_format("PTS", [r[6] for r in rows]), None), (number_format("PTS", [r[7] for r in rows]), None)]
    columns += [(places_format(st.places(c)), None) for c in st.codes]
    columns += [(None, "center")] if lots else []
    rows = [r[:-1] + [lang("lot")] if lots and r[-1] == "lot" else r for r in rows]
    widths = [5.5, 5, text_width((r[2] for r in rows), 16, 36), 6, text_width((r[4] or "" for r in rows), 6, 12),
              6.5, 6, 6] + [max(6.5, len(c) + 1.5) for c in st.codes] + ([6] if lots else [])
    headers, widths, columns, rows = drop_empty(headers, widths, columns, rows, (3, 4, 5))
    sheet = layout.sheet(book, st, "standings", headers, widths, columns, legend=legend_lines(st, lang, marked),
                         stretch=2,
                         orientation="portrait", font_size=STANDINGS_FONT, freeze="D2")
    for r in rows:
        sheet.append(r, height=STANDINGS_ROW)


def team_round_text(r: RoundResult, lang: Language | None = None) -> str:
    """A team crosstable cell: ``12w 2½`` (opponent, colour of board 1, game points), ``12w +`` (forfeit won),
    ``PAB 2`` (a team bye and its game points)."""
    if r.opponent is None:
        return unplayed_text(GamePoints(r.kind, None, r.gp), lang)  # a bye's cell shows its game points
    colour = colour_letter(r.colour, lang) if r.colour in (Colour.WHITE, Colour.BLACK) else ""
    if r.kind.forfeit:
        return f"{r.opponent}{colour} {_RESULT_CHAR[r.kind]}"
    return f"{r.opponent}{colour} {points_text(r.gp)}"


def team_crosstable_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    team = st.event
    cells = [[team_round_text(r, lang) for r in team_of(row).results] for row in st.rows]
    rounds = max((len(c) for c in cells), default=team.rounds)
    headers = [lang("rank"), lang("no"), lang("team")] + [f"{lang('round')}{i}" for i in range(1, rounds + 1)] \
        + [lang("mp"), lang("gp")]
    width = max(6.0, max((len(c) for row in cells for c in row), default=4) + 2.0)
    widths = [5.5, 5, text_width((r.participant.name for r in st.rows), 16, 32)] + [width] * rounds + [6, 6]
    mp = [team_of(r).mp for r in st.rows]
    gp = [team_of(r).gp for r in st.rows]
    columns = [(None, None), (None, None), (None, "indent")] + [(None, "center")] * rounds \
        + [(number_format("PTS", mp), None), (number_format("PTS", gp), None)]
    legend = [crosstable_legend(lang, "legend_team_crosstable")]
    sheet = layout.sheet(book, st, "crosstable", headers, widths, columns, legend=legend, stretch=2,
                         page_chars=CROSSTABLE_CHARS,
                         freeze="D2", repeat_columns=3, font_size=STANDINGS_FONT,
                         orientation="portrait" if sum(widths) <= PORTRAIT_MAX else None)
    for row, texts, m, g in zip(st.rows, cells, mp, gp):
        sheet.append([row.rank, row.start_no, row.participant.name] + texts + [""] * (rounds - len(texts)) + [m, g],
                     height=STANDINGS_ROW)


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


__all__ = ["team_standings_rows", "team_standings_sheet", "team_round_text", "team_crosstable_sheet",
           "players_by_board_rows", "players_sheet"]
