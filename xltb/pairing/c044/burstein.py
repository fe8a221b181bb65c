"""The Burstein system, C.04.4.2: after the seeding rounds paired by the FIDE (Dutch) system (1.5), the
PAB first (2.1), then bracket by bracket from the top score down (1.8.2), each bracket ranked by the
opposition Index (1.7, :mod:`xltb.pairing.c044.burstein_index`) and paired top against bottom (4.3).

Each bracket is one maximum-weight matching of every player still to pair (:mod:`xltb.pairing.matching`):
the most pairs of all (the completion of the round, [C4]) and, among those, the largest weight, whose
digits are the quality criteria [C5]-[C8] in their order and then the order of the pairings of 4.3 (BSN 1's
opponent as low in the ranking as possible, then BSN 2's, ...; a floater's opponent is BSN 0).
"""

from __future__ import annotations

from typing import NamedTuple

from ...errors import InputError
from ...messages import Message, Text
from ...model.results import Colour, Kind
from ...model.tournament import Tournament
from ...rules.swiss import NEWEST_SWISS, SwissEdition
from .burstein_index import Index, indices, rank_key
from ..criteria import Digits
from ..dutch import pair_dutch
from ..lots import first_colour
from ..matching import max_weight_matching
from ..boards import Game, boards, byes
from ..result import BracketNote, Bye, Pairs
from ..state import Entrant, RoundState, Strength, build_state


class NoPairing(Exception):
    """No round-pairing meets the absolute criteria (C.04.4.2 1.8.3: the arbiter decides)."""


