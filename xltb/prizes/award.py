"""Who wins which prize: a prize table applied to the final standings, with the reason for each award.

The rules, in the order they are applied (docs/prizes.md gives the regulations that state them):

1. Every player wins at most one prize, the most valuable he qualifies for; of equal amounts, the
   one listed first; a trophy (no amount) counts below any money, a share of money included: the
   trophies are awarded after the money, to players paid nothing. (Open tournaments' regulations;
   US Chess rule 32B, one cash prize a player, the largest; 32B4, a place prize before a class
   prize of the same amount, which is the order an organiser lists them in.)
2. The prizes are awarded in decreasing value (:func:`value_order`), each to the best-placed player
   of its category not yet awarded, by the final standings and their tie-breaks. (FIDE tie-break
   regulations 2011, Annex 4 1.e: "Number 2 receives second prize"; C.07 2.1.)
3. Money is then shared among players in the same **pool**: the winners of one category's prizes
   with equal points (``--share equal`` or ``hort``), or with the same place (``none``: the
   tie-breaks left them equal, C.07 2.1), together with the players tied with the category's last
   winner who won no prize at all (they cover the places below, which carry no prize). Equal: the
   pool shared equally (FIDE tie-break regulations 2011, Annex 4 1.f: "share the 3rd and 4th prize
   equally"). Hort: each keeps half of his own prize, the other halves are shared equally (the Hort
   system, after GM Vlastimil Hort).
4. Sharing and one prize per player: which prize each player wins is decided by rules 1 and 2, on
   the announced amounts, as without sharing; a player shares in one pool only, that of his own
   prize; a player without a prize who is tied with the last winners of several categories shares
   in the pool holding the most valuable prize. Trophies are not shared.
5. Shares are exact cents: each is rounded down to the cent and the cents left over go one each to
   the players whose shares lost the most by it (the best placed first), so the shares add up to
   the pool (:func:`xltb.prizes.money.split`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..errors import InputError, XltbError
from ..model import Player
from ..ranking.standings import Standings
from .conditions import Context, Verdict
from .money import split
from .reasons import Explainer, rule_lines, undecided_warnings
from .records import SHARES, Award, Placed, Pool, PrizeList, Share
from .table import Category, Prize, PrizeTable


def value_order(prize: Prize) -> tuple[int, int, int]:
    """The order prizes are awarded in: money before trophies, the larger amount first, then the table's order."""
    return (1, 0, prize.index) if prize.amount is None else (0, -prize.amount, prize.index)


def award_prizes(st: Standings, table: PrizeTable, share: Share = "none") -> PrizeList:
    """Award the prizes of ``table`` from the final standings ``st`` (see the module's text)."""
    ctx = _context(st, table, share)
    rows = st.rows
    players = [r.participant for r in rows]
    if not all(isinstance(p, Player) for p in players):  # an individual event ranks players
        raise XltbError("prizes are awarded to players; these standings rank teams", file=st.event.source)
    placed = [Placed(r.start_no, r.participant.name, r.rank, r.points, i) for i, r in enumerate(rows)]
    categories: dict[tuple[str, ...], Category] = {}
    for prize in table.prizes:
        categories.setdefault(prize.category.key, prize.category)
    verdicts = {key: [cat.check(p, ctx) for p in players if isinstance(p, Player)] for key, cat in categories.items()}

    # rules 1 and 2 for the money, rule 3 (the pools), then rules 1 and 2 for the trophies (below any money)
    greedy = _Greedy(verdicts, len(rows))
    greedy.run([p for p in table.prizes if not p.trophy], paid=set())
    pools = _pools(greedy, table, categories, placed, share)
    greedy.run([p for p in table.prizes if p.trophy], paid=set(pools))
    won = greedy.won
    explain = Explainer(placed, verdicts, won, pools, table, share)
    awards = _awards(table, placed, pools, greedy, explain)
    ties = tuple(explain.tie(categories[key], max(pos for pos in won if won[pos].category.key == key))
                 for key in categories if any(p.category.key == key for p in won.values()))
    warnings = tuple(table.warnings) + tuple(undecided_warnings(categories, verdicts, placed))
    return PrizeList(st, table, share, tuple(awards), ties, rule_lines(share), warnings)


def _context(st: Standings, table: PrizeTable, share: Share) -> Context:
    """What the categories are decided on (the start date, the rating of the unrated), once the sharing and the
    event are known to suit prizes, and the start date given when a category asks an age."""
    if share not in SHARES:
        raise XltbError(f"--share {share}: choose none, equal or hort")
    if st.team:
        raise XltbError("prizes are awarded to the players of individual events; this is a team event",
                        file=st.event.source)
    ctx = Context(st.event.start_date, st.unrated_rating)
    for prize in table.prizes:
        if prize.category.needs_age and ctx.start_date is None:
            raise InputError(f"{prize.category.text}: ages are taken on the event's start date, which the event "
                             "file does not give (TRF 042)", file=table.source, line=prize.line)
    return ctx


def _awards(table: PrizeTable, placed: list[Placed], pools: dict[int, Pool], greedy: _Greedy,
            explain: Explainer) -> list[Award]:
    """The prize list in the table's order: each prize and its winner (or none), each pool's sharers without a
    prize listed after its last prize."""
    won, winner, passed = greedy.won, greedy.winner, greedy.passed
    awards: list[Award] = []
    after: dict[int, list[int]] = {}  # prize index -> sharers without a prize, listed after that prize
    for pool in dict.fromkeys(pools.values()):
        last = max(p.index for p in pool.prizes)
        after.setdefault(last, []).extend(m.position for m in pool.members if m.position not in won)
    for prize in table.prizes:
        pos = winner.get(prize.index)
        if pos is None:
            awards.append(Award(prize, None, None, explain.not_awarded(prize)))
        else:
            mine = pools.get(pos)
            paid = mine.paid[mine.members.index(placed[pos])] if mine else prize.amount
            awards.append(Award(prize, placed[pos], paid, explain.won(prize, pos, passed[prize.index]), mine))
        for pos in after.get(prize.index, ()):
            shared = pools[pos]
            awards.append(Award(None, placed[pos], shared.paid[shared.members.index(placed[pos])],
                                explain.shares(pos), shared))
    return awards


