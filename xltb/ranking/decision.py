"""What an event is ranked by, resolved once: the :class:`Decision` the ranking takes."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import TieBreakError
from ..messages import Text
from ..model import Choices
from ..model.event import Event
from ..rules import Edition
from ..tiebreaks.codes import TieBreakSpec


class Decision(NamedTuple):
    """How an event is ranked, and why: made by :func:`xltb.decide.decide` (a file) or
    :func:`xltb.ranking.choices.resolve` (an event), taken as it is by the ranking
    (:func:`xltb.ranking.rank`), which chooses nothing again. A record: a different choice is a
    new decision (``decision._replace(specs=...)``; a named tuple, as the engine's records are:
    ``xltb standings`` does not load ``dataclasses``)."""

    event: Event
    """The event ranked (an individual or a team event)."""

    edition: Edition
    """The edition of C.07 applied."""

    specs: tuple[TieBreakSpec, ...]
    """The tie-break list, in order."""

    choices: Choices
    """Where the edition, the list, the event type and (teams) the primary score came from."""

    unrated_rating: int | None = None
    """The rating of unrated participants in rating-based tie-breaks (C.07 10): the user's, else an
    export legend's ``(1400)`` or a workbook's Settings UnratedRating; None: such tie-breaks are refused when unrated participants play."""

    notes: tuple[Text, ...] = ()
    """What reading the file left out or assumed (messages), said as warnings before the event's own."""

    kind: str = ""
    """What the file was read as (``"TRF"``, ``"chess-results crosstable export (CSV)"``...); empty
    for an event given already read."""

    lots: int | None = None
    """The seed of the drawing of lots that breaks the ties left: the user's, else a workbook's
    Settings Lots; None: no seed (:func:`xltb.ranking.rank`'s ``lots`` may give one)."""

    def __repr__(self) -> str:
        return f"Decision({self.edition.key}, {','.join(s.code for s in self.specs)}, {self.kind!r})"

    @property
    def team(self) -> bool:
        """A team event."""
        return self.event.is_team

    def located(self, err: TieBreakError) -> TieBreakError:
        """``err``, a list that does not fit the event, naming the event's file (and the line of the list when
        the list is the file's own), for an individual and a team event alike."""
        if err.file is not None or self.event.source is None:
            return err
        from_file = self.choices.tiebreaks.origin == "file"
        return TieBreakError(err.message, file=self.event.source,
                             line=self.event.tiebreaks_line if from_file else None)


__all__ = ["Decision"]
