"""Benchmark of large tied fields (issue 14): direct encounter and the Details sheet in linear or
n log n time.

* 100,000 players after round 1 (three groups of tied players, 25,000-50,000 each): ``xltb standings``
  with DE in the list against the same standings without DE;
* a 100,000-player export (all sheets, the Details with every participant's DE notes) against
  ``xltb standings`` of the same file.

Target: each within a few times (at most 4x) the plain standings' processor time. The events are generated
from a seed by ``benchmarks/generate.py``, as chess-results exports (TRF's four-digit columns stop
at 9,999 players). Run: ``python benchmarks/bench_large.py`` (options:
``--players N``, ``--rounds N`` for the export, ``--seed S``).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import generate_csv  # noqa: E402

TARGET = 4.0


def timed(command: list[str]) -> float:
    """The processor time (user + system) of the command: on a machine shared with other work the
    wall-clock time says more about the others than about xltb (both are printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"  {command[1]} {os.path.basename(command[2])}: {cpu:.1f} s processor, {wall:.1f} s wall, "
          f"{after.ru_maxrss / 1024:.0f} MB peak (largest child so far)")
    return cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=9, help="rounds of the exported event")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    xltb = os.path.join(os.path.dirname(sys.executable), "xltb")
    base = [xltb] if os.path.exists(xltb) else [sys.executable, "-m", "xltb"]
    ok = True
    with tempfile.TemporaryDirectory(prefix="xltb-bench-large-") as work:
        tied = os.path.join(work, "tied.csv")
        with open(tied, "w", encoding="utf-8") as fh:
            fh.write(generate_csv(args.players, 1, args.seed, name="Tied after round 1"))
        plain = timed(base + ["standings", tied, "-t", "BH,SB,WIN"])
        with_de = timed(base + ["standings", tied, "-t", "DE,BH,SB,WIN"])
        ratio = with_de / plain
        ok &= ratio <= TARGET
        print(f"{args.players:,} players tied after round 1: standings {plain:.1f} s, with DE {with_de:.1f} s "
              f"({ratio:.1f}x; target <= {TARGET:g}x)")
        event = os.path.join(work, "large.csv")
        with open(event, "w", encoding="utf-8") as fh:
            fh.write(generate_csv(args.players, args.rounds, args.seed, name="Large open"))
        standings = timed(base + ["standings", event])
        export = timed(base + ["export", event, "-o", os.path.join(work, "large.xlsx")])
        ratio = export / standings
        ok &= ratio <= TARGET
        print(f"{args.players:,} players x {args.rounds} rounds: standings {standings:.1f} s, export {export:.1f} s "
              f"({ratio:.1f}x; target <= {TARGET:g}x)")
    print("OK" if ok else "SLOWER THAN THE TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
