"""Prize lists: who wins which prize, decided by the final standings and their tie-breaks, with the
reason for every award.

A prize table (:func:`read_prizes`, a CSV file ``Prize,Category,Amount``) applied to the standings
(:func:`award_prizes`) gives a :class:`PrizeList`: each prize with its winner, what he is paid when
money is shared (``share="equal"`` or ``"hort"``), the reason in words, and the players tied with
each category's last winner. Pure and exact: money in whole cents, no spreadsheet library.
"""

from .award import award_prizes, value_order
from .conditions import Context, Verdict
from .money import format_amount, parse_amount, split
from .records import SHARES, Award, Placed, Pool, PrizeList, Share, Tie, TiedPlayer
from .table import Category, Prize, PrizeTable, parse_category, parse_prizes, prizes_from_rows, read_prizes

__all__ = ["award_prizes", "value_order", "read_prizes", "parse_prizes", "prizes_from_rows", "parse_category",
           "Category", "Prize",
           "PrizeTable", "PrizeList", "Award", "Pool", "Placed", "Tie", "TiedPlayer", "Share", "SHARES", "Context",
           "Verdict", "split", "parse_amount", "format_amount"]
