"""Benchmark: `xltb standings` on generated Swiss events, whole process.

    python benchmarks/bench_standings.py [--runs 9]

Target (issue "The tie-break engine"): a 2,000-player, 11-round Swiss with
BH/C1,BH,SB,ARO,TPR,PTP,APRO,APPO and --format json in at most 0.5 s; 8,000 players in at
most 4.5 times the 2,000-player time (linear growth). Prints the medians and PASS/FAIL; the
runs of both sizes alternate, and the growth is the median of the paired runs' ratios.
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
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "xltb"]


def wall(cmd: list[str]) -> float:
    """Whole-process wall time of one run of ``cmd``."""
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - start


def standings_command(path: str) -> list[str]:
    return xltb_command() + ["standings", path, "--tiebreaks", TIEBREAKS, "--format", "json", "-o", os.devnull]


def reference_command() -> list[str]:
    """A fixed CPU-bound loop: how fast the machine is right now."""
    return [sys.executable, "-c", "sum(i * i for i in range(3_000_000))"]


def measure(small_path: str, large_path: str, runs: int) -> tuple[list[float], list[float], list[float]]:
    """Run the 2,000-player command, the 8,000-player command and the reference loop in turn, ``runs``
    times: each growth ratio compares two runs made a second apart, so that the host's speed, which
    drifts from one minute to the next on a shared machine, moves both alike."""
    small_cmd, large_cmd, ref_cmd = standings_command(small_path), standings_command(large_path), reference_command()
    for cmd in (small_cmd, large_cmd):
        subprocess.run(cmd, check=True)  # warm-up (file cache)
    small, large, reference = [], [], []
    for _ in range(runs):
        small.append(wall(small_cmd))
        large.append(wall(large_cmd))
        reference.append(wall(ref_cmd))
    return small, large, reference


def compile_bytecode() -> None:
    """An installed package has its bytecode compiled (pip does it); an editable checkout under
    PYTHONDONTWRITEBYTECODE would recompile every module in every run and time the compiler."""
    import compileall

    import xltb

    compileall.compile_dir(os.path.dirname(xltb.__file__), quiet=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for n in (2000, 8000):
            paths[n] = os.path.join(tmp, f"swiss{n}.trf")
            with open(paths[n], "w") as fh:
                fh.write(generate(n, 11, seed=2026))
        small, large, reference = measure(paths[2000], paths[8000], args.runs)
    median = statistics.median
    ratio = median([b / a for a, b in zip(small, large)])
    ok_small, ok_ratio = median(small) <= 0.5, ratio <= 4.5
    print(f"machine reference (a fixed pure-Python loop, whole process): {median(reference):.3f} s median "
          f"(min {min(reference):.3f}, max {max(reference):.3f}); a shared machine's speed moves by half from one "
          "minute to the next: compare runs with it")
    print(f"2,000 players x 11 rounds: {median(small):.3f} s median of {args.runs} (min {min(small):.3f}, "
          f"max {max(small):.3f}; target <= 0.5 s) {'PASS' if ok_small else 'FAIL'}")
    print(f"8,000 players x 11 rounds: {median(large):.3f} s median; {ratio:.2f}x the 2,000-player time (median of "
          f"the paired runs' ratios; target <= 4.5x) {'PASS' if ok_ratio else 'FAIL'}")
    return 0 if ok_small and ok_ratio else 1


if __name__ == "__main__":
    sys.exit(main())
