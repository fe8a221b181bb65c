"""One event, one reading: the edition, the tie-break list, the event type and the primary score an
event is ranked by, decided once for every command and every face (``standings``, ``explain``,
``export``, ``check``'s edition and the templates' ``--from``), each with where it came from (the
file, a workbook's Settings sheet, the user, or xltb's default) and why. The result is a :class:`~xltb.ranking.decision.Decision`,
which the ranking takes as it is (:func:`xltb.ranking.rank`).

What the file says is read as its program meant it:

* an xltb workbook (:mod:`xltb.books`): its Settings sheet's Edition (else its StartDate), Tiebreaks,
  UnratedRating and Lots (the event's ``provisions``), each said "from the workbook" with its cell;
* TRF: the start date (042) names the edition; 212/202 the list; 092/192 the pairing system and,
  for teams, the primary score.
* a chess-results / Swiss-Manager export: its legend names the tie-breaks (``Buchholz Tie-Breaks
  (variabel with parameter)`` ...) and, sometimes, the edition (``(2023)``); its "last update" date
  dates it. The names are read by :func:`xltb.ranking.legend.read_columns`, as ``xltb check`` reads
  them; a name that stands for several codes is read as the candidate that reproduces the most
  published values under the edition chosen.

The edition is :func:`xltb.ranking.choices.choose_edition`'s, the one rule of every command: a
workbook's Settings Edition, else the start date, else the edition the export names, else its last update, else the newest (xltb's
default).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Iterable, cast

from .errors import TieBreakError, XltbError
from .messages import Message, Text
from .model import Choice, EventType, Tournament
from .model.event import Event
from .model.rounds import after_round, rounds_planned
from .ranking import compute
from .ranking.choices import choose_edition, choose_list, event_choices, resolve
from .ranking.decision import Decision
from .readers.registry import KIND_LABELS, EventFile
from .rules import Edition
from .tiebreaks.codes import TieBreakSpec, parse_code, parse_list
from .tiebreaks.base import Value
from .tiebreaks.display import printed_decimals, same_figure

if TYPE_CHECKING:
    from .ranking.legend import ColumnReading
    from .readers.published import Published, PublishedColumn

#: the kind of a chess-results export (whose legend names the tie-breaks)
CHESS_RESULTS = KIND_LABELS["chessresults"]

def decide(path_or_event: "EventFile | Event | str | os.PathLike[str]", *,
           tiebreaks: str | Iterable[str | TieBreakSpec] | None = None, rules: str | Edition | None = None,
           event_type: str | EventType | None = None, primary: str | None = None,
           unrated_rating: int | None = None, lots: int | None = None, after: int | None = None,
           planned: int | None = None) -> Decision:
    """Decide how an event is ranked: ``path_or_event`` is a file as read (an
    :class:`~xltb.readers.registry.EventFile`: the event, its kind and what an export published, as the
    commands read it), an event (a workbook's blocks, as the worksheet functions read them, or any
    reader's), or, for the API's convenience, a path: read first by
    :func:`xltb.readers.registry.read_event_published`, where ``event_type`` and ``primary`` apply.

    The user's ``tiebreaks`` / ``rules`` / ``event_type`` / ``primary`` / ``unrated_rating`` / ``lots``
    win; otherwise the file's (see the module's text), otherwise xltb's defaults. ``after``: rank the event as it stood after
    that round (:func:`xltb.model.rounds.after_round`; the choices are made on the whole file, as
    they concern the event); ``planned``: the rounds planned (``--rounds``), never fewer than the file
    holds. Raises :class:`~xltb.errors.XltbError` for what cannot be read or a list that is not valid."""
    if isinstance(path_or_event, (str, os.PathLike)):
        from .readers.registry import read_event_published  # a file: read once, then decided as any event

        if event_type is not None and not isinstance(event_type, EventType):
            event_type = EventType(event_type)
        event, kind, published = read_event_published(path_or_event, event_type, primary)
    elif isinstance(path_or_event, EventFile):
        if event_type is not None or primary is not None:
            raise XltbError("decide(): event_type and primary apply when the file is read (read_event_published)")
        event, kind, published = path_or_event
    else:
        if event_type is not None or primary is not None:
            raise XltbError("decide(): event_type and primary apply when a file is read; give the path")
        event, kind, published = path_or_event, "", None
    decision = _decide(event, kind, published, tiebreaks=tiebreaks, rules=rules, unrated_rating=unrated_rating,
                       lots=lots)
    if after is not None:
        return decision._replace(event=after_round(decision.event, after, planned))
    if planned is not None:
        return decision._replace(event=decision.event._replace(rounds_planned=rounds_planned(decision.event, planned)))
    return decision


def _decide(event: "Event", kind: str, published: "Published | None", *,
            tiebreaks: str | Iterable[str | TieBreakSpec] | None, rules: str | Edition | None,
            unrated_rating: int | None, lots: int | None) -> Decision:
    """The decision for an event and what its file published (an export's legend and date: ``published``)."""
    if published is not None and kind == CHESS_RESULTS and not (tiebreaks and rules):
        return _export_decision(cast(Tournament, event), published, kind, tiebreaks, rules, unrated_rating)._replace(
            lots=lots)
    # the user's, else the event's own (TRF 212/202, the start date; a workbook's Settings), else the defaults
    return resolve(event, tiebreaks, rules, unrated_rating=unrated_rating, lots=lots)._replace(kind=kind)


def _export_decision(event: Tournament, published: "Published", kind: str,
                     tiebreaks: str | Iterable[str | TieBreakSpec] | None, rules: str | Edition | None,
                     unrated_rating: int | None) -> Decision:
    """A chess-results export: the legend's codes and edition (:func:`xltb.ranking.legend.read_columns`),
    an ambiguous name read as the candidate that reproduces the most published values."""
    from .ranking.legend import named_edition, read_columns  # exports only: a TRF file does not load it

    readings = read_columns(published.tiebreaks, event.max_score)
    named = named_edition(readings)
    dated = (published.updated, Message("edition.hint_update")) if published.updated is not None else None
    legend = Message("edition.where_legend")
    edition, rules_choice = choose_edition(event, rules, named=(named, legend) if named else None, dated=dated)
    notes: list[Text] = []
    if tiebreaks:
        specs, list_choice = choose_list(event, tiebreaks)
    else:
        codes: list[str] = []
        parts: list[Message] = []
        for reading, column in zip(readings, published.tiebreaks):
            if reading.code == "PTS":
                continue
            if not reading.comparable or reading.code is None:
                # the legend reader's note on the column (English: the check report's words), else "no code"
                notes.append(Message("warn.legend_left_out", column=f"{reading.key} {reading.name!r}",
                                     why=reading.note or Message("warn.no_code")))
                continue
            code = reading.code
            if reading.ambiguous and len(reading.candidates) > 1:
                unrated = unrated_rating if unrated_rating is not None else reading.unrated_rating
                code = best_candidate(event, edition, column, reading, unrated)
            codes.append(code)
            label = f"{reading.key} {reading.name!r}" if reading.name else reading.key
            parts.append(Message("list.legend_column" if len(reading.candidates) <= 1 else "list.legend_candidate",
                                 column=label, code=code))
        if codes:
            specs = parse_list(codes, strict=False)  # a legend may name Swiss-Manager's SB/M1
            list_choice = Choice(",".join(s.code for s in specs), "file", Message("list.legend", parts=tuple(parts)))
        else:
            specs, list_choice = choose_list(event, None)
    unrated = unrated_rating if unrated_rating is not None else next(
        (r.unrated_rating for r in readings if r.unrated_rating is not None), None)
    if unrated is not None and unrated_rating is None:
        notes.append(Message("warn.legend_unrated", rating=unrated))
    return Decision(event, edition, specs, event_choices(event, rules_choice, list_choice), unrated, tuple(notes),
                    kind)


def best_candidate(event: Tournament, edition: Edition, column: "PublishedColumn", reading: "ColumnReading",
                   unrated_rating: int | None) -> str:
    """Of the codes an ambiguous legend name stands for, the one whose values under ``edition``
    reproduce the most published figures (each to the decimals the column prints); the first, the
    most likely, of equals. ``xltb check`` chooses alike (:meth:`xltb.check.compare.Checker.choose_edition`)."""
    decimals = max((printed_decimals(t) for t in column.texts.values() if t.strip()), default=0)
    scored = []
    for i, code in enumerate(reading.candidates):
        try:
            st = compute(event, (parse_code(code, strict=False),), edition, unrated_rating=unrated_rating)
        except TieBreakError:
            agree = -1
        else:
            listed = st.codes[0]
            values: dict[int, Value | None] = {}
            for p in st.participants:
                ev = st.evaluation(p.start_no, listed)
                values[p.start_no] = None if ev is None else ev.value
            agree = sum(1 for no, pub in column.values.items()
                        if no in values and same_figure(pub, decimals, values[no]))
        scored.append((agree, -i, code))
    return max(scored)[2]


__all__ = ["Decision", "decide", "best_candidate"]
