"""What a TRF's records other than the players' lines say, as the reader gathers them: the event's description
(012 ... 172) in :class:`TrfHeader`, the scoring, tie-break lists, byes, 299 records and plans in
:class:`Records` (TRF-16 and TRF-2026, individual events; :mod:`xltb.readers.trf` reads the lines)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from ..errors import InputError
from ..limits import MAX_ROUNDS
from ..messages import Message, Text
from . import trf_plans, trf_records
from .numbers import ascii_int

_TEAM_RECORDS = {"013", "310", "320", "330", "300", "352", "362", "801", "802"}


class TrfHeader:
    """What the header records say (informative; counts are not trusted). Filled in as the
    records are read."""

    __slots__ = ("name", "city", "federation", "start_date", "end_date", "type_text", "type_code", "chief_arbiter",
                 "rounds_declared", "tiebreaks_202", "tiebreaks_212", "line_202", "line_212", "team_records",
                 "warnings", "methods", "national", "unknown", "round_dates", "deputies", "time_control")

    def __init__(self) -> None:
        self.name = self.city = self.federation = self.type_text = self.type_code = self.chief_arbiter = ""
        self.start_date: date | None = None
        self.end_date: date | None = None
        self.rounds_declared: int | None = None
        self.tiebreaks_202: tuple[str, ...] = ()
        self.tiebreaks_212: tuple[str, ...] = ()
        self.line_202: int | None = None
        self.line_212: int | None = None
        self.team_records = False
        self.warnings: list[Text] = []
        self.methods: dict[str, str] = {}  # TRF-2026 172: federation -> rating method
        self.national: list[tuple[int, str]] = []  # TRF-2026 NRS records: (line number, line)
        self.unknown: dict[str, list[int]] = {}  # records xltb does not know: tag -> line numbers
        self.round_dates: tuple[str, ...] = ()  # 132: each round's date as written
        self.deputies: list[str] = []  # 112, one record each
        self.time_control = ""  # 122


class Records:
    """What the records after the header's texts gather as a file is read, for the event's building."""

    __slots__ = ("scoring_fields", "byes_240", "records_299", "plans")

    def __init__(self) -> None:
        self.scoring_fields: dict[str, Fraction] = {}  # 162, XXS, BB*: the points of each result
        self.byes_240: list[tuple[int, str, int, list[int]]] = []  # 240: the byes requested
        self.records_299: list[tuple[int, str]] = []  # 299: (line number, line)
        self.plans = trf_plans.PlanLines()  # the rounds to come: 152, XXC, 250, XXA, XXZ


def describing(header: TrfHeader, tag: str, body: str, line: str, number: int) -> bool:
    """A record that describes the event (012 ... 172) into the header; False: not one of them."""
    if tag == "012":
        header.name = body
    elif tag == "022":
        header.city = body
    elif tag == "032":
        header.federation = body
    elif tag == "042":
        header.start_date = trf_records.read_date(body, header, "042")
    elif tag == "052":
        header.end_date = trf_records.read_date(body, header, "052")
    elif tag == "092":
        header.type_text = body
    elif tag == "192":
        header.type_code = body.upper()
    elif tag == "102":
        header.chief_arbiter = body
    elif tag == "112":
        if body:
            header.deputies.append(body)
    elif tag == "122":
        header.time_control = body
    elif tag in ("142", "XXR"):
        try:
            header.rounds_declared = ascii_int(body.split()[0])
        except (ValueError, IndexError):
            header.warnings.append(Message("warn.rounds_unreadable", line=number, tag=tag, text=repr(body)))
        if header.rounds_declared is not None and header.rounds_declared > MAX_ROUNDS:  # issue 32: a template
            raise InputError(f"{tag}: {header.rounds_declared:,} rounds planned: more than the limit of "  # laid out
                             f"{MAX_ROUNDS:,}", line=number)  # a column for each of them
    elif tag == "132":
        header.round_dates = trf_records.round_dates(line)
    elif tag == "172":
        trf_records.rating_method(line, number, header.methods, header.warnings)
    else:
        return False
    return True


def record(header: TrfHeader, records: Records, tag: str, body: str, line: str, number: int, source: str) -> None:
    """A record that is not a player's nor the event's description: scoring, tie-break lists, byes, plans, team
    records, national records and those xltb does not know."""
    if tag == "162":
        trf_records.scoring_162(line, number, source, records.scoring_fields)
    elif tag == "XXS":
        trf_records.scoring_xxs(body, number, source, records.scoring_fields)
    elif tag in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
        trf_records.scoring_bbp(tag, body, number, source, records.scoring_fields)
    elif tag == "202":
        header.tiebreaks_202 = trf_records.tb_list(body)
        header.line_202 = number
    elif tag == "212":
        header.tiebreaks_212 = trf_records.tb_list(body)
        header.line_212 = number
    elif tag == "240":
        records.byes_240.append(trf_records.bye_240(line, number, source))
    elif tag == "299":
        records.records_299.append((number, line))
    elif tag in _TEAM_RECORDS:
        header.team_records = True
    elif records.plans.take(tag, line, number, source):
        pass  # the rounds to come: 152, XXC, 250, XXA, XXZ
    elif tag in trf_records.NOT_NEEDED:
        pass  # informative or pairing-only records (062 ... 250 acceleration, XXA, XXZ, DAT, ###)
    elif trf_records.national_line(tag, line):
        header.national.append((number, line))
    else:
        header.unknown.setdefault(tag, []).append(number)


__all__ = ["Records", "TrfHeader", "describing", "record"]
