"""A played round of a Dutch event judged by the Dutch's own criteria: where the played pairing first does
worse than the pairing the engine makes from the same state, and by which criterion of C.04.3.

The engine (:func:`xltb.pairing.dutch.pair_state`) pairs the brackets top down, each by one matching whose
pair costs (:class:`xltb.pairing.criteria.BracketCosts`) are numbers with a digit per criterion [C6]-[C21],
the most significant first. A played pairing is a complete matching of the same round; its pairs are given
the same costs bracket by bracket, and the two are compared:

* the absolute criteria first ([C1] a repeated game, [C2] a second PAB, [C3] two non-topscorers with the
  same absolute colour preference): a played pair the engine's graph does not allow;
* [C5] the PAB: a player of a higher score than the lowest that lets the round be completed ([C4] always
  holds for a played round: everyone was paired);
* then the brackets top down: the first bracket whose pairs differ is where the two part. Its cost (the
  pairs not yet settled above it, each priced by that bracket's criteria) is read digit by digit: the
  first criterion on which the played pairing costs more is the one it is worse on; the same cost means
  the two are equally good and the engine's is the first in the order of candidates (C.04.3 4, 2.8.1).
  The brackets below follow from that choice and are not judged (their players differ);
* the same pairs with other colours: the colour allocation of C.04.3 5.

The costs are the engine's own (``BracketCosts.cost``, ``BracketCosts.digits``); nothing of them is
copied here. Should the engine one day expose a function "the cost of a bracket for a given matching",
:func:`_bracket_cost` and :func:`_fields` belong there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..messages import Message
from ..model import Tournament
from ..pairing.criteria import BracketCosts, Player
from ..pairing.dutch import NoPairing, pair_state
from ..pairing.lots import first_colour
from ..pairing.pair import choose_edition, state_before
from ..pairing.records import Fixed, Graph
from ..pairing.state import build_state


class Verdict(NamedTuple):
    """Where the played pairing of a round parts from the engine's, and on which criterion."""

    criterion: str
    """The criterion ("C1" ... "C21"; "C.04.3 4" the order of candidates; "C.04.3 5" the colours;
    "players" when the round's participants differ)."""
    message: Message
    """The verdict as a reader sees it."""


def _pair_key(graph: Graph, v: int, w: int) -> tuple[int, int]:
    """The bracket a pair of vertices is settled in (the lower score level, the PAB's by its player), and the
    pair in vertex order."""
    n = len(graph.entrants)
    levels = graph.levels
    lvl = levels[v] if w == n else levels[w] if v == n else min(levels[v], levels[w])
    return lvl, (min(v, w) * (n + 1) + max(v, w))


def _fields(costs: BracketCosts, value: int) -> list[tuple[str, int]]:
    """A cost split into its criteria, the most significant first."""
    shifts = sorted(costs.digits.shift.items(), key=lambda kv: -kv[1])
    out = []
    top = costs.digits.bits
    for name, shift in shifts:
        out.append((name, (value >> shift) & ((1 << (top - shift)) - 1)))
        top = shift
    return out


def _points(score: Fraction) -> str:
    """A pairing score for display (rounded only here)."""
    return f"{float(score):g}"


def _criterion(name: str) -> str:
    """A digit's criterion: "C7.2" is [C7] (the MDP's score), "N8" is [C8] (the number of floaters)."""
    return "C8" if name == "N8" else name.split(".")[0]


def _bracket_cost(graph: Graph, costs: BracketCosts, pairs: list[tuple[int, int]]) -> int:
    """The cost of the pairs not settled above the bracket, priced by its criteria."""
    n = len(graph.entrants)
    players = [Player(graph.levels[v], graph.entrants[v] if v < n else None) for v in range(len(graph.levels))]
    return sum(costs.cost(players[v], players[w]) for v, w in pairs)


def _absolute(graph: Graph, pairs: list[tuple[int, int]]) -> list[Verdict]:
    """[C1]-[C3]: the played pairs the engine's graph does not allow."""
    n = len(graph.entrants)
    out = []
    for v, w in pairs:
        if w in graph.adj[v]:
            continue
        if n in (v, w):
            no = graph.entrants[v if w == n else w].start_no
            out.append(Verdict("C2", Message("pair.check.c2", no=no)))
        elif graph.entrants[w].start_no in graph.entrants[v].met:
            out.append(Verdict("C1", Message("pair.check.c1", a=graph.entrants[v].start_no, b=graph.entrants[w].start_no)))
        else:
            out.append(Verdict("C3", Message("pair.check.c3", a=graph.entrants[v].start_no, b=graph.entrants[w].start_no)))
    return out


