"""Check the tie-breaks another program published, and explain every difference.

Sources of published figures (:func:`load_source`):

* a chess-results / Swiss-Manager crosstable export (CSV): the ``TB1..TBn`` columns, named by the
  legend lines (read by :mod:`xltb.check.legend`), the rank column and the points;
* a TRF file: its rank column (columns 86-89) under the file's 202/212 list (or ``--tiebreaks``);
* a previous ``xltb standings -f json`` output: its values and ranks, recomputed from the event file.

For every participant and tie-break the published value is compared with xltb's, to the published
precision (a value printed with two decimals is compared rounded to two decimals; a JSON number
exactly). For every difference the report gives the breakdown of xltb's value (contributions, cuts,
the article) and the known *variants* that reproduce the published figure exactly: another
edition of C.07, forfeits counted as played games (``/P``), another Cut/Median/limit modifier, another
rating for unrated players, and the conventions other programs are known to follow where the
2011 annex left room (:data:`CONVENTIONS`). A variant is recomputed, never guessed: it is named
only when its value, rounded as the export prints it, is the published figure.

Rank differences are classified: the published rank follows from the published values (so it
differs because a value differs), from different points, or from nothing published (an edited rank
column, or a tie-break the export does not print).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Callable

from ..errors import InputError, TieBreakError, XltbError
from ..model import EventType, Tournament
from ..readers.published import Published
from ..readers.registry import read_published
from ..rules import EDITIONS, Edition, edition_for_date, parse_edition

#: statuses of a comparison
OK, DIFFERS = "ok", "differs"


# --------------------------------------------------------------------------- numbers
def round_to(value: Fraction, places: int) -> Fraction:
    """``value`` rounded half away from zero to ``places`` decimals (how exports print values)."""
    scale = 10**places
    scaled = value * scale
    rounded = int((abs(scaled) * 2 + 1) // 2) * (1 if scaled >= 0 else -1)
    return Fraction(rounded, scale)


def same_figure(published: Fraction | None, decimals: int | None, value: Fraction | None) -> bool:
    """True when xltb's ``value`` prints as the ``published`` figure.

    ``decimals`` is the precision of the published column (None: a JSON number, compared as a
    binary float exactly as it was written). An empty published cell matches an undefined value.
    """
    if published is None or value is None:
        return published is None and value is None
    if decimals is None:
        return float(value) == float(published)
    return round_to(value, decimals) == published


def _decimals(text: str) -> int:
    t = text.strip().replace(",", ".")
    if t.endswith("½"):
        return 1
    return len(t.split(".", 1)[1]) if "." in t else 0


def show(value: Fraction | None) -> str:
    """A value for the report: as many decimals as it needs (up to 4), '-' when undefined."""
    if value is None:
        return "-"
    for places in (0, 1, 2, 3, 4):
        if (value * 10**places).denominator == 1:
            return f"{float(value):.{places}f}"
    return f"{float(value):.4f}"


# --------------------------------------------------------------------------- conventions
@dataclass(frozen=True)
class Convention:
    """A way another program computes a tie-break where the rules left room (recomputed from xltb's
    breakdown, exactly)."""

    key: str
    applies: Callable[[str, Edition], bool]  # (code, edition) -> applicable
    description: str
    transform: Callable  # (evaluation, spec, edition, tournament) -> Fraction | None


def _sb_virtual_draw(ev, spec, edition, tournament) -> Fraction | None:
    """Sonneborn-Berger with every unplayed game counted as a *draw* against the 2012 virtual opponent.

    The 2011 annex F.b says "all forfeited games are considered to be a draw. The score of this
    virtual player will be applied": xltb reads the draw as the opponents' view (their unplayed
    games count as draws in their scores) and keeps the participant's own result (a forfeit win
    scores 1 x Sv, a forfeit loss 0); Swiss-Manager also scores the participant's own unplayed game
    as a draw, Sv x 1/2, for forfeits, byes and absences alike.
    """
    from ..tiebreaks.base import Element
    from ..tiebreaks.modifiers import apply_cuts

    if ev is None or ev.value is None:
        return None
    q = ev.q
    draw = int(tournament.scoring.draw * q)
    elements = []
    for raw in ev.elements:
        e = Element._make(raw)
        if e.source == "virtual":
            e = e._replace(value=e.score * draw, key=(e.score, e.score * draw), result=draw)
        elements.append(tuple(e))
    cuts = apply_cuts(elements, spec.cut, spec.median, edition, vur_exception=False) \
        if (spec.cut or spec.median) else {}
    return Fraction(sum(e[0] for i, e in enumerate(elements) if i not in cuts), q**ev.power)


def _aro_cut_unplayed_first(ev, spec, edition, tournament) -> Fraction | None:
    """ARO/TPR Cut-n where each round without a game over the board is the first thing cut.

    C.07 10.1 averages the games played over the board and Cut-1 removes the lowest rating; the 2011
    annex says nothing about unplayed rounds. Swiss-Manager's "variable" ARO counts an unplayed
    round as a cut value: a participant with one unplayed round gets the plain average of his
    games (nothing else cut).
    """
    from ..tiebreaks.modifiers import apply_cuts
    from ..tiebreaks.rating import _ratio_half_up

    if ev is None or not ev.elements:
        return None if ev is None else ev.value
    rounds = tournament.rounds
    unplayed = max(0, rounds - len(ev.elements))
    left = max(0, spec.cut - unplayed)
    elements = ev.elements
    cuts = apply_cuts(elements, left, 0, edition, vur_exception=False) if left else {}
    kept = [e[0] for i, e in enumerate(elements) if i not in cuts]
    if not kept:
        return None
    return Fraction(_ratio_half_up(sum(kept), len(kept)))


CONVENTIONS: tuple[Convention, ...] = (
    Convention("sb-unplayed-draw",
               lambda code, ed: code.split("/")[0] == "SB" and ed.virtual_opponent,
               "Swiss-Manager's reading of the 2011 annex F.b: the participant's own unplayed games count "
               "as draws against the virtual opponent (Sv x 1/2)", _sb_virtual_draw),
    Convention("aro-cut-unplayed",
               lambda code, ed: code.split("/")[0] in ("ARO",) and "/C" in code,
               "Swiss-Manager's ARO Cut: an unplayed round is cut first (a participant with an unplayed "
               "round keeps all the games played)", _aro_cut_unplayed_first),
)

_CONVENTION = {c.key: c for c in CONVENTIONS}


# --------------------------------------------------------------------------- variants
@dataclass(frozen=True)
class Variant:
    """A recomputation: an edition, a code, a rating for unrated players, maybe a convention."""

    edition: str
    code: str
    unrated_rating: int | None = None
    convention: str | None = None
    label: str = ""

    def describe(self) -> str:
        return self.label or f"{self.code} under {self.edition}"


_CUT_FAMILY = ("", "/C1", "/C2", "/M1", "/M2")
_UNRATED_TRIES = (0, 1000, 1200, 1400, 1500, 1600, 1800, 2000)


def _split_code(code: str) -> tuple[str, str, bool, str]:
    """(acronym, cut/median part, /P, other modifiers) of a code in TRF spelling."""
    parts = code.split("/")
    acronym, mods = parts[0], parts[1:]
    cut = next((m for m in mods if re.fullmatch(r"[CM]\d", m)), "")
    forfeits = "P" in mods
    other = [m for m in mods if m != cut and m != "P"]
    return acronym, ("/" + cut if cut else ""), forfeits, "".join("/" + m for m in other)


def _join(acronym: str, cut: str, forfeits: bool, other: str) -> str:
    return acronym + cut + other + ("/P" if forfeits else "")


def _toggle_forfeits(code: str) -> str:
    """``code`` with /P added or removed."""
    acronym, cut, forfeits, other = _split_code(code)
    return _join(acronym, cut, not forfeits, other)


def variants_for(code: str, edition: Edition, unrated: int | None, *, has_unrated: bool,
                 team: bool = False) -> list[Variant]:
    """The known alternatives to ``code`` under ``edition``, nearest first: the same edition with
    another modifier (forfeits as played, Cut/Median, Koya limit), another rating for unrated
    players, another program's convention, then every other edition."""
    from ..tiebreaks.codes import CUTTABLE, parse_code
    from ..tiebreaks.registry import CATALOGUE

    acronym, cut, forfeits, other = _split_code(code)
    out: list[Variant] = []

    def add(v: Variant) -> None:
        try:
            parse_code(v.code)
        except TieBreakError:
            return
        if v not in out and not (v.code == code and v.edition == edition.key and v.unrated_rating == unrated
                                 and v.convention is None):
            out.append(v)

    ed = edition.key
    if not team:
        toggled = _join(acronym, cut, not forfeits, other)
        add(Variant(ed, toggled, unrated, None, f"{toggled}: forfeits " +
                    ("not counted as played games" if forfeits else "counted as played games (/P)")))
        if acronym in CUTTABLE:
            for c in _CUT_FAMILY:
                if c != cut:
                    alt = _join(acronym, c, forfeits, other)
                    add(Variant(ed, alt, unrated, None, f"{alt} instead of {code}"))
        if acronym == "KS":
            for steps in (-2, -1, 1, 2):
                alt = _join(acronym, cut, forfeits, f"/L{steps:+d}")
                add(Variant(ed, alt, unrated, None, f"{alt}: Koya limit moved {steps / 2:+g} point"))
        tb = CATALOGUE.get(acronym)
        if tb is not None and tb.rating_based and has_unrated:
            for r in _UNRATED_TRIES:
                if r != unrated:
                    add(Variant(ed, code, r, None, f"unrated players rated {r}"))
        for conv in CONVENTIONS:
            for e in dict.fromkeys([edition, EDITIONS["2012"]]):
                if conv.applies(code, e):
                    add(Variant(e.key, code, unrated, conv.key,
                                f"{conv.description} (edition {e.key})"))
    for e in EDITIONS.values():
        if e.key != ed:
            add(Variant(e.key, code, unrated, None, f"edition {e.key}"))
    return out


