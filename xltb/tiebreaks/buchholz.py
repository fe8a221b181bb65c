"""Buchholz family (C.07 Art. 8) and Sonneborn-Berger / Koya (Art. 9), with Art. 16.

Both families sum, round by round, a value taken from the opponent: its score (Buchholz)
or its score times the points scored against it (Sonneborn-Berger). Which score, and what
stands in for an unplayed round, depends on the edition:

* 2023 onwards, Swiss: an opponent counts with its *adjusted* score (16.3); each of the
  participant's own unplayed rounds counts as a game against a dummy with the participant's
  own score (16.4), which the 2026 text caps (16.4.1 forfeits, 16.4.2 other rounds).
* 2012 edition, Swiss: opponents count their unplayed games as draws, and each own unplayed
  game is against a virtual opponent ``Sv = Sp + (1 - Sr) + 0.5 (N - R)`` (2011 annex F.b).
* Round robins (15.2, 15.3): forfeits are games; Art. 16 does not apply.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..messages import Message
from ..model import Kind
from .base import VALUE, Evaluation, OpponentRaw, Raw, Source, element
from .codes import TieBreakSpec
from .context import Context
from .modifiers import apply_cuts


def opponent_elements(ctx: Context, spec: TieBreakSpec, p: int, *, fore: bool = False,
                      product: bool = False, scored: Context | None = None) -> list[OpponentRaw]:
    """Per-round elements for the Buchholz (``product=False``) or Sonneborn-Berger family.

    ``scored``: for the Extended Sonneborn-Berger of teams (13.2), the view (MP or GP) whose points
    scored in each round multiply the opponent's score taken from ``ctx``; by default ``ctx`` itself.
    The lists are shared by the variants of one family (BH, BH/C1, BH/M1 ...): computed once per
    participant and never modified."""
    key = (fore, product, spec.forfeits_played, id(scored) if scored is not None else None)
    cache = ctx.memo.opponent_elements.setdefault(key, {})
    found = cache.get(p)
    if found is None:
        if product and scored is None:
            # Sonneborn-Berger: the Buchholz elements (same opponents, scores and dummies) times the
            # points scored in each round
            # (the elements as tuple displays: see base.Element)
            found = cache[p] = [(s * v, (s, s * v), vur, r, o, src, s, v, None)
                                for _, _, vur, r, o, src, s, v, _ in
                                opponent_elements(ctx, spec, p, fore=fore)]
        else:
            found = cache[p] = _opponent_elements(ctx, spec, p, fore, product, scored)
    return found


def _scores(ctx: Context,
            fore: bool) -> tuple[list[list[int]], list[list[Kind]], list[int], list[int] | None, list[int]]:
    """(points, kinds, final scores, adjusted scores (None for a round robin without ``fore``), the
    opponents' scores as the edition counts them)."""
    edition = ctx.edition
    swiss = not ctx.round_robin
    adjusted: list[int] | None
    if fore:
        pts, kinds, scores, adjusted, virtual = ctx.fore
    else:
        pts, kinds, scores = ctx.pts, ctx.kinds, ctx.score
        adjusted = ctx.adjusted if swiss else None
    if not swiss:
        opp_scores = scores  # 15.3: Art. 16 is for Swiss tournaments
    elif edition.virtual_opponent:
        # 2011 annex F.b: opponents' forfeits count as draws
        opp_scores = virtual if fore else ctx.virtual_scores
    else:
        opp_scores = ctx.fore[3] if fore else ctx.adjusted  # 16.3
    return pts, kinds, scores, adjusted, opp_scores


def _opponent_elements(ctx: Context, spec: TieBreakSpec, p: int, fore: bool, product: bool,
                       scored: Context | None) -> list[OpponentRaw]:
    edition = ctx.edition
    swiss = not ctx.round_robin
    pts, kinds, scores, adjusted, opp_scores = _scores(ctx, fore)
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played)
    own = scores[p]
    cap_bye = ctx.draw * ctx.rounds
    start_nos = ctx.start_nos
    out: list[OpponentRaw] = []
    running = 0
    row_k, row_o, row_p = kinds[p], ctx.opps[p], pts[p]
    row_played = ctx.played[p] if not fore else [k.played for k in row_k]
    row_m = row_p if scored is None else scored.pts[p]  # what multiplies the score (SB: the points scored)
    for r in range(len(row_k)):
        k, o, v = row_k[r], row_o[r], row_m[r]
        before = running
        running += row_p[r]
        opp_no = start_nos[o] if o >= 0 else None
        if row_played[r] or (o >= 0 and ctx.is_game(k, o, fw, fl)):
            s = opp_scores[o]
            source = _game_source(s == scores[o], row_played[r], edition.virtual_opponent)
            out.append((s * v if product else s, (s, s * v) if product else s, False, r + 1, opp_no, source, s, v,
                        None))
            continue
        if k is Kind.NOT_PLAYED or not swiss:
            continue
        if edition.virtual_opponent:  # 2011 annex F.b: Sv = Sp + (1 - Sr) + 0.5 (N - R)
            s = before + (ctx.win - row_p[r]) + ctx.draw * (ctx.rounds - (r + 1))
            source, vur = "virtual", False
        else:
            s, source = _dummy(ctx, k, o, own, adjusted, cap_bye)
            vur = k.vur
        out.append((s * v if product else s, (s, s * v) if product else s, vur, r + 1, opp_no, source, s, v, None))
    return out


