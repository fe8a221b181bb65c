"""What was published (:class:`Source`): a chess-results / Swiss-Manager CSV export, a TRF rank
column, or a previous ``xltb standings -f json`` output, with the event it is about (:func:`load_source`)."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable

from ..errors import InputError, XltbError
from ..messages import Message
from ..model import EventType, Player, Tournament
from ..model.event import Event
from ..model.rounds import after_round, holds_results
from ..ranking.choices import default_list, file_tiebreaks
from ..readers.published import Published
from ..readers.registry import read_event, read_published
from ..readers.text import read_bytes
from .. import limits
from .json_input import StandingsRow, json_items_limit, valid_json
from ..rules import parse_edition
from ..tiebreaks.codes import parse_code, parse_list
from .legend import column_readings
from .precision import printed_decimals

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import Team


@dataclass
class Column:
    """A published tie-break column and the code it is checked as."""

    key: str  # TB1, or the code for JSON
    name: str  # legend name ("" when none)
    values: dict[int, Fraction | None]
    texts: dict[int, str]
    decimals: int | None  # None: JSON numbers, compared exactly
    candidates: tuple[str, ...] = ()
    code: str | None = None  # the code compared (None: not compared)
    comparable: bool = True
    ambiguous: bool = False
    note: str = ""
    given: bool = False  # the code was given by the user (--tiebreaks)
    unrated_rating: int | None = None
    edition: str | None = None  # an edition the legend name implies


@dataclass
class Source:
    """What was published, and the event it is about."""

    path: str
    kind: str  # "chess-results", "swissperfect", "trf", "xltb-json"
    event: Event
    columns: list[Column]
    ranks: dict[int, int]
    points: dict[int, Fraction | None]
    names: dict[int, str]
    team: bool = False
    rules: str | None = None  # edition the source says it used (JSON)
    date_hint: tuple[date, Message] | None = None  # a date to choose the edition, and where it comes from
    notes: list[str] = field(default_factory=list)
    rank_codes: tuple[str, ...] = ()  # the list the ranks were computed with (TRF, JSON)
    #: lists to try when the source does not say which one its ranks were computed with (TRF without
    #: 212/202): the one that reproduces the most published ranks is used, and the report says so
    rank_candidates: tuple[tuple[str, ...], ...] = ()


def _user_list(tiebreaks: str | None) -> list[str] | None:
    """``--tiebreaks`` for a check: codes in column order; ``-`` skips a column."""
    if not tiebreaks:
        return None
    out = []
    for item in tiebreaks.split(","):
        item = item.strip()
        if item in ("-", "", "skip"):
            out.append("-")
        else:
            out.append(parse_code(item, strict=False).code)
    return out


def load_source(path: str, *, tiebreaks: str | None = None, event_path: str | None = None,
                event_type: str | None = None, export: tuple[Tournament, Published] | None = None) -> Source:
    """Read the published figures and the event. Raises :class:`InputError` for what cannot be read.
    ``export``: an export of ``path`` already read (:func:`~xltb.readers.registry.read_published`)."""
    if export is not None:
        return _csv_source(path, _user_list(tiebreaks), export)
    user = _user_list(tiebreaks)
    data = read_bytes(path)  # once, through the size limit: a device or a pipe too
    if data[:4096].decode("utf-8", "replace").lstrip("\ufeff").lstrip().startswith("{"):
        return _json_source(path, data, user, event_path)
    export = read_published(path, EventType(event_type) if event_type else None, data=data)
    if export is not None:
        return _csv_source(path, user, export)
    return _trf_source(path, data, user, event_type)


def cut_source(source: Source, n: int) -> Source:
    """The source as it stood after round ``n`` (``xltb check --after-round``). What a file published
    (a TRF's ranks and totals, an export's values) describes the rounds it holds: when the rounds cut
    away hold results, there is nothing after round ``n`` to check, and that is said. A JSON of
    ``xltb standings`` is recomputed after the round it was computed after."""
    event = source.event
    if source.kind == "xltb-json":
        if n != event.rounds:
            raise InputError(f"--after-round {n}: the JSON holds the standings after round {event.rounds}",
                             file=source.path)
        return source
    if n < event.rounds and holds_results(r for p in event.participants for r in p.results[n:]):
        raise InputError(f"--after-round {n}: what the file publishes (ranks, points, tie-breaks) is the standings "
                         f"after round {event.rounds}, and rounds {n + 1}-{event.rounds} hold results: there is "
                         f"nothing published after round {n} to check; use 'xltb standings --after-round {n}'",
                         file=source.path)
    return replace(source, event=after_round(event, n))


def _csv_source(path: str, user: list[str] | None, export: tuple[Tournament, Published]) -> Source:
    tournament, published = export
    if user is not None and len(user) > len(published.tiebreaks):
        raise InputError(f"--tiebreaks has {len(user)} codes, the export {len(published.tiebreaks)} tie-break "
                         "columns: give one code per column, in order ('-' skips a column)", file=path)
    columns = []
    readings = column_readings(published.tiebreaks, tournament.max_score, user)
    for col, reading in zip(published.tiebreaks, readings):
        texts = {k: v for k, v in col.texts.items()}
        decimals = max((printed_decimals(t) for t in texts.values() if t.strip()), default=0)
        columns.append(Column(col.key, col.name, dict(col.values), texts, decimals, reading.candidates, reading.code,
                              reading.comparable, reading.ambiguous, reading.note, reading.given,
                              reading.unrated_rating, reading.edition))
    hint = None
    if published.updated is not None and tournament.start_date is None:
        hint = (published.updated, Message("edition.hint_update"))
    names = {p.start_no: p.name for p in tournament.players}
    notes = []
    if published.kind == "swissperfect":
        notes.append("a SwissPerfect export publishes no tie-break values: only points are compared")
    return Source(path, published.kind, tournament, columns, dict(published.ranks), dict(published.points), names,
                  date_hint=hint, notes=notes,
                  rank_codes=tuple(c.code for c in columns if c.code and c.code != "PTS"))


def _trf_source(path: str, data: bytes, user: list[str] | None, event_type: str | None) -> Source:
    event, kind = read_event(path, event_type, data=data)
    team = event.is_team
    participants = event.participants
    ranks = {p.start_no: p.declared_rank for p in participants if p.declared_rank}  # 0: none
    if not ranks and kind.startswith("xltb workbook"):
        raise InputError("an xltb workbook publishes no ranks of another program (its Standings sheet is xltb's own "
                         "functions): nothing to check; give a check JSON whose \"event\" is the workbook to compare "
                         "figures published elsewhere", file=path)
    if not ranks:
        raise InputError("the file has no rank column (TRF columns 86-89): nothing to check", file=path)
    notes = []
    if user:
        codes = tuple(c for c in user if c != "-")
        notes.append("tie-break list given with --tiebreaks")
    elif (own := file_tiebreaks(event)) is not None:
        codes = tuple(s.code for s in own)
        notes.append("tie-break list of the file (TRF 212/202)")
    else:
        codes = tuple(s.code for s in parse_list(default_list(event.event_type, team)))
    points = {p.start_no: getattr(p, "declared_points", None) for p in participants}
    names = {p.start_no: p.name for p in participants}
    candidates = () if user or file_tiebreaks(event) is not None else \
        tuple(dict.fromkeys([codes] + [c for c in RANK_CANDIDATES[team, event.event_type.predetermined]]))
    return Source(path, "trf", event, [], ranks, points, names, team=team, notes=notes, rank_codes=codes,
                  rank_candidates=candidates)


#: lists pairing programs commonly rank with, tried when a TRF file names none (team?, round robin?)
RANK_CANDIDATES: dict[tuple[bool, bool], tuple[tuple[str, ...], ...]] = {
    (False, False): (("BH/C1", "BH", "SB", "DE", "WIN"), ("BH/C1", "BH", "ARO/C1", "DE"), ("BH/C1", "BH", "SB"),
                     ("BH", "BH/C1", "SB"), ("BH/M1", "BH", "SB"), ("BH/C2", "BH/C1", "BH", "SB"),
                     ("DE", "BH/C1", "BH", "SB"), ("BH/C1", "BH", "PS"), ("PS", "BH/C1", "BH"), ("SB", "BH", "PS"),
                     ("BH", "SB", "PS"), ("ARO/C1", "BH/C1", "BH")),
    (False, True): (("DE", "WIN", "SB", "KS"), ("SB", "DE", "WIN"), ("DE", "SB", "KS"), ("SB", "KS", "DE"),
                    ("DE", "SB", "WIN")),
    (True, False): (("EDE", "EMGSB/C1", "BH:MP/C1", "MPvGP"), ("BH:MP/C1", "BH:MP", "MPvGP"),
                    ("MPvGP", "BH:MP/C1", "BH:MP")),
    (True, True): (("EDE", "MPvGP", "EMGSB"), ("MPvGP", "EDE", "EMGSB")),
}


def _json_source(path: str, data: bytes, user: list[str] | None, event_path: str | None) -> Source:
    doc, rows, codes, event_doc, text = _json_document(path, data)
    valid_json(doc, rows, codes, event_doc, path, text)
    event, target = _json_event(path, event_doc, event_path)
    team = event.is_team
    _same_participants(rows, event.participants, path, target)
    options = doc.get("options") if isinstance(doc.get("options"), dict) else {}
    unrated = _unrated_option(options.get("unrated_rating"), path)
    if team:
        try:  # imported here: a probe for the optional team engine, not a dependency of the checker
            import xltb.ranking.team  # noqa: F401
        except ImportError:
            raise InputError("this is a team event and the team engine is not installed", file=path) from None
    if user is not None:
        given = [c for c in user]
        if len(given) != len(codes):
            raise InputError(f"--tiebreaks has {len(given)} codes, the JSON {len(codes)} columns", file=path)
    else:
        given = codes
    columns = _json_columns(rows, codes, given, unrated)
    ranks, points, names = {}, {}, {}
    for row in rows:
        ranks[row["start_no"]] = row["rank"]
        points[row["start_no"]] = None if (published := row.get("points")) is None else Fraction(published)
        names[row["start_no"]] = row.get("name") or ""  # null: no name (as a missing one)
    return Source(path, "xltb-json", event, columns, ranks, points, names, team=team, rules=doc.get("rules"),
                  notes=[f"event recomputed from {target}"], rank_codes=tuple(c for c in given if c != "-"))


def _json_document(path: str, data: bytes) -> tuple[Any, list[StandingsRow], list[str], Any, str]:
    """(the document, its rows, its codes, its event object, its text) of a standings JSON, its size within the
    limit and its shape that of an object with "standings" and "tiebreaks" (the fields are checked after)."""
    items = data.count(b",") + data.count(b"{") + data.count(b"[")  # at least the values, objects, lists it holds
    if items > json_items_limit():
        raise InputError(f"the JSON holds up to {items:,} values, objects and lists: more than the limit of "
                         f"{json_items_limit():,} (a standings JSON of {limits.MAX_PARTICIPANTS:,} participants)",
                         file=path)
    try:
        text = data.decode("utf-8-sig")
        doc = json.loads(text)
        rows: list[StandingsRow] = doc["standings"]  # as valid_json checks below
        codes = list(doc["tiebreaks"])
        event_doc = doc.get("event") or {}
    except RecursionError:
        raise InputError("not an xltb standings JSON: nested deeper than a standings JSON is (lists in lists in "
                         "lists ...)", file=path) from None
    except UnicodeDecodeError:
        raise InputError("not an xltb standings JSON: not UTF-8 text", file=path) from None
    except json.JSONDecodeError as err:
        raise InputError(f"not an xltb standings JSON: not JSON from line {err.lineno}, column {err.colno}", file=path,
                         line=err.lineno) from None
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        missing = f"it has no {err.args[0]!r}" if isinstance(err, KeyError) and err.args else \
            "its \"standings\" or \"tiebreaks\" is not a list"
        raise InputError(f"not an xltb standings JSON: {missing} (an object with \"event\", \"tiebreaks\" and "
                         "\"standings\", as 'xltb standings -f json' writes it)", file=path) from None
    return doc, rows, codes, event_doc, text


def _json_event(path: str, event_doc: Any, event_path: str | None) -> tuple[Event, str]:
    """The event a standings JSON was computed from (``--event``, else the file its "source" names next to it),
    cut after the JSON's round, and the path it was read from."""
    target = event_path
    if not target:
        src = event_doc.get("source")
        if not src:
            raise InputError("the JSON does not name its event file: give --event FILE", file=path)
        target = os.path.join(os.path.dirname(os.path.abspath(path)), src)
        if not os.path.isfile(target):
            raise InputError(f"the event file {src!r} named by the JSON is not next to it: give --event FILE",
                             file=path)
    event = read_event(target, event_doc.get("type") or None)[0]
    rounds = event_doc.get("rounds")
    if isinstance(rounds, int) and not isinstance(rounds, bool) and 0 < rounds < event.rounds:
        event = after_round(event, rounds)  # written with --after-round: recomputed after the same round
    return event, target


