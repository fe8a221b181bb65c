"""The records of a TRF-2026 file that speak of rounds not played yet (:class:`~xltb.model.plans.Plans`), as
:mod:`xltb.readers.trf_plans` reads them back:

* ``152`` (TRF-2026, the initial colour) and ``XXC white1`` / ``black1`` (JaVaFo and bbpPairings) for the first
  round's colour;
* ``XXR`` beside ``142`` when rounds are still to be played (the pairing programs read one or the other);
* ``240`` for the byes asked for rounds without pairings (``F``, ``H``, ``Z``); a withdrawal as a zero-point
  bye in every round still to pair (TRF has no record of withdrawals: TRF-2026 calls ``Z`` a known absence);
* ``250`` for the acceleration's fictitious points, one record per player and run of rounds with the same
  points, players with the same runs together.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Colour
from ..model.plans import Plans
from .trf_lines import BYE_CODE, Lines, byes_240, fixed


def colour_records(out: Lines, plans: Plans) -> None:
    """152 and XXC for the first round's colour, when the event says it."""
    if plans.first_colour is Colour.WHITE:
        out.add("152 W")
        out.add("XXC white1")
    elif plans.first_colour is Colour.BLACK:
        out.add("152 B")
        out.add("XXC black1")


def bye_records(out: Lines, plans: Plans, paired: int, planned: int) -> None:
    """240 for the requested byes of the rounds after ``paired`` and the withdrawals (a Z in every round from
    the withdrawal, or the round after ``paired``, to ``planned``)."""
    found: dict[tuple[int, str], list[int]] = {}
    for bye in plans.requested_byes:
        if bye.round > paired and bye.kind in BYE_CODE:
            found.setdefault((bye.round, BYE_CODE[bye.kind]), []).append(bye.start_no)
    for w in plans.withdrawals:
        for rnd in range(max(w.from_round, paired + 1), max(planned, paired + 1) + 1):
            ids = found.setdefault((rnd, "Z"), [])
            if w.start_no not in ids:
                ids.append(w.start_no)
    byes_240(out, found)


def acceleration_records(out: Lines, plans: Plans, match_points: bool = False) -> None:
    """250: fictitious points (columns 10-13), first and last round (15-17, 19-21), first and last player
    (23-26, 28-31); match points (5-8) blank, as for an individual event. ``match_points``: a team event whose
    primary score is match points, its virtual points in columns 5-8 and 10-13 blank."""
    runs: dict[tuple[Fraction, int, int], list[int]] = {}
    for acc in plans.acceleration:
        rnd = 0
        while rnd < len(acc.points):
            value = acc.points[rnd]
            end = rnd
            while end + 1 < len(acc.points) and acc.points[end + 1] == value:
                end += 1
            if value:
                runs.setdefault((value, rnd + 1, end + 1), []).append(acc.start_no)
            rnd = end + 1
    for (value, first, last), players in sorted(runs.items(), key=lambda x: (x[0][1], x[0][2], -x[0][0])):
        points = fixed(value, 4)
        if points is None:
            out.warnings.append(f"acceleration of {value} points does not fit the four columns of a 250 record: "
                                "not written")
            continue
        for low, high in _ranges(sorted(players)):
            cells = f"{points} {'':4}" if match_points else f"{'':4} {points}"
            out.add(f"250 {cells} {first:03d} {last:03d} {low:04d} {high:04d}")


def _ranges(numbers: list[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) ranges."""
    out: list[tuple[int, int]] = []
    for n in numbers:
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


__all__ = ["acceleration_records", "bye_records", "colour_records"]
