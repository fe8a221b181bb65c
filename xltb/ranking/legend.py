"""What the tie-break names of chess-results / Swiss-Manager legends mean in C.07 codes.

A chess-results export ends with lines such as ``# Tie Break1: Buchholz Tie-Breaks (variabel with
parameter)``. The names are Swiss-Manager's (its tie-break catalogue, codes [1]..[88]), sometimes
followed by the parameters chosen in Swiss-Manager's dialog: ``(2023) (Gamepoints, Cut1)``,
``(WIN) (Gamepoints, Forfeited games count)``, a rating for unrated players ``(1400)`` ...

:func:`interpret` turns a name into a :class:`LegendEntry`: the candidate C.07 codes (the most
likely first), whether the name alone decides between them, and what else the name implies (an
edition, the rating used for unrated players). "variabel with parameter" names do not print the
parameter (Cut-1 or not, Median ...): they are *ambiguous*, and the caller decides (with the
published values, or the user with ``--tiebreaks``).

:func:`read_columns` reads every tie-break column of an export so: the one reading of an export's
legend, which :func:`xltb.decide.decide` (``standings``, ``export``, ``template --from``) and
``xltb check`` share (the reading is the file's choice of tie-breaks and edition, beside the other
choices of :mod:`xltb.ranking.choices`; a reader of files only gives the names, :mod:`xltb.readers.published`).
``xltb check``'s codes given for the columns are its own (:mod:`xltb.check.legend`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ..tiebreaks.catalogue import TIEBREAKS
from ..tiebreaks.codes import tiebreak_of

if TYPE_CHECKING:
    from ..readers.published import PublishedColumn

#: the C.07 codes a "variable" name may stand for, by family
_VARIANTS = {
    "BH": ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2"),
    "SB": ("SB", "SB/C1", "SB/C2", "SB/M1"),
    "ARO": ("ARO", "ARO/C1", "ARO/C2", "ARO/M1"),
    "TPR": ("TPR", "TPR/C1", "TPR/C2"),
    "PS": ("PS", "PS/C1", "PS/C2"),
    "KS": ("KS", "KS/L-1", "KS/L-2", "KS/L+1", "KS/L+2"),
    "WIN": ("WIN", "WON"),
    "FB": ("FB", "FB/C1", "FB/C2", "FB/M1"),
}

#: acronyms a legend may print in brackets, e.g. "Number of wins including byes (WIN)", "[DE]": every
#: tie-break of individual events (the catalogue's) and its former acronym (GE), but the points
_ACRONYMS = tuple(a for tb in TIEBREAKS.values() if tb.events != "team" and tb.acronym != "PTS"
                  for a in (tb.acronym, *tb.aliases))


@dataclass(frozen=True)
class LegendEntry:
    """A legend name read as C.07 codes."""

    name: str  # as written
    codes: tuple[str, ...]  # candidate codes, the most likely first
    ambiguous: bool  # the name does not decide between the candidates
    edition: str | None = None  # an edition the name implies ("2023-09" for "Variable (2023)")
    unrated_rating: int | None = None  # "(1400)": the rating used for unrated players
    comparable: bool = True  # False when the published values cannot be compared with a C.07 value
    note: str = ""
    limit_percent: Fraction | None = None  # Koya "(Limit 60%)": resolved per event (:func:`koya_limit`)

    @property
    def code(self) -> str:
        return self.codes[0]


#: (pattern, family or code, is the pattern's code certain, note); first match wins
_TABLE: tuple[tuple[str, str, bool, str], ...] = (
    (r"direct encounter|results of the players in the same point|same point group|direkter vergleich", "DE", True,
     "the export prints the direct-encounter score of the participants it separated, 0 for the others"),
    (r"points \(game-?points\)|^points$|^pts", "PTS", True, ""),
    (r"average of opponents'? buchholz", "AOB", True, ""),
    (r"sum of buchholz", "", True, "the sum of the opponents' Buchholz (2011 annex D a5) is not a C.07 tie-break"),
    (r"buchholz.*\(1 streichresultat\)|buchholzwertung \(1", "BH/C1", True, ""),
    (r"buchholz.*without two results|buchholz.*middle|median[- ]?buchholz|mittlere buchholz", "BH/M1", True, ""),
    (r"buchholz.*\(all results\)|buchholz.*\(total\)", "BH", True, ""),
    (r"buchholz.*\(cut ?1\)|buchholz[- ]cut[- ]?1\b", "BH/C1", True, ""),
    (r"buchholz[- ]cut[- ]?2\b", "BH/C2", True, ""),
    (r"fore ?buchholz", "FB", False, ""),
    (r"buchholz", "BH", False, ""),
    (r"sonneborn", "SB", False, ""),
    (r"koya", "KS", False, ""),
    (r"rating average of the opponents \(without one result\)|rtg.*without lowest", "ARO/C1", True, ""),
    (r"rating average of the opponents|average rating of (the )?opponents|\baro\b|elo-?(schnitt|durchschnitt) der "
     r"gegner", "ARO", False, ""),
    (r"average recursive performance|recursive rating ?performance", "", True,
     "recursive performance is not a C.07 tie-break"),
    (r"performance tie-breaks \(tpr, apro, ptp, appo\)", "TPR|APRO|PTP|APPO", False, ""),
    (r"rating ?performance|^performance", "TPR", False, ""),
    (r"fide tie-?break \(progressive|progressive score|cumulative", "PS", False, ""),
    (r"^fide tie-?break", "PS", False, "Swiss-Manager's \"Fide Tie-Break\" is the progressive score"),
    (r"won with black|siege mit (den )?schwarz", "BWG", True, ""),
    (r"most black|games (played )?with (the )?black|number of games played with black|"
     r"(partien|spiele) mit (den )?schwarz|schwarzpartien", "BPG", True, ""),
    (r"greater number of victories/games", "WIN|WON|BPG|BWG", False, ""),
    (r"number of wins|greater number of victories|number of victories|most wins|anzahl (der )?siege", "WIN", False,
     ""),
    (r"games won", "WON", True, ""),
    (r"rounds elected to play|games one elected", "REP", True, ""),
    (r"standard points", "STD", True, ""),
    (r"pairing number|starting rank", "TPN", True, ""),
    (r"matchpoints|match points", "", True, "team tie-breaks are not read from individual exports"),
)


class _Parameters(NamedTuple):
    """What a legend name says in its brackets (None, False: it does not say)."""

    cut: int | None = None  # Cut-n
    median: int | None = None  # Median-n
    forfeits_played: bool = False  # forfeited games count (/P)
    ignore_unplayed: bool = False  # forfeits and byes ignored
    with_byes: bool = False  # including byes
    unrated_rating: int | None = None  # the rating of unrated players (C.07 10)
    year: str | None = None  # the year of the catalogue the name comes from ("2023")
    limit_percent: Fraction | None = None  # a Koya limit as a percentage other than 50% (C.07 9.2)
    limit: str | None = None  # a Koya limit modifier as written ("-1", "+0.5"; C.07 14.5)

    def given(self) -> bool:
        """The name says which modifier was chosen (a Cut, a Median, a limit)."""
        return self.cut is not None or self.median is not None or self.limit is not None \
            or self.limit_percent is not None


def _parameters(name: str) -> _Parameters:
    """The parameters a name carries in brackets: cuts, forfeits, a rating for unrated players, a limit."""
    low = name.lower()
    brackets = " ".join(re.findall(r"[(\[]([^)\]]*)[)\]]", low))
    m = re.search(r"\bcut[- ]?(\d)\b", brackets)
    cut = int(m.group(1)) if m else None
    m = re.search(r"\bmedian[- ]?(\d)?\b", brackets)
    median = int(m.group(1) or 1) if m else None
    forfeits_played = re.search(r"forfeit(ed)? games? count|forfeits count|forfeits? (are )?(counted|played)",
                                brackets) is not None
    ignore_unplayed = re.search(r"forfeits? and byes (are )?ignored|byes are ignored", brackets) is not None
    with_byes = re.search(r"including byes", low) is not None
    unrated_rating = None
    m = re.search(r"\((\d{3,4})\)", low)
    if m and not re.fullmatch(r"20\d\d", m.group(1)):
        unrated_rating = int(m.group(1))
    m = re.search(r"(?:unrated|rating for unrated|rtg\.? ?unrated)\D{0,12}(\d{3,4})", low)
    if m:
        unrated_rating = int(m.group(1))
    m = re.search(r"\((20\d\d)\)", low)
    year = m.group(1) if m else None
    limit_percent = limit = None
    m = re.search(r"limit\s*(\d+(?:[.,]\d+)?)\s*%", low)
    if m:  # a percentage of the maximum score (C.07 9.2: 50%); other ones: koya_limit()
        percent = Fraction(m.group(1).replace(",", "."))
        if percent != 50:
            limit_percent = percent
    else:
        m = re.search(r"limit\s*([+-]?\d+(?:[.,]\d)?)", low)
        if m:
            limit = m.group(1).replace(",", ".")
    return _Parameters(cut, median, forfeits_played, ignore_unplayed, with_byes, unrated_rating, year, limit_percent,
                       limit)


#: Swiss-Manager publishes a Median Sonneborn-Berger, which C.07 14.3 does not define (read leniently)
_MEDIAN_TOO = ("SB",)


def _with_modifiers(code: str, params: _Parameters) -> str:
    """``code`` with the modifiers the name's parameters give, where the tie-break takes them (its
    record, :mod:`xltb.tiebreaks.catalogue`). ``"Forfeited games count"`` gives no ``/P`` to the
    counts of Art. 7 (WON, BPG, BWG, REP): no export xltb has read shows what Swiss-Manager means by
    it there, and a count's name is read as written."""
    tb = tiebreak_of(code)
    if "/" in code or tb is None:
        return code
    if params.cut and tb.takes("C"):
        code += f"/C{params.cut}"
    elif params.median and (tb.takes("M") or tb.acronym in _MEDIAN_TOO):
        code += f"/M{params.median}"
    if params.limit and tb.takes("L"):
        lim = params.limit
        code += "/L" + (lim if lim[0] in "+-" else "+" + lim)
    if params.forfeits_played and tb.takes("P") and not tb.article.startswith("7."):
        code += "/P"
    return code