# --------------------------------------------------------------------------- recomputation
class Recomputer:
    """Computes (and caches) xltb's values of one code under one variant for every participant."""

    def __init__(self, event, *, team: bool = False):
        self.event = event
        self.team = team
        self._standings: dict[tuple, object] = {}
        self._values: dict[Variant, dict[int, Fraction | None] | str] = {}

    def standings(self, edition: str, codes: tuple[str, ...], unrated: int | None):
        key = (edition, codes, unrated)
        if key not in self._standings:
            try:
                from ..ranking import compute

                self._standings[key] = compute(self.event, list(codes) if codes else None, edition,
                                               unrated_rating=unrated)
            except TieBreakError as err:
                self._standings[key] = str(err.message)
        return self._standings[key]

    def values(self, v: Variant) -> dict[int, Fraction | None] | str:
        """Values by start number, or the reason they cannot be computed."""
        found = self._values.get(v)
        if found is not None:
            return found
        st = self.standings(v.edition, (v.code,), v.unrated_rating)
        if isinstance(st, str):
            self._values[v] = st
            return st
        code = st.codes[0]
        out: dict[int, Fraction | None] = {}
        if v.convention:
            from ..tiebreaks.codes import parse_code

            conv = _CONVENTION[v.convention]
            spec = parse_code(code)
            edition = EDITIONS[v.edition]
            for p in self.participants():
                out[p.start_no] = conv.transform(st.evaluation(p.start_no, code), spec, edition, self.tournament)
        else:
            for p in self.participants():
                ev = st.evaluation(p.start_no, code)
                out[p.start_no] = None if ev is None else ev.value
        self._values[v] = out
        return out

    @property
    def tournament(self):
        return self.event

    def participants(self):
        return self.event.teams if self.team else self.event.players


# --------------------------------------------------------------------------- sources
@dataclass
class Column:
    """A published tie-break column and the code it is checked as."""

    key: str  # TB1, or the code for JSON
    name: str  # legend name ("" when none)
    values: dict[int, Fraction | None]
    texts: dict[int, str]
    decimals: int | None  # None: JSON numbers, compared exactly
    candidates: tuple[str, ...] = ()
    code: str | None = None  # the code compared (None: not compared)
    comparable: bool = True
    ambiguous: bool = False
    note: str = ""
    given: bool = False  # the code was given by the user (--tiebreaks)
    unrated_rating: int | None = None


@dataclass
class Source:
    """What was published, and the event it is about."""

    path: str
    kind: str  # "chess-results", "swissperfect", "trf", "xltb-json"
    event: object
    columns: list[Column]
    ranks: dict[int, int]
    points: dict[int, Fraction | None]
    names: dict[int, str]
    team: bool = False
    rules: str | None = None  # edition the source says it used (JSON)
    date_hint: tuple[date, str] | None = None  # a date to choose the edition, and where it comes from
    notes: list[str] = field(default_factory=list)
    rank_codes: tuple[str, ...] = ()  # the list the ranks were computed with (TRF, JSON)


def _user_list(tiebreaks: str | None) -> list[str] | None:
    """``--tiebreaks`` for a check: codes in column order; ``-`` skips a column."""
    if not tiebreaks:
        return None
    from ..tiebreaks.codes import parse_code

    out = []
    for item in tiebreaks.split(","):
        item = item.strip()
        if item in ("-", "", "skip"):
            out.append("-")
        else:
            out.append(parse_code(item).code)
    return out


