"""Benchmark of ``xltb export --pdf`` (issue 13): 45 real event files from tests/data with their PDFs
(standings and crosstable, the default sheets).

Target: under 60 s on the two-core development machine with ``--jobs 2`` (before: 182 s with one
LibreOffice start per file). Also timed: the same without ``--pdf`` (the workbooks alone), and with
``--jobs 1``, so that the cost of printing is seen. Run: ``python benchmarks/bench_pdf.py``
(options: ``--files N``, ``--jobs N``).
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUFFIXES = (".trf", ".tab", ".csv", ".txt")


def real_files(limit: int) -> list[str]:
    """Event files under tests/data, the real ones first: those xltb reads (a file it refuses by design,
    such as a team crosstable CSV, is left out), each name once."""
    from xltb.errors import XltbError
    from xltb.readers.registry import read_event

    files: list[str] = []
    names: set[str] = set()
    for folder in ("real", "team", "csv", "seed", "check"):
        for path in sorted(glob.glob(os.path.join(ROOT, "tests", "data", folder, "*"))):
            name = os.path.basename(path)
            if not path.endswith(SUFFIXES) or name in names:
                continue
            try:
                read_event(path)
            except XltbError:
                continue
            files.append(path)
            names.add(name)
    return files[:limit]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=45)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    files = real_files(args.files)
    work = tempfile.mkdtemp(prefix="xltb-bench-pdf-")
    src = os.path.join(work, "in")
    os.makedirs(src)
    for path in files:
        shutil.copy(path, src)
    xltb = os.path.join(os.path.dirname(sys.executable), "xltb")
    command = [xltb] if os.path.exists(xltb) else [sys.executable, "-m", "xltb"]
    runs = [("workbooks only", ["--jobs", str(args.jobs)]),
            (f"--pdf --jobs {args.jobs}", ["--pdf", "--jobs", str(args.jobs)]),
            ("--pdf --jobs 1", ["--pdf", "--jobs", "1"])]
    result = 0
    try:
        for label, options in runs:
            out = os.path.join(work, "out")
            shutil.rmtree(out, ignore_errors=True)
            start = time.perf_counter()
            proc = subprocess.run(command + ["export", src, "--out-dir", out, *options], capture_output=True,
                                  text=True)
            seconds = time.perf_counter() - start
            pdfs = len(glob.glob(os.path.join(out, "**", "*.pdf"), recursive=True))
            books = len(glob.glob(os.path.join(out, "**", "*.xlsx"), recursive=True))
            print(f"{label:>20}: {seconds:6.1f} s for {books} workbooks, {pdfs} PDFs of {len(files)} files "
                  f"(exit {proc.returncode})")
            if proc.returncode != 0:
                print(proc.stderr[-2000:], file=sys.stderr)
            if "--pdf" in options and options[-1] == str(args.jobs):
                target = seconds < 60 and pdfs == books == len(files)
                print(f"target: {len(files)} files with PDFs in under 60 s: {'met' if target else 'NOT met'}")
                result = 0 if target else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"CPUs available: {os.cpu_count()}")
    return result


if __name__ == "__main__":
    sys.exit(main())
