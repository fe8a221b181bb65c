"""Reading an event file whatever its kind: TRF-16 / TRF-2026 (individual or team), a
chess-results crosstable export or a SwissPerfect export (CSV), or one of xltb's own workbooks
(.xlsx, .xlsm, .ods). One place decides, from the content rather than the name, which reader
applies: the first of :data:`READERS` whose ``detect`` says yes. Each text reader module has
``detect(text) -> bool`` and ``read(text, source, *, event_type=None, primary=None)``; the workbook
reader (:mod:`xltb.books.workbook`), asked first, ``detect(first bytes) -> bool`` and
``read(path, *, event_type=None, primary=None) -> (event, kind)``: a workbook is a zip package,
not text."""

from __future__ import annotations

import os
import re
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple, Sequence, TypeVar

from .. import limits
from .._gc import paused
from ..errors import InputError
from ..limits import MAX_ROUNDS
from ..model import EventType, Tournament
from ..model.event import Event
from .text import decode, encoding_note, errors_located, read_bytes
from .trf import has_team_records

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import TeamTournament
    from .published import Published

_E = TypeVar("_E", Tournament, "TeamTournament")

EXPECTED_INPUT = ("a TRF-16 or TRF-2026 file (player lines starting with 001), a chess-results crosstable "
                  "export (';'-separated, a header like 'Rk.;;Name;Rtg;FED;1.Rd;...'), a SwissPerfect export "
                  "(TAB-separated, a header like 'No<TAB>Name<TAB>...<TAB>1<TAB>2') or an xltb workbook (.xlsx, "
                  ".xlsm, .ods)")

#: the reader modules (of this package) in the order they are asked: a team TRF file is a TRF file
#: too; chess-results declines when a SwissPerfect header comes first. A module is imported when it
#: is first asked (the export readers use dataclasses and a dozen regular expressions, which
#: ``xltb standings`` on a TRF file should not pay for at start-up).
#: the longest line an event file within the limits may have: a TRF player line of MAX_ROUNDS rounds
#: (10 characters each after column 90), with room for the longest export cells
MAX_LINE_CHARS = 100 + 20 * MAX_ROUNDS

READERS = ("workbook", "trf_team", "trf", "chessresults", "swissperfect")
#: individual events only (a team TRF file: the individual event of its players)
INDIVIDUAL_READERS = ("trf", "chessresults", "swissperfect")
#: TRF files and workbooks (a team event, or an individual one when there are no team records)
TEAM_READERS = ("workbook", "trf_team", "trf")
#: the first bytes of a zip package (.xlsx, .xlsm, .ods): xltb.books.workbook.ZIP_MAGIC
ZIP_MAGIC = b"PK\x03\x04"
#: the readers of files that are not text (asked on the file's first bytes, before it is read as text)
BINARY = ("workbook",)
#: the readers of exports that publish standings next to the results (``xltb check``)
EXPORTS = ("chessresults", "swissperfect")

TRF = "TRF"
TRF_TEAM = "TRF, team event"
KIND_LABELS = {"chessresults": "chess-results crosstable export (CSV)", "swissperfect": "SwissPerfect export"}


#: a cheap test before a reader module is imported: the team TRF reader imports the team model (and
#: with it dataclasses), which ``xltb standings`` on an individual file should not load
_MAY_APPLY = {"trf_team": has_team_records}


def _reader_for(text: str, readers: Sequence[str]) -> tuple[str, ModuleType] | tuple[None, None]:
    """(name, module) of the first reader whose ``detect`` says yes, or (None, None)."""
    for name in readers:
        if name in BINARY:
            continue
        if name in _MAY_APPLY and not _MAY_APPLY[name](text):
            continue
        module = import_module(f"{__package__}.{name}")
        if module.detect(text):
            return name, module
    return None, None


def read_event(path: str | os.PathLike[str], event_type: EventType | str | None = None, primary: str | None = None, *,
               readers: Sequence[str] = READERS, data: bytes | None = None) -> tuple[Event, str]:
    """(event, kind): a :class:`~xltb.model.Tournament` or :class:`~xltb.model.team.TeamTournament`,
    and what the file was read as. Errors name the file and line. ``readers`` narrows the choice
    (e.g. individual readers only)."""
    event, kind, _ = read_event_published(path, event_type, primary, readers=readers, data=data)
    return event, kind


class EventFile(NamedTuple):
    """What one reading of an event file gives: the event, the kind of file and what an export published
    beside the results; what :func:`xltb.decide.decide` decides on."""

    event: Event
    """The event as read."""

    kind: str
    """What the file was read as (``TRF-16``, ``chess-results``, ...: :data:`KIND_LABELS`)."""

    published: Published | None
    """An export's legend, columns, ranks and date (None for a TRF file or a workbook)."""


