"""``xltb recalc FILE.xlsx -o OUT.xlsx``: every formula of a workbook evaluated without Excel, the
formulas kept and their values written as cached values."""

from __future__ import annotations

import argparse
import os

from ..errors import InputError
from ..files import claim_new
from ..terminal import say

INSTALL = "xltb recalc needs the formulas engine: pip install 'xltb[recalc]' (or: pip install formulas)"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("recalc", help="evaluate every formula of a workbook without Excel (formulas kept)",
                       description="Evaluate every formula of a workbook, Excel's functions and xltb's "
                                   "(=TB_SB_C1(A2), =IF(TB_RANK(A2)<4,\"prize\",\"\"), =TB_STANDINGS(), ...) mixed "
                                   "freely, with the formulas engine, and write OUT with the formulas kept and "
                                   "their values as the cached values a spreadsheet shows. A formula the engine "
                                   "cannot evaluate keeps its text and its former value and is listed.")
    p.add_argument("file", metavar="FILE.xlsx")
    p.add_argument("-o", "--output", metavar="OUT.xlsx", required=True)
    p.add_argument("--strict", action="store_true",
                   help="write nothing and exit with status 2 when a formula could not be evaluated, gives an "
                        "error value, or a table left participants out (an array formula's range too small)")
    p.add_argument("--force", action="store_true", help="replace the output file when it exists (also the input)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        import formulas  # noqa: F401  (the engine: an optional extra, loaded by this command only)
    except ImportError:
        raise InputError(INSTALL) from None
    from ..recalc.run import recalc_file

    claim_new(args.output, force=args.force)  # before the work; the writing checks again, atomically
    result = recalc_file(args.file, args.output, force=args.force, strict=args.strict)
    name = os.fspath(args.file)
    problems = bool(result.errors or result.unevaluated or result.warnings)
    written = "nothing written (--strict)" if args.strict and problems else f"wrote {args.output}"
    left_out = f", {len(result.warnings)} leaving something out" if result.warnings else ""
    say(f"{name}: {result.evaluated} of {result.formulas} formula(s) evaluated, {len(result.errors)} with an error "
        f"value{left_out}, {len(result.unevaluated)} not evaluated (kept, with their former values); {written}")
    for line in result.warnings:  # never grouped or cut: each names the participants left out
        say(f"  {name}: warning: {line}")
    for title, lines in (("not evaluated", result.unevaluated), ("error values", result.errors)):
        causes = grouped(lines)
        for line in causes[:20]:
            say(f"  {name}: {title}: {line}")
        if len(causes) > 20:
            say(f"  {name}: ... and {len(causes) - 20} more causes ({title})")
    return 2 if args.strict and problems else 0


def grouped(errors: list[str]) -> list[str]:
    """One line per cause (``Sheet!A2: #NUM! why``): the cells that share it, counted, not one line each."""
    causes: dict[str, list[str]] = {}
    for line in errors:
        where, sep, why = line.partition(": ")
        causes.setdefault(why if sep else line, []).append(where if sep else "")
    out = []
    for why, cells in causes.items():
        shown = ", ".join(c for c in cells[:3] if c) + (" ..." if len(cells) > 3 else "")
        out.append(f"{shown}: {why}" + (f" ({len(cells)} cells)" if len(cells) > 1 else ""))
    return out
