"""Direct encounter (C.07 Art. 6), a type A tie-break: it ranks a set of tied participants
by the games they played against each other."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Hashable, Sequence

from .codes import TieBreakSpec
from .context import Context


class DirectEncounterResult:
    """Ordered groups (participants still tied share a group), each member's score in the
    separate standings of the set DE was first applied to, and what happened."""

    __slots__ = ("groups", "scores", "notes")

    def __init__(self, groups: list[list[int]], scores: dict[int, Fraction] | None = None,
                 notes: list[str] | None = None):
        self.groups = groups
        self.scores = {} if scores is None else scores
        self.notes = [] if notes is None else notes

    def __repr__(self) -> str:
        return f"DirectEncounterResult({self.groups}, {self.scores}, {self.notes})"


def separate_standings(group: Sequence[int], meetings: Callable[[int, int], list[Fraction]],
                       max_game: Fraction, label: Callable[[int], str]) -> DirectEncounterResult:
    """Apply C.07 6.1-6.3 to ``group``.

    ``meetings(a, b)`` returns the points ``a`` scored in each counted game against ``b``.
    6.1.2: when two participants met more than once, the addend is the average.
    6.2: if all have met, the separate standings rank them; ties are re-examined recursively.
    6.3: otherwise a participant who stays alone at the top whatever the outcome of the missing
    games (each worth at most ``max_game``) is ranked first, then the second likewise, and so on;
    Art. 6 is then reapplied to the remaining participants.
    """
    out = DirectEncounterResult([])
    out.groups = _apply(list(group), meetings, max_game, label, out, top=True)
    return out


def separate_scores(group: Sequence[int], meetings: Callable[[int, int], list[Fraction]]
                    ) -> tuple[dict[int, Fraction], dict[int, int]]:
    """C.07 6.1: each member's score in the separate standings of ``group`` and how many of the others
    it did not meet. 6.1.2: when two met more than once, the addend is the average."""
    score: dict[int, Fraction] = {a: Fraction(0) for a in group}
    missing: dict[int, int] = {a: 0 for a in group}
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
    alone = [x for x in rest if all(score[x] > score[y] + max_game * missing[y] for y in rest if y != x)]
    return alone[0] if alone else None


def _apply(group: list[int], meetings, max_game: Fraction, label, out: DirectEncounterResult, top: bool) -> list[list[int]]:
    if len(group) < 2:
        return [group]
    score, missing = separate_scores(group, meetings)
    if top:
        out.scores.update(score)
    names = ", ".join(label(a) for a in group)
    if not any(missing.values()):  # 6.2
        levels = sorted(set(score.values()), reverse=True)
        if len(levels) == 1:
            out.notes.append(f"{{{names}}}: all met, equal scores {float(levels[0]):g}: no tie broken (6.2)")
            return [group]
        subs = [[a for a in group if score[a] == level] for level in levels]
        parts = ["/".join(label(a) for a in sub) + f" {float(level):g}" for sub, level in zip(subs, levels)]
        out.notes.append(f"{{{names}}}: all met; separate standings " + ", ".join(parts) + " (6.2)")
        result: list[list[int]] = []
        for sub in subs:
            result.extend(_apply(sub, meetings, max_game, label, out, top=False) if len(sub) > 1 else [sub])
        return result
    ranked: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:  # 6.3
        first = first_whatever_missing(rest, score, missing, max_game)
        if first is None:
            break
        ranked.append([first])
        rest.remove(first)
        out.notes.append(f"{{{names}}}: not all met; {label(first)} stays ahead whatever the missing games (6.3)")
    if not ranked:
        out.notes.append(f"{{{names}}}: not all met and nobody is sure to stay ahead: no tie broken (6.3)")
        return [group]
    if len(rest) == 1:
        return ranked + [rest]
    return ranked + _apply(rest, meetings, max_game, label, out, top=False)  # 6.3: reapply Art. 6


def direct_encounter(ctx: Context, spec: TieBreakSpec, group: Sequence[int]) -> DirectEncounterResult:
    """C.07 6 for individuals. 6.1.1: forfeits are excluded unless 15.2 applies (round robins) or ``/P``."""
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played)
    members = set(group)
    games: dict[tuple[int, int], list[Fraction]] = {}
    for a in group:
        for r, (k, o, v) in enumerate(zip(ctx.kinds[a], ctx.opps[a], ctx.pts[a])):
            if o in members and o != a and ctx.is_game(k, o, fw, fl):
                games.setdefault((a, o), []).append(Fraction(v, ctx.q))

    def meetings(a: int, b: int) -> list[Fraction]:
        return games.get((a, b), [])

    return separate_standings(group, meetings, ctx.t.scoring.win, lambda i: f"#{ctx.start_nos[i]}")


__all__ = ["DirectEncounterResult", "separate_standings", "direct_encounter", "Hashable"]
