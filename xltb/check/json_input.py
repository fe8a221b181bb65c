"""A standings JSON given to ``xltb check`` (what ``xltb standings -f json`` writes), checked before it is
compared: the types and ranges of its values, an event type xltb knows, no start number twice, and no
more rows than the limit of participants. An error names the field, the row and the line of the file."""

from __future__ import annotations

import json
import math
import re
from typing import Any, NotRequired, TypedDict

from .. import limits
from ..errors import InputError, XltbError
from ..model import EventType
from ..rules import parse_edition

#: the values, objects and lists a standings JSON may hold, per participant the limit allows (a row has
#: a dozen values and two objects; the tie-break values, one each): bounds the memory of reading it
ITEMS_PER_PARTICIPANT = 50


class StandingsRow(TypedDict):
    """A row of a standings JSON (``xltb standings -f json``) as :func:`valid_json` lets it through."""
    start_no: int  # a start number, once in the JSON
    rank: int  # 1 to the number of rows
    name: NotRequired[str | None]
    points: NotRequired[int | float | None]
    tiebreaks: dict[str, int | float | None]  # code -> value (null: undefined)


def json_items_limit() -> int:
    return limits.MAX_PARTICIPANTS * ITEMS_PER_PARTICIPANT


def valid_json(doc: Any, rows: Any, codes: list[Any], event_doc: Any, path: str, text: str) -> None:
    """The JSON's values have the types and ranges ``xltb standings --format json`` writes: finite
    numbers (not strings, infinities or booleans), ranks from 1 to the number of rows, each start
    number once, an event type and an edition xltb knows, codes as text. Anything else is an input
    error naming the field (and for a row, its line in ``text``)."""
    fields = _Fields(path, text)
    _valid_head(doc, event_doc, fields)
    if not isinstance(rows, list):
        raise fields.bad("standings", rows, "a list")
    if len(rows) > limits.MAX_PARTICIPANTS:  # before any row is looked at
        raise InputError(f"the JSON's standings have {len(rows):,} rows: more than the limit of "
                         f"{limits.MAX_PARTICIPANTS:,} participants", file=path)
    _valid_codes(codes, fields)
    first: dict[int, int] = {}
    for k, row in enumerate(rows, start=1):
        _valid_row(row, k, len(rows), first, fields)


class _Fields:
    """Where a standings JSON's fields are: its file, and the line of each row (found once, when a row is wrong)."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self.lines: list[int] | None = None

    def line_of(self, k: int) -> int | None:
        """The line of row ``k`` (from 1)."""
        if self.lines is None:
            self.lines = row_lines(self.text)
        return self.lines[k - 1] if 0 < k <= len(self.lines) else None

    def bad(self, where: str, value: Any, expected: str, row: int = 0) -> InputError:
        """The error of a field ``where`` whose ``value`` is not what was ``expected``."""
        shown = repr(value)
        return InputError(f"not an xltb standings JSON: {where} is {shown[:40]}, expected {expected}", file=self.path,
                          line=self.line_of(row) if row else None)


def _number(value: Any) -> bool:
    """A finite number as JSON writes it (not a boolean, not beyond 10^15)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
        and abs(value) < 1e15


def _valid_head(doc: Any, event_doc: Any, fields: _Fields) -> None:
    """The event object (its source and type as text, a type xltb knows) and the rules' edition."""
    if not isinstance(event_doc, dict):
        raise fields.bad("event", event_doc, "an object")
    for key in ("source", "type"):
        if event_doc.get(key) is not None and not isinstance(event_doc[key], str):
            raise fields.bad(f"event.{key}", event_doc[key], "text")
    kinds = [e.value for e in EventType]
    if event_doc.get("type") and event_doc["type"] not in kinds:
        raise fields.bad("event.type", event_doc["type"], "one of " + ", ".join(kinds))
    if doc.get("rules") is not None:
        if not isinstance(doc["rules"], str):
            raise fields.bad("rules", doc["rules"], "an edition such as \"2024-08\"")
        try:
            parse_edition(doc["rules"])
        except XltbError as err:
            raise InputError(f"rules: {err.message}", file=fields.path) from None


