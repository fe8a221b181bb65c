"""Tie-break codes: ``ACRONYM[:MP|:GP][/Cn|/Mn][/L±n][/Kx][/P][/F][/R]``.

TRF-2026 (records 202/212) writes ``BH/C1``, ``BH:GP/C1``, ``KS/L-1``, ``DE/P``; the
Handbook's prose writes ``BH-C1``. Both are accepted; :attr:`TieBreakSpec.code` gives the
TRF spelling, which is what xltb prints.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Sequence
from fractions import Fraction

from .. import limits
from ..errors import TieBreakError
from .catalogue import ACRONYMS, ALIASES, CUTTABLE, MODIFIER_NAMES, MODIFIERS, TIEBREAKS, TieBreak

#: How the acronym is spelt in output (``MPvGP``).
SPELLING: dict[str, str] = {a: t.spelling for a, t in TIEBREAKS.items() if t.spelling}

_CODE = re.compile(r"^([A-Za-z]+)(?::(MP|GP))?((?:/[^/]+)*)$", re.IGNORECASE)


class TieBreakSpec(NamedTuple):
    """A parsed tie-break code."""

    acronym: str
    score: str | None = None  # "MP" or "GP" for team events
    cut: int = 0  # Cut-n (14.1, 14.2)
    median: int = 0  # Median-n (14.3, 14.4)
    limit: Fraction | None = None  # /L±n (14.5): shift of the Koya limit, in points
    k: Fraction | None = None  # /Kx: SSSC normalising factor (13.4.2.b)
    forfeits_played: bool = False  # /P: forfeits count as played games
    fore: bool = False  # /F: Fore Buchholz variant (SSSC)
    reverse: bool = False  # /R: reverse order (TPN, RTNG)

    @property
    def code(self) -> str:
        """The TRF-2026 spelling, e.g. ``BH/C1``, ``BH:GP/C1``, ``KS/L-1``."""
        code = _SPELT.get(self)
        if code is None:
            code = _SPELT[self] = self._spell()
        return code

    def _spell(self) -> str:
        out = SPELLING.get(self.acronym, self.acronym)
        if self.score:
            out += f":{self.score}"
        if self.cut:
            out += f"/C{self.cut}"
        if self.median:
            out += f"/M{self.median}"
        if self.limit is not None:
            steps = self.limit * 2
            out += "/L" + ("+" if self.limit >= 0 else "-") + (
                str(abs(steps.numerator)) if steps.denominator == 1 else f"{float(abs(self.limit)):.1f}")
        if self.k is not None:
            out += f"/K{_num(self.k)}"
        if self.forfeits_played:
            out += "/P"
        if self.fore:
            out += "/F"
        if self.reverse:
            out += "/R"
        return out

    @property
    def tiebreak(self) -> TieBreak:
        """The tie-break's record: article, name, modifiers, precision... (:mod:`xltb.tiebreaks.catalogue`)."""
        return TIEBREAKS[self.acronym]

    @property
    def article(self) -> str:
        return TIEBREAKS[self.acronym].article

    @property
    def name(self) -> str:
        name = TIEBREAKS[self.acronym].name
        if self.cut:
            name += f" Cut-{self.cut}"
        if self.median:
            name += f" Median-{self.median}"
        return name

    def __str__(self) -> str:
        return self.code


#: spec -> its spelling (a handful of distinct specs; the code is asked for often)
_SPELT: dict[TieBreakSpec, str] = {}


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def parse_code(text: str, *, strict: bool = True) -> TieBreakSpec:
    """Parse one tie-break code in TRF-2026 or Handbook spelling.

    ``strict``: refuse a modifier the tie-break does not take (:data:`MODIFIERS`). Lists a user or a
    file gives are parsed strictly (:func:`parse_list`, ``xltb explain CODE``); ``xltb check`` reads
    other programs' codes leniently (Swiss-Manager publishes a Median Sonneborn-Berger); the
    worksheet-function catalogue makes only defined combinations.

    >>> parse_code("BH-C1").code
    'BH/C1'
    >>> parse_code("ks/l-1").code
    'KS/L-1'
    """
    raw = text.strip()
    if not raw:
        raise TieBreakError("empty tie-break code")
    # Handbook spelling: BH-C1, ARO-C1, BH-M2, KS-L+1: the first '-' separates a modifier.
    normal = raw
    m = re.match(r"^([A-Za-z]+(?::[A-Za-z]+)?)-(.+)$", raw)
    if m and "/" not in raw:
        normal = m.group(1) + "/" + m.group(2).replace("-", "/")
        normal = re.sub(r"/L/(\d)", r"/L-\1", normal)
    m = _CODE.match(normal)
    if not m:
        raise TieBreakError(f"cannot read tie-break code {raw!r} (expected e.g. BH/C1, BH:GP/C1, KS/L-1)")
    acronym = m.group(1).upper()
    acronym = ALIASES.get(acronym, acronym)
    if acronym not in ACRONYMS:
        raise TieBreakError(f"unknown tie-break code {raw!r}; known: {', '.join(sorted(_known()))}")
    score = m.group(2).upper() if m.group(2) else None
    spec = TieBreakSpec(acronym, score)
    for part in filter(None, m.group(3).split("/")):
        try:
            spec = _with_modifier(spec, part.upper())
        except (ValueError, ZeroDivisionError, IndexError):
            raise TieBreakError(f"unknown modifier /{part} in tie-break code {raw!r}") from None
    _check_modifiers(spec, raw, strict)
    return spec


