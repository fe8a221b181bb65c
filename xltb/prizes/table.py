"""A prize table: the prizes of an event in the order its regulations list them, read from a CSV file.

::

    Prize,Category,Amount
    1st,Open,500
    2nd,Open,300
    Best U1900,Rating<1900,80
    Best woman,Women,
    Best junior,U18&Rating<1600,50.50

``Amount`` is blank for a trophy; a category is ``Open`` or conditions joined by ``&``
(:mod:`xltb.prizes.conditions`). Cells may be separated by ``,``, ``;`` (then ``50,50`` is a
decimal comma) or a TAB, as the header line shows. The file is read as every event file is: any
line ends, UTF-8 or cp1252, limits on its size; a word that is not understood is refused with the
line of the table.
"""

from __future__ import annotations

import csv
import math
import os
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ..errors import InputError
from ..messages import Message, Text
from ..model import Player
from ..readers.text import decode, encoding_note, errors_located, read_bytes
from .conditions import Condition, Context, Verdict, parse_condition
from .money import needs_cents, parse_amount

#: bytes of a prize table (a real one has a few dozen lines)
MAX_TABLE_BYTES = 1024 * 1024
#: prizes of a table, and the different categories among them (each category is checked against every player)
MAX_PRIZES = 1_000
MAX_CATEGORIES = 100
#: characters of a prize's name or category
MAX_CELL = 200
HEADER = ("prize", "category", "amount")


@dataclass(frozen=True)
class Category:
    """Who may win a prize: every player (``Open``, no condition) or those who meet every condition."""

    text: str
    conditions: tuple[Condition, ...] = ()

    @property
    def open(self) -> bool:
        return not self.conditions

    @property
    def key(self) -> tuple[str, ...]:
        """The same category however its conditions are ordered (``Women&U18`` = ``U18&Women``)."""
        return tuple(sorted(c.text for c in self.conditions))

    @property
    def needs_age(self) -> bool:
        return any(c.needs_age for c in self.conditions)

    def check(self, player: Player, ctx: Context) -> Verdict:
        """Whether the player belongs to the category (None: the file does not say enough), with the facts."""
        if self.open:
            return Verdict(True, "")
        verdicts = [c.check(player, ctx) for c in self.conditions]
        failed = [v for v in verdicts if v.ok is False]
        if failed:
            return Verdict(False, Message("prize.facts", facts=tuple(v.fact for v in failed)))
        unknown = [v for v in verdicts if v.ok is None]
        if unknown:
            return Verdict(None, Message("prize.facts", facts=tuple(v.fact for v in unknown)))
        return Verdict(True, Message("prize.facts", facts=tuple(v.fact for v in verdicts)))


OPEN = Category("Open")


@dataclass(frozen=True)
class Prize:
    """One line of the table: its name, its category, its amount in cents (None: a trophy, no money),
    the line it was read from and its place in the table (0 for the first)."""

    name: str
    category: Category
    amount: int | None
    line: int | None = None
    index: int = 0

    @property
    def trophy(self) -> bool:
        return self.amount is None


@dataclass(frozen=True)
class PrizeTable:
    prizes: tuple[Prize, ...]
    source: str | None = None
    warnings: tuple[Text, ...] = ()  # messages (the encoding a table was read in)

    @property
    def with_cents(self) -> bool:
        """Whether money is printed with cents: when an amount of the table has them."""
        return needs_cents([p.amount for p in self.prizes])


def read_prizes(path: str | os.PathLike[str]) -> PrizeTable:
    """Read a prize table file; :class:`~xltb.errors.InputError` naming the file and line for what it
    cannot read."""
    data = read_bytes(path, limit=MAX_TABLE_BYTES)
    text, encoding = decode(data, str(path))
    with errors_located(path):
        table = parse_prizes(text, source=str(path))
    notes = encoding_note(encoding)
    return PrizeTable(table.prizes, table.source, tuple(notes)) if notes else table


def parse_prizes(text: str, source: str | None = None) -> PrizeTable:
    """A prize table from its text (line ends ``\\n``); ``source`` names it in the errors."""
    if source is None:
        return _parse(text, None)
    with errors_located(source):
        return _parse(text, source)


def _parse(text: str, source: str | None) -> PrizeTable:
    lines = text.split("\n")
    header_at = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_at is None:
        raise InputError("the prize table is empty (its first line is the header Prize,Category,Amount)", file=source)
    header = lines[header_at]
    delimiter = ";" if header.count(";") > header.count(",") else "\t" if "\t" in header else ","
    records = ((number, _cells(line, number, delimiter))
               for number, line in enumerate(lines[header_at:], start=header_at + 1) if line.strip())
    table = _table(records, source, decimal_comma=delimiter == ";")
    if not table.prizes:
        raise InputError("the prize table lists no prize (one line a prize after the header)", file=source)
    return table


