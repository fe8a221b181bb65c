"""Type B tie-breaks: the participant's own record (C.07 Art. 7; 7.7 and 7.8 from 2026)."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..messages import Message
from ..model import Kind
from .base import VALUE, Evaluation, Raw, element
from .codes import TieBreakSpec
from .context import Context
from .modifiers import apply_cuts


def points(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """The tournament score."""
    elements = [element(v, r, False, r + 1, None, "points", None, v) for r, v in enumerate(ctx.pts[p])]
    notes = (Message("note.abnormal_points", points=Fraction(ctx.extra[p], ctx.q)),) if ctx.extra[p] else ()
    return Evaluation(spec.code, ctx.frac(ctx.score[p]), elements, q=ctx.q, article="C.07 4.2", notes=notes)


#: whether a round counts: (context, participant, round index, kind, opponent index, points,
#: forfeit wins played, forfeit losses played)
Test = Callable[[Context, int, int, Kind, int, int, bool, bool], bool]


def _count(ctx: Context, spec: TieBreakSpec, p: int, test: Test, article: str) -> Evaluation:
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played, type_b=True)
    elements: list[Raw] = []
    for r, (k, o, v) in enumerate(zip(ctx.kinds[p], ctx.opps[p], ctx.pts[p])):
        if test(ctx, p, r, k, o, v, fw, fl):
            elements.append(element(ctx.q, r, False, r + 1, ctx.start_nos[o] if o >= 0 else None, "count", None, v))
    return Evaluation(spec.code, ctx.frac(len(elements), 0), elements, q=ctx.q, article=article)


def _won_game(ctx: Context, p: int, r: int, k: Kind, o: int, v: int, fw: bool, fl: bool) -> bool:
    return k.won or (k is Kind.FORFEIT_WIN and o >= 0 and fw)


def _black_game(ctx: Context, p: int, r: int, k: Kind, o: int, v: int, fw: bool, fl: bool) -> bool:
    return ctx.colour_black(p, r) and ctx.is_game(k, o, fw, fl)


def wins(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.1: rounds where the participant got, with or without playing, a win's points."""
    return _count(ctx, spec, p, lambda c, p_, r, k, o, v, fw, fl: k is not Kind.NOT_PLAYED and v == c.win, "C.07 7.1")


def games_won(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.2: games won over the board."""
    return _count(ctx, spec, p, _won_game, "C.07 7.2")


def black_games(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.3: games played over the board with the black pieces."""
    return _count(ctx, spec, p, _black_game, "C.07 7.3")


def black_wins(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.4: games won over the board with the black pieces."""
    def black_win(c: Context, p_: int, r: int, k: Kind, o: int, v: int, fw: bool, fl: bool) -> bool:
        return _black_game(c, p_, r, k, o, v, fw, fl) and _won_game(c, p_, r, k, o, v, fw, fl)

    return _count(ctx, spec, p, black_win, "C.07 7.4")


def elected_rounds(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.6 (GE, REP from 2026): rounds less half-point byes, zero-point byes and forfeit losses."""
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played, type_b=True)

    def elected(c: Context, p_: int, r: int, k: Kind, o: int, v: int, fw_: bool, fl_: bool) -> bool:
        if k is Kind.NOT_PLAYED or k.requested_bye:
            return False
        if k in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
            return fl and o >= 0  # 15.2: a regular game in a round robin
        return True

    return _count(ctx, spec, p, elected, "C.07 7.6")


def progressive(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.5: the sum of the participant's scores after each round; Cut-n drops the first n rounds."""
    elements: list[Raw] = []
    running = 0
    for r, v in enumerate(ctx.pts[p]):
        if ctx.kinds[p][r] is Kind.NOT_PLAYED:
            continue
        running += v
        elements.append(element(running, r, False, r + 1, None, "round", running, v))
    cuts = apply_cuts(elements, spec.cut, spec.median, ctx.edition, vur_exception=False) if (spec.cut or spec.median) else {}
    total = sum(e[VALUE] for i, e in enumerate(elements) if i not in cuts)
    return Evaluation(spec.code, ctx.frac(total), elements, cuts, q=ctx.q, article="C.07 7.5")


def standard_points(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.7 (2026): per round 1 for scoring more than the scheduled opponent (unpaired: more
    than a draw's points), 1/2 for as much, 0 otherwise."""
    elements: list[Raw] = []
    total = 0  # in half points
    for r, (k, o, v) in enumerate(zip(ctx.kinds[p], ctx.opps[p], ctx.pts[p])):
        if k is Kind.NOT_PLAYED:
            continue
        other = ctx.pts[o][r] if o >= 0 else ctx.draw
        half = 2 if v > other else 1 if v == other else 0
        total += half
        elements.append(element(half, r, False, r + 1, ctx.start_nos[o] if o >= 0 else None, "std"))
    ev = Evaluation(spec.code, Fraction(total, 2), elements, q=2, article="C.07 7.7")
    return ev


def pairing_number(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 7.8 (2026): the pairing number; the lower ranks first (``/R``: the higher)."""
    return Evaluation(spec.code, Fraction(ctx.start_nos[p]), article="C.07 7.8")