class _Greedy:
    """Rules 1 and 2: prizes in decreasing value, each to the best-placed player of its category not yet
    awarded (nor paid a share of a pool: ``paid``). One pointer a category walks down the standings: a
    player it passed has won a prize already or does not qualify, and stays so."""

    def __init__(self, verdicts: dict[tuple[str, ...], list[Verdict]], count: int):
        self.verdicts = verdicts
        self.count = count
        self.won: dict[int, Prize] = {}  # position -> the prize won
        self.winner: dict[int, int] = {}  # prize index -> position
        self.passed: dict[int, tuple[int, ...]] = {}  # prize index -> qualifying players above its winner
        self.pointer = dict.fromkeys(verdicts, 0)
        self.skipped: dict[tuple[str, ...], list[int]] = {key: [] for key in verdicts}

    def run(self, prizes: list[Prize], paid: set[int]) -> None:
        for prize in sorted(prizes, key=value_order):
            key = prize.category.key
            v, i = self.verdicts[key], self.pointer[key]
            while i < self.count and (i in self.won or i in paid or v[i].ok is not True):
                if v[i].ok:
                    self.skipped[key].append(i)
                i += 1
            self.pointer[key] = i + 1
            self.passed[prize.index] = tuple(self.skipped[key])
            if i < self.count:
                self.won[i], self.winner[prize.index] = prize, i


def _pools(greedy: _Greedy, table: PrizeTable, categories: dict[tuple[str, ...], Category],
           placed: list[Placed], share: Share) -> dict[int, Pool]:
    """Rule 3: the money of each category's winners with equal points (``none``: equal rank) and the players
    tied with its last winner who won nothing, shared -> position -> the pool he is paid from (pools shared
    by several players only)."""
    won = greedy.won

    def key_of(i: int) -> object:
        # C.07 2.1: without sharing on points, players every tie-break leaves equal share their place
        return placed[i].rank if share == "none" else placed[i].points

    runs: list[tuple[tuple[str, ...], list[int]]] = []  # (category, its winners with equal points or rank)
    last_run: dict[tuple[str, ...], int] = {}
    for key in categories:
        positions = sorted(pos for index, pos in greedy.winner.items() if table.prizes[index].category.key == key)
        for pos in positions:
            if runs and runs[-1][0] == key and key_of(runs[-1][1][-1]) == key_of(pos):
                runs[-1][1].append(pos)
            else:
                runs.append((key, [pos]))
        if positions:
            last_run[key] = len(runs) - 1
    joined = _joins(runs, last_run, won, greedy.verdicts, key_of, len(placed))
    pools: dict[int, Pool] = {}
    for n, (key, positions) in enumerate(runs):
        members = sorted(positions + joined.get(n, []))
        nominal = [won[m].amount or 0 if m in won else 0 for m in members]
        total = sum(nominal)
        if len(members) < 2 or total == 0:
            continue
        if share == "hort":
            halves = _equal_places([Fraction(x, 2) for x in nominal], [placed[m].rank for m in members])
            exact = [h + Fraction(total, 2 * len(members)) for h in halves]
        else:
            exact = [Fraction(total, len(members))] * len(members)
        prizes = tuple(sorted((won[m] for m in members if m in won), key=value_order))
        pool = Pool(categories[key], prizes, tuple(placed[m] for m in members), tuple(nominal), tuple(exact),
                    tuple(split(exact, total)), share)
        for m in members:
            pools[m] = pool
    return pools


def _joins(runs: list[tuple[tuple[str, ...], list[int]]], last_run: dict[tuple[str, ...], int],
           won: dict[int, Prize], verdicts: dict[tuple[str, ...], list[Verdict]],
           key_of: Callable[[int], object], count: int) -> dict[int, list[int]]:
    """Rules 3 and 4: the players who won no prize and are tied with a category's last winner (equal points,
    or rank) join that category's last pool; tied with several, the one holding the most valuable prize.
    -> run number -> positions."""
    by_key: dict[object, list[int]] = {}
    for key, n in last_run.items():
        positions = runs[n][1]
        if any(won[p].amount for p in positions):
            by_key.setdefault(key_of(positions[-1]), []).append(n)
    joined: dict[int, list[int]] = {}
    if not by_key:
        return joined
    for u in range(count):
        if u in won or (options := by_key.get(key_of(u))) is None:
            continue
        mine = [n for n in options if verdicts[runs[n][0]][u].ok is True and u > runs[n][1][-1]]
        if mine:
            best = min(mine, key=lambda n: min(value_order(won[p]) for p in runs[n][1]))
            joined.setdefault(best, []).append(u)
    return joined


def _equal_places(values: list[Fraction], ranks: list[int]) -> list[Fraction]:
    """Values averaged among players who share a place (equal rank: every tie-break equal, C.07 2.1)."""
    out = list(values)
    for rank in set(ranks):
        same = [i for i, r in enumerate(ranks) if r == rank]
        if len(same) > 1:
            mean = sum((values[i] for i in same), Fraction(0)) / len(same)
            for i in same:
                out[i] = mean
    return out


__all__ = ["award_prizes", "value_order"]
