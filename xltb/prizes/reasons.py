"""Why each prize went where it went, in words: "Best U1600: Reine (rank 10, 2 points, rating 1500 <
1600); not Stephan (rank 5, already awarded 1st U1900, 80)"; the rules a prize list follows, as printed
with it; and what the file did not say enough to decide."""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator, Sequence

from .conditions import Verdict
from .money import format_amount
from .records import Placed, Pool, Share, Tie, TiedPlayer
from .table import Category, Prize, PrizeTable

#: how many players a reason names before it counts the others
NAMED = 5

#: the rules every prize list follows (award.py, rules 1 and 2)
COMMON_RULES = (
    "each player wins at most one prize, the most valuable he qualifies for (of equal amounts the one listed "
    "first; a trophy counts below any money, a share of money included: trophies go to players paid nothing)",
    "prizes are awarded in decreasing value, each to the best-placed player of its category not yet awarded, by "
    "the final standings and their tie-breaks",
)
SHARE_RULES = {
    "none": "no sharing on points: the tie-breaks decide; players they leave equal (the same rank) share the place "
            "(C.07 2.1) and the money of the prizes it covers, equally",
    "equal": "players with equal points share equally the money of the prizes of a category they won, with the "
             "players tied with them who won no prize (pooled over the places they cover)",
    "hort": "Hort system: of each prize won by players with equal points, its winner by the tie-breaks keeps half; "
            "the other halves are pooled and shared equally among them and the players tied with them who won no "
            "prize",
}
INTERACTION = (
    "sharing and one prize per player: which prize each player wins is decided first, on the announced amounts, "
    "as without sharing; sharing then splits money only within a category, among its winners with equal "
    "{key} and the players tied with its last winner who won no prize; a player shares in one pool only, that of "
    "his own prize (without a prize: the pool holding the most valuable prize he is tied for); trophies are not "
    "shared"
)
ROUNDING = ("shares are rounded down to the cent and the cents left over go one each to the players whose shares "
            "lost the most by it (the best placed first), so that the shares add up to the pool")


def rule_lines(share: Share) -> tuple[str, ...]:
    """The rules a prize list follows, printed with it."""
    key = "rank" if share == "none" else "points"
    return COMMON_RULES + (SHARE_RULES[share], INTERACTION.format(key=key), ROUNDING)


