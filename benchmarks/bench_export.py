"""Benchmark of the batch mode (issue 4): 100 TRF files of 300 players x 9 rounds exported to xlsx.

Target: under 60 s with one job, and at least 1.7x faster with ``--jobs 2``. Then ``--html`` (issue 23):
the processor time (user + system) of exporting the first ``--html-files`` files with the HTML page
against without, the median of 3 runs each, interleaved: at most 30% more.

The files are generated from a seed by ``benchmarks/generate.py`` (the events of the other benchmarks),
so every run measures the same work. Run: ``python benchmarks/bench_export.py``
(options: ``--files N``, ``--players N``, ``--rounds N``, ``--seed S``, ``--keep DIR``).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import generate  # noqa: E402


def processor_time(command: list[str]) -> float:
    """User + system time of the command's process (seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(command, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command[:3])} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--keep", metavar="DIR", help="generate the files here and keep them")
    parser.add_argument("--html-files", type=int, default=10, help="files exported with and without --html")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="xltb-bench-")
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "trf")
    os.makedirs(src, exist_ok=True)
    for k in range(args.files):
        with open(os.path.join(src, f"event{k + 1:03d}.trf"), "w", encoding="utf-8") as fh:
            fh.write(generate(args.players, args.rounds, args.seed + k, name=f"Benchmark open {k + 1}"))
    xltb = os.path.join(os.path.dirname(sys.executable), "xltb")
    command = [xltb] if os.path.exists(xltb) else [sys.executable, "-m", "xltb"]
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
        html_files = sorted(os.listdir(src))[:args.html_files]
        plain, html = [], []
        for run in range(3):
            for extra, into in (([], plain), (["--html"], html)):
                out = os.path.join(work, f"out-html-{run}-{len(extra)}")
                into.append(processor_time(command + ["export", *(os.path.join(src, f) for f in html_files),
                                                      "--out-dir", out, "--jobs", "1", *extra]))
        added = statistics.median(html) / statistics.median(plain) - 1
        print(f"--html: {statistics.median(html):.2f} s against {statistics.median(plain):.2f} s processor for "
              f"{len(html_files)} files: +{added:.0%} (target <= +30%)")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    speedup = timings[1] / timings[2]
    print(f"speed-up with 2 jobs: {speedup:.2f}x (target >= 1.7x); one job: {timings[1]:.1f} s (target < 60 s)")
    print(f"CPUs available: {os.cpu_count()}")
    ok = timings[1] < 60 and speedup >= 1.7 and added <= 0.30
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
