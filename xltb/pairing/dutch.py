"""The FIDE (Dutch) system, C.04.3: pair one round, bracket by bracket from the top score down.

For each bracket one matching of every player still to pair finds the best pairing by the criteria
(:mod:`xltb.pairing.criteria`; the players below stand in for the completion of the round, [C4]) and,
among equally good ones, the first candidate in the order of C.04.3 4 (:mod:`xltb.pairing.sequence`):
first the MDP-pairing of a heterogeneous bracket, then its remainder (or the homogeneous bracket).
The PAB goes to a player of the lowest score that still lets the round be completed ([C5]).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable

from ..errors import InputError
from ..messages import Message
from ..model.results import Kind
from ..model.tournament import Tournament
from ..rules.swiss import SwissEdition
from .colours import allocate
from .criteria import BracketCosts, Player
from .explain import board_reasons, bracket_notes, bye_reasons
from .fast import FloatOk, colour_limits, perfect_bracket
from .lots import first_colour
from .matching import has_perfect_matching, max_weight_matching
from .records import Fixed, Graph
from .boards import Game, boards, byes
from .result import BracketNote, Bye, Pairs
from .sequence import MdpOrder, ResidentOrder
from .state import Float, RoundState, build_state


class NoPairing(Exception):
    """No pairing of the round meets the absolute and completion criteria (C.04.3 1.9.3)."""


def build_graph(state: RoundState) -> Graph:
    entrants = state.entrants
    scores = sorted({e.score for e in entrants})
    level_of = {s: i + 1 for i, s in enumerate(scores)}
    n = len(entrants)
    levels = [level_of[e.score] for e in entrants]
    index = {e.start_no: i for i, e in enumerate(entrants)}
    # [C1] the pair (i, j), i < j, is barred when j is among those i met
    barred: list[set[int]] = [{i} for i in range(n)]
    for i, e in enumerate(entrants):
        for j in (index[s] for s in e.met if s in index):
            if j > i:
                barred[i].add(j)
                barred[j].add(i)
    # [C3] non-topscorers with the same absolute colour preference
    absolute: dict[object, set[int]] = {}
    for i, e in enumerate(entrants):
        if e.preference.strength.value == 3 and not e.topscorer:
            absolute.setdefault(e.preference.colour, set()).add(i)
    everyone = set(range(n))
    adj: list[set[int]] = []
    for i, e in enumerate(entrants):
        same = absolute.get(e.preference.colour, set()) if e.preference.strength.value == 3 and not e.topscorer else set()
        adj.append(everyone - barred[i] - same)
    if n % 2:
        adj.append(set())
    if n % 2:
        levels.append(0)
        for i in range(n):
            if entrants[i].pab_allowed:  # [C2]
                adj[i].add(n)
                adj[n].add(i)
    return Graph(entrants, tuple(levels), tuple(frozenset(a) for a in adj))


def _match(vertices: list[int], adj: tuple[frozenset[int], ...], cost: dict[tuple[int, int], int] | None = None
           ) -> dict[int, int]:
    """The matching of ``vertices`` of the most pairs and, among those, the least total cost (``cost``: the
    pairs that cost anything; every other pair costs nothing)."""
    index = {v: k for k, v in enumerate(vertices)}
    edges = []
    costs = cost or {}
    top = max(costs.values(), default=0) + 1
    for v in vertices:
        iv = index[v]
        for w in adj[v]:
            if w > v:
                iw = index.get(w)
                if iw is not None:
                    edges.append((iv, iw, top - costs.get((v, w), 0)))
    mate = max_weight_matching(len(vertices), edges)
    return {vertices[k]: vertices[m] for k, m in enumerate(mate) if m >= 0}


def _solve(vertices: list[int], adj: tuple[frozenset[int], ...], cost: dict[tuple[int, int], int],
           keep: set[int]) -> dict[int, int]:
    """:func:`_match`, with the players outside ``keep`` (below the next bracket: every pair among them costs
    nothing, and a pair of one of them with a kept player costs what the kept player's float costs) folded
    into a few interchangeable sinks when that cannot change the result: each of them meets more than half
    of the others plus the kept players (Dirac: what is left after any floats is still perfectly
    matchable), and each kept player meets none of them or enough to float into distinct ones. Pairs with
    a sink are left out of the answer (the kept player floats)."""
    rest = [v for v in vertices if v not in keep]
    kept = [v for v in vertices if v in keep]
    if len(rest) < 2 * len(kept) + 4:
        return _match(vertices, adj, cost)
    rset = set(rest)
    need = len(rest) / 2 + len(kept) + 1
    if any(len(adj[v] & rset) < need for v in rest):
        return _match(vertices, adj, cost)
    floats: dict[int, int] = {}
    for x in kept:
        nb = adj[x] & rset
        if nb:
            if len(nb) < len(kept):
                return _match(vertices, adj, cost)
            w = next(iter(nb))
            floats[x] = cost.get((x, w) if x < w else (w, x), 0)
    sinks = len(kept) + (len(rest) - len(kept)) % 2
    index = {v: k for k, v in enumerate(kept)}
    top = max(list(cost.values()) + list(floats.values()), default=0) + 1
    edges = []
    for v in kept:
        iv = index[v]
        for w in adj[v]:
            if w > v and w in index:
                edges.append((iv, index[w], top - cost.get((v, w), 0)))
    base = len(kept)
    for v, c in floats.items():
        edges += [(index[v], base + i, top - c) for i in range(sinks)]
    edges += [(base + i, base + j, top) for i in range(sinks) for j in range(i + 1, sinks)]
    mate = max_weight_matching(base + sinks, edges)
    return {kept[k]: kept[m] for k, m in enumerate(mate[:base]) if 0 <= m < base}


def _perfect(vertices: list[int], adj: tuple[frozenset[int], ...]) -> bool:
    return has_perfect_matching(vertices, adj.__getitem__)


def _pab_level(graph: Graph, vertices: list[int]) -> int:
    """[C5]: the lowest score level whose player can take the PAB with the round still complete."""
    n, adj, levels = len(graph.entrants), graph.adj, graph.levels
    for lvl in sorted({levels[v] for v in adj[n]}):
        takers = frozenset(v for v in adj[n] if levels[v] == lvl)

        def neighbours(v: int) -> Iterable[int]:
            if v == n:
                return takers
            return adj[v] if v in takers else (w for w in adj[v] if w != n)

        if has_perfect_matching(vertices, neighbours):
            return lvl
    raise NoPairing()


def _touching(vertices: list[int], upper: set[int], adj: tuple[frozenset[int], ...]) -> list[tuple[int, int]]:
    """The pairs among ``vertices`` with at least one player in ``upper`` (the others cost nothing)."""
    inside = set(vertices)
    out = []
    for v in upper:
        for w in adj[v]:
            if w in inside and (w not in upper or w > v):
                out.append((v, w) if v < w else (w, v))
    return out


def _perfect_pairs(graph: Graph, adj: tuple[frozenset[int], ...], group: list[int], players: list[Player],
                   costs: BracketCosts) -> tuple[Callable[[int, int], bool], FloatOk]:
    """Whether two players of the bracket (``group``) may meet in its perfect candidate, and which colour
    preference its floater may have: no criterion broken but [C12] [C13], within :func:`colour_limits`
    (each pair judged once, when it is first asked about)."""
    entrants = graph.entrants
    pair_ok, float_ok = colour_limits([entrants[v].preference for v in group])
    colour = {0, costs.digits.at("C12"), costs.digits.at("C12") + costs.digits.at("C13")}
    known: dict[tuple[int, int], bool] = {}

    def meets(a: int, b: int) -> bool:
        key = (a, b) if a < b else (b, a)
        ok = known.get(key)
        if ok is None:
            ok = known[key] = (b in adj[a] and pair_ok(entrants[a].preference, entrants[b].preference)
                               and costs.cost(players[a], players[b]) in colour)
        return ok

    return meets, float_ok


def _pab_takers(graph: Graph, adj: tuple[frozenset[int], ...], remaining: list[int], bracket: list[int], lvl: int,
                pab_level: int) -> frozenset[int] | None:
    """In the last bracket of an odd round, at the PAB's level, the players whose taking the PAB keeps [C9]
    at its least: those of the fewest unplayed games among the ones who may take it; None elsewhere."""
    n = len(graph.entrants)
    if not (n % 2 and lvl == pab_level and len(bracket) + 1 == len(remaining)):
        return None
    least = min((graph.entrants[v].unplayed for v in adj[n]), default=0)
    return frozenset(v for v in adj[n] if graph.entrants[v].unplayed == least)


def _quick(graph: Graph, adj: tuple[frozenset[int], ...], remaining: list[int], mdps: list[int],
           residents: list[int], lvl: int, players: list[Player], costs: BracketCosts,
           takers: frozenset[int] | None) -> list[tuple[int, int]] | None:
    """The bracket's perfect candidate (:mod:`xltb.pairing.fast`) when it can be shown to be the pairing:
    besides its own criteria, the next bracket floats no more than its parity, none of them the bracket's
    floater, and the round can be completed ([C4], [C8]); in the PAB's bracket, the floater (who takes the
    PAB) among ``takers`` ([C9])."""
    entrants, levels = graph.entrants, graph.levels
    compat, float_ok = _perfect_pairs(graph, adj, mdps + residents, players, costs)

    def floater_ok(x: int) -> bool:  # [C14], [C16]: not a downfloater again
        return (levels[x] == lvl and all(f is not Float.DOWN for f in entrants[x].floats)
                and float_ok(entrants[x].preference) and (takers is None or x in takers))

    pairs = perfect_bracket(mdps, residents, compat, floater_ok)
    if pairs is None:
        return None
    taken = {v for p in pairs for v in p}
    rest = [v for v in remaining if v not in taken]
    upper = [v for v in rest if levels[v] >= lvl - 1]
    lower = [v for v in rest if levels[v] < lvl - 1]
    if len(upper) % 2 == 0:
        return pairs if _perfect(upper, adj) and _perfect(lower, adj) else None
    for y in upper[:4]:
        if levels[y] == lvl - 1 and _perfect([v for v in upper if v != y], adj) and _perfect(lower + [y], adj):
            return pairs
    return None


def _restrict_pab(graph: Graph, adj: tuple[frozenset[int], ...], pab_level: int) -> tuple[frozenset[int], ...]:
    """[C5] only a player of ``pab_level`` may take the PAB: the dummy's edges to any other level removed."""
    n, levels = len(graph.entrants), graph.levels
    return tuple(a - {n} if (v < n and levels[v] != pab_level) else
                 (frozenset(w for w in a if levels[w] == pab_level) if v == n else a) for v, a in enumerate(adj))


