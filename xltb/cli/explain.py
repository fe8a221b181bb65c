"""``xltb explain FILE START_NO CODE``: how one value was obtained."""

from __future__ import annotations

import argparse

from ..errors import XltbError
from ..ranking.choices import choose_tiebreaks, is_team
from ..report.explain import explain_text
from ..tiebreaks.codes import parse_code, parse_list
from .common import add_event_options, add_output_options, compute_from_args, load_event, output


def register(sub) -> None:
    p = sub.add_parser("explain", help="show the breakdown of one tie-break value",
                       description="Show, round by round, how a participant's tie-break value was obtained.")
    p.add_argument("file")
    p.add_argument("start_no", type=int, metavar="START_NO")
    p.add_argument("code", metavar="CODE", help="tie-break code, e.g. BH/C1 or SB-C1")
    add_event_options(p, tiebreaks=False)
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help="the event's tie-break list (for DE and the rank); default: the file's list")
    add_output_options(p, help="write to this file (default: standard output)")
    p.set_defaults(run=run, quick_exit=True)


def run(args: argparse.Namespace) -> int:
    event = load_event(args.file, args.event_type, args.primary)
    spec = parse_code(args.code)
    team = is_team(event)
    if args.start_no not in {p.start_no for p in (event.teams if team else event.players)}:
        raise XltbError(f"no {'team' if team else 'participant'} has start number {args.start_no}", file=args.file)
    specs = list(choose_tiebreaks(event, args.tiebreaks))
    if spec.code not in [s.code for s in specs]:
        specs.append(spec)
    args.tiebreaks = ",".join(s.code for s in specs)
    parse_list(args.tiebreaks)
    st = compute_from_args(event, args)
    output(explain_text(st, args.start_no, spec.code), args.output, args.force)
    return 0
