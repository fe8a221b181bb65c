"""Team tie-breaks (C.07 Art. 11-13) and the individual ones computed on MP or GP (13).

A team event is seen through two *views*, one per score (MP, GP): each view is an individual
event whose participants are the teams and whose points per round are the team's MP (or GP),
so that every individual tie-break (Art. 6-10) and Art. 16 apply unchanged "using teams MP or
GP as the reference score" (13). In the GP view a win, a draw and a loss are a match won on
every board, a drawn match (half the boards' points) and nothing: the 2026 cap of 16.4.2 is
then "a drawn match's GP x rounds", and 16.3.2 counts a drawn match's GP. Both views count in
the same units (``1/q``), so products of MP and GP (Extended Sonneborn-Berger, 13.2) stay exact.

Team-specific here: MPTS, GPTS, MPvGP (13.1), EMMSB/EMGSB/EGMSB/EGGSB (13.2, Cut per 14.1.2),
EDE and its chains (13.3), SSSC (13.4), BC, TBR and BBE (Art. 12).
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Callable

from ..errors import TieBreakError
from ..messages import Message
from ..model import Kind, Player, RoundResult, Scoring, Tournament
from ..model.team import TeamTournament
from ..rules import Edition
from . import buchholz, catalogue
from .base import VALUE, BoardLabel, Element, Evaluation
from .codes import TieBreakSpec
from .context import Context, Options
from .direct import DirectEncounterResult, EncounterStep, art6_step
from .modifiers import apply_cuts
from .registry import CATALOGUE

#: the tie-breaks of team events only, and 13.3.2's EDE chains (from :mod:`xltb.tiebreaks.catalogue`)
TEAM_ONLY = catalogue.TEAM_ONLY
EDE_CHAINS = catalogue.EDE_CHAINS


def _view(tt: TeamTournament, which: str, unit: int) -> Tournament:
    """The team event as an individual event scored in MP or GP."""
    ms, games, boards = tt.match_scoring, tt.scoring, tt.boards
    if which == "MP":
        win, draw, loss = ms.win, ms.draw, ms.loss
    else:  # a match won on every board, a drawn match, a lost match
        win, draw, loss = games.win * boards, games.draw * boards, games.loss * boards
    scoring = Scoring(win=win, draw=draw, loss=loss, unit=unit)  # the unit also covers MP and GP
    teams = []
    for t in tt.teams:
        results = tuple(RoundResult(round=r.round, kind=r.kind, opponent=r.opponent, colour=r.colour,
                                    points=r.mp if which == "MP" else r.gp) for r in t.results)
        teams.append(Player(start_no=t.start_no, name=t.name, results=results, rating=t.strength,
                            federation=t.short_name, extra_points=t.extra_mp if which == "MP" else t.extra_gp,
                            line=t.line))
    return Tournament(name=tt.name, players=tuple(teams), rounds=tt.rounds, event_type=tt.event_type,
                      start_date=tt.start_date, scoring=scoring, source=tt.source)


def _unit(tt: TeamTournament) -> int:
    """The least common denominator of every MP and GP value (and board points) of the event."""
    values = [tt.match_scoring.win, tt.match_scoring.draw, tt.match_scoring.loss, tt.scoring.win * tt.boards,
              tt.scoring.draw * tt.boards, tt.scoring.loss * tt.boards, tt.scoring.win, tt.scoring.draw,
              tt.scoring.loss]
    denominators = {Fraction(v).denominator for v in values}
    for t in tt.teams:
        denominators.add(t.extra_mp.denominator)
        denominators.add(t.extra_gp.denominator)
        for r in t.results:
            denominators.add(r.mp.denominator)
            denominators.add(r.gp.denominator)
            for g in r.boards:
                denominators.add(g.points.denominator)
    return lcm(*denominators)


_BYE_BOARD = {Kind.PAB: lambda s: s.win, Kind.FULL_BYE: lambda s: s.win, Kind.HALF_BYE: lambda s: s.draw}


class TeamContext:
    """Both views of a team event for one edition, plus the boards (Art. 12)."""

    def __init__(self, tt: TeamTournament, edition: Edition, options: Options = Options()):
        self.tt = tt
        self.edition = edition
        self.options = options
        unit = _unit(tt)
        self.mp = Context(_view(tt, "MP", unit), edition, options)
        self.gp = Context(_view(tt, "GP", unit), edition, options)
        self.q = self.mp.q
        assert self.gp.q == self.q
        self.n = len(tt.teams)
        self.start_nos = self.mp.start_nos
        self.index = self.mp.index
        self.primary = tt.primary
        self.secondary = tt.secondary

    def view(self, score: str | None) -> Context:
        return self.mp if (score or self.primary) == "MP" else self.gp

    @property
    def score(self) -> list[int]:
        """The primary score of every team, in units of 1/q."""
        return self.view(None).score

    def board_points(self, p: int, opponents: set[int] | None = None, *, forfeits: bool = True) -> dict[int, int]:
        """C.07 12: game points per board (units 1/q) in all matches of team ``p`` (or those against
        ``opponents``), regardless of who played: individual forfeits count as results, and a
        pairing-allocated bye gives each board a win's points."""
        q = self.q
        out: dict[int, int] = {b: 0 for b in range(1, self.tt.boards + 1)}
        team = self.tt.teams[p]
        for r in team.results:
            if opponents is not None and (r.opponent is None or self.index[r.opponent] not in opponents):
                continue
            if r.opponent is None and opponents is None and r.kind in _BYE_BOARD:
                # 12: a PAB gives each board a win's points; likewise a full-point bye, and a
                # half-point bye a draw's (as FIDE's reference program counts them)
                per_board = int(_BYE_BOARD[r.kind](self.tt.scoring) * q)
                for b in range(1, self.tt.boards + 1):
                    out[b] = out.get(b, 0) + per_board
                continue
            if r.opponent is None:
                continue
            for g in r.boards:
                out[g.board] = out.get(g.board, 0) + int(g.points * q)
        return out


