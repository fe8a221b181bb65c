"""Ranking: an event, an edition and a tie-break list -> :class:`Standings`.

:func:`compute` is the one entry: it decides whether the event is an individual or a team event
(:func:`~xltb.ranking.choices.is_team`) and ranks it through the one loop of
:mod:`xltb.ranking.loop`."""

from __future__ import annotations

from typing import Iterable

from .._gc import paused
from ..errors import TieBreakError
from ..rules import Edition
from .choices import is_team
from .individual import compute_individual
from .standings import Standings


def compute(event, tiebreaks: str | Iterable[str] | None = None, rules: str | Edition | None = None, *,
            unrated_rating: int | None = None, lots: int | None = None) -> Standings:
    """Compute every value and rank the participants (C.07 4.2) of an individual or a team event.

    ``tiebreaks``: codes (``"BH/C1,BH,SB"`` or a list); default the event's own list, else the
    default for its type. ``rules``: the edition of C.07 (``"2026"``); default the one in force on
    the event's start date. ``unrated_rating``: the rating of unrated participants in rating-based
    tie-breaks (C.07 10). ``lots``: a seed for the drawing of lots that breaks the ties left. An event
    read from a workbook brings its Settings sheet's edition, unrated rating and lots (its
    ``provisions``), used where the caller gives none.
    """
    own = getattr(event, "provisions", None)  # a workbook's Settings: UnratedRating, Lots
    if own is not None:
        unrated_rating = own.unrated_rating if unrated_rating is None else unrated_rating
        lots = own.lots if lots is None else lots
    try:
        with paused():
            if is_team(event):
                from .team import compute_team  # the team model is loaded only for team events

                return compute_team(event, tiebreaks, rules, unrated_rating=unrated_rating, lots=lots)
            return compute_individual(event, tiebreaks, rules, unrated_rating=unrated_rating, lots=lots)
    except TieBreakError as err:
        if err.file is not None or tiebreaks or not getattr(event, "tiebreaks", None):
            raise
        # a code of the file's own list that cannot be computed for this event: the file's problem
        record = own.cell("Tiebreaks") if own is not None else "the file's tie-break list (TRF 212/202)"
        raise TieBreakError(f"{record}: {err.message}", file=event.source,
                            line=getattr(event, "tiebreaks_line", None)) from None


__all__ = ["compute", "is_team", "Standings"]
