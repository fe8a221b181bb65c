"""``xltb template individual|roundrobin|team [--from EVENT] -o FILE.xlsx|.xlsm|.ods``: a template workbook."""

from __future__ import annotations

import argparse

from ..decide import decide
from ..readers.registry import read_event_published
from ..templates.kinds import KINDS, check_template_kind
from ..errors import XltbError
from ..model import EventType
from ..prizes import read_prizes
from ..files import claim_new, write_atomic
from ..rules import parse_edition
from ..terminal import printable, say
from ..tiebreaks.codes import parse_list


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("template", help="write a template workbook (Settings, Crosstable, Standings with formulas)",
                       description="Write an Excel workbook for an event: Settings, a Crosstable in arbiter notation "
                                   "(team events: Teams with the rosters in board order and Matches per round and "
                                   "board) and Standings whose cells are live =TB_...(cell) formulas (xlwings add-in, "
                                   "or 'xltb recalc' without Excel); as .ods for LibreOffice Calc with the xltb extension.")
    p.add_argument("kind", choices=list(KINDS))
    p.add_argument("--from", dest="source", metavar="EVENT",
                   help="fill the crosstable from this event (TRF, or a chess-results / SwissPerfect export; "
                        "team: a team TRF file)")
    p.add_argument("--tiebreaks", "-t", metavar="LIST", help="tie-break list for Settings (default: the event's "
                                                               "own list, else the default for the event type)")
    p.add_argument("--event-type", choices=[e.value for e in EventType],
                   help="with --from: override the event type read from the file (TRF 092/192)")
    p.add_argument("--after-round", type=int, metavar="N", dest="after_round",
                   help="with --from: the event as it stood after round N (later rounds ignored)")
    p.add_argument("--rules", "-r", metavar="EDITION", help="C.07 edition for Settings (default: by start date)")
    p.add_argument("--unrated-rating", type=int, metavar="N", help="rating for unrated players (C.07 10)")
    p.add_argument("--prizes", "-p", metavar="FILE.csv",
                   help="individual templates: fill the Prizes sheet's prize table from this file (Prize,Category,"
                        "Amount; see xltb prizes)")
    p.add_argument("--share", choices=["none", "equal", "hort"], default="none",
                   help="individual templates: the Prizes sheet's sharing of money between players tied on points")
    p.add_argument("--lang", metavar="LANG", choices=["en", "de", "fr", "it", "es"],
                   help="individual templates: the language of the Pairings sheets (Settings Language; default en)")
    p.add_argument("--players", type=int, metavar="N",
                   help="roundrobin: lay out every round of FIDE's Berger table for N players (3 to 24; an odd "
                        "number with the bye) as pending games, so that only the results are left to type")
    p.add_argument("--double", action="store_true",
                   help="roundrobin: a double round robin (the table twice, the second cycle with the colours "
                        "reversed)")
    p.add_argument("--lay-out", action="store_true", dest="lay_out",
                   help="roundrobin --from EVENT: lay out the rounds not played yet from the Berger table (when the "
                        "rounds played follow it); without it they are entered round by round (xltb pair)")
    p.add_argument("-o", "--output", metavar="FILE.xlsx", required=True,
                   help="FILE.xlsx; FILE.xlsm: the same with xlwings' VBA module (standalone, no add-in) and an "
                        "xlwings.conf sheet naming xltb's functions; FILE.ods: a LibreOffice Calc workbook whose "
                        "formulas call the xltb extension (xltb libreoffice --install)")
    p.add_argument("--force", action="store_true", help="replace the output file when it exists")
    p.set_defaults(run=run)


def _check_lay_out(args: argparse.Namespace) -> None:
    """--players, --double, --lay-out: a round robin laid out from the Berger tables (xltb.templates.roundrobin)."""
    if (args.players is not None or args.double or args.lay_out) and args.kind != "roundrobin":
        raise XltbError("--players, --double and --lay-out lay out a round robin: 'xltb template roundrobin "
                        "--players N'")
    if args.lay_out and not args.source:
        raise XltbError("--lay-out needs --from EVENT (a blank round robin is laid out by --players N)")
    if args.double and args.players is None and not args.source:
        raise XltbError("--double needs --players N: the Berger table is laid out for the players it pairs")


def run(args: argparse.Namespace) -> int:
    from ..templates.build import render  # openpyxl: loaded by this command only

    ods = args.output.lower().endswith(".ods")
    if not ods and not args.output.lower().endswith((".xlsx", ".xlsm")):
        raise XltbError(f"{args.output}: the output must be an .xlsx file (.xlsm: with xlwings' VBA module; "
                        ".ods: a LibreOffice workbook whose formulas call the xltb extension)")
    if ods:
        from ..templates.ods import render  # noqa: F811 - the same workbook, as OpenDocument
    claim_new(args.output, force=args.force)  # before the work; write_atomic checks again, atomically
    if args.tiebreaks:
        parse_list(args.tiebreaks)
    if args.rules:
        parse_edition(args.rules)
    if args.after_round is not None and not args.source:
        raise XltbError("--after-round needs --from EVENT: a blank template has no rounds to cut")
    _check_lay_out(args)
    if args.kind == "team" and (args.prizes or args.share != "none"):
        raise XltbError("--prizes and --share: team templates have no Prizes sheet (prizes go to the players of "
                        "individual events)")
    prizes = read_prizes(args.prizes) if args.prizes else None
    event, tiebreaks, rules, unrated = None, args.tiebreaks, args.rules, args.unrated_rating
    try:
        if args.source:
            # the choices xltb standings makes for the same file (xltb.decide); a kind against it is refused
            decision = decide(read_event_published(args.source, args.event_type), tiebreaks=args.tiebreaks,
                              rules=args.rules, unrated_rating=args.unrated_rating, after=args.after_round)
            for warning in check_template_kind(decision, args.kind):
                say(f"xltb: warning: {warning}")
            event = decision.event
            tiebreaks = ",".join(s.code for s in decision.specs)
            if event.start_date is None:  # an edition the file names otherwise (an export's legend or date)
                rules = decision.edition.key
            unrated = decision.unrated_rating
            for name, label in (("tiebreaks", "tie-breaks:"), ("rules", "rules: C.07 edition")):
                choice = getattr(decision.choices, name)
                say(f"{label} {choice.value} ({choice.text})")
            for note in [*decision.notes, *event.warnings]:  # how the file was read, as standings says it
                say(f"xltb: warning: {note}")
        extra = {} if args.kind == "team" else {"prizes": prizes, "share": args.share, "lang": args.lang,
                                                "players": args.players, "double": args.double,
                                                "lay_out": args.lay_out}
        data = render(args.kind, event, tiebreaks=tiebreaks, rules=rules, unrated_rating=unrated, **extra,
                      **({} if ods else {"macros": args.output.lower().endswith(".xlsm")}))
    except XltbError as err:
        if err.file is not None or not args.source:
            raise
        raise XltbError(err.message, file=args.source, line=err.line) from None  # the event's problem
    write_atomic(args.output, data, force=args.force)
    print(printable(f"wrote {args.output}" + (f" (crosstable from {args.source})" if args.source else "")))
    return 0
