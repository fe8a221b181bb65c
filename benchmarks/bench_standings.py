"""Benchmark: `xltb standings` on generated Swiss events, whole process.

    python benchmarks/bench_standings.py [--runs 5]

Target (issue "The tie-break engine"): a 2,000-player, 11-round Swiss with
BH/C1,BH,SB,ARO,TPR,PTP,APRO,APPO and --format json in at most 0.5 s; 8,000 players in at
most 4.5 times the 2,000-player time (linear growth). Prints the medians and PASS/FAIL.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from generate import generate  # noqa: E402

TIEBREAKS = "BH/C1,BH,SB,ARO,TPR,PTP,APRO,APPO"


def xltb_command() -> list[str]:
    exe = os.path.join(os.path.dirname(sys.executable), "xltb")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "xltb.cli"]


def median_wall(cmd: list[str], runs: int) -> float:
    """Median whole-process wall time of ``cmd`` over ``runs`` runs."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_seconds(path: str, runs: int) -> float:
    cmd = xltb_command() + ["standings", path, "--tiebreaks", TIEBREAKS, "--format", "json", "-o", os.devnull]
    subprocess.run(cmd, check=True)  # warm-up (file cache, bytecode)
    return median_wall(cmd, runs)


def reference_seconds(runs: int) -> float:
    """Whole-process time of a fixed CPU-bound loop: how fast the machine is right now."""
    return median_wall([sys.executable, "-c", "sum(i * i for i in range(3_000_000))"], runs)


def compile_bytecode() -> None:
    """An installed package has its bytecode compiled (pip does it); an editable checkout under
    PYTHONDONTWRITEBYTECODE would recompile every module in every run and time the compiler."""
    import compileall

    import xltb

    compileall.compile_dir(os.path.dirname(xltb.__file__), quiet=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for n in (2000, 8000):
            paths[n] = os.path.join(tmp, f"swiss{n}.trf")
            with open(paths[n], "w") as fh:
                fh.write(generate(n, 11, seed=2026))
        small = median_seconds(paths[2000], args.runs)
        large = median_seconds(paths[8000], args.runs)
    ratio = large / small
    reference = reference_seconds(args.runs)
    ok_small, ok_ratio = small <= 0.5, ratio <= 4.5
    print(f"machine reference (a fixed pure-Python loop, whole process): {reference:.3f} s median; shared "
          "machines vary by half as much again from one minute to the next, so compare runs with it")
    print(f"2,000 players x 11 rounds: {small:.3f} s median of {args.runs} (target <= 0.5 s) "
          f"{'PASS' if ok_small else 'FAIL'}")
    print(f"8,000 players x 11 rounds: {large:.3f} s, {ratio:.2f}x the 2,000-player time (target <= 4.5x) "
          f"{'PASS' if ok_ratio else 'FAIL'}")
    return 0 if ok_small and ok_ratio else 1


if __name__ == "__main__":
    sys.exit(main())
