"""``xltb explain FILE START_NO CODE``: how one value was obtained."""

from __future__ import annotations

import argparse

from ..errors import XltbError
from ..ranking import rank
from ..report.explain import explain_text
from ..tiebreaks.codes import parse_code
from .common import add_event_options, add_output_options, add_round_options, decide_from_args, output


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("explain", help="show the breakdown of one tie-break value",
                       description="Show, round by round, how a participant's tie-break value was obtained.")
    p.add_argument("file", help="the event file: TRF, chess-results or SwissPerfect export, or one of xltb's "
                                "workbooks")
    p.add_argument("start_no", type=int, metavar="START_NO",
                   help="the participant's pairing number (TRF 001 columns 5-8); for a chess-results or "
                        "SwissPerfect export, which has no pairing numbers, the final rank in the export")
    p.add_argument("code", metavar="CODE", help="tie-break code, e.g. BH/C1 or SB-C1 (xltb codes lists them)")
    add_event_options(p, tiebreaks=False)
    add_round_options(p, planned=False)
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help="the event's tie-break list (for DE and the rank); default: the file's list, else "
                        "xltb's default")
    add_output_options(p, help="write to this file (default: standard output)")
    p.set_defaults(run=run, quick_exit=True)


def run(args: argparse.Namespace) -> int:
    spec = parse_code(args.code, strict=True)
    decision = decide_from_args(args)
    event = decision.event
    team = event.is_team
    if args.start_no not in {p.start_no for p in event.participants}:
        raise XltbError(f"no {'team' if team else 'participant'} has start number {args.start_no}", file=args.file)
    added = spec.code not in [s.code for s in decision.specs]
    if added:  # computed for the explanation; last, so it changes no rank
        decision = decision._replace(specs=decision.specs + (spec,))
    st = rank(decision)
    output(explain_text(st, args.start_no, spec.code, added=added), args.output, args.force)
    return 0
