"""Breakdowns as text: every contribution, what was cut and why, and the article applied."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..messages import Message
from ..ranking.standings import Standings
from ..tiebreaks.base import Contribution, Value
from ..tiebreaks.catalogue import TIEBREAKS
from ..tiebreaks.codes import tiebreak_of
from ..tiebreaks.display import value_text

if TYPE_CHECKING:
    from ..model import Player
    from ..model.team import Team


def _num(value: Value | None) -> str:
    return "" if value is None else value_text("X", value)


def explain_text(st: Standings, start_no: int, code: str, *, added: bool = False) -> str:
    """How ``code``'s value of ``start_no`` was obtained. ``added``: the code is not in the event's
    list and was computed last for this explanation (it decides no rank)."""
    row = st.row(start_no)
    p = row.participant
    lines = [f"{code} of #{p.start_no} {p.name} ({value_text('PTS', row.points)} points, rank {row.rank})",
             f"rules: C.07 edition {st.edition.key} ({st.edition_reason})"]
    if added:
        lines.append(f"note: {code} is not in the event's list ({', '.join(c for c in st.codes if c != code)}); "
                     "computed after it for this explanation")
    tb = tiebreak_of(code)
    if tb is not None and tb.direct:  # type A: applied to tied groups only, no value otherwise
        return "\n".join(lines + _direct_lines(st, start_no, code, tb.acronym, added)) + "\n"
    ev = st.evaluation(start_no, code)
    if ev is None:
        lines.append(f"value: undefined ({code} is not computed for this event)")
        return "\n".join(lines) + "\n"
    lines.append(f"value: {value_text(code, ev.value) or 'undefined'}   ({ev.article})")
    parts = ev.breakdown()
    if parts:
        lines.append("")
        # rating-based tie-breaks list the opponents' ratings, not their scores
        head = "rating" if all(c.rating is not None and c.score is None for c in parts if c.opponent) and \
            any(c.opponent for c in parts) else "score"
        lines.append(f"{'Rd':>3}  {'Opp':>4}  {head:>6}  {'result':>6}  {'value':>7}  how")
        for c in parts:
            how = how_text(c)
            score = shown_score(c)
            shown = value_text(code, c.value)
            lines.append(f"{c.round or '':>3}  {c.opponent or '':>4}  {score:>6}  {_num(c.result):>6}  "
                         f"{('(' + shown + ')') if c.cut else shown:>7}  {how}")
    for note in ev.notes:
        lines.append(f"note: {note}")  # English: str() of the message
    lines += _rounds_not_counted(st, p, code, parts)
    return "\n".join(lines) + "\n"


def _direct_lines(st: Standings, start_no: int, code: str, acronym: str, added: bool) -> list[str]:
    """A direct encounter's value (type A: applied to tied groups only, no value otherwise) and its steps."""
    lines = []
    value = st.shown(code, start_no)
    steps = st.encounter_steps(code, start_no)
    if value is not None:
        article = "C.07 6" if acronym == "DE" else "C.07 13.3"
        lines.append(f"value: {_num(value)}   ({article}: the score in the separate standings of the tied group)")
    elif steps:
        lines.append("value: none: direct encounter decided nothing for it (the steps below)")
    else:
        lines.append("value: none: it is not tied with anyone when direct encounter is reached"
                     + (" (after the whole list)" if added else "") + ", so Art. 6 is not applied")
    for step in steps:
        lines.append("  " + step.text())
    if value is not None and value.denominator not in (1, 2):
        lines.append("note: when two participants met more than once, each pair's addend is the average of "
                     "their games (C.07 6.1.2); hence a value in quarters")
    return lines


#: rating-based tie-breaks, whose breakdowns list only the games that count (C.07 10); RTNG (10.6) is the
#: participant's own rating, computed from no game
_RATING_BASED = frozenset(a for a, t in TIEBREAKS.items() if t.rating_based) - {"RTNG"}


def _rounds_not_counted(st: Standings, p: Player | Team, code: str, parts: Sequence[Contribution]) -> list[str]:
    """The rounds a rating-based breakdown leaves out, and why: they can decide the value (a Cut
    then falls on a game), and other programs count some of them (an unplayed round cut first)."""
    tb = tiebreak_of(code)
    if st.team or tb is None or tb.acronym not in _RATING_BASED:
        return []
    shown = {c.round for c in parts}
    left = [r for r in p.results if r.round not in shown]
    if not left:
        return []
    what = ", ".join(f"R{r.round} {r.kind.name.lower().replace('_', ' ')}" for r in left)
    return [f"note: not counted, not played over the board (C.07 10; forfeits only with /P): {what}"
            + ("; a Cut falls on the games that count" if "/C" in code or "/M" in code else "")]


def how_text(c: Contribution, cut: str = "CUT") -> str:
    """Why a contribution is what it is (English): its source and article, a voluntarily unplayed round, the
    cut. The faces in other languages render :func:`how_message`."""
    return str(how_message(c, cut))


def how_message(c: Contribution, cut: str = "CUT") -> Message:
    """:func:`how_text` as a message: ``how`` (the source, ``[article]``), ``how.vur`` and ``how.cut`` added."""
    how = Message("how.article" if c.article else "how", what=c.explanation, article=c.article)
    if c.vur:
        how = Message("how.vur", how=how)
    if c.cut:
        how = Message("how.cut_upper" if cut == "CUT" else "how.cut", how=how, why=c.cut)
    return how


def shown_score(c: Contribution) -> str:
    """The figure a contribution is computed from: the opponent's rating for rating-based tie-breaks,
    else the score used."""
    return str(c.rating) if c.rating is not None and c.score is None else _num(c.score)