def _c9_applies(graph: Graph, adj: tuple[frozenset[int], ...], remaining: list[int], bracket: list[int],
                lvl: int, pab_level: int) -> bool:
    """[C9] counts in this bracket: the number is odd and the bracket is at or below the PAB's level, and
    either it is the lowest or the PAB can go to it with the bracket and the rest below both complete."""
    n, levels = len(graph.entrants), graph.levels
    if not (n % 2 and lvl <= pab_level):
        return False
    if lvl <= 1:
        return True
    top_part = bracket + [n]
    lower = [v for v in remaining if levels[v] < lvl and v != n]
    return len(top_part) % 2 == 0 and _perfect(top_part, adj) and _perfect(lower, adj)


def _mdp_pairing(graph: Graph, adj: tuple[frozenset[int], ...], remaining: list[int], bracket: list[int],
                 mdps: list[int], residents: list[int], lvl: int, base: dict[tuple[int, int], int],
                 keep: set[int]) -> tuple[list[tuple[int, int]], int]:
    """The MDP-pairing of a heterogeneous bracket (C.04.3 2.3.3, 4.4): its pairs, and the number of pairs
    the best matching made among the residents (the remainder's first guess)."""
    levels = graph.levels
    bsn = {v: k + 1 for k, v in enumerate(bracket)}
    order = MdpOrder(len(mdps), len(bracket))
    shift = order.digits.bits

    def he(v: int, w: int) -> int:
        a, b = (v, w) if bsn.get(v, len(bracket) + 1) <= bsn.get(w, len(bracket) + 1) else (w, v)
        if levels[a] > lvl >= levels[b] and a in bsn:
            return order.cost(bsn[a], bsn.get(b, len(bracket) + 1))
        return 0

    hecost = {k: (c << shift) for k, c in base.items()}
    for k in _touching(remaining, set(mdps), adj):
        if (c := he(*k)):
            hecost[k] = hecost.get(k, 0) + c
    mate = _solve(remaining, adj, hecost, keep)
    pairs = [(v, mate[v]) for v in mdps if v in mate and levels[mate[v]] == lvl]
    s = sum(1 for v in residents if v in mate and levels[mate[v]] == lvl) // 2
    return pairs, s


