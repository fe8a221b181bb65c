"""A round's pairings for people: the pairing list by board (text, CSV, JSON) in the reader's language, with
the reasons (``--explain``), and the pairing checker's report.

The JSON is ``{"round": N, "boards": [{"board": 1, "white": NO, "black": NO, ...}], "byes": [{"no": NO,
"kind": "PAB" | "HPB" | "ZPB" | "FPB" | "ABSENT", ...}], ...}``: pairing numbers as integers, points as
numbers, the reasons and the choices in English.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..messages import Message
from ..model import Kind
from ..model.choice import Choice
from ..model.event import Event
from ..pairing.result import RoundPairing
from .i18n import Language, language

if TYPE_CHECKING:  # the checker is loaded by `xltb check --pairings` only
    from ..check.pairings import PairingsReport

#: the kind of a bye as the JSON and the CSV name it
BYE_KIND = {Kind.PAB: "PAB", Kind.HALF_BYE: "HPB", Kind.ZERO_BYE: "ZPB", Kind.FULL_BYE: "FPB",
            Kind.ABSENT: "ABSENT"}


def _number(value: Fraction) -> float | int:
    return int(value) if value.denominator == 1 else value.numerator / value.denominator


def _points(value: Fraction, lang: Language) -> str:
    return lang.number(str(value.numerator) if value.denominator == 1 else f"{float(value):g}")


def _names(event: Event) -> dict[int, str]:
    return {p.start_no: p.name for p in event.participants}  # a team event is paired by teams (C.04.6)


def _choice(choice: Choice) -> dict[str, str]:
    return {"value": choice.value, "origin": choice.origin, "reason": str(choice.reason)}


def to_json(rp: RoundPairing, event: Event) -> str:
    """The pairing as JSON (the reasons and the choices in English)."""
    names = _names(event)
    doc: dict[str, Any] = {
        "round": rp.round,
        "system": _choice(rp.system),
        "edition": _choice(rp.edition),
        "boards": [{"board": b.number, "white": b.white, "black": b.black, "white_name": names.get(b.white, ""),
                    "black_name": names.get(b.black, ""), "white_points": _number(b.white_points),
                    "black_points": _number(b.black_points), "reasons": [str(r) for r in b.reasons]}
                   for b in rp.boards],
        "byes": [{"no": y.start_no, "kind": BYE_KIND.get(y.kind, y.kind.name), "name": names.get(y.start_no, ""),
                  "points": _number(y.points), "reasons": [str(r) for r in y.reasons]} for y in rp.byes],
        "brackets": [{"score": _number(br.score), "residents": list(br.residents), "moved_down": list(br.moved_down),
                      "notes": [str(n) for n in br.notes]} for br in rp.brackets],
        "notes": [str(n) for n in rp.notes],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def to_csv(rp: RoundPairing, event: Event, lang: Language | None = None) -> str:
    """One row per board, then one per bye: board, white no, name, points, black no, name, points."""
    lang = lang or language()
    names = _names(event)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head = ("pair.col_board", "pair.col_white", "pair.col_name", "pair.col_points", "pair.col_black", "pair.col_name",
            "pair.col_points")
    writer.writerow([lang.render(Message(h)) for h in head])
    for b in rp.boards:
        writer.writerow([b.number, b.white, names.get(b.white, ""), _points(b.white_points, lang), b.black,
                         names.get(b.black, ""), _points(b.black_points, lang)])
    for y in rp.byes:
        writer.writerow(["", y.start_no, names.get(y.start_no, ""), _points(y.points, lang),
                         lang.render(bye_label(y.kind)), "", ""])
    return out.getvalue()


def bye_label(kind: Kind) -> Message:
    """How the list names a bye (its kind)."""
    return Message(f"pair.bye_{BYE_KIND.get(kind, 'ABSENT').lower()}")


def _table(rows: list[list[str]], right: frozenset[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for k, row in enumerate(rows):
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))]
        out.append("  ".join(cells).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    return out


def to_text(rp: RoundPairing, event: Event, lang: Language | None = None, *, explain: bool = False) -> str:
    """The pairing list by board as a reader posts it, with the choices; ``explain`` adds the bracket notes
    and each board's reasons."""
    lang = lang or language()
    names = _names(event)
    lines = [lang.render(Message("pair.title", round=rp.round, name=event.name or "")),
             lang.render(Message("pair.system_line", system=rp.system.value, why=rp.system.message())),
             lang.render(Message("pair.edition_line", edition=rp.edition.value, why=rp.edition.message())), ""]
    head = [lang.render(Message(h)) for h in ("pair.col_board", "pair.col_no", "pair.col_white", "pair.col_points",
                                              "pair.col_no", "pair.col_black", "pair.col_points")]
    rows = [head] + [[str(b.number), str(b.white), names.get(b.white, ""), _points(b.white_points, lang),
                      str(b.black), names.get(b.black, ""), _points(b.black_points, lang)] for b in rp.boards]
    lines += _table(rows, frozenset({0, 1, 3, 4, 6}))
    if rp.byes:
        lines.append("")
        for y in rp.byes:
            lines.append(lang.render(Message("pair.bye_line", no=y.start_no, name=names.get(y.start_no, ""),
                                             kind=bye_label(y.kind), points=_points(y.points, lang))))
    for note in rp.notes:
        lines.append(lang.render(Message("pair.note", note=note)))
    if explain:
        lines += explanation(rp, lang)
    return "\n".join(lines) + "\n"


