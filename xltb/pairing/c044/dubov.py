"""The Dubov system, C.04.4.1: the PAB first (2.1), then each scoregroup from the top down (1.8.2) with the
fewest upfloaters from below (there are no downfloaters), white seekers (G1, sorted by ARO) against black
seekers (G2, by the first legal transposition of the initial ranking), the maximum upfloater rule.

The upfloaters of a scoregroup are chosen by one maximum-weight matching of every player still to pair:
the most pairs of all is the completion of the round ([C4]); the weight's digits are [C5]-[C10] in their
order, then the order of the sets of upfloaters (4.2). The subgroups are then formed and shifted (2.2.3,
2.2.4) and paired (2.2.5, 2.2.6), each choice the first in its order that still leaves a legal pairing
of the bracket and of the round (a matching of the rest decides).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Callable, NamedTuple, Sequence

from ...errors import InputError
from ...messages import Message, Text
from ...model.results import Colour, Kind
from ...model.tournament import Tournament
from ...rules.swiss import SwissEdition
from .burstein import Colours, may_meet
from .burstein import allocate as burstein_allocate
from ..criteria import Digits
from ..lots import first_colour
from .dubov_order import aro, max_upfloats, shifter_order
from ..matching import max_weight_matching
from ..boards import Game, boards, byes
from ..result import BracketNote, Bye, Pairs
from ..state import Entrant, RoundState, Strength, build_state


class NoPairing(Exception):
    """No round-pairing meets the absolute criteria (C.04.4.1 1.8.3: the arbiter decides)."""


class Upfloats(NamedTuple):
    """A player's upfloats before the round (1.7, [C8]-[C10])."""

    times: int
    """How many times the player was paired with an opponent of a higher score."""
    last: bool
    """Whether the previous round was one of them."""


def upfloats(event: Tournament, round_no: int) -> dict[int, Upfloats]:
    """Each player's upfloats in the rounds before ``round_no`` (games paired, forfeits included: an upfloat
    is a pairing decision), by the scores before each round."""
    before: dict[int, list[Fraction]] = {}
    for p in event.players:
        acc, seq = Fraction(0), []
        for r in p.results[:round_no - 1]:
            seq.append(acc)
            acc += r.points
        before[p.start_no] = seq
    out = {}
    for p in event.players:
        ups = [t for t, r in enumerate(p.results[:round_no - 1]) if r.opponent is not None and r.opponent in before
               and t < len(before[r.opponent]) and before[r.opponent][t] > before[p.start_no][t]]
        out[p.start_no] = Upfloats(len(ups), round_no - 2 in ups)
    return out


def wish(e: Entrant) -> Colour:
    """1.5.2: the colour preference; a player without a game has a mild preference for black (1.5.2.4)."""
    return e.preference.colour if e.colours else Colour.BLACK


def _match(vertices: Sequence[int], allowed: Callable[[int, int], bool],
           weight: Callable[[int, int], int] | None = None) -> dict[int, int]:
    at = {v: k for k, v in enumerate(vertices)}
    edges = [(at[v], at[w], weight(v, w) if weight is not None else 0)
             for v in vertices for w in vertices if v < w and allowed(v, w)]
    mate = max_weight_matching(len(vertices), edges)
    return {vertices[k]: vertices[m] for k, m in enumerate(mate) if m >= 0}


class Bracket(NamedTuple):
    """One scoregroup's outcome (vertices are indices of the round's entrants)."""

    residents: tuple[int, ...]
    """Its resident players (by initial ranking)."""
    upfloaters: tuple[int, ...]
    """The players from lower scoregroups paired in it."""
    shifted: tuple[int, ...]
    """The players shifted from their colour's subgroup to the other (2.2.4)."""
    pairs: tuple[tuple[int, int], ...]
    """The pairs: the S1 player (G1, white seekers by ARO) first."""


class Round(NamedTuple):
    """The round as the scoregroups paired it."""

    entrants: tuple[Entrant, ...]
    """The players to pair, by pairing number."""
    aros: tuple[int, ...]
    """Each entrant's ARO (1.6)."""
    pab: int | None
    """The vertex of the PAB's assignee."""
    brackets: tuple[Bracket, ...]
    """The scoregroups, top down."""


