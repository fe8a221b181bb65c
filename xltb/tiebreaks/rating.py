"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO and, from 2026, RTNG.

The conversion tables are FIDE B.02 (Rating Regulations) 8.1: table 8.1(a) turns a
fractional score ``p`` (rounded to two decimals) into a rating difference ``dp``; table
8.1(b) turns a rating difference into a scoring probability. PTP uses table 8.1(b) over
the full scale (no 400-point cut, C.07 10.3).

Every value here is a whole number of rating points (rounded where the rules say), kept as an ``int``.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import partial
from fractions import Fraction
from typing import Callable

from ..messages import Message
from ..model import Kind
from ..rules import Edition
from .base import RESULT, VALUE, Evaluation, Raw, Value, element
from .codes import TieBreakSpec
from .context import Context
from .modifiers import apply_cuts

#: B.02 8.1(a): dp for p = 1.00, 0.99, ..., 0.50 (index = 100 - 100p); p < 0.50 gives -dp(1 - p)
DP_TABLE = (800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273, 262, 251,
            240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110, 102, 95, 87, 80,
            72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0)

#: B.02 8.1(b): upper bounds of the rating difference D for PD = 0.50, 0.51, ..., 0.99 (higher-rated side);
#: D above the last bound gives 1.00
PD_UPPER = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179,
            188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456,
            484, 517, 559, 619, 735)


def dp(p_hundredths: int) -> int:
    """B.02 8.1(a): rating difference for a fractional score given in hundredths."""
    if p_hundredths >= 50:
        return DP_TABLE[100 - p_hundredths]
    return -DP_TABLE[100 - (100 - p_hundredths)]


def pd_hundredths(diff: int) -> int:
    """B.02 8.1(b): scoring probability (in hundredths) of a player rated ``diff`` points above the opponent."""
    if diff >= 0:
        return 50 + bisect_left(PD_UPPER, diff) if diff <= PD_UPPER[-1] else 100
    return 100 - pd_hundredths(-diff)


def round_half_up(value: Fraction) -> int:
    """Round to the nearest whole number, 0.5 rounded up (C.07 10.1)."""
    return int((value * 2 + 1) // 2)


def _ratio_half_up(numerator: int, denominator: int) -> int:
    """``round_half_up(numerator / denominator)`` in integers (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


#: pd_hundredths(d) for d in -736..736 (beyond that the probability is 0 or 1), for the PTP search
_PD_SPAN = PD_UPPER[-1] + 1
_PD_LOOKUP = [pd_hundredths(d) for d in range(-_PD_SPAN, _PD_SPAN + 1)]


#: the result of a game (or of a forfeit counted as one) in half points, whatever the event's scoring
_HALVES = {k: 2 if (k.won or k is Kind.FORFEIT_WIN) else 1 if k in (Kind.DRAW, Kind.UNRATED_DRAW) else 0 for k in Kind}


def _games(ctx: Context, spec: TieBreakSpec, p: int) -> list[tuple[int, int, int]]:
    """(round index, opponent, result in half points: 2/1/0) of the games that count for rating-based
    tie-breaks: played over the board (forfeits only with /P; 2023-2024 round robins, 15.2).
    Results count 1 / 1/2 / 0 whatever the event's scoring (B.02)."""
    memo = ctx.memo.rating_games.get(spec.forfeits_played)
    if memo is None:
        memo = ctx.memo.rating_games[spec.forfeits_played] = [None] * ctx.n
    found = memo[p]
    if found is not None:
        return found
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played, rating_based=True)
    halves, played, kinds = _HALVES, ctx.played[p], ctx.kinds[p]
    out = [(r, o, halves[kinds[r]]) for r, o in enumerate(ctx.opps[p])
           if o >= 0 and (played[r] or ctx.is_game(kinds[r], o, fw, fl))]
    memo[p] = out
    return out


def _element_list(ctx: Context, spec: TieBreakSpec, p: int) -> list[Raw]:
    """The opponents' ratings as elements (for breakdowns and cuts)."""
    ratings, start_nos = ctx.ratings, ctx.start_nos
    return [element(ratings[o], ratings[o], False, r + 1, start_nos[o], "opponent", None, half, ratings[o])
            for r, o, half in _games(ctx, spec, p)]


