"""Player standings of a team event as JSON, CSV and text."""

from __future__ import annotations

import csv
import io
import json
import os
from fractions import Fraction

from ..model.team import TeamTournament
from ..ranking.players import PlayerLine
from ..tiebreaks.display import value_text
from .numbers import safe_cell


def players_to_json(tt: TeamTournament, lines: list[PlayerLine]) -> str:
    def num(v: Fraction | None) -> float | None:
        return None if v is None else float(v)

    doc = {
        "event": {"name": tt.name, "source": os.path.basename(tt.source) if tt.source else None,
                  "type": tt.event_type.value, "rounds": tt.rounds, "teams": len(tt.teams),
                  "players": len(tt.players), "boards": tt.boards},
        "players": [{"rank": x.rank, "start_no": x.player.start_no, "name": x.player.name,
                     "rating": x.player.rating, "team": x.team.start_no if x.team else None,
                     "team_name": x.team.name if x.team else None, "board": x.board, "points": num(x.points),
                     "games": x.games, "played": x.played, "percentage": num(x.percentage), "tpr": x.tpr,
                     "board_rank": x.board_rank} for x in lines],
        "warnings": [str(w) for w in tt.warnings],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def players_to_csv(tt: TeamTournament, lines: list[PlayerLine]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["rank", "start_no", "name", "rating", "team", "board", "points", "games", "percentage", "tpr",
                "board_rank"])
    for x in lines:
        w.writerow([x.rank, x.player.start_no, safe_cell(x.player.name), x.player.rating or "",
                    safe_cell(x.team.name) if x.team else "", x.board or "", value_text("PTS", x.points), x.games,
                    "" if x.percentage is None else value_text("AOB", x.percentage * 100), x.tpr or "",
                    x.board_rank or ""])
    return buf.getvalue()


def players_to_text(tt: TeamTournament, lines: list[PlayerLine]) -> str:
    heads = ["Rk", "No", "Name", "Rtg", "Team", "Bd", "Pts", "Gms", "%", "TPR", "BdRk"]
    body = [[str(x.rank), str(x.player.start_no), x.player.name, str(x.player.rating or ""),
             x.team.short_name or x.team.name if x.team else "", str(x.board or ""), value_text("PTS", x.points),
             str(x.games), "" if x.percentage is None else value_text("AOB", x.percentage * 100),
             str(x.tpr or ""), str(x.board_rank or "")] for x in lines]
    widths = [max([len(h)] + [len(r[i]) for r in body]) for i, h in enumerate(heads)]
    left = {2, 4}

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [tt.name or "team event", f"player standings: {len(tt.players)} players, {len(tt.teams)} teams, "
           f"{tt.rounds} rounds; Bd = roster position, BdRk = rank on that board (percentage, games, TPR)"]
    out += [f"warning: {w}" for w in tt.warnings]
    out += ["", fmt(heads), fmt(["-" * w for w in widths])] + [fmt(r) for r in body]
    return "\n".join(out) + "\n"
