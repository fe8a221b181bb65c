"""Reading an event file whatever its kind: TRF-16 / TRF-2026 (individual or team), a
chess-results crosstable export or a SwissPerfect export (CSV). One place decides, from the
content rather than the name, which reader applies."""

from __future__ import annotations

import os

from .._gc import paused
from ..errors import InputError
from ..model import EventType
from .text import encoding_note, errors_located, read_text

EXPECTED_INPUT = ("a TRF-16 or TRF-2026 file (player lines starting with 001), a chess-results crosstable "
                  "export (';'-separated, a header like 'Rk.;;Name;Rtg;FED;1.Rd;...') or a SwissPerfect export "
                  "(TAB-separated, a header like 'No<TAB>Name<TAB>...<TAB>1<TAB>2')")


def _has_team_records(text: str) -> bool:
    """A line starting with 013 (TRF-16) or 310 (TRF-2026) team records (a plain substring search:
    a regular expression over a large file costs milliseconds)."""
    return text.startswith(("013", "310")) or "\n013" in text or "\n310" in text


TRF = "TRF"
TRF_TEAM = "TRF, team event"
KIND_LABELS = {"chess-results": "chess-results crosstable export (CSV)", "swissperfect": "SwissPerfect export"}


def read_event(path: str | os.PathLike, event_type: EventType | str | None = None, primary: str | None = None):
    """(event, kind): a :class:`~xltb.model.Tournament` or :class:`~xltb.model.team.TeamTournament`,
    and what the file was read as. Errors name the file and line."""
    etype = EventType(event_type) if isinstance(event_type, str) else event_type
    text, encoding = read_text(path)
    head = text.split("\n", 400)[:400]
    with errors_located(path), paused():
        if any(line.startswith("001 ") or line.rstrip() == "001" for line in head):
            if _has_team_records(text):
                from ..model.team import TeamTournament
                from .trf_team import parse_team_trf

                event = parse_team_trf(text, source=str(path), event_type=etype, primary=primary)
                kind = TRF_TEAM if isinstance(event, TeamTournament) else TRF
            else:
                from .trf import parse_trf

                event, kind = parse_trf(text, source=str(path), event_type=etype), TRF
        else:
            from .exports import detect_csv_kind, parse_csv_export

            found = detect_csv_kind(text)
            if found is None:
                raise InputError("not an event file: expected " + EXPECTED_INPUT)
            event, _ = parse_csv_export(text, source=str(path), event_type=etype)
            kind = KIND_LABELS.get(found, found)
    note = encoding_note(encoding)
    return (event._replace(warnings=event.warnings + note) if note else event), kind
