"""Speed of writing the values in ``xltb recalc`` (issue 23): :func:`xltb.recalc.package.write` in the
recalculating process itself, with the edits recalc makes.

    python benchmarks/bench_write.py [PLAYERS] [--runs N]

A generated Swiss (default 2,000 players, 9 rounds, 8 tie-breaks) is written into the individual
template (``xltb template individual --from``, as bench_recalc.py does) and recalculated once in this
process; the workbook recalc writes is kept, and its ``write`` is then timed again N times (default 7)
on the same edits: processor time (``time.process_time``), the minimum and the median (a machine shared
with other work slows some runs). Every run must give the same bytes. Target: at most 0.35 s for 2,000
players (the median). The figures go into docs/recalc-speed.md.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from generate import generate  # noqa: E402

TIEBREAKS = "BH/C1,BH,SB,DE,WIN,ARO,TPR,KS"
TARGET = 0.35


def main() -> int:
    args = sys.argv[1:]
    runs = 7
    if "--runs" in args:
        k = args.index("--runs")
        runs = int(args[k + 1])
        del args[k:k + 2]
    players = int(args[0]) if args else 2000
    import xltb.recalc.run as run

    with tempfile.TemporaryDirectory() as tmp:
        event = Path(tmp) / "event.trf"
        event.write_text(generate(players, 9, 7), encoding="utf-8")
        book = Path(tmp) / "book.xlsx"
        subprocess.run([sys.executable, "-m", "xltb", "template", "individual", "--from", str(event),
                        "--tiebreaks", TIEBREAKS, "-o", str(book)], check=True, capture_output=True, cwd=ROOT)
        real = run.write
        times: list[float] = []
        written: set[bytes] = set()

        def timed(data, sheets, edits):  # recalc's own call, then the same again
            out = b""
            for _ in range(1 + runs):
                start = time.process_time()
                out = real(data, sheets, edits)
                times.append(time.process_time() - start)
                written.add(out)
            cells = sum(map(len, edits.values()))
            print(f"{players} players: {cells:,} cells edited, workbook {len(data):,} -> {len(out):,} bytes")
            return out

        run.write = timed
        try:
            run.recalc_bytes(book.read_bytes())
        finally:
            run.write = real
    first, rest = times[0], times[1:]
    median = statistics.median(rest)
    ok = median <= TARGET and len(written) == 1
    print(f"write: in recalc {first:.3f} s, then {runs} runs: min {min(rest):.3f} s, median {median:.3f} s "
          f"processor (target <= {TARGET:g} s); {'the same bytes each time' if len(written) == 1 else 'DIFFERENT'}")
    print("OK" if ok else "SLOWER THAN THE TARGET" if len(written) == 1 else "NOT THE SAME BYTES")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
