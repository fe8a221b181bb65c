"""Numbers in files, ASCII only.

``str.isdigit()`` says yes to ``²`` and ``①`` (which ``int()`` then refuses), ``int()`` and
``Fraction()`` take Arabic-Indic or full-width digits, ``1_000`` and surrounding blanks: a file's
number is its ASCII digits (with an optional sign and one decimal point or comma where a
decimal is expected), nothing else.
"""

from __future__ import annotations

import re
from fractions import Fraction

_DIGITS = frozenset("0123456789")
_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+|[0-9]+/[0-9]+)", re.ASCII)
#: longer numbers are not numbers of a chess event (and int() of 5,000 digits is refused anyway)
_MAX_LENGTH = 30


def digits(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits and nothing else (no blanks, no sign)."""
    return bool(text) and len(text) <= _MAX_LENGTH and all(c in _DIGITS for c in text)


def ascii_int(text: str) -> int:
    """``text`` (blanks around it allowed, an optional sign) as an int; ValueError otherwise."""
    t = text.strip()
    if len(t) > _MAX_LENGTH or not _INT.fullmatch(t):
        raise ValueError(f"{t!r} is not a whole number")
    return int(t)


def int_or_none(text: str) -> int | None:
    """``text`` as a whole number of ASCII digits (blanks around it allowed), or None."""
    t = text.strip()
    return int(t) if digits(t) else None


def ascii_fraction(text: str) -> Fraction:
    """A decimal number written with ASCII digits (``2.5``, ``2,5``, ``-1``, ``.5``, ``1/2``) as an
    exact Fraction; ValueError otherwise (``1e999999999`` too, which Fraction would try to build)."""
    t = text.strip()
    if len(t) > _MAX_LENGTH or not _DECIMAL.fullmatch(t):
        raise ValueError(f"{t!r} is not a number")
    return Fraction(t.replace(",", "."))


__all__ = ["digits", "ascii_int", "int_or_none", "ascii_fraction"]
