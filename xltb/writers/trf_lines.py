"""What the TRF writers share (:mod:`xltb.writers.trf`, :mod:`xltb.writers.trf_team`,
:mod:`xltb.writers.trf_plans`): the lines written so far with their warnings, the numbers and texts in fixed
columns, the 240 and 299 records and the standings a file records."""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Mapping, NamedTuple, Sequence

from ..model import Kind

#: TRF-2026 299: the type of abnormal assignment of each kind of round it can name
ABNORMAL_TYPE: dict[Kind, str] = {
    Kind.WIN: "W", Kind.DRAW: "D", Kind.LOSS: "L", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z",
    Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.PAB: "U",
}
#: TRF-2026 240: the code of each kind of requested bye (a player's, or a team's)
BYE_CODE: dict[Kind, str] = {Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z"}
CRLF = "\r\n"  # TRF-2026 Remark 1: each line ends with a carriage return


class Ranking(NamedTuple):
    """What the standings say that the file records: each participant's rank (players, or the teams of a
    team event), the tie-break list the ranks were computed with and the edition of C.07."""

    ranks: Mapping[int, int]
    tiebreaks: tuple[str, ...]
    edition: str


class Written(NamedTuple):
    """The TRF text, and what it could not say (warnings)."""

    text: str
    warnings: tuple[str, ...]


def decimal(value: Fraction, places: int = 1) -> str | None:
    """``value`` written exactly with at least ``places`` decimals (``2.5``, ``2.25``, ``-1.0``); None when
    no decimal writes it exactly (a third)."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    for d in range(places, 7):
        scaled = value * 10 ** d
        if scaled.denominator == 1:
            whole, part = divmod(int(scaled), 10 ** d)
            return f"{sign}{whole}.{part:0{d}d}"
    return None


def fixed(value: Fraction, width: int) -> str | None:
    """``value`` right-aligned in ``width`` columns (one decimal, more only when needed); None when it does
    not fit or no decimal writes it."""
    text = decimal(value)
    return text.rjust(width) if text is not None and len(text) <= width else None


class Lines:
    """The records written so far and the warnings of what could not be said."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.warnings: list[str] = []
        self._shown: dict[str, int] = {}

    def add(self, line: str) -> None:
        self.lines.append(line.rstrip())

    def warn_once(self, key: str, message: str) -> None:
        """One warning per kind of problem; later ones only counted (said at the end)."""
        if key in self._shown:
            self._shown[key] += 1
            return
        self._shown[key] = 1
        self.warnings.append(message)

    def written(self) -> Written:
        warnings = []
        for w in self.warnings:
            key = next((k for k in self._shown if w.startswith(k)), None)
            more = self._shown.get(key, 1) - 1 if key else 0
            warnings.append(w + (f" (and {more} more)" if more else ""))
        return Written(CRLF.join(self.lines) + CRLF, tuple(warnings))


def abnormal_line(kind_code: str, mp: Fraction | None, points: Fraction | None, rnd: int | None,
                  ids: Sequence[int]) -> str | None:
    """A 299 record: type (5), match points (8-11, teams), points (14-17), round (20-22, 000: every round),
    then the pairing numbers (24-27, 29-32, ...); None when a value does not fit its four columns."""
    mp_text = fixed(mp, 4) if mp is not None else "    "
    pts_text = fixed(points, 4) if points is not None else "    "
    if mp_text is None or pts_text is None:
        return None
    head = f"299 {kind_code}  {mp_text}  {pts_text}  {rnd or 0:03d}"
    return head + "".join(f" {i:4d}" for i in ids)


def add_299(out: Lines, line: str | None, what: str) -> None:
    """A 299 record made by :func:`abnormal_line`; None (a value that does not fit) is a warning naming ``what``
    (``points``, ``team points``)."""
    if line is None:
        out.warnings.append(f"{what} that do not fit the four columns of a 299 record were not written")
    else:
        out.add(line)


def field(out: Lines, value: str, width: int, what: str, who: str, *, cut: bool = True) -> str:
    """``value`` in ``width`` columns: cut (``cut``) or left blank when longer, with one warning for all the
    values of ``what`` (``names``, ``team names``; ``who``: the participant's label before the value, ``#12 ``)."""
    if len(value) <= width:
        return value
    out.warn_once(f"{what} ", f"{what} longer than the {width} columns of TRF: {who}{value!r} written "
                  + ("cut" if cut else "blank"))
    return value[:width] if cut else ""


def byes_240(out: Lines, found: Mapping[tuple[int, str], Iterable[int]]) -> None:
    """240 records: (round, code of :data:`BYE_CODE`) -> the pairing numbers (players, or teams) with that bye;
    in round and code order, the numbers in order, twenty a record."""
    for (rnd, code), numbers in sorted(found.items()):
        ids = sorted(set(numbers))
        for chunk in range(0, len(ids), 20):
            out.add(f"240 {code} {rnd:03d}" + "".join(f" {n:4d}" for n in ids[chunk:chunk + 20]))