def _engine(event: Tournament, round_no: int, edition: str | None, lots: int | None
            ) -> tuple[list[Fixed], int | None, Graph, int] | None:
    """The engine's brackets, PAB vertex and graph for the round (None: it finds no pairing), and the round."""
    chosen, _ = choose_edition(event, edition)
    state = build_state(state_before(event, round_no), round_no, pab_downfloats=chosen.pab_always_downfloats)
    drawn = first_colour(event.plans.first_colour, lots)  # C.04.3 5.1: as the engine draws it
    if drawn is not None:
        state = state._replace(first_colour=drawn.colour)
    try:
        fixed, engine_pab, graph = pair_state(state, chosen)
    except NoPairing:
        return None
    return fixed, engine_pab, graph, state.round


def _players(graph: Graph, games: frozenset[tuple[int, int]], pab: frozenset[int]) -> Verdict | None:
    """The round's players when they are not those the engine pairs (a late entry, a withdrawal ...)."""
    known = {e.start_no for e in graph.entrants}
    played_nos = {no for g in games for no in g} | set(pab)
    if played_nos == known and len(pab) <= 1:
        return None
    extra, missing = sorted(played_nos - known), sorted(known - played_nos)
    return Verdict("players", Message("pair.check.players", extra=tuple(str(x) for x in extra) or "-",
                                      missing=tuple(str(x) for x in missing) or "-"))


def _c5(graph: Graph, vertex: dict[int, int], pab: frozenset[int], engine_pab: int | None) -> Verdict | None:
    """[C5]: the PAB to a player of a higher score than the lowest that lets the round be completed."""
    if not pab or engine_pab is None:
        return None
    no = next(iter(pab))
    mine = graph.entrants[vertex[no]].score
    lowest = graph.entrants[engine_pab].score
    if graph.levels[vertex[no]] <= graph.levels[engine_pab]:
        return None
    return Verdict("C5", Message("pair.check.c5", no=no, points=_points(mine), lowest=_points(lowest)))


def judge(event: Tournament, round_no: int, games: frozenset[tuple[int, int]], pab: frozenset[int], *,
          edition: str | None = None, lots: int | None = None) -> tuple[Verdict, ...]:
    """The played round ``round_no`` (``games`` white first, ``pab``) against the Dutch's pairing of it."""
    engine_round = _engine(event, round_no, edition, lots)
    if engine_round is None:
        return ()
    fixed, engine_pab, graph, rounds = engine_round
    n = len(graph.entrants)
    vertex = {e.start_no: k for k, e in enumerate(graph.entrants)}
    other = _players(graph, games, pab)
    if other is not None:
        return (other,)
    played = [(vertex[a], vertex[b]) for a, b in games] + [(vertex[p], n) for p in pab]
    out = _absolute(graph, played)
    if out:
        return tuple(out)
    c5 = _c5(graph, vertex, pab, engine_pab)
    if c5 is not None:
        return (c5,)
    engine = [p for f in fixed for p in f.pairs] + ([(engine_pab, n)] if engine_pab is not None else [])
    verdict = _first_bracket(graph, fixed, played, engine, rounds)
    if verdict is not None:
        return (verdict,)
    if {(min(v, w), max(v, w)) for v, w in played} == {(min(v, w), max(v, w)) for v, w in engine}:
        return (Verdict("C.04.3 5", Message("pair.check.colours")),)
    return ()


def _first_bracket(graph: Graph, fixed: list[Fixed], played: list[tuple[int, int]],
                   engine: list[tuple[int, int]], rounds: int) -> Verdict | None:
    """The first bracket, top down, whose pairs differ, judged by its criteria."""
    keyed_p = {_pair_key(graph, v, w): (v, w) for v, w in played}
    keyed_e = {_pair_key(graph, v, w): (v, w) for v, w in engine}
    top = max(graph.levels, default=0)
    size = len(graph.levels)
    for f in fixed:
        lvl = f.level
        mine = {k for k in keyed_p if k[0] == lvl}
        theirs = {k for k in keyed_e if k[0] == lvl}
        if mine == theirs:
            continue
        costs = BracketCosts(lvl, top, size, size, rounds, f.c9)
        cp = _bracket_cost(graph, costs, [p for k, p in keyed_p.items() if k[0] <= lvl])
        ce = _bracket_cost(graph, costs, [p for k, p in keyed_e.items() if k[0] <= lvl])
        score = _points(graph.entrants[f.residents[0]].score)
        if cp == ce:
            return Verdict("C.04.3 4", Message("pair.check.order", score=score))
        for (name, a), (_, b) in zip(_fields(costs, cp), _fields(costs, ce)):
            if a != b:
                crit = _criterion(name)
                key = "pair.check.worse" if a > b else "pair.check.better"
                return Verdict(crit, Message(key, score=score, criterion=crit))
    return None


__all__ = ["Verdict", "judge"]