def load_source(path: str, *, tiebreaks: str | None = None, event_path: str | None = None,
                event_type: str | None = None) -> Source:
    """Read the published figures and the event. Raises :class:`InputError` for what cannot be read."""
    if not os.path.isfile(path):
        raise InputError("no such file", file=path)
    user = _user_list(tiebreaks)
    head = _head(path)
    if head.lstrip().startswith("{"):
        return _json_source(path, user, event_path)
    export = read_published(path, EventType(event_type) if event_type else None)
    if export is not None:
        return _csv_source(path, user, export)
    return _trf_source(path, user, event_type)


def _head(path: str) -> str:
    with open(path, "rb") as fh:
        raw = fh.read(4096)
    return raw.decode("utf-8", "replace").lstrip("\ufeff")


def _csv_source(path: str, user: list[str] | None, export: tuple[Tournament, Published]) -> Source:
    from .legend import UNNAMED_CANDIDATES, interpret
    from ..readers.text import read_text

    tournament, published = export
    if user is not None and len(user) > len(published.tiebreaks):
        raise InputError(f"--tiebreaks has {len(user)} codes, the export {len(published.tiebreaks)} tie-break "
                         "columns: give one code per column, in order ('-' skips a column)", file=path)
    columns = []
    for i, col in enumerate(published.tiebreaks):
        texts = {k: v for k, v in col.texts.items()}
        decimals = max((_decimals(t) for t in texts.values() if t.strip()), default=0)
        c = Column(col.key, col.name, dict(col.values), texts, decimals)
        entry = interpret(col.name) if col.name else None
        if user is not None:
            if i < len(user):
                c.code = None if user[i] == "-" else user[i]
                c.candidates = () if c.code is None else (c.code,)
                c.given = True
                c.comparable = c.code is not None
                c.note = "code given with --tiebreaks" if c.code else "skipped (--tiebreaks -)"
            else:
                c.code, c.comparable, c.note = None, False, "not in --tiebreaks: not compared"
        elif entry is not None:
            c.candidates = entry.codes
            c.comparable = entry.comparable and bool(entry.codes) and entry.codes[0] != "PTS"
            c.ambiguous = entry.ambiguous
            c.note = entry.note
            c.unrated_rating = entry.unrated_rating
            c.code = entry.codes[0] if entry.codes else None
            if entry.limit_percent is not None:  # "(Limit 60%)": a C.07 limit only in whole half points
                from .legend import koya_limit

                code, why = koya_limit(entry, tournament.max_score)
                c.code, c.candidates, c.comparable = code, (code,) if code else (), code is not None
                c.note = "; ".join(n for n in (c.note, why) if n)
        else:
            c.ambiguous = True
            zeros = sum(1 for v in c.values.values() if v == 0)
            if c.values and zeros >= 0.8 * len(c.values) and all(v is not None and 0 <= v <= 1
                                                                 for v in c.values.values()):
                c.candidates = ("DE",)
                c.code = "DE"
                c.note = ("no legend name; 0 for almost everyone, as the export prints direct encounter: read as "
                          "DE (give --tiebreaks to decide)")
            else:
                c.candidates = UNNAMED_CANDIDATES
                c.code = UNNAMED_CANDIDATES[0]
                c.note = "no legend name: the code is the candidate that reproduces the most values " \
                         "(give --tiebreaks to decide)"
        columns.append(c)
    text, _ = read_text(path)
    hint = None
    m = re.search(r"(?:last update|letzte aktualisierung|laatste update)\D{0,5}(\d{1,2})\.(\d{1,2})\.(\d{4})",
                  text[:2000], re.IGNORECASE)
    if m and tournament.start_date is None:
        hint = (date(int(m.group(3)), int(m.group(2)), int(m.group(1))), "the export's last update")
    names = {p.start_no: p.name for p in tournament.players}
    notes = []
    if published.kind == "swissperfect":
        notes.append("a SwissPerfect export publishes no tie-break values: only points are compared")
    return Source(path, published.kind, tournament, columns, dict(published.ranks), dict(published.points), names,
                  date_hint=hint, notes=notes,
                  rank_codes=tuple(c.code for c in columns if c.code and c.code != "PTS"))


def _trf_source(path: str, user: list[str] | None, event_type: str | None) -> Source:
    from ..ranking.choices import default_list, file_tiebreaks, is_team
    from ..readers.registry import read_event
    from ..tiebreaks.codes import parse_list

    event = read_event(path, event_type)[0]
    team = is_team(event)
    participants = event.teams if team else event.players
    ranks = {p.start_no: p.declared_rank for p in participants if getattr(p, "declared_rank", None)}  # 0: none
    if not ranks:
        raise InputError("the file has no rank column (TRF columns 86-89): nothing to check", file=path)
    notes = []
    if user:
        codes = tuple(c for c in user if c != "-")
        notes.append("tie-break list given with --tiebreaks")
    elif (own := file_tiebreaks(event)) is not None:
        codes = tuple(s.code for s in own)
        notes.append("tie-break list of the file (TRF 212/202)")
    else:
        codes = tuple(s.code for s in parse_list(default_list(event.event_type, team)))
        notes.append("the file names no tie-breaks (212/202): xltb's default list is assumed; give --tiebreaks")
    points = {p.start_no: getattr(p, "declared_points", None) for p in participants}
    names = {p.start_no: p.name for p in participants}
    return Source(path, "trf", event, [], ranks, points, names, team=team, notes=notes, rank_codes=codes)


def _json_source(path: str, user: list[str] | None, event_path: str | None) -> Source:
    from ..cli.common import load_event

    try:
        with open(path, encoding="utf-8-sig") as fh:
            doc = json.load(fh)
        rows = doc["standings"]
        codes = list(doc["tiebreaks"])
        event_doc = doc.get("event") or {}
    except (ValueError, KeyError, TypeError) as err:
        raise InputError(f"not an xltb standings JSON ({err.__class__.__name__}: {err})", file=path) from None
    target = event_path
    if not target:
        src = event_doc.get("source")
        if not src:
            raise InputError("the JSON does not name its event file: give --event FILE", file=path)
        target = os.path.join(os.path.dirname(os.path.abspath(path)), src)
        if not os.path.isfile(target):
            raise InputError(f"the event file {src!r} named by the JSON is not next to it: give --event FILE",
                             file=path)
    event = load_event(target, event_doc.get("type") if event_doc.get("type") else None)
    team = hasattr(event, "teams")
    _same_participants(rows, event.teams if team else event.players, path, target)
    options = doc.get("options") if isinstance(doc.get("options"), dict) else {}
    unrated = options.get("unrated_rating")
    if unrated is not None and (isinstance(unrated, bool) or not isinstance(unrated, (int, float))
                                or unrated != int(unrated)):
        raise InputError(f"options.unrated_rating {unrated!r} is not a whole number", file=path)
    unrated = None if unrated is None else int(unrated)
    if team:
        try:
            import xltb.ranking.team  # noqa: F401
        except ImportError:
            raise InputError("this is a team event and the team engine is not installed", file=path) from None
    if user is not None:
        given = [c for c in user]
        if len(given) != len(codes):
            raise InputError(f"--tiebreaks has {len(given)} codes, the JSON {len(codes)} columns", file=path)
    else:
        given = codes
    columns = []
    ranks, points, names = {}, {}, {}
    for i, code in enumerate(codes):
        values, texts = {}, {}
        for row in rows:
            v = row["tiebreaks"].get(code)
            values[row["start_no"]] = None if v is None else Fraction(v)
            texts[row["start_no"]] = "" if v is None else repr(v)
        chosen = None if given[i] == "-" else given[i]
        columns.append(Column(code, code, values, texts, None, (chosen,) if chosen else (), chosen,
                              comparable=chosen is not None,
                              note="" if chosen else "skipped", unrated_rating=unrated))
    for row in rows:
        ranks[row["start_no"]] = row["rank"]
        points[row["start_no"]] = None if row.get("points") is None else Fraction(row["points"])
        names[row["start_no"]] = row.get("name", "")
    return Source(path, "xltb-json", event, columns, ranks, points, names, team=team, rules=doc.get("rules"),
                  notes=[f"event recomputed from {target}"], rank_codes=tuple(c for c in given if c != "-"))