def _remainder(adj: tuple[frozenset[int], ...], rest: list[int], left: list[int], taken: set[int], s: int,
               base: dict[tuple[int, int], int], keep: set[int]) -> list[tuple[int, int]]:
    """The pairs of the remainder, or of the homogeneous bracket (C.04.3 2.6, 4.3, 4.2): ``left`` its
    residents, ``s`` a first guess of its number of pairs, matched again until the number settles."""
    bsno = {v: k + 1 for k, v in enumerate(left)}
    for _ in range(len(left) + 1):
        rorder = ResidentOrder(len(left), s)
        rshift = rorder.digits.bits

        def ho(v: int, w: int) -> int:
            if v in bsno and w in bsno:
                return rorder.cost(bsno[v], bsno[w])
            return 0

        hocost = {k: (c << rshift) for k, c in base.items() if k[0] not in taken and k[1] not in taken}
        for k in _touching(rest, set(left), adj):
            if (c := ho(*k)):
                hocost[k] = hocost.get(k, 0) + c
        mate = _solve(rest, adj, hocost, keep)
        got = sum(1 for v in left if v in mate and mate[v] in bsno) // 2
        if got == s:
            break
        s = got
    return [(v, mate[v]) for v in left if v in mate and mate[v] in bsno and bsno[v] < bsno[mate[v]]]


