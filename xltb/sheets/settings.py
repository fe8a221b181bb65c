"""The Settings sheet: the event's provisions, one named cell each.

=================  =====================================================================
name               meaning (blank = default)
=================  =====================================================================
``EventName``      the event's name (for headings)
``EventType``      ``Swiss`` (default), ``Round robin``, ``Double round robin``, ``Team Swiss``,
                   ``Team round robin``
``StartDate``      first day; chooses the edition of C.07 in force (newest when blank)
``Edition``        C.07 edition (``2012``, ``2023-09``, ``2024-04``, ``2024-08``, ``2026-03``) to
                   override the date
``Tiebreaks``      the tie-break list, e.g. ``BH/C1,BH,SB,DE,WIN`` (default: by event type)
``UnratedRating``  rating used for unrated players in ARO, TPR, ... (C.07 10)
``PointsWin``      points for a win (1), ``PointsDraw`` (1/2), ``PointsLoss`` (0)
``PointsPAB``      points for a pairing-allocated bye (a win's, C.04 1.4)
``Lots``           seed for the drawing of lots that breaks ties left after the list
``Language``       the language of the printed words (``de``; blank: English): the prize list's
                   reasons (``TB_PRIZES``) and ``xltb export`` of the workbook without ``--lang``
=================  =====================================================================

The rating report's rows (:data:`REPORT_FIELDS`, last in every template): ``City``, ``Federation``,
``EndDate``, ``ChiefArbiter``, ``DeputyArbiters`` (``;`` between two), ``TimeControl``, ``RoundDates``
(``2026-02-05, 2026-02-06, ...``): TRF 022, 032, 052, 102, 112, 122, 132.

Team events (:data:`TEAM_FIELDS`, shown in team templates) add ``MatchWin``/``MatchDraw``/
``MatchLoss`` (match points, TRF 362; 2/1/0), ``PrimaryScore`` (``MP`` or ``GP``, TRF 192),
``PABMatchPoints`` and ``PABGamePoints`` (a team's pairing-allocated bye, TRF 320; default a
draw's MP and a drawn match's GP, C.04.6 1.4.1), ``Boards`` (team size, TRF 352; blank: the most
boards fielded) and ``BoardColours`` (colours of team A's boards, ``WB``: white on odd boards).

Workbooks keep them as named cells (``=Settings!B5`` is ``Tiebreaks``) and as a two-column
block named ``Settings`` (key, value) that the functions read in one go, or that value-only
hosts pass as an argument.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..errors import InputError
from ..limits import MAX_BOARDS, MAX_POINTS
from ..model import EventType, Scoring
from ..rules import parse_edition
from .cellread import setting_number, setting_text, setting_whole
from .pairing_settings import PAIRING_FIELDS, PairingSettings, parse_pairing

#: setting -> (default shown in the template, help text)
FIELDS: dict[str, tuple[Any, str]] = {
    "EventName": ("", "The event's name (headings and printouts)."),
    "EventType": ("Swiss", "Swiss, Round robin, Double round robin (team events: Team Swiss, Team round robin)."),
    "StartDate": (None, "First day of the event: chooses the edition of FIDE C.07 in force. Blank: newest edition."),
    "Edition": ("", "C.07 edition to apply instead of the one in force on the start date: "
                    "2012, 2023-09, 2024-04, 2024-08 or 2026-03."),
    "Tiebreaks": ("BH/C1,BH,SB,DE,WIN", "Tie-break list in order, comma-separated TRF-2026 codes "
                                        "(BH/C1,BH,SB,DE,WIN). Blank: the default for the event type."),
    "UnratedRating": (None, "Rating used for unrated players in rating-based tie-breaks (C.07 10). "
                            "Blank: such tie-breaks are refused when an unrated player is present."),
    "PointsWin": (1, "Points for a win."),
    "PointsDraw": (0.5, "Points for a draw."),
    "PointsLoss": (0, "Points for a loss."),
    "PointsPAB": (None, "Points for a pairing-allocated bye. Blank: a win's points (C.04 1.4)."),
    "Lots": (None, "Seed of the drawing of lots for ties left after the whole list. Blank: shared places."),
    "Language": ("", "Language of the printed words (the prize list here; xltb export of this workbook): en, de, fr, "
                     "it or es. Blank: English."),
}

#: the settings of team events (after the common ones; PointsWin/Draw/Loss are the game points)
TEAM_FIELDS: dict[str, tuple[Any, str]] = {
    "MatchWin": (2, "Match points for a won match (TRF 362)."),
    "MatchDraw": (1, "Match points for a drawn match."),
    "MatchLoss": (0, "Match points for a lost match."),
    "PrimaryScore": ("MP", "MP (match points) or GP (game points): the score teams are ranked by first (TRF 192)."),
    "PABMatchPoints": (None, "Match points of a team's pairing-allocated bye. Blank: a draw's (C.04.6 1.4.1)."),
    "PABGamePoints": (None, "Game points of a team's pairing-allocated bye. Blank: a drawn match's."),
    "Boards": (None, "Boards per match (team size, TRF 352). Blank: the most boards a team fielded."),
    "BoardColours": ("WB", "Colours of team A's boards from board 1, repeated (WB: white on boards 1, 3, ...)."),
}

#: what FIDE's rating report needs beside the fields above (TRF 022 032 052 102 112 122 132; 012 is EventName,
#: 042 StartDate, 092 EventType): the last rows of every template, written by ``xltb trf`` of the workbook
REPORT_FIELDS: dict[str, tuple[Any, str]] = {
    "City": ("", "Where the event is played (rating report, TRF 022)."),
    "Federation": ("", "The organising federation, three letters (rating report, TRF 032)."),
    "EndDate": (None, "Last day of the event (rating report, TRF 052)."),
    "ChiefArbiter": ("", "The chief arbiter: name and FIDE number (rating report, TRF 102)."),
    "DeputyArbiters": ("", "The deputy chief arbiters, separated by ; (rating report, TRF 112)."),
    "TimeControl": ("", "The time control, e.g. 90'/40+30'+30\" (rating report, TRF 122)."),
    "RoundDates": ("", "Each round's date in order, separated by commas: 2026-02-05, 2026-02-06, ... "
                       "(rating report, TRF 132)."),
}
#: the rating report's settings it cannot go without: an empty one is a warning of ``xltb trf``
REPORT_REQUIRED = ("City", "Federation", "StartDate", "EndDate", "ChiefArbiter", "TimeControl", "RoundDates")

#: every setting a workbook may name
ALL_FIELDS: dict[str, tuple[Any, str]] = {**FIELDS, **TEAM_FIELDS, **PAIRING_FIELDS, **REPORT_FIELDS}

_EVENT_TYPES = {
    "swiss": EventType.SWISS, "individualswiss": EventType.SWISS, "swisssystem": EventType.SWISS,
    "roundrobin": EventType.ROUND_ROBIN, "rr": EventType.ROUND_ROBIN,
    "doubleroundrobin": EventType.DOUBLE_ROUND_ROBIN, "drr": EventType.DOUBLE_ROUND_ROBIN,
}
TEAM_TYPES = {"teamswiss": EventType.SWISS, "teamroundrobin": EventType.ROUND_ROBIN,
              "teamdoubleroundrobin": EventType.DOUBLE_ROUND_ROBIN}


@dataclass(frozen=True)
class EventSettings:
    name: str = ""
    event_type: EventType = EventType.SWISS
    team: bool = False
    start_date: date | None = None
    edition: str | None = None
    tiebreaks: str | None = None
    unrated_rating: int | None = None
    scoring: Scoring = Scoring()
    lots: int | None = None
    language: str = ""  # Settings Language: the printed words' (en, de, fr, it, es; blank: English)
    # team events
    match_points: tuple[Fraction, Fraction, Fraction] = (Fraction(2), Fraction(1), Fraction(0))
    primary: str | None = None
    pab_points: tuple[Fraction | None, Fraction | None] = (None, None)
    boards: int | None = None
    board_colours: str = ""
    # pairing (individual events; xltb.sheets.pairing_settings)
    pairing: PairingSettings = PairingSettings()
    # the rating report (REPORT_FIELDS)
    city: str = ""
    federation: str = ""
    end_date: date | None = None
    chief_arbiter: str = ""
    deputies: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[str, ...] = ()  # as TRF 132 writes them (YY/MM/DD)


def round_dates_text(dates: tuple[str, ...]) -> str:
    """TRF 132's dates (``26/02/05``) as the Settings sheet shows them (``2026-02-05``, comma-separated);
    a date written otherwise stays as written."""
    return ", ".join(f"20{m[1]}-{m[2]}-{m[3]}" if (m := re.fullmatch(r"(\d\d)/(\d\d)/(\d\d)", d.strip())) else d.strip()
                     for d in dates)


def _round_dates(value: Any) -> tuple[str, ...]:
    """The Settings sheet's RoundDates as TRF 132 writes them (``2026-02-05`` -> ``26/02/05``)."""
    if isinstance(value, (date, datetime)):
        value = value.isoformat()[:10]
    out = []
    for part in re.split(r"[,;]", setting_text(value)):
        part = part.strip()
        if m := re.fullmatch(r"\d\d(\d\d)-(\d\d)-(\d\d)", part):
            part = f"{m[1]}/{m[2]}/{m[3]}"
        if part:
            out.append(part[:8])
    return tuple(out)