def _same_participants(rows, participants, path: str, target: str) -> None:
    """The JSON's rows must be the event's participants (same numbers, same names): a JSON checked
    against another event is an input error, not a list of differences."""
    try:
        listed = {int(row["start_no"]): str(row.get("name", "") or "") for row in rows}
    except (KeyError, TypeError, ValueError, AttributeError):
        raise InputError("not an xltb standings JSON (a row without start_no)", file=path) from None
    present = {p.start_no: p.name for p in participants}
    event = os.path.basename(target)
    if set(listed) != set(present):
        extra = sorted(set(listed) - set(present))
        missing = sorted(set(present) - set(listed))
        parts = []
        if extra:
            parts.append("numbers not in the event: " + ", ".join(map(str, extra[:5]))
                         + (" ..." if len(extra) > 5 else ""))
        if missing:
            parts.append("event participants not in the JSON: " + ", ".join(map(str, missing[:5]))
                         + (" ..." if len(missing) > 5 else ""))
        raise InputError(f"the JSON's participants ({len(listed)}) do not match the event {event} "
                         f"({len(present)}): {'; '.join(parts)}; is --event the file the JSON was computed from?",
                         file=path)
    for no, name in sorted(listed.items()):
        if name and present[no] and name.strip().casefold() != present[no].strip().casefold():
            raise InputError(f"the JSON's participants do not match the event {event}: #{no} is {name!r} in the "
                             f"JSON, {present[no]!r} in the event; is --event the file the JSON was computed from?",
                             file=path)


# --------------------------------------------------------------------------- the report
@dataclass
class CellDifference:
    start_no: int
    name: str
    column: str
    code: str
    published_text: str
    published: Fraction | None
    value: Fraction | None
    breakdown: list[str]
    reproduced_by: list[str]  # descriptions of the variants that reproduce the published figure
    closest: str = ""  # when none reproduces it


@dataclass
class ColumnReport:
    key: str
    name: str
    code: str | None
    compared: int
    agree: int
    note: str = ""
    whole_column: list[str] = field(default_factory=list)  # variants reproducing every published value
    error: str = ""
    # every participant of a compared column: (start_no, published text, published, xltb, agrees)
    rows: list[tuple[int, str, Fraction | None, Fraction | None, bool]] = field(default_factory=list)


@dataclass
class RankDifference:
    start_no: int
    name: str
    published: int
    value: int
    cause: str  # "values", "points", "unexplained", "not-compared" (decided by a column not compared)
    explanation: str
    reproduced_by: list[str] = field(default_factory=list)


