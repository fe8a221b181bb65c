"""The records of a TRF file other than the players' 001 lines: scoring (TRF-2026 162, JaVaFo XXS,
bbpPairings BBx), abnormal points (TRF-2026 299), requested byes (240), tie-break lists (202/212),
dates (042/052) and the pairing system (092/192). Shared by the individual and team TRF readers.
"""

from __future__ import annotations

import re
from typing import Container, Iterable, Protocol
from datetime import date
from fractions import Fraction

from ..errors import InputError
from ..messages import Message, Text
# the TRF readers' names for them
from ..events.builder import declared_event_type as declared_event_type, result_type_299
from ..model import Kind, Player, Scoring
from ..model.tournament import RATING_METHODS, NationalRating, rating_by_method
from .numbers import ascii_fraction, digits


# --------------------------------------------------------------------------- scoring records
def points_number(text: str, what: str, line: int, source: str) -> Fraction:
    try:
        return ascii_fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what}: {text.strip()!r} is not a number of points", file=source, line=line) from None


_162_FIELDS = {"W": ("win", "forfeit_win", "full_bye"), "D": ("draw", "half_bye"), "L": ("loss",),
               "A": ("zero_bye", "forfeit_loss"), "P": ("pab",)}


def scoring_162(line: str, number: int, source: str, out: dict[str, Fraction]) -> None:
    """TRF-2026 162: ``W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5`` (read by token). X, the
    points of an unknown result, is kept (:attr:`~xltb.model.Scoring.unknown`): a game without a known
    result is a round not played yet here."""
    for code, value in re.findall(r"\b([A-Za-z])\s*(-?\d*[.,]?\d+)", line[3:], re.ASCII):
        code = code.upper()
        if code == "X":
            out["unknown"] = points_number(value, "162", number, source)
            continue
        if code not in _162_FIELDS:
            raise InputError(f"162: unknown scoring code {code!r} (expected W D L A P X)", file=source, line=number)
        for name in _162_FIELDS[code]:
            out[name] = points_number(value, "162", number, source)


_XXS_FIELDS = {"WW": ("win",), "BW": ("win",), "WD": ("draw",), "BD": ("draw",), "WL": ("loss",), "BL": ("loss",),
               "ZPB": ("zero_bye",), "HPB": ("half_bye",), "FPB": ("full_bye",), "PAB": ("pab",),
               "FW": ("forfeit_win",), "FL": ("forfeit_loss",), "W": ("win", "forfeit_win", "full_bye"),
               "D": ("draw", "half_bye"), "L": ("loss",)}


def scoring_xxs(body: str, number: int, source: str, out: dict[str, Fraction]) -> None:
    """JaVaFo XXS: ``CODE=VALUE`` pairs, later ones override earlier ones. The shortcut ``W`` sets
    the wins, forfeit wins and full-point byes, not the pairing-allocated bye, which keeps JaVaFo's
    default of 1 point unless ``PAB=`` says otherwise."""
    out.setdefault("pab", Fraction(1))
    for token in body.split():
        code, _, value = token.partition("=")
        code = code.upper()
        if code not in _XXS_FIELDS or not value:
            raise InputError(f"XXS: cannot read {token!r} (expected e.g. W=1 D=0.5 PAB=1)", file=source, line=number)
        points = points_number(value, "XXS", number, source)
        if code in ("WW", "BW", "WD", "BD", "WL", "BL"):
            twin = {"WW": "BW", "BW": "WW", "WD": "BD", "BD": "WD", "WL": "BL", "BL": "WL"}[code]
            if ("_" + twin) in out and out["_" + twin] != points:
                raise InputError(f"XXS: scoring that depends on the colour ({code}={value}) is not supported",
                                 file=source, line=number)
            out["_" + code] = points
        for name in _XXS_FIELDS[code]:
            out[name] = points


def scoring_bbp(tag: str, body: str, number: int, source: str, out: dict[str, Fraction]) -> None:
    """bbpPairings BBW/BBD/BBL/BBZ/BBF/BBU: one number each."""
    points = points_number(body.split()[0] if body.split() else "", tag, number, source)
    names = {"BBW": ("win", "forfeit_win", "full_bye"), "BBD": ("draw", "half_bye"), "BBL": ("loss",),
             "BBZ": ("zero_bye",), "BBF": ("forfeit_loss",), "BBU": ("pab",)}[tag]
    for name in names:
        out[name] = points


