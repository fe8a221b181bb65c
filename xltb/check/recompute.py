"""xltb's values of one code under one :class:`~xltb.check.variants.Variant`, for every participant
(cached: the checker asks for the same variants again and again)."""

from __future__ import annotations

from fractions import Fraction

from ..errors import TieBreakError
from ..ranking import compute
from ..rules import EDITIONS
from ..tiebreaks.codes import parse_code
from .conventions import CONVENTION_BY_KEY
from .variants import Variant


class Recomputer:
    """Computes (and caches) xltb's values of one code under one variant for every participant."""

    def __init__(self, event, *, team: bool = False):
        self.event = event
        self.team = team
        self._standings: dict[tuple, object] = {}
        self._values: dict[Variant, dict[int, Fraction | None] | str] = {}

    def standings(self, edition: str, codes: tuple[str, ...], unrated: int | None):
        key = (edition, codes, unrated)
        if key not in self._standings:
            try:
                self._standings[key] = compute(self.event, [parse_code(c, strict=False) for c in codes] if codes else None, edition,
                                               unrated_rating=unrated)
            except TieBreakError as err:
                self._standings[key] = str(err.message)
        return self._standings[key]

    def values(self, v: Variant) -> dict[int, Fraction | None] | str:
        """Values by start number, or the reason they cannot be computed."""
        found = self._values.get(v)
        if found is not None:
            return found
        st = self.standings(v.edition, (v.code,), v.unrated_rating)
        if isinstance(st, str):
            self._values[v] = st
            return st
        code = st.codes[0]
        out: dict[int, Fraction | None] = {}
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
    def tournament(self):
        return self.event

    def participants(self):
        return self.event.teams if self.team else self.event.players