def _kept(ctx: Context, spec: TieBreakSpec, p: int) -> tuple[list[int], int, dict[int, Message], list[Raw] | None]:
    """(the opponents' ratings that count, the points scored against them in half points, the cuts, the
    elements or None when they were not needed).

    Without a modifier the figures come straight from the games, and the elements are made only if a
    breakdown is asked for."""
    if spec.cut or spec.median:
        elements = _element_list(ctx, spec, p)
        cuts = apply_cuts(elements, spec.cut, spec.median, ctx.edition, vur_exception=False)
        kept = [e for i, e in enumerate(elements) if i not in cuts]
        return [e[VALUE] for e in kept], sum(_result(e) for e in kept), cuts, elements
    ratings = ctx.ratings
    games = _games(ctx, spec, p)
    return [ratings[o] for _, o, _ in games], sum([h for _, _, h in games]), {}, None


def _result(e: Raw) -> int:
    """The half points of a rating element (always set: :func:`_element_list` makes them)."""
    result = e[RESULT]
    assert result is not None
    return result


def _rated(ctx: Context, spec: TieBreakSpec, p: int, value: int | None, cuts: dict[int, Message],
           elements: list[Raw] | None, article: str, notes: tuple[Message, ...]) -> Evaluation:
    build = None if elements is not None else partial(_element_list, ctx, spec, p)
    return Evaluation(spec.code, value, elements or (), cuts, q=1, result_q=2, article=article, notes=notes,
                      build=build)


# ------------------------------------------------------------------ the figures, from the games that count
def _aro(opp: list[int], halves: int, edition: Edition) -> int | None:
    """C.07 10.1: the opponents' average rating, rounded (0.5 up); None without a game."""
    return _ratio_half_up(sum(opp), len(opp)) if opp else None


def _tpr_parts(opp: list[int], halves: int) -> tuple[int, int, int]:
    """(ARO, p in hundredths, dp) of C.07 10.2: p is the fractional score rounded to two decimals."""
    p100 = _ratio_half_up(100 * halves, 2 * len(opp))
    return _ratio_half_up(sum(opp), len(opp)), p100, dp(p100)


def performance_rating(opp: list[int], halves: int) -> int | None:
    """C.07 10.2: ARO of ``opp`` (10.1, rounded half up) plus dp (B.02 8.1a) of the fractional score
    (``halves`` half points, p rounded to two decimals); None without a game."""
    if not opp:
        return None
    aro, _, d = _tpr_parts(opp, halves)
    return aro + d


def _tpr(opp: list[int], halves: int, edition: Edition) -> int | None:
    return performance_rating(opp, halves)


#: B.02 8.1(b) probabilities for every rating difference in -_WIDE.._WIDE (0 and 100 beyond the table),
#: so that the PTP search reads them without bounds checks
_WIDE = 6000
_PD_WIDE = [0] * (_WIDE - _PD_SPAN) + _PD_LOOKUP + [100] * (_WIDE - _PD_SPAN)


def _expected_hundredths(rating: int, opponents: list[int]) -> int:
    """Expected score in hundredths (B.02 8.1b, full scale), for any rating difference."""
    total = 0
    for o in opponents:
        d = rating - o
        total += 100 if d > _PD_SPAN else 0 if d < -_PD_SPAN else _PD_LOOKUP[d + _PD_SPAN]
    return total


