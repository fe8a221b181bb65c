"""The Swiss team pairing system, C.04.6: pair one round of a team event.

The process of 1.9.2 (2025-07; 3.3.2 of 2026-02): first the pairing-allocated bye (2.1 / 3.4), then, over
and over, the top-scoregroup with the set of upfloaters it needs (2.2 / 3.5) as one bracket paired whole
(2.3 / 3.6), then the colours (4). What differs from the Dutch system is written here with its article;
what is the same is the Dutch's: the maximum-weight matching (:mod:`xltb.pairing.matching`) finds a
bracket's first pairing in the order of 2.3.2-2.3.3 / 3.6.2-3.6.3 among those that best meet the bracket's
criteria, and whether the teams left can still be paired ([C1], [C3]).

The editions differ in the criteria (:class:`TeamRules`): 2025-07 has [C6] "maximise the teams of the
following scoregroup that can be paired" and one float criterion in the bracket ([C9]: teams floating in
consecutive rounds); 2026-02 has [C6] "the following scoregroup can be paired with the fewest upfloaters",
[C7] (upfloaters that floated in the previous round, when the set is chosen) and [C10] (their opponents
that did, in the bracket), and 4.3.9.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Iterator, NamedTuple, Sequence

from ..errors import InputError
from ..messages import Message, Text
from ..model.results import Colour, Kind
from ..model.team import TeamTournament
from ..rules.swiss import SwissEdition
from .lots import first_colour
from .matching import max_weight_matching
from .boards import Game, boards, byes
from .result import BracketNote, Bye, Pairs
from .state import TeamEntrant, TeamState, build_team_state
from .team_colours import ColourModel


class NoTeamPairing(Exception):
    """No pairing of the round meets [C1] and [C2] (1.9.3 / 3.3.3: the arbiter decides)."""


class TeamRules(NamedTuple):
    """What an edition of C.04.6 says differently."""

    c6_complete: bool
    """[C6] 2026-02 (2.3.3): the following scoregroup must be pairable with the fewest upfloaters; 2025-07
    (3.3.3): maximise the teams of it that can be paired."""
    c7_upfloaters: bool
    """2026-02 [C7] (2.3.4, 3.5.5): fewest upfloaters that floated in the previous round, when the set is
    chosen; and [C10] (2.3.7) in the bracket. 2025-07 [C9] (3.3.6): fewest teams floating in consecutive
    rounds, in the bracket."""
    rule_4_3_9: bool
    """2026-02 4.3.9: alternate the other team's colour when the first-team has played no match."""


def team_rules(edition: SwissEdition) -> TeamRules:
    """The criteria of C.04.6 in ``edition``."""
    new = edition.starts.year >= 2026
    return TeamRules(c6_complete=new, c7_upfloaters=new, rule_4_3_9=new)


class Graph(NamedTuple):
    """The teams of the round: vertex i is ``entrants[i]``."""

    entrants: tuple[TeamEntrant, ...]
    level: tuple[int, ...]
    """Each team's score level (1 the lowest score)."""
    adj: tuple[frozenset[int], ...]
    """Who may meet whom ([C1])."""


class Bracket(NamedTuple):
    """One bracket paired: its residents, its upfloaters, its pairs (vertices)."""

    level: int
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    c6: bool
    """[C6] met by the set of upfloaters chosen."""


def build_graph(state: TeamState) -> Graph:
    entrants = state.entrants
    scores = sorted({e.score for e in entrants})
    level_of = {s: k + 1 for k, s in enumerate(scores)}
    n = len(entrants)
    adj = [frozenset(j for j in range(n) if j != i and entrants[j].start_no not in entrants[i].met)  # [C1]
           for i in range(n)]
    return Graph(entrants, tuple(level_of[e.score] for e in entrants), tuple(adj))