@dataclass
class CheckReport:
    source: str
    kind: str
    edition: str
    edition_reason: str
    codes: list[str]
    columns: list[ColumnReport]
    cells: list[CellDifference]
    ranks: list[RankDifference]
    points: list[tuple[int, str, Fraction | None, Fraction]]
    notes: list[str]
    participants: int
    ranks_compared: int
    rank_whole: list[str] = field(default_factory=list)  # variants reproducing every published rank
    names: dict[int, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Everything compared agrees (a column that could not be compared is reported, not a difference)."""
        return not self.cells and not self.points and all(r.cause == "not-compared" for r in self.ranks)

    @property
    def not_compared(self) -> list[ColumnReport]:
        return [c for c in self.columns if c.code is None or c.error or c.compared == 0]

    # ------------------------------------------------------------------ writers
    def to_text(self, all_values: bool = False) -> str:
        """The report; ``all_values`` adds, per compared column, every participant's published and
        xltb value (the default lists only the differences)."""
        lines = [f"check of {os.path.basename(self.source)} ({self.kind}, {self.participants} participants)",
                 f"rules: C.07 edition {self.edition} ({self.edition_reason})",
                 "tie-breaks: " + (", ".join(self.codes) or "-")]
        for n in self.notes:
            lines.append(f"note: {n}")
        lines.append("")
        for c in self.columns:
            head = f"{c.key}" + (f" \"{c.name}\"" if c.name and c.name != c.key else "")
            if c.code is None or c.error:
                lines.append(f"{head}: not compared" + (f" ({c.error or c.note})" if (c.error or c.note) else ""))
                continue
            if c.compared == 0:
                lines.append(f"{head} as {c.code}: not compared ({c.note})")
                continue
            status = "all agree" if c.agree == c.compared else f"{c.compared - c.agree} differ"
            lines.append(f"{head} as {c.code}: {c.agree}/{c.compared} agree, {status}"
                         + (f" [{c.note}]" if c.note else ""))
            for w in c.whole_column:
                lines.append(f"    reproduces every published value: {w}")
        if self.ranks_compared:
            lines.append(f"ranks: {self.ranks_compared - len(self.ranks)}/{self.ranks_compared} agree")
            for w in self.rank_whole:
                lines.append(f"    reproduces every published rank: {w}")
        if self.points:
            lines.append(f"points: {len(self.points)} differ")
        for no, name, pub, val in self.points:
            lines.append(f"  #{no} {name}: published {show(pub)} points, the rounds give {show(val)}")
        if all_values:
            for c in self.columns:
                if not c.rows:
                    continue
                lines.append("")
                lines.append(f"{c.key} as {c.code}, every participant:")
                lines.append(f"  {'no':>5}  {'name':<28} {'published':>10} {'xltb':>10}")
                for no, text, pub, val, agrees in sorted(c.rows):
                    shown = text.strip() or show(pub)
                    lines.append(f"  {no:>5}  {self._name(no):<28.28} {shown:>10} {show(val):>10}"
                                 + ("" if agrees else "  differs"))
        if self.cells:
            lines.append("")
            lines.append("differences:")
        for d in self.cells:
            lines.append(f"#{d.start_no} {d.name}  {d.column} {d.code}: published {d.published_text or '-'}, "
                         f"xltb {show(d.value)}")
            for b in d.breakdown:
                lines.append("    " + b)
            if d.reproduced_by:
                lines.append("    reproduced by: " + d.reproduced_by[0])
                for other in d.reproduced_by[1:4]:
                    lines.append("               or: " + other)
                if len(d.reproduced_by) > 4:
                    lines.append(f"               and {len(d.reproduced_by) - 4} more")
            else:
                lines.append("    no known variant reproduces it" + (f"; closest: {d.closest}" if d.closest else ""))
        if self.ranks:
            lines.append("")
            lines.append("rank differences:")
        for r in self.ranks:
            lines.append(f"#{r.start_no} {r.name}: published rank {r.published}, xltb {r.value}: {r.explanation}")
            for v in r.reproduced_by[:3]:
                lines.append(f"    reproduced by: {v}")
        lines.append("")
        skipped = len(self.not_compared)
        lines.append("result: " + ("differences found" if not self.ok else "everything agrees" if not skipped
                                   else f"everything compared agrees ({skipped} column"
                                        f"{'s' if skipped > 1 else ''} not compared)"))
        return "\n".join(lines) + "\n"

    def _name(self, no: int) -> str:
        return self.names.get(no, "")

    def to_json(self) -> str:
        def num(v):
            return None if v is None else float(v)

        doc = {
            "source": os.path.basename(self.source), "kind": self.kind, "rules": self.edition,
            "rules_reason": self.edition_reason, "tiebreaks": self.codes, "ok": self.ok, "notes": self.notes,
            "columns": [{"key": c.key, "name": c.name, "code": c.code, "compared": c.compared, "agree": c.agree,
                         "note": c.note, "error": c.error, "reproduced_by": c.whole_column} for c in self.columns],
            # every participant x compared tie-break (issue 6): published, xltb, agrees
            "values": [{"start_no": no, "name": self._name(no), "column": c.key, "code": c.code,
                        "published": text.strip(), "published_value": num(pub), "xltb": num(val),
                        "agrees": agrees}
                       for c in self.columns for no, text, pub, val, agrees in sorted(c.rows)],
            "differences": [{"start_no": d.start_no, "name": d.name, "column": d.column, "code": d.code,
                             "published": d.published_text, "xltb": num(d.value), "breakdown": d.breakdown,
                             "reproduced_by": d.reproduced_by, "closest": d.closest} for d in self.cells],
            "ranks": {"compared": self.ranks_compared, "reproduced_by": self.rank_whole,
                      "differences": [{"start_no": r.start_no, "name": r.name, "published": r.published,
                                       "xltb": r.value, "cause": r.cause, "explanation": r.explanation,
                                       "reproduced_by": r.reproduced_by} for r in self.ranks]},
            "points": [{"start_no": no, "name": name, "published": num(p), "xltb": num(v)}
                       for no, name, p, v in self.points],
        }
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


# --------------------------------------------------------------------------- checking
def breakdown_lines(st, start_no: int, code: str) -> list[str]:
    """xltb's value of ``code`` for one participant, contribution by contribution."""
    ev = st.evaluation(start_no, code)
    if ev is None:
        return ["(no value)"]
    out = [f"xltb {show(ev.value)} = {ev.article or code}, edition {st.edition.key}:"]
    for c in ev.breakdown():
        opp = f" vs #{c.opponent}" if c.opponent else ""
        if c.rating is not None and c.score is None:
            out.append(f"  R{c.round}{opp}: rating {c.rating}" + (f"; CUT ({c.cut})" if c.cut else ""))
            continue
        parts = []
        if c.rating is not None:
            parts.append(f"rating {c.rating}")
        elif c.score is not None:
            parts.append(f"score {show(c.score)}")
        if c.result is not None and c.rating is None:
            parts.append(f"result {show(c.result)}")
        what = f"R{c.round}{opp}: " + ", ".join(parts) + f" -> {show(c.value)}  {c.explanation}"
        if c.article:
            what += f" [{c.article}]"
        if c.cut:
            what += f"; CUT ({c.cut})"
        out.append("  " + what)
    for n in ev.notes:
        out.append("  note: " + n)
    return out


def de_lines(st, start_no: int, code: str) -> list[str]:
    """What direct encounter decided for one participant (the engine's notes that name it)."""
    row = st.row(start_no)
    out = [f"xltb {show(row.values.get(code)) if row.values.get(code) is not None else 'not applied'} "
           f"(C.07 6, edition {st.edition.key}), rank {row.rank}"]
    for note in st.de_notes.get(code, []):
        if re.search(rf"#{start_no}\b", note):
            out.append("  " + note)
    if len(out) == 1:
        out.append("  direct encounter did not concern this participant (no tie left before it)")
    return out


class Checker:
    """Compare a :class:`Source` with xltb's figures (see :func:`check_source`)."""

    def __init__(self, source: Source, rules: str | None = None, unrated_rating: int | None = None):
        self.source = source
        self.rec = Recomputer(source.event, team=source.team)
        self.unrated = unrated_rating
        self.user_rules = rules
        self.notes = list(source.notes)

    # --------------------------------------------------------- configuration
    def _unrated_for(self, col: Column) -> int | None:
        return self.unrated if self.unrated is not None else col.unrated_rating

    def _is_de(self, code: str | None) -> bool:
        return bool(code) and code.split("/")[0].split(":")[0] in ("DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB")

    def column_values(self, col: Column, edition: str) -> dict[int, Fraction | None] | str:
        """xltb's values for a published column under ``edition`` (DE: from the ranking with the whole list)."""
        if not self._is_de(col.code):
            return self.rec.values(Variant(edition, col.code, self._unrated_for(col)))
        st = self._rank_standings(edition, self._rank_unrated())
        if isinstance(st, str):
            return st
        out = {}
        for row in st.rows:
            v = row.values.get(col.code)
            # chess-results prints 0 for the participants direct encounter did not concern
            out[row.start_no] = Fraction(0) if v is None and col.decimals is not None else v
        return out

    def _agreement(self, col: Column, v: Variant) -> int:
        values = self.column_values(col, v.edition) if (self._is_de(v.code) and v.code == col.code) \
            else self.rec.values(v)
        if isinstance(values, str):
            return -1
        return sum(1 for no, pub in col.values.items()
                   if no in values and same_figure(pub, col.decimals, values[no]))

    def _choose_codes(self, edition: Edition) -> int:
        """Pick each ambiguous column's code under ``edition``; the total agreement."""
        total = 0
        for col in self.source.columns:
            if not col.comparable or not col.candidates:
                continue
            if col.given or len(col.candidates) == 1:
                total += max(0, self._agreement(col, Variant(edition.key, col.code, self._unrated_for(col))))
                continue
            scored = [(self._agreement(col, Variant(edition.key, c, self._unrated_for(col))), -i, c)
                      for i, c in enumerate(col.candidates)]
            best = max(scored)
            col.code = best[2]
            total += max(0, best[0])
        return total

    def choose_edition(self) -> tuple[Edition, str]:
        src = self.source
        if self.user_rules:
            edition = parse_edition(self.user_rules)
            self._choose_codes(edition)
            return edition, "chosen by the user"
        if src.rules:
            edition = parse_edition(src.rules)
            self._choose_codes(edition)
            return edition, "the edition the JSON was computed with"
        implied = {parse_edition(e).key for c in src.columns if (e := _legend_edition(c))}
        start = getattr(src.event, "start_date", None)
        dated = edition_for_date(start) if start is not None else None
        if len(implied) == 1:
            named = EDITIONS[implied.pop()]
            # "(2023)" names the rules of 2023 onwards: the dated edition when it is one of them
            if dated is not None and named.key == "2023-09" and dated.key in ("2023-09", "2024-04", "2024-08"):
                named = dated
            self._choose_codes(named)
            return named, "named by the legend" + (f" (start date {start.isoformat()})" if start else "")
        if dated is not None:
            self._choose_codes(dated)
            return dated, f"in force on the start date {start.isoformat()}"
        if src.date_hint is not None:
            day, where = src.date_hint
            edition = edition_for_date(day)
            self._choose_codes(edition)
            return edition, f"no start date; in force on {day.isoformat()}, {where}"
        if not any(c.comparable for c in src.columns):
            if not src.ranks:
                edition = edition_for_date(None)
                return edition, "no start date: the newest edition"
            scores = []
            for i, e in enumerate(EDITIONS.values()):
                st = self._rank_standings(e.key, self._rank_unrated())
                agree = -1 if isinstance(st, str) else sum(1 for r in st.rows if src.ranks.get(r.start_no) == r.rank)
                scores.append((agree, -i, e))
            best = max(scores)
            detail = ", ".join(f"{e.key} {s}" for s, _, e in scores)
            return best[2], f"no start date: the edition that reproduces the most published ranks ({detail})"
        scores = [(self._choose_codes(e), -i, e) for i, e in enumerate(EDITIONS.values())]
        best = max(scores)
        edition = best[2]
        self._choose_codes(edition)
        detail = ", ".join(f"{e.key} {s}" for s, _, e in scores)
        return edition, f"no start date: the edition that reproduces the most published values ({detail})"

    # --------------------------------------------------------------- values
    def check(self) -> CheckReport:
        src = self.source
        edition, reason = self.choose_edition()
        self._edition = edition
        if src.kind in ("chess-results", "swissperfect"):  # the list the export ranked with: its columns
            src.rank_codes = tuple(c.code for c in src.columns if c.code and c.code != "PTS")
        columns: list[ColumnReport] = []
        cells: list[CellDifference] = []
        has_unrated = any(getattr(p, "rating", 0) is None for p in self.rec.participants())
        for col in src.columns:
            if not col.comparable or col.code is None:
                columns.append(ColumnReport(col.key, col.name, col.code, 0, 0, col.note or "not comparable"))
                continue
            if col.ambiguous and not col.given and len(col.candidates) > 1:
                tried = ", ".join(f"{c} {max(0, self._agreement(col, Variant(edition.key, c, self._unrated_for(col))))}"
                                  for c in col.candidates)
                col.note = (f"ambiguous name ({col.note}); read as {col.code}, the candidate that reproduces the "
                            f"most values ({tried}); give --tiebreaks to decide")
            unrated = self._unrated_for(col)
            values = self.column_values(col, edition.key)
            de = self._is_de(col.code)
            variants = [] if de else variants_for(col.code, edition, unrated, has_unrated=has_unrated,
                                                  team=src.team)
            report = ColumnReport(col.key, col.name, col.code, len(col.values), 0, col.note)
            if isinstance(values, str):  # not computable (e.g. unrated players): not compared, no differences
                report.error = values
                report.compared = 0
                columns.append(report)
                continue
            differing = []
            for no, pub in col.values.items():
                agrees = no in values and same_figure(pub, col.decimals, values[no])
                report.rows.append((no, col.texts.get(no, ""), pub, values.get(no), agrees))
                if agrees:
                    report.agree += 1
                else:
                    differing.append(no)
            if col.given and differing and report.agree == 0:
                report.note += ("; no published value agrees: --tiebreaks gives one code per column, in the "
                                "columns' order; is this the column's code?")
            score = {}
            if differing:
                for v in variants:
                    score[v] = self._agreement(col, v)
                    if score[v] == len(col.values):
                        report.whole_column.append(v.describe())
                # nearest first: the variants that reproduce more of the column, then the nearer changes
                variants = sorted(variants, key=lambda v: -score[v])
            st = self._rank_standings(edition.key, self._rank_unrated()) if de \
                else self.rec.standings(edition.key, (col.code,), unrated)
            for no in differing:
                reproduced, closest = [], None
                pub = col.values[no]
                for v in variants:
                    vals = self.rec.values(v)
                    if isinstance(vals, str) or no not in vals:
                        continue
                    if same_figure(pub, col.decimals, vals[no]):
                        reproduced.append(v.describe())
                    elif pub is not None and vals[no] is not None and values.get(no) is not None:
                        gap = abs(vals[no] - pub)
                        if gap < abs(values[no] - pub) and (closest is None or gap < closest[0]):
                            closest = (gap, f"{v.describe()} gives {show(vals[no])}")
                if isinstance(st, str):
                    lines = [st]
                elif de:
                    lines = de_lines(st, no, col.code)
                else:
                    lines = breakdown_lines(st, no, st.codes[0])
                cells.append(CellDifference(no, src.names.get(no, ""), col.key, col.code, col.texts.get(no, ""),
                                            pub, values.get(no), lines, reproduced,
                                            "" if reproduced or closest is None else closest[1]))
            columns.append(report)
        ranks, compared, rank_whole = self._ranks(edition)
        points = []
        st_points = self._points(edition)
        for no, pub in src.points.items():
            if pub is not None and no in st_points and st_points[no] != pub:
                points.append((no, src.names.get(no, ""), pub, st_points[no]))
        return CheckReport(src.path, src.kind, edition.key, reason, [c for c in src.rank_codes], columns, cells,
                           ranks, points, self.notes, len(list(self.rec.participants())), compared, rank_whole,
                           dict(src.names))

    def _points(self, edition: Edition) -> dict[int, Fraction]:
        st = self._rank_standings(edition.key, self.unrated)
        if isinstance(st, str):
            return {}
        return {row.start_no: row.points for row in st.rows}

    def _rank_unrated(self) -> int | None:
        if self.unrated is not None:
            return self.unrated
        return next((c.unrated_rating for c in self.source.columns if c.unrated_rating is not None), None)

    def _rank_standings(self, edition: str, unrated: int | None, codes: tuple[str, ...] | None = None):
        codes = codes if codes is not None else self.source.rank_codes
        return self.rec.standings(edition, tuple(codes) or None, unrated)

    # ---------------------------------------------------------------- ranks
    def _ranks(self, edition: Edition) -> tuple[list[RankDifference], int, list[str]]:
        src = self.source
        if not src.ranks:
            return [], 0, []
        unrated = self._rank_unrated()
        st = self._rank_standings(edition.key, unrated)
        if isinstance(st, str):
            self.notes.append(f"ranks not compared: {st}")
            return [], 0, []
        xltb_rank = {row.start_no: row.rank for row in st.rows}
        xltb_points = {row.start_no: row.points for row in st.rows}
        out = []
        implied = self._implied_ranks()
        gap = next((c for c in src.columns if not c.comparable or c.code is None), None)
        if gap is not None and src.kind in ("chess-results", "swissperfect"):
            self.notes.append(f"ranks: the export ranks with {gap.key} too, which is not compared "
                              f"({gap.note or 'no code'}); xltb ranks without it and the columns after it are not "
                              "used to explain ranks")
        diffs = [no for no, r in src.ranks.items() if no in xltb_rank and xltb_rank[no] != r]
        rank_variants = self._rank_variants(edition, unrated) if diffs else []
        whole = [label for label, ranks in rank_variants
                 if all(ranks.get(no) == r for no, r in src.ranks.items() if no in xltb_rank)]
        for no in diffs:
            pub = src.ranks[no]
            name = src.names.get(no, "")
            pub_pts = src.points.get(no)
            if pub_pts is not None and pub_pts != xltb_points[no]:
                out.append(RankDifference(no, name, pub, xltb_rank[no], "points",
                                          f"the published points ({show(pub_pts)}) differ from the rounds' "
                                          f"({show(xltb_points[no])})"))
                continue
            group = [r for r in st.rows if r.points == xltb_points[no]]
            reproduced = [label for label, ranks in rank_variants if ranks.get(no) == pub]
            if gap is not None and implied is not None and implied[no][0] < implied[no][1] \
                    and src.kind in ("chess-results", "swissperfect"):
                lo, hi = implied[no]
                out.append(RankDifference(
                    no, name, pub, xltb_rank[no], "not-compared",
                    f"the published columns before {gap.key} leave it tied for places {lo}-{hi}: {gap.key} or a "
                    f"later column decides, and {gap.key} is not compared ({gap.note or 'no code'}); xltb's list "
                    "lacks it, so the ranks cannot be compared here", reproduced))
                continue
            if implied is not None and implied[no][0] <= pub <= implied[no][1]:
                bad = self._differing_in_group(no, group)
                why = ("follows from the published values, which differ from xltb's"
                       + (f": {bad}" if bad else " for participants on the same points"))
                out.append(RankDifference(no, name, pub, xltb_rank[no], "values", why, reproduced))
                continue
            why = self._rank_reason(st, no, group)
            if implied is not None:
                lo, hi = implied[no]
                where = f"{lo}" if lo == hi else f"{lo}-{hi}"
                why = (f"the published values put it at {where}, the published rank is {pub}: the rank does not "
                       f"follow from the published figures (edited, or ordered by something not published); "
                       + why)
            elif not reproduced:
                why = "no known variant of the tie-break list reproduces the published rank (an edited rank " \
                      "column, or a list other than the one checked); " + why
            out.append(RankDifference(no, name, pub, xltb_rank[no], "unexplained", why, reproduced))
        return out, sum(1 for no in src.ranks if no in xltb_rank), whole

    def _implied_ranks(self) -> dict[int, tuple[int, int]] | None:
        """The place range each participant gets from the published points and values (None when the
        source publishes no values). Columns that cannot be compared (DE) end the ordering."""
        src = self.source
        if not src.columns or any(v is None for v in src.points.values()):
            return None
        from ..tiebreaks.codes import parse_code
        from ..tiebreaks.registry import CATALOGUE

        keys = []
        for col in src.columns:
            if not col.comparable or col.code is None:
                break
            try:
                spec = parse_code(col.code)
                tb = CATALOGUE.get(spec.acronym)
                higher = (tb.higher_is_better if tb else True) != spec.reverse
            except TieBreakError:
                higher = True
            keys.append((col, higher))
        def key(no):
            return (src.points[no],) + tuple(c.values.get(no) for c, _ in keys)

        def sort_key(no):  # points, then each value, best first (undefined last)
            parts = [-src.points[no]]
            for c, h in keys:
                v = c.values.get(no)
                parts.append((1, 0) if v is None else (0, -v if h else v))
            return parts

        order = sorted(src.points, key=sort_key)
        out: dict[int, tuple[int, int]] = {}
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and key(order[j + 1]) == key(order[i]):
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + 1, j + 1)
            i = j + 1
        return out

    def _differing_in_group(self, no: int, group) -> str:
        """Which published values differ from xltb's among the participants on the same points."""
        members = {r.start_no for r in group}
        parts = []
        for col in self.source.columns:
            if not col.comparable or col.code is None:
                continue
            values = self.column_values(col, self._edition.key)
            if isinstance(values, str):
                continue
            bad = [m for m in sorted(members) if m in values
                   and not same_figure(col.values.get(m), col.decimals, values[m])]
            if bad:
                shown = ", ".join(f"#{m}" for m in bad[:6]) + (" ..." if len(bad) > 6 else "")
                parts.append(f"{col.key} of {shown}")
        return "; ".join(parts)

    def _rank_reason(self, st, no: int, group) -> str:
        """Why xltb ranks ``no`` where it does: the first value that separates it from its neighbours."""
        row = st.row(no)
        same_place = [r for r in group if r.rank == row.rank and r.start_no != no]
        if same_place:
            return ("xltb leaves it tied with " + ", ".join(f"#{r.start_no}" for r in same_place[:5])
                    + " after the whole list (shared place)")
        codes = st.codes
        neighbours = []
        for r in group:
            if r.start_no == no:
                continue
            for code in codes:
                a, b = row.values.get(code), r.values.get(code)
                if a != b:
                    neighbours.append((r, code, a, b))
                    break
        if not neighbours:
            return "xltb's values do not separate it from its point group"
        close = sorted(neighbours, key=lambda t: abs(t[0].rank - row.rank))[:2]
        return "xltb: " + "; ".join(
            f"{'above' if row.rank < r.rank else 'below'} #{r.start_no} by {code} ({show(a)} v {show(b)})"
            for r, code, a, b in close)

    def _rank_variants(self, edition: Edition, unrated: int | None) -> list[tuple[str, dict[int, int]]]:
        """Whole rankings under the variants of the list: other editions, /P on every code, a rating for
        unrated players, and the conventions of other programs."""
        codes = self.source.rank_codes
        out = []
        team = self.source.team
        for e in EDITIONS.values():
            if e.key != edition.key:
                st = self.rec.standings(e.key, tuple(codes), unrated)
                if not isinstance(st, str):
                    out.append((f"edition {e.key}", {r.start_no: r.rank for r in st.rows}))
        if team:
            return out
        toggled = tuple(c if c.startswith("DE") else _toggle_forfeits(c) for c in codes)
        st = self.rec.standings(edition.key, toggled, unrated)
        if not isinstance(st, str):
            out.append((f"{','.join(toggled)} (forfeits counted as played games)",
                        {r.start_no: r.rank for r in st.rows}))
        for conv in CONVENTIONS:
            for e in dict.fromkeys([edition, EDITIONS["2012"]]):
                if any(conv.applies(c, e) for c in codes):
                    ranks = self._rerank(e, codes, unrated, conv)
                    if ranks is not None:
                        out.append((f"{conv.description} (edition {e.key})", ranks))
        return out

    def _rerank(self, edition: Edition, codes, unrated, conv: Convention) -> dict[int, int] | None:
        """Rank with ``conv`` applied to the codes it concerns (C.07 4.2 order; DE by the engine)."""
        from ..ranking.loop import by_values, rank
        from ..tiebreaks.codes import parse_code
        from ..tiebreaks.context import Context, Options
        from ..tiebreaks.direct import direct_encounter
        from ..tiebreaks.registry import info

        t = self.source.event
        try:
            ctx = Context(t, edition, Options(unrated_rating=unrated))
        except TieBreakError:
            return None
        index = {p.start_no: i for i, p in enumerate(t.players)}
        levels = []
        for code in codes:
            spec = parse_code(code)
            if spec.acronym == "DE":
                levels.append(lambda group, spec=spec: direct_encounter(ctx, spec, group).groups)
                continue
            v = Variant(edition.key, code, unrated, conv.key if conv.applies(code, edition) else None)
            vals = self.rec.values(v)
            if isinstance(vals, str):
                return None
            arr = [None] * len(t.players)
            for no, val in vals.items():
                arr[index[no]] = val
            descending = info(spec).higher_is_better != spec.reverse
            levels.append(by_values(arr, descending))
        return {t.players[i].start_no: place for i, place, _ in rank(ctx.score, levels)}


