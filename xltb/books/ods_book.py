"""The cells of an OpenDocument spreadsheet (``.ods``) that xltb's workbook reader needs: the
defined names (``table:named-range``) and the values of the ranges they name, read from
``content.xml`` with the standard library's expat under :mod:`xltb.books.xmlsafe` (no DTD, no
entity expansion), in two streaming passes (the names come last in the file).

A cell's value is what LibreOffice saved and shows: ``office:value`` of a number, ``office:date-value``
of a date, ``office:boolean-value``, else the cell's text; a formula's value is the one it last
computed (xltb never evaluates a formula of a file it reads); a formula with no saved value is an
empty cell, and said (:attr:`~xltb.books.workbook_cells.Budget.uncomputed`). Repeated rows and columns
(``table:number-rows-repeated``) are expanded only inside the ranges read."""

from __future__ import annotations

import re
import zipfile
from datetime import date, datetime
from typing import Any

from ..errors import InputError
from .workbook_cells import Budget, Rect, column_number, finite
from .xmlsafe import guarded, parse

TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0 "
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0 "
CONTENT = "content.xml"

_CELL = re.compile(r"\$?(?:(?P<sheet>'(?:[^']|'')+'|[^.:']*)\.)?\$?(?P<col>[A-Za-z]{1,3})\$?(?P<row>\d{1,7})")


def _sheet_name(text: str | None) -> str | None:
    if text is None:
        return None
    text = text.lstrip("$")
    if text.startswith("'") and text.endswith("'"):
        return text[1:-1].replace("''", "'")
    return text


def parse_range(address: str) -> Rect | None:
    """``$Crosstable.$A$1:.$M$37`` (or ``$Settings.$B$5``) -> :class:`Rect`; None for anything else
    (a range list, an expression)."""
    parts = address.strip().split(":")
    if len(parts) > 2:
        return None
    first = _CELL.fullmatch(parts[0])
    last = _CELL.fullmatch(parts[-1])
    if first is None or last is None or not first["sheet"]:
        return None
    sheet = _sheet_name(first["sheet"])
    if last["sheet"] and _sheet_name(last["sheet"]) not in ("", sheet):
        return None
    r1, r2 = sorted((int(first["row"]), int(last["row"])))
    c1, c2 = sorted((column_number(first["col"]), column_number(last["col"])))
    return Rect(sheet or "", r1, c1, r2, c2) if r1 >= 1 else None


def names(archive: zipfile.ZipFile) -> dict[str, Rect | None]:
    """Every named range of the document (name upper-cased) -> its range (None: not a plain range)."""
    out: dict[str, Rect | None] = {}
    parser = guarded(CONTENT)

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == TABLE + "named-range":
            name = attrs.get(TABLE + "name", "")
            if name and name.upper() not in out:
                out[name.upper()] = parse_range(attrs.get(TABLE + "cell-range-address", ""))

    parser.StartElementHandler = start
    parse(archive, CONTENT, parser)
    return out


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        value = float(text)
        return int(value) if value.is_integer() and abs(value) < 2 ** 53 else value


def _date(text: str) -> date | datetime | str:
    try:
        return datetime.fromisoformat(text) if "T" in text else date.fromisoformat(text)
    except ValueError:
        return text


def _repeat(attrs: dict[str, str], key: str) -> int:
    try:
        return max(1, int(attrs.get(TABLE + key, "1")))
    except ValueError:
        raise InputError(f"{CONTENT}: table:{key} {attrs.get(TABLE + key)!r} is not a number") from None


