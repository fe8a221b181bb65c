"""What the engine reads of a formula's text before the ``formulas`` package compiles it: string literals
left out, ``ROW()``/``COLUMN()`` given their cell, and the references that package would misread
(listed as not evaluated rather than computed wrong)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # types only: this module needs none of the engine's packages
    from .values import Formula, Key

_STRING = re.compile(r'"(?:[^"]|"")*"')
#: a cell of the sheet's last column or row (XFD1, A1048576) alone or first in a range: formulas 1.3 reads
#: them as whole rows or columns (at a range's end, A1:XFD1 or B1:B1048576, they are read right)
_SHEET_EDGE = re.compile(r"(?<![\w.$:])\$?(?:XFD\$?\d+|[A-Za-z]{1,3}\$?1048576)(?!\w)", re.IGNORECASE)


def outside_strings(text: str) -> str:
    """The formula's text with its string literals emptied: ``="see TB_STANDINGS("`` calls nothing."""
    return _STRING.sub('""', text) if '"' in text else text


#: Sheet!Name or 'My sheet'!Name, outside strings (Name may also be a cell: see _CELL_LIKE)
_QUALIFIED_NAME = re.compile(r"""("(?:[^"]|"")*")|(?:'((?:[^']|'')+)'|(?<![\w.'])([A-Za-z_][\w.]*))!([A-Za-z_\\][\w.]*)(?![\w(:])""")
_CELL_LIKE = re.compile(r"[A-Za-z]{1,3}\d+", re.ASCII)

#: ROW() and COLUMN() without a reference, outside strings: they mean the formula's own cell
_OWN_PLACE = re.compile(r'("(?:[^"]|"")*")|(?<![A-Za-z0-9_.])(ROW|COLUMN)\s*\(\s*\)', re.IGNORECASE)


def placed(f: Formula, key: Key) -> str:
    """The formula's text with ``ROW()``/``COLUMN()`` replaced by what they give there (the engine
    compiles a formula without knowing where it is): the number of the formula's row or column, or for
    an array formula those of its whole range (``{10;11;12}``), as Excel computes them."""
    if not own_place(f.text):
        return f.text
    r1, c1, r2, c2 = key[1], key[2], key[1], key[2]
    if f.kind == "array" and f.area is not None:
        r1, c1, r2, c2 = f.area.r1, f.area.c1, f.area.r2, f.area.c2

    def number(m: re.Match[str]) -> str:
        if m[1]:
            return m[1]  # a string: as it is
        if m[2].upper() == "ROW":
            return f"({r1})" if r1 == r2 else "{" + ";".join(str(r) for r in range(r1, r2 + 1)) + "}"
        return f"({c1})" if c1 == c2 else "{" + ",".join(str(c) for c in range(c1, c2 + 1)) + "}"

    return _OWN_PLACE.sub(number, f.text)


def own_place(text: str) -> bool:
    """Whether the formula calls ``ROW()`` or ``COLUMN()`` of its own cell (outside its strings): its
    value then depends on where it is, beyond its references (:func:`placed`)."""
    return "(" in text and any(m[2] for m in _OWN_PLACE.finditer(text))


def misread(text: str, sheet: str) -> str | None:
    """Why ``formulas`` would compute the formula ``text`` on ``sheet`` wrong, or None."""
    edge = _SHEET_EDGE.search(outside_strings(text))
    if edge:  # the engine names such a reference as if the column or row were left out
        return (f"{edge[0]}: a reference to the sheet's last column (XFD) or row (1048576), which the engine does "
                "not read")
    for m in _QUALIFIED_NAME.finditer(text):
        other = (m[2] or "").replace("''", "'") or m[3]
        if other and not _CELL_LIKE.fullmatch(m[4]) and other.upper() != sheet.upper():
            # the engine drops the sheet of Sheet2!Name and would read the name of this sheet
            return f"{m[0]}: a name of another sheet, which the engine does not tell apart"
    return None