def _with_modifier(spec: TieBreakSpec, p: str) -> TieBreakSpec:
    """``spec`` with the modifier ``p`` (upper case, without its ``/``); ValueError for an unknown one."""
    if p[0] == "C" and p[1:].isdigit():
        return spec._replace(cut=int(p[1:]))
    if p[0] == "M" and p[1:].isdigit():
        return spec._replace(median=int(p[1:]))
    if p[0] == "L":
        # 14.5: the Koya limit moves half a point at a time: L-1 = -0.5; a decimal is in points
        return spec._replace(limit=Fraction(p[1:]) if "." in p else Fraction(p[1:]) / 2)
    if p[0] == "K":
        return spec._replace(k=Fraction(p[1:]))
    if p == "P":
        return spec._replace(forfeits_played=True)
    if p == "F":
        return spec._replace(fore=True)
    if p == "R":
        return spec._replace(reverse=True)
    raise ValueError(p)


def _check_modifiers(spec: TieBreakSpec, raw: str, strict: bool) -> None:
    """Refuse modifiers that cannot go together or (``strict``) that the tie-break does not take."""
    acronym = spec.acronym
    if (spec.cut or spec.median) and acronym not in CUTTABLE:
        raise TieBreakError(f"{raw!r}: Cut and Median modifiers apply to sums of values (C.07 14), not to "
                            f"{acronym}; {takes(acronym)}")
    if spec.cut and spec.median:
        raise TieBreakError(f"{raw!r}: use either a Cut or a Median modifier, not both")
    if spec.limit is not None and acronym != "KS":
        raise TieBreakError(f"{raw!r}: the limit modifier /L applies to the Koya system (C.07 14.5)")
    if strict:
        given = {"C": spec.cut, "M": spec.median, "L": spec.limit is not None, "P": spec.forfeits_played,
                 "F": spec.fore, "K": spec.k is not None, "R": spec.reverse}
        wrong = [letter for letter, present in given.items() if present and letter not in MODIFIERS[acronym]]
        if wrong:
            names = ", ".join(MODIFIER_NAMES[letter] for letter in wrong)
            raise TieBreakError(f"{raw!r}: {names} is not defined for {SPELLING.get(acronym, acronym)} (C.07 14, "
                                f"TRF-2026); {takes(acronym)}")


def takes(acronym: str) -> str:
    """Which modifiers a tie-break takes, in words."""
    letters = MODIFIERS.get(acronym, "")
    name = SPELLING.get(acronym, acronym)
    if not letters:
        return f"{name} takes no modifier"
    return f"{name} takes " + ", ".join(MODIFIER_NAMES[letter] for letter in letters)


def parse_list(text: str | Sequence[str | TieBreakSpec], *,
               strict: bool = True) -> tuple[TieBreakSpec, ...]:
    """Parse a comma-separated (or already split) list of codes; parsed specs are taken as they are."""
    items = text.split(",") if isinstance(text, str) else list(text)
    if len(items) > limits.MAX_TIEBREAKS:  # before any is parsed
        raise TieBreakError(f"the tie-break list has {len(items):,} codes, more than the limit of "
                            f"{limits.MAX_TIEBREAKS}")
    specs = tuple(item if isinstance(item, TieBreakSpec) else parse_code(item, strict=strict)
                  for item in items if isinstance(item, TieBreakSpec) or item.strip())
    if not specs:
        raise TieBreakError("the tie-break list is empty")
    return specs


def _known() -> list[str]:
    return [t.spelt for t in TIEBREAKS.values()] + list(ALIASES)


def tiebreak_of(code: str) -> TieBreak | None:
    """The record of the tie-break a code names (``"BH:MP/C1"``, ``"ge"``, ``"BH-C1"``), without
    reading its modifiers; None when the code names no tie-break xltb knows. Faces that hold a code
    already parsed (``st.codes``) ask this instead of taking the code apart."""
    m = _ACRONYM.match(code.strip())
    if m is None:
        return None
    key = m.group(1).upper()
    return TIEBREAKS.get(ALIASES.get(key, key))


_ACRONYM = re.compile(r"([A-Za-z]+)(?=$|[:/-])")