def seeding_rounds(rounds: int) -> int:
    """C.04.4.2 1.5.2: half the rounds (rounded down) or 4, whichever is lower."""
    return min(rounds // 2, 4)


def may_meet(a: Entrant, b: Entrant) -> bool:
    """[C1] not met before; [C3] not the same absolute colour preference (no exception in this system)."""
    if b.start_no in a.met:
        return False
    pa, pb = a.preference, b.preference
    return not (pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE and pa.colour is pb.colour)


class Colours(NamedTuple):
    """The colours of one pair and the rule that decided (C.04.4.2 5.2)."""

    white: Entrant
    """The player with white."""
    black: Entrant
    """The player with black."""
    rule: str
    """``5_2_1`` .. ``5_2_5``."""


def allocate(high: Entrant, low: Entrant, first: Colour) -> Colours:
    """C.04.4.2 5.2, with descending priority; ``high`` is the higher-ranked player (1.7), ``first`` the
    initial colour (5.1)."""
    w, bl = Colour.WHITE, Colour.BLACK
    ph, pl = high.preference, low.preference
    if not high.colours and not low.colours:
        # 5.2.1 neither has played: the higher-ranked player's pairing number odd -> the initial colour
        gets = first if high.tpn % 2 == 1 else (bl if first is w else w)
        return Colours(high, low, "5_2_1") if gets is w else Colours(low, high, "5_2_1")
    ch, cl = ph.colour, pl.colour
    # 5.2.2 grant both preferences (1.4.2.4: one without a preference lets the other's be granted)
    if ch is not cl or ch is Colour.NONE:
        if ch is w or cl is bl:
            return Colours(high, low, "5_2_2")
        return Colours(low, high, "5_2_2")
    # 5.2.3 grant the stronger preference
    if ph.strength is not pl.strength:
        strong = high if ph.strength.value > pl.strength.value else low
        other = low if strong is high else high
        return Colours(strong, other, "5_2_3") if ch is w else Colours(other, strong, "5_2_3")
    # 5.2.4 alternate from the most recent time one had white and the other black (played games, C.04.2)
    for x, y in zip(reversed(high.colours), reversed(low.colours)):
        if x is not y:
            return Colours(high, low, "5_2_4") if x is bl else Colours(low, high, "5_2_4")
    # 5.2.5 the higher-ranked player's preference
    return Colours(high, low, "5_2_5") if ch is w else Colours(low, high, "5_2_5")


class Bracket(NamedTuple):
    """One bracket's outcome (vertices are indices of the round's entrants)."""

    level: int
    """The score level of its residents (1: the lowest score)."""
    order: tuple[int, ...]
    """Its players by BSN (4.1): residents and incoming floaters by the ranking order of 1.7."""
    residents: tuple[int, ...]
    """Its resident players."""
    incoming: tuple[int, ...]
    """The incoming floaters."""
    pairs: tuple[tuple[int, int], ...]
    """The pairs made, the higher-ranked player first."""


class Round(NamedTuple):
    """The round as the brackets paired it."""

    entrants: tuple[Entrant, ...]
    """The players to pair, by pairing number."""
    opposition: dict[int, Index]
    """Each player's Index (by pairing number)."""
    pab: int | None
    """The vertex of the PAB's assignee."""
    brackets: tuple[Bracket, ...]
    """The brackets, top down."""


def _adjacency(entrants: tuple[Entrant, ...]) -> list[set[int]]:
    n = len(entrants)
    adj: list[set[int]] = [set() for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if may_meet(entrants[i], entrants[j]):
                adj[i].add(j)
                adj[j].add(i)
    return adj


def _matching(vertices: list[int], adj: list[set[int]], weight: dict[tuple[int, int], int] | None = None
              ) -> dict[int, int]:
    at = {v: k for k, v in enumerate(vertices)}
    edges = [(at[v], at[w], weight[(v, w)] if weight is not None else 0)
             for v in vertices for w in adj[v] if w > v and w in at]
    mate = max_weight_matching(len(vertices), edges)
    return {vertices[k]: vertices[m] for k, m in enumerate(mate) if m >= 0}


def _complete(vertices: list[int], adj: list[set[int]]) -> bool:
    return len(_matching(vertices, adj)) == len(vertices)


def _pab(state: RoundState, adj: list[set[int]], pos: list[int]) -> int | None:
    """C.04.4.2 2.1: the PAB's assignee, chosen before any bracket: [C2] allowed, [C4] the rest can be
    completed, the lowest score, the most games played, the lowest ranking (1.7)."""
    entrants = state.entrants
    n = len(entrants)
    if n % 2 == 0:
        return None
    games = [state.round - 1 - e.unplayed for e in entrants]
    candidates = sorted((v for v in range(n) if entrants[v].pab_allowed),
                        key=lambda v: (entrants[v].score, -games[v], -pos[v]))
    for v in candidates:
        if _complete([u for u in range(n) if u != v], adj):
            return v
    raise NoPairing()


def pair_round(state: RoundState, index: dict[int, Index], edition: SwissEdition = NEWEST_SWISS) -> Round:
    """The round paired after the seeding rounds (C.04.4.2 1.8, 2, 3, 4), by the criteria of ``edition``."""
    entrants = state.entrants
    n = len(entrants)
    adj = _adjacency(entrants)
    ranked = sorted(range(n), key=lambda v: rank_key(index[entrants[v].start_no], entrants[v].tpn))
    pos = [0] * n
    for k, v in enumerate(ranked):
        pos[v] = k
    pab = _pab(state, adj, pos)
    remaining = [v for v in range(n) if v != pab]
    if not _complete(remaining, adj):  # 1.8.3
        raise NoPairing()
    scores = sorted({e.score for e in entrants})
    level_of = {s: k + 1 for k, s in enumerate(scores)}
    level = [level_of[e.score] for e in entrants]
    wish = [e.preference.colour for e in entrants]
    brackets: list[Bracket] = []
    for lvl in range(len(scores), 0, -1):
        bracket = _bracket(remaining, adj, level, wish, pos, lvl, edition.burstein_floaters_counted)
        if bracket is not None:
            taken = {x for p in bracket.pairs for x in p}
            remaining = [v for v in remaining if v not in taken]
            brackets.append(bracket)
    if remaining:
        raise NoPairing()
    return Round(entrants, index, pab, tuple(brackets))


def _bracket(remaining: list[int], adj: list[set[int]], level: list[int], wish: list[Colour], pos: list[int],
             lvl: int, counted: bool) -> Bracket | None:
    """The bracket of score level ``lvl`` paired (None when it has no resident left)."""
    order = sorted((v for v in remaining if level[v] >= lvl), key=lambda v: pos[v])
    residents = tuple(v for v in order if level[v] == lvl)
    if not residents:
        return None
    lower = [level[v] for v in remaining if level[v] < lvl]
    nxt = max(lower) if lower else None
    weights = _weights(remaining, adj, level, wish, order, lvl, nxt, counted)
    keep = {v for v in remaining if nxt is not None and level[v] >= nxt}
    mate = _folded(remaining, adj, weights, keep) if keep else _matching(remaining, adj, weights)
    inside = set(order)
    pairs = sorted(((v, w) for v, w in mate.items() if v in inside and w in inside and pos[v] < pos[w]),
                   key=lambda p: pos[p[0]])
    return Bracket(lvl, tuple(order), residents, tuple(v for v in order if level[v] > lvl), tuple(pairs))


def _folded(remaining: list[int], adj: list[set[int]], weight: dict[tuple[int, int], int], keep: set[int]
            ) -> dict[int, int]:
    """:func:`_matching` of ``remaining``, whose pairs weigh nothing unless both players are in ``keep`` (the
    bracket and the next one), with the players below replaced by ``sinks`` interchangeable vertices: a kept
    player who meets one of them may float into a sink, the sinks pair among themselves. The kept pairs
    chosen are then the best of all the ways that float at most ``sinks`` kept players; when they float two
    fewer than that, they are the best of all: a better way would differ from them by an alternating path or
    cycle that alone makes them better and floats at most two more. They are the round's when the players
    below can take the floaters and still be paired among themselves (one more matching, without weights);
    otherwise, or when the sinks were too few, every player is matched at once."""
    rest = [v for v in remaining if v not in keep]
    kept = [v for v in remaining if v in keep]
    rset = set(rest)
    floating = [x for x in kept if adj[x] & rset]
    at = {v: k for k, v in enumerate(kept)}
    base = len(kept)
    inner = [(at[v], at[w], weight[(v, w)]) for v in kept for w in adj[v] if w > v and w in at]
    sinks = 2 + base % 2  # the floats have the parity of the kept players, and so must the sinks
    while rest and sinks <= base + 1:
        mate = max_weight_matching(base + sinks, inner + _sink_edges([at[x] for x in floating], base, sinks))
        if any(m < 0 for m in mate):
            break
        floats = [kept[k] for k in range(base) if mate[k] >= base]
        if len(floats) > sinks - 2:
            sinks += 4
            continue
        if _absorbed(rest, floats, adj):
            return {kept[k]: kept[m] for k, m in enumerate(mate[:base]) if 0 <= m < base}
        break
    return _matching(remaining, adj, weight)


def _sink_edges(floating: list[int], base: int, sinks: int) -> list[tuple[int, int, int]]:
    """The pairs of weight 0 of ``sinks`` vertices numbered from ``base``: with each vertex of ``floating``,
    and among themselves."""
    edges = [(x, base + i, 0) for x in floating for i in range(sinks)]
    return edges + [(base + i, base + j, 0) for i in range(sinks) for j in range(i + 1, sinks)]


def _absorbed(rest: list[int], floats: list[int], adj: list[set[int]]) -> bool:
    """Whether the players ``rest`` can each pair a floater of ``floats`` (never two floaters together) and
    still be paired among themselves."""
    rset, fset = set(rest), set(floats)
    lower = rest + floats
    index = {v: k for k, v in enumerate(lower)}
    plain = [(index[v], index[w], 0) for v in lower for w in adj[v] if w in rset and (v in fset or w > v)]
    return all(m >= 0 for m in max_weight_matching(len(lower), plain))


def _weights(remaining: list[int], adj: list[set[int]], level: list[int], wish: list[Colour], order: list[int],
             lvl: int, nxt: int | None, counted: bool) -> dict[tuple[int, int], int]:
    """The weight of every pair of the players still to pair, for the bracket ``order`` at ``lvl``: the
    digits [C5], [C6], [C7], [C8], then 4.3's order by BSN (the most significant first). ``counted``
    (2025-07): [C6] and [C7] count the floaters paired before their scores; otherwise (2026-02) only the
    floaters' scores, the highest first, count: with the number of pairs settled by [C5] (and by [C7]'s
    pairs), pairing the most of the highest score level, then of the next, ... is leaving out floaters whose
    scores, in descending order, are the least."""
    n = len(remaining)
    bsn = {v: k + 1 for k, v in enumerate(order)}
    top = max(level[v] for v in order)
    mdp_levels = list(range(top, lvl, -1))
    float_levels = list(range(top, lvl - 1, -1))
    fields: list[tuple[str, int]] = [("C5", n), ("C6", n)]
    fields += [(f"C6.{k}", n) for k in mdp_levels]
    fields += [("C7", n), ("C7.n", n)] + [(f"C7.{k}", n) for k in float_levels]
    fields += [("C8", n)] + [(f"B{k}", len(order) * 2) for k in range(1, len(order) + 1)]
    d = Digits(fields)
    out: dict[tuple[int, int], int] = {}
    inside = set(remaining)
    for v in remaining:
        for w in adj[v]:
            if w <= v or w not in inside:
                continue
            weight = 0
            if v in bsn and w in bsn:
                weight += d.at("C5")  # [C5] a pair in the bracket
                for x in (v, w):
                    if level[x] > lvl:  # [C6] an incoming floater paired: (2025-07 their number, then) scores
                        weight += (d.at("C6") if counted else 0) + d.at(f"C6.{level[x]}")
                if wish[v] is Colour.NONE or wish[v] is not wish[w]:
                    weight += d.at("C8")  # [C8] both players get their colour preference
                weight += d.at(f"B{bsn[v]}", bsn[w]) + d.at(f"B{bsn[w]}", bsn[v])  # 4.3
            elif nxt is not None and level[v] >= nxt and level[w] >= nxt:
                weight += d.at("C7")  # [C7] a pair of the following bracket
                for x in (v, w):
                    if x in bsn:  # ... that pairs an outgoing floater: (2025-07 their number, then) scores
                        weight += (d.at("C7.n") if counted else 0) + d.at(f"C7.{level[x]}")
            out[(v, w)] = weight
    return out




def _index_text(i: Index) -> Message:
    return Message("pairing.burstein.index", buchholz=i.buchholz, sb=i.sonneborn_berger)


def explain(rnd: Round, state: RoundState) -> Pairs:
    """The boards (C.04.2 board order), the byes and the brackets of a paired round, with their reasons."""
    entrants = rnd.entrants
    games: list[Game] = []
    notes: list[BracketNote] = []
    for br in rnd.brackets:
        order = tuple(entrants[v].start_no for v in br.order)
        paired = {x for p in br.pairs for x in p}
        floaters = tuple(entrants[v].start_no for v in br.order if v not in paired)
        said: list[Text] = [Message("pairing.burstein.bracket", order=order)]
        if floaters:
            said.append(Message("pairing.burstein.floaters", players=floaters))
        notes.append(BracketNote(entrants[br.residents[0]].score, tuple(entrants[v].start_no for v in br.residents),
                                 tuple(entrants[v].start_no for v in br.incoming), tuple(said)))
        bsn = {v: k + 1 for k, v in enumerate(br.order)}
        for v, w in br.pairs:
            high, low = entrants[v], entrants[w]
            why = Message("pairing.burstein.pair", high=high.start_no, low=low.start_no, high_bsn=bsn[v],
                          low_bsn=bsn[w], score=entrants[br.residents[0]].score,
                          high_index=_index_text(rnd.opposition[high.start_no]),
                          low_index=_index_text(rnd.opposition[low.start_no]))
            c = allocate(high, low, state.first_colour)
            games.append(Game(c.white, c.black, (why, Message(f"pairing.burstein.colour.{c.rule}",
                                                              white=c.white.start_no, black=c.black.start_no))))
    pab = None
    if rnd.pab is not None:
        e = entrants[rnd.pab]
        pab = Bye(e.start_no, Kind.PAB, state.pab_points,
                  (Message("pairing.burstein.pab", no=e.start_no, score=e.score, games=state.round - 1 - e.unplayed,
                           index=_index_text(rnd.opposition[e.start_no])),))
    return Pairs(boards(games), byes(pab, state.absent), tuple(notes))


def pair_burstein(event: Tournament, round_no: int, edition: SwissEdition, *, lots: int | None = None) -> Pairs:
    """Round ``round_no`` of ``event`` paired by the Burstein system (C.04.4.2): a seeding round by the FIDE
    (Dutch) system of ``edition`` (1.5), any later round by the Index. ``lots`` draws the initial colour
    (5.1) when the event does not say it."""
    state = build_state(event, round_no)
    seeding = seeding_rounds(state.rounds)
    if round_no <= seeding:
        pairs = pair_dutch(event, round_no, edition, lots=lots)
        return pairs._replace(notes=pairs.notes + (Message("pairing.burstein.seeding", round=round_no,
                                                                   seeding=seeding),))
    drawn = first_colour(event.plans.first_colour, lots)  # 5.1: the event's, else drawn by lot
    if drawn is not None:
        state = state._replace(first_colour=drawn.colour)
    try:
        rnd = pair_round(state, indices(event, round_no), edition)
    except NoPairing:
        raise InputError(str(Message("pairing.burstein.impossible", round=round_no)), file=event.source) from None
    pairs = explain(rnd, state)
    return pairs if drawn is None else pairs._replace(notes=pairs.notes + (drawn.note,))


__all__ = ["Bracket", "Colours", "NoPairing", "Round", "allocate", "explain", "may_meet", "pair_burstein",
           "pair_round", "seeding_rounds"]
