"""Standings as text, JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
import os
from fractions import Fraction
from typing import Any, Callable

from ..ranking.standings import Standings
from ..ranking.views import team_event, team_of
from ..model.rounds import progress
from ..tiebreaks.display import value_text
from ..writers.standings_json import ChoiceJson, EventJson, StandingsJson
from ..messages import Text, english_text
from .i18n import DEFAULT, Language, language
from .numbers import safe_cell, title_text


def event_dict(st: Standings) -> EventJson:
    t = st.event
    return {
        "name": t.name,
        "source": os.path.basename(t.source) if t.source else None,
        "type": t.event_type.value,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "rounds": t.rounds,
        "rounds_planned": progress(t).planned,
        "participants": len(st.participants),
        "scoring": st.scoring_text,
    }


def choices_dict(st: Standings) -> dict[str, ChoiceJson]:
    """Where each choice came from, for JSON: {"value", "origin": "file" | "user" | "default" | ..., "reason"}
    (the reason in English, as the command line prints it)."""
    return {what: {"value": c.value, "origin": c.origin, "reason": str(c.reason)} for what, c in st.choices.items()}


def to_json(st: Standings) -> str:
    def json_number(value: Fraction | None) -> float | None:
        # an integer division in C: float(Fraction) goes through Python-level code
        return None if value is None else value.numerator / value.denominator

    doc: StandingsJson = {
        "event": event_dict(st),
        "rules": st.edition.key,
        "rules_reason": st.edition_reason,
        "tiebreaks": st.codes,
        "choices": choices_dict(st),
        "standings": [
            {
                "rank": row.rank,
                "start_no": row.start_no,
                "name": row.participant.name,
                "federation": (entry := st.entry(row.participant)).federation or None,
                "rating": entry.rating,
                "points": json_number(row.points),
                "tiebreaks": {code: None if v is None else v.numerator / v.denominator
                              for code, v in st.shown_values(row).items()},
            }
            for row in st.rows
        ],
        "warnings": [str(w) for w in st.warnings],
    }
    if st.lots_seed is not None:
        doc["lots_seed"] = st.lots_seed
    if st.unrated_rating is not None:  # what the values depend on beyond the file and the rules
        doc["options"] = {"unrated_rating": st.unrated_rating}
    return json.dumps(doc, ensure_ascii=False) + "\n"


def to_csv(st: Standings) -> str:
    """The standings as CSV: data for other programs, with their codes (TRF title codes as arbiters write
    them: GM, IM ...) and numbers with a decimal point."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "start_no", "title", "name", "federation", "rating", "points"] + st.codes)
    for row in st.rows:
        p = st.entry(row.participant)
        w.writerow([row.rank, p.start_no, safe_cell(title_text(p.title)), safe_cell(p.name), safe_cell(p.federation),
                    p.rating or "", value_text("PTS", row.points)]
                   + [value_text(code, v) for code, v in st.shown_values(row).items()])
    return out.getvalue()


def text_render(lang: Language) -> Callable[[Text], str]:
    """How the command line's text renders what the engine says: in English as ``str()`` does (dates in ISO
    8601, as before), in another language with its words and dates."""
    return english_text if lang.code == DEFAULT else lang.render


def header_lines(st: Standings, lang: Language | None = None) -> list[str]:
    """The lines above the text standings (and the prize list): the event, its kind and size, how far it is,
    the choices it was ranked by, lots and warnings, in the reader's language."""
    lang = lang or language()
    said = text_render(lang)
    t = st.event
    lines = [t.name or (os.path.basename(t.source) if t.source else "event")]
    kind = t.event_type.value if lang.code == DEFAULT else lang(f"type_{t.event_type.value}")
    lines.append(lang("cli_summary", type=kind, n=len(st.participants),
                      who=lang("cli_teams") if st.team else lang("participants"), rounds=t.rounds,
                      scoring=said(st.scoring_said)))
    done = progress(t)
    if not done.final:
        lines.append(lang("cli_after", n=done.played, m=done.planned))
    lines.extend(choice_lines(st, lang))
    if st.lots_seed is not None:
        lines.append(lang("cli_lots", seed=st.lots_seed))
    for w in st.warnings:
        lines.append(lang("cli_warning", warning=said(w)))
    return lines


def choice_lines(st: Standings, lang: Language | None = None) -> list[str]:
    """The choices the standings were computed with and where each came from (the file, the user or
    xltb's default): event type, rules, tie-breaks."""
    lang = lang or language()
    said = text_render(lang)
    lines = []
    kind = st.choices.event_type
    if kind is not None:
        value = st.event.event_type.value
        lines.append(lang("cli_event_type", type=value if lang.code == DEFAULT else lang(f"type_{value}"),
                          why=said(kind.message())))
    lines.append(lang("cli_rules", edition=st.edition.key, why=said(st.edition_said)))
    lines.append(lang("cli_tiebreaks", codes=", ".join(st.codes), why=said(st.choices.tiebreaks.message())))
    return lines


def choice_warnings(st: Standings) -> list[str]:
    """What a CSV reader (no header) should still be told, for standard error: the choices xltb made
    itself and the warnings."""
    out = [f"{what.replace('_', ' ')} {c.value}: {c.text}" for what, c in st.choices.items() if c.origin == "default"]
    return out + [str(w) for w in st.warnings]


def to_text(st: Standings, lang: Language | None = None) -> str:
    """The standings as text, in the reader's language (English by default), numbers with its decimal mark."""
    lang = lang or language()
    team = st.team
    heads = [lang("short_rank"), lang("short_no"), lang("name")]
    if team:  # C.07 11: the primary score, then the secondary one (MP and GP); a team's strength if any
        t = team_event(st)
        show_rating = any(p.strength is not None for p in t.teams)
        score = {"MP": lang("mp"), "GP": lang("gp")}
        heads += ([lang("short_rating")] if show_rating else []) + [score[t.primary], score[t.secondary]] + st.codes
    else:
        show_rating = True
        heads += [lang("short_rating"), lang("short_points")] + st.codes
    number = lang.number
    body = []
    for row in st.rows:
        p = st.entry(row.participant)
        title = title_text(p.title)
        name = (title + " " if title else "") + p.name
        cells = [f"{row.rank}{'*' if row.by_lot else ''}", str(p.start_no), name]
        if show_rating:
            cells.append(str(p.rating or ""))
        cells.append(number(value_text("PTS", row.points)))
        if team:
            entrant = team_of(row)
            secondary = entrant.gp if team_event(st).primary == "MP" else entrant.mp
            cells.append(number(value_text("PTS", secondary)))
        shown = st.shown_values(row)
        body.append(cells + [number(value_text(c, shown[c])) for c in st.codes])  # a code listed twice: twice
    _align_decimals(body, first=3, mark=lang.decimal)
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(heads)]
    left = {2}

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    lines = header_lines(st, lang) + ["", fmt(heads), fmt(["-" * w for w in widths])]
    lines += [fmt(r) for r in body]
    return "\n".join(lines) + "\n"


def _align_decimals(body: list[list[str]], first: int, mark: str = ".") -> None:
    """Pad the numbers of each column (from ``first`` on) on the right so that their decimal points
    line up (``9.5 `` over ``9.75``)."""
    if not body:
        return
    for i in range(first, len(body[0])):
        decimals = [len(r[i]) - r[i].index(mark) - 1 if mark in r[i] else 0 for r in body]
        most = max(decimals)
        if not most:
            continue
        for r, d in zip(body, decimals):
            if r[i] and r[i][-1].isdigit():
                r[i] += " " * (most - d + (1 if d == 0 else 0))
