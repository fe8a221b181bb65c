"""``xltb check INPUT``: verify the tie-breaks another program published, and explain every difference.

Exit status: 0 when everything agrees, 1 when something differs, 2 on bad input.
"""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check", help="verify published tie-breaks (chess-results CSV, TRF rank column, xltb JSON)",
        description="Recompute the tie-breaks and ranks another program published and explain every difference: "
                    "xltb's breakdown and the known variants (edition, /P, cuts, unrated rating, other programs' "
                    "conventions) that reproduce the published figure. Exit status 0: all agree, 1: differences, "
                    "2: bad input.")
    p.add_argument("input", help="chess-results/Swiss-Manager crosstable CSV, TRF file, or xltb standings JSON; "
                                 "an xltb workbook (.xlsx, .xlsm, .ods): what will make its paper wrong or thin "
                                 "(prize data missing, blank games, unrated players in rating-based tie-breaks, "
                                 "an ambiguous start date)")
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help="the codes of the published columns in order (BH/C1,BH,ARO/C1,DE; '-' skips a column); "
                        "for a TRF, the list its ranks were computed with")
    p.add_argument("--rules", "-r", metavar="EDITION",
                   help="C.07 edition (2012, 2023-09, 2024-04, 2024-08, 2026-03); default: the start date's, the "
                        "date of the export, else the edition that reproduces the most values")
    p.add_argument("--unrated-rating", type=int, metavar="N", help="rating used for unrated players (C.07 10)")
    p.add_argument("--event", metavar="FILE", help="for a JSON input: the event file it was computed from")
    p.add_argument("--event-type", choices=["swiss", "round-robin", "double-round-robin"],
                   help="override the event type")
    p.add_argument("--after-round", type=int, metavar="N", dest="after_round",
                   help="check the event as it stood after round N (later rounds ignored): a file whose later "
                        "rounds hold no result yet, or a JSON written with 'xltb standings --after-round N'")
    p.add_argument("--pairings", action="store_true",
                   help="check the pairings instead of the tie-breaks: every round paired again from the state "
                        "before it (the Dutch system for a Swiss, the Berger tables for a round robin), 'identical' "
                        "or each difference, and the absolute criteria of C.04.1 the played pairings break")
    p.add_argument("--pairing-rules", metavar="EDITION", dest="pairing_rules",
                   help="with --pairings: the edition of C.04 (2025-07, 2026-02); default: the start date's")
    p.add_argument("--system", metavar="NAME",
                   help="with --pairings: the pairing system (dutch, burstein, dubov, lim, berger; "
                        "fide-team for a team event)")
    p.add_argument("--maxi", action="store_true",
                   help="with --pairings: a Maxi-tournament (the Lim system, C.04.4.3 3.2, 3.8, 5.7: floaters and "
                        "exchanges only between players rated 100 points or less apart)")
    p.add_argument("--lang", metavar="LANG", default=None, help="with --pairings or a workbook: the language of the report")
    p.add_argument("--format", "-f", choices=["text", "json"], default="text")
    p.add_argument("--all", action="store_true", dest="all_values",
                   help="text report: every participant's published and xltb value of each compared tie-break "
                        "(the JSON report always has them under \"values\")")
    p.add_argument("-o", "--output", metavar="OUT", help="write the report to this file (default: standard output)")
    p.add_argument("--force", action="store_true", help="replace the output file when it exists")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.pairings:
        return run_pairings(args)
    # imported here: only `xltb check` loads the checker (the parser of every command registers this one)
    from ..check import check_file
    from .common import output

    if _workbook(args.input):  # what will make the paper wrong or thin: 0 nothing, 1 something
        from ..check.complete import check_workbook

        from ..report.i18n import language

        found = check_workbook(args.input)
        output(found.to_json() if args.format == "json" else found.to_text(language(args.lang).render), args.output,
               args.force)
        return 1 if found.findings else 0

    report = check_file(args.input, tiebreaks=args.tiebreaks, rules=args.rules,
                        unrated_rating=args.unrated_rating, event_path=args.event, event_type=args.event_type,
                        after_round=args.after_round)
    output(report.to_json() if args.format == "json" else report.to_text(all_values=args.all_values), args.output,
           args.force)
    return 0 if report.ok else 1


def run_pairings(args: argparse.Namespace) -> int:
    """``xltb check --pairings EVENT``: exit 0 when every round is identical and no absolute criterion is
    broken, 1 otherwise."""
    from ..check.pairings import check_pairings
    from ..readers.registry import read_event
    from ..report.i18n import language
    from ..report.pairing import check_to_json, check_to_text
    from .common import output

    event = read_event(args.input, args.event_type)[0]
    if args.maxi and not event.is_team:  # C.04.4.3 3.2, 3.8, 5.7: the arbiter's choice
        event = event._replace(plans=event.plans._replace(maxi=True))
    report = check_pairings(event, system=args.system, edition=args.pairing_rules)
    text = check_to_json(report) if args.format == "json" else check_to_text(report, language(args.lang))
    output(text, args.output, args.force)
    return 0 if report.ok else 1


def _workbook(path: str) -> bool:
    """Whether ``path`` is a workbook (a zip package), read before the check's own readers."""
    import os

    from ..books.workbook import detect

    if not os.path.isfile(path):  # a pipe or a device is read once, by the check's reader
        return False
    try:
        with open(path, "rb") as handle:
            return detect(handle.read(4))
    except OSError:  # a missing file: the check's reader says so
        return False