def _points(key: str, value: Any) -> Fraction | None:
    """Points of a result: a number from -MAX_POINTS to MAX_POINTS."""
    number = setting_number(key, value)
    if number is not None and not -MAX_POINTS <= number <= MAX_POINTS:
        raise InputError(f"Settings {key}: {value!r} is beyond the limit of {MAX_POINTS:,} points for a result")
    return number


#: the last day a spreadsheet's date serial may be (Excel's 9999-12-31) and the day before its first
_LAST_SERIAL = 2958465
_EPOCH = date(1899, 12, 30)


def _date(value: Any) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, bool):
        raise InputError("Settings StartDate: TRUE or FALSE is not a date (write 2024-10-24)")
    if isinstance(value, (int, float)):  # an Excel serial number (value-only hosts)
        if not 1 <= value <= _LAST_SERIAL:  # infinity and NaN too
            raise InputError(f"Settings StartDate: {value!r} is not a date (a spreadsheet's dates are the numbers 1 "
                             f"to {_LAST_SERIAL:,}, 1900-01-01 to 9999-12-31; write 2024-10-24)")
        return _EPOCH + timedelta(days=int(value))
    text = str(value).strip()
    try:
        m = re.fullmatch(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})(?:[ T].*)?", text)
        if m:
            return date(int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})", text)
        if m:  # day first (DD.MM.YYYY), unless the middle number cannot be a month
            a, b, y = int(m[1]), int(m[2]), int(m[3])
            return date(y, a, b) if b > 12 else date(y, b, a)
    except ValueError:
        pass
    raise InputError(f"Settings StartDate: cannot read {value!r} as a date (write 2024-10-24)")


