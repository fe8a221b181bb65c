"""Published precision: how exports print tie-break values, and reading a published figure.

A value printed with two decimals is compared rounded (half away from zero) to two decimals; a JSON
number, or a published cell given as a number, exactly (:func:`same_figure`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..tiebreaks.base import Value
# `X as X`: the check's modules take these from here (re-exported)
from ..tiebreaks.display import fixed, needed_places, printed_decimals as printed_decimals, same_figure as same_figure


def show(value: Value | None) -> str:
    """A value for the report: as many decimals as it needs (up to 4), '-' when undefined."""
    if value is None:
        return "-"
    places = needed_places(value, 0)
    return fixed(value, 4 if places is None else places)


def published_number(published: Any) -> tuple[Fraction | None, int | None]:
    """(value, decimals) of one published cell; raises ValueError when it is not a number.

    A number (int or float cell) is compared exactly (decimals None): it is the figure itself, not
    a printed one. Text is compared to the precision it is printed with: "12.50" two decimals,
    "13.0" one; "13" (no decimal mark) and "12½" are exact figures (decimals None), so xltb's 12.5
    is not "13".
    """
    if published is None or published == "":
        return None, None
    if isinstance(published, bool):
        raise ValueError(f"{published!r} is not a number")
    if isinstance(published, (int, float)):
        if isinstance(published, float) and published != published:
            raise ValueError("not a number")
        return Fraction(published), None
    text = str(published).strip()
    t = text.replace(",", ".")
    if t.endswith("½"):
        t = (t[:-1] or "0") + ".5"
        return Fraction(t), None
    try:
        value = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"cannot read {published!r}") from None
    if "." not in t or "e" in t.lower() or "/" in t:
        return value, None
    return value, printed_decimals(text)
