"""``xltb codes``: every tie-break code, the modifiers it takes, its article and the editions that
define it (the same table as the manual's page docs/tiebreaks.md, generated from the code tables)."""

from __future__ import annotations

import argparse
from typing import Sequence

from ..rules import EDITIONS
from ..tiebreaks.catalogue import MODIFIER_NAMES, TIEBREAKS, TieBreak


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("codes", help="list every tie-break code, its modifiers, article and editions",
                       description="List every tie-break code xltb computes: the C.07 article, the modifiers the "
                                   "tie-break takes (TRF-2026 spelling), for individual or team events, and the "
                                   "editions of C.07 that define it.")
    p.add_argument("--markdown", action="store_true", help="a Markdown table (as in the manual's Tie-breaks page)")
    p.set_defaults(run=run, quick_exit=True)


def editions_of(tb: TieBreak) -> str:
    """The editions that define a tie-break (STD, TPN and RTNG are new in 2026-03)."""
    keys = [e.key for e in EDITIONS.values() if tb.defined_in(e)]
    return ", ".join(keys) if len(keys) < len(EDITIONS) else "all"


def rows() -> list[tuple[str, str, str, str, str, str]]:
    """(code, name, article, modifiers, events, editions) for every tie-break, from its record."""
    out: list[tuple[str, str, str, str, str, str]] = []
    for tb in TIEBREAKS.values():
        modifiers = ", ".join(MODIFIER_NAMES[m].split(" ")[0] for m in tb.modifiers) or "-"
        listed = [a for a in tb.aliases if a != "ESB"]  # ESB: the family's name, read as EMMSB
        code = tb.spelt + (f" ({', '.join(listed)})" if listed else "")
        out.append((code, tb.name, tb.article, modifiers, tb.events, editions_of(tb)))
    return out


def text(markdown: bool = False) -> str:
    heads = ("code", "name", "C.07", "modifiers", "events", "editions")
    body = rows()
    legend = ["Modifiers: " + "; ".join(f"{v}" for v in MODIFIER_NAMES.values()) + ".",
              "Team events: BH, FB, SB (and DE) take a score reference :MP or :GP (BH:MP/C1, C.07 13).",
              "A modifier a tie-break does not take (SB/M1, KS/F ...) is refused."]
    if markdown:
        lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
        lines += ["| " + " | ".join(f"`{c}`" if i == 0 else c for i, c in enumerate(r)) + " |" for r in body]
        return "\n".join(lines + [""] + legend) + "\n"
    widths = [max(len(h), *(len(r[i]) for r in body)) for i, h in enumerate(heads)]

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()

    lines = [fmt(heads), fmt(["-" * w for w in widths])] + [fmt(r) for r in body]
    return "\n".join(lines + [""] + legend) + "\n"


def run(args: argparse.Namespace) -> int:
    print(text(args.markdown), end="")
    return 0


__all__ = ["register", "run", "rows", "text"]
