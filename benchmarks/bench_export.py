"""Benchmark of the batch mode (issue 4): 100 TRF files of 300 players x 9 rounds exported to xlsx.

Target: under 60 s with one job, and at least 1.7x faster with ``--jobs 2``.

The files are generated from a seed (a Swiss-like pairing by score groups, results drawn from the
rating difference), so every run measures the same work. Run: ``python benchmarks/bench_export.py``
(options: ``--files N``, ``--players N``, ``--rounds N``, ``--seed S``, ``--keep DIR``).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generate_trf(rng: random.Random, players: int, rounds: int, name: str) -> str:
    """A plausible Swiss event as TRF-16: pairings by score group without rematches, a pairing-allocated
    bye for the odd player out, results drawn from the rating difference, a few forfeits."""
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    score = [0.0] * players
    met: list[set[int]] = [set() for _ in range(players)]
    whites = [0] * players
    had_bye = [False] * players
    rows: list[list[tuple[int | None, str, str]]] = [[] for _ in range(players)]
    for rnd in range(rounds):
        order = sorted(range(players), key=lambda i: (-score[i], i))
        if players % 2:
            bye = next(i for i in reversed(order) if not had_bye[i])
            had_bye[bye] = True
            order.remove(bye)
            rows[bye].append((None, "-", "U"))
            score[bye] += 1
        free = list(order)
        while free:
            a = free.pop(0)
            j = next((k for k, b in enumerate(free) if b not in met[a]), 0)
            b = free.pop(j)
            met[a].add(b)
            met[b].add(a)
            white, black = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[white] += 1
            expected = 1 / (1 + 10 ** ((ratings[black] - ratings[white]) / 400))
            x = rng.random()
            if x < 0.01:
                res_w, res_b = "+", "-"
            elif x < expected - 0.15:
                res_w, res_b = "1", "0"
            elif x < expected + 0.15:
                res_w, res_b = "=", "="
            else:
                res_w, res_b = "0", "1"
            rows[white].append((black, "w", res_w))
            rows[black].append((white, "b", res_b))
            value = {"1": 1.0, "+": 1.0, "=": 0.5, "0": 0.0, "-": 0.0}
            score[white] += value[res_w]
            score[black] += value[res_b]
    lines = [f"012 {name}", "042 2025/05/01", "092 Individual: Swiss-System", f"062 {players}"]
    for i in range(players):
        head = (f"001 {i + 1:4d} m    {('Player ' + str(i + 1)):<33s} {ratings[i]:4d} XYZ {100000 + i:>11d} "
                f"{'1990/01/01':<10s} {score[i]:4.1f} {i + 1:4d}")
        blocks = "".join(f"  {('0000' if o is None else f'{o + 1:4d}')} {c} {r}" for o, c, r in rows[i])
        lines.append(head + blocks)
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--keep", metavar="DIR", help="generate the files here and keep them")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="xltb-bench-")
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "trf")
    os.makedirs(src, exist_ok=True)
    rng = random.Random(args.seed)
    for k in range(args.files):
        with open(os.path.join(src, f"event{k + 1:03d}.trf"), "w", encoding="utf-8") as fh:
            fh.write(generate_trf(rng, args.players, args.rounds, f"Benchmark open {k + 1}"))
    xltb = os.path.join(os.path.dirname(sys.executable), "xltb")
    command = [xltb] if os.path.exists(xltb) else [sys.executable, "-m", "xltb.cli"]
    timings = {}
    try:
        for jobs in (1, 2):
            out = os.path.join(work, f"out-j{jobs}")
            shutil.rmtree(out, ignore_errors=True)
            start = time.perf_counter()
            proc = subprocess.run(command + ["export", src, "--out-dir", out, "--jobs", str(jobs)],
                                  capture_output=True, text=True)
            timings[jobs] = time.perf_counter() - start
            written = len([f for f in os.listdir(out) if f.endswith(".xlsx")]) if os.path.isdir(out) else 0
            print(f"--jobs {jobs}: {timings[jobs]:6.1f} s for {written} workbooks (exit {proc.returncode})")
            if proc.returncode != 0 or written != args.files:
                print(proc.stderr[-2000:], file=sys.stderr)
                return 1
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    speedup = timings[1] / timings[2]
    print(f"speed-up with 2 jobs: {speedup:.2f}x (target >= 1.7x); one job: {timings[1]:.1f} s (target < 60 s)")
    print(f"CPUs available: {os.cpu_count()}")
    ok = timings[1] < 60 and speedup >= 1.7
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