def date_readings(value: Any) -> tuple[date, date] | None:
    """(the date read, the other reading) of a text date whose first two numbers could each be the day or
    the month (``05/02/2026``: read day first as 2026-02-05, month first 2026-05-02); None for any other
    value (a date cell, ``2026-02-05``, ``13/02/2026``, the same day either way)."""
    if not isinstance(value, str):
        return None
    m = re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})", value.strip())
    if m is None or int(m[1]) == int(m[2]) or int(m[1]) > 12 or int(m[2]) > 12:
        return None
    try:
        return _date(value) or date.min, date(int(m[3]), int(m[1]), int(m[2]))
    except (ValueError, InputError):
        return None


def settings_from_pairs(rows: Sequence[Sequence[Any]] | None) -> dict[str, Any]:
    """A (key, value) block -> dict; unknown keys and header rows are ignored."""
    out: dict[str, Any] = {}
    lower = {k.lower(): k for k in ALL_FIELDS}
    for row in rows or ():
        if not row or len(row) < 2:
            continue
        key = lower.get(setting_text(row[0]).replace(" ", "").lower())
        if key:
            out[key] = row[1]
    return out


def parse_settings(values: Mapping[str, Any]) -> EventSettings:
    """Named-cell values -> :class:`EventSettings` (errors name the setting)."""
    kind = setting_text(values.get("EventType")).lower().replace(" ", "").replace("-", "").replace("_", "")
    team = False
    if not kind:
        event_type = EventType.SWISS
    elif kind in _EVENT_TYPES:
        event_type = _EVENT_TYPES[kind]
    elif kind in TEAM_TYPES:
        event_type, team = TEAM_TYPES[kind], True
    else:
        raise InputError(f"Settings EventType: {values.get('EventType')!r} is not one of Swiss, Round robin, "
                         "Double round robin, Team Swiss, Team round robin")
    win = _points("PointsWin", values.get("PointsWin"))
    draw = _points("PointsDraw", values.get("PointsDraw"))
    loss = _points("PointsLoss", values.get("PointsLoss"))
    pab = _points("PointsPAB", values.get("PointsPAB"))
    default = Scoring()
    scoring = Scoring(win=default.win if win is None else win, draw=default.draw if draw is None else draw,
                      loss=default.loss if loss is None else loss, pab=pab)
    edition = setting_text(values.get("Edition")) or None
    if edition:
        try:
            parse_edition(edition)
        except Exception as err:
            raise InputError(f"Settings Edition: {err}") from None
    mw, md, ml = (_points(k, values.get(k)) for k in ("MatchWin", "MatchDraw", "MatchLoss"))
    match_points = (Fraction(2) if mw is None else mw, Fraction(1) if md is None else md,
                    Fraction(0) if ml is None else ml)
    primary = setting_text(values.get("PrimaryScore")).upper() or None
    if primary not in (None, "MP", "GP"):
        raise InputError(f"Settings PrimaryScore: {values.get('PrimaryScore')!r} is not MP or GP")
    language = setting_text(values.get("Language")).lower()
    if language and not re.fullmatch(r"[a-z]{2}", language):
        raise InputError(f"Settings Language: {values.get('Language')!r} is not a language code (en, de, fr, it, es)")
    colours = setting_text(values.get("BoardColours")).upper()
    if colours and not re.fullmatch(r"[WB]+", colours):
        raise InputError(f"Settings BoardColours: {values.get('BoardColours')!r} is not made of W and B (e.g. WB)")
    return EventSettings(
        match_points=match_points, primary=primary, board_colours=colours,
        pab_points=(_points("PABMatchPoints", values.get("PABMatchPoints")),
                    _points("PABGamePoints", values.get("PABGamePoints"))),
        boards=setting_whole("Boards", values.get("Boards"), 0, MAX_BOARDS),
        name=setting_text(values.get("EventName")), event_type=event_type, team=team,
        start_date=_date(values.get("StartDate")), edition=edition,
        tiebreaks=setting_text(values.get("Tiebreaks")) or None,
        unrated_rating=setting_whole("UnratedRating", values.get("UnratedRating")),
        scoring=scoring, lots=setting_whole("Lots", values.get("Lots")), language=language,
        city=setting_text(values.get("City")), federation=setting_text(values.get("Federation")).upper(),
        end_date=_end_date(values.get("EndDate")), chief_arbiter=setting_text(values.get("ChiefArbiter")),
        deputies=tuple(d.strip() for d in setting_text(values.get("DeputyArbiters")).split(";") if d.strip()),
        time_control=setting_text(values.get("TimeControl")), round_dates=_round_dates(values.get("RoundDates")),
        pairing=parse_pairing(values))


def _end_date(value: Any) -> date | None:
    try:
        return _date(value)
    except InputError:
        raise InputError(f"Settings EndDate: cannot read {value!r} as a date (write 2024-10-31)") from None