class _Reader:
    """The second pass: the values of ``rects`` (each a list of rows, grown as the rows arrive)."""

    def __init__(self, rects: dict[str, Rect], budget: Budget):
        self.rects = rects
        self.budget = budget
        self.found: dict[str, dict[int, list[Any]]] = {key: {} for key in rects}  # key -> row -> cells
        self.targets: list[tuple[str, Rect]] = []
        self.sheet = ""
        self.row = 0  # 1-based index of the current row
        self.row_repeat = 1
        self.col = 0
        self.row_cells: list[tuple[int, Any]] = []  # (column, value) of the current row
        self.cell: tuple[int, dict[str, str]] | None = None  # (repeat, attributes) of a cell read
        self.text: list[str] = []
        self.paragraphs = 0
        self.in_p = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == TABLE + "table":
            self.sheet = attrs.get(TABLE + "name", "")
            self.targets = [(key, rect) for key, rect in self.rects.items() if rect.sheet == self.sheet]
            self.row = 0
        elif tag == TABLE + "table-row":
            self.row_repeat = _repeat(attrs, "number-rows-repeated")
            self.row += 1
            self.col = 0
            self.row_cells = []
        elif tag in (TABLE + "table-cell", TABLE + "covered-table-cell"):
            repeat = _repeat(attrs, "number-columns-repeated")
            first = self.col + 1
            self.col += repeat
            wanted = self.targets and any(
                r.r1 <= self.row + self.row_repeat - 1 and self.row <= r.r2 and r.c1 <= self.col and first <= r.c2
                for _, r in self.targets)
            formula = attrs.get(TABLE + "formula") if wanted else None
            if formula:  # of:=[.B3] stored as [.B3], in the cells of the ranges read
                text = formula.removeprefix("of:").removeprefix("=")
                for _, r in self.targets:
                    for row in range(max(self.row, r.r1), min(self.row + self.row_repeat - 1, r.r2) + 1):
                        for column in range(max(first, r.c1), min(self.col, r.c2) + 1):
                            self.budget.formula_cell(self.sheet, row, column, text)
                if not attrs.get(OFFICE + "value-type"):
                    self.budget.uncomputed_cell(self.sheet, self.row, first)  # a formula LibreOffice never computed
            self.cell = (first, attrs) if wanted and attrs.get(OFFICE + "value-type") else None
            self.text = []
            self.paragraphs = 0
        elif self.cell is not None:
            if tag == TEXT + "p":
                if self.paragraphs:
                    self.text.append("\n")
                self.paragraphs += 1
                self.in_p += 1
            elif tag == TEXT + "s":
                self.text.append(" " * min(_repeat_text(attrs), 1000))
            elif tag == TEXT + "tab":
                self.text.append("\t")
            elif tag == TEXT + "line-break":
                self.text.append("\n")

    def data(self, text: str) -> None:
        if self.cell is not None and self.in_p:
            self.text.append(text)

    def end(self, tag: str) -> None:
        if tag == TEXT + "p" and self.in_p:
            self.in_p -= 1
        elif tag in (TABLE + "table-cell", TABLE + "covered-table-cell") and self.cell is not None:
            first, attrs = self.cell
            value = finite(_value(attrs, "".join(self.text)), self.sheet, self.row, first)
            for column in range(first, min(self.col, max(r.c2 for _, r in self.targets)) + 1):
                self.row_cells.append((column, value))
            self.cell = None
        elif tag == TABLE + "table-row":
            last = self.row + self.row_repeat - 1
            if self.row_cells:
                for key, rect in self.targets:
                    cells = [(c, v) for c, v in self.row_cells if rect.c1 <= c <= rect.c2]
                    if not cells:
                        continue
                    rows = self.found[key]
                    first, end = max(self.row, rect.r1), min(last, rect.r2)
                    if end < first:
                        continue
                    self.budget.spend(rect, first, end - first + 1)  # a repeated row: refused before it is made
                    for r in range(first, end + 1):
                        row = [None] * rect.width
                        for c, v in cells:
                            row[c - rect.c1] = v
                        rows[r] = row
            self.row = last
        elif tag == TABLE + "table":
            self.targets = []


def _repeat_text(attrs: dict[str, str]) -> int:
    try:
        return max(1, int(attrs.get(TEXT + "c", "1")))
    except ValueError:
        return 1


def _value(attrs: dict[str, str], text: str) -> Any:
    kind = attrs.get(OFFICE + "value-type")
    if kind in ("float", "percentage", "currency"):
        raw = attrs.get(OFFICE + "value")
        try:
            return _number(raw) if raw is not None else text
        except ValueError:
            return text
    if kind == "date":
        raw = attrs.get(OFFICE + "date-value")
        return _date(raw) if raw else text
    if kind == "boolean":
        return attrs.get(OFFICE + "boolean-value", "").lower() == "true"
    if kind == "string" and OFFICE + "string-value" in attrs:
        return attrs[OFFICE + "string-value"]
    return text


def cells(archive: zipfile.ZipFile, rects: dict[str, Rect], budget: Budget) -> dict[str, list[list[Any]]]:
    """The rows of each range of ``rects`` (key -> rows, from the range's first row to its last row
    with a value; gaps are rows of None)."""
    reader = _Reader(rects, budget)
    parser = guarded(CONTENT)
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.data
    parser.buffer_text = True
    parse(archive, CONTENT, parser)
    return {key: budget.rows(rects[key], reader.found[key]) for key in rects}


__all__ = ["names", "cells", "parse_range"]
