"""Individual events: a decision (tournament, edition, tie-break list) -> standings with explanations."""

from __future__ import annotations

from fractions import Fraction
from ..errors import TieBreakError
from ..messages import Message, Text
from ..model import Tournament
from ..rules import Edition
from .choices import refuse_buchholz_in_round_robin
from .decision import Decision
from .loop import Level, by_values, rank
from .standings import Row, Standings
from ..tiebreaks.base import Column, Evaluation
from ..tiebreaks.codes import TieBreakSpec
from ..tiebreaks.context import Context, Options
from ..tiebreaks.direct import EncounterStep, direct_encounter, keep_decided
from ..tiebreaks.registry import evaluate_all, info


def validate(tournament: Tournament, edition: Edition, specs: tuple[TieBreakSpec, ...],
             options: Options) -> list[Text]:
    """Refuse what the edition forbids or the data cannot support; return warnings."""
    warnings: list[Text] = []
    for spec in specs:
        if spec.score:
            raise TieBreakError(f"{spec.code}: the score reference :{spec.score} (C.07 13) is for team events; "
                                f"this is an individual event, use {spec.code.replace(':' + spec.score, '')}")
        tb = info(spec)
        refuse_buchholz_in_round_robin(spec, edition, tournament.event_type)
        if not tb.record.defined_in(edition):
            warnings.append(Message("warn.code_since", code=spec.code, since=tb.record.since or ""))
        if tb.rating_based and options.unrated_rating is None:
            unrated = [p for p in tournament.players if p.rating is None]
            if unrated:
                names = ", ".join(f"#{p.start_no} {p.name}" for p in unrated[:5])
                more = f" and {len(unrated) - 5} more" if len(unrated) > 5 else ""
                raise TieBreakError(
                    f"{spec.code} is rating-based and the event has unrated players ({names}{more}); C.07 10 "
                    "drops such tie-breaks unless the rules say how unrated players count: give --unrated-rating N")
    return warnings


def compute_individual(decision: Decision, *, lots: int | None = None) -> Standings:
    """Compute every value and rank the players (C.07 4.2) under ``decision``, as it is."""
    tournament = decision.event
    assert not tournament.is_team  # xltb.ranking.rank gives a team event to compute_team
    edition, specs, unrated_rating = decision.edition, decision.specs, decision.unrated_rating
    options = Options(unrated_rating=unrated_rating)
    try:
        found = list(tournament.warnings) + validate(tournament, edition, specs, options)
    except TieBreakError as err:  # a list that does not fit the event: say which event
        raise decision.located(err) from None
    warnings = [n for n in decision.notes if n not in found] + found
    ctx = Context(tournament, edition, options)
    n = ctx.n
    evaluations: dict[str, Column] = {}
    for spec in specs:
        if spec.code not in evaluations and info(spec).compute is not None:
            evaluations[spec.code] = evaluate_all(ctx, spec)
    encounters: dict[str, list[EncounterStep]] = {}
    de_scores: dict[str, list[Fraction | None]] = {}

    def level_for(spec: TieBreakSpec) -> Level:
        if spec.tiebreak.direct:  # C.07 6: ranks the tied set
            scores = de_scores.setdefault(spec.code, [None] * n)
            steps = encounters.setdefault(spec.code, [])

            def by_de(group: list[int]) -> list[list[int]]:
                result = direct_encounter(ctx, spec, group)
                keep_decided(result, group, scores)
                steps.extend(result.steps)
                return result.groups

            return by_de
        values = evaluations[spec.code].values
        descending = info(spec).higher_is_better != spec.reverse
        return by_values(values, descending)

    ranking = rank(ctx.score, [level_for(spec) for spec in specs], lots)
    for code, scores in de_scores.items():
        evaluations[code] = Column.of(code, [None if s is None else Evaluation(code, s, article="C.07 6") for s in scores])
    for spec in specs:  # DE never applied (nobody tied): no values
        evaluations.setdefault(spec.code, Column(spec.code, [None] * n))
    rows = []
    columns = {spec.code: evaluations[spec.code].values for spec in specs}
    for i, place, by_lot in ranking:
        values = {code: column[i] for code, column in columns.items()}
        rows.append(Row(place, tournament.players[i], ctx.frac(ctx.score[i]), values, by_lot))
    return Standings(tournament, edition, specs, tuple(rows), evaluations, decision.choices,
                     {code: tuple(steps) for code, steps in encounters.items()}, tuple(warnings), lots,
                     unrated_rating)