def pair_round(state: RoundState, aros: Sequence[int], ups: Sequence[Upfloats]) -> Round:
    """The round paired (C.04.4.1 1.8, 2, 3, 4)."""
    entrants = state.entrants
    n = len(entrants)
    meet = [[may_meet(entrants[i], entrants[j]) for j in range(n)] for i in range(n)]
    colour = [wish(e) for e in entrants]
    last_round = state.round >= state.rounds
    maxt = max_upfloats(state.rounds)
    pab = _pab(state, meet)
    remaining = [v for v in range(n) if v != pab]
    if len(_match(remaining, lambda v, w: meet[v][w])) != len(remaining):
        raise NoPairing()
    scores = sorted({e.score for e in entrants})
    level = [scores.index(e.score) + 1 for e in entrants]
    brackets: list[Bracket] = []
    for lvl in range(len(scores), 0, -1):
        residents = [v for v in remaining if level[v] == lvl]
        if not residents:
            continue
        floaters = _upfloaters(remaining, residents, level, lvl, entrants, colour, ups, meet, (last_round, maxt))
        bracket = residents + list(floaters)
        rest = [v for v in remaining if v not in set(bracket)]
        pairs, shifted = _pair_bracket(bracket, rest, entrants, colour, aros, meet)
        brackets.append(Bracket(tuple(sorted(residents, key=lambda v: entrants[v].tpn)), floaters, shifted, pairs))
        taken = set(bracket)
        remaining = [v for v in remaining if v not in taken]
    return Round(entrants, tuple(aros), pab, tuple(brackets))


def _upfloaters(remaining: list[int], residents: list[int], level: list[int], lvl: int,
                entrants: tuple[Entrant, ...], colour: list[Colour], ups: Sequence[Upfloats],
                meet: list[list[bool]], last: tuple[bool, int]) -> tuple[int, ...]:
    """2.2.1-2.2.2: the fewest upfloaters into the scoregroup of ``lvl`` and the best by [C6]-[C10], then
    the first in 4.2's order, with a legal pairing of the round left (one matching of every player)."""
    last_round, maxt = last
    n = len(entrants)
    lower = sorted((v for v in remaining if level[v] < lvl), key=lambda v: (-entrants[v].score, entrants[v].tpn))
    seq = {v: k for k, v in enumerate(lower)}  # 4.2.2: score, then initial ranking
    fields: list[tuple[str, int]] = [("C5", n)] + [(f"C6.{k}", n) for k in range(1, lvl)]
    fields += [("C7", n), ("C8", n), ("C9", n * (max((u.times for u in ups), default=0) + 1)), ("C10", n)]
    cost = Digits(fields)
    order = Digits([(f"U{k}", 1) for k in range(len(lower))])
    inside = set(residents)

    def edge_cost(v: int, w: int) -> int:
        if v in inside and w in inside:
            return cost.at("C7") if colour[v] is colour[w] else 0  # [C7]
        if v in inside or w in inside:
            x, r = (w, v) if v in inside else (v, w)
            c = cost.at("C5") + cost.at(f"C6.{level[x]}")  # [C5] an upfloater; [C6] its score
            if colour[x] is colour[r]:
                c += cost.at("C7")
            if not last_round and ups[x].times >= maxt:
                c += cost.at("C8") + cost.at("C9", ups[x].times)  # [C8], [C9] a maximum upfloater
            if not last_round and ups[x].last:
                c += cost.at("C10")  # [C10] upfloated in the previous round
            return c
        return 0

    def edge_bonus(v: int, w: int) -> int:
        x = w if v in inside else v
        return order.at(f"U{seq[x]}") if (v in inside) != (w in inside) else 0

    allowed = [v for v in remaining if level[v] <= lvl]
    # a pair of two players below costs nothing: only the pairs with a resident are worked out one by one
    costs = {(v, w): edge_cost(v, w) for v in allowed for w in allowed
             if v < w and meet[v][w] and (v in inside or w in inside)}
    top = max(costs.values(), default=0) + 1
    got = max_weight_matching(len(allowed), _edges(allowed, meet, lambda v, w: (
        top << order.bits if (c := costs.get((v, w))) is None else ((top - c) << order.bits) + edge_bonus(v, w))))
    if any(m < 0 for m in got):
        raise NoPairing()
    mate = {allowed[k]: allowed[m] for k, m in enumerate(got)}
    floaters = tuple(sorted((mate[v] for v in residents if mate[v] not in inside), key=lambda v: seq[v]))
    return floaters


def _edges(vertices: list[int], meet: list[list[bool]], weight: Callable[[int, int], int]) -> list[tuple[int, int, int]]:
    """The pairs of ``vertices`` that may meet, by their places in the list, with their weights."""
    at = {v: k for k, v in enumerate(vertices)}
    return [(at[v], at[w], weight(v, w)) for v in vertices for w in vertices if v < w and meet[v][w]]


def _pab(state: RoundState, meet: list[list[bool]]) -> int | None:
    """2.1: [C2] allowed, [C4] the rest can be paired, the lowest score, the most games, the lowest place in
    the initial ranking."""
    entrants = state.entrants
    n = len(entrants)
    if n % 2 == 0:
        return None
    games = [state.round - 1 - e.unplayed for e in entrants]
    for v in sorted((v for v in range(n) if entrants[v].pab_allowed),
                    key=lambda v: (entrants[v].score, -games[v], -entrants[v].tpn)):
        rest = [u for u in range(n) if u != v]
        if len(_match(rest, lambda a, b: meet[a][b])) == len(rest):
            return v
    raise NoPairing()


