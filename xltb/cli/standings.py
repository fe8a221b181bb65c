"""``xltb standings FILE``: the final standings with the chosen tie-breaks."""

from __future__ import annotations

import argparse

from ..errors import XltbError
from ..ranking import rank
from ..model.event import Event
from ..report import formats as out
from ..terminal import say
from ..report.i18n import language
from .common import (add_event_options, add_lang_option, add_output_options, add_round_options, decide_from_args,
                     load_event, output)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("standings", help="compute standings and tie-breaks of an event file",
                       description="Compute the standings of an event (TRF-16, TRF-2026, chess-results or SwissPerfect "
                                   "export, or one of xltb's workbooks) with FIDE C.07 tie-breaks. The output says where the edition, the "
                                   "tie-break list and the event type came from: the file, the user or xltb's default.")
    p.add_argument("file", help="the event file: TRF-16 / TRF-2026 (individual or team), a chess-results "
                                "crosstable export (CSV), a SwissPerfect export or one of xltb's workbooks (.xlsx, "
                                ".xlsm, .ods)")
    add_event_options(p)
    add_round_options(p)
    p.add_argument("--lots", type=int, metavar="SEED",
                   help="break the ties that remain by a reproducible drawing of lots")
    p.add_argument("--format", "-f", choices=["text", "json", "csv"], default="text")
    add_lang_option(p)
    p.add_argument("--players", action="store_true",
                   help="team events: the player standings (points, games, percentage, TPR, rank per board)")
    add_output_options(p, help="write to this file (default: standard output)")
    p.set_defaults(run=run, quick_exit=True)


def run(args: argparse.Namespace) -> int:
    if args.players:
        event = load_event(args.file, args.event_type, args.primary)
        if args.after_round is not None:
            from ..model.rounds import after_round

            event = after_round(event, args.after_round, args.rounds)
        text = _player_standings(event, args)
    else:
        lang = language(args.lang)  # an unknown language is an error before any work
        st = rank(decide_from_args(args), lots=args.lots)
        writers = {"json": out.to_json, "csv": out.to_csv}
        text = out.to_text(st, lang) if args.format == "text" else writers[args.format](st)
        if args.format == "csv":  # a CSV has no header: the choices xltb made and the warnings go to stderr
            for line in out.choice_warnings(st):
                say(f"warning: {line}")
    output(text, args.output, args.force)
    return 0


def _player_standings(event: Event, args: argparse.Namespace) -> str:
    # the team model: loaded for team events only
    from ..ranking.players import player_standings
    from ..report import players

    if not event.is_team:
        raise XltbError("--players is for team events (013 or 310 team records describing team matches); "
                        "this file is read as an individual event", file=args.file)
    lines = player_standings(event)
    writer = {"text": players.players_to_text, "json": players.players_to_json, "csv": players.players_to_csv}
    return writer[args.format](event, lines)
