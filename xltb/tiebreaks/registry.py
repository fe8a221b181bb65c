"""The individual catalogue: which function computes each individual tie-break, derived from the
records of :mod:`xltb.tiebreaks.catalogue` (their ``computed_by``)."""

from __future__ import annotations

from functools import partial
from types import ModuleType

from ..errors import TieBreakError
from . import buchholz, direct, own, rating
from .base import Column, TieBreakInfo
from .catalogue import TIEBREAKS, TieBreak
from .codes import TieBreakSpec
from .context import Context

#: the modules that compute individual tie-breaks, as the records' ``computed_by`` names them
_MODULES: dict[str, ModuleType] = {"own": own, "buchholz": buchholz, "rating": rating, "direct": direct}


def _resolve(record: TieBreak) -> TieBreakInfo:
    module, _, name = record.computed_by.partition(".")
    if record.kind == "A":  # ranks a tied set (direct.py): no value of its own
        return TieBreakInfo(record, None)
    found = _MODULES[module]
    return TieBreakInfo(record, getattr(found, name), getattr(found, name + "_values", None))


#: acronym -> how an individual tie-break is computed (the team tie-breaks: :mod:`xltb.tiebreaks.team`)
CATALOGUE: dict[str, TieBreakInfo] = {a: _resolve(t) for a, t in TIEBREAKS.items() if t.events != "team"}


def info(spec: TieBreakSpec) -> TieBreakInfo:
    try:
        return CATALOGUE[spec.acronym]
    except KeyError:
        raise TieBreakError(f"{spec.code} is a team tie-break (C.07 11-13): it needs a team event") from None


def evaluate_all(ctx: Context, spec: TieBreakSpec) -> Column:
    """Every participant's value of one tie-break (kept in ``ctx.evaluated`` for the tie-breaks built on
    others, e.g. APRO on TPR). Tie-breaks with a fast path compute the values at once and make each
    breakdown only when it is asked for."""
    known: Column | None = ctx.evaluated.get(spec.code)
    if known is not None:
        return known
    tb = info(spec)
    if tb.compute is None:
        raise TieBreakError(f"{spec.code} ranks a tied set (C.07 4.3 type A): it has no value of its own")
    if tb.values is not None:
        found = Column(spec.code, tb.values(ctx, spec), partial(tb.compute, ctx, spec))
    else:
        found = Column.of(spec.code, [tb.compute(ctx, spec, p) for p in range(ctx.n)])
    ctx.evaluated[spec.code] = found
    return found
