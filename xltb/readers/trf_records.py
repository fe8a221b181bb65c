"""The records of a TRF file other than the players' 001 lines: scoring (TRF-2026 162, JaVaFo XXS,
bbpPairings BBx), abnormal points (TRF-2026 299), requested byes (240), tie-break lists (202/212),
dates (042/052) and the pairing system (092/192). Shared by the individual and team TRF readers.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from ..errors import InputError
from ..model import EventType, Kind, Scoring
from ..events.builder import declared_by, declared_event_type  # noqa: F401 - the TRF readers' names
from .numbers import ascii_fraction, digits


# --------------------------------------------------------------------------- scoring records
def points_number(text: str, what: str, line: int, source: str) -> Fraction:
    try:
        return ascii_fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what}: {text.strip()!r} is not a number of points", file=source, line=line) from None


_162_FIELDS = {"W": ("win", "forfeit_win", "full_bye"), "D": ("draw", "half_bye"), "L": ("loss",),
               "A": ("zero_bye", "forfeit_loss"), "P": ("pab",)}


def scoring_162(line: str, number: int, source: str, out: dict) -> None:
    """TRF-2026 162: ``W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5`` (read by token)."""
    for code, value in re.findall(r"\b([A-Za-z])\s*(-?\d*[.,]?\d+)", line[3:], re.ASCII):
        code = code.upper()
        if code == "X":  # unknown result (adjourned): not a kind of result xltb keeps
            continue
        if code not in _162_FIELDS:
            raise InputError(f"162: unknown scoring code {code!r} (expected W D L A P X)", file=source, line=number)
        for name in _162_FIELDS[code]:
            out[name] = points_number(value, "162", number, source)


_XXS_FIELDS = {"WW": ("win",), "BW": ("win",), "WD": ("draw",), "BD": ("draw",), "WL": ("loss",), "BL": ("loss",),
               "ZPB": ("zero_bye",), "HPB": ("half_bye",), "FPB": ("full_bye",), "PAB": ("pab",),
               "FW": ("forfeit_win",), "FL": ("forfeit_loss",), "W": ("win", "forfeit_win", "full_bye"),
               "D": ("draw", "half_bye"), "L": ("loss",)}


def scoring_xxs(body: str, number: int, source: str, out: dict) -> None:
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


def scoring_bbp(tag: str, body: str, number: int, source: str, out: dict) -> None:
    """bbpPairings BBW/BBD/BBL/BBZ/BBF/BBU: one number each."""
    points = points_number(body.split()[0] if body.split() else "", tag, number, source)
    names = {"BBW": ("win", "forfeit_win", "full_bye"), "BBD": ("draw", "half_bye"), "BBL": ("loss",),
             "BBZ": ("zero_bye",), "BBF": ("forfeit_loss",), "BBU": ("pab",)}[tag]
    for name in names:
        out[name] = points


def scoring_of(fields: dict) -> Scoring:
    kwargs = {k: v for k, v in fields.items() if not k.startswith("_")}
    return Scoring(**kwargs)


def abnormal_299(records, by_no, source):
    """TRF-2026 299: col 5 the kind (blank: bonus or penalty), 14-17 points, 20-22 round, ids from 24."""
    overrides: dict = {}
    bonus: dict[int, Fraction] = {}
    kinds = {"W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE,
             "Z": Kind.ZERO_BYE, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "U": Kind.PAB}
    for number, line in records:
        padded = line.ljust(27)
        code = padded[4]
        text = padded[13:17] if padded[13:17].strip() else padded[7:11]
        if not text.strip():
            raise InputError("299: no points in columns 14-17", file=source, line=number)
        points = points_number(text, "299", number, source)
        rnd_text = padded[19:22].strip()
        rnd = int(rnd_text) if digits(rnd_text) and int(rnd_text) else None
        ids = []
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
        kind = kinds.get(code.upper())
        if kind is None:
            raise InputError(f"299: unknown result type {code!r}", file=source, line=number)
        for sno in ids or [None]:
            overrides[(sno, rnd, kind)] = points
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


# --------------------------------------------------------------------------- header helpers
def tb_list(body: str) -> tuple[str, ...]:
    return tuple(t for t in re.split(r"[,\s]+", body.strip()) if t)


_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}


def read_date(text: str, header, tag: str) -> date | None:
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
    header.warnings.append(f"{tag}: cannot read the date {t!r}; treated as unknown")
    return None
