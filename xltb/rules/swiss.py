"""Editions of FIDE C.04, the Swiss rules (which text of the pairing rules applies), as data.

| edition | applies to events starting | text |
|---|---|---|
| 2025-07 | 2025-07-01 | C.04 FIDE Swiss Rules as applied from 1 July 2025 |
| 2026-02 | 2026-02-01 | C.04 as applied from 1 February 2026 (Handbook chapter C0403202602 and the general handling rules of the same date) |

The Burstein system's floater criteria changed (C.04.4.2 [C6], [C7]); the Dubov system (C.04.4.1) was
renumbered and reworded only (its criteria moved to Article 2 and its procedures to Article 3, the order of
the upfloater sets said without "containers"), with the same pairings. What differs between them is a
field of :class:`SwissEdition`, each with its article; the pairing systems read the fields, never the key.
The 2025-07 fields are read from the text in ``shared/rules``
(C04-swiss-rules-2025.md); the 2026-02 ones from FIDE Handbook chapters C0403202602 (Dutch),
GeneralHandlingRulesForSwissTournaments202602 (C.04.2), C.04.1 and C0407202602 (accelerated systems), all
"approved by the Council on 28/10/2025, applied from 1st February, 2026" (docs/pairing-dutch.md, "The
editions", lists the differences article by article and what was read of each text).
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
    nothing (C.04.7 1.1, 1.4, 2026-02)."""
    pab_criterion_article: str = "C.04.3 3.3.1"
    """[C5], minimise the score of the PAB's assignee, the same words in both (2025-07: C.04.3 3.3.1, the
    criteria being Article 3; 2026-02: 2.3.1, the criteria moved before the pairing process)."""
    pab_unplayed_article: str = "C.04.3 3.4.4"
    """[C9], minimise the unplayed games of the PAB's assignee (2025-07: C.04.3 3.4.4, without a scope;
    2026-02: 2.4.4, with the note that limits it to brackets that downfloat exactly one player, who ends up
    receiving the PAB: the reading xltb takes in both)."""
    pab_always_downfloats: bool = False
    """The PAB and floats: False, a PAB is a downfloat only when it is worth more than a loss (C.04.3 1.4.3,
    2025-07: "scores without playing ... more points than those rewarded for a loss"); True, any PAB is a
    downfloat, whatever it is worth (C.04.3 1.4.3-1.4.4, 2026-02). The same unless the event's PAB is worth
    a loss's points or less."""
    colour_exceptions_any_round: bool = False
    """Exceptions to the colour rules (C.04.1 6 and 7, no colour difference beyond 2, no colour three times
    in a row): False, "in the last round of a tournament" only (2025-07); True, as each pairing system says
    (2026-02). The Dutch system's one exception, topscorers ([C3], [C10], [C11]), exists only when the last
    round is paired in both editions (C.04.3 1.7.1 / 1.8), so its pairings do not change."""
    withdrawal_article: str = "C.04.2 4.3"
    """Withdrawn players are not paired any more (2025-07: C.04.2 4.3, beside 4.2, absent without notice
    counts as withdrawn; 2026-02: C.04.2 3.2, 4.2's rule left to the competition rules)."""

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
                     burstein_criteria_article="C.04.4.2 2.3",
                     pab_criterion_article="C.04.3 2.3.1", pab_unplayed_article="C.04.3 2.4.4",
                     pab_always_downfloats=True, colour_exceptions_any_round=True,
                     withdrawal_article="C.04.2 3.2"),
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
