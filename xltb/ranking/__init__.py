"""Ranking: a :class:`~xltb.ranking.decision.Decision` (an event, an edition, a tie-break list) ->
:class:`Standings`.

:func:`rank` is the one entry: it ranks the decision as it is, an individual or a team event,
through the one loop of :mod:`xltb.ranking.loop`, and chooses nothing again. :func:`compute` is the
convenience for an event already read: it resolves the choices (:func:`~xltb.ranking.choices.resolve`)
and ranks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .._gc import paused
from ..errors import TieBreakError
from ..rules import Edition
from ..tiebreaks.codes import TieBreakSpec
from .choices import is_team, list_record, resolve
from .decision import Decision
from .individual import compute_individual
from .standings import Standings

if TYPE_CHECKING:
    from ..model.event import Event


def rank(decision: Decision, *, lots: int | None = None) -> Standings:
    """Compute every value and rank the participants (C.07 4.2) of an individual or a team event under
    ``decision``. ``lots``: a seed for the drawing of lots that breaks the ties left; default the
    decision's (a workbook's Settings Lots)."""
    event = decision.event
    lots = decision.lots if lots is None else lots
    try:
        with paused():
            if event.is_team:
                from .team import compute_team  # the team model is loaded only for team events

                return compute_team(decision, lots=lots)
            return compute_individual(decision, lots=lots)
    except TieBreakError as err:
        if err.file is not None or decision.choices.tiebreaks.origin not in ("file", "workbook") \
                or not event.tiebreaks:
            raise
        # a code of the file's own list that cannot be computed for this event: the file's problem
        raise TieBreakError(f"{list_record(event)}: {err.message}", file=event.source,
                            line=event.tiebreaks_line) from None


def compute(event: "Event", tiebreaks: str | Iterable[str | TieBreakSpec] | None = None,
            rules: str | Edition | None = None, *, unrated_rating: int | None = None,
            lots: int | None = None) -> Standings:
    """Compute every value and rank the participants (C.07 4.2) of an individual or a team event.

    ``tiebreaks``: codes (``"BH/C1,BH,SB"`` or a list); default the event's own list, else the
    default for its type. ``rules``: the edition of C.07 (``"2026"``); default the one in force on
    the event's start date. ``unrated_rating``: the rating of unrated participants in rating-based
    tie-breaks (C.07 10). ``lots``: a seed for the drawing of lots that breaks the ties left. An event
    read from a workbook brings its Settings sheet's edition, unrated rating and lots (its
    ``provisions``), used where the caller gives none.
    """
    return rank(resolve(event, tiebreaks, rules, unrated_rating=unrated_rating, lots=lots))


__all__ = ["rank", "compute", "resolve", "is_team", "Decision", "Standings"]
