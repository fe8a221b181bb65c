"""The known variants of a tie-break code: another edition, forfeits counted as played games (/P),
another Cut/Median/limit modifier, another rating for unrated players, another program's convention
(:func:`variants_for`).

A variant's code is spelt as the source spelt the published code with one modifier changed (a
legend's ``KS/L+1.5`` keeps its spelling, /P goes last), because the report prints it; so the edits
are made on the code's text, and :func:`~xltb.tiebreaks.codes.parse_code` decides which of them are
codes at all. (Spelling the edited :class:`~xltb.tiebreaks.codes.TieBreakSpec` instead would print
``KS/L+3`` and ``TPN/P/R`` for those codes.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import TieBreakError
from ..rules import EDITIONS, Edition
from ..tiebreaks.catalogue import CUTTABLE
from ..tiebreaks.codes import parse_code, tiebreak_of
from .conventions import CONVENTIONS


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


def toggle_forfeits(code: str) -> str:
    """``code`` with /P added or removed."""
    acronym, cut, forfeits, other = _split_code(code)
    return _join(acronym, cut, not forfeits, other)


def variants_for(code: str, edition: Edition, unrated: int | None, *, has_unrated: bool,
                 team: bool = False) -> list[Variant]:
    """The known alternatives to ``code`` under ``edition``, nearest first: the same edition with
    another modifier (forfeits as played, Cut/Median, Koya limit), another rating for unrated
    players, another program's convention, then every other edition."""
    acronym, cut, forfeits, other = _split_code(code)
    out: list[Variant] = []

    def add(v: Variant) -> None:
        try:
            parse_code(v.code, strict=False)
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
        tb = tiebreak_of(acronym)
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