def interpret(name: str) -> LegendEntry | None:
    """Read a legend name; None when it is empty. Unknown or non-C.07 names give an entry without codes."""
    text = " ".join(name.split())
    if not text:
        return None
    params = _parameters(text)
    edition = _EDITION_OF_YEAR.get(params.year or "")
    explicit = [a for a in _ACRONYMS if re.search(rf"[(\[]\s*{a}\s*[)\],]|[(\[,]\s*{a}\s*[)\]]", text)]
    if len(explicit) == 1 and explicit[0] not in ("BH", "SB"):
        acronym = "REP" if explicit[0] == "GE" else explicit[0]
        if acronym == "WIN" and params.ignore_unplayed:
            acronym = "WON"  # wins over the board only
        code = _with_modifiers(acronym, params)
        return LegendEntry(text, (code,), False, edition, params.unrated_rating, note=_note_for(acronym))
    low = text.lower()
    for row in _TABLE:
        if re.search(row[0], low):
            return _from_table(text, row, params, edition)
    return LegendEntry(text, (), False, edition, params.unrated_rating, comparable=False, note="unknown tie-break name")


#: the edition a Swiss-Manager catalogue year names ("Variable (2023)")
_EDITION_OF_YEAR = {"2023": "2023-09", "2024": "2024-08", "2026": "2026-03"}