def _valid_codes(codes: list[Any], fields: _Fields) -> None:
    """The tie-break codes: text, within the limit, each once."""
    if not all(isinstance(c, str) for c in codes):
        raise fields.bad("tiebreaks", codes, "a list of codes")
    if len(codes) > limits.MAX_TIEBREAKS:
        raise InputError(f"the JSON's tiebreaks list {len(codes):,} codes, more than the limit of "
                         f"{limits.MAX_TIEBREAKS}", file=fields.path)
    twice = next((c for k, c in enumerate(codes) if c in codes[:k]), None)
    if twice is not None:
        raise InputError(f"not an xltb standings JSON: tiebreaks lists {twice!r} twice", file=fields.path)


def _valid_row(row: Any, k: int, count: int, first: dict[int, int], fields: _Fields) -> None:
    """Row ``k`` of ``count``: an object with a start number not seen before (``first``: number -> its row), a
    rank from 1 to ``count``, points and tie-break values as numbers, a name as text."""
    where = f"standings row {k}"
    if not isinstance(row, dict):
        raise fields.bad(where, row, "an object", k)
    no = row.get("start_no")
    if not isinstance(no, int) or isinstance(no, bool) or not 0 < no < 10 ** 9:
        raise fields.bad(f"{where}: start_no", no, "a start number", k)
    if no in first:
        raise InputError(f"not an xltb standings JSON: {where}: start number {no} appears twice (also in "
                         f"standings row {first[no]}); each participant has one row", file=fields.path,
                         line=fields.line_of(k))
    first[no] = k
    rank = row.get("rank")
    if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= count:
        raise fields.bad(f"{where}: rank", rank, f"a whole number from 1 to {count}", k)
    if row.get("points") is not None and not _number(row["points"]):
        raise fields.bad(f"{where}: points", row["points"], "a number", k)
    if row.get("name") is not None and not isinstance(row["name"], str):
        raise fields.bad(f"{where}: name", row["name"], "text", k)
    values = row.get("tiebreaks")
    if not isinstance(values, dict):
        raise fields.bad(f"{where}: tiebreaks", values, "an object", k)
    for code, value in values.items():
        if value is not None and not _number(value):
            raise fields.bad(f"{where}: tiebreaks.{code}", value, "a number or null", k)


_SPACE = re.compile(r"[ \t\n\r]*")
_START_NO = re.compile(r'"start_no"\s*:')


def _skip(text: str, i: int) -> int:
    """The offset after the white space at ``i``."""
    space = _SPACE.match(text, i)
    assert space is not None  # zero or more characters: it always matches
    return space.end()


def row_lines(text: str) -> list[int]:
    """The line of each row of the JSON's ``standings`` (where its ``start_no`` is written, else where the
    row begins), found by decoding the document value by value as :mod:`json` reads it; only asked for
    when a row is wrong."""
    decoder = json.JSONDecoder()
    try:
        i = _skip(text, 0)
        if text[i:i + 1] != "{":
            return []
        i += 1
        while True:
            i = _skip(text, i)
            if text[i:i + 1] != '"':
                return []
            key, i = decoder.raw_decode(text, i)
            i = _skip(text, i) + 1  # the ':'
            i = _skip(text, i)
            if key == "standings" and text[i:i + 1] == "[":
                return _rows(text, i + 1, decoder)
            _, i = decoder.raw_decode(text, i)
            i = _skip(text, i)
            if text[i:i + 1] != ",":
                return []
            i += 1
    except (ValueError, IndexError):
        return []


def _rows(text: str, i: int, decoder: json.JSONDecoder) -> list[int]:
    out: list[int] = []
    line, counted = 1, 0  # the line at offset `counted`
    while True:
        i = _skip(text, i)
        if text[i:i + 1] in ("]", ""):
            return out
        _, end = decoder.raw_decode(text, i)
        found = _START_NO.search(text, i, end)
        at = found.start() if found else i
        line += text.count("\n", counted, at)
        counted = at
        out.append(line)
        i = _skip(text, end)
        if text[i:i + 1] == ",":
            i += 1


__all__ = ["json_items_limit", "row_lines", "valid_json"]
