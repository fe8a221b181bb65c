"""Published precision: how exports print tie-break values, and reading a published figure.

A value printed with two decimals is compared rounded (half away from zero) to two decimals; a JSON
number, or a published cell given as a number, exactly (:func:`same_figure`).
"""

from __future__ import annotations

from fractions import Fraction


def round_to(value: Fraction, places: int) -> Fraction:
    """``value`` rounded half away from zero to ``places`` decimals (how exports print values)."""
    scale = 10**places
    scaled = value * scale
    rounded = int((abs(scaled) * 2 + 1) // 2) * (1 if scaled >= 0 else -1)
    return Fraction(rounded, scale)


def same_figure(published: Fraction | None, decimals: int | None, value: Fraction | None) -> bool:
    """True when xltb's ``value`` prints as the ``published`` figure.

    ``decimals`` is the precision of the published column (None: a JSON number, compared as a
    binary float exactly as it was written). An empty published cell matches an undefined value.
    """
    if published is None or value is None:
        return published is None and value is None
    if decimals is None:
        return float(value) == float(published)
    return round_to(value, decimals) == published


def printed_decimals(text: str) -> int:
    t = text.strip().replace(",", ".")
    if t.endswith("½"):
        return 1
    return len(t.split(".", 1)[1]) if "." in t else 0


def show(value: Fraction | None) -> str:
    """A value for the report: as many decimals as it needs (up to 4), '-' when undefined."""
    if value is None:
        return "-"
    for places in (0, 1, 2, 3, 4):
        if (value * 10**places).denominator == 1:
            return f"{float(value):.{places}f}"
    return f"{float(value):.4f}"



def published_number(published) -> tuple[Fraction | None, int | None]:
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