def points_text(points: Fraction) -> str:
    """``2 points``, ``1 point``, ``3.5 points``."""
    if points.denominator == 1:
        return f"{points.numerator} point{'' if points == 1 else 's'}"
    return f"{float(points):g} points"


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

    def money(self, cents: int | None) -> str:
        return "trophy" if cents is None else format_amount(cents, with_cents=self.cents)

    def who(self, pos: int, category: Category | None = None) -> str:
        """``Reine (rank 10, 2 points, rating 1500 < 1600)``."""
        p = self.placed[pos]
        facts = [f"rank {p.rank}", points_text(p.points)]
        if category is not None and not category.open:
            facts.append(self.verdicts[category.key][pos].fact)
        return f"{p.name} ({', '.join(facts)})"

    def won_text(self, pos: int) -> str:
        """What a player got: ``1st U1900, 80``, or ``a share of 2nd + 3rd, 166.67``."""
        if pos not in self.prize_of:
            pool = self.pools[pos]
            paid = pool.paid[next(i for i, m in enumerate(pool.members) if m.position == pos)]
            return f"a share of {self.prize_names(pool.prizes)}, {self.money(paid)}"
        prize = self.prize_of[pos]
        return f"{self.prize_name(prize)}, {self.money(prize.amount)}"

    def prize_name(self, prize: Prize) -> str:
        """A prize's name, with its category when another prize has the same name (``1st (Rating<1900)``)."""
        return f"{prize.name} ({prize.category.text})" if self.names[prize.name.casefold()] > 1 else prize.name

    def won(self, prize: Prize, pos: int, passed: Sequence[int]) -> str:
        text = f"{prize.name}: {self.who(pos, prize.category)}"
        others = [p for p in passed if p not in self.prize_of or self.prize_of[p].category.key != prize.category.key]
        nots = [f"not {self.placed[p].name} (rank {self.placed[p].rank}, already "
                f"{'awarded' if p in self.prize_of else 'paid'} {self.won_text(p)})" for p in others[:NAMED]]
        if len(others) > NAMED:
            nots.append(f"and {len(others) - NAMED} more better placed, already awarded")
        text += "".join("; " + n for n in nots)
        pool = self.pools.get(pos)
        return text + (self.sharing(pool, pos) if pool else "")

    def shares(self, pos: int) -> str:
        """A player who won no prize and is paid a share of a pool."""
        pool = self.pools[pos]
        last = max((m for m in pool.members if m.position in self.prize_of), key=lambda m: m.position)
        tied = f"the same rank as {last.name}" if self.share == "none" else \
            f"tied on {points_text(last.points)} with {last.name} (rank {last.rank})"
        return (f"shares {self.prize_names(pool.prizes)} ({pool.category.text}): {self.who(pos, pool.category)}, "
                f"{tied}, the last winner of {pool.category.text}" + self.sharing(pool, pos))

    def prize_names(self, prizes: Sequence[Prize]) -> str:
        return " + ".join(p.name for p in prizes if p.amount is not None)

    def sharing(self, pool: Pool, pos: int) -> str:
        """How a member's money was worked out from his pool."""
        me = next(i for i, m in enumerate(pool.members) if m.position == pos)
        others = ", ".join(f"{m.name} (rank {m.rank})" for i, m in enumerate(pool.members) if i != me)
        n, total = len(pool.members), pool.total
        money = " + ".join(f"{p.name} {self.money(p.amount)}" for p in pool.prizes if p.amount is not None)
        paid = self.money(pool.paid[me])
        exact = pool.exact[me]
        rounded = "" if exact.denominator == 1 else f" (exactly {_cents_text(exact)}, rounded to the cent)"
        if self.share == "hort":
            half = Fraction(pool.nominal[me], 2)
            own = "" if not pool.nominal[me] else f"half of his {self.money(pool.nominal[me])} kept, "
            if exact - Fraction(total, 2 * n) != half:  # a place shared with an equal player: his halves averaged
                own = f"half of the prizes of his shared place kept ({_cents_text(exact - Fraction(total, 2 * n))}), "
            return (f"; Hort system with {others}: {money} = {self.money(total)}; {own}plus 1/{n} of the pooled "
                    f"halves ({_cents_text(Fraction(total, 2))}): {paid}{rounded}")
        why = "sharing the place (every tie-break equal)" if self.share == "none" else \
            f"on {points_text(pool.members[me].points)}"
        return f"; shared equally with {others}, {why}: {money} = {self.money(total)}, 1/{n} each: {paid}{rounded}"

    def not_awarded(self, prize: Prize) -> str:
        verdicts = self.verdicts[prize.category.key]
        qualifying = [i for i, v in enumerate(verdicts) if v.ok is True]
        undecided = sum(1 for v in verdicts if v.ok is None)
        unsure = f" ({undecided} not decided: the birth date gives the year only)" if undecided else ""
        if not qualifying:
            return f"{prize.name}: not awarded: no player qualifies for {prize.category.text}{unsure}"
        named = [f"{self.placed[i].name} (rank {self.placed[i].rank}, {self.won_text(i)})" for i in qualifying[:NAMED]]
        more = f" and {len(qualifying) - NAMED} more" if len(qualifying) > NAMED else ""
        return (f"{prize.name}: not awarded: every player of {prize.category.text} ({len(qualifying)}) won a prize "
                f"awarded before it: {', '.join(named)}{more}{unsure}")

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
                outcome = f"not decided: {v.fact}"
            elif pos in self.prize_of:
                outcome = f"won {self.won_text(pos)}"
            elif pos in self.pools:
                outcome = f"shares {self.prize_names(self.pools[pos].prizes)} ({self.pools[pos].category.text})"
            else:
                outcome = "no prize"
            players.append(TiedPlayer(self.placed[pos], outcome))
        return Tie(category, self.placed[last], self.prize_of[last], tuple(players))


def _cents_text(cents: Fraction) -> str:
    """Exact cents as money: 12550 -> 125.50; a fraction of a cent to four decimals (33.3333...)."""
    value = cents / 100
    if (value * 100).denominator == 1:
        whole = value.numerator // value.denominator
        return f"{whole}" if value.denominator == 1 else f"{float(value):.2f}"
    return f"{float(value):.4f}..."


def undecided_warnings(categories: dict[tuple[str, ...], Category], verdicts: dict[tuple[str, ...], list[Verdict]],
                       placed: Sequence[Placed]) -> Iterator[str]:
    """One warning a category whose age condition the file leaves undecided for some players (a birth
    date with the year only): they are not counted in it."""
    for key, category in categories.items():
        names = [placed[i].name for i, v in enumerate(verdicts[key]) if v.ok is None]
        if names:
            shown = ", ".join(names[:NAMED]) + (f" and {len(names) - NAMED} more" if len(names) > NAMED else "")
            yield (f"{category.text}: the birth date of {len(names)} player{'s' if len(names) > 1 else ''} gives the "
                   f"year only, too little to decide the age on the start date ({shown}): not counted in "
                   f"{category.text}; complete the birth dates in the event file")


__all__ = ["Explainer", "rule_lines", "points_text", "undecided_warnings", "COMMON_RULES", "SHARE_RULES",
           "INTERACTION", "ROUNDING"]