def _from_table(text: str, row: tuple[str, str, bool, str], params: _Parameters, edition: str | None) -> LegendEntry:
    """The entry of a name that matches ``row`` of :data:`_TABLE`."""
    _, target, certain, note = row
    low, unrated = text.lower(), params.unrated_rating
    if not target:
        return LegendEntry(text, (), False, edition, unrated, comparable=False, note=note or "not a C.07 tie-break")
    if target == "PTS":
        return LegendEntry(text, ("PTS",), False, edition, unrated, comparable=True, note="points")
    if "|" in target:
        codes = tuple(_with_modifiers(c, params) for c in target.split("|"))
        return LegendEntry(text, codes, True, edition, unrated, note=note or "the name covers several tie-breaks")
    family = target.partition("/")[0]
    if family == "WIN" and params.ignore_unplayed:
        return LegendEntry(text, ("WON",), False, edition, unrated, note="forfeits and byes ignored: games won")
    # names of the 2023 catalogue print the chosen parameters: "(Gamepoints)" alone means no Cut
    printed = re.search(r"\((?:game|match) ?points", low) is not None
    decided = certain or printed or "/" in target or family not in _VARIANTS \
        or params.given() \
        or (family == "KS" and re.search(r"limit\s*50\s*%", low) is not None) \
        or (family == "WIN" and params.with_byes)
    if decided:
        code = _with_modifiers(target, params)
        return LegendEntry(text, (code,), False, edition, unrated, note=note or _note_for(family),
                           limit_percent=params.limit_percent if family == "KS" else None)
    base = _with_modifiers(family, params)
    codes = tuple(dict.fromkeys([base] + [_with_modifiers(c, params._replace(cut=None, median=None))
                                          for c in _VARIANTS[family]]))
    why = note or ("the name does not say which modifier (Cut, Median, limit) was chosen" if
                   re.search(r"variab", low) else "the name does not say which variant")
    return LegendEntry(text, codes, True, edition, unrated, note=why)