def _pair_bracket(state: RoundState, graph: Graph, adj: tuple[frozenset[int], ...], remaining: list[int],
                  players: list[Player], lvl: int, pab_level: int) -> Fixed | None:
    """The pairs of the bracket of score level ``lvl`` (its residents and the MDPs above it still in
    ``remaining``); None when it has no resident."""
    n, levels = len(graph.entrants), graph.levels
    bracket = [v for v in remaining if levels[v] >= lvl]
    residents = [v for v in bracket if levels[v] == lvl]
    if not residents:
        return None
    mdps = [v for v in bracket if levels[v] > lvl]
    c9 = _c9_applies(graph, adj, remaining, bracket, lvl, pab_level)
    costs = BracketCosts(lvl, levels[bracket[0]], len(bracket), len(remaining), state.round, c9)
    upper = {v for v in remaining if levels[v] >= lvl - 1}
    keep = upper | ({n} | set(adj[n]) if n % 2 else set())
    takers = _pab_takers(graph, adj, remaining, bracket, lvl, pab_level)
    quick = None
    if not (n % 2 and lvl <= pab_level) or takers is not None:
        quick = _quick(graph, adj, remaining, mdps, residents, lvl, players, costs, takers)
    if quick is not None:
        return Fixed(lvl, tuple(residents), tuple(mdps), tuple(quick), c9)
    base = {k: c for k in _touching(remaining, upper, adj) if (c := costs.cost(players[k[0]], players[k[1]]))}
    if mdps:
        pairs, s = _mdp_pairing(graph, adj, remaining, bracket, mdps, residents, lvl, base, keep)
    else:  # homogeneous: the number of pairs is settled by the criteria, found by _remainder's loop
        pairs, s = [], len(residents) // 2
    taken = {v for p in pairs for v in p}
    rest = [v for v in remaining if v not in taken]
    left = [v for v in residents if v not in taken]
    pairs += _remainder(adj, rest, left, taken, s, base, keep)
    return Fixed(lvl, tuple(residents), tuple(mdps), tuple(pairs), c9)


