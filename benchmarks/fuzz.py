"""The larger fuzzing run (issue 14): seeded mutations of real TRF, team TRF, CSV, SwissPerfect,
check JSON and template xlsx inputs, run through the commands in-process, as the fuzzing test of
the suite does (``tests/fuzzing.py``) but many more of them.

    python benchmarks/fuzz.py [--runs N] [--seed S] [--heavy-every K]

Every run must exit 0 or 2 (``check``: 0, 1 or 2) with a message naming the file, and write no
formula made of the file's text and no XML that is not well formed. Prints what it tried and each
distinct problem found; exit status 1 when any.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from fuzzing import SEEDS, fuzz_one, template_seed  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--heavy-every", type=int, default=5,
                        help="export and template on every K-th mutated event file (slower: xlsx writing)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = list(SEEDS) + ["xlsx"]
    tried = {k: 0 for k in kinds}
    found: dict[str, int] = {}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="xltb-fuzz-") as tmp:
        seeds_dir = Path(tmp, "seeds")
        seeds_dir.mkdir()
        xlsx_seed = template_seed(seeds_dir)
        work = Path(tmp, "work")
        work.mkdir()
        for i in range(args.runs):
            kind = kinds[i % len(kinds)]
            source = xlsx_seed if kind == "xlsx" else rng.choice(SEEDS[kind])
            case = random.Random(rng.getrandbits(64))
            for problem in fuzz_one(kind, source, case, work, heavy=i % args.heavy_every == 0):
                key = problem.split(": ", 2)[1] + ": " + problem[-160:]
                found[key] = found.get(key, 0) + 1
            tried[kind] += 1
    seconds = time.perf_counter() - start
    print(f"{args.runs} mutated inputs in {seconds:.0f} s: " + ", ".join(f"{n} {k}" for k, n in tried.items()))
    for problem, count in sorted(found.items(), key=lambda x: -x[1]):
        print(f"  {count} x {problem}")
    print("no problem found" if not found else f"{len(found)} distinct problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
