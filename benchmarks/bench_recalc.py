"""Speed of ``xltb recalc`` (issue 12): the whole command, timed as an arbiter runs it.

    python benchmarks/bench_recalc.py [PLAYERS ...]

For each size (default 300 and 2,000 players, 9 rounds, 8 tie-breaks), a generated Swiss is
written into the individual template (``xltb template individual --from``), and ``xltb recalc`` of
that workbook is timed (best of 3; a fresh process each time, so Python's start, openpyxl reading
the workbook, compiling and evaluating every formula with the formulas engine, and writing the
values are all in). Then the bundled workbooks (``workbooks/``). No target: the figures go into
docs/recalc.md.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate  # noqa: E402

TIEBREAKS = "BH/C1,BH,SB,DE,WIN,ARO,TPR,KS"


def xltb(*args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "xltb", *args], capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"xltb {' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done


def timed(path: Path, out: Path, runs: int = 3) -> tuple[float, str]:
    best, line = float("inf"), ""
    for _ in range(runs):
        t0 = time.perf_counter()
        done = xltb("recalc", str(path), "-o", str(out), "--force")
        best = min(best, time.perf_counter() - t0)
        line = done.stderr.splitlines()[0]
    return best, line


def main() -> int:
    sizes = [int(a) for a in sys.argv[1:]] or [300, 2000]
    t0 = time.perf_counter()
    xltb("--help")
    start = time.perf_counter() - t0
    print(f"python + xltb start (xltb --help): {start:.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for players in sizes:
            event = work / f"swiss{players}.trf"
            event.write_text(generate(players, 9, 7), encoding="utf-8")
            book = work / f"swiss{players}.xlsx"
            xltb("template", "individual", "--from", str(event), "--tiebreaks", TIEBREAKS, "-o", str(book))
            seconds, line = timed(book, work / "out.xlsx")
            print(f"{players} players, 9 rounds, {TIEBREAKS}: {seconds:.2f} s  [{line.split(': ', 1)[1]}]")
        for path in sorted((ROOT / "workbooks").glob("*.xls[xm]")):
            seconds, line = timed(path, work / ("out" + path.suffix))
            print(f"workbooks/{path.name}: {seconds:.2f} s  [{line.split(': ', 1)[1]}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
