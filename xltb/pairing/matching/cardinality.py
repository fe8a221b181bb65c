"""Whether a graph has a perfect matching (every vertex paired): a greedy start, then Edmonds' augmenting
paths with blossoms shrunk (the breadth-first form), one search per vertex the start left alone. Reads
the graph through a neighbour function, so a large dense graph is never copied into a list of edges; the
weighted matching (:mod:`xltb.pairing.matching.weighted`) is for costs, this is for "can they all be paired"."""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Sequence

Neighbours = Callable[[int], Iterable[int]]


def has_perfect_matching(vertices: Sequence[int], neighbours: Neighbours) -> bool:
    """Whether ``vertices`` pair up along ``neighbours`` (which may name vertices outside ``vertices``:
    they are ignored)."""
    if len(vertices) % 2:
        return False
    inside = set(vertices)
    mate: dict[int, int] = {}
    for v in vertices:  # greedy start: each free vertex with its first free neighbour
        if v not in mate:
            for w in neighbours(v):
                if w != v and w in inside and w not in mate:
                    mate[v], mate[w] = w, v
                    break
    search = _Search(vertices, inside, neighbours, mate)
    return all(v in mate or search.augment(v) for v in vertices)


class _Search:
    """The state of the augmenting-path searches over one graph."""

    def __init__(self, vertices: Sequence[int], inside: set[int], neighbours: Neighbours, mate: dict[int, int]):
        self.vertices = vertices
        self.inside = inside
        self.neighbours = neighbours
        self.mate = mate
        self.parent: dict[int, int] = {}
        self.base: dict[int, int] = {}

    def _lca(self, a: int, b: int) -> int:
        """The base of the blossom that the edge between the even vertices ``a`` and ``b`` closes."""
        seen = set()
        while True:
            a = self.base[a]
            seen.add(a)
            if a not in self.mate:
                break
            a = self.parent[self.mate[a]]
        while True:
            b = self.base[b]
            if b in seen:
                return b
            b = self.parent[self.mate[b]]

    def _mark(self, v: int, b: int, child: int, blossom: set[int]) -> None:
        """Mark the bases on the path from ``v`` down to the blossom's base ``b``, linking odd vertices."""
        while self.base[v] != b:
            blossom.add(self.base[v])
            blossom.add(self.base[self.mate[v]])
            self.parent[v] = child
            child = self.mate[v]
            v = self.parent[child]

    def augment(self, root: int) -> bool:
        """Search an augmenting path from the free ``root`` and flip it (True), or False when none."""
        mate, parent, inside = self.mate, self.parent, self.inside
        parent.clear()
        self.base = base = {v: v for v in self.vertices}
        even = {root}
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for to in self.neighbours(v):
                if to not in inside or to == v or base[v] == base[to] or mate.get(v) == to:
                    continue
                if to == root or (to in mate and mate[to] in parent):
                    top = self._lca(v, to)
                    blossom: set[int] = set()
                    self._mark(v, top, to, blossom)
                    self._mark(to, top, v, blossom)
                    for x in self.vertices:
                        if base[x] in blossom:
                            base[x] = top
                            if x not in even:
                                even.add(x)
                                queue.append(x)
                elif to not in parent:
                    parent[to] = v
                    if to not in mate:
                        self._flip(to)
                        return True
                    even.add(mate[to])
                    queue.append(mate[to])
        return False

    def _flip(self, v: int) -> None:
        """Flip the alternating path that ends at the free vertex ``v``."""
        mate, parent = self.mate, self.parent
        while True:
            pv = parent[v]
            nxt = mate.get(pv)
            mate[v], mate[pv] = pv, v
            if nxt is None:
                return
            v = nxt


__all__ = ["has_perfect_matching"]