# --------------------------------------------------------------------------- simple values
def _value(ctx: TeamContext, spec: TieBreakSpec, p: int, which: str, article: str) -> Evaluation:
    view = ctx.view(which)
    elements = [Element(v, r, False, r + 1, None, "round", None, v) for r, v in enumerate(view.pts[p])]
    return Evaluation(spec.code, Fraction(view.score[p], view.q), elements, q=view.q, article=article)


def match_points(ctx: TeamContext, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 11.1.1: match points (sum over the rounds)."""
    return _value(ctx, spec, p, "MP", "C.07 11.1.1")


def game_points(ctx: TeamContext, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 11.1.2: game points (sum over the rounds)."""
    return _value(ctx, spec, p, "GP", "C.07 11.1.2")


def primary_points(ctx: TeamContext, spec: TieBreakSpec, p: int) -> Evaluation:
    """The primary score (the team's points)."""
    return _value(ctx, spec, p, spec.score or ctx.primary, "C.07 4.2")


def mp_v_gp(ctx: TeamContext, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 13.1: the score that does not decide the competition (GP when MP is primary, and vice versa)."""
    return _value(ctx, spec, p, ctx.secondary, "C.07 13.1")


# --------------------------------------------------------------------------- 13.2 ESB
def extended_sb(ctx: TeamContext, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 13.2: for each opponent, its final MP or GP (adjusted, 16.3) times the MP or GP scored
    against it (EMMSB: MP x MP, EMGSB: MP x GP, EGMSB: GP x MP, EGGSB: GP x GP). Unplayed rounds:
    a dummy opponent with the team's own score (16.4; capped from 2026). Cut-1 (14.1.2): one of the
    opponents with the lowest score (the opponent's score type), the one with the worst result."""
    opp_view = ctx.view(spec.acronym[1] + "P")
    own_view = ctx.view(spec.acronym[2] + "P")
    q = ctx.q
    edition = opp_view.edition
    swiss = not opp_view.round_robin
    # the Sonneborn-Berger elements of the opponent's score view, multiplied by the points of the
    # other view: Art. 16 (adjusted scores, dummy, 2026 caps) exactly as for SB (9.1)
    elements = buchholz.opponent_elements(opp_view, spec, p, product=True, scored=own_view)
    vur_exception = swiss and not edition.virtual_opponent
    cuts = apply_cuts(elements, spec.cut, spec.median, edition, vur_exception=vur_exception) \
        if (spec.cut or spec.median) else {}
    # C.07 14.1.2: the value cut is one of the opponents with the lowest primary score of the
    # opponent's view (MP for EMMSB/EMGSB, GP for EGMSB/EGGSB), with the worst result among them
    score = f"{spec.acronym[1]}P"
    cuts = {i: Message("cut.team_lowest", step=why.get("step", ""), score=score) if why.id == "cut.least" else why
            for i, why in cuts.items()}
    total = sum(e[VALUE] for i, e in enumerate(elements) if i not in cuts)
    notes = (Message("note.esb", opponent=score, scored=f"{spec.acronym[2]}P"),)
    return Evaluation(spec.code, Fraction(total, q * q), elements, cuts, power=2, q=q, article=f"C.07 {spec.article}",
                      notes=notes)


# --------------------------------------------------------------------------- 13.4 SSSC
def normalising_factor(tt: TeamTournament) -> int:
    """C.07 13.4.2.b: the highest achievable primary score in the tournament divided by the highest
    secondary score achievable in a single match, rounded towards zero (at least 1)."""
    match_win, board_win = tt.match_scoring.win, tt.scoring.win * tt.boards
    if tt.primary == "MP":
        top, per_match = match_win * tt.rounds, board_win
    else:
        top, per_match = board_win * tt.rounds, match_win
    if per_match <= 0:
        return 1
    return max(1, int(top / per_match))


def sssc(ctx: TeamContext, spec: TieBreakSpec, p: int) -> Evaluation:
    """C.07 13.4: the secondary score plus the Buchholz on the primary score (``/F``: Fore
    Buchholz) divided by the normalising factor (13.4.2.b; ``/K`` sets it)."""
    view = ctx.view(None)
    bh_spec = TieBreakSpec("FB" if spec.fore else "BH", forfeits_played=spec.forfeits_played)
    bh = (buchholz.fore_buchholz if spec.fore else buchholz.buchholz)(view, bh_spec, p)
    k = spec.k if spec.k is not None else Fraction(normalising_factor(ctx.tt))
    if k == 0:
        raise TieBreakError(f"{spec.code}: the normalising factor must not be 0")
    secondary = Fraction(ctx.view(ctx.secondary).score[p], ctx.q)
    bh_value = _defined(bh)
    value = secondary + bh_value / k
    notes = (Message("note.sssc_k" if spec.k is not None else "note.sssc", secondary=ctx.secondary, value=secondary,
                     bh=f"{'FB' if spec.fore else 'BH'}:{ctx.primary}", bh_value=bh_value, k=k),)
    return Evaluation(spec.code, value, bh.elements, bh.cuts, q=bh.q, article="C.07 13.4", notes=notes)


# --------------------------------------------------------------------------- Art. 12
def board_count(ctx: TeamContext, spec: TieBreakSpec, p: int, opponents: set[int] | None = None) -> Evaluation:
    """C.07 12.1: the sum of board number times the game points scored on that board; the lower ranks higher."""
    per_board = ctx.board_points(p, opponents)
    elements = [Element(b * v, b, False, None, None, BoardLabel(f"board {b}: {b} x {float(Fraction(v, ctx.q)):g}"),
                        None, v)
                for b, v in sorted(per_board.items())]
    total = sum(e.value for e in elements)
    return Evaluation(spec.code, Fraction(total, ctx.q), elements, q=ctx.q, article="C.07 12.1",
                      notes=(Message("note.bc"),))


def top_board_results(ctx: TeamContext, spec: TieBreakSpec, p: int, opponents: set[int] | None = None) -> Evaluation:
    """C.07 12.2: game points on board 1; if not decisive, the next board down, and so on. The value
    shown is board 1's; ranking compares board 1, then board 2, ... (the ``key``)."""
    per_board = ctx.board_points(p, opponents)
    elements = [Element(v, b, False, None, None, BoardLabel(f"board {b}"), None, v)
                for b, v in sorted(per_board.items())]
    value = Fraction(per_board.get(1, 0), ctx.q)
    ev = Evaluation(spec.code, value, elements, q=ctx.q, article="C.07 12.2",
                    notes=(Message("note.tbr"),))
    return ev


def bottom_board_elimination(ctx: TeamContext, spec: TieBreakSpec, p: int,
                             opponents: set[int] | None = None) -> Evaluation:
    """C.07 12.3: game points on every board but the bottom one; if not decisive, the bottom two
    boards are left out, and so on. The value shown is the first sum."""
    per_board = ctx.board_points(p, opponents)
    boards = sorted(per_board)
    elements = [Element(per_board[b], b, False, None, None, BoardLabel(f"board {b}"), None, per_board[b])
                for b in boards]
    value = Fraction(sum(per_board[b] for b in boards[:-1]), ctx.q)
    return Evaluation(spec.code, value, elements, q=ctx.q, article="C.07 12.3",
                      notes=(Message("note.bbe"),))


def _defined(ev: Evaluation) -> Fraction:
    """The value of a sum of points (Buchholz, Art. 12): always defined, and exact."""
    value = ev.value
    assert isinstance(value, Fraction), (ev.code, value)
    return value


def board_key(acronym: str, ev: Evaluation) -> tuple[Fraction | int, ...]:
    """The ranking key of an Art. 12 value (higher ranks first), compared in order."""
    per_board = [e[VALUE] for e in ev.elements]
    if acronym == "BC":
        return (-_defined(ev),)
    if acronym == "TBR":
        return tuple(per_board)
    # BBE: sums without the bottom board, the bottom two, ...
    return tuple(sum(per_board[:k]) for k in range(len(per_board) - 1, 0, -1))


# --------------------------------------------------------------------------- 13.3 EDE
def extended_direct_encounter(ctx: TeamContext, spec: TieBreakSpec, group: list[int]) -> DirectEncounterResult:
    """C.07 13.3: Art. 6 on the primary score; if all the teams are still tied, on the secondary
    score (13.3.1). Any new subset of tied teams restarts from 13.3.1 (13.3.3). When exactly two
    teams are still tied, the chain's Art. 12 tie-breaks (EDET: TBR; EDEB: BBE; EDEBT: BC, TBR;
    EDEBB: BC, BBE) decide on the boards of their matches against each other (13.3.2)."""
    q = ctx.q
    fw, fl = ctx.mp.forfeits_count(forfeits_played=spec.forfeits_played)
    taken: list[EncounterStep] = []
    first_scores: dict[int, Fraction] = {}
    chain = EDE_CHAINS[spec.acronym]

    def meetings_for(view: Context) -> Callable[[int, int], list[Fraction]]:
        def meetings(a: int, b: int) -> list[Fraction]:
            out = []
            for r, (k, o) in enumerate(zip(view.kinds[a], view.opps[a])):
                if o == b and view.is_game(k, o, fw, fl):
                    out.append(Fraction(view.pts[a][r], q))
            return out
        return meetings

    primary, secondary = ctx.view(ctx.primary), ctx.view(ctx.secondary)
    steps = ((ctx.primary, primary), (ctx.secondary, secondary))

    def solve(sub: list[int]) -> list[list[int]]:
        if len(sub) < 2:
            return [sub]
        for what, view in steps:  # 13.3.1
            # one application of Art. 6, without its recursion: 13.3.3 restarts every subset
            groups, scores, _ = art6_step(sub, meetings_for(view), Fraction(view.win, q), ctx.start_nos, taken, what,
                                          opponents=view.opps.__getitem__)  # linear in the matches
            if not first_scores and what == ctx.primary:
                first_scores.update(scores)
            if len(groups) > 1:
                out = []
                for g in groups:  # 13.3.3: every new subset restarts from 13.3.1
                    out.extend(solve(g))
                return out
        if len(sub) == 2 and chain:  # 13.3.2
            a, b = sub
            for acronym in chain:
                fn = {"BC": board_count, "TBR": top_board_results, "BBE": bottom_board_elimination}[acronym]
                ea = fn(ctx, TieBreakSpec(acronym), a, {b})
                eb = fn(ctx, TieBreakSpec(acronym), b, {a})
                ka, kb = board_key(acronym, ea), board_key(acronym, eb)
                members = (ctx.start_nos[a], ctx.start_nos[b])
                if ka != kb:
                    first, second = (a, b) if ka > kb else (b, a)
                    taken.append(EncounterStep(members, "13.3.2", "chain-decided", ctx.primary,
                                               first=ctx.start_nos[first], chain=acronym,
                                               chain_values=(_defined(ea), _defined(eb))))
                    return [[first], [second]]
                taken.append(EncounterStep(members, "13.3.2", "chain-undecided", ctx.primary, chain=acronym))
        return [sub]

    groups = solve(list(group))
    return DirectEncounterResult(groups, first_scores, taken)


# --------------------------------------------------------------------------- the catalogue
def _on_view(compute: Callable[[Context, TieBreakSpec, int], Evaluation]) -> TeamCompute:
    """An individual tie-break computed on a team event's view of the spec's score (C.07 13)."""

    def run(ctx: TeamContext, spec: TieBreakSpec, p: int) -> Evaluation:
        return compute(ctx.view(spec.score), spec, p)

    run.__doc__ = compute.__doc__
    return run


#: one team's value of a tie-break, with its breakdown: (ctx, spec, team index) -> Evaluation
TeamCompute = Callable[[TeamContext, TieBreakSpec, int], Evaluation]

#: the functions of this module the team records name (their ``computed_by``: ``team.<name>``)
_FUNCTIONS: dict[str, TeamCompute] = {f.__name__: f for f in (
    match_points, game_points, mp_v_gp, extended_sb, sssc, board_count, top_board_results, bottom_board_elimination)}

#: the team tie-breaks' functions, from their records: acronym -> (compute(ctx, spec, p), higher is better);
#: the type A ones (EDE and its chains) rank a tied set (:func:`extended_direct_encounter`)
_TEAM_COMPUTE: dict[str, tuple[TeamCompute, bool]] = {
    a: (_FUNCTIONS[t.computed_by.partition(".")[2]], t.higher_is_better)
    for a, t in catalogue.TIEBREAKS.items() if t.events == "team" and not t.direct}
#: PTS of a team: its primary score (C.07 4.2), MP or GP
_TEAM_COMPUTE["PTS"] = (primary_points, True)


def _team_info(spec: TieBreakSpec) -> tuple[TeamCompute, bool]:
    """(compute(ctx, spec, p), higher is better): the team tie-breaks', else the individual one's
    computed on the view of the spec's score (13)."""
    a = spec.acronym
    if a in _TEAM_COMPUTE:
        return _TEAM_COMPUTE[a]
    info = CATALOGUE.get(a)
    if info is not None and info.compute is not None:  # not DE, which ranks a tied set
        return _on_view(info.compute), info.higher_is_better
    raise TieBreakError(f"{spec.code} cannot be computed for a team event")


def team_info(spec: TieBreakSpec) -> tuple[TeamCompute, bool]:
    return _team_info(spec)


__all__ = ["TeamContext", "team_info", "extended_direct_encounter", "board_key", "normalising_factor", "EDE_CHAINS",
           "TEAM_ONLY"]