def _game_source(final: bool, played: bool, virtual: bool) -> Source:
    """What a game's (or a forfeit counted as played) element is: the opponent's final score, else why not (the
    virtual opponent's edition, or the adjusted score)."""
    if final:
        return "game" if played else "forfeit-played"
    if virtual:  # say why the opponent's score is not its final score
        return "game-virtual" if played else "forfeit-played-virtual"
    return "game-adjusted" if played else "forfeit-played-adjusted"


def _dummy(ctx: Context, k: Kind, o: int, own: int, adjusted: Sequence[int] | None, cap_bye: int) -> tuple[int, Source]:
    """C.07 16.4: an unplayed round counts as a game against a dummy with the participant's own score, which the
    2026 text caps (16.4.1: a forfeit at the opponent's adjusted score; 16.4.2: another round at the score of
    a draw in every round)."""
    s: int = own
    source: Source = "dummy"
    if ctx.edition.dummy_caps:
        assert adjusted is not None  # a Swiss event: _scores gives the adjusted scores
        forfeit = k.forfeit and o >= 0
        cap = adjusted[o] if forfeit else cap_bye
        if cap < s:
            s = cap
            source = "dummy-capped-forfeit" if forfeit else "dummy-capped-bye"
    return s, source


def _cut_total(ctx: Context, spec: TieBreakSpec, elements: Sequence[Raw]) -> tuple[int, dict[int, Message]]:
    """The sum of the elements that the modifiers keep (C.07 14, 16.5), and what they cut."""
    vur_exception = not ctx.round_robin and not ctx.edition.virtual_opponent
    cuts = apply_cuts(elements, spec.cut, spec.median, ctx.edition, vur_exception=vur_exception) \
        if (spec.cut or spec.median) else {}
    total = sum([e[VALUE] for e in elements])
    if cuts:
        total -= sum([elements[i][VALUE] for i in cuts])
    return total, cuts


def _summed(ctx: Context, spec: TieBreakSpec, elements: Sequence[Raw], power: int, article: str) -> Evaluation:
    total, cuts = _cut_total(ctx, spec, elements)
    return Evaluation(spec.code, ctx.frac(total, power), elements, cuts, power=power, q=ctx.q, article=article)


def _summed_values(ctx: Context, spec: TieBreakSpec, *, fore: bool = False, product: bool = False) -> list[Fraction]:
    """Every participant's Buchholz / Fore Buchholz / Sonneborn-Berger value, without breakdowns.

    A participant who played every round over the board has as elements just the opponents' scores
    (8.1), times the points scored against them (9.1); with Cut-n and no voluntarily unplayed round,
    the n least significant are cut (14.1: the lowest scores; for SB the lowest score, then the worst
    result, 14.1.1.d). Everybody else, and every Median, goes through :func:`opponent_elements`, as the
    breakdowns do."""
    power = 2 if product else 1
    cut = spec.cut
    frac = ctx.frac
    out = []
    if fore or spec.median:
        for p in range(ctx.n):
            out.append(frac(_cut_total(ctx, spec, opponent_elements(ctx, spec, p, fore=fore, product=product))[0], power))
        return out
    opp_scores = _scores(ctx, fore)[4]
    all_played, opps, pts = ctx.all_played, ctx.opps, ctx.pts
    for p in range(ctx.n):
        if not all_played[p]:
            total = _cut_total(ctx, spec, opponent_elements(ctx, spec, p, product=product))[0]
        elif product:  # C.07 9.1: opponent's score x points scored against it
            pairs = [(opp_scores[o], opp_scores[o] * v) for o, v in zip(opps[p], pts[p])]
            total = sum([sv for _, sv in pairs])
            if cut:  # C.07 14.1.1.d: lowest opponent score first, then the worst result against it
                total -= sum([sv for _, sv in sorted(pairs)[:cut]])
        else:  # C.07 8.1: the opponents' scores (16.3 adjusted; 2012: unplayed games as draws)
            values = [opp_scores[o] for o in opps[p]]
            total = sum(values)
            if cut:  # C.07 14.1: the least significant values
                total -= min(values) if cut == 1 and values else sum(sorted(values)[:cut])
        out.append(frac(total, power))
    return out


