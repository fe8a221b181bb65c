"""The Dutch engine's short cuts, checked against brute force on small cases: the perfect-matching test
(xltb.pairing.matching.cardinality) and the least numbers of denied colour preferences a bracket allows
([C12] [C13], xltb.pairing.fast.colour_limits)."""

from __future__ import annotations

import itertools
import random
from typing import Iterator

from xltb.model.results import Colour
from xltb.pairing.fast import colour_limits
from xltb.pairing.matching import has_perfect_matching, max_weight_matching
from xltb.pairing.state import Preference, Strength

STRONG = (Strength.STRONG, Strength.ABSOLUTE)


def test_perfect_matching_agrees_with_the_weighted_matching() -> None:
    rnd = random.Random(30)
    seen = {True: 0, False: 0}
    for _ in range(400):
        n = rnd.randrange(0, 13)
        density = rnd.choice((0.15, 0.3, 0.5, 0.8))
        adj: dict[int, set[int]] = {v: set() for v in range(n)}
        edges = []
        for i, j in itertools.combinations(range(n), 2):
            if rnd.random() < density:
                adj[i].add(j)
                adj[j].add(i)
                edges.append((i, j, 1))
        want = n % 2 == 0 and all(m >= 0 for m in max_weight_matching(n, edges))
        got = has_perfect_matching(list(range(n)), adj.__getitem__)
        assert got == want, (n, edges)
        seen[got] += 1
    assert seen[True] > 50 and seen[False] > 50


def test_perfect_matching_through_blossoms() -> None:
    # two triangles joined by an edge, each with a pendant vertex: perfect only along the odd cycles
    adj = {0: {1, 2}, 1: {0, 2}, 2: {0, 1, 3}, 3: {2, 4, 5}, 4: {3, 5}, 5: {3, 4}, 6: {0}, 7: {4}}
    assert has_perfect_matching([6, 7, 3, 2, 1, 0, 5, 4], adj.__getitem__)
    assert not has_perfect_matching([0, 1, 2, 3, 4, 5], {0: {1}, 1: {0}, 2: {3}, 3: {2}, 4: set(), 5: set()}.__getitem__)


def _pairings(people: list[int]) -> Iterator[tuple[list[tuple[int, int]], int | None]]:
    """Every pairing of ``people`` (one floating when they are odd): (pairs, floater)."""
    if len(people) % 2:
        for f in people:
            for pairs, _ in _pairings([p for p in people if p != f]):
                yield pairs, f
        return
    if not people:
        yield [], None
        return
    first = people[0]
    for other in people[1:]:
        rest = [p for p in people[1:] if p != other]
        for pairs, _ in _pairings(rest):
            yield [(first, other)] + pairs, None


def _denied(prefs: list[Preference], pairs: list[tuple[int, int]]) -> tuple[int, int]:
    c12 = c13 = 0
    for a, b in pairs:
        pa, pb = prefs[a], prefs[b]
        if pa.colour is not Colour.NONE and pa.colour is pb.colour:
            c12 += 1  # [C12]
            c13 += pa.strength in STRONG and pb.strength in STRONG  # [C13]
    return c12, c13


def test_colour_limits_accept_exactly_the_pairings_of_the_fewest_denied_preferences() -> None:
    rnd = random.Random(12)
    kinds = [Preference(Colour.NONE, Strength.NONE)] + [Preference(c, s) for c in (Colour.WHITE, Colour.BLACK)
                                                        for s in (Strength.MILD, Strength.STRONG, Strength.ABSOLUTE)]
    tight = 0
    for _ in range(300):
        prefs = [rnd.choice(kinds[:1] * rnd.randrange(2) + kinds[1:4] + kinds[4:] * rnd.randrange(1, 4))
                 for _ in range(rnd.randrange(1, 10))]
        pair_ok, float_ok = colour_limits(prefs)
        every = [(_denied(prefs, pairs), all(pair_ok(prefs[a], prefs[b]) for a, b in pairs)
                  and (f is None or float_ok(prefs[f]))) for pairs, f in _pairings(list(range(len(prefs))))]
        least = min(d for d, _ in every)
        accepted = {d for d, ok in every if ok}
        assert accepted <= {least}, prefs  # the rules accept only pairings of the least [C12] then [C13]
        if accepted:
            tight += 1
            assert all(ok for d, ok in every if d == least), prefs  # ... and every one of those
    assert tight > 200
