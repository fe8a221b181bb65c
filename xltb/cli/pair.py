"""``xltb pair EVENT``: the pairings of the next round (or round N) as a list by board: text, CSV or JSON,
in the reader's language; ``-o OUT.trf`` writes the event with the round's pairings added (results blank);
``xltb pair WORKBOOK -o OUT.xlsx`` writes them into the workbook's crosstable as pending games."""

from __future__ import annotations

import argparse
import sys

from ..terminal import printable
from .common import add_output_options, output

FORMATS = ("text", "csv", "json")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pair", help="pair the next round (FIDE Dutch system for a Swiss, Berger tables for a round robin)",
                       description="Pair round N of an event (by default the first round without results) from the "
                                   "state before it: the Dutch system (C.04.3) for a Swiss, FIDE's Berger tables "
                                   "(C.05 Annex 1) for a round robin. The list by board (white and black with their "
                                   "points, the pairing-allocated bye, the requested byes) as text, CSV or JSON; "
                                   "-o OUT.trf writes the event with the round's pairings added, results blank. "
                                   "Bad input (a round incomplete or contradicting itself, more rounds than planned, "
                                   "no legal pairing) is one line naming the file and the round, exit status 2.")
    p.add_argument("file", help="the event: TRF-16 / TRF-2026 (the rounds played, and what it says of the next: "
                                "240 byes, XXR/142, XXC/152, 250/XXA), or any event file xltb reads")
    p.add_argument("--round", type=int, metavar="N", dest="round_no",
                   help="the round to pair (default: the first round without results; an earlier round is paired "
                        "again from the state before it)")
    p.add_argument("--format", "-f", choices=FORMATS, default=None,
                   help="text (default), csv or json; with -o, the output's extension decides when not given")
    p.add_argument("--lang", metavar="LANG", default=None,
                   help="the language of the list: en, de, fr, it, es, or a language file (.json)")
    p.add_argument("--explain", action="store_true",
                   help="the brackets (residents, moved-down players, what was relaxed) and each board's reasons")
    p.add_argument("--pairing-rules", metavar="EDITION", dest="pairing_rules",
                   help="the edition of C.04: 2025-07 or 2026-02 (aliases 2025, 2026); default: the one in force on "
                        "the event's start date, else the newest")
    p.add_argument("--system", metavar="NAME",
                   help="the pairing system: dutch, burstein, dubov, lim, berger, or fide-team for a team event "
                        "(default: dutch for a "
                        "Swiss, berger for a round robin, fide-team for a team event, or what the file's 192 names)")
    p.add_argument("--lots", type=int, metavar="SEED",
                   help="the seed of the drawing of lots where the event leaves one (the first round's colour when "
                        "neither XXC nor 152 gives it)")
    p.add_argument("--event-type", choices=["swiss", "round-robin", "double-round-robin"],
                   help="override the event type read from the file")
    p.add_argument("--maxi", action="store_true",
                   help="a Maxi-tournament (the Lim system, C.04.4.3 3.2, 3.8, 5.7: floaters and exchanges of "
                        "opponents only between players rated 100 points or less apart); a workbook: Settings Maxi")
    add_output_options(p, metavar="OUT", help="the file to write: OUT.trf the event with the round's pairings added "
                                              "(TRF-2026); OUT.xlsx (an .xlsx/.xlsm event) the workbook with the "
                                              "next round entered in its crosstable as pending games (a team "
                                              "workbook: match lines in its Matches sheet); else the list "
                                              "(default: standard output)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import XltbError
    from ..files import write_atomic
    from ..messages import Message
    from ..pairing.pair import pair, with_pairing
    from ..readers.registry import read_event
    from ..report import pairing as formats
    from ..report.i18n import language
    from ..writers.trf import write_trf

    target = args.output if args.output and args.output != "-" else None
    if target and target.lower().endswith((".xlsx", ".xlsm")):  # the workbook route: xltb/recalc/enter.py
        return _into_workbook(args, target)
    event = read_event(args.file, args.event_type)[0]
    if event.is_team and args.output and args.output.lower().endswith(".trf"):
        raise XltbError(str(Message("pairing.team.no_trf_out")), file=args.file)
    if args.maxi and not event.is_team:  # C.04.4.3 3.2, 3.8, 5.7: the arbiter's choice
        event = event._replace(plans=event.plans._replace(maxi=True))
    rp = pair(event, args.round_no, system=args.system, edition=args.pairing_rules, lots=args.lots)
    if not event.is_team and target and target.lower().endswith(".trf") and args.format is None:
        written = write_trf(with_pairing(event, rp))
        write_atomic(target, written.text.encode("utf-8"), force=args.force)
        for note in written.warnings:
            print(f"warning: {printable(note)}", file=sys.stderr)
        print(printable(f"wrote {target}"), file=sys.stderr)
        return 0
    fmt = args.format or _format_of(target)
    lang = language(args.lang)
    if fmt == "json":
        text = formats.to_json(rp, event)
    elif fmt == "csv":
        text = formats.to_csv(rp, event, lang)
    else:
        text = formats.to_text(rp, event, lang, explain=args.explain)
    output(text, target, args.force)
    return 0


def _into_workbook(args: argparse.Namespace, target: str) -> int:
    """``xltb pair WORKBOOK -o OUT.xlsx``: the next round written into the crosstable as pending games, by the
    workbook's own Settings (:func:`xltb.recalc.enter.pair_workbook`)."""
    from ..errors import XltbError
    from ..files import claim_new, write_atomic
    from ..recalc.enter import pair_workbook

    given = [name for name, value in (("--round", args.round_no), ("--system", args.system),
                                      ("--pairing-rules", args.pairing_rules), ("--lots", args.lots),
                                      ("--event-type", args.event_type)) if value is not None]
    given += ["--maxi"] if args.maxi else []
    if given:
        raise XltbError(f"{', '.join(given)}: a workbook is paired by its own Settings sheet (PairingSystem, "
                        "PairingEdition, Lots, EventType, Maxi) and always in its next round")
    if not args.file.lower().endswith((".xlsx", ".xlsm")):
        raise XltbError(f"-o {target}: the pairings are written into the workbook they are read from: give an .xlsx "
                        "or .xlsm workbook (xltb template individual) as the event")
    claim_new(target, force=args.force)
    paired = pair_workbook(args.file)
    write_atomic(target, paired.data, force=args.force)
    rp = paired.pairing
    print(printable(f"wrote {target}: round {rp.round} entered ({len(rp.boards)} boards, {len(paired.edits)} cells "
                    "written)"), file=sys.stderr)
    return 0


def _format_of(target: str | None) -> str:
    if target:
        for fmt in ("json", "csv"):
            if target.lower().endswith("." + fmt):
                return fmt
    return "text"
