"""What the TRF writers share (:mod:`xltb.writers.trf`, :mod:`xltb.writers.trf_team`): the lines written so
far with their warnings, the numbers in fixed columns, the 299 record and the standings a file records."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, NamedTuple, Sequence

from ..model import Kind

#: TRF-2026 299: the type of abnormal assignment of each kind of round it can name
ABNORMAL_TYPE: dict[Kind, str] = {
    Kind.WIN: "W", Kind.DRAW: "D", Kind.LOSS: "L", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z",
    Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.PAB: "U",
}
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