def _pab_vertex(remaining: list[int], n: int) -> int | None:
    """The PAB's vertex: the one real player left when the number is odd, None when it is even; NoPairing
    when any other player is left unpaired."""
    if n % 2:
        real = [v for v in remaining if v != n]
        if len(real) != 1:
            raise NoPairing()
        return real[0]
    if remaining:
        raise NoPairing()
    return None


def pair_state(state: RoundState, edition: SwissEdition) -> tuple[list[Fixed], int | None, Graph]:
    """The brackets of the round, top down, and the PAB's vertex (None when the number is even)."""
    graph = build_graph(state)
    n = len(graph.entrants)
    levels, adj = graph.levels, graph.adj
    remaining = sorted(range(len(levels)), key=lambda v: (-levels[v], graph.entrants[v].start_no if v < n else 0))
    if not _perfect(remaining, adj):
        raise NoPairing()
    pab_level = -1
    if n % 2:
        pab_level = _pab_level(graph, remaining)
        adj = _restrict_pab(graph, adj, pab_level)
    players = [Player(levels[v], graph.entrants[v] if v < n else None) for v in range(len(levels))]
    fixed: list[Fixed] = []
    for lvl in range(max(levels, default=0), 0, -1):
        bracket = _pair_bracket(state, graph, adj, remaining, players, lvl, pab_level)
        if bracket is None:
            continue
        taken = {v for p in bracket.pairs for v in p}
        remaining = [v for v in remaining if v not in taken]
        fixed.append(bracket)
    return fixed, _pab_vertex(remaining, n), graph


def pair_dutch(event: Tournament, round_no: int, edition: SwissEdition, *, lots: int | None = None) -> Pairs:
    """Round ``round_no`` of ``event`` paired by the FIDE (Dutch) system of ``edition``: the boards in the
    order of C.04.2 4.9, the PAB and the requested byes, each with its reasons, and a note per bracket.
    ``lots`` draws the initial colour (C.04.3 5.1) when the event does not say it (:mod:`.lots`)."""
    state = build_state(event, round_no, pab_downfloats=edition.pab_always_downfloats)
    drawn = first_colour(event.plans.first_colour, lots)  # C.04.3 5.1: the event's, else drawn by lot
    if drawn is not None:
        state = state._replace(first_colour=drawn.colour)
    try:
        fixed, pab, graph = pair_state(state, edition)
    except NoPairing:
        raise InputError(str(Message("pairing.error.impossible", round=round_no)), file=event.source) from None
    entrants = graph.entrants
    games = []
    for f in fixed:
        for v, w in f.pairs:
            a, b = entrants[v], entrants[w]
            alloc = allocate(a, b, state.first_colour)
            white = a if alloc.white == a.start_no else b
            black = b if white is a else a
            games.append(Game(white, black, board_reasons(white, black, alloc)))
    out_boards = boards(games)
    given = None if pab is None else Bye(entrants[pab].start_no, Kind.PAB, state.pab_points,
                                         bye_reasons(entrants[pab], state))
    white_of = {b.white: b.white for b in out_boards} | {b.black: b.white for b in out_boards}
    notes = bracket_notes(fixed, graph, white_of)
    brackets = tuple(BracketNote(Fraction(entrants[f.residents[0]].score), tuple(entrants[v].start_no for v in f.residents),
                                 tuple(entrants[v].start_no for v in f.moved_down), notes[k])
                     for k, f in enumerate(fixed))
    return Pairs(out_boards, byes(given, state.absent), brackets, () if drawn is None else (drawn.note,))


__all__ = ["pair_dutch", "pair_state", "build_graph"]