def read_event_published(path: str | os.PathLike[str], event_type: EventType | str | None = None,
                         primary: str | None = None, *, readers: Sequence[str] = READERS,
                         data: bytes | None = None) -> EventFile:
    """:func:`read_event`, and what an export published beside the results (its
    :class:`~xltb.readers.published.Published`; None for a TRF file), from one reading of the file.
    ``data``: the file's bytes, already read (:func:`~xltb.readers.text.read_bytes`: a pipe is read once)."""
    etype = EventType(event_type) if isinstance(event_type, str) else event_type
    if data is None:
        data = read_bytes(path)  # once: a FIFO or <(command) cannot be opened a second time
    if "workbook" in readers and data[:4] == ZIP_MAGIC:
        from ..books import workbook

        event, kind = workbook.read(path, event_type=etype, primary=primary, data=data)
        with errors_located(path):
            within_limits(event)
        return EventFile(event, kind, None)
    text, encoding = decode(data, str(path))
    with errors_located(path), paused():
        check_lines(text)
        name, reader = _reader_for(text, readers)
        if name is None or reader is None:
            raise InputError("not an event file: expected " + EXPECTED_INPUT)
        check_rows(text, name)
        if name in EXPORTS:
            event, published = reader.parse(text, str(path), event_type=etype)
        else:
            event, published = reader.read(text, str(path), event_type=etype, primary=primary), None
        within_limits(event)
    if name in KIND_LABELS:
        kind = KIND_LABELS[name]
    else:
        kind = TRF_TEAM if event.is_team else TRF  # the team reader may find no team matches
    return EventFile(_noted(event, encoding), kind, published)


def check_lines(text: str) -> None:
    """Refuse, before any parsing, a line too long for an event within :data:`MAX_ROUNDS` rounds (one
    TRF line of 200,000 rounds would otherwise take seconds and gigabytes)."""
    if len(text) <= MAX_LINE_CHARS:
        return
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE_CHARS:
            raise InputError(f"the line has {len(line):,} characters, more than the {MAX_LINE_CHARS:,} a line of an "
                             f"event within the limit of {MAX_ROUNDS:,} rounds may have", line=number)


#: the lines of a file that may each describe a participant, by reader: TRF player lines (001) and team
#: lines (013, 310), a row of an export (it starts with the rank or the number)
_ROWS = {"trf": ((re.compile(r"^001", re.M), "player lines (001)"),),
         "trf_team": ((re.compile(r"^001", re.M), "player lines (001)"),
                      (re.compile(r"^(?:013|310)", re.M), "team lines (013, 310)")),
         "chessresults": ((re.compile(r"^[ \t]{0,3}\d", re.M), "rows of participants"),),
         "swissperfect": ((re.compile(r"^[ \t]{0,3}\d", re.M), "rows of participants"),)}


def check_rows(text: str, reader: str) -> None:
    """Refuse, before any parsing, a file with more lines that may describe a participant than the limit
    of participants (each is one line in every format): the limit is enforced before the work."""
    for pattern, what in _ROWS.get(reader, ()):
        n = sum(1 for _ in pattern.finditer(text))
        if n > limits.MAX_PARTICIPANTS:
            raise InputError(f"the file has {n:,} {what}: more than the limit of {limits.MAX_PARTICIPANTS:,} "
                             "participants")


def within_limits(event: Event) -> None:
    """Refuse an event with more participants or rounds than xltb computes (docs/limits.md)."""
    participants = len(event.participants)
    if participants > limits.MAX_PARTICIPANTS:
        raise InputError(f"{participants:,} participants: more than the limit of {limits.MAX_PARTICIPANTS:,}")
    if event.rounds > MAX_ROUNDS:
        raise InputError(f"{event.rounds:,} rounds: more than the limit of {MAX_ROUNDS:,}")


def read_published(path: str | os.PathLike[str], event_type: EventType | None = None, *,
                   data: bytes | None = None) -> tuple[Tournament, Published] | None:
    """(tournament, what the export published) of a chess-results or SwissPerfect export; None when
    the file cannot be read or is not such an export (a ``tuple[Tournament, Published]`` or None).
    Errors name the file and line. ``data``: the file's bytes, already read."""
    try:
        text, encoding = decode(read_bytes(path) if data is None else data, str(path))
    except InputError:
        return None  # not an export: the caller's other reader reports the problem
    name, reader = _reader_for(text, EXPORTS)
    if name is None or reader is None:
        return None
    with errors_located(path):
        check_lines(text)
        check_rows(text, name)
        tournament, published = reader.parse(text, str(path), event_type=event_type)
        within_limits(tournament)
    return _noted(tournament, encoding), published


def _noted(event: _E, encoding: str) -> _E:
    """The event with the warning for a file that was not UTF-8."""
    note = encoding_note(encoding)
    return event._replace(warnings=event.warnings + note) if note else event
