"""Standings as text, JSON and CSV; atomic file writing."""

from __future__ import annotations

import io
import json
import os
from fractions import Fraction

from ..errors import XltbError
from ..ranking.standings import Standings

#: tie-breaks shown as whole numbers
INTEGER_CODES = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPN", "WIN", "WON", "BPG", "BWG", "REP"}
#: averages kept exact and shown to two decimals
TWO_DECIMALS = {"AOB", "SSSC"}


def decimals(code: str) -> int | None:
    """Display precision of a tie-break: 0, 2, or None for "as many as needed, at least one"."""
    acronym = code.split("/")[0].split(":")[0].upper()
    if acronym in INTEGER_CODES:
        return 0
    if acronym in TWO_DECIMALS:
        return 2
    return None


def format_value(code: str, value: Fraction | None) -> str:
    """A value for people: ``12.5``, ``9.25``, ``13.38`` (AOB), ``1969`` (TPR); empty when undefined."""
    if value is None:
        return ""
    places = decimals(code)
    if places is not None:
        return _fixed(value, places)
    for places in (1, 2, 3, 4):
        if (value * 10**places).denominator == 1:
            return _fixed(value, places)
    return _fixed(value, 2)


def _fixed(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    rounded = int((abs(scaled) * 2 + 1) // 2) * (1 if scaled >= 0 else -1)  # half away from zero
    sign = "-" if rounded < 0 else ""
    digits = str(abs(rounded)).rjust(places + 1, "0")
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def event_dict(st: Standings) -> dict:
    t = st.event
    return {
        "name": t.name,
        "source": os.path.basename(t.source) if t.source else None,
        "type": t.event_type.value,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "rounds": t.rounds,
        "participants": len(st.participants),
        "scoring": st.scoring_text,
    }


def to_json(st: Standings) -> str:
    def json_number(value: Fraction | None) -> float | None:
        # an integer division in C: float(Fraction) goes through Python-level code
        return None if value is None else value.numerator / value.denominator

    codes = st.codes
    doc = {
        "event": event_dict(st),
        "rules": st.edition.key,
        "rules_reason": st.edition_reason,
        "tiebreaks": st.codes,
        "standings": [
            {
                "rank": row.rank,
                "start_no": row.start_no,
                "name": row.participant.name,
                "points": json_number(row.points),
                "tiebreaks": {code: None if (v := row.values[code]) is None else v.numerator / v.denominator
                              for code in codes},
            }
            for row in st.rows
        ],
        "warnings": list(st.warnings),
    }
    if st.lots_seed is not None:
        doc["lots_seed"] = st.lots_seed
    if st.unrated_rating is not None:  # what the values depend on beyond the file and the rules
        doc["options"] = {"unrated_rating": st.unrated_rating}
    return json.dumps(doc, ensure_ascii=False) + "\n"


def safe_cell(text: str) -> str:
    """Neutralise text that a spreadsheet would take for a formula (=, +, -, @)."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


def to_csv(st: Standings) -> str:
    import csv

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "start_no", "title", "name", "federation", "rating", "points"] + st.codes)
    for row in st.rows:
        p = st.entry(row.participant)
        w.writerow([row.rank, p.start_no, safe_cell(p.title), safe_cell(p.name), safe_cell(p.federation),
                    p.rating or "", format_value("PTS", row.points)]
                   + [format_value(code, row.values[code]) for code in st.codes])
    return out.getvalue()


def header_lines(st: Standings) -> list[str]:
    t = st.event
    lines = [t.name or (os.path.basename(t.source) if t.source else "event")]
    lines.append(f"{t.event_type.value}, {len(st.participants)} participants, {t.rounds} rounds; scoring {st.scoring_text}")
    lines.append(f"rules: C.07 edition {st.edition.key} ({st.edition_reason})")
    lines.append("tie-breaks: " + ", ".join(st.codes))
    if st.lots_seed is not None:
        lines.append(f"remaining ties broken by drawing of lots (seed {st.lots_seed}); marked *")
    for w in st.warnings:
        lines.append(f"warning: {w}")
    return lines


def to_text(st: Standings) -> str:
    heads = ["Rk", "No", "Name", "Rtg", "Pts"] + st.codes
    body = []
    for row in st.rows:
        p = st.entry(row.participant)
        name = (p.title + " " if p.title else "") + p.name
        body.append([f"{row.rank}{'*' if row.by_lot else ''}", str(p.start_no), name, str(p.rating or ""),
                     format_value("PTS", row.points)] + [format_value(c, row.values[c]) for c in st.codes])
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(heads)]
    left = {2}

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    lines = header_lines(st) + ["", fmt(heads), fmt(["-" * w for w in widths])]
    lines += [fmt(r) for r in body]
    return "\n".join(lines) + "\n"


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, renamed at the end.

    A device, a pipe or a descriptor (``/dev/null``, ``/dev/stdout``, ``/proc/self/fd/1``, a FIFO) is
    written to directly: renaming a file over it would replace it (and ``/dev/stdout`` is a link that
    leads to a regular file when the output is redirected). A link to a regular file is followed: the
    file it leads to is replaced, the link stays."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise XltbError(f"cannot write {path}: it is a folder")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    real = os.path.realpath(path)
    descriptor = os.path.islink(path) and os.path.abspath(path).startswith(("/dev/", "/proc/"))  # /dev/stdout
    if descriptor or (os.path.exists(real) and not os.path.isfile(real)):
        try:
            with open(path, "wb") as fh:
                fh.write(payload)
        except OSError as exc:
            raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
        return
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix=".xltb-", suffix=".tmp", dir=os.path.dirname(real))
    except OSError as exc:
        raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        _new_file_mode(tmp)
        os.replace(tmp, real)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise


def _new_file_mode(path: str) -> None:
    """Give the file the permissions a new file gets (mkstemp makes it private to its owner)."""
    if os.name != "posix":
        return
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)
