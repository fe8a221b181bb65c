"""Standings as text, JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
import os
from fractions import Fraction

from ..ranking.standings import Standings
from .numbers import format_value, safe_cell


def event_dict(st: Standings) -> dict:
    t = st.event
    return {
        "name": t.name,
        "source": os.path.basename(t.source) if t.source else None,
        "type": t.event_type.value,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "rounds": t.rounds,
        "participants": len(st.participants),
        "scoring": st.scoring_text,
    }


def to_json(st: Standings) -> str:
    def json_number(value: Fraction | None) -> float | None:
        # an integer division in C: float(Fraction) goes through Python-level code
        return None if value is None else value.numerator / value.denominator

    codes = st.codes
    doc = {
        "event": event_dict(st),
        "rules": st.edition.key,
        "rules_reason": st.edition_reason,
        "tiebreaks": st.codes,
        "standings": [
            {
                "rank": row.rank,
                "start_no": row.start_no,
                "name": row.participant.name,
                "points": json_number(row.points),
                "tiebreaks": {code: None if (v := row.values[code]) is None else v.numerator / v.denominator
                              for code in codes},
            }
            for row in st.rows
        ],
        "warnings": list(st.warnings),
    }
    if st.lots_seed is not None:
        doc["lots_seed"] = st.lots_seed
    if st.unrated_rating is not None:  # what the values depend on beyond the file and the rules
        doc["options"] = {"unrated_rating": st.unrated_rating}
    return json.dumps(doc, ensure_ascii=False) + "\n"


def to_csv(st: Standings) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "start_no", "title", "name", "federation", "rating", "points"] + st.codes)
    for row in st.rows:
        p = st.entry(row.participant)
        w.writerow([row.rank, p.start_no, safe_cell(p.title), safe_cell(p.name), safe_cell(p.federation),
                    p.rating or "", format_value("PTS", row.points)]
                   + [format_value(code, row.values[code]) for code in st.codes])
    return out.getvalue()


def header_lines(st: Standings) -> list[str]:
    t = st.event
    lines = [t.name or (os.path.basename(t.source) if t.source else "event")]
    lines.append(f"{t.event_type.value}, {len(st.participants)} participants, {t.rounds} rounds; scoring {st.scoring_text}")
    lines.append(f"rules: C.07 edition {st.edition.key} ({st.edition_reason})")
    lines.append("tie-breaks: " + ", ".join(st.codes))
    if st.lots_seed is not None:
        lines.append(f"remaining ties broken by drawing of lots (seed {st.lots_seed}); marked *")
    for w in st.warnings:
        lines.append(f"warning: {w}")
    return lines


def to_text(st: Standings) -> str:
    """The standings as a text table; a team event heads its scores MP and GP, the primary score first."""
    if st.team:
        primary, secondary = st.event.primary, st.event.secondary
        heads = ["Rk", "No", "Name", "Rtg", primary, secondary] + st.codes
    else:
        heads = ["Rk", "No", "Name", "Rtg", "Pts"] + st.codes
    body = []
    for row in st.rows:
        p = st.entry(row.participant)
        name = (p.title + " " if p.title else "") + p.name
        scores = [format_value("PTS", row.points)]
        if st.team:
            other = row.participant.gp if secondary == "GP" else row.participant.mp
            scores.append(format_value("PTS", other))
        body.append([f"{row.rank}{'*' if row.by_lot else ''}", str(p.start_no), name, str(p.rating or "")]
                    + scores + [format_value(c, row.values[c]) for c in st.codes])
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(heads)]
    left = {2}

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    lines = header_lines(st) + ["", fmt(heads), fmt(["-" * w for w in widths])]
    lines += [fmt(r) for r in body]
    return "\n".join(lines) + "\n"
