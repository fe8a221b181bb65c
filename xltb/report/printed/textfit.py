"""How much room a text takes when a spreadsheet prints it: the lines a wrapped cell needs, so that a
row is as tall as its text in every language, and the title block's lines fit the printed width.

Widths are measured in digit widths (the unit of a column's width is the width of the digit 0 in the
workbook's default font, Calibri 11): a text of ``n`` digit widths at 11 points fits a column about
``n`` wide. The table holds the advance widths of DejaVu Sans (Book and Bold), divided by the width of
its digit 0 and rounded up: the font LibreOffice prints Calibri with where neither Calibri nor its
metric twin Carlito is installed, and the widest of the three relative to its digits (Calibri's and
Carlito's letters are narrower for the same digit), so that a row sized by it holds its text in
Excel, in LibreOffice with Calibri or Carlito, and in LibreOffice on a server with DejaVu only.
Characters outside the table count as the widest Latin letters (East Asian wide ones as two digits).
A column's unit is a little narrower than a digit (:data:`_UNIT`).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

#: code points 32 to 383 (Basic Latin, Latin-1, Latin Extended-A: the names of most federations):
#: advance width in hundredths of the digit 0's (DejaVu Sans 2.37; a missing glyph 110)
_REGULAR = bytes((
    50, 64, 73, 132, 100, 150, 123, 44, 62, 62, 79, 132, 50, 57, 50, 53, 100, 100, 100, 100, 100, 100, 100,
    100, 100, 100, 53, 53, 132, 132, 132, 84, 158, 108, 108, 110, 122, 100, 91, 122, 119, 47, 47, 104, 88,
    136, 118, 124, 95, 124, 110, 100, 97, 116, 108, 156, 108, 97, 108, 62, 53, 62, 132, 79, 79, 97, 100, 87,
    100, 97, 56, 100, 100, 44, 44, 92, 44, 154, 100, 97, 100, 100, 65, 82, 62, 100, 94, 129, 94, 94, 83,
    100, 53, 100, 132, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110,
    110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 50, 64, 100, 100, 100,
    100, 53, 79, 79, 158, 75, 97, 132, 57, 158, 79, 79, 132, 64, 64, 79, 100, 100, 50, 79, 64, 75, 97, 153,
    153, 153, 84, 108, 108, 108, 108, 108, 108, 154, 110, 100, 100, 100, 100, 47, 47, 47, 47, 122, 118, 124,
    124, 124, 124, 124, 132, 124, 116, 116, 116, 116, 97, 96, 100, 97, 97, 97, 97, 97, 97, 155, 87, 97, 97,
    97, 97, 44, 44, 44, 44, 97, 100, 97, 97, 97, 97, 97, 132, 97, 100, 100, 100, 100, 94, 100, 94, 108, 97,
    108, 97, 108, 97, 110, 87, 110, 87, 110, 87, 110, 87, 122, 100, 122, 100, 100, 97, 100, 97, 100, 97,
    100, 97, 100, 97, 122, 100, 122, 100, 122, 100, 122, 100, 119, 100, 144, 110, 47, 44, 47, 44, 47, 44,
    47, 44, 47, 44, 93, 88, 47, 44, 104, 92, 92, 88, 44, 88, 44, 88, 59, 88, 54, 89, 45, 118, 100, 118, 100,
    118, 100, 128, 118, 100, 124, 97, 124, 97, 124, 97, 169, 161, 110, 65, 110, 65, 110, 65, 100, 82, 100,
    82, 100, 82, 100, 82, 97, 62, 97, 62, 97, 62, 116, 100, 116, 100, 116, 100, 116, 100, 116, 100, 116,
    100, 156, 129, 97, 94, 97, 108, 83, 108, 83, 108, 83, 56,
))
_BOLD = bytes((
    51, 66, 75, 121, 100, 144, 126, 44, 66, 66, 76, 121, 55, 60, 55, 53, 100, 100, 100, 100, 100, 100, 100,
    100, 100, 100, 58, 58, 121, 121, 121, 84, 144, 112, 110, 106, 120, 99, 99, 118, 121, 54, 54, 112, 92,
    144, 121, 123, 106, 123, 111, 104, 99, 117, 112, 159, 111, 105, 105, 66, 53, 66, 121, 72, 72, 97, 103,
    86, 103, 98, 63, 103, 103, 50, 50, 96, 50, 150, 103, 99, 103, 103, 71, 86, 69, 103, 94, 133, 93, 94, 84,
    103, 53, 103, 121, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110,
    110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 51, 66, 100, 100, 92,
    100, 53, 72, 72, 144, 82, 93, 121, 60, 144, 72, 72, 121, 63, 63, 72, 106, 92, 55, 72, 63, 82, 93, 149,
    149, 149, 84, 112, 112, 112, 112, 112, 112, 156, 106, 99, 99, 99, 99, 54, 54, 54, 54, 121, 121, 123,
    123, 123, 123, 123, 121, 123, 117, 117, 117, 117, 105, 107, 104, 97, 97, 97, 97, 97, 97, 151, 86, 98,
    98, 98, 98, 50, 50, 50, 50, 99, 103, 99, 99, 99, 99, 99, 121, 99, 103, 103, 103, 103, 94, 103, 94, 112,
    97, 112, 97, 112, 97, 106, 86, 106, 86, 106, 86, 106, 86, 120, 103, 121, 103, 99, 98, 99, 98, 99, 98,
    99, 98, 99, 98, 118, 103, 118, 103, 118, 103, 118, 103, 121, 103, 140, 114, 54, 50, 54, 50, 54, 50, 54,
    50, 54, 50, 107, 99, 54, 50, 112, 96, 96, 92, 50, 92, 50, 92, 69, 92, 80, 93, 54, 121, 103, 121, 103,
    121, 103, 142, 121, 103, 123, 99, 123, 99, 123, 99, 168, 158, 111, 71, 111, 71, 111, 71, 104, 86, 104,
    86, 104, 86, 104, 86, 99, 69, 99, 69, 99, 69, 117, 103, 117, 103, 117, 103, 117, 103, 117, 103, 117,
    103, 159, 133, 105, 94, 105, 105, 84, 105, 84, 105, 84, 63,
))
_REGULAR_MORE = {0x2013: 79, 0x2014: 158, 0x2018: 50, 0x2019: 50, 0x201C: 82, 0x201D: 82, 0x2026: 158, 0x20AC: 100, 0x2212: 132}
_BOLD_MORE = {0x2013: 72, 0x2014: 144, 0x2018: 55, 0x2019: 55, 0x201C: 95, 0x201D: 95, 0x2026: 144, 0x20AC: 100, 0x2212: 121}
_FIRST, _LAST = 32, 32 + len(_REGULAR) - 1
#: any other character: about the widest Latin capitals; East Asian wide and full-width: two digits
_OTHER, _WIDE = 120, 200
#: a column's unit is narrower than a digit: Excel rounds Calibri 11's digit (7.4 pixels) down to 7 pixels,
#: and LibreOffice printing with DejaVu Sans gives about 6.6 points to a unit against a digit of 7.0 (measured
#: on printed pages: the last word that fits a line); texts are counted 8% wider than their digits
_UNIT = 1100 / 1.08
#: a paragraph narrower than this share of its line surely fits on it (see :func:`wrap`)
_SURELY_FITS = 1 - 1e-9


def char_width(ch: str, bold: bool = False) -> int:
    """One character's width in hundredths of a digit."""
    cp = ord(ch)
    if _FIRST <= cp <= _LAST:
        return (_BOLD if bold else _REGULAR)[cp - _FIRST]
    more = (_BOLD_MORE if bold else _REGULAR_MORE).get(cp)
    if more is not None:
        return more
    if cp < _FIRST:
        return 0
    return _WIDE if unicodedata.east_asian_width(ch) in ("W", "F") else _OTHER


