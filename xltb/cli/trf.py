"""``xltb trf EVENT -o OUT.trf``: the event as a TRF-2026 file, with the points and the ranks of its standings."""

from __future__ import annotations

import argparse
import sys

from ..errors import XltbError
from ..files import write_atomic
from ..terminal import printable
from .common import add_event_options, add_output_options, add_round_options, decide_from_args, output


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("trf", help="write an event as a TRF-2026 file (points filled in, ranks of the standings)",
                       description="Write the event (TRF-16 / TRF-2026, chess-results or SwissPerfect export, or one of "
                                   "xltb's workbooks) as a "
                                   "TRF-2026 file: the players' 001 lines with their points and the ranks of the "
                                   "standings xltb computes (the same choices as 'xltb standings'), the tie-break list "
                                   "as 202/212, the scoring (162, 299) and, for team events, the team records (310, "
                                   "300, 320, 330, 240, 352, 362). What the source cannot tell is said in a warning.")
    p.add_argument("file", help="the event file: TRF-16 / TRF-2026 (individual or team), a chess-results "
                                "crosstable export (CSV), a SwissPerfect export or one of xltb's workbooks (.xlsx, "
                                ".xlsm, .ods)")
    add_event_options(p)
    add_round_options(p)
    p.add_argument("--encoding", choices=["utf-8", "latin-1"], default="utf-8", type=str.lower,
                   help="the file's encoding: utf-8 (default; any name), or latin-1, which FIDE's reference program "
                        "gacrux reads without being told (every name must fit it)")
    p.add_argument("--lots", type=int, metavar="SEED",
                   help="break the ties that remain by a reproducible drawing of lots (the ranks written)")
    add_output_options(p, metavar="OUT.trf", help="the TRF file to write (default: standard output)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..ranking import rank
    from ..ranking.choices import choose_edition
    from ..writers.trf import Ranking, write_trf

    decision = decide_from_args(args)
    st = rank(decision, lots=args.lots)
    written = write_trf(decision.event, Ranking({row.start_no: row.rank for row in st.rows}, tuple(st.codes),
                                                st.edition.key))
    from ..writers.report import report_gaps

    notes = list(st.warnings) + list(written.warnings) + list(report_gaps(decision.event))
    read_back, why = choose_edition(decision.event, None)
    if read_back.key != st.edition.key:
        notes.append(f"TRF has no record of the C.07 edition: read back, the file is computed under {read_back.key} "
                     f"({why.text}), not {st.edition.key} as here; give --rules {st.edition.key} when reading it")
    if st.unrated_rating is not None:
        notes.append(f"TRF has no record of the rating of unrated players: give --unrated-rating {st.unrated_rating} "
                     "again when reading the file")
    if args.lots is not None and any(row.by_lot for row in st.rows):
        notes.append(f"the ranks written were decided by lots (seed {args.lots}); TRF has no record of the seed")
    to_file = bool(args.output) and args.output != "-"
    if to_file:  # a file keeps TRF's carriage returns; the terminal gets plain lines
        write_atomic(args.output, encoded(written.text, args.encoding), force=args.force)
    else:
        output(written.text.replace("\r\n", "\n"), None)
    for note in notes:
        print(f"warning: {printable(note)}", file=sys.stderr)
    if to_file:
        print(printable(f"wrote {args.output}"), file=sys.stderr)
    return 0


def encoded(text: str, encoding: str) -> bytes:
    """The file's bytes; a character latin-1 cannot hold is refused, naming its line."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as err:
        line = text.count("\n", 0, err.start) + 1
        raise XltbError(f"--encoding {encoding}: {text[err.start]!r} (line {line} of the TRF) cannot be written in "
                        f"{encoding}; use --encoding utf-8") from None