def _legend_edition(col: Column) -> str | None:
    if not col.name or col.given:
        return None
    from .legend import interpret

    entry = interpret(col.name)
    return entry.edition if entry else None


def check_source(source: Source, *, rules: str | None = None, unrated_rating: int | None = None) -> CheckReport:
    """Compare what ``source`` published with xltb's figures."""
    return Checker(source, rules, unrated_rating).check()


def check_file(path: str, *, tiebreaks: str | None = None, rules: str | None = None,
               unrated_rating: int | None = None, event_path: str | None = None,
               event_type: str | None = None) -> CheckReport:
    """Read ``path`` (chess-results CSV, TRF or xltb JSON) and check it."""
    source = load_source(path, tiebreaks=tiebreaks, event_path=event_path, event_type=event_type)
    return check_source(source, rules=rules, unrated_rating=unrated_rating)


# --------------------------------------------------------------------------- one cell (Excel)
def check_value(standings, start_no: int, code: str, published, *, decimals: int | None = None,
                search: bool = True, unrated_rating: int | None = None) -> str:
    """``=TB_CHECK(cell, published_cell, code)``: ``"ok"`` or a short reason.

    ``published`` is a number (compared exactly) or the text of the published cell (``"46,5"``,
    ``"12½"``), compared to the decimals it is printed with (``"13"`` exactly; :func:`_published_number`)
    unless ``decimals`` is given. With ``search`` the known
    variants are recomputed and the nearest one that reproduces the figure is named
    (``unrated_rating``: the rating the standings were computed with, for rating-based codes).
    """
    from ..tiebreaks.codes import parse_code

    try:
        spec = parse_code(str(code))
    except XltbError as err:
        return f"error: {err.message}"
    code = spec.code
    if code not in standings.codes:
        return f"error: {code} is not computed in these standings ({', '.join(standings.codes)})"
    try:
        row = standings.row(int(start_no))
    except (KeyError, ValueError, TypeError):
        return f"error: no participant {start_no}"
    try:
        pub, places = _published_number(published)
    except ValueError:
        return f"error: cannot read the published value {published!r}"
    if decimals is not None:
        places = decimals
    value = row.values.get(code)
    if spec.acronym == "DE":
        return "ok" if pub is None or value is None or same_figure(pub, places, value) else \
            f"DE: published {show(pub)}, xltb {show(value)} (exports print DE differently; compare the ranks)"
    if same_figure(pub, places, value):
        return "ok"
    reason = f"differs: xltb {show(value)}, published {show(pub)}"
    if value is not None and pub is not None:
        reason += f" ({'+' if pub > value else '-'}{show(abs(pub - value))})"
    if not search:
        return reason
    t = standings.tournament
    rec = Recomputer(t)
    unrated = unrated_rating
    has_unrated = any(p.rating is None for p in t.players)
    for v in variants_for(code, standings.edition, unrated, has_unrated=has_unrated):
        vals = rec.values(v)
        if not isinstance(vals, str) and same_figure(pub, places, vals.get(row.start_no)):
            return f"{reason}; reproduced by {v.describe()}"
    return reason + "; no known variant reproduces it"


def _published_number(published) -> tuple[Fraction | None, int | None]:
    """(value, decimals) of one published cell; raises ValueError when it is not a number.

    A number (int or float cell) is compared exactly (decimals None): it is the figure itself, not
    a printed one. Text is compared to the precision it is printed with: "12.50" two decimals,
    "13.0" one; "13" (no decimal mark) and "12½" are exact figures (decimals None), so xltb's 12.5
    is not "13".
    """
    if published is None or published == "":
        return None, None
    if isinstance(published, bool):
        raise ValueError(f"{published!r} is not a number")
    if isinstance(published, (int, float)):
        if isinstance(published, float) and published != published:
            raise ValueError("not a number")
        return Fraction(published), None
    text = str(published).strip()
    t = text.replace(",", ".")
    if t.endswith("½"):
        t = (t[:-1] or "0") + ".5"
        return Fraction(t), None
    try:
        value = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"cannot read {published!r}") from None
    if "." not in t or "e" in t.lower() or "/" in t:
        return value, None
    return value, _decimals(text)
