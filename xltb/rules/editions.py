"""Editions of C.07 and what changes between them.

| edition | from | what changes numbers |
|---|---|---|
| 2012 | 2012-07-01 | virtual opponent for unplayed games (2011 annex F.b) |
| 2023-09 | 2023-09-01 | Art. 16 dummy = own score, 16.5 cut exception, Median = Least then Most |
| 2024-04 | 2024-04-01 | Median = Most then Least; PTP of a zero score = lowest opponent - 800 |
| 2024-08 | 2024-08-01 | Median back to Least then Most |
| 2026-03 | 2026-03-01 | 16.4 caps on the dummy; STD, TPN, RTNG; GE renamed REP; 15.2 carve-out |
"""

from __future__ import annotations

from datetime import date
from typing import Mapping, NamedTuple, Protocol, TypeVar

from ..errors import XltbError


class Edition(NamedTuple):
    key: str
    starts: date
    title: str
    virtual_opponent: bool = False  # 2011 annex F.b (2012 edition)
    median_most_first: bool = False  # 2024-04 14.3/14.4: Most, then Least
    ptp_zero_rule: bool = True  # 10.3: zero score = lowest opponent rating - 800
    dummy_caps: bool = False  # 2026 16.4.1/16.4.2
    new_2026_codes: bool = False  # STD, TPN, RTNG (7.7, 7.8, 10.6)
    rr_carve_out: bool = False  # 2026 15.2: rating-based and type B keep forfeits unplayed
    no_buchholz_in_rr: bool = False  # 2026 Art. 8 note

    def __str__(self) -> str:
        return self.key


EDITIONS: dict[str, Edition] = {
    e.key: e
    for e in (
        Edition("2012", date(2012, 7, 1), "C.02/2011 annex: virtual opponent", virtual_opponent=True,
                ptp_zero_rule=False),
        Edition("2023-09", date(2023, 9, 1), "C.07 approved 01/08/2023", ptp_zero_rule=False),
        Edition("2024-04", date(2024, 4, 1), "C.07 as applied from 1 April 2024", median_most_first=True),
        Edition("2024-08", date(2024, 8, 1), "C.07 as applied from 1 August 2024"),
        Edition("2026-03", date(2026, 3, 1), "C.07 with the 2026 amendment", dummy_caps=True,
                new_2026_codes=True, rr_carve_out=True, no_buchholz_in_rr=True),
    )
}

ALIASES = {"2023": "2023-09", "2024": "2024-08", "2026": "2026-03", "legacy": "2012"}

NEWEST = EDITIONS["2026-03"]


class Dated(Protocol):
    """An edition of a text of the rules: it applies to the events that start on or after ``starts``."""

    @property
    def starts(self) -> date: ...


E = TypeVar("E", bound=Dated)


def by_name(editions: Mapping[str, E], aliases: Mapping[str, str], text: str, what: str) -> E:
    """An edition by key or alias; XltbError naming ``what`` and the known names otherwise."""
    key = aliases.get(text.strip(), text.strip())
    try:
        return editions[key]
    except KeyError:
        known = ", ".join(list(editions) + list(aliases))
        raise XltbError(f"unknown {what} {text!r}; known: {known}") from None


def in_force(editions: Mapping[str, E], start: date) -> E:
    """The edition in force on ``start``: the latest that starts on or before it, else the oldest."""
    ordered = sorted(editions.values(), key=lambda e: e.starts)
    chosen = ordered[0]
    for edition in ordered:
        if edition.starts <= start:
            chosen = edition
    return chosen


def parse_edition(text: str) -> Edition:
    """Look up an edition by key (``2024-08``) or alias (``2024``)."""
    return by_name(EDITIONS, ALIASES, text, "rules edition")


def edition_for_date(start: date | None) -> Edition:
    """The edition in force for an event starting on ``start`` (the newest when unknown).

    Events before July 2012 are computed with the 2012 edition, the oldest one xltb knows.
    """
    return NEWEST if start is None else in_force(EDITIONS, start)
