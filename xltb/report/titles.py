"""What every printed page and the HTML page say about the event: the title block (event, place, dates,
"after round N of M" or "final", the rules edition) and the legend (tie-breaks, DE, lots), in the
reader's language; and which direct-encounter values are shown (only those that decided something)."""

from __future__ import annotations

import os

from ..model import Kind
from ..model.rounds import Progress
from ..model.rounds import progress as event_progress
from ..ranking.standings import Standings
from .i18n import Language, language

#: what a step of Art. 6 / 13.3 decided (the others decided nothing: equal scores, nobody sure to stay ahead)
_DECIDED = {"separated", "ahead", "chain-decided"}


def progress(st: Standings, planned: int | None = None) -> Progress:
    """How far the ranked event is (:func:`xltb.model.rounds.progress`)."""
    return event_progress(st.event, planned)


def event_title(st: Standings) -> str:
    t = st.event
    return t.name or (os.path.splitext(os.path.basename(t.source))[0] if t.source else "event")


def status_text(st: Standings, lang: Language, planned: int | None = None) -> str:
    p = progress(st, planned)
    if p.final:
        return lang("final_standings")
    return lang("standings_after", n=p.played, m=p.planned)


def subtitle(st: Standings, lang: Language, planned: int | None = None) -> str:
    """``Place · dates · Final standings · FIDE C.07 tie-break rules, edition 2024-08``."""
    t = st.event
    parts = [getattr(t, "city", "") or "", lang.dates(t.start_date, getattr(t, "end_date", None)),
             status_text(st, lang, planned), lang("edition", edition=st.edition.key)]
    return "  \u00b7  ".join(p for p in parts if p)


def legend_lines(st: Standings, lang: Language) -> list[str]:
    """The tie-break legend: each code with its name and article; DE blank where it decided nothing; lots."""
    lines = [f"{lang('legend_tiebreaks')}: " + "; ".join(lang.tiebreak_label(c) for c in st.codes) + "."]
    if any(de_code(c) for c in st.codes):
        lines.append(lang("legend_de"))
    if st.lots_seed is not None and any(r.by_lot for r in st.rows):
        lines.append(lang("legend_lots", seed=st.lots_seed))
    return lines


def de_code(code: str) -> bool:
    """A direct-encounter tie-break (DE, EDE and its chains)."""
    return code.split("/")[0].split(":")[0].upper() in ("DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB")


def de_decided(st: Standings, code: str, start_no: int) -> bool:
    """Whether direct encounter decided something for the participant: a step it took part in separated
    the tied (6.2), found one sure to stay ahead (6.3) or decided by the chain (13.3.2)."""
    return any(step.outcome in _DECIDED for step in st.encounter_steps(code, start_no))


def shown_values(st: Standings, row) -> dict:
    """A row's values as printed: direct encounter blank where it decided nothing (C.07 6)."""
    values = dict(row.values)
    for code in st.codes:
        if de_code(code) and not de_decided(st, code, row.start_no):
            values[code] = None
    return values


def rest_round(st: Standings, r) -> bool:
    """A rest round of a round robin with an odd number of players: no opponent, no points, not asked for."""
    return (st.event.event_type.predetermined and r.opponent is None and not r.points
            and r.kind in (Kind.ZERO_BYE, Kind.ABSENT, Kind.PAB))


__all__ = ["Progress", "progress", "event_title", "status_text", "subtitle", "legend_lines", "de_code", "de_decided",
           "shown_values", "rest_round", "language"]
