"""One event, one reading: the edition, the tie-break list, the event type and the primary score an
event is ranked by, decided in one place for every command and every face (``standings``,
``explain``, ``export``, and the templates' ``--from``), each with where it came from (the file,
the user, or xltb's default) and why.

What the file says is read as its program meant it:

* TRF: the start date (042) names the edition; 212/202 the list; 092/192 the pairing system and,
  for teams, the primary score.
* a chess-results / Swiss-Manager export: its legend names the tie-breaks (``Buchholz Tie-Breaks
  (variabel with parameter)`` ...) and, sometimes, the edition (``(2023)``); its "last update" date
  dates it. The names are read exactly as ``xltb check`` reads them (:mod:`xltb.check.legend`, the
  candidates that reproduce the most published values for an ambiguous name,
  :meth:`xltb.check.compare.Checker.choose_edition`), so ``standings``, ``export`` and ``check``
  rank such an export alike.

The engine (:mod:`xltb.ranking`) never imports this module; the check package is imported only
for exports (``xltb standings`` on a TRF file does not load it).
"""

from __future__ import annotations

import os

from .errors import XltbError
from .model import EventType
from .model.rounds import after_round, rounds_planned
from .ranking import compute
from .ranking.choices import Choice, choose_edition, choose_list, initial_choices, is_team
from .ranking.standings import Standings
from .readers.registry import KIND_LABELS, read_event_published
from .rules import Edition
from .tiebreaks.codes import TieBreakSpec, parse_list

#: the kind of a chess-results export (whose legend names the tie-breaks)
CHESS_RESULTS = KIND_LABELS["chessresults"]


class Decision:
    """What an event is ranked by, and why. ``choices`` maps ``rules``, ``tiebreaks``,
    ``event_type`` and (teams) ``primary`` to a :class:`~xltb.ranking.choices.Choice`.
    (A plain class: ``xltb standings`` does not load dataclasses.)"""

    __slots__ = ("event", "kind", "edition", "specs", "choices", "unrated_rating", "notes")

    def __init__(self, event, kind: str, edition: Edition, specs: tuple[TieBreakSpec, ...],
                 choices: dict[str, Choice], unrated_rating: int | None = None, notes: list[str] | None = None):
        self.event = event  # Tournament or TeamTournament
        self.kind = kind  # what the file was read as ("TRF", "chess-results crosstable export (CSV)" ...)
        self.edition = edition
        self.specs = specs
        self.choices = choices
        self.unrated_rating = unrated_rating  # from the user, else a legend's "(1400)"
        self.notes = [] if notes is None else notes  # what the reading left out (said as warnings)

    def __repr__(self) -> str:
        return f"Decision({self.edition.key}, {','.join(s.code for s in self.specs)}, {self.kind!r})"

    @property
    def team(self) -> bool:
        return is_team(self.event)

    def compute(self, *, unrated_rating: int | None = None, lots: int | None = None) -> Standings:
        """The standings under this decision; they say where each choice came from."""
        unrated = unrated_rating if unrated_rating is not None else self.unrated_rating
        st = compute(self.event, self.specs, self.edition, unrated_rating=unrated, lots=lots)
        st.choices = dict(self.choices)
        st.warnings[:0] = [n for n in self.notes if n not in st.warnings]
        return st


#: the template kinds (``xltb template KIND --from FILE``) and the events each can hold
TEMPLATE_KINDS = ("individual", "roundrobin", "team")


def check_template_kind(decision: Decision, kind: str) -> list[str]:
    """Refuse a template kind that contradicts the file (:class:`~xltb.errors.XltbError`), or return
    the warnings to print: a round-robin template from a Swiss, an individual template from a team
    file (it would rank the players as a Swiss), a team template from an individual event. The
    event type said is the decision's, with where it came from."""
    if kind not in TEMPLATE_KINDS:
        raise XltbError(f"unknown template kind {kind!r} (expected {', '.join(TEMPLATE_KINDS)})")
    event = decision.event
    source = getattr(event, "source", None)
    etype = decision.choices["event_type"]
    if kind == "team" and not decision.team:
        raise XltbError("not a team event: an individual event (no team records 013/310 describing team matches); use "
                        "'xltb template individual' or 'roundrobin'", file=source)
    if kind != "team" and decision.team:
        raise XltbError(f"this is a team event ({len(event.teams)} teams): use 'xltb template team'; an {kind} "
                        "template would rank its players as individuals", file=source)
    if kind == "roundrobin" and not event.event_type.predetermined:
        raise XltbError(f"the event is a {event.event_type.value} ({etype.text}): a round-robin template would "
                        "apply the round-robin rules (C.07 15.2) to it; use 'xltb template individual', or "
                        "--event-type round-robin if the file is wrong", file=source)
    warnings = []
    if kind == "individual" and event.event_type.predetermined:
        warnings.append(f"the event is a {event.event_type.value} ({etype.text}): 'xltb template roundrobin' "
                        "holds it with the round-robin defaults")
    return warnings