def _ptp(opp: list[int], halves: int, edition: Edition) -> int | None:
    """C.07 10.3: the lowest whole rating whose expected score (B.02 8.1b, full scale) reaches the score;
    for a zero score, 800 below the lowest-rated opponent (from 2024-04, undefined before)."""
    if not opp:
        return None
    target = 50 * halves  # hundredths of a point
    if target == 0:
        return min(opp) - 800 if edition.ptp_zero_rule else None
    # the expected score grows with the rating: find the lowest rating that reaches the target,
    # bracketing it from a first guess (the TPR of the same games), then halving the bracket
    table, shifted = _PD_WIDE, [_WIDE - o for o in opp]
    low, high = max(opp) - _WIDE, min(opp) + _WIDE  # ratings whose differences all fall in the table

    def expected(rating: int) -> int:
        if low <= rating <= high:
            return sum([table[rating + s] for s in shifted])
        return _expected_hundredths(rating, opp)

    guess = _ratio_half_up(sum(opp), len(opp)) + dp(_ratio_half_up(2 * target, 2 * len(opp)))
    step = 2  # the PTP is usually within a few points of the TPR; the bracket doubles when it is not
    if expected(guess) >= target:
        hi = guess
        lo = guess - step
        while expected(lo) >= target:
            hi, lo, step = lo, lo - step, step * 2
        lo += 1
    else:
        lo = guess + 1
        hi = guess + step
        while expected(hi) < target:
            lo, hi, step = hi + 1, hi + step, step * 2
    while lo < hi:  # lowest rating with expected >= target
        mid = (lo + hi) // 2
        if expected(mid) >= target:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _figures(ctx: Context, spec: TieBreakSpec) -> list[tuple[list[int], int]]:
    """Every participant's (opponents' ratings that count, half points scored against them), after the
    modifiers. A participant who played every round over the board counts every opponent; everybody
    else, and every modifier, goes through :func:`_kept`, as the breakdowns do. Shared by ARO, TPR and
    PTP of the same modifiers."""
    key = (spec.forfeits_played, spec.cut, spec.median)
    found = ctx.memo.rating_figures.get(key)
    if found is None:
        ratings, halves_of = ctx.ratings, _HALVES.__getitem__
        modified = spec.cut or spec.median
        found = []
        for p in range(ctx.n):
            if ctx.all_played[p] and not modified:
                found.append(([ratings[o] for o in ctx.opps[p]], sum(map(halves_of, ctx.kinds[p]))))
            else:
                found.append(_kept(ctx, spec, p)[:2])
        ctx.memo.rating_figures[key] = found
    return found


#: a rating-based figure of the opponents' ratings and the half points scored against them
Figure = Callable[[list[int], int, Edition], int | None]


def _values(ctx: Context, spec: TieBreakSpec, figure: Figure) -> list[int | None]:
    """Every participant's value of a rating-based tie-break, without breakdowns: ``figure`` of the
    opponents' ratings and the half points scored against them."""
    edition = ctx.edition
    return [figure(opp, halves, edition) for opp, halves in _figures(ctx, spec)]


