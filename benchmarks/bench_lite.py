"""A value-passing host (xlwings Lite, xlwings Server) on xltb's template (issue 11).

    python benchmarks/bench_lite.py [PLAYERS] [ROUNDS]

The individual template filled from a generated Swiss of 300 players and 9 rounds, with 8
tie-breaks. A value-passing host calls Python for the cells whose inputs changed and sends each
range argument as values. After one edit of the crosstable (both cells of a game), the benchmark
counts from the workbook's own formulas:

* Python calls per recalculation: the formula cells with an xltb function that take the Crosstable
  (the per-row cells read the table with INDEX/MATCH: Excel computes those itself);
* cells transferred per recalculation: the cells of the ranges those calls pass;
* warm Python time per recalculation (CPython, and Pyodide 314 under Node): the edited crosstable,
  a fresh copy of the values, through xltb.functions.callables; target < 50 ms;
* Pyodide cold start: start the runtime, install xltb's wheel, import the functions and compute the
  first standings of the event (what the first recalculation after opening Lite costs).

For comparison the old form (a per-cell function per participant and tie-break, each passed the
crosstable) is counted from the same sheet: rank, points and 8 tie-breaks per participant.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from generate import generate  # noqa: E402

import pyodide_host  # noqa: E402
from xltb.functions import callables as functions
from xltb.templates import build as templates  # noqa: E402
from xltb.readers import trf  # noqa: E402

CODES = "BH/C1,BH,SB,DE,WIN,ARO,PS,BPG"  # a Swiss list (Koya, KS, is for round robins)
REPEAT = 7


def blocks(wb) -> dict[str, list[list]]:
    out = {}
    for name in ("Crosstable", "Settings"):
        (sheet, ref), = wb.defined_names[name].destinations
        out[name] = [[c.value.isoformat() if hasattr(c.value, "isoformat") else c.value for c in row]
                     for row in wb[sheet][ref.replace("$", "")]]
    return out


def edit(crosstable: list[list], k: int = 0) -> list[list]:
    """A fresh copy with the ``k``-th decisive game of the last round changed: the win becomes a draw
    (both cells), so every edit gives a crosstable xltb has not seen yet."""
    rows = [list(r) for r in crosstable]
    last = max(i for i, h in enumerate(rows[0]) if isinstance(h, str) and re.fullmatch(r"R\d+", h) and
               any(r[i] for r in rows[1:]))
    for r in rows[1:]:
        m = re.fullmatch(r"\+([WB])(\d+)", str(r[last] or ""))
        if m and k:
            k -= 1
        elif m:
            other = next(o for o in rows[1:] if o[0] == int(m[2]))
            r[last] = "=" + r[last][1:]
            other[last] = "=" + other[last][1:]
            return rows
    raise RuntimeError("no decisive game in the last round")


def count(wb, sizes: dict[str, int]) -> tuple[int, int]:
    """(Python calls, cells transferred) for the formula cells of the workbook that take the Crosstable."""
    calls = cells = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                text = c.value.text if hasattr(c.value, "text") else c.value
                if isinstance(text, str) and text.startswith("=") and re.search(r"\bTB(_[A-Z0-9_]+)?\(", text) and "Crosstable" in text:
                    calls += 1
                    cells += sum(size for name, size in sizes.items() if re.search(rf"\b{name}\b", text))
    return calls, cells


def main() -> int:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    event = trf.read(generate(players, rounds, 11), "bench.trf")
    wb = templates.build("individual", event, tiebreaks=CODES)
    b = blocks(wb)
    sizes = {name: len(rows) * len(rows[0]) for name, rows in b.items()}
    calls, cells = count(wb, sizes)
    old_calls = players * (2 + len(CODES.split(",")))
    print(f"template: {players} players x {rounds} rounds, {len(CODES.split(','))} tie-breaks ({CODES}); "
          f"Crosstable {len(b['Crosstable'])} x {len(b['Crosstable'][0])} cells (spare rows and rounds included)")
    print(f"per recalculation after one edit: {calls} Python call(s), {cells:,} cells transferred "
          f"(Crosstable {sizes['Crosstable']:,} + Settings {sizes['Settings']})  [target: one transfer of the "
          f"crosstable]")
    print(f"  the old per-cell form: {old_calls:,} calls, {old_calls * (sizes['Crosstable'] + sizes['Settings']):,} "
          "cells transferred")

    functions.TB_STANDINGS(b["Crosstable"], b["Settings"])  # the workbook as opened: warm
    times = []
    for i in range(REPEAT):
        rows = edit(b["Crosstable"], i)
        settings = [list(r) for r in b["Settings"]]
        t0 = time.perf_counter()
        table = functions.TB_STANDINGS(rows, settings)
        times.append((time.perf_counter() - t0) * 1000)
        assert len(table) == players + 1
    cpython = statistics.median(times)
    print(f"warm Python time per recalculation, CPython {sys.version.split()[0]}: median {cpython:.1f} ms "
          f"(min {min(times):.1f}, max {max(times):.1f})  [target < 50 ms]")

    why = pyodide_host.missing()
    if why:
        print(f"Pyodide: not measured: {why}")
        return 0 if cpython < 50 else 1
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        host = pyodide_host.start(Path(tmp))
        started = time.perf_counter()
        payload = json.dumps([b["Crosstable"], b["Settings"], [edit(b["Crosstable"], i) for i in range(REPEAT)]])
        code = f"""
import json, time
t0 = time.perf_counter()
from xltb.functions import callables as functions
imported = time.perf_counter()
ct, st, edited = json.loads({payload!r})
first = functions.TB_STANDINGS(ct, st)
done = time.perf_counter()
warm = []
for i in range({REPEAT}):
    rows = [list(r) for r in edited[i]]
    t = time.perf_counter()
    functions.TB_STANDINGS(rows, [list(r) for r in st])
    warm.append((time.perf_counter() - t) * 1000)
result = {{"import_ms": (imported - t0) * 1000, "first_ms": (done - imported) * 1000, "warm": warm}}
"""
        out = host.run(code)
        host.close()
    ready = host.ready
    build_ms = (started - t0) * 1000 - ready["start_ms"]
    cold = ready["start_ms"] + out["import_ms"] + out["first_ms"]
    warm = statistics.median(out["warm"])
    print(f"Pyodide {ready['python']} (Python) under Node: start {ready['loadPyodide_ms']:.0f} ms, wheel install "
          f"{ready['install_ms']:.0f} ms, import xltb.functions.callables {out['import_ms']:.0f} ms, first standings "
          f"{out['first_ms']:.0f} ms -> cold start {cold / 1000:.1f} s (wheel build {build_ms / 1000:.1f} s not "
          "counted)")
    print(f"warm Python time per recalculation, Pyodide: median {warm:.1f} ms (min {min(out['warm']):.1f}, "
          f"max {max(out['warm']):.1f})  [target < 50 ms]")
    ok = calls == 1 and cpython < 50 and warm < 50
    print("OK" if ok else "TOO SLOW")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
