"""Text made safe for spreadsheets, and titles as arbiters write them. (How a value is shown, its rounding
and precision, is :mod:`xltb.tiebreaks.display`'s, for every face.)"""

from __future__ import annotations


def safe_cell(text: str) -> str:
    """Neutralise text that a spreadsheet would take for a formula (=, +, -, @)."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


#: TRF title codes (TRF-16 columns 11-13: g, m, wg ...) -> the titles as arbiters write them (FIDE B.01)
_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}


def title_text(raw: str) -> str:
    """A player's title as arbiters write it: ``GM``, ``WIM`` (a TRF file writes ``g``, ``wm``); a title
    already written out (``GM``, ``gm``) in capitals; anything else as it is."""
    text = (raw or "").strip()
    known = _TITLES.get(text.lower())
    if known:
        return known
    return text.upper() if text.upper() in _TITLES.values() else text
