"""``xltb prizes EVENT --prizes FILE.csv``: who wins which prize, by the final standings and their
tie-breaks, with the reason for every award."""

from __future__ import annotations

import argparse
import sys

from ..prizes import SHARES, award_prizes, read_prizes
from ..ranking import rank
from ..report import prizes as out
from ..report.i18n import language
from .common import add_event_options, add_lang_option, add_output_options, decide_from_args, output


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("prizes", help="award the prizes of a prize table from the final standings",
                       description="Award the prizes of a prize table (a CSV file: Prize,Category,Amount) from the "
                                   "final standings of an event and their tie-breaks: each prize, in decreasing "
                                   "value, to the best-placed player of its category not yet awarded; one prize a "
                                   "player; every award with its reason. See docs/prizes.md.")
    p.add_argument("file", help="the event file: TRF-16 / TRF-2026, a chess-results crosstable export (CSV), a "
                                "SwissPerfect export or one of xltb's workbooks (.xlsx, .xlsm, .ods)")
    p.add_argument("--prizes", "-p", required=True, metavar="FILE.csv",
                   help="the prize table: header Prize,Category,Amount, one line a prize in the regulations' order; "
                        "Category is Open or conditions joined by & (Rating<1900, Rating 1600-1799, Unrated, Women, "
                        "Men, Born>=2010, U18, Senior, Federation=ITA, Title=WGM); Amount blank for a trophy")
    p.add_argument("--share", choices=SHARES, default="none",
                   help="money of players tied on points: none (the tie-breaks decide), equal (pooled over the "
                        "places they cover, shared equally), hort (half by the tie-breaks, half shared equally)")
    add_event_options(p)
    p.add_argument("--lots", type=int, metavar="SEED",
                   help="break the ties that remain by a reproducible drawing of lots")
    p.add_argument("--format", "-f", choices=["text", "json", "csv"], default="text")
    add_lang_option(p)
    add_output_options(p, help="write to this file (default: standard output)")
    p.set_defaults(run=run, quick_exit=True)


def run(args: argparse.Namespace) -> int:
    lang = language(args.lang)  # an unknown language is an error before any work
    table = read_prizes(args.prizes)  # a broken table is refused before the event is ranked
    st = rank(decide_from_args(args), lots=args.lots)
    pl = award_prizes(st, table, args.share)
    writer = {"text": out.prizes_to_text, "json": out.prizes_to_json, "csv": out.prizes_to_csv}[args.format]
    text = writer(pl, lang)
    if args.format == "csv":  # a CSV has no header: the rules and the warnings go to standard error
        for rule in pl.rules:
            print(f"rule: {out.sentence(lang.render(rule))}", file=sys.stderr)
        for line in list(st.warnings) + list(pl.warnings):
            print(f"warning: {lang.render(line)}", file=sys.stderr)
    output(text, args.output, args.force)
    return 0


__all__ = ["register", "run"]