def koya_limit(entry: LegendEntry, max_score: Fraction) -> tuple[str | None, str]:
    """(code, note) of a Koya name whose limit is a percentage other than 50% (``(Limit 60%)``).

    C.07 9.2 sets the limit at 50% of the maximum possible score; the modifier ``/L±n`` (14.5) moves
    it half a point per step. Another percentage is a C.07 code only when it lies a whole number of
    half points from 50% of this event's maximum; otherwise the column cannot be compared (None).
    """
    code = entry.codes[0]
    if entry.limit_percent is None:
        return code, ""
    limit = entry.limit_percent * max_score / 100
    steps = 2 * (limit - max_score / 2)
    if steps.denominator != 1:
        return None, (f"Koya limit {entry.limit_percent}% of the maximum score {max_score} = {float(limit):g} "
                      "points is not a whole number of half points from 50%: not expressible as a C.07 code")
    if steps == 0:
        return code, ""
    acronym, _, modifiers = code.partition("/")
    return "/".join([acronym, f"L{int(steps):+d}"] + ([modifiers] if modifiers else [])), \
        f"Koya limit {entry.limit_percent}% of {max_score} = {float(limit):g} points"


def _note_for(acronym: str) -> str:
    if acronym == "DE":
        return "the export prints the direct-encounter score of the participants it separated, 0 for the others"
    return ""


#: candidates tried for a column that has no legend name (most common first)
UNNAMED_CANDIDATES = ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "ARO", "ARO/C1", "PS", "WIN", "WON",
                      "BPG", "BWG", "KS", "TPR", "AOB", "REP")


@dataclass(frozen=True)
class ColumnReading:
    """A published tie-break column read as C.07 codes: the legend's name (or the values, when the
    export names none), or the code the user gave for it (``--tiebreaks``)."""

    key: str
    """The column's header (``TB1``)."""

    name: str
    """Its legend name as written (empty when the export names none)."""

    code: str | None
    """The code it is read as (the most likely candidate); None: not a C.07 value."""

    candidates: tuple[str, ...] = ()
    """The codes the name may stand for, the most likely first."""

    comparable: bool = True
    """Its values can be compared with a C.07 value."""

    ambiguous: bool = False
    """The name does not decide between the candidates: the published values decide."""

    note: str = ""
    """Why it is read so, in words."""

    given: bool = False
    """The code was given by the user (``xltb check --tiebreaks``, :mod:`xltb.check.legend`)."""

    unrated_rating: int | None = None
    """The rating the name says unrated players count as (``(1400)``)."""

    edition: str | None = None
    """An edition the name implies (``"2023-09"`` for ``Variable (2023)``)."""


def read_columns(columns: "tuple[PublishedColumn, ...]", max_score: Fraction) -> list[ColumnReading]:
    """Every published tie-break column read as C.07 codes: by its legend name (:func:`interpret`; a Koya
    limit given as a percentage of ``max_score``, :func:`koya_limit`), else by its values: a column of 0
    for almost everyone, and 1 at most, is how exports print direct encounter; any other unnamed column
    is ambiguous among :data:`UNNAMED_CANDIDATES`."""
    out = []
    for col in columns:
        entry = interpret(col.name) if col.name else None
        edition = entry.edition if entry is not None else None
        if entry is not None:
            code = entry.codes[0] if entry.codes else None
            candidates, note = entry.codes, entry.note
            comparable = entry.comparable and bool(entry.codes) and entry.codes[0] != "PTS"
            if entry.limit_percent is not None:  # "(Limit 60%)": a C.07 limit only in whole half points
                code, why = koya_limit(entry, max_score)
                candidates, comparable = ((code,) if code else ()), code is not None
                note = "; ".join(n for n in (note, why) if n)
            out.append(ColumnReading(col.key, col.name, code, candidates, comparable, entry.ambiguous, note,
                                     unrated_rating=entry.unrated_rating, edition=edition))
            continue
        zeros = sum(1 for v in col.values.values() if v == 0)
        if col.values and zeros >= 0.8 * len(col.values) and all(v is not None and 0 <= v <= 1
                                                                  for v in col.values.values()):
            out.append(ColumnReading(col.key, col.name, "DE", ("DE",), True, True,
                                     "no legend name; 0 for almost everyone, as the export prints direct encounter: "
                                     "read as DE (give --tiebreaks to decide)"))
        else:
            out.append(ColumnReading(col.key, col.name, UNNAMED_CANDIDATES[0], UNNAMED_CANDIDATES, True, True,
                                     "no legend name: the code is the candidate that reproduces the most values "
                                     "(give --tiebreaks to decide)"))
    return out


def named_edition(readings: list[ColumnReading]) -> str | None:
    """The edition the legend names, when its names imply exactly one (``(2023)``); else None. (The
    user's codes for the columns do not change what the legend says of the edition.)"""
    implied = {r.edition for r in readings if r.edition}
    return implied.pop() if len(implied) == 1 else None
