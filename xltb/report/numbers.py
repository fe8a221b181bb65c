"""Text made safe for spreadsheets. (How a value is shown, its rounding and precision, is
:mod:`xltb.tiebreaks.display`'s, for every face.)"""

from __future__ import annotations


def safe_cell(text: str) -> str:
    """Neutralise text that a spreadsheet would take for a formula (=, +, -, @)."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text
