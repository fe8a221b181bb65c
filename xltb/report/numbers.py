"""Numbers for people: each tie-break's display precision, values printed exactly as the rules round
them, and text made safe for spreadsheets."""

from __future__ import annotations

from fractions import Fraction

#: tie-breaks shown as whole numbers
INTEGER_CODES = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPN", "WIN", "WON", "BPG", "BWG", "REP"}
#: averages kept exact and shown to two decimals
TWO_DECIMALS = {"AOB", "SSSC"}


def decimals(code: str) -> int | None:
    """Display precision of a tie-break: 0, 2, or None for "as many as needed, at least one"."""
    acronym = code.split("/")[0].split(":")[0].upper()
    if acronym in INTEGER_CODES:
        return 0
    if acronym in TWO_DECIMALS:
        return 2
    return None


def format_value(code: str, value: Fraction | None) -> str:
    """A value for people: ``12.5``, ``9.25``, ``13.38`` (AOB), ``1969`` (TPR); empty when undefined."""
    if value is None:
        return ""
    places = decimals(code)
    if places is not None:
        return _fixed(value, places)
    for places in (1, 2, 3, 4):
        if (value * 10**places).denominator == 1:
            return _fixed(value, places)
    return _fixed(value, 2)


def column_decimals(code: str, values) -> int:
    """The decimals a column of values is printed with: the tie-break's fixed precision, else as many as
    its values need (at least one, at most four), so that a column's numbers line up."""
    places = decimals(code)
    if places is not None:
        return places
    places = 1
    for value in values:
        if value is not None:
            places = max(places, next((p for p in (1, 2, 3, 4) if (value * 10**p).denominator == 1), 2))
    return places


def format_fixed(value: Fraction | None, places: int) -> str:
    """A value with ``places`` decimals (half away from zero); empty when undefined."""
    return "" if value is None else _fixed(value, places)


def _fixed(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    rounded = int((abs(scaled) * 2 + 1) // 2) * (1 if scaled >= 0 else -1)  # half away from zero
    sign = "-" if rounded < 0 else ""
    digits = str(abs(rounded)).rjust(places + 1, "0")
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def safe_cell(text: str) -> str:
    """Neutralise text that a spreadsheet would take for a formula (=, +, -, @)."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text
