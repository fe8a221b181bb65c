"""Speed of the worksheet functions (issue 5).

    python benchmarks/bench_udf.py [PLAYERS] [ROUNDS]

A generated Swiss of 2,000 participants and 11 rounds, as a Crosstable sheet in arbiter
notation. With the cache warm (the crosstable parsed and the standings computed once):

* per-cell formulas: 2,000 participants x 10 tie-break functions (20,000 calls of
  ``TB_BH_C1(cell, crosstable, settings)`` ...) through the UDF layer: target < 1 s in total;
  measured as the host passes arguments: the same crosstable object for every call (what a
  host that keeps the argument's value gives), and a fresh copy per call (content key);
* the array function ``TB_STANDINGS`` for the same table: target < 0.5 s.

Also reported: the cold first call (parse + compute) and the classic-add-in path with a fake
workbook that hands out a fresh copy of the named range on every read, as COM does.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate  # noqa: E402

from xltb.functions import core
from xltb.hosts import classic as udfs  # noqa: E402
from xltb.sheets.crosstable import from_tournament  # noqa: E402
from xltb.readers import trf  # noqa: E402

CODES = ["BH/C1", "BH", "SB", "DE", "WIN", "ARO", "TPR", "PTP", "KS", "PS"]
SETTINGS = [["Tiebreaks", ",".join(CODES[:5])], ["Edition", "2024"], ["UnratedRating", 1000]]


def main() -> int:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    t = trf.read(generate(players, rounds, 7), "bench.trf")
    rows = from_tournament(t)
    funcs = [getattr(udfs, "TB_" + c.replace("/", "_")) for c in CODES]
    numbers = [p.start_no for p in t.players]

    core.clear_cache()
    t0 = time.perf_counter()
    for f in funcs:
        f(numbers[0], rows, SETTINGS)
    cold = time.perf_counter() - t0

    t0 = time.perf_counter()
    for no in numbers:
        for f in funcs:
            f(no, rows, SETTINGS)
    warm_same = time.perf_counter() - t0

    t0 = time.perf_counter()
    table = udfs.TB_STANDINGS(rows, SETTINGS)
    array = time.perf_counter() - t0
    assert len(table) == players + 1

    copies = 200  # a fresh copy per call (new strings too, as COM reads give) is compared cell by cell
    fresh = [[[("#" + c)[1:] if isinstance(c, str) else c for c in r] for r in rows] for _ in range(copies)]
    t0 = time.perf_counter()
    for i in range(copies):
        funcs[i % len(funcs)](numbers[i], fresh[i], SETTINGS)
    per_fresh = (time.perf_counter() - t0) / copies

    print(f"{players} participants x {rounds} rounds; {len(funcs)} functions: {', '.join(CODES)}")
    print(f"cold: first call of each function (parse + compute): {cold:.2f} s")
    print(f"warm, per-cell formulas, {players * len(funcs)} calls: {warm_same:.3f} s "
          f"({warm_same / (players * len(funcs)) * 1e6:.1f} us per call)  [target < 1 s]")
    print(f"warm, array function TB_STANDINGS: {array * 1000:.1f} ms  [target < 500 ms]")
    print(f"warm, a fresh copy of the crosstable per call (content key): {per_fresh * 1000:.2f} ms per call "
          f"-> {per_fresh * players * len(funcs):.1f} s for {players * len(funcs)} calls")
    ok = warm_same < 1.0 and array < 0.5
    print("OK" if ok else "TOO SLOW")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