def decide(path_or_event, *, tiebreaks: str | list[str] | None = None, rules: str | Edition | None = None,
           event_type: str | EventType | None = None, primary: str | None = None,
           unrated_rating: int | None = None, after: int | None = None, planned: int | None = None) -> Decision:
    """Read ``path_or_event`` (a file, or an event already read) and decide how it is ranked.

    The user's ``tiebreaks`` / ``rules`` / ``event_type`` / ``primary`` win; otherwise the file's
    (see the module's text), otherwise xltb's defaults. ``after``: rank the event as it stood after
    that round (:func:`xltb.model.rounds.after_round`; the choices are made on the whole file, as
    they concern the event); ``planned``: the rounds planned (``--rounds``), never fewer than the file
    holds. Raises :class:`~xltb.errors.XltbError` for what cannot be read or a list that is not valid."""
    decision = _decide(path_or_event, tiebreaks=tiebreaks, rules=rules, event_type=event_type, primary=primary,
                       unrated_rating=unrated_rating)
    if after is not None:
        decision.event = after_round(decision.event, after, planned)
    elif planned is not None:
        decision.event = decision.event._replace(rounds_planned=rounds_planned(decision.event, planned))
    return decision


def _decide(path_or_event, *, tiebreaks: str | list[str] | None, rules: str | Edition | None,
            event_type: str | EventType | None, primary: str | None, unrated_rating: int | None) -> Decision:
    if isinstance(path_or_event, (str, os.PathLike)):
        if event_type is not None and not isinstance(event_type, EventType):
            event_type = EventType(event_type)
        event, kind, published = read_event_published(path_or_event, event_type, primary)
        path = os.fspath(path_or_event)
    else:
        event, kind, path, published = path_or_event, "", None, None
        if event_type is not None or primary is not None:
            raise XltbError("decide(): event_type and primary apply when a file is read; give the path")
    if path is not None and kind == CHESS_RESULTS and not (tiebreaks and rules):
        return _export_decision(path, (event, published), kind, tiebreaks, rules, event_type, unrated_rating)
    edition, rules_choice = choose_edition(event, rules)
    specs, list_choice = choose_list(event, tiebreaks)
    choices = initial_choices(event, rules_choice, list_choice)
    return Decision(event, kind, edition, specs, choices, unrated_rating)


def _export_decision(path: str, export, kind: str, tiebreaks, rules, event_type, unrated_rating) -> Decision:
    """A chess-results export (``export``: its event and what it published, read once): the legend's
    codes and edition, chosen as ``xltb check`` chooses them."""
    # the check package reads legends and scores candidate codes; imported only for exports
    from .check.compare import Checker
    from .check.sources import load_source

    source = load_source(path, export=export)
    event = source.event
    checker = Checker(source, rules if isinstance(rules, str) else getattr(rules, "key", None), unrated_rating)
    edition, rules_choice = checker.choose_edition()
    notes: list[str] = []
    if rules:
        rules_choice = Choice(edition.key, "user", "")
    if tiebreaks:
        specs, list_choice = choose_list(event, tiebreaks)
    else:
        codes, parts, left_out = [], [], []
        for col in source.columns:
            if col.code == "PTS":
                continue
            if not col.comparable or col.code is None:
                left_out.append(col)
                continue
            codes.append(col.code)
            label = f"{col.key} {col.name!r}" if col.name else col.key
            how = col.code if len(col.candidates) <= 1 else \
                f"{col.code}, the candidate that reproduces the most published values"
            parts.append(f"{label} = {how}")
        for col in left_out:
            notes.append(f"the export ranks with {col.key} {col.name!r}, which xltb does not compute "
                         f"({col.note or 'no code'}): left out of the list; give --tiebreaks to choose another")
        if codes:
            specs = parse_list(codes, strict=False)  # a legend may name Swiss-Manager's SB/M1
            list_choice = Choice(",".join(s.code for s in specs), "file",
                                 "the export's legend: " + "; ".join(parts))
        else:
            specs, list_choice = choose_list(event, None)
    choices = initial_choices(event, rules_choice, list_choice)
    unrated = unrated_rating if unrated_rating is not None else next(
        (c.unrated_rating for c in source.columns if c.unrated_rating is not None), None)
    if unrated is not None and unrated_rating is None:
        notes.append(f"unrated players count as rated {unrated}, as the export's legend says (C.07 10)")
    return Decision(event, kind, edition, specs, choices, unrated, notes)


__all__ = ["Decision", "decide", "check_template_kind", "TEMPLATE_KINDS"]