def scoring_of(fields: dict[str, Fraction]) -> Scoring:
    """The scoring the records set; what they leave out keeps its default (C.04, the TRF defaults)."""
    d, get = Scoring(), fields.get
    return Scoring(win=get("win", d.win), draw=get("draw", d.draw), loss=get("loss", d.loss),
                   forfeit_win=get("forfeit_win"), forfeit_loss=get("forfeit_loss"), pab=get("pab"),
                   full_bye=get("full_bye"), half_bye=get("half_bye"), zero_bye=get("zero_bye"),
                   absent=get("absent"), unknown=get("unknown"))


#: TRF-2026 299: (start number or None, round or None, kind) -> the points of such a round
Overrides = dict[tuple[int | None, int | None, Kind], Fraction]


def abnormal_299(records: Iterable[tuple[int, str]], by_no: Container[int],
                 source: str) -> tuple[Overrides, dict[int, Fraction]]:
    """TRF-2026 299: col 5 the kind (blank: bonus or penalty), 14-17 points, 20-22 round, ids from 24."""
    overrides: Overrides = {}
    bonus: dict[int, Fraction] = {}
    for number, line in records:
        padded = line.ljust(27)
        code = padded[4]
        text = padded[13:17] if padded[13:17].strip() else padded[7:11]
        if not text.strip():
            raise InputError("299: no points in columns 14-17", file=source, line=number)
        points = points_number(text, "299", number, source)
        rnd_text = padded[19:22].strip()
        rnd = int(rnd_text) if digits(rnd_text) and int(rnd_text) else None
        ids: list[int] = []
        for i in range(23, len(line), 5):
            t = line[i:i + 4].strip()
            if t:
                if not digits(t) or int(t) not in by_no:
                    if digits(t) and int(t) == 0:
                        continue
                    raise InputError(f"299: {t!r} is not a pairing number of this event", file=source, line=number)
                ids.append(int(t))
        if code == " ":
            if not ids:
                raise InputError("299: a bonus or penalty needs the pairing numbers it applies to", file=source,
                                 line=number)
            for sno in ids:
                bonus[sno] = bonus.get(sno, Fraction(0)) + points
            continue
        kind = result_type_299(code, number, source)
        for who in (list[int | None](ids) or [None]):  # None: every player
            overrides[(who, rnd, kind)] = points
    return overrides, bonus


def bye_240(line: str, number: int, source: str) -> tuple[int, str, int, list[int]]:
    padded = line.ljust(14)
    rnd_text = padded[6:9].strip()
    if not digits(rnd_text):
        raise InputError(f"240: round {rnd_text!r} (columns 7-9) is not a number", file=source, line=number)
    ids = []
    for t in line[9:].replace("\t", " ").split():
        if not digits(t):
            raise InputError(f"240: {t!r} is not a pairing number", file=source, line=number)
        if int(t):
            ids.append(int(t))
    return number, padded[4].upper(), int(rnd_text), ids


# --------------------------------------------------------------------------- national ratings (TRF-2026)
#: records every TRF reader meets that carry nothing the standings use: informative header records,
#: pairing data not kept (260 prohibited pairings, JaVaFo's XXP prohibited pairs; the records of the rounds
#: to come, 152, 250, XXA, XXC and XXZ, are read into the event's plans by :mod:`xltb.readers.trf_plans`),
#: Tornelo's DAT player data, the 801/802 team summaries, comments (###)
NOT_NEEDED = frozenset({"###", "062", "072", "082", "182", "222", "260", "801",
                        "802", "XXP", "DAT"})