def prizes_from_rows(rows: Sequence[Sequence[Any]], source: str = "Prizes sheet", first_row: int = 1) -> PrizeTable:
    """A prize table from a sheet's cells (the header row first, ``first_row`` its row number): blank rows are
    room for more prizes; an amount may be a number cell. No prize at all is an empty table (a blank
    template). Errors name the sheet and the row."""
    records = []
    for number, row in enumerate(rows, start=first_row):
        cells = [_cell_text(v, amount=k == 2) for k, v in enumerate(row)]
        if any(cells):
            records.append((number, cells))
    if not records:
        return PrizeTable((), source)
    with errors_located(source):
        return _table(iter(records), source, decimal_comma=False)


def _cell_text(value: Any, *, amount: bool) -> str:
    """A cell as the table reads it; a number of an amount cell as its cents (``50.5`` -> ``50.50``)."""
    if value is None or isinstance(value, bool):
        return ""
    if amount and isinstance(value, (int, float)):
        if not math.isfinite(value * 100):  # 1e307 is a number cell; its cents are beyond a float: said as written
            return repr(value)
        cents = round(value * 100)
        return f"{cents // 100}.{cents % 100:02d}" if abs(value * 100 - cents) < 1e-6 and cents >= 0 else repr(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _table(records: Iterator[tuple[int, list[str]]], source: str | None, *, decimal_comma: bool) -> PrizeTable:
    """The prizes of (line number, cells) records, the header first."""
    first = next(records, None)
    if first is None or tuple(c.strip().lower() for c in first[1]) != HEADER:
        shown = ",".join(first[1])[:80] if first else ""
        raise InputError(f"the first line must be the header Prize,Category,Amount (found {shown!r})",
                         file=source, line=first[0] if first else None)
    prizes: list[Prize] = []
    seen: dict[tuple[str, tuple[str, ...]], int] = {}
    categories: set[tuple[str, ...]] = set()
    for number, raw in records:
        cells = [c.strip() for c in raw]
        if not any(cells):
            continue
        if len(cells) < 3 or any(cells[3:]):
            raise InputError(f"a prize line has three cells, Prize, Category and Amount (found {len(cells)})",
                             line=number)
        name, category_text, amount_text = cells[:3]
        if not name:
            raise InputError("the prize has no name (first cell)", line=number)
        if len(name) > MAX_CELL or len(category_text) > MAX_CELL:
            raise InputError(f"a prize's name or category is longer than {MAX_CELL} characters", line=number)
        try:
            category = parse_category(category_text)
        except ValueError as exc:
            raise InputError(f"category: {exc}", line=number) from None
        amount = None
        if amount_text:
            amount = parse_amount(amount_text, decimal_comma=decimal_comma)
            if amount is None:
                raise InputError(f"amount {amount_text[:40]!r}: write a number such as 150 or 150.50 (no currency, "
                                 "no thousands separator), or leave it blank for a trophy", line=number)
        if category.key not in categories and len(categories) >= MAX_CATEGORIES:
            raise InputError(f"more than the limit of {MAX_CATEGORIES} different categories", line=number)
        categories.add(category.key)
        key = (name.casefold(), category.key)
        if key in seen:
            raise InputError(f"the prize {name!r} of {category.text} is listed twice (first on line {seen[key]})",
                             line=number)
        seen[key] = number
        if len(prizes) >= MAX_PRIZES:
            raise InputError(f"more than the limit of {MAX_PRIZES:,} prizes", line=number)
        prizes.append(Prize(name, category, amount, number, len(prizes)))
    return PrizeTable(tuple(prizes), source)


def parse_category(text: str) -> Category:
    """``Open``, or conditions joined by ``&``; ValueError for what is not understood."""
    words = [w.strip() for w in text.split("&")]
    if not text.strip():
        raise ValueError("empty: write Open for a prize every player may win")
    if any(not w for w in words):
        raise ValueError(f"{text!r}: an empty condition between the & signs")
    if any(w.lower() == "open" for w in words):
        if len(words) > 1:
            raise ValueError(f"{text!r}: Open is every player; it takes no other condition")
        return OPEN
    conditions = tuple(parse_condition(w) for w in words)
    texts = [c.text for c in conditions]
    if len(set(texts)) < len(texts):
        raise ValueError(f"{text!r}: a condition is written twice")
    return Category("&".join(texts), conditions)


def _cells(line: str, number: int, delimiter: str) -> list[str]:
    if "\x00" in line:
        raise InputError("this is a binary file, not a prize table (a NUL byte)", line=number)
    try:
        return next(csv.reader([line], delimiter=delimiter, strict=True), [])
    except csv.Error as exc:
        raise InputError(f"not a CSV line ({exc})", line=number) from None


__all__ = ["Category", "Prize", "PrizeTable", "read_prizes", "parse_prizes", "prizes_from_rows", "parse_category",
           "OPEN", "HEADER",
           "MAX_TABLE_BYTES", "MAX_PRIZES", "MAX_CATEGORIES", "MAX_CELL"]
