"""Options and loading shared by the commands."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import XltbError
from ..files import write_atomic
from ..model import EventType
from ..model.event import Event
from ..decide import decide
from ..ranking.decision import Decision
from ..terminal import printable
from ..readers.registry import read_event, read_event_published


def add_event_options(parser: argparse.ArgumentParser, *, tiebreaks: bool = True) -> None:
    if tiebreaks:
        parser.add_argument("--tiebreaks", "-t", metavar="LIST",
                            help="comma-separated codes, TRF-2026 (BH/C1,KS/L-1) or Handbook (BH-C1) spelling "
                                 "(xltb codes lists them); default: the file's list (TRF 212/202, a chess-results "
                                 "export's legend), else xltb's default for the event type")
    parser.add_argument("--rules", "-r", metavar="EDITION",
                        help="C.07 edition: 2012 (alias legacy: the rules of 2012-2023, virtual opponent), 2023-09, "
                             "2024-04, 2024-08, 2026-03 (aliases 2023, 2024, 2026); default: the one in force on the "
                             "event's start date, else the one a chess-results legend names, else the one in force "
                             "on the export's last update, else the newest (xltb's default)")
    parser.add_argument("--unrated-rating", type=int, metavar="N",
                        help="rating used for unrated players in rating-based tie-breaks (C.07 10)")
    parser.add_argument("--event-type", choices=[e.value for e in EventType],
                        help="override the event type read from the file (TRF 092/192)")
    parser.add_argument("--primary", choices=["MP", "GP"], type=str.upper,
                        help="team events: the primary score, match points or game points (default: TRF 192, else MP)")


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """--lang: the language of the words printed (``de``, ``DE``, or a language file)."""
    from ..report.i18n import available

    parser.add_argument("--lang", metavar="LANG", default=None,
                        help=f"the language of the words printed: {', '.join(available())} (default en), or a "
                             "language file (.json, laid out as xltb/report/lang/en.json)")


def add_round_options(parser: argparse.ArgumentParser, *, planned: bool = True) -> None:
    """--after-round N (the event as it stood after round N) and, with ``planned``, --rounds M (the rounds
    planned, for "after round N of M")."""
    parser.add_argument("--after-round", type=int, metavar="N", dest="after_round",
                        help="the event as it stood after round N: later rounds ignored, totals recomputed "
                             "(\"after round N of M\")")
    if planned:
        parser.add_argument("--rounds", type=int, metavar="M",
                            help="the rounds planned, for \"after round N of M\" (default: the file's, TRF 142/XXR, "
                                 "else the rounds it holds); never fewer than the file holds")


def load_event(path: str, event_type: str | None = None, primary: str | None = None) -> Event:
    """Read an event file: TRF-16 / TRF-2026 (a team event when it has team records, 013/310), or a
    chess-results / SwissPerfect export."""
    return read_event(path, event_type, primary)[0]


def decide_from_args(args: argparse.Namespace, tiebreaks: str | None = None) -> Decision:
    """Read ``args.file`` and decide its edition, list, event type and primary score (xltb.decide):
    the same choices for every command."""
    read = read_event_published(args.file, args.event_type, args.primary)  # read, then decided
    return decide(read, tiebreaks=tiebreaks if tiebreaks is not None else getattr(args, "tiebreaks", None),
                  rules=args.rules, unrated_rating=args.unrated_rating, after=getattr(args, "after_round", None),
                  planned=getattr(args, "rounds", None))


def add_output_options(parser: argparse.ArgumentParser, metavar: str = "OUT", **kwargs: Any) -> None:
    """-o and --force: an existing file is replaced only with --force."""
    parser.add_argument("-o", "--output", metavar=metavar, **kwargs)
    parser.add_argument("--force", action="store_true", help="replace the output file when it exists")


def output(text: str, target: str | None, force: bool = False) -> None:
    if target and target != "-":
        write_atomic(target, text, force=force)
    else:
        print(printable(text), end="")  # a name's escape sequence must not reach the terminal


__all__ = ["add_event_options", "add_lang_option", "add_output_options", "add_round_options", "load_event", "decide_from_args", "output",
           "XltbError"]
