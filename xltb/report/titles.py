"""What every printed page and the HTML page say about the event: the title block (event, place, dates,
"after round N of M" or "final", the rules edition) and the legend (tie-breaks, DE, lots), in the
reader's language. (What a value shows is the standings' rule, :meth:`xltb.ranking.standings.Standings.shown`.)"""

from __future__ import annotations

import os

from ..model import Kind
from ..model.rounds import Progress
from ..model.rounds import progress as event_progress
from ..ranking.standings import Standings
from .i18n import Language, language


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
    """The tie-break legend: each code with its name and article; what a direct-encounter value is; lots."""
    lines = [f"{lang('legend_tiebreaks')}: " + "; ".join(lang.tiebreak_label(c) for c in st.codes) + "."]
    if any(st.direct(c) for c in st.codes):
        lines.append(lang("legend_de"))
    if st.lots_seed is not None and any(r.by_lot for r in st.rows):
        lines.append(lang("legend_lots", seed=st.lots_seed))
    return lines


def rest_round(st: Standings, r) -> bool:
    """A rest round of a round robin with an odd number of players: no opponent, no points, not asked for."""
    return (st.event.event_type.predetermined and r.opponent is None and not r.points
            and r.kind in (Kind.ZERO_BYE, Kind.ABSENT, Kind.PAB))


__all__ = ["Progress", "progress", "event_title", "status_text", "subtitle", "legend_lines", "rest_round", "language"]
