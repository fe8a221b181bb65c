"""``xltb standings FILE``: the final standings with the chosen tie-breaks."""

from __future__ import annotations

import argparse

from ..errors import XltbError
from ..ranking import is_team
from ..report import formats as out
from .common import add_event_options, add_output_options, compute_from_args, load_event, output


def register(sub) -> None:
    p = sub.add_parser("standings", help="compute standings and tie-breaks of an event file",
                       description="Compute the standings of an event (TRF-16 or TRF-2026) with FIDE C.07 tie-breaks.")
    p.add_argument("file", help="the event file (TRF)")
    add_event_options(p)
    p.add_argument("--lots", type=int, metavar="SEED",
                   help="break the ties that remain by a reproducible drawing of lots")
    p.add_argument("--format", "-f", choices=["text", "json", "csv"], default="text")
    p.add_argument("--players", action="store_true",
                   help="team events: the player standings (points, games, percentage, TPR, rank per board)")
    add_output_options(p, help="write to this file (default: standard output)")
    p.set_defaults(run=run, quick_exit=True)


def run(args: argparse.Namespace) -> int:
    event = load_event(args.file, args.event_type, args.primary)
    if args.players:
        text = _player_standings(event, args)
    else:
        st = compute_from_args(event, args)
        text = {"text": out.to_text, "json": out.to_json, "csv": out.to_csv}[args.format](st)
    output(text, args.output, args.force)
    return 0


def _player_standings(event, args) -> str:
    # the team model: loaded for team events only
    from ..ranking.players import player_standings
    from ..report import players

    if not is_team(event):
        raise XltbError("--players is for team events (013 or 310 team records describing team matches); "
                        "this file is read as an individual event", file=args.file)
    lines = player_standings(event)
    writer = {"text": players.players_to_text, "json": players.players_to_json, "csv": players.players_to_csv}
    return writer[args.format](event, lines)
