"""A prize list as rows of cell values: what ``=TB_PRIZES(...)`` spills, and what the Prizes sheet of an
exported workbook holds. Money is in units (``166.67``), a trophy's amount the word ``trophy``, a
number an ``int`` when it is whole; after the awards, the players tied with each category's last
winner and the warnings, one line each in the last column."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..messages import Message, Text, english_text
from .reasons import money_text, points_text
from .records import Award, PrizeList

#: the columns of the list
HEADER = ("Prize", "Category", "Amount", "No", "Name", "Rank", "Points", "Paid", "Why")
#: the line that heads the players tied with the last winners
TIED_HEADING: Text = Message("prize.tied_heading")

Cell = str | int | float
#: how a message becomes text: English (``str``) unless a face renders it in the reader's language
AsText = Callable[[Text], str]


def number(value: Fraction) -> int | float:
    """A cell's number: ``int`` when whole, else ``float`` (money has at most two decimals, points one)."""
    return value.numerator if value.denominator == 1 else float(value)


def money(cents: int | None) -> int | float | None:
    return None if cents is None else number(Fraction(cents, 100))


def award_cells(pl: PrizeList, a: Award) -> tuple[Text, str, Text]:
    """(prize, category, amount) as a line of the list writes them: a trophy says so; a player who shares
    a pool without a prize of his own shows the pool's prizes."""
    if a.prize is None:
        assert a.pool is not None
        names = " + ".join(p.name for p in a.pool.prizes if p.amount is not None)
        return Message("prize.share_of", prizes=names), a.pool.category.text, ""
    return a.prize.name, a.prize.category.text, money_text(a.prize.amount, pl.with_cents)


def award_row(pl: PrizeList, a: Award, as_text: AsText = english_text) -> list[Cell | None]:
    """One line: prize, category, amount (a number, "trophy" or empty), no., name, rank, points, paid, why."""
    prize, category, amount_text = award_cells(pl, a)
    p = a.player
    amount: Cell | None = money(a.prize.amount) if a.prize is not None and a.prize.amount is not None else \
        (as_text(amount_text) or None)
    return [as_text(prize), category, amount, p.start_no if p else None,
            p.name if p else as_text(Message("prize.not_awarded")), p.rank if p else None,
            number(p.points) if p else None, money(a.paid), as_text(a.reason)]


def tie_lines(pl: PrizeList) -> list[Message]:
    """The players tied on points with each category's last winner, placed below him, one line a category."""
    out = []
    for tie in pl.ties:
        if tie.players:
            last = tie.last
            who = tuple(Message("prize.tied_player", name=t.player.name, no=t.player.start_no, rank=t.player.rank,
                                outcome=t.outcome) for t in tie.players)
            out.append(Message("prize.tie", category=tie.category.text, name=last.name, rank=last.rank,
                               points=points_text(last.points), prize=tie.prize.name, players=who))
    return out


def notes(pl: PrizeList) -> list[Text]:
    """What follows the awards: the tied players (or that nobody is tied) and the warnings."""
    return [TIED_HEADING, *(tie_lines(pl) or [Message("prize.nobody")]),
            *(Message("prize.warning", warning=w) for w in pl.warnings)]


def table_rows(pl: PrizeList, as_text: AsText = english_text) -> list[list[Cell | None]]:
    """The whole list: the header, a line an award, then :func:`notes` in the last column."""
    rows: list[list[Cell | None]] = [list(HEADER)]
    rows += [award_row(pl, a, as_text) for a in pl.awards]
    for line in notes(pl):
        note: list[Cell | None] = [None] * (len(HEADER) - 1)
        rows.append(note + [as_text(line)])
    return rows


__all__ = ["HEADER", "TIED_HEADING", "award_cells", "award_row", "tie_lines", "notes", "table_rows", "money",
           "number", "AsText"]
