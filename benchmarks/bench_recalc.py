"""Speed of ``xltb recalc`` (issue 12): the whole command, timed as an arbiter runs it.

    python benchmarks/bench_recalc.py [PLAYERS ...]

For each size (default 300 and 2,000 players, 9 rounds, 8 tie-breaks), a generated Swiss is
written into the individual template (``xltb template individual --from``), and ``xltb recalc`` of
that workbook is measured against ``xltb standings`` of the same event: processor time (user +
system) of whole processes, the median of 3 runs each, interleaved, so that a machine shared with
other work slows both alike (Python's start, openpyxl reading the workbook, compiling and evaluating
every formula with the formulas engine, and writing the values are all in). Then the bundled
workbooks (``workbooks/``). Target (issue 23): recalc at most 10 times the standings for 2,000
players; the figures go into docs/recalc.md.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate  # noqa: E402

TIEBREAKS = "BH/C1,BH,SB,DE,WIN,ARO,TPR,KS"


TARGET = 10.0


def xltb(*args: str) -> tuple[subprocess.CompletedProcess, float]:
    """The command's result and its processor time (user + system, seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "xltb", *args], capture_output=True, text=True, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"xltb {' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def timed(path: Path, out: Path, runs: int = 3, event: Path | None = None) -> tuple[float, float | None, str]:
    """(median processor time of recalc, of standings of ``event`` or None, recalc's summary line)."""
    recalcs, standings, line = [], [], ""
    for _ in range(runs):
        done, cpu = xltb("recalc", str(path), "-o", str(out), "--force")
        recalcs.append(cpu)
        line = done.stderr.splitlines()[0]
        if event is not None:
            standings.append(xltb("standings", str(event))[1])
    return statistics.median(recalcs), statistics.median(standings) if standings else None, line


def main() -> int:
    sizes = [int(a) for a in sys.argv[1:]] or [300, 2000]
    start = xltb("--help")[1]
    print(f"python + xltb start (xltb --help): {start:.2f} s processor")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for players in sizes:
            event = work / f"swiss{players}.trf"
            event.write_text(generate(players, 9, 7), encoding="utf-8")
            book = work / f"swiss{players}.xlsx"
            xltb("template", "individual", "--from", str(event), "--tiebreaks", TIEBREAKS, "-o", str(book))
            seconds, standings, line = timed(book, work / "out.xlsx", event=event)
            ratio = seconds / standings
            if players == 2000:
                ok &= ratio <= TARGET
            print(f"{players} players, 9 rounds, {TIEBREAKS}: recalc {seconds:.2f} s, standings {standings:.2f} s "
                  f"processor ({ratio:.1f}x; target <= {TARGET:g}x at 2,000 players)  [{line.split(': ', 1)[1]}]")
        for path in sorted((ROOT / "workbooks").glob("*.xls[xm]")):
            seconds, _, line = timed(path, work / ("out" + path.suffix))
            print(f"workbooks/{path.name}: {seconds:.2f} s processor  [{line.split(': ', 1)[1]}]")
    print("OK" if ok else "SLOWER THAN THE TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