def _pair_bracket(bracket: list[int], rest: list[int], entrants: tuple[Entrant, ...], colour: list[Colour],
                  aros: Sequence[int], meet: list[list[bool]]
                  ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """2.2.3-2.2.6: G1 and G2, their recomposition, S1 by ARO and the first legal transposition of G2."""
    by_rank = sorted(bracket, key=lambda v: entrants[v].tpn)
    if all(not entrants[v].colours for v in bracket):  # 2.2.3.1: nobody has played: the first half is G1
        g1 = by_rank[:len(by_rank) // 2]
    else:
        g1 = [v for v in by_rank if colour[v] is Colour.WHITE]
    g2 = [v for v in by_rank if v not in g1]

    # the rest is paired apart from the bracket (no pair joins them): whether it can be, asked once
    rest_ok = len(_match(rest, lambda v, w: meet[v][w])) == len(rest)

    def legal(x: list[int], y: list[int], fixed: Sequence[tuple[int, int]] = (), within_y: bool = False) -> bool:
        """A legal pairing of the bracket (x against y; pairs inside y too when ``within_y``) and of the rest."""
        xs, ys = set(x), set(y)
        done = {v for p in fixed for v in p}
        if not rest_ok or any(not meet[a][b] for a, b in fixed):
            return False
        free = [v for v in bracket if v not in done and (v in xs or v in ys)]
        if len(free) != len(bracket) - len(done):
            return False  # a player of the bracket in neither subgroup: nobody may meet him

        def ok(v: int, w: int) -> bool:
            return meet[v][w] and ((v in xs) != (w in xs) or (within_y and v in ys and w in ys))

        return len(_match(free, ok)) == len(free)

    def shifter_sets(group: list[int], k: int, white: bool) -> list[tuple[int, ...]]:
        """4.3: sets of ``k`` shifters of ``group`` in the order of their sequence numbers."""
        if white:
            ranked = sorted(group, key=lambda v: (aros[v], entrants[v].tpn))  # 4.3.2 white seekers: ARO, rank
        else:
            ranked = sorted(group, key=lambda v: entrants[v].tpn)  # black seekers: the initial ranking
        numbered = shifter_order(ranked)
        return [tuple(numbered[i] for i in c) for c in combinations(range(len(numbered)), k)]

    shifted: list[int] = []
    # 2.2.4.1: players of the smaller subgroup (G1 when equal) that must meet each other move to the other
    g1_small = len(g1) <= len(g2)
    small, large = (g1, g2) if g1_small else (g2, g1)
    need = _within(small, large, bracket, rest, meet)
    if need:
        for s in shifter_sets(small, need, g1_small):
            x, y = [v for v in small if v not in s], large + list(s)
            if legal(x, y, within_y=True):
                small, large, shifted = x, y, list(s)
                break
        else:
            raise NoPairing()
        g1, g2 = (small, large) if g1_small else (large, small)
    # 2.2.4.2: equal sizes, the best set from the larger subgroup
    if len(g1) != len(g2):
        big_is_g1 = len(g1) > len(g2)
        big, other = (g1, g2) if big_is_g1 else (g2, g1)
        k = (len(big) - len(other)) // 2
        for s in shifter_sets([v for v in big if v not in shifted], k, big_is_g1):
            x, y = other + list(s), [v for v in big if v not in s]
            if legal(x, y):
                shifted += list(s)
                g1, g2 = (y, x) if big_is_g1 else (x, y)
                break
        else:
            raise NoPairing()
    if not legal(g1, g2):
        raise NoPairing()
    return _s1_t2(g1, g2, aros, entrants, legal), tuple(shifted)


def _s1_t2(g1: list[int], g2: list[int], aros: Sequence[int], entrants: tuple[Entrant, ...],
           legal: Callable[[list[int], list[int], Sequence[tuple[int, int]]], bool]) -> tuple[tuple[int, int], ...]:
    """2.2.5: S1, G1 by ascending ARO (then initial ranking); 2.2.6: against the first transposition of G2
    (4.4.2: by initial ranking) that yields a legal pairing, chosen player by player."""
    s1 = sorted(g1, key=lambda v: (aros[v], entrants[v].tpn))
    t2 = sorted(g2, key=lambda v: entrants[v].tpn)
    pairs: list[tuple[int, int]] = []
    for a in s1:
        b = next((b for b in t2 if b not in {q for _, q in pairs} and legal(g1, g2, pairs + [(a, b)])), None)
        if b is None:
            raise NoPairing()
        pairs.append((a, b))
    return tuple(pairs)


def _within(small: list[int], large: list[int], bracket: list[int], rest: list[int], meet: list[list[bool]]) -> int:
    """2.2.4.1: the fewest pairs inside ``small`` in a legal pairing of the bracket and of the rest (pairs
    inside ``large`` cost as much: the fewest players without their colour first, [C7])."""
    s, b = set(small), set(bracket)
    n = len(bracket) + len(rest)

    def ok(v: int, w: int) -> bool:
        return meet[v][w] and ((v in b) == (w in b))

    def weight(v: int, w: int) -> int:
        if v not in b:
            return 4 * n
        same = (v in s) == (w in s)
        return 4 * n - (2 * n if same else 0) - (1 if same and v in s else 0)

    # no pair joins the bracket and the rest, whose pairs all weigh the same: the bracket alone decides
    mate = _match(bracket, ok, weight)
    return sum(1 for v, w in mate.items() if v < w and v in s and w in s)


def _for_colours(e: Entrant) -> Entrant:
    """1.5.2.4: a player without a game seeks black (mildly) when colours are allocated."""
    if e.colours:
        return e
    return e._replace(preference=e.preference._replace(colour=Colour.BLACK, strength=Strength.MILD))


def explain(rnd: Round, state: RoundState) -> Pairs:
    """The boards (C.04.2 board order), the byes and the scoregroups of a paired round, with their reasons."""
    entrants = rnd.entrants
    games: list[Game] = []
    notes: list[BracketNote] = []
    for br in rnd.brackets:
        said: list[Text] = []
        if br.upfloaters:
            said.append(Message("pairing.dubov.upfloaters", players=tuple(entrants[v].start_no for v in br.upfloaters)))
        if br.shifted:
            said.append(Message("pairing.dubov.shifted", players=tuple(entrants[v].start_no for v in br.shifted)))
        notes.append(BracketNote(entrants[br.residents[0]].score, tuple(entrants[v].start_no for v in br.residents),
                                 (), tuple(said)))
        for v, w in br.pairs:
            a, b = entrants[v], entrants[w]
            why = Message("pairing.dubov.pair", s1=a.start_no, aro=rnd.aros[v], t2=b.start_no,
                          score=entrants[br.residents[0]].score)
            high, low = (a, b) if (a.score, -a.tpn) > (b.score, -b.tpn) else (b, a)
            c = allocate(high, low, state.first_colour)
            games.append(Game(c.white, c.black, (why, Message(f"pairing.dubov.colour.{c.rule}",
                                                              white=c.white.start_no, black=c.black.start_no))))
    pab = None
    if rnd.pab is not None:
        e = entrants[rnd.pab]
        pab = Bye(e.start_no, Kind.PAB, state.pab_points,
                  (Message("pairing.dubov.pab", no=e.start_no, score=e.score, games=state.round - 1 - e.unplayed),))
    return Pairs(boards(games), byes(pab, state.absent), tuple(notes))


def allocate(high: Entrant, low: Entrant, first: Colour) -> Colours:
    """C.04.4.1 5.2: as the Burstein system's rules (the same text), with a player without a game seeking
    black (1.5.2.4); ``high`` is the higher-ranked player (more points, then the initial ranking)."""
    got = burstein_allocate(_for_colours(high), _for_colours(low), first)
    by_no = {high.start_no: high, low.start_no: low}
    return Colours(by_no[got.white.start_no], by_no[got.black.start_no], got.rule)


def pair_dubov(event: Tournament, round_no: int, edition: SwissEdition, *, lots: int | None = None) -> Pairs:
    """Round ``round_no`` of ``event`` paired by the Dubov system (C.04.4.1). ``lots`` draws the initial
    colour (5.1) when the event does not say it."""
    state = build_state(event, round_no)
    drawn = first_colour(event.plans.first_colour, lots)  # 5.1: the event's, else drawn by lot
    if drawn is not None:
        state = state._replace(first_colour=drawn.colour)
    rating = {p.start_no: p.rating or 0 for p in event.players}  # 1.1.2: a provisional rating: 0 when none
    ups_of = upfloats(event, round_no)
    entrants = state.entrants
    aros = [aro([rating[o] for o in sorted(e.met)]) for e in entrants]
    try:
        rnd = pair_round(state, aros, [ups_of[e.start_no] for e in entrants])
    except NoPairing:
        raise InputError(str(Message("pairing.dubov.impossible", round=round_no)), file=event.source) from None
    pairs = explain(rnd, state)
    return pairs if drawn is None else pairs._replace(notes=pairs.notes + (drawn.note,))


__all__ = ["Bracket", "NoPairing", "Round", "Upfloats", "allocate", "explain", "pair_dubov", "pair_round",
           "upfloats", "wish"]
