"""What every printed page and the HTML page say about the event: the title block (event, place, dates,
"after round N of M" or "final", the rules edition) and the legend (tie-breaks, DE, lots), in the
reader's language. (What a value shows is the standings' rule, :meth:`xltb.ranking.standings.Standings.shown`.)"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..model import Kind, Player
from ..model.rounds import Progress
from ..model.rounds import progress as event_progress
from ..ranking.standings import Standings
from ..ranking.views import GamePoints, Unplayed
from .i18n import Language, language

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import Team


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


def legend_lines(st: Standings, lang: Language, marked: dict[int, int] | None = None) -> list[str]:
    """The tie-break legend: each code with its name and article; what a direct-encounter value is; lots; the
    withdrawal column (``marked``: :func:`withdrawn`), when anybody withdrew."""
    lines = [f"{lang('legend_tiebreaks')}: " + "; ".join(lang.tiebreak_label(c) for c in st.codes) + "."]
    if any(st.direct(c) for c in st.codes):
        lines.append(lang("legend_de"))
    if st.lots_seed is not None and any(r.by_lot for r in st.rows):
        lines.append(lang("legend_lots", seed=st.lots_seed))
    if marked:
        lines.append(withdrawn_legend(lang))
    return lines


def withdrawn_text(start_no: int, marked: dict[int, int], lang: Language) -> str:
    """The withdrawal column's cell of a participant: ``R8`` (took no part from round 8 on), else empty."""
    k = marked.get(start_no)
    return "" if k is None else lang("withdrawn_cell", round=k)


def withdrawn_legend(lang: Language) -> str:
    """What the withdrawal column says (``Withdrawn RN: took no part from round N on ...``)."""
    return lang("legend_withdrawn", head=lang("withdrawn_head"), cell=lang("withdrawn_cell", round="N"), round="N")


#: a round a participant took no part in without asking for it: absent (not paired, no bye); a requested
#: zero-point bye is the participant's choice for that round, not a withdrawal
_NOT_THERE = (Kind.ABSENT,)


def last_paired(st: Standings) -> int:
    """The last round in which any game was paired (a round holding only announced byes is not paired yet)."""
    return max((r.round for p in st.participants for r in p.results if r.opponent is not None), default=0)


def withdrawn_from(st: Standings, participant: Player | Team, last: int | None = None) -> int | None:
    """The round from which a participant took no further part: absent (not paired, no bye) in that round and
    every later one up to ``last`` (the last round that was paired, :func:`last_paired`), having taken part
    before; None for everybody else. A round robin's rest round is not an absence."""
    last = last_paired(st) if last is None else last
    if last < 1:
        return None
    by_round = {r.round: r for r in participant.results}
    first = None
    for rnd in range(last, 0, -1):
        r = by_round.get(rnd)
        if r is None or r.kind not in _NOT_THERE or \
                rest_round(st, r if r.match is None else GamePoints(r.kind, r.opponent, r.gp)):
            break
        first = rnd
    if first is None or first == 1:  # present to the end, or never there (not a withdrawal)
        return None
    return first


def withdrawn(st: Standings) -> dict[int, int]:
    """Start number -> the round from which the participant took no part (:func:`withdrawn_from`)."""
    last = last_paired(st)
    out = {}
    for p in st.participants:
        k = withdrawn_from(st, p, last)
        if k is not None:
            out[p.start_no] = k
    return out


def rest_round(st: Standings, r: Unplayed) -> bool:
    """A rest round of a round robin with an odd number of players: no opponent, no points, not asked for."""
    return (st.event.event_type.predetermined and r.opponent is None and not r.points
            and r.kind in (Kind.ZERO_BYE, Kind.ABSENT, Kind.PAB))


__all__ = ["Progress", "progress", "event_title", "status_text", "subtitle", "legend_lines", "rest_round", "withdrawn",
           "withdrawn_from", "withdrawn_text", "withdrawn_legend", "language"]
