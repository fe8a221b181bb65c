"""Baku acceleration (C.04.5.1 as applied from July 2025; C.04.7 1 from February 2026): the virtual points
of the first group (GA) in the first half of the rounds, for an event that names the method but gives no
virtual points of its own (TRF 250 / XXA records give them)."""

from __future__ import annotations

from fractions import Fraction

from ..errors import XltbError
from ..model.plans import Acceleration
from ..model.tournament import Tournament
from ..rules.swiss import SwissEdition


def baku(event: Tournament, edition: SwissEdition, rounds: int, present: frozenset[int] | None = None
         ) -> tuple[Acceleration, ...]:
    """The virtual points of every GA player (1.2.1: the first half of the players of round 1, rounded up to
    an even number, 2 * ceil(N / 4)) in the accelerated rounds (1.4.1: the first half, rounded up): a
    win's points in the first half of those (rounded up), half a win's in the others (1.4.2, 1.4.3).
    ``present``: the pairing numbers paired in round 1 (default: every participant); GA runs from the top to
    the last of its players, those absent in round 1 included (as gacrux writes its 250 records)."""
    s = event.scoring
    if edition.baku_virtual_win:
        if s.win != 2 * s.draw or s.loss != 0:  # C.04.7 1: a win is two draws, a loss nothing
            raise XltbError(f"Baku acceleration ({edition.acceleration_article}) needs a win worth two draws and a "
                            "loss worth nothing", file=event.source)
        full, half = s.win, s.win / 2
    else:
        if s.win != 1 or s.draw != Fraction(1, 2) or s.loss != 0:  # C.04.5.1 1.1.1: the standard scoring only
            raise XltbError(f"Baku acceleration ({edition.acceleration_article}) needs the standard scoring "
                            "(1, 1/2, 0)", file=event.source)
        full, half = Fraction(1), Fraction(1, 2)
    numbers = sorted(p.start_no for p in event.players if present is None or p.start_no in present)
    if not numbers:
        return ()
    last = numbers[min(len(numbers), 2 * ((len(numbers) + 3) // 4)) - 1]  # the last GA player
    ga = sorted(p.start_no for p in event.players if p.start_no <= last)
    accelerated = (rounds + 1) // 2
    first = (accelerated + 1) // 2
    points = tuple(full if r < first else half for r in range(accelerated))
    return tuple(Acceleration(no, points) for no in ga)


__all__ = ["baku"]