def buchholz_values(ctx: Context, spec: TieBreakSpec) -> list[Fraction]:
    return _summed_values(ctx, spec, fore=spec.fore)


def fore_buchholz_values(ctx: Context, spec: TieBreakSpec) -> list[Fraction]:
    return _summed_values(ctx, spec, fore=True)


def sonneborn_berger_values(ctx: Context, spec: TieBreakSpec) -> list[Fraction]:
    return _summed_values(ctx, spec, product=True)


def buchholz(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 8.1: the sum of the scores of each of the opponents of a participant. ``BH/F`` (TRF-2026
    modifier F) is the Fore Buchholz, 8.3."""
    if spec.fore:
        return fore_buchholz(ctx, spec, p)
    return _summed(ctx, spec, opponent_elements(ctx, spec, p), 1, "C.07 8.1")


def fore_buchholz(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 8.3: Buchholz as if all paired games of the final round had ended in draws."""
    return _summed(ctx, spec, opponent_elements(ctx, spec, p, fore=True), 1, "C.07 8.3")


def sonneborn_berger(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 9.1: for each round, the opponent's final score times the points scored against it."""
    return _summed(ctx, spec, opponent_elements(ctx, spec, p, product=True), 2, "C.07 9.1")


def _plain_bh(ctx: Context, fore: bool = False) -> list[int]:
    """Every participant's Buchholz (8.1), or Fore Buchholz (8.3), without modifiers."""
    cache = ctx.memo.plain_bh.get(fore)
    if cache is None:
        plain = TieBreakSpec("BH")
        cache = ctx.memo.plain_bh[fore] = [sum(e[VALUE] for e in opponent_elements(ctx, plain, i, fore=fore))
                                                for i in range(ctx.n)]
    return cache


def average_opponents_buchholz(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 8.2: the average of the Buchholz of the opponents played over the board (kept exact);
    ``AOB/F``: of their Fore Buchholz (8.3)."""
    bh = _plain_bh(ctx, spec.fore)
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played)
    elements = []
    for r, (k, o) in enumerate(zip(ctx.kinds[p], ctx.opps[p])):
        if o >= 0 and ctx.is_game(k, o, fw, fl):
            elements.append(element(bh[o], bh[o], False, r + 1, ctx.start_nos[o], "opponent-value", bh[o]))
    cuts = apply_cuts(elements, spec.cut, spec.median, ctx.edition, vur_exception=False) if (spec.cut or spec.median) else {}
    kept = [e[VALUE] for i, e in enumerate(elements) if i not in cuts]
    value = Fraction(sum(kept), ctx.q * len(kept)) if kept else None
    return Evaluation(spec.code, value, elements, cuts, q=ctx.q, article="C.07 8.2",
                      notes=(Message("note.aob_fb" if spec.fore else "note.aob"),))


def koya(ctx: Context, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 9.2: points scored against participants with at least 50% of the maximum possible score.

    The limit modifier (14.5) moves the 50% line half a point at a time: ``KS/L-1`` lowers it by
    half a point, ``KS/L+2`` raises it by a point; a decimal (``KS/L-1.0``) is taken in points.
    """
    fw, fl = ctx.forfeits_count(forfeits_played=spec.forfeits_played)
    shift = spec.limit or Fraction(0)
    # compare 2*score >= max_score + 2*shift, all in units of 1/q (exact)
    maximum = ctx.t.max_score * ctx.q
    twice_limit = maximum + 2 * shift * ctx.q
    elements = []
    total = 0
    for r, (k, o, v) in enumerate(zip(ctx.kinds[p], ctx.opps[p], ctx.pts[p])):
        if o >= 0 and ctx.is_game(k, o, fw, fl):
            s = ctx.score[o]
            counted = 2 * s >= twice_limit
            elements.append(element(v if counted else 0, s, False, r + 1, ctx.start_nos[o],
                                    "koya" if counted else "koya-below", s, v))
            if counted:
                total += v
    limit = twice_limit / (2 * ctx.q)
    note = Message("note.koya_moved", limit=limit, maximum=ctx.t.max_score, shift=shift) if shift else \
        Message("note.koya", limit=limit, maximum=ctx.t.max_score)
    return Evaluation(spec.code, ctx.frac(total), elements, q=ctx.q, article="C.07 9.2", notes=(note,))
