"""xltb's values of one code under one :class:`~xltb.check.variants.Variant`, for every participant
(cached: the checker asks for the same variants again and again)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import TieBreakError
from ..model import Player
from ..model.event import Event
from ..ranking import compute
from ..ranking.standings import Standings
from ..rules import EDITIONS
from ..tiebreaks.codes import parse_code
from .conventions import CONVENTION_BY_KEY
from ..tiebreaks.base import Value
from .variants import Variant

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import Team


class Recomputer:
    """Computes (and caches) xltb's values of one code under one variant for every participant."""

    def __init__(self, event: Event, *, team: bool = False):
        self.event = event
        self.team = team
        self._standings: dict[tuple[str, tuple[str, ...] | None, int | None], Standings | str] = {}
        self._values: dict[Variant, dict[int, Value | None] | str] = {}

    def standings(self, edition: str, codes: tuple[str, ...] | None, unrated: int | None) -> Standings | str:
        """The standings under ``edition`` with ``codes`` (None: the event's own list), or why they cannot be computed."""
        key = (edition, codes, unrated)
        if key not in self._standings:
            try:
                self._standings[key] = compute(self.event, [parse_code(c, strict=False) for c in codes] if codes else None, edition,
                                               unrated_rating=unrated)
            except TieBreakError as err:
                self._standings[key] = str(err.message)
        return self._standings[key]

    def values(self, v: Variant) -> dict[int, Value | None] | str:
        """Values by start number, or the reason they cannot be computed."""
        found = self._values.get(v)
        if found is not None:
            return found
        st = self.standings(v.edition, (v.code,), v.unrated_rating)
        if isinstance(st, str):
            self._values[v] = st
            return st
        code = st.codes[0]
        out: dict[int, Value | None] = {}
        if v.convention:
            conv = CONVENTION_BY_KEY[v.convention]
            spec = parse_code(code, strict=False)
            edition = EDITIONS[v.edition]
            for p in self.participants():
                out[p.start_no] = conv.transform(st.evaluation(p.start_no, code), spec, edition, self.tournament)
        else:
            for p in self.participants():
                ev = st.evaluation(p.start_no, code)
                out[p.start_no] = None if ev is None else ev.value
        self._values[v] = out
        return out

    @property
    def tournament(self) -> Event:
        return self.event

    def participants(self) -> tuple[Player, ...] | tuple[Team, ...]:
        return self.event.participants if self.team else self.event.players  # team: a team event's (Source.team)

