"""A prize list as rows of cell values: what ``=TB_PRIZES(...)`` spills, and what the Prizes sheet of an
exported workbook holds. Money is in units (``166.67``), a trophy's amount the word ``trophy``, a
number an ``int`` when it is whole; after the awards, the players tied with each category's last
winner and the warnings, one line each in the last column."""

from __future__ import annotations

from fractions import Fraction

from .money import format_amount
from .reasons import points_text
from .records import Award, PrizeList

#: the columns of the list
HEADER = ("Prize", "Category", "Amount", "No", "Name", "Rank", "Points", "Paid", "Why")
#: the line that heads the players tied with the last winners
TIED_HEADING = "Tied on points with the last winner of a category"

Cell = str | int | float


def number(value: Fraction) -> int | float:
    """A cell's number: ``int`` when whole, else ``float`` (money has at most two decimals, points one)."""
    return value.numerator if value.denominator == 1 else float(value)


def money(cents: int | None) -> int | float | None:
    return None if cents is None else number(Fraction(cents, 100))


def award_cells(pl: PrizeList, a: Award) -> tuple[str, str, str]:
    """(prize, category, amount) as a line of the list writes them: a trophy says so; a player who shares
    a pool without a prize of his own shows the pool's prizes."""
    if a.prize is None:
        assert a.pool is not None
        names = " + ".join(p.name for p in a.pool.prizes if p.amount is not None)
        return f"(share of {names})", a.pool.category.text, ""
    amount = "trophy" if a.prize.amount is None else format_amount(a.prize.amount, with_cents=pl.with_cents)
    return a.prize.name, a.prize.category.text, amount


def award_row(pl: PrizeList, a: Award) -> list[Cell | None]:
    """One line: prize, category, amount (a number, "trophy" or empty), no., name, rank, points, paid, why."""
    prize, category, amount_text = award_cells(pl, a)
    p = a.player
    amount: Cell | None = money(a.prize.amount) if a.prize is not None and a.prize.amount is not None else \
        (amount_text or None)
    return [prize, category, amount, p.start_no if p else None, p.name if p else "(not awarded)",
            p.rank if p else None, number(p.points) if p else None, money(a.paid), a.reason]


def tie_lines(pl: PrizeList) -> list[str]:
    """The players tied on points with each category's last winner, placed below him, one line a category."""
    out = []
    for tie in pl.ties:
        if tie.players:
            last = tie.last
            who = "; ".join(f"{t.player.name} (no. {t.player.start_no}, rank {t.player.rank}): {t.outcome}"
                            for t in tie.players)
            out.append(f"{tie.category.text}, last winner {last.name} (rank {last.rank}, {points_text(last.points)}, "
                       f"{tie.prize.name}): {who}")
    return out


def notes(pl: PrizeList) -> list[str]:
    """What follows the awards: the tied players (or that nobody is tied) and the warnings."""
    return [TIED_HEADING] + (tie_lines(pl) or ["nobody"]) + [f"warning: {w}" for w in pl.warnings]


def table_rows(pl: PrizeList) -> list[list[Cell | None]]:
    """The whole list: the header, a line an award, then :func:`notes` in the last column."""
    rows: list[list[Cell | None]] = [list(HEADER)]
    rows += [award_row(pl, a) for a in pl.awards]
    for line in notes(pl):
        note: list[Cell | None] = [None] * (len(HEADER) - 1)
        rows.append(note + [line])
    return rows


__all__ = ["HEADER", "TIED_HEADING", "award_cells", "award_row", "tie_lines", "notes", "table_rows", "money",
           "number"]