# ------------------------------------------------------------------ the tie-breaks
def average_rating(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 10.1: the average rating of the opponents played over the board, rounded (0.5 up)."""
    opp, halves, cuts, elements = _kept(ctx, spec, p)
    value = _aro(opp, halves, ctx.edition)
    notes = () if opp else (Message("note.no_game_remains"),)
    return _rated(ctx, spec, p, value, cuts, elements, "C.07 10.1", notes)


def average_rating_values(ctx: Context, spec: TieBreakSpec) -> list[int | None]:
    return _values(ctx, spec, _aro)


def performance(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 10.2: ARO plus dp of the fractional score over the board (p rounded to two decimals)."""
    opp, halves, cuts, elements = _kept(ctx, spec, p)
    if not opp:
        return _rated(ctx, spec, p, None, cuts, elements, "C.07 10.2", (Message("note.no_game"),))
    aro, p100, d = _tpr_parts(opp, halves)
    note = Message("note.tpr", aro=aro, score=Fraction(halves, 2), games=len(opp), p=Fraction(p100, 100), dp=d)
    return _rated(ctx, spec, p, _tpr(opp, halves, ctx.edition), cuts, elements, "C.07 10.2", (note,))


def performance_values(ctx: Context, spec: TieBreakSpec) -> list[int | None]:
    return _values(ctx, spec, _tpr)


def perfect_performance(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 10.3: the lowest whole rating whose expected score (B.02 8.1b, full scale) reaches the
    score over the board; for a zero score, 800 below the lowest-rated opponent (from 2024-04)."""
    opp, halves, cuts, elements = _kept(ctx, spec, p)
    value = _ptp(opp, halves, ctx.edition)
    if not opp:
        note = Message("note.no_game")
    elif halves == 0 and value is None:
        note = Message("note.ptp_zero_undefined", edition=str(ctx.edition))
    elif halves == 0:
        note = Message("note.ptp_zero", lowest=min(opp))
    else:
        assert value is not None  # _ptp: defined for every non-zero score
        note = Message("note.ptp", score=Fraction(halves, 2), games=len(opp), rating=value,
                       expected=Fraction(_expected_hundredths(value, opp), 100))
    return _rated(ctx, spec, p, value, cuts, elements, "C.07 10.3", (note,))


def perfect_performance_values(ctx: Context, spec: TieBreakSpec) -> list[int | None]:
    return _values(ctx, spec, _ptp)


def _opponent_average(ctx: Context, spec: TieBreakSpec, p: int, inner_code: str, article: str) -> Evaluation:
    values = _all_values(ctx, inner_code, spec.forfeits_played)
    start_nos = ctx.start_nos
    games = _games(ctx, spec, p)

    def element_list() -> list[Raw]:
        return [element(v, v, False, r + 1, start_nos[o], "opponent-value", None, half)
                for r, o, half in games if (v := values[o]) is not None]

    kept = [v for _, o, _ in games if (v := values[o]) is not None]
    notes: tuple[Message, ...] = ()
    if len(kept) < len(games):  # e.g. PTP of a zero score before 2024-04 (10.3)
        missing = tuple(f"#{start_nos[o]}" for _, o, _ in games if values[o] is None)
        notes = (Message("note.opponents_undefined", opponents=missing, code=inner_code, edition=ctx.edition.key),)
    elements: list[Raw] = []
    cuts: dict[int, Message] = {}
    build: Callable[[], list[Raw]] | None = element_list
    if spec.cut or spec.median:
        elements, build = element_list(), None
        cuts = apply_cuts(elements, spec.cut, spec.median, ctx.edition, vur_exception=False)
        kept = [e[VALUE] for i, e in enumerate(elements) if i not in cuts]
    value = _ratio_half_up(sum(kept), len(kept)) if kept else None
    return Evaluation(spec.code, value, elements, cuts, q=1, result_q=2, article=article, notes=notes, build=build)


def _opponent_average_values(ctx: Context, spec: TieBreakSpec, inner_code: str,
                             article: str) -> list[Value | None]:
    """Every participant's APRO / APPO without breakdowns: the average of the opponents' values that
    exist, rounded (0.5 up). Modifiers go through :func:`_opponent_average`, as the breakdowns do."""
    if spec.cut or spec.median:
        return [_opponent_average(ctx, spec, p, inner_code, article).value for p in range(ctx.n)]
    values = _all_values(ctx, inner_code, spec.forfeits_played)
    out: list[Value | None] = []
    for p in range(ctx.n):
        opps = ctx.opps[p] if ctx.all_played[p] else [o for _, o, _ in _games(ctx, spec, p)]
        kept = [v for o in opps if (v := values[o]) is not None]
        out.append(_ratio_half_up(sum(kept), len(kept)) if kept else None)
    return out


def _all_values(ctx: Context, code: str, forfeits_played: bool) -> list[int | None]:
    """Every participant's TPR (or PTP), computed once per event and options."""
    cache = ctx.memo.opponent_values
    values = cache.get((code, forfeits_played))
    if values is None:
        spec = TieBreakSpec(code, forfeits_played=forfeits_played)
        column = ctx.evaluated.get(spec.code)  # already in the list: computed once
        computed = column.values if column is not None else _OPPONENT_VALUES[code](ctx, spec)
        values = cache[(code, forfeits_played)] = [None if v is None else int(v) for v in computed]
    return values


def average_performance(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 10.4: the average TPR of the opponents played over the board, rounded (0.5 up)."""
    return _opponent_average(ctx, spec, p, "TPR", "C.07 10.4")


def average_performance_values(ctx: Context, spec: TieBreakSpec) -> list[Value | None]:
    return _opponent_average_values(ctx, spec, "TPR", "C.07 10.4")


def average_perfect_performance(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 10.5: the average PTP of the opponents played over the board, rounded (0.5 up)."""
    return _opponent_average(ctx, spec, p, "PTP", "C.07 10.5")


def average_perfect_performance_values(ctx: Context, spec: TieBreakSpec) -> list[Value | None]:
    return _opponent_average_values(ctx, spec, "PTP", "C.07 10.5")


def own_rating(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 10.6 (2026): the participant's rating, highest first (``/R``: lowest first).
    With several ratings during the event, the first is used (Art. 10 note)."""
    return Evaluation(spec.code, ctx.ratings[p], q=1, result_q=2, article="C.07 10.6")


#: the values APRO and APPO average (C.07 10.4, 10.5)
_OPPONENT_VALUES: dict[str, Callable[[Context, TieBreakSpec], list[int | None]]] = {"TPR": performance_values, "PTP": perfect_performance_values}