@lru_cache(maxsize=1 << 16)
def _word(word: str, bold: bool) -> int:
    """A word's width in hundredths of a digit (words repeat: a Details sheet wraps the same ones thousands
    of times)."""
    return sum(char_width(ch, bold) for ch in word)


def text_width(text: str, size: float = 11, bold: bool = False) -> float:
    """The width of ``text`` at ``size`` points, in column-width units (digits of Calibri 11)."""
    words = text.split(" ")
    return (sum(_word(w, bold) for w in words) + (len(words) - 1) * char_width(" ", bold)) * size / _UNIT


def wrap(text: str, width: float, size: float = 11, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` units, at spaces, as a spreadsheet wraps a cell (a
    word wider than a line is broken inside); a line break in the text starts a new line."""
    out: list[str] = []
    scale = size / _UNIT
    space = char_width(" ", bold) * scale
    space_hundredths = char_width(" ", bold)
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        # most paragraphs fit on one line: then the loop below would put every word on it, so the line is the
        # paragraph itself. Summed in integers, with a margin far above the float rounding of the loop's sum,
        # so that only paragraphs the loop surely keeps whole take this way
        whole = sum(_word(word, bold) for word in words) + (len(words) - 1) * space_hundredths
        if whole * scale < width * _SURELY_FITS:
            out.append(paragraph)
            continue
        line, used, started = "", 0.0, False
        for word in words:
            w = _word(word, bold) * scale
            if started and used + space + w <= width:
                line, used = f"{line} {word}", used + space + w
                continue
            if started:
                out.append(line)
            while w > width and len(word) > 1:  # a word longer than the line: cut where it overflows
                cut, room = 0, 0.0
                while cut < len(word) - 1 and room + char_width(word[cut], bold) * scale <= width:
                    room += char_width(word[cut], bold) * scale
                    cut += 1
                cut = max(cut, 1)
                out.append(word[:cut])
                word = word[cut:]
                w = _word(word, bold) * scale
            line, used, started = word, w, True
        out.append(line)
    return out


@lru_cache(maxsize=4096)
def lines_needed(text: str, width: float, size: float = 11, bold: bool = False) -> int:
    """The lines ``text`` takes in a wrapped cell ``width`` units wide (remembered: a Details sheet sizes the
    same notes thousands of times, "R1: cut: ..." or "not applied: ...", in one column)."""
    return max(1, len(wrap(text, width, size, bold)))


__all__ = ["char_width", "text_width", "wrap", "lines_needed"]
