"""Why each prize went where it went, in words: "Best U1600: Reine (rank 10, 2 points, rating 1500 <
1600); not Stephan (rank 5, already awarded 1st U1900, 80)"; the rules a prize list follows, as printed
with it; and what the file did not say enough to decide."""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator, Sequence

from ..messages import Message, Text
from .conditions import Verdict
from .records import Placed, Pool, Share, Tie, TiedPlayer
from .table import Category, Prize, PrizeTable

#: how many players a reason names before it counts the others
NAMED = 5

#: the rules every prize list follows (award.py, rules 1 and 2)
COMMON_RULES: tuple[Text, ...] = (Message("prize.rule_one"), Message("prize.rule_order"))
SHARE_RULES: dict[Share, Text] = {"none": Message("prize.rule_share_none"), "equal": Message("prize.rule_share_equal"),
                                  "hort": Message("prize.rule_share_hort")}
#: rule 4: sharing within a category, among its winners with equal rank (``none``) or points
INTERACTION: dict[Share, Text] = {"none": Message("prize.rule_interaction_rank"),
                                  "equal": Message("prize.rule_interaction_points"),
                                  "hort": Message("prize.rule_interaction_points")}
ROUNDING: Text = Message("prize.rule_rounding")


def rule_lines(share: Share) -> tuple[Text, ...]:
    """The rules a prize list follows, printed with it."""
    return COMMON_RULES + (SHARE_RULES[share], INTERACTION[share], ROUNDING)


def points_text(points: Fraction) -> Message:
    """``2 points``, ``1 point``, ``3.5 points`` (the number with the reader's decimal mark)."""
    return Message("prize.point" if points == 1 else "prize.points", points=points)


