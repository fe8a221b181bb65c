"""How long one round of the Dutch system takes: xltb and gacrux 1.11.65 on the same state, each as a whole
process, processor time (user + system of the child) and peak memory, and the ratio.

    python benchmarks/bench_pairing.py [--players 500 2000] [--round 4] [--rounds N] [--no-gacrux]
                                       [--system dutch|burstein|dubov]

``--system burstein`` or ``dubov`` times xltb's other systems on the same state (gacrux pairs the Dutch
system only: it is then left out); ``--rounds`` the rounds of the generated event (default: the round timed,
at least 5; a Burstein round after the seeding rounds needs more, e.g. ``--round 6 --rounds 9``).

The events are made by gacrux's generator (a fixed file number: its seed) and kept in
``benchmarks/.pairing-cache``; the round timed is re-paired from the state before it. Issue 30's targets:
500 players under 1 s, 2,000 under 5 s, memory under 500 MB (last run, round 4: xltb 0.26 s and 1.49 s,
gacrux 1.29 s and 20.1 s; docs/pairing-dutch.md, "Speed").
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(__file__).resolve().parent / ".pairing-cache"

XLTB = """
import sys
sys.path.insert(0, {bench!r})
import pairing_corpus
from xltb.pairing.systems import system
from xltb.rules.swiss import NEWEST_SWISS
event = pairing_corpus.load(open({path!r}).read())
out = system({system!r})(event, {round}, NEWEST_SWISS)
print(len(out.boards))
"""


def event(players: int, rounds: int) -> Path:
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"p{players}-r{rounds}.trf"
    if not path.exists():
        pattern = CACHE / f"gen{players}-%d.trf"
        subprocess.run([sys.executable, "-m", "gacrux.tournamentgenerator", "-g", "4242", "1", "-p", str(players),
                        "-N", str(rounds), "-o", str(pattern)], check=True, capture_output=True)
        (CACHE / f"gen{players}-4242.trf").rename(path)
    return path


def timed(cmd: list[str]) -> tuple[float, float, float]:
    """(processor seconds, wall seconds, peak memory in MB) of one child process, from its own resource usage
    (``os.wait4``: the children's usage of ``getrusage`` keeps the largest peak of all children so far)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        child.returncode = code
        if code:
            err.seek(0)
            raise subprocess.CalledProcessError(code, cmd, stderr=err.read())
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="*", default=[500, 2000])
    parser.add_argument("--round", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--no-gacrux", action="store_true")
    parser.add_argument("--system", default="dutch")
    args = parser.parse_args()
    for players in args.players:
        path = event(players, args.rounds or max(args.round, 5))
        code = XLTB.format(bench=str(ROOT / "benchmarks"), path=str(path), round=args.round, system=args.system)
        ours = timed([sys.executable, "-c", code])
        line = (f"{players} players, round {args.round}, {args.system}: xltb {ours[0]:.2f} s ({ours[1]:.2f} s wall, "
                f"{ours[2]:.0f} MB)")
        if not args.no_gacrux and args.system == "dutch":
            out = CACHE / "gacrux.json"
            theirs = timed([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-n", str(args.round),
                            "-o", str(out)])
            line += f", gacrux {theirs[0]:.2f} s ({theirs[2]:.0f} MB), ratio xltb/gacrux {ours[0] / theirs[0]:.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