def explanation(rp: RoundPairing, lang: Language) -> list[str]:
    """The brackets in the order they were paired, then each board's and bye's reasons."""
    lines = [""]
    for br in rp.brackets:
        lines.append(lang.render(Message("pair.bracket", score=_points(br.score, lang),
                                         residents=tuple(str(n) for n in br.residents),
                                         moved=tuple(str(n) for n in br.moved_down) or "-")))
        lines += ["    " + lang.render(n) for n in br.notes]
    for b in rp.boards:
        if b.reasons:
            lines.append(lang.render(Message("pair.board_reasons", board=b.number, white=b.white, black=b.black)))
            lines += ["    " + lang.render(r) for r in b.reasons]
    for y in rp.byes:
        if y.reasons:
            lines.append(lang.render(Message("pair.bye_reasons", no=y.start_no)))
            lines += ["    " + lang.render(r) for r in y.reasons]
    return lines


def check_to_text(report: PairingsReport, lang: Language | None = None) -> str:
    """The checker's report: per round "identical" or each difference, and the absolute criteria broken."""
    lang = lang or language()
    lines = [lang.render(Message("pair.check_title", file=report.source or ""))]
    first = next((r for r in report.rounds if r.system is not None), None)
    if first is not None and first.system is not None and first.edition is not None:
        lines.append(lang.render(Message("pair.system_line", system=first.system.value, why=first.system.message())))
        lines.append(lang.render(Message("pair.edition_line", edition=first.edition.value,
                                         why=first.edition.message())))
    lines += [lang.render(n) for n in report.notes]
    for r in report.rounds:
        if r.error is not None:
            lines.append(lang.render(Message("pair.check_round_error", round=r.round, error=r.error)))
        elif r.identical:
            lines.append(lang.render(Message("pair.check_identical", round=r.round)))
        else:
            lines.append(lang.render(Message("pair.check_differs", round=r.round, count=len(r.differences))))
        lines += ["    " + lang.render(d) for d in r.differences]
        lines += ["    " + lang.render(Message("pair.check_verdict", verdict=v.message)) for v in r.verdicts]
        lines += ["    " + lang.render(Message("pair.check_breach", breach=b)) for b in r.breaches]
    same = sum(1 for r in report.rounds if r.identical)
    lines.append(lang.render(Message("pair.check_summary", same=same, rounds=len(report.rounds),
                                     breaches=sum(len(r.breaches) for r in report.rounds))))
    return "\n".join(lines) + "\n"


def check_to_json(report: PairingsReport) -> str:
    """The checker's report as JSON (texts in English)."""
    doc = {"file": report.source, "ok": report.ok, "notes": [str(n) for n in report.notes],
           "rounds": [{"round": r.round, "identical": r.identical, "differences": [str(d) for d in r.differences],
                       "verdicts": [{"criterion": v.criterion, "id": v.message.id, "text": str(v.message)}
                                    for v in r.verdicts],
                       "breaches": [str(b) for b in r.breaches], "error": None if r.error is None else str(r.error),
                       "system": None if r.system is None else _choice(r.system),
                       "edition": None if r.edition is None else _choice(r.edition)} for r in report.rounds]}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


__all__ = ["BYE_KIND", "check_to_json", "check_to_text", "bye_label", "explanation", "to_csv", "to_json", "to_text"]
