"""A workbook's event as the worksheet functions hold it: the event of the crosstable (an individual or a team
event, one :data:`xltb.model.event.Event`) with the Settings block read once, and what the functions compute
from it once (the standings, each tie-break's values, the table). :mod:`xltb.functions.core` builds and caches
one per distinct crosstable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..decide import decide
from ..messages import cell_number
from ..model.tournament import Player
from ..ranking import rank
from ..sheets.progress import completed_event

if TYPE_CHECKING:
    from ..model.event import Event as Held, Participant
    from ..ranking.standings import Standings
    from ..sheets.settings import EventSettings
    from ..tiebreaks.codes import TieBreakSpec

#: the first columns of the table, before the tie-breaks: a player's rating and points; a team's match and game
#: points (C.07 11.1: a team event's primary and secondary score)
HEAD = {False: ["Rank", "No", "Name", "Rating", "Pts"], True: ["Rank", "No", "Team", "MP", "GP"]}


def _scores(participant: Participant, points: Any) -> list[Any]:
    """The two columns after the name: a player's rating and points, a team's match and game points."""
    if isinstance(participant, Player):
        return [participant.rating or "", cell_number(points)]
    return [cell_number(participant.mp), cell_number(participant.gp)]


class Event:
    """One parsed crosstable with its settings; standings are computed on first use."""

    def __init__(self, event: Held, settings: EventSettings, specs: tuple[TieBreakSpec, ...] = ()):
        self.event = event  # the individual or team event of the blocks (asked event.is_team where they differ)
        self.settings = settings
        self.specs = specs  # the Settings list, parsed once (empty: the default for the event type)
        self._standings: Standings | None = None
        self._extra: dict[str, Standings] = {}  # code -> standings that include it
        self._values: dict[str, dict[int, Any]] = {}  # code -> start_no -> cell value
        self._table: list[list[Any]] | None = None
        self.numbers = {p.start_no for p in event.participants}

    def _compute(self, tiebreaks: Sequence[str | TieBreakSpec]) -> Standings:
        """The standings under the Settings' choices, decided as every face decides (:func:`xltb.decide.decide`)."""
        s = self.settings
        # the completed rounds only ("after round N of M"): a round paired, not played, counts for nothing yet (a
        # team workbook's Matches are read so already: xltb.sheets.teams)
        event = self.event if self.event.is_team else completed_event(self.event)
        return rank(decide(event, tiebreaks=tiebreaks or None, rules=s.edition, unrated_rating=s.unrated_rating,
                           lots=s.lots))

    @property
    def standings(self) -> Standings:
        """Standings with the event's own list (Settings ``Tiebreaks``, parsed once: :attr:`specs`)."""
        if self._standings is None:
            self._standings = self._compute(self.specs)
        return self._standings

    def standings_with(self, code: str) -> Standings:
        """Standings whose list includes ``code`` (appended when the event's list lacks it)."""
        st = self.standings
        if code in st.codes:
            return st
        if code not in self._extra:
            self._extra[code] = self._compute(st.codes + [code])
        return self._extra[code]

    def values(self, code: str) -> dict[int, Any]:
        """Every participant's value of ``code`` as a cell value (float, or "" when undefined)."""
        out = self._values.get(code)
        if out is None:
            st = self.standings_with(code)
            out = {row.start_no: cell_number(st.shown(code, row.start_no)) for row in st.rows}  # as every face
            self._values[code] = out
        return out

    def ranks(self) -> dict[int, int]:
        out = self._values.get("#RANK")
        if out is None:
            out = {row.start_no: row.rank for row in self.standings.rows}
            self._values["#RANK"] = out
        return out

    def points(self) -> dict[int, Any]:
        out = self._values.get("#PTS")
        if out is None:
            out = {row.start_no: cell_number(row.points) for row in self.standings.rows}
            self._values["#PTS"] = out
        return out

    def table(self) -> list[list[Any]]:
        """The standings as rows: header, then one row per participant in rank order, each value as every face
        shows it (:meth:`Standings.shown_values <xltb.ranking.standings.Standings.shown_values>`)."""
        if self._table is None:
            st = self.standings
            rows: list[list[Any]] = [HEAD[self.event.is_team] + list(st.codes)]
            for row in st.rows:
                p, shown = row.participant, st.shown_values(row)
                rows.append([row.rank, p.start_no, p.name] + _scores(p, row.points)
                            + [cell_number(shown[c]) for c in st.codes])
            self._table = rows
        return self._table


__all__ = ["Event", "HEAD"]
