"""Team events: team event + edition + tie-break list -> team standings (C.07 11-13); the player
standings inside a team event are in :mod:`xltb.ranking.players`.

Teams are ranked by the primary score (MP unless the event says GP, TRF 192), then by each
tie-break in order, applied only to the teams still tied (4.2). The result is the same
:class:`~xltb.ranking.standings.Standings` as for individuals: ``start_no`` is the team's number, and
every value has its breakdown (``xltb explain``).
"""

from __future__ import annotations

from fractions import Fraction
from ..errors import TieBreakError
from ..messages import Message, Text
from ..model.team import TeamTournament
from ..rules import Edition
from ..tiebreaks.base import Evaluation, Value
from ..tiebreaks.codes import TieBreakSpec
from ..tiebreaks.context import Options
from ..tiebreaks.direct import EncounterStep, direct_encounter, keep_decided
from ..tiebreaks.registry import CATALOGUE
from ..tiebreaks.team import TeamContext, board_key, extended_direct_encounter, team_info
from .choices import refuse_buchholz_in_round_robin
from .decision import Decision
from .loop import Level, by_values, partition_by, rank
from .standings import Row, Standings


def compute_team(decision: Decision, *, lots: int | None = None) -> Standings:
    """Rank the teams under ``decision``, as it is: primary score, then each tie-break on the teams still
    tied (C.07 4.2, 11-13)."""
    tt = decision.event
    assert tt.is_team  # xltb.ranking.rank gives an individual event to compute_individual
    edition, specs, unrated_rating = decision.edition, decision.specs, decision.unrated_rating
    options = Options(unrated_rating=unrated_rating)
    warnings: list[Text] = [n for n in decision.notes if n not in tt.warnings] + list(tt.warnings)
    try:
        validate_team(tt, edition, specs, unrated_rating)
    except TieBreakError as err:  # a list that does not fit the event: say which event
        raise decision.located(err) from None
    ctx = TeamContext(tt, edition, options)
    n = ctx.n
    evaluations: dict[str, list[Evaluation | None]] = {}
    keys: dict[str, list[object]] = {}
    # type A: EDE and its chains (13.3), and plain DE on one score (13: Art. 6 on MP or GP)
    ede_codes = [s for s in specs if s.tiebreak.direct]
    for spec in specs:
        if spec.code in evaluations or spec.tiebreak.direct:
            continue
        compute_one, higher = team_info(spec)
        evs = [compute_one(ctx, spec, p) for p in range(n)]
        evaluations[spec.code] = list[Evaluation | None](evs)
        if spec.article.startswith("12."):  # Art. 12: board by board
            keys[spec.code] = [board_key(spec.acronym, ev) for ev in evs]
        else:
            descending = higher != spec.reverse
            keys[spec.code] = [None if ev.value is None else (ev.value if descending else -ev.value) for ev in evs]
    ede_scores: dict[str, list[Fraction | None]] = {s.code: [None] * n for s in ede_codes}
    ede_notes: dict[str, list[list[Message]]] = {s.code: [[] for _ in range(n)] for s in ede_codes}
    encounters: dict[str, list[EncounterStep]] = {s.code: [] for s in ede_codes}

    def level_for(spec: TieBreakSpec) -> Level:
        if spec.tiebreak.direct:
            scores, notes = ede_scores[spec.code], ede_notes[spec.code]

            def by_ede(group: list[int]) -> list[list[int]]:
                if spec.acronym == "DE":  # C.07 13 and 6: direct encounter on one score (default: primary)
                    result = direct_encounter(ctx.view(spec.score), spec, group)
                else:
                    result = extended_direct_encounter(ctx, spec, group)
                keep_decided(result, group, scores)  # a value only where EDE/DE decided something
                encounters[spec.code].extend(result.steps)
                for step in result.steps:
                    said = step.message()
                    for i in group:
                        if ctx.start_nos[i] in step.members:
                            notes[i].append(said)
                return result.groups

            return by_ede
        k = keys[spec.code]
        if spec.acronym == "BC":
            gp = ctx.gp.score

            def by_board_count(group: list[int]) -> list[list[int]]:
                # C.07 12.1: BC "can only be used when all tied teams have the same number of game points"
                if len({gp[i] for i in group}) > 1:
                    names = tuple(f"#{ctx.start_nos[i]}" for i in group)
                    warnings.append(Message("warn.bc_gp_differ", code=spec.code, members=names))
                    return [group]
                return partition_by(group, k.__getitem__, True)

            return by_board_count
        return by_values(k)

    primary = ctx.score
    ranking = rank(primary, [level_for(spec) for spec in specs], lots)
    _direct_evaluations(evaluations, specs, ede_codes, ede_scores, ede_notes, n)
    rows = [Row(place, tt.teams[i], Fraction(primary[i], ctx.q), _values(evaluations, specs, i), by_lot)
            for i, place, by_lot in ranking]
    return Standings(tt, edition, specs, tuple(rows), evaluations, decision.choices,
                     {code: tuple(steps) for code, steps in encounters.items()}, tuple(warnings), lots, unrated_rating)


def _direct_evaluations(evaluations: dict[str, list[Evaluation | None]], specs: tuple[TieBreakSpec, ...],
                        ede_codes: list[TieBreakSpec], ede_scores: dict[str, list[Fraction | None]],
                        ede_notes: dict[str, list[list[Message]]], n: int) -> None:
    """The values of the direct encounters (C.07 13 and 6; EDE 13.3) where they decided something, with their
    notes, into ``evaluations``; every other code not computed: no value for any of the ``n`` teams."""
    for spec in ede_codes:
        scores, notes = ede_scores[spec.code], ede_notes[spec.code]
        article = "C.07 13, 6" if spec.acronym == "DE" else "C.07 13.3"
        evaluations[spec.code] = [None if s is None else
                                  Evaluation(spec.code, s, article=article, notes=tuple(notes[i]))
                                  for i, s in enumerate(scores)]
    for spec in specs:
        evaluations.setdefault(spec.code, [None] * n)


def _values(evaluations: dict[str, list[Evaluation | None]], specs: tuple[TieBreakSpec, ...],
            i: int) -> dict[str, Value | None]:
    """Team ``i``'s value of each tie-break (None: none)."""
    return {spec.code: (ev.value if (ev := evaluations[spec.code][i]) is not None else None) for spec in specs}


def validate_team(tt: TeamTournament, edition: Edition, specs: tuple[TieBreakSpec, ...],
                  unrated_rating: int | None) -> None:
    """Refuse what the edition forbids or the teams cannot support."""
    for spec in specs:
        refuse_buchholz_in_round_robin(spec, edition, tt.event_type)
        base = CATALOGUE.get(spec.acronym)
        if base is not None and base.rating_based and unrated_rating is None and \
                any(t.strength is None for t in tt.teams):
            raise TieBreakError(f"{spec.code} is rating-based and some teams have no rating (TRF 310 columns "
                                "48-53): give --unrated-rating N (C.07 10)")
