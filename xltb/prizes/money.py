"""Money in whole cents: exact, read from a prize table, split among players, printed.

Amounts are integers of cents (``150.50`` is 15050): additions are exact and a split is rounded in
one place, :func:`split`, which rounds every share down to the cent and gives the cents left over
one each to the players whose shares lost the most by it (the best placed first among equals), so
that the shares add up to the pool and none is more than a cent from its exact value.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Sequence

#: an amount as a prize table writes it: 150, 150.5, 150.50 (150,50 in a table separated by ;)
_AMOUNT = re.compile(r"(\d{1,12})(?:[.,](\d{1,2}))?")


def parse_amount(text: str, *, decimal_comma: bool = False) -> int | None:
    """Cents of ``text`` (``150`` -> 15000, ``99.5`` -> 9950); None when it is not such an amount.
    A comma is a decimal mark only where the table's cells are separated by ``;`` (``decimal_comma``)."""
    m = _AMOUNT.fullmatch(text.strip())
    if not m or ("," in text and not decimal_comma):
        return None
    cents = (m[2] or "").ljust(2, "0")
    return int(m[1]) * 100 + int(cents)


def format_amount(cents: int, *, with_cents: bool) -> str:
    """``150`` or ``150.00``; ``with_cents`` is whether the list shows cents (any amount of the list has them)."""
    if not with_cents and cents % 100 == 0:
        return str(cents // 100)
    return f"{cents // 100}.{cents % 100:02d}"


def needs_cents(amounts: Sequence[int | None]) -> bool:
    """Whether a list of amounts is printed with cents: when any of them is not a whole unit."""
    return any(a is not None and a % 100 for a in amounts)


def split(exact: Sequence[Fraction], total: int) -> list[int]:
    """The shares paid, in cents, of exact shares (``exact``, in cents, in standings order) that add up to
    ``total`` cents: each rounded down to the cent, and the cents left over (fewer than the players) given
    one each to the players whose shares lost the most by it, the first in the order given among equals.
    The result adds up to ``total``; each share is less than a cent from its exact value."""
    if sum(exact, Fraction(0)) != total:
        raise ValueError("the exact shares do not add up to the pool")
    paid = [x.numerator // x.denominator for x in exact]  # floor (shares are never negative)
    left = total - sum(paid)
    by_loss = sorted(range(len(exact)), key=lambda i: (-(exact[i] - paid[i]), i))
    for i in by_loss[:left]:
        paid[i] += 1
    return paid


__all__ = ["parse_amount", "format_amount", "needs_cents", "split"]
