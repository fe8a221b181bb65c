"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm with the primal-dual method of
Galil, "Efficient algorithms for finding maximum matching in graphs", 1986): among the matchings of the
largest cardinality, one of the largest total weight. Integer weights only (Python integers of any size,
so that many pairing criteria can be packed into one weight); O(n^3). Pure Python, standard library only.

The Dutch system (:mod:`xltb.pairing.dutch`) states every criterion of a bracket as a weight; one matching
then finds the best pairing, as FIDE's own programs do."""

from __future__ import annotations

from typing import Iterator, Sequence

Edge = tuple[int, int, int]


def max_weight_matching(n: int, edges: Sequence[Edge]) -> list[int]:
    """``mate[v]`` (the vertex matched with ``v``, or -1) of a matching of ``n`` vertices that has the
    largest number of edges and, among those, the largest total weight. ``edges`` are ``(i, j, weight)``
    with ``i != j``, integer weights."""
    return _Matcher(n, edges).run()


class _Matcher:
    """The state of one run (vertices 0..n-1, blossoms n..2n-1); endpoints ``p``: edge ``p // 2``, side ``p % 2``."""

    def __init__(self, n: int, edges: Sequence[Edge]) -> None:
        self.n = n
        self.edges = list(edges)
        self.endpoint = [v for (i, j, _) in self.edges for v in (i, j)]
        self.ei = [i for (i, _, _) in self.edges]
        self.ej = [j for (_, j, _) in self.edges]
        self.w2 = [2 * w for (_, _, w) in self.edges]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _) in enumerate(self.edges):
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        top = max([w for (_, _, w) in self.edges] + [0])
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.bestedge = [-1] * (2 * n)
        self.bestedges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.allow = [False] * len(self.edges)
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        dual = self.dual
        return dual[self.ei[k]] + dual[self.ej[k]] - self.w2[k]

    def leaves(self, b: int) -> Iterator[int]:
        n = self.n
        if b < n:
            yield b
            return
        stack = [b]
        childs = self.childs
        while stack:
            for t in childs[stack.pop()]:
                if t < n:
                    yield t
                else:
                    stack.append(t)

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            base = self.base[b]  # t == 2: the base's mate becomes an S-vertex
            w, t, p = self.endpoint[self.mate[base]], 1, self.mate[base] ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        """The base of the blossom that an S-S edge (v, w) closes, or -1 for an augmenting path."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        inb = self.inblossom
        bb, bv, bw = inb[base], inb[v], inb[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.endpoint[self.labelend[bv]]
            bv = inb[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.labelend[bw] ^ 1)
            w = self.endpoint[self.labelend[bw]]
            bw = inb[w]
        self.childs[b] = path
        self.endps[b] = endps
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[inb[x]] == 2:
                self.queue.append(x)
            inb[x] = b
        bestto = [-1] * (2 * self.n)
        for sub in path:
            known = self.bestedges[sub]
            lists = [[p // 2 for p in self.neighbend[x]] for x in self.leaves(sub)] if known is None else [known]
            for lst in lists:
                for e in lst:
                    i, j, _ = self.edges[e]
                    if inb[j] == b:
                        i, j = j, i
                    bj = inb[j]
                    if bj != b and self.label[bj] == 1 and (bestto[bj] == -1 or self.slack(e) < self.slack(bestto[bj])):
                        bestto[bj] = e
            self.bestedges[sub] = None
            self.bestedge[sub] = -1
        best = [e for e in bestto if e != -1]
        self.bestedges[b] = best
        self.bestedge[b] = -1
        for e in best:
            if self.bestedge[b] == -1 or self.slack(e) < self.slack(self.bestedge[b]):
                self.bestedge[b] = e

    def expand_blossom(self, b: int, endstage: bool) -> None:
        n = self.n
        for s in self.childs[b]:
            self.parent[s] = -1
            if s < n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for x in self.leaves(s):
                    self.inblossom[x] = s
        if not endstage and self.label[b] == 2:
            childs, endps = self.childs[b], self.endps[b]
            entry = self.inblossom[self.endpoint[self.labelend[b] ^ 1]]
            j = childs.index(entry)
            if j & 1:
                j -= len(childs)
                jstep, trick = 1, 0
            else:
                jstep, trick = -1, 1
            p = self.labelend[b]
            while j != 0:
                self.label[self.endpoint[p ^ 1]] = 0
                self.label[self.endpoint[endps[j - trick] ^ trick ^ 1]] = 0
                self.assign_label(self.endpoint[p ^ 1], 2, p)
                self.allow[endps[j - trick] // 2] = True
                j += jstep
                p = endps[j - trick] ^ trick
                self.allow[p // 2] = True
                j += jstep
            bv = childs[j]
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
            self.labelend[self.endpoint[p ^ 1]] = self.labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[j] != entry:
                bv = childs[j]
                if self.label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for x in self.leaves(bv):
                    if self.label[x] != 0:
                        found = x
                        break
                if found != -1:
                    self.label[found] = 0
                    self.label[self.endpoint[self.mate[self.base[bv]]]] = 0
                    self.assign_label(found, 2, self.labelend[found])
                j += jstep
        self.label[b] = self.labelend[b] = -1
        self.childs[b] = []
        self.endps[b] = []
        self.base[b] = -1
        self.bestedges[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs, endps = self.childs[b], self.endps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, trick = 1, 0
        else:
            jstep, trick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.childs[b][0]]

    def augment(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break
                t = self.endpoint[self.labelend[bs]]
                bt = self.inblossom[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    def stage(self) -> bool:
        """One stage: grow alternating trees and adjust the duals until an augmenting path is found
        (True) or no more can be (False)."""
        while True:
            if self.grow():
                return True
            kind, delta, dedge, dblossom = self.best_delta()
            self.adjust_duals(delta)
            if kind == 1:
                return False
            self.take_delta(kind, dedge, dblossom)

    def grow(self) -> bool:
        """Scan the edges of every queued S-vertex: label, make blossoms, or augment (True) along a tight
        edge, and keep each vertex's and S-blossom's least-slack edge for the next dual adjustment."""
        label, inb = self.label, self.inblossom
        dual, ei, ej, w2, allow = self.dual, self.ei, self.ej, self.w2, self.allow
        endpoint, neighbend = self.endpoint, self.neighbend
        queue, bestedge = self.queue, self.bestedge
        while queue:
            v = queue.pop()
            bv = inb[v]
            dv = dual[v]
            for p in neighbend[v]:
                w = endpoint[p]
                bw = inb[w]
                if bv == bw:
                    continue
                k = p >> 1
                kslack = 0
                if not allow[k]:
                    kslack = dv + dual[w] - w2[k]
                    if kslack <= 0:
                        allow[k] = True
                if allow[k]:
                    if label[bw] == 0:
                        self.assign_label(w, 2, p ^ 1)
                    elif label[bw] == 1:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                            bv = inb[v]
                        else:
                            self.augment(k)
                            return True
                    elif label[w] == 0:
                        label[w] = 2
                        self.labelend[w] = p ^ 1
                elif label[bw] == 1:
                    e = bestedge[bv]
                    if e == -1 or kslack < dual[ei[e]] + dual[ej[e]] - w2[e]:
                        bestedge[bv] = k
                elif label[w] == 0:
                    e = bestedge[w]
                    if e == -1 or kslack < dual[ei[e]] + dual[ej[e]] - w2[e]:
                        bestedge[w] = k
        return False

    def best_delta(self) -> tuple[int, int, int, int]:
        """The dual adjustment to make: (its kind, delta, the edge or blossom it concerns); kind 1: maximum
        cardinality reached, 2: an edge to a free vertex, 3: an edge between S-blossoms, 4: a T-blossom
        to expand."""
        n = self.n
        label, inb = self.label, self.inblossom
        kind, delta, dedge, dblossom = -1, 0, -1, -1
        for v in range(n):
            if label[inb[v]] == 0 and self.bestedge[v] != -1:
                d = self.slack(self.bestedge[v])
                if kind == -1 or d < delta:
                    kind, delta, dedge = 2, d, self.bestedge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and label[b] == 1 and self.bestedge[b] != -1:
                d = self.slack(self.bestedge[b]) // 2
                if kind == -1 or d < delta:
                    kind, delta, dedge = 3, d, self.bestedge[b]
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1 and label[b] == 2 and (kind == -1 or self.dual[b] < delta):
                kind, delta, dblossom = 4, self.dual[b], b
        if kind == -1:  # maximum cardinality reached
            kind, delta = 1, max(0, min(self.dual[:n]))
        return kind, delta, dedge, dblossom

    def adjust_duals(self, delta: int) -> None:
        """Lower the S-vertices' and raise the T-vertices' duals by ``delta``, and the converse for the
        top-level blossoms."""
        n = self.n
        label, inb = self.label, self.inblossom
        for v in range(n):
            if label[inb[v]] == 1:
                self.dual[v] -= delta
            elif label[inb[v]] == 2:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if label[b] == 1:
                    self.dual[b] += delta
                elif label[b] == 2:
                    self.dual[b] -= delta

    def take_delta(self, kind: int, dedge: int, dblossom: int) -> None:
        """After the adjustment: the edge that became tight is allowed and its S-end queued again (kinds 2
        and 3), or the T-blossom whose dual reached zero is expanded (kind 4)."""
        label, inb = self.label, self.inblossom
        if kind == 2:
            self.allow[dedge] = True
            i, j, _ = self.edges[dedge]
            if label[inb[i]] == 0:
                i, j = j, i
            self.queue.append(i)
        elif kind == 3:
            self.allow[dedge] = True
            self.queue.append(self.edges[dedge][0])
        else:
            self.expand_blossom(dblossom, False)

    def seed(self) -> None:
        """Match greedily along the edges of the largest weight: tight under the starting duals, so the
        primal-dual invariants hold and each stage has fewer vertices left to match."""
        top = max(self.w2) if self.w2 else 0
        mate = self.mate
        for k, w in enumerate(self.w2):
            if w == top:
                i, j = self.ei[k], self.ej[k]
                if mate[i] == -1 and mate[j] == -1:
                    mate[i] = 2 * k + 1
                    mate[j] = 2 * k

    def run(self) -> list[int]:
        n = self.n
        if not self.edges:
            return [-1] * n
        self.seed()
        for _ in range(n):
            self.label = [0] * (2 * n)
            self.bestedge = [-1] * (2 * n)
            self.bestedges[n:] = [None] * n
            self.allow = [False] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.inblossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            if not self.stage():
                break
            for b in range(n, 2 * n):
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == 1 and self.dual[b] == 0:
                    self.expand_blossom(b, True)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]


__all__ = ["Edge", "max_weight_matching"]
