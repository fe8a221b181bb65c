"""A cell of xltb's sheets read as what it holds, one way for the Crosstable and for the Teams and Matches
sheets: its text as the sheet shows it, a whole number (a pairing or team number, a rating, a round, a board,
a roster position), a heading; every mistake a :class:`CellError` naming the cell (:class:`Origin`: where the
block's top-left cell is). The Settings block's values (a key and its value; the workbook's reader names the
cell) are read one way for the event's settings and the pairing's: :func:`setting_text`,
:func:`setting_number`, :func:`setting_whole`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..errors import InputError


class CellError(InputError):
    """A cell of the crosstable cannot be read or contradicts another cell."""

    def __init__(self, message: str, *, cell: str | None = None):
        self.cell = cell
        super().__init__(f"{cell}: {message}" if cell else message)


class EmptyCrosstable(CellError):
    """No participant has been entered yet (a blank template)."""


def column_letter(index: int) -> str:
    """1 -> A, 27 -> AA."""
    out = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


@dataclass(frozen=True)
class Origin:
    """Where the crosstable's top-left cell (its header) is, to name cells in messages."""

    sheet: str = "Crosstable"
    row: int = 1
    column: int = 1

    def address(self, r: int, c: int) -> str:
        """Address of row ``r``, column ``c`` (0-based inside the table)."""
        sheet = self.sheet if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", self.sheet) else f"'{self.sheet}'"
        return f"{sheet}!{column_letter(self.column + c)}{self.row + r}"


def cell_text(value: Any) -> str:
    """The text of a cell as the sheet shows it (numbers from a cell not formatted as text too)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        raise ValueError("a TRUE/FALSE value is not a result")
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        if value == -0.5:
            return "-½"
        return repr(value)
    return str(value).strip()


def text_at(value: Any, origin: Origin, r: int, c: int) -> str:
    """:func:`cell_text` of a cell that holds a text (a name, a heading, a result), a TRUE/FALSE refused with its
    address (row ``r``, column ``c`` of the block at ``origin``)."""
    try:
        return cell_text(value)
    except ValueError:
        raise CellError("TRUE or FALSE where a text, a number or a result is expected",
                        cell=origin.address(r, c)) from None


def whole_number(value: Any, what: str, origin: Origin, r: int, c: int, *, least: int = 0, required: bool = False,
                 most: int | None = None) -> int | None:
    """A whole number cell from ``least`` (at most ``most``: a limit of :mod:`xltb.limits`, checked before anything
    is built from the number); None when blank, unless ``required``. Errors name the cell (row ``r``, column
    ``c`` of the block at ``origin``) and show its value as the sheet does."""
    if type(value) is int and value >= least and (most is None or value <= most):
        return value  # the usual cases: no cell address to compute
    if type(value) is float and value.is_integer() and value >= least and (most is None or value <= most):
        return int(value)  # Excel's numbers arrive as floats through a value-passing host
    span = f" from {least}" if least else ""
    address = origin.address(r, c)
    if isinstance(value, bool):
        raise CellError(f"{what} is TRUE or FALSE, not a whole number{span}", cell=address)
    text = cell_text(value)
    if not text:
        if required:
            raise CellError(f"{what} is missing", cell=address)
        return None
    try:
        number = float(value) if isinstance(value, (int, float)) else float(text.replace(",", "."))
    except (ValueError, OverflowError):
        raise CellError(f"{what} {text!r} is not a number", cell=address) from None
    if not number.is_integer() or number < least:  # infinity and NaN too (a value-passing host's)
        raise CellError(f"{what} {text!r} is not a whole number{span}", cell=address)
    if most is not None and number > most:
        raise CellError(f"{what} {text!r} is more than the limit of {most:,}", cell=address)
    return int(number)


def header_key(header: Sequence[Any], c: int, origin: Origin) -> str:
    """A heading as the readers look it up: small letters, without spaces, dots, underscores and dashes
    (``FIDE id`` -> ``fideid``, ``Team A`` -> ``teama``)."""
    value = header[c]
    return re.sub(r"[\s._\-]", "", text_at(value, origin, 0, c).lower()) if value is not None else ""


def header_columns(header: Sequence[Any], heads: Mapping[str, str], numbered: re.Pattern[str] | None, origin: Origin,
                   twice: str = "") -> tuple[dict[str, int], dict[int, int]]:
    """The columns a header row names: field -> column for the headings of ``heads`` (the first column of each
    field), and number -> column for the numbered headings ``numbered`` matches (its group 1: rounds ``R1``,
    roster positions ``1``; from 1). A number given twice: a :class:`CellError` with ``twice`` (its ``{n}`` the
    number), or without ``twice`` the first column kept."""
    columns: dict[str, int] = {}
    numbers: dict[int, int] = {}
    for c in range(len(header)):
        key = header_key(header, c, origin)
        if not key:
            continue
        field = heads.get(key)
        if field and field not in columns:
            columns[field] = c
            continue
        m = numbered.fullmatch(key) if numbered is not None else None
        if m and int(m[1]) >= 1:
            n = int(m[1])
            if n in numbers:
                if twice:
                    raise CellError(twice.format(n=n), cell=origin.address(0, c))
                continue
            numbers[n] = c
    return columns, numbers


def setting_text(value: Any) -> str:
    """A Settings value as text (a whole number typed into a cell not formatted as text, too)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():  # not infinity or NaN (a value-passing host's)
        return str(int(value))
    return str(value).strip()


#: a number as a Settings cell may hold it: digits, a decimal point or comma, an exponent of at most three
#: digits (``1e999999999`` would make a billion-digit number)
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?", re.ASCII)


def setting_number(key: str, value: Any) -> Fraction | None:
    """The Settings value of ``key`` as an exact number (a decimal as the fraction of denominator at most 1000
    nearest to it: ``0.333`` is a third); None when blank."""
    if isinstance(value, bool):
        raise InputError(f"Settings {key}: TRUE or FALSE is not a number")
    text = setting_text(value).replace(",", ".")
    if not text:
        return None
    if not _NUMBER.fullmatch(text):
        raise InputError(f"Settings {key}: {value!r} is not a number")
    number = Fraction(text)
    return number.limit_denominator(1000) if "." in text else number


def setting_whole(key: str, value: Any, least: int | None = None, most: int | None = None) -> int | None:
    """The Settings value of ``key`` as a whole number of at least ``least``, at most ``most`` (a limit of
    :mod:`xltb.limits`, refused before anything is built from the number); None when blank."""
    number = setting_number(key, value)
    if number is None:
        return None
    if number.denominator != 1 or least is not None and number < least:
        raise InputError(f"Settings {key}: {value!r} is not a whole number"
                         + (f" of at least {least}" if least is not None else ""))
    if most is not None and number > most:
        raise InputError(f"Settings {key}: {value!r} is more than the limit of {most:,}")
    return int(number)


__all__ = ["CellError", "EmptyCrosstable", "Origin", "cell_text", "column_letter", "header_columns", "header_key",
           "setting_number", "setting_text", "setting_whole", "text_at", "whole_number"]
