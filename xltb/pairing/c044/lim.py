"""The Lim system, C.04.4.3: the PAB first (1.1), then the score-groups from the highest down to just
before the median, from the lowest up to the median, the median last and downward (2.2); in each group
the incoming floaters first (3.6-3.8), the floaters out (2.3, 3.2-3.4, 3.9, 3.10), the proposed pairings
1 v n/2+1 ... scrutinised from #1 down (from #n up when pairing upward) with the exchanges of section 4,
and a second scrutiny for the colours (5.2).

When the median group cannot be paired, the pairs of its neighbours are cracked step by step (2.6); when
even that leaves no pairing, the round is paired again with a look-ahead in every group: no choice is made
that leaves the players still to pair without a pairing of their own (a matching decides; see
docs/pairing.md, "The Lim system").
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, Sequence

from ...errors import InputError
from ...messages import Message, Text
from ...model.results import Colour, Kind
from ...model.tournament import Tournament
from ...rules.swiss import SwissEdition
from ..lots import first_colour
from ..matching import max_weight_matching
from ..boards import Game, boards, byes
from ..result import BracketNote, Bye, Pairs
from ..state import Entrant, Float, RoundState, build_state
from .lim_colours import allocate, compatible, due, near


class NoPairing(Exception):
    """No pairing of the round meets the compatibility of 2.1 (the arbiter decides)."""


class Group(NamedTuple):
    """One score-group as it was paired (vertices are indices of the round's entrants)."""

    score: Fraction
    """The score of its players."""
    downward: bool
    """Paired downward (above the median and the median itself) or upward (below it) (2.2)."""
    median: bool
    """The group paired last (2.2: the median score-group)."""
    residents: tuple[int, ...]
    """Its own players, by pairing number."""
    incoming: tuple[int, ...]
    """The floaters transferred into it, in the order they were paired (3.6, 3.7)."""
    outgoing: tuple[int, ...]
    """Its players transferred to the next group (2.3, 3, 4.4)."""
    pairs: tuple[tuple[int, int], ...]
    """The pairs made in it: the floater, or the player of the upper half (the scrutinised one), first."""
    cracked: tuple[int, ...] = ()
    """The median group: the players of the neighbouring groups' pairs cracked to extend it (2.6)."""


class Round(NamedTuple):
    """The round as the score-groups paired it."""

    entrants: tuple[Entrant, ...]
    """The players to pair, by pairing number."""
    pab: int | None
    """The vertex of the PAB's assignee."""
    groups: tuple[Group, ...]
    """The score-groups in the order they were paired."""


class _Round:
    """The players still to pair, their compatibility, and the look-ahead."""

    def __init__(self, state: RoundState, lookahead: bool, maxi: bool = False) -> None:
        self.lookahead = lookahead
        self.maxi = maxi  # 3.2, 3.8, 5.7: a Maxi-tournament (the arbiter's choice)
        self.entrants = state.entrants
        n = len(self.entrants)
        last = state.round >= state.rounds
        self.ok = [[i != j and compatible(self.entrants[i], self.entrants[j], last_round=last) for j in range(n)]
                   for i in range(n)]
        self.pool: set[int] = set(range(n))
        self.seen: dict[frozenset[int], bool] = {}

    def completable(self, players: set[int] | frozenset[int]) -> bool:
        """Whether ``players`` can all be paired among themselves (2.1 compatibility)."""
        key = frozenset(players)
        if key not in self.seen:
            vs = sorted(key)
            edges = [(i, j, 0) for i in range(len(vs)) for j in range(i + 1, len(vs)) if self.ok[vs[i]][vs[j]]]
            mate = max_weight_matching(len(vs), edges)
            self.seen[key] = all(m >= 0 for m in mate)
        return self.seen[key]

    def may_pair(self, a: int, b: int) -> bool:
        """Compatible, and the rest can still be paired."""
        return self.ok[a][b] and self.completable(self.pool - {a, b})

    def guard(self, players: set[int] | frozenset[int]) -> bool:
        """Outside the median group: with the look-ahead, whether ``players`` can still be paired; without
        it (the text's own procedure, 2.6 cracking the median's neighbours), always."""
        return not self.lookahead or self.completable(players)

    def pair(self, a: int, b: int) -> None:
        self.pool -= {a, b}


def _rank(e: Entrant) -> int:
    return e.tpn


def _pab(rnd: _Round) -> int | None:
    """1.1 (7.1): the player with the lowest rank in the lowest score-group, allowed a PAB (C.04.1 4), the
    rest pairable."""
    ents = rnd.entrants
    if len(ents) % 2 == 0:
        return None
    for v in sorted((v for v in range(len(ents)) if ents[v].pab_allowed),
                    key=lambda v: (ents[v].score, -ents[v].tpn)):
        if rnd.completable(rnd.pool - {v}):
            return v
    raise NoPairing()


def _order(scores: Sequence[Fraction], median: Fraction) -> list[tuple[Fraction, bool]]:
    """2.2: the highest group down to just before the median, then the lowest up to the median, the median
    last and downward; with no median group the last group paired up stands for it."""
    above = sorted((s for s in scores if s > median), reverse=True)
    below = sorted(s for s in scores if s < median)
    out = [(s, True) for s in above] + [(s, False) for s in below]
    if median in scores:
        out.append((median, True))
    return out


def _bipartite(rnd: _Round, top: Sequence[int], bottom: Sequence[int]) -> bool:
    """Whether every player of ``top`` can meet one of ``bottom`` (2.4's halves, compatibility only)."""
    vs = list(top) + list(bottom)
    t = len(top)
    edges = [(i, t + j, 0) for i, a in enumerate(top) for j, b in enumerate(bottom) if rnd.ok[a][b]]
    mate = max_weight_matching(len(vs), edges)
    return all(m >= 0 for m in mate[:t])


def _exchanges(rnd: _Round, listed: Sequence[int]) -> list[tuple[int, int]] | None:
    """2.4, 4.1-4.4: ``listed`` (in the order of scrutiny: #1 first downward, #n first upward) split in
    halves, the upper half paired with the lower (:func:`_assign`). None when the halves cannot be paired."""
    half = len(listed) // 2
    return _assign(rnd, listed[:half], listed[half:])


def _assign(rnd: _Round, top: Sequence[int], bottom: Sequence[int]) -> list[tuple[int, int]] | None:
    """4.1-4.4: each player of ``top`` in turn meets the first player of ``bottom`` still free, in order
    (4.2, 4.3: the proposed opponent, then the exchanges, the tables of 4.2 and 4.3), that is compatible and
    leaves the players after him an opponent each (4.4). None when ``top`` cannot all be given one."""
    if not _bipartite(rnd, top, bottom):
        return None
    pairs: list[tuple[int, int]] = []
    free = list(bottom)
    for k, a in enumerate(top):
        b = next(b for b in free if rnd.ok[a][b] and _bipartite(rnd, top[k + 1:], [x for x in free if x != b]))
        pairs.append((a, b))
        free.remove(b)
    return pairs


def _culprit(rnd: _Round, listed: Sequence[int]) -> int:
    """4.4: the first player of the upper half, in the order of scrutiny, who cannot be given an opponent
    of the lower half together with those before him."""
    half = len(listed) // 2
    top, bottom = list(listed[:half]), list(listed[half:])
    for k in range(1, half + 1):
        if not _bipartite(rnd, top[:k], bottom):
            return top[k - 1]
    return top[-1]


def _colour_scrutiny(rnd: _Round, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """5.2: a second scrutiny: where both players of a pair are due the same colour, the lower player is
    exchanged with the lower player of a later pair when both new pairs are compatible and fewer players
    are left without their due colour."""
    ents = rnd.entrants

    def clash(p: tuple[int, int]) -> int:
        da, db = due(ents[p[0]]), due(ents[p[1]])
        return int(da is db and da is not Colour.NONE)

    out = list(pairs)
    for i in range(len(out)):
        if not clash(out[i]):
            continue
        for j in range(i + 1, len(out)):
            (a, b), (c, d) = out[i], out[j]
            if rnd.maxi and not near(ents[b], ents[d]):
                continue  # 5.7: in a Maxi-tournament, only opponents rated 100 points or less apart
            if rnd.ok[a][d] and rnd.ok[c][b] and clash((a, d)) + clash((c, b)) < clash((a, b)) + clash((c, d)):
                out[i], out[j] = (a, d), (c, b)
                break
    return out


def _incoming_order(ents: tuple[Entrant, ...], incoming: dict[int, bool], downward: bool) -> list[int]:
    """3.6, 3.7: downward the floaters from above first (the highest score, then the higher place), then
    those from below; upward those from below first (the lowest score, then the lower place), then those
    from above (3.6.3, 3.7.3)."""
    down = sorted((v for v, d in incoming.items() if d), key=lambda v: (-ents[v].score, _rank(ents[v])))
    up = sorted((v for v, d in incoming.items() if not d), key=lambda v: (ents[v].score, -_rank(ents[v])))
    return down + up if downward else up + down


def _pair_incoming(rnd: _Round, order: list[int], residents: list[int], downward: bool, last: bool
                   ) -> tuple[list[tuple[int, int]], list[int]]:
    """3.8: each incoming floater meets the first available player due the alternate colour, from the top
    of the group downward, from its bottom upward; then the first compatible one. 3.5: a floater with no
    opponent here floats on (in the last group: meets another floater)."""
    ents = rnd.entrants
    pairs: list[tuple[int, int]] = []
    on: list[int] = []
    for f in order:
        if f not in rnd.pool:
            continue
        line = sorted((r for r in residents if r in rnd.pool), key=lambda r: _rank(ents[r]), reverse=not downward)
        df = due(ents[f])
        alternate = [r for r in line if df is Colour.NONE or due(ents[r]) is not df]
        proposed = next((r for r in line if rnd.ok[f][r]), None)
        if rnd.maxi and proposed is not None:  # 3.8: exchanged for the colour only within 100 points
            alternate = [r for r in alternate if near(ents[r], ents[proposed])]
        rest = [r for r in line if r not in alternate]
        others = [g for g in order if g != f and g in rnd.pool] if last else []
        mate = next((r for r in alternate + rest + others
                     if (rnd.may_pair(f, r) if last else rnd.ok[f][r] and rnd.guard(rnd.pool - {f, r}))), None)
        if mate is None:
            on.append(f)
            continue
        rnd.pair(f, mate)
        pairs.append((f, mate))
    return pairs, on


def _even_floater(rnd: _Round, listed: list[int], downward: bool, target: frozenset[int]) -> int:
    """2.3 (d), 3.2-3.4, 3.9, 3.10: the floater that makes the group even: one with a compatible opponent in
    the next group (3.3-3.5, 3.9 c), not floated in the previous round (3.10), due the colour more players
    are due (3.2: it equalises them), the lowest numbered downward (from the bottom), the highest upward.
    With the look-ahead, the first of these that leaves the rest of the group and of the round a pairing."""
    ents = rnd.entrants
    whites = sum(1 for v in listed if due(ents[v]) is Colour.WHITE)
    blacks = sum(1 for v in listed if due(ents[v]) is Colour.BLACK)
    more = Colour.WHITE if whites > blacks else Colour.BLACK if blacks > whites else Colour.NONE
    position = {v: k for k, v in enumerate(reversed(listed))}  # the bottom of the scrutiny order first
    base = listed[-1]  # the lowest numbered downward, the highest numbered upward

    def key(v: int) -> tuple[bool, bool, bool, int]:
        has_opponent = any(rnd.ok[v][w] for w in target)
        floated = ents[v].floats[0] is not Float.NONE
        equalises = more is Colour.NONE or due(ents[v]) is more
        if rnd.maxi and not near(ents[v], ents[base]):
            equalises = False  # 3.2: in a Maxi-tournament, else the lowest (upward highest) numbered floats
        return (not has_opponent, floated, not equalises, position[v])

    ranked = sorted(listed, key=key)
    if not rnd.lookahead:  # the text: a floater that leaves the rest without a pairing is undone by 4.4
        return ranked[0]
    outside = rnd.pool - set(listed)
    return next((v for v in ranked if rnd.completable(outside | {v})
                 and _exchanges(rnd, [x for x in listed if x != v]) is not None), ranked[0])


def _pair_residents(rnd: _Round, listed: list[int], downward: bool, target: frozenset[int]
                    ) -> tuple[list[tuple[int, int]], list[int]]:
    """2.3-2.5, 4: the players left in a group (not the last) in the order of scrutiny: those with no
    compatible opponent in it float (2.3 a-c), an odd group floats one (2.3 d), the rest is paired by
    exchanges; a player of the upper half who cannot be given an opponent floats (4.4), exchanged with
    the floater of an odd group, or with the lowest numbered player remaining in an even one."""
    floats = [v for v in listed if not any(rnd.ok[v][w] for w in listed if w != v)]  # 2.3 a-c
    left = [v for v in listed if v not in floats]
    even_floater: int | None = None
    if len(left) % 2:
        even_floater = _even_floater(rnd, left, downward, target)
        left.remove(even_floater)
        floats.append(even_floater)
    swapped = False
    while left:
        outside = rnd.pool - set(left)
        pairs = _exchanges(rnd, left) if rnd.guard(outside) else None
        if pairs is not None:
            return _colour_scrutiny(rnd, pairs), floats
        # 4.4: the player of the upper half left without an opponent; when the halves pair but the players
        # still to pair elsewhere then cannot, the last of the upper half (a reading: docs/pairing.md)
        culprit = left[len(left) // 2 - 1] if _bipartite_all(rnd, left) else _culprit(rnd, left)
        if even_floater is not None and not swapped:
            swapped = True  # 4.4: originally odd: the culprit changes places with the floater
            left[left.index(culprit)] = even_floater
            left.sort(key=listed.index)
            floats[floats.index(even_floater)] = culprit
            continue
        # 4.4: originally even: the culprit floats with the lowest numbered player remaining, the pairs of
        # the players before him retained
        k, half = left.index(culprit), len(left) // 2
        kept = {v for pair in _assign(rnd, left[:k], left[half:]) or [] for v in pair}
        lowest = next(v for v in reversed(left) if v != culprit and v not in kept)
        left.remove(culprit)
        left.remove(lowest)
        floats += [culprit, lowest]
    return [], floats


def _bipartite_all(rnd: _Round, listed: list[int]) -> bool:
    half = len(listed) // 2
    return _bipartite(rnd, listed[:half], listed[half:])


def _pair_last(rnd: _Round, listed: list[int]) -> list[tuple[int, int]]:
    """2.2, 2.4, 4: the median group (paired last) in the order of scrutiny: by exchanges between its
    halves when they can be paired; otherwise each player in turn meets the first player, lower half first,
    that leaves the others a pairing; with none, the group is blocked (:class:`NoPairing`, 2.6)."""
    pairs = _exchanges(rnd, listed) if rnd.completable(rnd.pool - set(listed)) else None
    if pairs is not None:
        for a, b in pairs:
            rnd.pair(a, b)
        return _colour_scrutiny(rnd, pairs)
    out: list[tuple[int, int]] = []
    half = len(listed) // 2
    for a in listed:
        if a not in rnd.pool:
            continue
        order = [b for b in listed[half:] + listed[:half] if b != a and b in rnd.pool]
        mate = next((b for b in order if rnd.may_pair(a, b)), None)
        if mate is None:
            raise NoPairing()
        rnd.pair(a, mate)
        out.append((a, mate))
    return out


def _target(order: list[tuple[Fraction, bool]], k: int) -> Fraction:
    """3.2: the next group in the direction of pairing not yet paired; the last group when there is none."""
    score, downward = order[k]
    later = [s for s, _ in order[k + 1:]]
    ahead = [s for s in later if (s < score if downward else s > score)]
    if not ahead:
        return order[-1][0]
    return max(ahead) if downward else min(ahead)


def pair_round(state: RoundState, maxi: bool = False) -> Round:
    """The round paired (C.04.4.3 1-5): by the text's procedure, the median group extended by 2.6 when it
    cannot be paired; when even that leaves no pairing, again with the look-ahead in every group. ``maxi``:
    a Maxi-tournament (3.2, 3.8, 5.7)."""
    try:
        return _pair_groups(state, lookahead=False, maxi=maxi)
    except NoPairing:
        return _pair_groups(state, lookahead=True, maxi=maxi)


def _pair_groups(state: RoundState, lookahead: bool, maxi: bool) -> Round:
    rnd = _Round(state, lookahead, maxi)
    ents = rnd.entrants
    if len(ents) % 2 == 0 and not rnd.completable(rnd.pool):
        raise NoPairing()
    pab = _pab(rnd)
    if pab is not None:
        rnd.pool.discard(pab)
    level = {v: ents[v].score for v in rnd.pool}
    median = state.win * Fraction(state.round - 1, 2)
    order = _order(sorted(set(level.values())), median)
    arriving: dict[Fraction, dict[int, bool]] = {s: {} for s, _ in order}
    groups: list[Group] = []
    for k, (score, downward) in enumerate(order[:-1]):
        residents = sorted((v for v in rnd.pool if level[v] == score), key=lambda v: _rank(ents[v]))
        incoming = _incoming_order(ents, arriving[score], downward)
        pairs, on = _pair_incoming(rnd, incoming, residents, downward, False)
        listed = sorted((v for v in residents if v in rnd.pool), key=lambda v: _rank(ents[v]), reverse=not downward)
        to = _target(order, k)
        made, floats = _pair_residents(rnd, listed, downward, frozenset(v for v in rnd.pool if level[v] == to))
        for a, b in made:
            rnd.pair(a, b)
        outgoing = on + floats  # 3.5: an incoming floater without an opponent here floats on
        for v in outgoing:
            arriving[to][v] = level[v] > to  # from above (a downfloater) or from below
        groups.append(Group(score, downward, False, tuple(residents), tuple(incoming), tuple(outgoing),
                            tuple(pairs + made)))
    score, downward = order[-1]
    groups.append(_pair_median(rnd, groups, score, downward, arriving[score], level))
    return Round(ents, pab, tuple(groups))


def _pair_median(rnd: _Round, groups: list[Group], score: Fraction, downward: bool, arriving: dict[int, bool],
                 level: dict[int, Fraction]) -> Group:
    """2.2: the median group, paired last: everyone still to pair is in it. 2.6: when it cannot be paired,
    the next pair of the neighbouring group below is cracked if more floaters came from above than from
    below, else the next pair of the group above (the pair made last first, the nearest group first), and
    its players join the median group as floaters from their side; then the median group is paired again."""
    ents = rnd.entrants
    residents = tuple(sorted((v for v in rnd.pool if level[v] == score), key=lambda v: _rank(ents[v])))
    cracked: list[int] = []
    while True:
        saved = set(rnd.pool)
        incoming = _incoming_order(ents, arriving, downward)
        try:
            pairs, _ = _pair_incoming(rnd, incoming, list(residents), downward, True)
            pairs += _pair_last(rnd, sorted(rnd.pool, key=lambda v: _rank(ents[v])))
            return Group(score, downward, True, residents, tuple(incoming), (), tuple(pairs), tuple(cracked))
        except NoPairing:
            rnd.pool = saved
        above = sum(1 for d in arriving.values() if d)
        lower_first = above > len(arriving) - above
        sides = ([False, True] if lower_first else [True, False])
        found = next(((k, g) for side in sides for k, g in _neighbours(groups, score, side) if g.pairs), None)
        if found is None:
            raise NoPairing()
        k, g = found
        a, b = g.pairs[-1]
        groups[k] = g._replace(pairs=g.pairs[:-1])
        rnd.pool |= {a, b}
        for v in (a, b):
            arriving[v] = level[v] > score
        cracked += [a, b]


def _neighbours(groups: list[Group], score: Fraction, above: bool) -> list[tuple[int, Group]]:
    """The groups above (below) the median score, the nearest first."""
    out = [(k, g) for k, g in enumerate(groups) if (g.score > score if above else g.score < score)]
    return sorted(out, key=lambda x: x[1].score if above else -x[1].score)


def explain(rnd: Round, state: RoundState) -> Pairs:
    """The boards (C.04.2 board order), the PAB and the score-groups of a paired round, with their reasons."""
    ents = rnd.entrants
    games: list[Game] = []
    notes: list[BracketNote] = []
    for g in rnd.groups:
        way = "median" if g.median else "down" if g.downward else "up"
        said: list[Text] = [Message(f"pairing.lim.group.{way}", score=g.score)]
        if g.incoming:
            said.append(Message("pairing.lim.incoming", players=tuple(ents[v].start_no for v in g.incoming)))
        if g.outgoing:
            said.append(Message("pairing.lim.outgoing", players=tuple(ents[v].start_no for v in g.outgoing)))
        if g.cracked:
            said.append(Message("pairing.lim.cracked", players=tuple(ents[v].start_no for v in g.cracked)))
        notes.append(BracketNote(g.score, tuple(ents[v].start_no for v in g.residents),
                                 tuple(ents[v].start_no for v in g.outgoing), tuple(said)))
        for v, w in g.pairs:
            a, b = ents[v], ents[w]
            why = Message("pairing.lim.pair", first=a.start_no, second=b.start_no, score=g.score)
            high, low = (a, b) if (a.score, -a.tpn) > (b.score, -b.tpn) else (b, a)
            c = allocate(high, low, state.first_colour, upper=g.downward)
            games.append(Game(c.white, c.black, (why, Message(f"pairing.lim.colour.{c.rule}", white=c.white.start_no,
                                                              black=c.black.start_no))))
    pab = None
    if rnd.pab is not None:
        e = ents[rnd.pab]
        pab = Bye(e.start_no, Kind.PAB, state.pab_points, (Message("pairing.lim.pab", no=e.start_no, score=e.score),))
    return Pairs(boards(games), byes(pab, state.absent), tuple(notes))


def pair_lim(event: Tournament, round_no: int, edition: SwissEdition, *, lots: int | None = None) -> Pairs:
    """Round ``round_no`` of ``event`` paired by the Lim system (C.04.4.3). ``lots`` draws player #1's colour
    (7.2) when the event does not say it."""
    state = build_state(event, round_no)
    drawn = first_colour(event.plans.first_colour, lots)  # 7.2: the event's, else drawn by lot
    if drawn is not None:
        state = state._replace(first_colour=drawn.colour)
    try:
        rnd = pair_round(state, maxi=event.plans.maxi)  # 3.2, 3.8, 5.7: the arbiter's choice
    except NoPairing:
        raise InputError(str(Message("pairing.lim.impossible", round=round_no)), file=event.source) from None
    pairs = explain(rnd, state)
    notes = ((Message("pairing.lim.maxi"),) if event.plans.maxi else ()) + (() if drawn is None else (drawn.note,))
    return pairs._replace(notes=pairs.notes + notes) if notes else pairs


__all__ = ["Group", "NoPairing", "Round", "explain", "pair_lim", "pair_round"]