def matching(vertices: Sequence[int], adj: tuple[frozenset[int], ...],
             cost: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
    """The matching of ``vertices`` with the most pairs and, among those, the least total ``cost``."""
    index = {v: k for k, v in enumerate(vertices)}
    top = max(cost.values(), default=0) + 1 if cost else 1
    edges = [(index[v], index[w], top - (cost[(v, w)] if cost else 0))
             for v in vertices for w in adj[v] if w > v and w in index]
    mate = max_weight_matching(len(vertices), edges)
    return {vertices[k]: vertices[m] for k, m in enumerate(mate) if m >= 0}


def perfect(vertices: Sequence[int], adj: tuple[frozenset[int], ...]) -> bool:
    """[C1] [C3]: these teams can all be paired among themselves."""
    return len(vertices) % 2 == 0 and len(matching(vertices, adj)) == len(vertices)


def find_pab(graph: Graph, vertices: list[int]) -> int | None:
    """2.1 / 3.4: the team that leaves a legal pairing for all (2.1.1), of the lowest score (2.1.2), that
    played the most matches (2.1.3) and has the highest TPN (2.1.4); [C2] bars a team that had a PAB, a
    forfeit win or a full-point bye."""
    if len(vertices) % 2 == 0:
        return None
    es = graph.entrants
    for v in sorted((v for v in vertices if es[v].pab_allowed),
                    key=lambda v: (es[v].score, -es[v].matches, -es[v].start_no)):
        if perfect([w for w in vertices if w != v], graph.adj):
            return v
    raise NoTeamPairing()


def profiles(lower: list[int], level: tuple[int, ...], count: int) -> list[tuple[int, ...]]:
    """[C5] (3.3.2 / 2.3.2): the score levels a set of ``count`` upfloaters can have, the best first (the
    lowest score as high as it can be, then the second lowest ...)."""
    available: dict[int, int] = {}
    for v in lower:
        available[level[v]] = available.get(level[v], 0) + 1
    out = [p for p in combinations_with_replacement(sorted(available, reverse=True), count)
           if all(p.count(x) <= available[x] for x in set(p))]
    return sorted(out, key=lambda p: sorted(p), reverse=True)


def upfloater_sets(lower: list[int], graph: Graph, profile: tuple[int, ...]) -> Iterator[list[int]]:
    """2.2.3-2.2.4 / 3.5.3-3.5.4: the sets of a profile, each by score then TPN, in lexicographic order."""
    levels = sorted(set(profile), reverse=True)
    by_level = [sorted((v for v in lower if graph.level[v] == x), key=lambda v: graph.entrants[v].start_no)
                for x in levels]
    counts = [profile.count(x) for x in levels]

    def sets_from(k: int) -> Iterator[list[int]]:
        if k == len(levels):
            yield []
            return
        for chosen in combinations(by_level[k], counts[k]):
            for rest in sets_from(k + 1):
                yield list(chosen) + rest

    return sets_from(0)


def _same_colour(a: TeamEntrant, b: TeamEntrant) -> bool:
    return a.preference.colour is not Colour.NONE and a.preference.colour is b.preference.colour


class BracketContext(NamedTuple):
    """What the criteria of a bracket read."""

    graph: Graph
    state: TeamState
    rules: TeamRules

    @property
    def last_two(self) -> bool:
        """The float criteria do not apply in the last two rounds ([C7] [C10] 2026-02, [C9] 2025-07)."""
        return self.state.round > self.state.rounds - 2

    def pair_cost(self, v: int, w: int, lvl: int) -> tuple[int, int, int]:
        """The colour and float criteria one pair carries: ([C8], [C9], [C10]) of 2026-02, ([C7], [C8],
        [C9]) of 2025-07, in that priority."""
        es, level = self.graph.entrants, self.graph.level
        a, b = es[v], es[w]
        colour = 1 if _same_colour(a, b) else 0  # 2.3.5 / 3.3.4: one of them goes without its colour
        strong = 1 if (colour and self.state.model is ColourModel.TYPE_B and a.preference.strong
                       and b.preference.strong) else 0  # 2.3.6 / 3.3.5 (type B only)
        floats = 0
        if not self.last_two:
            if self.rules.c7_upfloaters:  # 2.3.7 [C10]: an upfloater's opponent that floated last round
                floats = sum(1 for x, y in ((v, w), (w, v)) if level[x] < lvl and es[y].floated)
            elif a.score != b.score:  # 3.3.6 [C9]: both float now; count those that floated last round
                floats = int(a.floated) + int(b.floated)
        return colour, strong, floats

    def pair_bracket(self, bracket: list[int], lvl: int) -> list[tuple[int, int]] | None:
        """2.3 / 3.6: the first pairing, in the order of the identifiers (top members by TPN, then their
        bottom members), among those that best meet the bracket's criteria; None when none is legal."""
        es, adj = self.graph.entrants, self.graph.adj
        order = sorted(bracket, key=lambda v: es[v].start_no)
        bsn = {v: k + 1 for k, v in enumerate(order)}
        size = len(bracket)
        base = size + 1
        w_top = base ** size
        w_c3 = w_top * 2 ** size
        w_c2 = w_c3 * base
        w_c1 = w_c2 * base
        cost: dict[tuple[int, int], int] = {}
        inside = set(bracket)
        for v in bracket:
            for w in adj[v]:
                if w > v and w in inside:
                    top, bottom = (v, w) if bsn[v] < bsn[w] else (w, v)
                    c1, c2, c3 = self.pair_cost(v, w, lvl)
                    cost[(v, w)] = (c1 * w_c1 + c2 * w_c2 + c3 * w_c3 + w_top * 2 ** (size - bsn[bottom])
                                    + bsn[bottom] * base ** (size - bsn[top]))
        mate = matching(bracket, adj, cost)
        if len(mate) != size:
            return None
        return sorted((v, mate[v]) for v in bracket if bsn[v] < bsn[mate[v]])

    def c6(self, lvl: int, rest: list[int]) -> int:
        """[C6]: 2026-02 (2.3.3), 0 when the following scoregroup (what is left of it) can be paired with the
        fewest upfloaters its size needs and the round still completed, else 1; 2025-07 (3.3.3), minus the
        teams of the following scoregroup that can be paired among themselves."""
        level, adj = self.graph.level, self.graph.adj
        following = [v for v in rest if level[v] == lvl - 1]
        if not self.rules.c6_complete:
            return -len(matching(following, adj))
        if not following:
            return 0
        lower = [v for v in rest if level[v] < lvl - 1]
        for ups in ([[]] if len(following) % 2 == 0 else [[v] for v in lower]):
            group = following + ups
            if perfect(group, adj) and perfect([v for v in rest if v not in group], adj):
                return 0
        return 1

    def select(self, residents: list[int], remaining: list[int], lvl: int) -> Bracket:
        """2.2 / 3.5: the set of upfloaters, the fewest ([C4]) of the highest scores ([C5]); of a profile,
        the first set with a legal pairing that leaves the round completable ([C3]) and best meets [C6]
        (and [C7], 2026-02)."""
        es, level = self.graph.entrants, self.graph.level
        lower = [v for v in remaining if level[v] < lvl]
        for count in range(len(residents) % 2, len(lower) + 1, 2):
            for profile in profiles(lower, level, count):
                best: tuple[tuple[int, int, int], list[int], list[tuple[int, int]], list[int]] | None = None
                for index, ups in enumerate(upfloater_sets(lower, self.graph, profile)):
                    bracket = residents + ups
                    pairs = self.pair_bracket(bracket, lvl)
                    if pairs is None:
                        continue
                    inside = set(bracket)
                    rest = [v for v in remaining if v not in inside]
                    if not perfect(rest, self.graph.adj):
                        continue  # [C3]
                    c7 = (sum(1 for v in ups if es[v].floated)
                          if self.rules.c7_upfloaters and not self.last_two else 0)
                    key = (self.c6(lvl, rest), c7, index)
                    if best is None or key < best[0]:
                        best = (key, ups, pairs, rest)
                    if key[0] <= 0 and key[1] == 0 and self.rules.c6_complete:
                        break
                if best is not None:
                    key, ups, pairs, rest = best
                    c6_met = key[0] == 0 if self.rules.c6_complete else True
                    return Bracket(lvl, tuple(residents), tuple(ups), tuple(pairs), c6_met)
        raise NoTeamPairing()


def pair_teams(state: TeamState, edition: SwissEdition) -> tuple[list[Bracket], int | None, Graph]:
    """The brackets of the round, top down, and the PAB's vertex."""
    graph = build_graph(state)
    ctx = BracketContext(graph, state, team_rules(edition))
    es = graph.entrants
    remaining = sorted(range(len(es)), key=lambda v: es[v].start_no)
    pab = find_pab(graph, remaining)
    remaining = [v for v in remaining if v != pab]
    if not perfect(remaining, graph.adj):
        raise NoTeamPairing()
    brackets = []
    while remaining:
        lvl = max(graph.level[v] for v in remaining)
        residents = [v for v in remaining if graph.level[v] == lvl]
        bracket = ctx.select(residents, remaining, lvl)
        brackets.append(bracket)
        paired = set(bracket.residents) | set(bracket.upfloaters)
        remaining = [v for v in remaining if v not in paired]
    return brackets, pab, graph


class Colours(NamedTuple):
    """A pair's colours: who has White (board 1), and by which rule of 4.3."""

    white: int
    black: int
    rule: str


def _first_team(a: TeamEntrant, b: TeamEntrant, state: TeamState) -> bool:
    """4.2: ``a`` is the first-team: the higher primary score (4.2.1), the higher secondary score unless the
    competition does not use it (4.2.2), the lower TPN (4.2.3). The scores are the standings' (virtual points
    are no points scored)."""
    if a.points != b.points:
        return a.points > b.points
    if state.secondary_used and a.secondary != b.secondary:
        return a.secondary > b.secondary
    return a.start_no < b.start_no


def allocate(a: TeamEntrant, b: TeamEntrant, state: TeamState, rules: TeamRules) -> Colours:
    """4.3, in descending priority: the colour of the first-team, hence of board 1."""
    first, second = (a, b) if _first_team(a, b, state) else (b, a)
    other = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}

    def give(colour: Colour, rule: str) -> Colours:
        if colour is Colour.WHITE:
            return Colours(first.start_no, second.start_no, rule)
        return Colours(second.start_no, first.start_no, rule)

    fp, sp = first.preference, second.preference
    if first.matches == 0 and second.matches == 0:  # 4.3.1
        return give(state.first_colour if first.start_no % 2 == 1 else other[state.first_colour], "4.3.1")
    if fp.colour is not Colour.NONE and sp.colour is Colour.NONE:  # 4.3.2
        return give(fp.colour, "4.3.2")
    if fp.colour is Colour.NONE and sp.colour is not Colour.NONE:
        return give(other[sp.colour], "4.3.2")
    if fp.colour is not Colour.NONE and sp.colour is not Colour.NONE and fp.colour is not sp.colour:
        return give(fp.colour, "4.3.3")  # 4.3.3
    if state.model is ColourModel.TYPE_B and fp.colour is not Colour.NONE and fp.strong != sp.strong:
        return give(fp.colour if fp.strong else other[sp.colour], "4.3.4")  # 4.3.4 (type B)
    if first.colour_difference != second.colour_difference:  # 4.3.5
        return give(Colour.WHITE if first.colour_difference < second.colour_difference else Colour.BLACK, "4.3.5")
    for fc, sc in zip(reversed(first.colours), reversed(second.colours)):  # 4.3.6
        if fc is not sc:
            return give(other[fc], "4.3.6")
    if fp.colour is not Colour.NONE:  # 4.3.7
        return give(fp.colour, "4.3.7")
    if first.colours:  # 4.3.8
        return give(other[first.colours[-1]], "4.3.8")
    # 4.3.9 (2026-02): alternate the other team's colour; 2025-07 stops at 4.3.8 (read the same way)
    return give(second.colours[-1], "4.3.9")


