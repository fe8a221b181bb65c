"""Direct encounter (C.07 Art. 6), a type A tie-break: it ranks a set of tied participants
by the games they played against each other."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, NamedTuple, Sequence

from ..messages import Message
from .codes import TieBreakSpec
from .context import Context


class EncounterStep(NamedTuple):
    """One application of Art. 6 to a set of tied participants: who, the score used, the article and
    what it decided. Writers render it (:meth:`text`) or ask who it concerns (:attr:`members`)."""

    members: tuple[int, ...]  # start numbers, in the set's order
    article: str  # "6.2", "6.3" or "13.3.2"
    outcome: str  # see OUTCOMES
    score: str | None = None  # team events: the score Art. 6 was applied to ("MP", "GP"); None: points
    levels: tuple[tuple[tuple[int, ...], Fraction], ...] = ()  # 6.2: the separate standings, best first
    first: int | None = None  # 6.3 / 13.3.2: the participant ranked first
    chain: str | None = None  # 13.3.2: the Art. 12 tie-break applied (BC, TBR, BBE)
    chain_values: tuple[Fraction, ...] = ()  # 13.3.2: its value for each member

    def text(self) -> str:
        """The step in words (English), e.g. ``{#3, #7}: all met; separate standings #7 1.5, #3 0.5 (6.2)``."""
        return str(self.message())

    def message(self) -> Message:
        """The step as a message (``step.<outcome>``, ``step.<outcome>_team`` for a team score), rendered
        by the faces in the reader's language."""
        names = member_list(self.members)
        team = "_team" if self.score is not None else ""
        if self.outcome == "equal":
            return Message(f"step.equal{team}", members=names, score=self.score or "", value=self.levels[0][1])
        if self.outcome == "separated":
            parts = tuple(Message("step.level", who="/".join(f"#{n}" for n in sub), value=level)
                          for sub, level in self.levels)
            return Message(f"step.separated{team}", members=names, score=self.score or "", levels=parts)
        if self.outcome == "ahead":
            return Message(f"step.ahead{team}", members=names, score=self.score or "", first=f"#{self.first}")
        if self.outcome == "undecided":
            return Message(f"step.undecided{team}", members=names, score=self.score or "")
        if self.outcome == "chain-decided":
            values = tuple(Message("step.level", who=f"#{n}", value=v) for n, v in zip(self.members, self.chain_values))
            return Message("step.chain_decided", members=names, chain=self.chain or "", values=values,
                           first=f"#{self.first}")
        if self.outcome == "chain-undecided":
            return Message("step.chain_undecided", members=names, chain=self.chain or "")
        raise ValueError(self.outcome)


#: a set larger than this is named by its first members and a count (a step of 100,000 tied players
#: would otherwise write 800 KB of start numbers into the notes of each of them)
NAMED_MEMBERS = 50
SHOWN_MEMBERS = 10


def member_list(members: tuple[int, ...]) -> Message | tuple[str, ...]:
    """The members of a set as they are named: ``#3, #7``; a large set by its first members and a count."""
    if len(members) <= NAMED_MEMBERS:
        return tuple(f"#{n}" for n in members)
    return Message("step.members_more", shown=tuple(f"#{n}" for n in members[:SHOWN_MEMBERS]),
                   more=len(members) - SHOWN_MEMBERS)


#: what a step decided
OUTCOMES = {
    "equal": "6.2: all met with equal scores; no tie broken",
    "separated": "6.2: all met; the separate standings order them",
    "ahead": "6.3: not all met; one stays ahead whatever the missing games",
    "undecided": "6.3: not all met and nobody is sure to stay ahead; no tie broken",
    "chain-decided": "13.3.2: the chain's Art. 12 tie-break decides between two teams",
    "chain-undecided": "13.3.2: the chain's Art. 12 tie-break is not decisive",
}


class DirectEncounterResult:
    """Ordered groups (participants still tied share a group), each member's score in the
    separate standings of the set DE was first applied to, and the steps taken."""

    __slots__ = ("groups", "scores", "steps")

    def __init__(self, groups: list[list[int]], scores: dict[int, Fraction] | None = None,
                 steps: list[EncounterStep] | None = None):
        self.groups = groups
        self.scores = {} if scores is None else scores
        self.steps = [] if steps is None else steps

    def __repr__(self) -> str:
        return f"DirectEncounterResult({self.groups}, {self.scores}, {self.steps})"


#: the members a participant has counted games against (any of them may be outside the group): lets
#: the separate standings be summed from each member's own games, in time linear in the games,
#: instead of asking ``meetings`` about every pair of a group that may hold 100,000 tied players
Opponents = Callable[[int], Iterable[int]]


def separate_standings(group: Sequence[int], meetings: Callable[[int, int], list[Fraction]],
                       max_game: Fraction, start_nos: Sequence[int],
                       opponents: Opponents | None = None) -> DirectEncounterResult:
    """Apply C.07 6.1-6.3 to ``group`` (participant indices; ``start_nos`` names them).

    ``meetings(a, b)`` returns the points ``a`` scored in each counted game against ``b``.
    6.1.2: when two participants met more than once, the addend is the average.
    6.2: if all have met, the separate standings rank them; ties are re-examined recursively.
    6.3: otherwise a participant who stays alone at the top whatever the outcome of the missing
    games (each worth at most ``max_game``) is ranked first, then the second likewise, and so on;
    Art. 6 is then reapplied to the remaining participants.
    """
    out = DirectEncounterResult([])
    out.groups = _apply(list(group), meetings, max_game, start_nos, out, top=True, opponents=opponents)
    return out


def separate_scores(group: Sequence[int], meetings: Callable[[int, int], list[Fraction]],
                    opponents: Opponents | None = None) -> tuple[dict[int, Fraction], dict[int, int]]:
    """C.07 6.1: each member's score in the separate standings of ``group`` and how many of the others
    it did not meet. 6.1.2: when two met more than once, the addend is the average.

    With ``opponents``, each member's own games are summed (linear in the games); without, every pair
    is asked (quadratic in the group: for the small groups of team events)."""
    score: dict[int, Fraction] = {a: Fraction(0) for a in group}
    missing: dict[int, int] = {a: 0 for a in group}
    if opponents is not None:
        others = len(score) - 1
        for a in score:
            met = 0
            for b in set(opponents(a)):
                if b != a and b in score:
                    games = meetings(a, b)
                    if games:
                        score[a] += sum(games, Fraction(0)) / len(games)  # 6.1.2
                        met += 1
            missing[a] = others - met
        return score, missing
    for a in group:
        for b in group:
            if a == b:
                continue
            games = meetings(a, b)
            if games:
                score[a] += sum(games, Fraction(0)) / len(games)  # 6.1.2
            else:
                missing[a] += 1
    return score, missing


def first_whatever_missing(rest: Sequence[int], score: dict[int, Fraction], missing: dict[int, int],
                           max_game: Fraction) -> int | None:
    """C.07 6.3: the member who stays alone at the top whatever the outcome of the missing games (each
    worth at most ``max_game``), or None."""
    # x is first when its score beats every other member's best possible score (score + max_game per
    # missing game): only the two highest bounds need to be known (linear, not quadratic, in the set)
    best = second = None
    holder = None
    for y in rest:
        bound = score[y] + max_game * missing[y]
        if best is None or bound > best:
            best, second, holder = bound, best, y
        elif second is None or bound > second:
            second = bound
    for x in rest:
        others_best = second if x == holder else best
        if others_best is None or score[x] > others_best:
            return x
    return None


def art6_step(group: list[int], meetings: Callable[[int, int], list[Fraction]], max_game: Fraction,
              start_nos: Sequence[int], steps: list[EncounterStep], score_name: str | None = None,
              opponents: Opponents | None = None) -> tuple[list[list[int]], dict[int, Fraction], bool]:
    """One application of Art. 6 to ``group``, without recursion: (ordered groups, separate scores,
    whether all met). 6.2: all met: the separate standings (one group per score). 6.3: not all met:
    who stays alone ahead whatever the missing games is first, then the next likewise; the rest is
    one group. ``steps`` receives what was decided."""
    score, missing = separate_scores(group, meetings, opponents)
    members = tuple(start_nos[a] for a in group)
    if not any(missing.values()):  # 6.2
        by_level: dict[Fraction, list[int]] = {}
        for a in group:
            by_level.setdefault(score[a], []).append(a)
        levels = sorted(by_level, reverse=True)
        subs = [by_level[level] for level in levels]
        table = tuple((tuple(start_nos[a] for a in sub), level) for sub, level in zip(subs, levels))
        steps.append(EncounterStep(members, "6.2", "equal" if len(subs) == 1 else "separated", score_name, table))
        return subs, score, True
    ranked: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:  # 6.3
        first = first_whatever_missing(rest, score, missing, max_game)
        if first is None:
            break
        ranked.append([first])
        rest = [a for a in rest if a != first]
        steps.append(EncounterStep(members, "6.3", "ahead", score_name, first=start_nos[first]))
    if not ranked:
        steps.append(EncounterStep(members, "6.3", "undecided", score_name))
        return [group], score, False
    return ranked + [rest], score, False


def _apply(group: list[int], meetings: Callable[[int, int], list[Fraction]], max_game: Fraction,
           start_nos: Sequence[int], out: DirectEncounterResult,
           top: bool, opponents: Opponents | None = None) -> list[list[int]]:
    if len(group) < 2:
        return [group]
    groups, score, all_met = art6_step(group, meetings, max_game, start_nos, out.steps, opponents=opponents)
    if top:
        out.scores.update(score)
    if len(groups) == 1:
        return groups
    if all_met:  # 6.2: ties within the separate standings are re-examined
        result: list[list[int]] = []
        for sub in groups:
            result.extend(_apply(sub, meetings, max_game, start_nos, out, top=False, opponents=opponents)
                          if len(sub) > 1 else [sub])
        return result
    ranked, rest = groups[:-1], groups[-1]
    if len(rest) == 1:
        return groups
    return ranked + _apply(rest, meetings, max_game, start_nos, out, top=False,  # 6.3: reapply Art. 6
                           opponents=opponents)


def keep_decided(result: DirectEncounterResult, group: list[int], scores: list[Fraction | None]) -> None:
    """Record a DE value only where Art. 6 gives the participant a standing among the tied ``group``:

    * all of them met (6.2): everyone's score in the separate standings, also when the scores are
      equal (they drew: FIDE's program and chess-results print it too);
    * not all met (6.3): only for a participant Art. 6 placed apart from at least one of the others
      (its final group within ``group`` is smaller than ``group``).

    Otherwise (not all met and nothing decided for it) there is no value: a 0 would read as "lost"
    where the players never met. The value is always the score in the separate standings of
    ``group`` (C.07 6.1)."""
    all_met = bool(result.steps) and result.steps[0].article == "6.2"
    for sub in result.groups:
        if all_met or len(sub) < len(group):
            for i in sub:
                if scores[i] is None and i in result.scores:
                    scores[i] = result.scores[i]


def direct_encounter(ctx: Context, spec: TieBreakSpec, group: Sequence[int]) -> DirectEncounterResult:
    """C.07 6 for individuals. 6.1.1: forfeits are excluded unless 15.2 applies (round robins) or ``/P``."""
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played)
    members = set(group)
    games: dict[tuple[int, int], list[Fraction]] = {}
    met: dict[int, list[int]] = {}
    for a in group:
        for r, (k, o, v) in enumerate(zip(ctx.kinds[a], ctx.opps[a], ctx.pts[a])):
            if o in members and o != a and ctx.is_game(k, o, fw, fl):
                games.setdefault((a, o), []).append(Fraction(v, ctx.q))
                met.setdefault(a, []).append(o)

    def meetings(a: int, b: int) -> list[Fraction]:
        return games.get((a, b), [])

    def opponents(a: int) -> list[int]:
        return met.get(a, [])

    return separate_standings(group, meetings, ctx.t.scoring.win, ctx.start_nos, opponents)


__all__ = ["EncounterStep", "DirectEncounterResult", "separate_standings", "art6_step", "direct_encounter",
           "keep_decided"]