def round_dates(line: str) -> tuple[str, ...]:
    """TRF 132: the date of each round as written (columns 92-99 for round 1, 102-109 for round 2, ...);
    kept to be written back, not read as dates (the programs write them in several orders)."""
    dates = [line[91 + 10 * r: 99 + 10 * r].strip() for r in range(max(0, (len(line) - 91 + 9) // 10))]
    while dates and not dates[-1]:
        dates.pop()
    return tuple(dates)


def rating_method(line: str, number: int, methods: dict[str, str], warnings: list[Text]) -> None:
    """TRF-2026 172: columns 5-7 a federation, 9-13 how its players are rated (FIDE, NRO, FIDON, NIDOF,
    HBFN, LBFN, OTHER)."""
    padded = line.ljust(13)
    federation, method = padded[4:7].strip().upper(), padded[8:13].strip().upper()
    if not re.fullmatch(r"[A-Z]{3}", federation, re.ASCII) or method not in RATING_METHODS:
        warnings.append(Message("warn.172_unreadable", line=number, text=repr(line[4:].strip()),
                                methods=tuple(RATING_METHODS)))
        return
    if method == "OTHER":
        warnings.append(Message("warn.172_other", line=number, federation=federation))
    methods[federation] = method


def national_line(tag: str, line: str) -> bool:
    """A TRF-2026 NRS record: a federation code (three capital letters) instead of 001, then a pairing
    number in columns 5-8."""
    return len(tag) == 3 and tag.isalpha() and tag.isupper() and tag.isascii() and digits(line[4:8].strip())


def national_record(line: str) -> tuple[int, NationalRating | None]:
    """(pairing number, the record) of an NRS line, the columns of a 001 line's static part; the record is
    None when its rating (columns 49-52) is not a number."""
    t = line.ljust(80)
    rating_text = t[48:52].strip()
    if rating_text and not digits(rating_text):
        return int(t[4:8]), None
    return int(t[4:8]), NationalRating(
        federation=t[:3], rating=(int(rating_text) or None) if rating_text else None, sex=t[9].strip(),
        classification=t[10:13].strip(), name=t[14:47].strip(), origin=t[53:56].strip(), number=t[57:68].strip(),
        birth=t[69:79].strip())


def apply_national(players: list[Player], records: list[tuple[int, str]], methods: dict[str, str],
                   warnings: list[Text]) -> list[Player]:
    """Give each player its NRS records; where a 172 method names national ratings for the record's
    federation, the player's rating becomes the one the method gives (the 001 rating kept as
    ``fide_rating``), said in one warning per federation."""
    by_no = {p.start_no: i for i, p in enumerate(players)}
    found: dict[int, list[NationalRating]] = {}
    bad: list[int] = []
    for number, line in records:
        no, record = national_record(line)
        if record is None or no not in by_no:
            bad.append(number)
            continue
        found.setdefault(no, []).append(record)
    if bad:
        warnings.append(Message("warn.nrs_bad_more" if len(bad) > 5 else "warn.nrs_bad", lines=tuple(bad[:5])))
    out = list(players)
    used: dict[str, int] = {}
    for no, recs in found.items():
        p = out[by_no[no]]
        rating = p.rating
        for rec in recs:
            method = methods.get(rec.federation, "FIDE")
            if method not in ("FIDE", "OTHER"):
                rating = rating_by_method(method, p.rating, rec.rating)
                used[rec.federation] = used.get(rec.federation, 0) + 1
        out[by_no[no]] = p._replace(national=tuple(recs), rating=rating, fide_rating=p.rating)
    unrated = {rec.federation for recs in found.values() for rec in recs} - set(methods)
    if unrated:
        warnings.append(Message("warn.nrs_no_method", federations=tuple(sorted(unrated))))
    for federation, method in sorted(methods.items()):
        if federation in used:
            warnings.append(Message("warn.172_used", federation=federation, method=method,
                                    how=Message(f"rating.{method.lower()}"), players=used[federation]))
    return out


# --------------------------------------------------------------------------- header helpers
def tb_list(body: str) -> tuple[str, ...]:
    return tuple(t for t in re.split(r"[,\s]+", body.strip()) if t)


class _Warned(Protocol):
    """A header that collects warnings (the TRF readers')."""

    warnings: list[Text]


_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}


def read_date(text: str, header: _Warned, tag: str) -> date | None:
    """Dates as written in the wild: 2024/10/24, 2024-10-24, 24.10.2024, 28. 07. 2005, 24/09/2010,
    24/10/24, May 29, 2020. Unreadable dates are a warning, not an error (dates are not trusted)."""
    t = text.strip()
    if not t:
        return None
    try:
        m = re.fullmatch(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})", t, re.ASCII)
        if m:
            return date(int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{2,4})", t, re.ASCII)
        if m:
            a, b, y = int(m[1]), int(m[2]), int(m[3])
            if y < 100:  # two-digit year: TRF writes YY/MM/DD, some programs DD.MM.YY
                if 1 <= b <= 12 and 1 <= y <= 31:
                    return date(2000 + a, b, y)
                return date(2000 + y, b, a)
            if b > 12:  # month first
                return date(y, a, b)
            return date(y, b, a)
        m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", t, re.ASCII)
        if m and m[1].lower() in _MONTHS:
            return date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
        m = re.fullmatch(r"(\d{1,2})\.?\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})", t, re.ASCII)
        if m and m[2].lower() in _MONTHS:
            return date(int(m[3]), _MONTHS[m[2].lower()], int(m[1]))
    except ValueError:
        pass
    header.warnings.append(Message("warn.date", tag=tag, text=repr(t)))
    return None