def board_reasons(white: TeamEntrant, black: TeamEntrant, colours: Colours) -> tuple[Text, ...]:
    """Why these two teams meet and why board 1 has its colour."""
    out: list[Text] = []
    if white.score == black.score:
        out.append(Message("pairing.team.same_score", white=white.start_no, black=black.start_no, score=white.score))
    else:
        high, low = (white, black) if white.score > black.score else (black, white)
        out.append(Message("pairing.team.upfloat", low=low.start_no, low_score=low.score, high=high.start_no,
                           high_score=high.score))
    out.append(Message("pairing.team.colour", white=white.start_no, black=black.start_no, article=colours.rule))
    return tuple(out)


def pair_team_state(state: TeamState, edition: SwissEdition) -> Pairs:
    """The round of ``state`` paired: boards by the pairing scores (C.04.2 board order), the PAB and the teams
    not paired, a note per bracket."""
    rules = team_rules(edition)
    brackets, pab, graph = pair_teams(state, edition)
    es = graph.entrants
    games = []
    for br in brackets:
        for v, w in br.pairs:
            col = allocate(es[v], es[w], state, rules)
            white, black = (es[v], es[w]) if col.white == es[v].start_no else (es[w], es[v])
            games.append(Game(white, black, board_reasons(white, black, col)))
    given = None
    if pab is not None:
        e = es[pab]
        given = Bye(e.start_no, Kind.PAB, state.pab_points,
                    (Message("pairing.team.pab", no=e.start_no, score=e.score, matches=e.matches),))
    notes = []
    for br in brackets:
        said: list[Text] = [Message("pairing.team.bracket", residents=len(br.residents), upfloaters=len(br.upfloaters),
                                    pairs=len(br.pairs))]
        if not br.c6:
            said.append(Message("pairing.team.c6"))
        notes.append(BracketNote(es[br.residents[0]].score, tuple(es[v].start_no for v in br.residents),
                                 tuple(es[v].start_no for v in br.upfloaters), tuple(said)))
    return Pairs(boards(games), byes(given, state.absent, "pairing.team.absent"), tuple(notes))


def pair_team(event: TeamTournament, round_no: int, edition: SwissEdition, *, lots: int | None = None) -> Pairs:
    """Round ``round_no`` of a team event by C.04.6 of ``edition``; ``lots`` draws the initial colour (4.1)
    when the event does not say it."""
    drawn = first_colour(event.plans.first_colour, lots)  # 4.1: the event's, else drawn by lot
    state = build_team_state(event, round_no, None if drawn is None else drawn.colour)
    try:
        pairs = pair_team_state(state, edition)
    except NoTeamPairing:
        raise InputError(str(Message("pairing.team.impossible", round=round_no)), file=event.source) from None
    return pairs if drawn is None else pairs._replace(notes=pairs.notes + (drawn.note,))


__all__ = ["Bracket", "Colours", "NoTeamPairing", "TeamRules", "allocate", "build_graph", "find_pab",
           "pair_team", "pair_team_state", "pair_teams", "profiles", "team_rules", "upfloater_sets"]
