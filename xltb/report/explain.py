"""Breakdowns as text: every contribution, what was cut and why, and the article applied."""

from __future__ import annotations

from .numbers import format_value
from ..ranking.standings import Standings


def _num(value) -> str:
    return "" if value is None else format_value("X", value)


def explain_text(st: Standings, start_no: int, code: str) -> str:
    row = st.row(start_no)
    p = row.participant
    lines = [f"{code} of #{p.start_no} {p.name} ({format_value('PTS', row.points)} points, rank {row.rank})",
             f"rules: C.07 edition {st.edition.key} ({st.edition_reason})"]
    if code.split("/")[0] == "DE":
        value = row.values.get(code)
        lines.append(f"value: {_num(value) if value is not None else 'not applied (no tie to break)'}")
        for step in st.encounter_steps(code, start_no):
            lines.append("  " + step.text())
        return "\n".join(lines) + "\n"
    ev = st.evaluation(start_no, code)
    if ev is None:
        lines.append("value: undefined")
        return "\n".join(lines) + "\n"
    lines.append(f"value: {format_value(code, ev.value) or 'undefined'}   ({ev.article})")
    parts = ev.breakdown()
    if parts:
        lines.append("")
        lines.append(f"{'Rd':>3}  {'Opp':>4}  {'score':>6}  {'result':>6}  {'value':>7}  how")
        for c in parts:
            how = c.explanation + (f" [{c.article}]" if c.article else "")
            if c.vur:
                how += "; voluntarily unplayed round"
            if c.cut:
                how += f"; CUT: {c.cut}"
            score = str(c.rating) if c.rating is not None and c.score is None else _num(c.score)
            value = format_value(code, c.value)
            lines.append(f"{c.round or '':>3}  {c.opponent or '':>4}  {score:>6}  {_num(c.result):>6}  "
                         f"{('(' + value + ')') if c.cut else value:>7}  {how}")
    for note in ev.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines) + "\n"
