"""Tie-break codes: ``ACRONYM[:MP|:GP][/Cn|/Mn][/L±n][/Kx][/P][/F][/R]``.

TRF-2026 (records 202/212) writes ``BH/C1``, ``BH:GP/C1``, ``KS/L-1``, ``DE/P``; the
Handbook's prose writes ``BH-C1``. Both are accepted; :attr:`TieBreakSpec.code` gives the
TRF spelling, which is what xltb prints.
"""

from __future__ import annotations

import re
from typing import NamedTuple
from fractions import Fraction

from ..errors import TieBreakError

#: acronym -> (C.07 article, name)
ACRONYMS: dict[str, tuple[str, str]] = {
    "PTS": ("4.2", "Points"),
    "DE": ("6", "Direct encounter"),
    "WIN": ("7.1", "Number of wins"),
    "WON": ("7.2", "Number of games won"),
    "BPG": ("7.3", "Games played with black"),
    "BWG": ("7.4", "Games won with black"),
    "PS": ("7.5", "Progressive scores"),
    "REP": ("7.6", "Rounds one elected to play"),
    "STD": ("7.7", "Standard points"),
    "TPN": ("7.8", "Pairing number"),
    "BH": ("8.1", "Buchholz"),
    "AOB": ("8.2", "Average of opponents' Buchholz"),
    "FB": ("8.3", "Fore Buchholz"),
    "SB": ("9.1", "Sonneborn-Berger"),
    "KS": ("9.2", "Koya system"),
    "ARO": ("10.1", "Average rating of opponents"),
    "TPR": ("10.2", "Tournament performance rating"),
    "PTP": ("10.3", "Perfect tournament performance"),
    "APRO": ("10.4", "Average performance rating of opponents"),
    "APPO": ("10.5", "Average perfect performance of opponents"),
    "RTNG": ("10.6", "Rating"),
    # team tie-breaks (Art. 11-13)
    "MPTS": ("11.1.1", "Match points"),
    "GPTS": ("11.1.2", "Game points"),
    "BC": ("12.1", "Board count"),
    "TBR": ("12.2", "Top board results"),
    "BBE": ("12.3", "Bottom board elimination"),
    "MPVGP": ("13.1", "Match points v game points"),
    "EMMSB": ("13.2.1", "Extended SB: opponent MP x MP scored"),
    "EMGSB": ("13.2.2", "Extended SB: opponent MP x GP scored"),
    "EGMSB": ("13.2.3", "Extended SB: opponent GP x MP scored"),
    "EGGSB": ("13.2.4", "Extended SB: opponent GP x GP scored"),
    "EDE": ("13.3", "Extended direct encounter"),
    "EDET": ("13.3.2", "EDE, then top board results"),
    "EDEB": ("13.3.2", "EDE, then bottom board elimination"),
    "EDEBT": ("13.3.2", "EDE, then board count, then top board results"),
    "EDEBB": ("13.3.2", "EDE, then board count, then bottom board elimination"),
    "SSSC": ("13.4", "Scores and schedule strength combination"),
}

ALIASES = {"GE": "REP", "MPVGP": "MPVGP", "ESB": "EMMSB"}

#: How the acronym is spelt in output.
SPELLING = {"MPVGP": "MPvGP"}

#: The modifiers each tie-break takes (C.07 14 and the TRF-2026 tie-break descriptor, as FIDE's
#: reference program reads them): C Cut-n and M Median-n (14.1-14.4: sums of values; Median only
#: where 14.3 applies: the Buchholz family and ARO), L the Koya limit (14.5), P forfeits as played
#: games (15.2), F Fore Buchholz (8.3), K the SSSC normalising factor (13.4.2.b), R reverse order
#: (7.8, 10.6). Anything else is not defined and refused.
MODIFIERS: dict[str, str] = {
    "PTS": "", "DE": "P", "WIN": "", "WON": "P", "BPG": "P", "BWG": "P", "PS": "C", "REP": "P", "STD": "",
    "TPN": "R", "BH": "CMPF", "AOB": "PF", "FB": "CMP", "SB": "CP", "KS": "LP", "ARO": "CMP", "TPR": "CP",
    "PTP": "P", "APRO": "CP", "APPO": "CP", "RTNG": "R",
    "MPTS": "", "GPTS": "", "BC": "", "TBR": "", "BBE": "", "MPVGP": "",
    "EMMSB": "CP", "EMGSB": "CP", "EGMSB": "CP", "EGGSB": "CP",
    "EDE": "P", "EDET": "P", "EDEB": "P", "EDEBT": "P", "EDEBB": "P", "SSSC": "PKF",
}
MODIFIER_NAMES = {"C": "/Cn (Cut)", "M": "/Mn (Median)", "L": "/L±n (limit)", "P": "/P (forfeits played)",
                  "F": "/F (Fore)", "K": "/Kx (factor)", "R": "/R (reverse)"}
#: Tie-breaks whose values are sums (or averages) of elements, which a Cut or Median can be applied to
#: at all (C.07 14); even lenient reading refuses a cut elsewhere. :data:`MODIFIERS` is the stricter
#: table of what is defined.
CUTTABLE = {"BH", "FB", "SB", "PS", "ARO", "TPR", "APRO", "APPO", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "AOB"}

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
    def article(self) -> str:
        return ACRONYMS[self.acronym][0]

    @property
    def name(self) -> str:
        name = ACRONYMS[self.acronym][1]
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
    fields: dict = {}
    for part in filter(None, m.group(3).split("/")):
        p = part.upper()
        try:
            if p[0] == "C" and p[1:].isdigit():
                fields["cut"] = int(p[1:])
            elif p[0] == "M" and p[1:].isdigit():
                fields["median"] = int(p[1:])
            elif p[0] == "L":
                # 14.5: the Koya limit moves half a point at a time: L-1 = -0.5; a decimal is in points
                fields["limit"] = Fraction(p[1:]) if "." in p else Fraction(p[1:]) / 2
            elif p[0] == "K":
                fields["k"] = Fraction(p[1:])
            elif p == "P":
                fields["forfeits_played"] = True
            elif p == "F":
                fields["fore"] = True
            elif p == "R":
                fields["reverse"] = True
            else:
                raise ValueError(p)
        except (ValueError, ZeroDivisionError, IndexError):
            raise TieBreakError(f"unknown modifier /{part} in tie-break code {raw!r}") from None
    spec = TieBreakSpec(acronym, score, **fields)
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
    return spec


def takes(acronym: str) -> str:
    """Which modifiers a tie-break takes, in words."""
    letters = MODIFIERS.get(acronym, "")
    name = SPELLING.get(acronym, acronym)
    if not letters:
        return f"{name} takes no modifier"
    return f"{name} takes " + ", ".join(MODIFIER_NAMES[letter] for letter in letters)


def parse_list(text: str | list[str | TieBreakSpec] | tuple[str | TieBreakSpec, ...], *,
               strict: bool = True) -> tuple[TieBreakSpec, ...]:
    """Parse a comma-separated (or already split) list of codes; parsed specs are taken as they are."""
    items = text.split(",") if isinstance(text, str) else list(text)
    specs = tuple(item if isinstance(item, TieBreakSpec) else parse_code(item, strict=strict)
                  for item in items if isinstance(item, TieBreakSpec) or item.strip())
    if not specs:
        raise TieBreakError("the tie-break list is empty")
    return specs


def _known() -> list[str]:
    return [SPELLING.get(a, a) for a in ACRONYMS] + list(a for a in ALIASES if a not in ("MPVGP", "ESB"))
