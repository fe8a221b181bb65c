"""The perfect candidate (C.04.3 2.4) found without a weighted matching, when there is one.

A candidate that pairs every MDP, leaves only the parity to float, breaks no quality criterion but the
colour preferences [C12] [C13], and these no more often than the bracket's colour preferences force
(:func:`colour_limits`), lets the next bracket float no more than its parity and lets the round be
completed meets every criterion at its least possible value: it is among the best, and the first such
candidate in the order of C.04.3 4 is the pairing. This module looks for it in that order: the MDPs (4.4) each with the first resident that still
leaves a perfect remainder (any exchange), then the remainder's first perfect transposition of its original
S1 and S2 (4.2). When it cannot show the result is that candidate (a remainder needing an exchange, the
next bracket or the round not completed so), it answers None and the bracket is paired by the matching.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..model.results import Colour
from .matching import has_perfect_matching
from .state import Preference, Strength

Compat = Callable[[int, int], bool]
PairOk = Callable[[Preference, Preference], bool]
FloatOk = Callable[[Preference], bool]


def colour_limits(prefs: Sequence[Preference]) -> tuple[PairOk, FloatOk]:
    """Which pairs of a bracket's players (their colour preferences ``prefs``, one floating when they are
    odd) and which floater keep [C12] and [C13] at their least possible number, as rules on each pair.

    With ``w`` players wanting one colour, ``b`` the other (``w >= b``), ``n`` none and ``f`` floating
    (the parity), at least ``(w - b - n - f) / 2`` pairs deny a preference ([C12]): a number reached
    exactly when each pair has a majority player and the floater is one. Of those pairs, at least as many
    as exceed the majority's mild preferences (1.6.2.3) deny a strong one ([C13]): reached when no two
    strong ones meet, or, when the mild ones are too few, when each pair has a strong majority player
    and the floater is one."""
    white = sum(1 for p in prefs if p.colour is Colour.WHITE)
    black = sum(1 for p in prefs if p.colour is Colour.BLACK)
    none = len(prefs) - white - black
    major = Colour.WHITE if white > black else Colour.BLACK
    excess = abs(white - black) - none - len(prefs) % 2
    if excess <= 0:  # [C12] none: no two players wanting the same colour meet
        return (lambda p, q: p.colour is Colour.NONE or p.colour is not q.colour), (lambda p: True)
    c12 = excess // 2
    mild = sum(1 for p in prefs if p.colour is major and p.strength is Strength.MILD)

    def strong(p: Preference) -> bool:
        return p.colour is major and p.strength.value >= Strength.STRONG.value

    if c12 <= mild:  # [C13] none: every pair has a majority player, two strong ones never meet
        return ((lambda p, q: (p.colour is major or q.colour is major) and not (strong(p) and strong(q))),
                (lambda p: p.colour is major))
    # [C13] c12 - mild: each mild majority player meets a strong one, as does every other player
    return (lambda p, q: strong(p) or strong(q)), strong


def _perfect_general(vertices: Sequence[int], compat: Compat, floater_ok: Callable[[int], bool]) -> bool:
    """Whether ``vertices`` pair up by ``compat``, one of them floating (``floater_ok``) when they are odd."""
    dummy = -2  # the floater's partner when they are odd (not a vertex: _Bipartite.FLOAT is -1)
    group = list(vertices) + ([dummy] if len(vertices) % 2 else [])

    def neighbours(v: int) -> list[int]:
        if v == dummy:
            return [w for w in vertices if floater_ok(w)]
        return [w for w in group if (floater_ok(v) if w == dummy else w != v and compat(v, w))]

    return has_perfect_matching(group, neighbours)


class _Bipartite:
    """S1 against S2 (plus a virtual S1 player for the floater): a matching kept saturated while pairs are
    fixed one by one (Kuhn's augmenting paths)."""

    FLOAT = -1

    def __init__(self, left: list[int], right: list[int], compat: Compat, floater_ok: Callable[[int], bool]):
        self.left = left
        self.right = right
        self.compat = compat
        self.floater_ok = floater_ok
        self.to_right: dict[int, int] = {}
        self.to_left: dict[int, int] = {}
        self.locked: set[int] = set()
        self.options: dict[int, list[int]] = {}
        self.reach: dict[int, set[int]] = {}
        self.free = set(right)

    def ok(self, a: int, b: int) -> bool:
        return self.floater_ok(b) if a == self.FLOAT else self.compat(a, b)

    def augment(self, a: int, seen: set[int]) -> bool:
        options = self.options.get(a)
        if options is None:  # whom ``a`` may meet, found once (any order finds a path if there is one)
            options = self.options[a] = [b for b in self.right if self.ok(a, b)]
            self.reach[a] = set(options)
        reach = self.reach[a]
        for b in self.free:  # a free partner first: the search then seldom goes deep
            if b in reach and b not in seen:
                self.to_right[a], self.to_left[b] = b, a
                self.free.discard(b)
                return True
        for b in options:
            if b in seen or b in self.locked:
                continue
            seen.add(b)
            other = self.to_left.get(b)
            if other is None or (other not in self.locked and self.augment(other, seen)):
                self.to_right[a] = b
                self.to_left[b] = a
                return True
        return False

    def saturate(self) -> bool:
        return all(a in self.to_right or self.augment(a, set()) for a in self.left)

    def fix(self, a: int, b: int) -> bool:
        """Pair ``a`` with ``b`` for good if the others can still all be paired."""
        if self.to_right.get(a) == b:
            self.locked |= {a, b}
            return True
        old_b = self.to_right.pop(a)
        old_a = self.to_left.pop(b, None)
        del self.to_left[old_b]
        if old_a is not None:
            del self.to_right[old_a]
        self.to_right[a], self.to_left[b] = b, a
        self.free.add(old_b)
        self.free.discard(b)
        self.locked |= {a, b}
        if old_a is None or self.augment(old_a, set()):
            return True
        self.free.discard(old_b)  # undo (old_a was b's partner: b was not free)
        self.locked -= {a, b}
        del self.to_right[a]
        del self.to_left[b]
        self.to_right[a], self.to_left[old_b] = old_b, a
        self.to_right[old_a], self.to_left[b] = b, old_a
        return False


def first_transposition(s1: list[int], s2: list[int], compat: Compat, floater_ok: Callable[[int], bool]
                        ) -> list[tuple[int, int]] | None:
    """C.04.3 4.2: the first transposition of S2 that pairs every S1 player by ``compat`` and leaves valid
    floaters; None when there is none."""
    left = s1 + [_Bipartite.FLOAT] * (len(s2) - len(s1))
    if any(x == _Bipartite.FLOAT for x in left) and len(s2) - len(s1) > 1:
        return None
    graph = _Bipartite(left, s2, compat, floater_ok)
    if not graph.saturate():
        return None
    pairs = []
    for a in s1:
        for b in s2:
            if b not in graph.locked and compat(a, b) and graph.fix(a, b):
                pairs.append((a, b))
                break
        else:
            return None
    return pairs


def perfect_bracket(mdps: list[int], residents: list[int], compat: Compat, floater_ok: Callable[[int], bool]
                    ) -> list[tuple[int, int]] | None:
    """The first perfect candidate of a bracket (MDPs and residents in their in-bracket order), or None."""
    if len(mdps) > len(residents):
        return None
    pairs: list[tuple[int, int]] = []
    left = list(residents)
    waiting = set(mdps)

    def with_mdps(a: int, b: int) -> bool:  # MDPs meet residents only, and do not float
        return not (a in waiting and b in waiting) and compat(a, b)

    def resident_floats(x: int) -> bool:
        return x not in waiting and floater_ok(x)

    for m in mdps:  # 4.4, 4.2: each MDP with the first resident that leaves a perfect remainder
        waiting.discard(m)
        for r in left:
            rest = [x for x in left if x != r]
            if compat(m, r) and _perfect_general([x for x in mdps if x in waiting] + rest, with_mdps, resident_floats):
                pairs.append((m, r))
                left = rest
                break
        else:
            return None
    half = len(left) // 2
    remainder = first_transposition(left[:half], left[half:], compat, floater_ok)
    if remainder is None:
        return None
    return pairs + remainder


__all__ = ["FloatOk", "PairOk", "colour_limits", "first_transposition", "perfect_bracket"]
