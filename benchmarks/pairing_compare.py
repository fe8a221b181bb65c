"""Re-pair every round of the pairing corpus (or of the TRF files given) with xltb's Dutch system and
compare with the pairing gacrux made: the same pairs, the same colours, the same PAB.

    python benchmarks/pairing_compare.py [FILE.trf ...] [--jobs 1] [--min-players N] [--max-players N]
                                         [--only NAME ...] [--sample K]

Prints one line per round that differs (what only gacrux has, what only xltb has) and the agreement by
size of the event, and for the events with withdrawals (a corpus name's ``-w12r5``: the player's entries
blank from that round on, and the withdrawal in the event's plans, as :func:`pairing_corpus.load` reads
them). ``--sample K`` compares every K-th event only.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pairing_corpus  # noqa: E402


def compare(name: str, text: str) -> tuple[str, int, list[tuple[int, str]], int]:
    """(name, players, [(round, difference)], rounds compared)."""
    from xltb.pairing.dutch import pair_dutch
    from xltb.rules.swiss import NEWEST_SWISS

    event = pairing_corpus.load(text, name)
    diffs = []
    for r in range(1, event.rounds + 1):
        want, want_pab = pairing_corpus.played(event, r)
        try:
            got = pair_dutch(event, r, NEWEST_SWISS)
        except Exception as exc:  # a failure is a difference too
            diffs.append((r, f"error: {exc}"))
            continue
        pairs = frozenset((b.white, b.black) for b in got.boards)
        pab = next((b.start_no for b in got.byes if b.kind.name == "PAB"), None)
        if pairs != want or pab != want_pab:
            same_games = {frozenset(p) for p in pairs} == {frozenset(p) for p in want}
            what = "colours only" if same_games and pab == want_pab else "pairs"
            diffs.append((r, f"{what}: gacrux only {sorted(want - pairs)} xltb only {sorted(pairs - want)} "
                             f"PAB gacrux {want_pab} xltb {pab}"))
    return name, len(event.players), diffs, event.rounds


def _bucket(n: int) -> str:
    return "9-40" if n <= 40 else "41-150" if n <= 150 else "151-500"


def _add(totals: dict[str, list[int]], bucket: str, rounds: int, diffs: int) -> None:
    t = totals.setdefault(bucket, [0, 0, 0])
    t[0] += rounds
    t[1] += rounds - diffs
    t[2] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-players", type=int, default=10**6)
    parser.add_argument("--min-players", type=int, default=0)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--sample", type=int, default=1)
    args = parser.parse_args()
    if args.files:
        items = [(Path(f).name, Path(f).read_text()) for f in args.files]
    else:
        items = [(n, pairing_corpus.read(n)) for n in pairing_corpus.names()
                 if (args.only is None or n in args.only)
                 and args.min_players <= pairing_corpus.players_of(n) <= args.max_players]
    items = items[::args.sample]
    totals: dict[str, list[int]] = {}
    extra: dict[str, list[int]] = {}
    start = time.process_time()
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for name, players, diffs, rounds in pool.map(compare, *zip(*items)):
            _add(totals, _bucket(players), rounds, len(diffs))
            if pairing_corpus.withdrawals_of(name):
                _add(extra, "with withdrawals", rounds, len(diffs))
            if "-baku" in name:
                _add(extra, "Baku", rounds, len(diffs))
            for r, d in diffs:
                print(f"{name} round {r}: {d}", flush=True)
    all_rounds = sum(t[0] for t in totals.values())
    same = sum(t[1] for t in totals.values())
    for bucket, (rounds, ok, events) in sorted(totals.items()):
        print(f"{bucket} players: {events} events, {ok}/{rounds} rounds identical")
    for what, (rounds, ok, events) in sorted(extra.items()):
        print(f"{what}: {events} events, {ok}/{rounds} rounds identical")
    print(f"total: {same}/{all_rounds} rounds identical, {all_rounds - same} different "
          f"({time.process_time() - start:.1f} s in this process)")
    return 0 if same == all_rounds else 1


if __name__ == "__main__":
    sys.exit(main())
