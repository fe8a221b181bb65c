"""How a value is shown: the one rounding and the one display precision of xltb.

Values are exact (:class:`~fractions.Fraction`); they are rounded only to be shown or to be
compared with a figure printed to some decimals. Rounding is half away from zero (``12.125`` to
two decimals is ``12.13``), as programs print tie-break values. The precision of a tie-break is
its record's (:attr:`~xltb.tiebreaks.catalogue.TieBreak.decimals`: 0 for ratings and counts, 2 for
AOB and SSSC), else as many decimals as the value needs, at least one and at most four (a value
that needs more, such as a third, is shown to two).

Every face (text, CSV, the workbooks' number formats, the HTML page, the templates, ``xltb check``)
asks these functions; none rounds by itself.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from .base import Value
from .codes import tiebreak_of

#: the decimals a value without a fixed precision is shown with at least and at most, and otherwise
LEAST, MOST, OTHERWISE = 1, 4, 2


def round_half_away(value: Value, places: int) -> Fraction:
    """``value`` rounded half away from zero to ``places`` decimals (exact)."""
    scale = 10**places
    scaled = value * scale
    rounded = int((abs(scaled) * 2 + 1) // 2)
    return Fraction(rounded if scaled >= 0 else -rounded, scale)


def fixed(value: Value, places: int) -> str:
    """``value`` with ``places`` decimals, rounded half away from zero: ``fixed(Fraction(37, 8), 2)``
    is ``"4.63"``."""
    if type(value) is Fraction or type(value) is int:
        # the same rounding as round_half_away in integers: |n / d| * 10**places + 1/2, floored
        # (a page of 300 players formats some 60,000 figures: Fraction's arithmetic was most of its time)
        n, d = value.numerator, value.denominator
        whole = (2 * abs(n) * 10**places + d) // (2 * d)
        negative = n < 0 and whole != 0
    else:
        scaled = round_half_away(value, places) * 10**places
        whole = abs(scaled.numerator)
        negative = scaled < 0
    digits = str(whole).rjust(places + 1, "0")
    sign = "-" if negative else ""
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def needed_places(value: Value, least: int = LEAST, most: int = MOST) -> int | None:
    """The fewest decimals (from ``least`` to ``most``) that show ``value`` exactly; None when it
    needs more than ``most``."""
    denominator = value.denominator
    for places in range(least, most + 1):
        if 10**places % denominator == 0:
            return places
    return None


def decimals(code: str) -> int | None:
    """A tie-break's fixed display precision (0, 2), or None: as many decimals as each value needs.
    ``code`` is a code or an acronym (``"ARO/C1"``, ``"BH:MP"``); an unknown one has none."""
    record = tiebreak_of(code)
    return record.decimals if record is not None else None


def value_places(code: str, value: Value) -> int:
    """The decimals one value of ``code`` is shown with."""
    places = decimals(code)
    if places is not None:
        return places
    needed = needed_places(value)
    return OTHERWISE if needed is None else needed


def column_places(code: str, values: Iterable[Value | None]) -> int:
    """The decimals a column of values of ``code`` is shown with, so that its numbers line up: the
    tie-break's fixed precision, else the most any of its values needs (at least one)."""
    places = decimals(code)
    if places is not None:
        return places
    places = LEAST
    for denominator in {v.denominator for v in values if v is not None}:
        needed = needed_places(Fraction(1, denominator))
        places = max(places, OTHERWISE if needed is None else needed)
    return places


def value_text(code: str, value: Value | None) -> str:
    """A value for people: ``12.5``, ``9.25``, ``13.38`` (AOB), ``1969`` (TPR); empty when undefined."""
    return "" if value is None else fixed(value, value_places(code, value))


def number_format(places: int) -> str:
    """The spreadsheet number format of ``places`` decimals (``0``, ``0.00``)."""
    return "0" if places == 0 else "0." + "0" * places


#: the number format of a live cell (a template's formula) whose value has no fixed precision: one
#: decimal at least, more as the value needs them (up to three: a spreadsheet cannot grow the column)
LIVE_FORMAT = "0.0##"


def live_format(code: str) -> str:
    """The number format of a template's column of ``code``: its fixed precision, else :data:`LIVE_FORMAT`."""
    places = decimals(code)
    return LIVE_FORMAT if places is None else number_format(places)


def same_figure(published: Fraction | None, decimals: int | None, value: Value | None) -> bool:
    """True when xltb's ``value`` prints as the ``published`` figure.

    ``decimals`` is the precision of the published column (None: a JSON number, compared as a
    binary float exactly as it was written). An empty published cell matches an undefined value.
    """
    if published is None or value is None:
        return published is None and value is None
    if decimals is None:
        return float(value) == float(published)
    return round_half_away(value, decimals) == published


def printed_decimals(text: str) -> int:
    t = text.strip().replace(",", ".")
    if t.endswith("½"):
        return 1
    return len(t.split(".", 1)[1]) if "." in t else 0


__all__ = ["round_half_away", "fixed", "needed_places", "decimals", "value_places", "column_places", "value_text",
           "same_figure", "printed_decimals", "number_format", "live_format", "LIVE_FORMAT", "LEAST", "MOST", "OTHERWISE"]
