"""The engine: tournament + edition + tie-break list -> standings with explanations."""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from .._gc import paused
from ..errors import TieBreakError
from ..model import EventType, Tournament
from ..rules import Edition, edition_for_date, parse_edition
from .standings import Row, Standings, assign_ranks, partition_by, rank_groups
from ..tiebreaks.base import Column, Evaluation
from ..tiebreaks.codes import TieBreakSpec, parse_list
from ..tiebreaks.context import Context, Options
from ..tiebreaks.direct import direct_encounter
from ..tiebreaks.registry import evaluate_all, info

#: Default tie-break lists when neither the user nor the file gives one.
DEFAULT_TIEBREAKS = {
    EventType.SWISS: "BH/C1,BH,SB,DE,WIN",
    EventType.ROUND_ROBIN: "DE,WIN,SB,KS",
    EventType.DOUBLE_ROUND_ROBIN: "DE,WIN,SB,KS",
}


def choose_edition(tournament: Tournament, rules: str | Edition | None) -> tuple[Edition, str]:
    """The edition to apply and why (for the output)."""
    if isinstance(rules, Edition):
        return rules, "chosen by the user"
    if rules:
        return parse_edition(rules), "chosen by the user"
    if tournament.start_date is None:
        edition = edition_for_date(None)
        return edition, f"the event has no start date: newest edition {edition.key} used"
    edition = edition_for_date(tournament.start_date)
    if tournament.start_date < edition.starts:
        return edition, (f"the event started on {tournament.start_date.isoformat()}, before the {edition.key} "
                         "rules; the oldest edition xltb knows is used (the earlier rule, an unplayed game as a draw "
                         "against the player himself, 2011 annex F.a, is not implemented)")
    return edition, f"in force on the start date {tournament.start_date.isoformat()}"


def choose_tiebreaks(event, tiebreaks: str | Iterable[str] | None,
                     defaults: dict[EventType, str] = DEFAULT_TIEBREAKS) -> tuple[TieBreakSpec, ...]:
    """The user's list, else the event's own (TRF 212/202; PTS is the primary score anyway), else
    the default for the event type."""
    if tiebreaks:
        return parse_list(tiebreaks if isinstance(tiebreaks, str) else list(tiebreaks))
    if event.tiebreaks:
        try:
            specs = parse_list(list(event.tiebreaks))
        except TieBreakError as err:
            record = "the file's tie-break list (TRF 212/202)"
            raise TieBreakError(f"{record}: {err.message}", file=event.source,
                                line=getattr(event, "tiebreaks_line", None)) from None
        return tuple(s for s in specs if s.acronym != "PTS") or specs
    return parse_list(defaults[event.event_type])


def validate(tournament: Tournament, edition: Edition, specs: tuple[TieBreakSpec, ...], options: Options) -> list[str]:
    """Refuse what the edition forbids or the data cannot support; return warnings."""
    warnings = []
    for spec in specs:
        if spec.score:
            raise TieBreakError(f"{spec.code}: the score reference :{spec.score} (C.07 13) is for team events; "
                                f"this is an individual event, use {spec.code.replace(':' + spec.score, '')}")
        tb = info(spec)
        if edition.no_buchholz_in_rr and tournament.event_type.predetermined and spec.acronym in ("BH", "AOB", "FB"):
            raise TieBreakError(f"{spec.code}: Buchholz, AOB and FB must not be used in round robins "
                                f"(C.07 Art. 8 note, {edition.key}); choose another tie-break or an older edition")
        if tb.note == "2026" and not edition.new_2026_codes:
            warnings.append(f"{spec.code} is defined from the 2026-03 edition; computed as defined there")
        if tb.rating_based and options.unrated_rating is None:
            unrated = [p for p in tournament.players if p.rating is None]
            if unrated:
                names = ", ".join(f"#{p.start_no} {p.name}" for p in unrated[:5])
                more = f" and {len(unrated) - 5} more" if len(unrated) > 5 else ""
                raise TieBreakError(
                    f"{spec.code} is rating-based and the event has unrated players ({names}{more}); C.07 10 "
                    "drops such tie-breaks unless the rules say how unrated players count: give --unrated-rating N")
    return warnings


def compute(tournament: Tournament, tiebreaks: str | Iterable[str] | None = None, rules: str | Edition | None = None,
            *, unrated_rating: int | None = None, lots: int | None = None) -> Standings:
    """Compute every value and rank the participants (C.07 4.2)."""
    with paused():
        return _compute(tournament, tiebreaks, rules, unrated_rating, lots)


def _compute(tournament: Tournament, tiebreaks, rules, unrated_rating: int | None, lots: int | None) -> Standings:
    edition, reason = choose_edition(tournament, rules)
    specs = choose_tiebreaks(tournament, tiebreaks)
    options = Options(unrated_rating=unrated_rating)
    warnings = list(tournament.warnings) + validate(tournament, edition, specs, options)
    ctx = Context(tournament, edition, options)
    n = ctx.n
    evaluations: dict[str, Column] = {}
    for spec in specs:
        if spec.code not in evaluations and info(spec).compute is not None:
            evaluations[spec.code] = evaluate_all(ctx, spec)
    de_notes: dict[str, list[str]] = {}
    de_scores: dict[str, list[Fraction | None]] = {}

    def level_for(spec: TieBreakSpec):
        if spec.acronym == "DE":
            scores = de_scores.setdefault(spec.code, [None] * n)
            notes = de_notes.setdefault(spec.code, [])

            def by_de(group: list[int]) -> list[list[int]]:
                result = direct_encounter(ctx, spec, group)
                for i, s in result.scores.items():
                    if scores[i] is None:
                        scores[i] = s
                notes.extend(result.notes)
                return result.groups

            return by_de
        values = evaluations[spec.code].values
        descending = info(spec).higher_is_better != spec.reverse
        return lambda group: partition_by(group, values.__getitem__, descending)

    by_points = partition_by(list(range(n)), ctx.score.__getitem__)
    levels = [level_for(spec) for spec in specs]
    groups: list[list[int]] = []
    for group in by_points:
        groups.extend(rank_groups(group, levels))
    for code, scores in de_scores.items():
        evaluations[code] = Column.of(code, [None if s is None else Evaluation(code, s, article="C.07 6") for s in scores])
    for spec in specs:  # DE never applied (nobody tied): no values
        evaluations.setdefault(spec.code, Column(spec.code, [None] * n))
    rows = []
    columns = {spec.code: evaluations[spec.code].values for spec in specs}
    for i, rank, by_lot in assign_ranks(groups, lots):
        values = {code: column[i] for code, column in columns.items()}
        rows.append(Row(rank, tournament.players[i], ctx.frac(ctx.score[i]), values, by_lot))
    return Standings(tournament, edition, reason, specs, rows, evaluations, de_notes, warnings, lots, unrated_rating)
