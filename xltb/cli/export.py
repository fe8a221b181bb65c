"""``xltb export INPUT...``: printable standings workbooks (and PDFs) from event files, one or a thousand."""

from __future__ import annotations

import argparse
import sys
import time

from ..errors import XltbError
from ..prizes import SHARES, read_prizes
from ..report.i18n import available, language
from ..report.printed.workbook import PDF_DEFAULT, SHEETS, parse_sheets
from ..rules import parse_edition
from ..terminal import printable
from ..tiebreaks.codes import parse_list
from . import batch
from .common import add_event_options


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "export", help="write standings workbooks (.xlsx, optionally PDF) from event files",
        description="Write a printable standings workbook (Standings, Crosstable, Details, Event) for each event "
                    "file: TRF-16, TRF-2026, chess-results crosstable CSV, SwissPerfect export or one of xltb's "
                    "workbooks (.xlsx, .xlsm, .ods). INPUT may be files, folders (searched recursively for event "
                    "files, not workbooks) or glob patterns. A file that fails is reported and the "
                    "others go on; the exit status is 2 when any failed.")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="event files, folders or glob patterns")
    where = p.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", metavar="FILE.xlsx", help="the workbook to write (one input file only)")
    where.add_argument("--out-dir", metavar="DIR",
                       help="write the workbooks into DIR (folder inputs keep their sub-folders); "
                            "default: next to each input file")
    add_event_options(p)
    p.add_argument("--lots", type=int, metavar="SEED",
                   help="break the ties that remain by a reproducible drawing of lots")
    p.add_argument("--pdf", nargs="?", const="", default=None, metavar="SHEETS",
                   help="also write a PDF of each workbook (needs LibreOffice): the sheets named, comma-separated, "
                        f"from {', '.join(SHEETS)} (or all); default: {','.join(PDF_DEFAULT)} (and prizes with --prizes)")
    p.add_argument("--html", action="store_true",
                   help="also write a self-contained HTML page of each event (standings, crosstable, every "
                        "tie-break value's breakdown a click away)")
    p.add_argument("--lang", metavar="LANG", default=None,
                   help=f"the language of the printed words: {', '.join(available())} (default en), or a "
                        "language file (.json, laid out as xltb/report/lang/en.json)")
    p.add_argument("--rounds", type=int, metavar="N",
                   help="the rounds planned, for the title \"after round 8 of N\" (default: the file's, TRF 142/XXR, "
                        "else the rounds in the file, whose standings are then called final); never fewer than the "
                        "file holds")
    p.add_argument("--after-round", type=int, metavar="N", dest="after_round",
                   help="each event as it stood after round N: later rounds ignored, totals recomputed")
    p.add_argument("--prizes", "-p", metavar="FILE.csv",
                   help="a prize table (Prize,Category,Amount; see xltb prizes): adds a Prizes sheet, the prize list to "
                        "the HTML page and to the PDF")
    p.add_argument("--share", choices=SHARES, default="none",
                   help="with --prizes: money of players tied on points: none, equal or hort (see xltb prizes)")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="files exported in parallel (processes)")
    p.add_argument("--force", action="store_true", help="overwrite existing workbooks and PDFs")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    sheets = _checked_options(args)
    table = read_prizes(args.prizes) if args.prizes is not None else None  # read once, for every file
    if table is not None and args.pdf == "":  # the PDF prints the prize list after the standings
        sheets = parse_sheets("standings,prizes,crosstable")
    soffice = None
    if args.pdf is not None:
        from ..report.printed.pdf import require_soffice  # LibreOffice is looked for only with --pdf

        soffice = require_soffice()
    files, problems = batch.expand_inputs(args.inputs)
    tasks, clashes = batch.plan(files, output=args.output, out_dir=args.out_dir)
    problems += clashes
    options = batch.Options(tiebreaks=args.tiebreaks, rules=args.rules, unrated_rating=args.unrated_rating,
                            lots=args.lots, event_type=args.event_type, primary=args.primary, pdf=args.pdf is not None,
                            force=args.force, soffice=soffice, lang=args.lang, pdf_sheets=sheets, planned=args.rounds,
                            html=args.html, after_round=args.after_round, prizes=table, share=args.share)
    start = time.perf_counter()
    progress = batch.Progress(len(tasks))
    outcomes = batch.run(tasks, options, jobs=args.jobs, progress=progress)
    elapsed = time.perf_counter() - start
    outcomes = problems + outcomes
    _print_outcomes(outcomes, elapsed, args.out_dir)
    if any(o.internal for o in outcomes):
        from .main import INTERNAL_ERROR

        return INTERNAL_ERROR  # a bug of xltb's is never hidden among refused files
    return 0 if all(o.ok for o in outcomes) else 2


def _checked_options(args: argparse.Namespace) -> tuple[str, ...]:
    """The options checked before any work (those wrong for every file are errors at once); the sheets of the
    PDF."""
    if args.jobs < 1:
        raise XltbError("--jobs must be at least 1")
    if args.output is not None and not args.output.lower().endswith(".xlsx"):
        raise XltbError(f"-o {args.output}: the workbook's name must end in .xlsx")
    if args.tiebreaks:
        parse_list(args.tiebreaks)
    if args.rules:
        parse_edition(args.rules)
    if args.rounds is not None and args.rounds < 1:
        raise XltbError("--rounds must be at least 1")
    if args.after_round is not None and args.after_round < 1:
        raise XltbError(f"--after-round {args.after_round}: the rounds are numbered from 1")
    language(args.lang)  # an unknown language is an error before any work
    sheets = parse_sheets(args.pdf) if args.pdf is not None else ()
    if "prizes" in sheets and args.prizes is None:
        if args.pdf.strip().lower() != "all":
            raise XltbError(f"--pdf {args.pdf}: the prizes sheet needs a prize table (--prizes FILE.csv)")
        sheets = tuple(s for s in sheets if s != "prizes")  # all the workbook holds: without a table, no prizes
    if args.share != "none" and args.prizes is None:
        raise XltbError("--share applies to a prize table: give --prizes FILE.csv")
    return sheets


def _print_outcomes(outcomes: list[batch.Outcome], elapsed: float, out_dir: str | None) -> None:
    """The errors (the workbooks that exist already in one line), then what was written: one file's name and
    warnings, or the summary of many."""
    existing = [o for o in outcomes if o.error is not None and o.error.endswith(batch.EXISTS)]  # not o.ok
    for o in outcomes:
        if not o.ok and (o not in existing or len(existing) == 1):
            print(f"xltb: error: {printable(o.error)}", file=sys.stderr)
    if len(existing) > 1:  # one line, not one per file
        names = ", ".join(o.error.split(": ", 1)[-1].removesuffix(" " + batch.EXISTS) for o in existing[:3]
                          if o.error is not None)  # each has its error
        print(printable(f"xltb: error: {len(existing)} workbooks exist already ({names}"
                        f"{', ...' if len(existing) > 3 else ''}); use --force to overwrite them"), file=sys.stderr)
    if len(outcomes) == 1 and outcomes[0].ok:
        o = outcomes[0]
        also = [x for x in (o.pdf, o.html) if x]
        print(printable(f"wrote {o.output}" + (f" and {' and '.join(also)}" if also else "")))
        for w in o.warnings:
            print(f"warning: {printable(w)}", file=sys.stderr)
    elif outcomes:
        target = f" to {out_dir}" if out_dir else ""
        lines = batch.summary(outcomes, elapsed)
        lines[0] = lines[0].replace(" in ", f"{target} in ", 1)
        for line in lines:
            print(printable(line))


__all__ = ["register", "run"]
