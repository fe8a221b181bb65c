"""``xltb recalc FILE.xlsx -o OUT.xlsx``: the values of every TB_ formula, without Excel."""

from __future__ import annotations

import argparse
import sys

from ..files import claim_new
from ..terminal import printable


def register(sub) -> None:
    p = sub.add_parser("recalc", help="evaluate the TB_ formulas of a workbook without Excel",
                       description="Evaluate every xltb formula (=TB_BH_C1(A2), =TB_RANK(A2), =TB_STANDINGS(), ...) "
                                   "of a workbook and write the values, for macOS and LibreOffice where the xlwings "
                                   "functions do not run. Other formulas are left as they are.")
    p.add_argument("file", metavar="FILE.xlsx")
    p.add_argument("-o", "--output", metavar="OUT.xlsx", required=True)
    p.add_argument("--strict", action="store_true", help="exit with status 2 when a formula gives an error value")
    p.add_argument("--force", action="store_true", help="replace the output file when it exists (also the input)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..excel.recalc import recalc_file  # openpyxl: loaded by this command only

    claim_new(args.output, force=args.force)  # before the work; the writing checks again, atomically
    result = recalc_file(args.file, args.output, force=args.force)
    print(f"{result.formulas} xltb formula(s) evaluated, {len(result.errors)} error value(s); wrote {args.output}",
          file=sys.stderr)
    causes = grouped(result.errors)
    for line in causes[:20]:
        print(f"  {printable(line)}", file=sys.stderr)
    if len(causes) > 20:
        print(f"  ... and {len(causes) - 20} more causes", file=sys.stderr)
    return 2 if args.strict and result.errors else 0


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