def _unrated_option(unrated: Any, path: str) -> int | None:
    """The JSON's options.unrated_rating: a whole number, or none."""
    if unrated is not None and (isinstance(unrated, bool) or not isinstance(unrated, (int, float))
                                or unrated != int(unrated)):
        raise InputError(f"options.unrated_rating {unrated!r} is not a whole number", file=path)
    return None if unrated is None else int(unrated)


def _json_columns(rows: list[StandingsRow], codes: list[str], given: list[str], unrated: int | None) -> list[Column]:
    """The JSON's tie-break columns, each compared under the code given for it (``-``: skipped)."""
    columns = []
    for i, code in enumerate(codes):
        values, texts = {}, {}
        for row in rows:
            v = row["tiebreaks"].get(code)
            values[row["start_no"]] = None if v is None else Fraction(v)
            texts[row["start_no"]] = "" if v is None else repr(v)
        chosen = None if given[i] == "-" else given[i]
        columns.append(Column(code, code, values, texts, None, (chosen,) if chosen else (), chosen,
                              comparable=chosen is not None,
                              note="" if chosen else "skipped", unrated_rating=unrated))
    return columns


def _same_participants(rows: list[StandingsRow], participants: Iterable[Player | Team], path: str, target: str) -> None:
    """The JSON's rows must be the event's participants (same numbers, same names): a JSON checked
    against another event is an input error, not a list of differences."""
    try:
        listed = {int(row["start_no"]): str(row.get("name", "") or "") for row in rows}
    except (KeyError, TypeError, ValueError, AttributeError):
        raise InputError("not an xltb standings JSON (a row without start_no)", file=path) from None
    present = {p.start_no: p.name for p in participants}
    event = os.path.basename(target)
    if set(listed) != set(present):
        extra = sorted(set(listed) - set(present))
        missing = sorted(set(present) - set(listed))
        parts = []
        if extra:
            parts.append("numbers not in the event: " + ", ".join(map(str, extra[:5]))
                         + (" ..." if len(extra) > 5 else ""))
        if missing:
            parts.append("event participants not in the JSON: " + ", ".join(map(str, missing[:5]))
                         + (" ..." if len(missing) > 5 else ""))
        raise InputError(f"the JSON's participants ({len(listed)}) do not match the event {event} "
                         f"({len(present)}): {'; '.join(parts)}; is --event the file the JSON was computed from?",
                         file=path)
    for no, name in sorted(listed.items()):
        if name and present[no] and name.strip().casefold() != present[no].strip().casefold():
            raise InputError(f"the JSON's participants do not match the event {event}: #{no} is {name!r} in the "
                             f"JSON, {present[no]!r} in the event; is --event the file the JSON was computed from?",
                             file=path)