def money_text(cents: int | None, with_cents: bool) -> Message:
    """An amount as the list writes it: ``150``, ``150.00`` (the reader's decimal mark), or a trophy."""
    if cents is None:
        return Message("prize.trophy")
    if not with_cents and cents % 100 == 0:
        return Message("prize.amount", amount=cents // 100)
    return Message("prize.amount_cents", amount=Fraction(cents, 100))


class Explainer:
    """The reasons of one prize list (made by :func:`xltb.prizes.award.award_prizes`)."""

    def __init__(self, placed: Sequence[Placed], verdicts: dict[tuple[str, ...], list[Verdict]],
                 won: dict[int, Prize], pools: dict[int, Pool], table: PrizeTable, share: Share):
        self.placed = placed
        self.verdicts = verdicts
        self.prize_of = won
        self.pools = pools
        self.cents = table.with_cents
        self.names: dict[str, int] = {}
        for prize in table.prizes:
            self.names[prize.name.casefold()] = self.names.get(prize.name.casefold(), 0) + 1
        self.share = share

    def money(self, cents: int | None) -> Message:
        return money_text(cents, self.cents)

    def who(self, pos: int, category: Category | None = None) -> Message:
        """``Reine (rank 10, 2 points, rating 1500 < 1600)``."""
        p = self.placed[pos]
        facts: list[Text] = [Message("prize.rank", rank=p.rank), points_text(p.points)]
        if category is not None and not category.open:
            facts.append(self.verdicts[category.key][pos].fact)
        return Message("prize.who", name=p.name, facts=tuple(facts))

    def won_text(self, pos: int) -> Message:
        """What a player got: ``1st U1900, 80``, or ``a share of 2nd + 3rd, 166.67``."""
        if pos not in self.prize_of:
            pool = self.pools[pos]
            paid = pool.paid[next(i for i, m in enumerate(pool.members) if m.position == pos)]
            return Message("prize.won_share", prizes=self.prize_names(pool.prizes), amount=self.money(paid))
        prize = self.prize_of[pos]
        return Message("prize.won_prize", prize=self.prize_name(prize), amount=self.money(prize.amount))

    def prize_name(self, prize: Prize) -> Text:
        """A prize's name, with its category when another prize has the same name (``1st (Rating<1900)``)."""
        if self.names[prize.name.casefold()] > 1:
            return Message("prize.name_category", prize=prize.name, category=prize.category.text)
        return prize.name

    def won(self, prize: Prize, pos: int, passed: Sequence[int]) -> Message:
        parts: list[Text] = [Message("prize.won", prize=prize.name, who=self.who(pos, prize.category))]
        others = [p for p in passed if p not in self.prize_of or self.prize_of[p].category.key != prize.category.key]
        for p in others[:NAMED]:
            said = "prize.not_awarded_before" if p in self.prize_of else "prize.not_paid_before"
            parts.append(Message(said, name=self.placed[p].name, rank=self.placed[p].rank, won=self.won_text(p)))
        if len(others) > NAMED:
            parts.append(Message("prize.more_before", n=len(others) - NAMED))
        pool = self.pools.get(pos)
        if pool:
            parts.append(self.sharing(pool, pos))
        return Message("prize.parts", parts=tuple(parts))

    def shares(self, pos: int) -> Message:
        """A player who won no prize and is paid a share of a pool."""
        pool = self.pools[pos]
        last = max((m for m in pool.members if m.position in self.prize_of), key=lambda m: m.position)
        tied = Message("prize.same_rank_as", name=last.name) if self.share == "none" else \
            Message("prize.tied_with", points=points_text(last.points), name=last.name, rank=last.rank)
        head = Message("prize.shares", prizes=self.prize_names(pool.prizes), category=pool.category.text,
                       who=self.who(pos, pool.category), tied=tied)
        return Message("prize.parts", parts=(head, self.sharing(pool, pos)))

    def prize_names(self, prizes: Sequence[Prize]) -> str:
        return " + ".join(p.name for p in prizes if p.amount is not None)

    def sharing(self, pool: Pool, pos: int) -> Message:
        """How a member's money was worked out from his pool."""
        me = next(i for i, m in enumerate(pool.members) if m.position == pos)
        others = tuple(Message("prize.member", name=m.name, rank=m.rank) for i, m in enumerate(pool.members) if i != me)
        n, total = len(pool.members), pool.total
        money = tuple(Message("prize.named_amount", prize=p.name, amount=self.money(p.amount))
                      for p in pool.prizes if p.amount is not None)
        paid: Text = self.money(pool.paid[me])
        exact = pool.exact[me]
        if exact.denominator != 1:
            paid = Message("prize.paid_rounded", paid=paid, exact=_cents_text(exact))
        if self.share == "hort":
            half = Fraction(pool.nominal[me], 2)
            kept = Fraction(0) if not pool.nominal[me] else half
            if exact - Fraction(total, 2 * n) != half:  # a place shared with an equal player: his halves averaged
                kept_said: Text = Message("prize.half_place_kept", amount=_cents_text(exact - Fraction(total, 2 * n)))
            elif kept:
                kept_said = Message("prize.half_kept", amount=self.money(pool.nominal[me]))
            else:
                kept_said = ""
            said = "prize.hort_kept" if kept_said else "prize.hort"
            return Message(said, others=others, prizes=money, total=self.money(total), kept=kept_said, n=n,
                           halves=_cents_text(Fraction(total, 2)), paid=paid)
        why = Message("prize.sharing_place") if self.share == "none" else \
            Message("prize.on_points", points=points_text(pool.members[me].points))
        return Message("prize.shared_equally", others=others, why=why, prizes=money, total=self.money(total), n=n,
                       paid=paid)

    def not_awarded(self, prize: Prize) -> Message:
        verdicts = self.verdicts[prize.category.key]
        qualifying = [i for i, v in enumerate(verdicts) if v.ok is True]
        undecided = sum(1 for v in verdicts if v.ok is None)
        if not qualifying:
            said = Message("prize.none_qualifies", prize=prize.name, category=prize.category.text)
        else:
            named = tuple(Message("prize.member_won", name=self.placed[i].name, rank=self.placed[i].rank,
                                  won=self.won_text(i)) for i in qualifying[:NAMED])
            players: Text = Message("prize.list", names=named)
            if len(qualifying) > NAMED:
                players = Message("prize.list_more", names=named, n=len(qualifying) - NAMED)
            said = Message("prize.all_awarded_before", prize=prize.name, category=prize.category.text,
                           count=len(qualifying), players=players)
        return Message("prize.with_undecided", said=said, n=undecided) if undecided else said

    def tie(self, category: Category, last: int) -> Tie:
        """The players with the points of the category's last winner, placed below him, who qualify for it."""
        verdicts = self.verdicts[category.key]
        players = []
        points = self.placed[last].points
        for pos in range(last + 1, len(self.placed)):
            if self.placed[pos].points != points:
                break
            v = verdicts[pos]
            if v.ok is False:
                continue
            if v.ok is None:
                outcome = Message("prize.outcome_undecided", fact=v.fact)
            elif pos in self.prize_of:
                outcome = Message("prize.outcome_won", won=self.won_text(pos))
            elif pos in self.pools:
                outcome = Message("prize.outcome_shares", prizes=self.prize_names(self.pools[pos].prizes),
                                  category=self.pools[pos].category.text)
            else:
                outcome = Message("prize.outcome_none")
            players.append(TiedPlayer(self.placed[pos], outcome))
        return Tie(category, self.placed[last], self.prize_of[last], tuple(players))


def _cents_text(cents: Fraction) -> Message:
    """Exact cents as money: 12550 -> 125.50; a fraction of a cent to four decimals (33.3333...)."""
    value = cents / 100
    if (value * 100).denominator == 1:
        if value.denominator == 1:
            return Message("prize.amount", amount=value.numerator)
        return Message("prize.amount_cents", amount=value)
    return Message("prize.amount_inexact", amount=value)


def undecided_warnings(categories: dict[tuple[str, ...], Category], verdicts: dict[tuple[str, ...], list[Verdict]],
                       placed: Sequence[Placed]) -> Iterator[Message]:
    """One warning a category whose age condition the file leaves undecided for some players (a birth
    date with the year only): they are not counted in it."""
    for key, category in categories.items():
        names = [placed[i].name for i, v in enumerate(verdicts[key]) if v.ok is None]
        if names:
            shown: Text = Message("prize.list", names=tuple(names[:NAMED]))
            if len(names) > NAMED:
                shown = Message("prize.list_more", names=tuple(names[:NAMED]), n=len(names) - NAMED)
            yield Message("prize.year_only_one" if len(names) == 1 else "prize.year_only", category=category.text,
                          n=len(names), names=shown)


__all__ = ["Explainer", "rule_lines", "points_text", "money_text", "undecided_warnings", "COMMON_RULES", "SHARE_RULES",
           "INTERACTION", "ROUNDING"]
