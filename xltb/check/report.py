"""The check's report (:class:`CheckReport`) and its text and JSON writers, with the breakdown
lines that explain a difference."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypedDict

from ..ranking.standings import Standings
from ..tiebreaks.base import Value
from .precision import show


# the JSON of `xltb check --format json` (CheckReport.to_json), object by object; numbers as JSON numbers
class ColumnJson(TypedDict):
    """A published column: the code it was compared as, how many values agree, why not compared."""
    key: str
    name: str
    code: str | None
    compared: int
    agree: int
    note: str
    error: str
    reproduced_by: list[str]


class ValueJson(TypedDict):
    """One participant's published value of one compared column, and xltb's."""
    start_no: int
    name: str
    column: str
    code: str | None
    published: str
    published_value: float | None
    xltb: float | None
    agrees: bool


class DifferenceJson(TypedDict):
    """A value that differs: xltb's breakdown and the variants that reproduce the published one."""
    start_no: int
    name: str
    column: str
    code: str
    published: str
    xltb: float | None
    breakdown: list[str]
    reproduced_by: list[str]
    closest: str


class RankDifferenceJson(TypedDict):
    """A rank that differs, its cause and explanation."""
    start_no: int
    name: str
    published: int
    xltb: int
    cause: str
    explanation: str
    reproduced_by: list[str]


class RanksJson(TypedDict):
    """The ranks compared, the variants that reproduce all of them, the differences."""
    compared: int
    reproduced_by: list[str]
    differences: list[RankDifferenceJson]


class PointJson(TypedDict):
    """Published points that differ from the rounds'."""
    start_no: int
    name: str
    published: float | None
    xltb: float | None


class CheckJson(TypedDict):
    """The whole report."""
    source: str
    kind: str
    rules: str
    rules_reason: str
    tiebreaks: list[str]
    ok: bool
    notes: list[str]
    columns: list[ColumnJson]
    values: list[ValueJson]
    differences: list[DifferenceJson]
    ranks: RanksJson
    points: list[PointJson]


@dataclass
class CellDifference:
    start_no: int
    name: str
    column: str
    code: str
    published_text: str
    published: Fraction | None
    value: Value | None
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
    rows: list[tuple[int, str, Fraction | None, Value | None, bool]] = field(default_factory=list)


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
    points: list[tuple[int, str, Fraction, Fraction]]  # (start_no, name, published, the rounds') where they differ
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
            lines += _column_lines(c)
        if self.ranks_compared:
            lines.append(f"ranks: {self.ranks_compared - len(self.ranks)}/{self.ranks_compared} agree")
            for w in self.rank_whole:
                lines.append(f"    reproduces every published rank: {w}")
        if self.points:
            lines.append(f"points: {len(self.points)} differ")
        for no, name, published, rounds in self.points:
            lines.append(f"  #{no} {name}: published {show(published)} points, the rounds give {show(rounds)}")
        if all_values:
            lines += self._all_values()
        if self.cells:
            lines.append("")
            lines.append("differences:")
        for d in self.cells:
            lines += _difference_lines(d)
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

    def _all_values(self) -> list[str]:
        """Per compared column, every participant's published and xltb value."""
        lines = []
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
        return lines

    def _name(self, no: int) -> str:
        return self.names.get(no, "")

    def to_json(self) -> str:
        def num(v: Value | None) -> float | None:
            return None if v is None else float(v)

        doc: CheckJson = {
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



def breakdown_lines(st: Standings, start_no: int, code: str) -> list[str]:
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
        out.append(f"  note: {n}")
    return out


def de_lines(st: Standings, start_no: int, code: str) -> list[str]:
    """What direct encounter decided for one participant (the steps of Art. 6 that concerned it)."""
    row = st.row(start_no)
    value = st.shown_values(row).get(code)
    out = [f"xltb {show(value) if value is not None else 'not applied'} "
           f"(C.07 6, edition {st.edition.key}), rank {row.rank}"]
    for step in st.encounter_steps(code, start_no):
        out.append("  " + step.text())
    if len(out) == 1:
        out.append("  direct encounter did not concern this participant (no tie left before it)")
    return out



def _column_lines(c: ColumnReport) -> list[str]:
    """A column's line: compared or not (and why), how many agree, the variants that reproduce it all."""
    head = f"{c.key}" + (f" \"{c.name}\"" if c.name and c.name != c.key else "")
    if c.code is None or c.error:
        return [f"{head}: not compared" + (f" ({c.error or c.note})" if (c.error or c.note) else "")]
    if c.compared == 0:
        return [f"{head} as {c.code}: not compared ({c.note})"]
    status = "all agree" if c.agree == c.compared else f"{c.compared - c.agree} differ"
    lines = [f"{head} as {c.code}: {c.agree}/{c.compared} agree, {status}" + (f" [{c.note}]" if c.note else "")]
    for w in c.whole_column:
        lines.append(f"    reproduces every published value: {w}")
    return lines


def _difference_lines(d: CellDifference) -> list[str]:
    """A value that differs: published and xltb's, its breakdown, the variants that reproduce it."""
    lines = [f"#{d.start_no} {d.name}  {d.column} {d.code}: published {d.published_text or '-'}, xltb {show(d.value)}"]
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
    return lines
