"""The catalogue: which function computes each individual tie-break, and how it ranks."""

from __future__ import annotations

from functools import partial

from ..errors import TieBreakError
from . import buchholz, own, rating
from .base import Column, TieBreakInfo
from .codes import TieBreakSpec
from .context import Context


CATALOGUE: dict[str, TieBreakInfo] = {
    "PTS": TieBreakInfo(own.points),
    "DE": TieBreakInfo(None, kind="A"),  # type A: ranks the tied set (direct.py), no value of its own
    "WIN": TieBreakInfo(own.wins),
    "WON": TieBreakInfo(own.games_won),
    "BPG": TieBreakInfo(own.black_games),
    "BWG": TieBreakInfo(own.black_wins),
    "PS": TieBreakInfo(own.progressive),
    "REP": TieBreakInfo(own.elected_rounds),
    "STD": TieBreakInfo(own.standard_points, note="2026"),
    "TPN": TieBreakInfo(own.pairing_number, higher_is_better=False, note="2026"),
    "BH": TieBreakInfo(buchholz.buchholz, buchholz.buchholz_values, kind="C"),
    "AOB": TieBreakInfo(buchholz.average_opponents_buchholz, kind="CC"),
    "FB": TieBreakInfo(buchholz.fore_buchholz, buchholz.fore_buchholz_values, kind="D"),
    "SB": TieBreakInfo(buchholz.sonneborn_berger, buchholz.sonneborn_berger_values, kind="BC"),
    "KS": TieBreakInfo(buchholz.koya, kind="BC"),
    "ARO": TieBreakInfo(rating.average_rating, rating.average_rating_values, kind="D", rating_based=True),
    "TPR": TieBreakInfo(rating.performance, rating.performance_values, kind="D", rating_based=True),
    "PTP": TieBreakInfo(rating.perfect_performance, rating.perfect_performance_values, kind="D", rating_based=True),
    "APRO": TieBreakInfo(rating.average_performance, rating.average_performance_values, kind="BD", rating_based=True),
    "APPO": TieBreakInfo(rating.average_perfect_performance, rating.average_perfect_performance_values, kind="BD", rating_based=True),
    "RTNG": TieBreakInfo(rating.own_rating, kind="D", rating_based=True, note="2026"),
}


def info(spec: TieBreakSpec) -> TieBreakInfo:
    try:
        return CATALOGUE[spec.acronym]
    except KeyError:
        raise TieBreakError(f"{spec.code} is a team tie-break (C.07 11-13): it needs a team event") from None


def evaluate_all(ctx: Context, spec: TieBreakSpec) -> Column:
    """Every participant's value of one tie-break (kept in ``ctx.evaluated`` for the tie-breaks built on
    others, e.g. APRO on TPR). Tie-breaks with a fast path compute the values at once and make each
    breakdown only when it is asked for."""
    found = ctx.evaluated.get(spec.code)
    if found is None:
        tb = info(spec)
        if tb.values is not None:
            found = Column(spec.code, tb.values(ctx, spec), partial(tb.compute, ctx, spec))
        else:
            found = Column.of(spec.code, [tb.compute(ctx, spec, p) for p in range(ctx.n)])
        ctx.evaluated[spec.code] = found
    return found
