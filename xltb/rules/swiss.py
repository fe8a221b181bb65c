"""Editions of FIDE C.04, the Swiss rules (which text of the pairing rules applies), as data.

| edition | applies to events starting | text |
|---|---|---|
| 2025-07 | 2025-07-01 | C.04 FIDE Swiss Rules as applied from 1 July 2025 |
| 2026-02 | 2026-02-01 | C.04 as applied from 1 February 2026 (Handbook chapter C0403202602 and the general handling rules of the same date) |

The Burstein system's floater criteria changed (C.04.4.2 [C6], [C7]); the Dubov system (C.04.4.1) was
renumbered and reworded only (its criteria moved to Article 2 and its procedures to Article 3, the order of
the upfloater sets said without "containers"), with the same pairings. What differs between them is a field of :class:`SwissEdition`, each with its article; the pairing
systems read the fields, never the key.
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from .editions import by_name, in_force


class SwissEdition(NamedTuple):
    """One edition of C.04."""

    key: str
    """``2025-07``, ``2026-02``."""
    starts: date
    """The first start date it applies to."""
    title: str
    """What the text is called."""
    preference_article: str = "C.04.3 1.6.2"
    """Where the colour preferences are defined (2025-07: C.04.3 1.6.2; 2026-02: 1.7)."""
    topscorer_article: str = "C.04.3 1.7"
    """Where topscorers are defined (2025-07: C.04.3 1.7; 2026-02: 1.8)."""
    colour_history_article: str = "C.04.2 4.5"
    """Only played games count in the colour history (2025-07: C.04.2 4.5; 2026-02: C.04.2 3.4)."""
    board_order_article: str = "C.04.2 4.9"
    """The order of the boards (2025-07: C.04.2 4.9; 2026-02: C.04.2 3.6)."""
    acceleration_article: str = "C.04.5.1"
    """Baku acceleration (2025-07: C.04.5.1; 2026-02: C.04.7 1)."""
    baku_virtual_win: bool = False
    """Baku's virtual points: False, 1 and 0.5 point with the standard scoring only (C.04.5.1 1.1.1,
    1.4.2-1.4.3, 2025-07); True, a win's and half a win's points wherever a win is two draws and a loss
    nothing (C.04.7 1, 2026-02)."""

    burstein_floaters_counted: bool = True
    """The Burstein system's floater criteria: True, [C6] first maximises the number, then the scores, of the
    incoming floaters paired, and [C7] the following bracket's pairs, then the number and scores of the
    outgoing floaters it pairs (C.04.4.2 3.3.2-3.3.3, 2025-07); False, [C6] minimises the scores, taken in
    descending order, of the outgoing floaters, and [C7] asks [C1]-[C6] of the following bracket, so its own
    outgoing floaters' scores (C.04.4.2 2.3.2-2.3.3, 2026-02)."""
    burstein_criteria_article: str = "C.04.4.2 3.3"
    """Where the Burstein system's quality criteria are (2025-07: C.04.4.2 3.3; 2026-02: 2.3)."""

    def __str__(self) -> str:
        return self.key


SWISS_EDITIONS: dict[str, SwissEdition] = {
    e.key: e
    for e in (
        SwissEdition("2025-07", date(2025, 7, 1), "C.04 FIDE Swiss Rules as applied from 1 July 2025"),
        SwissEdition("2026-02", date(2026, 2, 1), "C.04 FIDE Swiss Rules as applied from 1 February 2026",
                     preference_article="C.04.3 1.7", topscorer_article="C.04.3 1.8",
                     colour_history_article="C.04.2 3.4", board_order_article="C.04.2 3.6",
                     acceleration_article="C.04.7 1", baku_virtual_win=True, burstein_floaters_counted=False,
                     burstein_criteria_article="C.04.4.2 2.3"),
    )
}

SWISS_ALIASES = {"2025": "2025-07", "2026": "2026-02"}

NEWEST_SWISS = SWISS_EDITIONS["2026-02"]


def parse_swiss_edition(text: str) -> SwissEdition:
    """Look up an edition of C.04 by key (``2026-02``) or alias (``2026``)."""
    return by_name(SWISS_EDITIONS, SWISS_ALIASES, text, "edition of the Swiss rules")


def swiss_edition_for_date(start: date | None) -> SwissEdition:
    """The edition of C.04 in force for an event starting on ``start``: the newest when the date is
    unknown; the oldest xltb knows (2025-07) for an event that started before it."""
    return NEWEST_SWISS if start is None else in_force(SWISS_EDITIONS, start)


__all__ = ["NEWEST_SWISS", "SWISS_ALIASES", "SWISS_EDITIONS", "SwissEdition", "parse_swiss_edition",
           "swiss_edition_for_date"]
