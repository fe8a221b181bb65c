"""Benchmark: an Olympiad-sized team event (190 teams x 5 players x 11 rounds, 4 boards) with
``EDE,EMGSB/C1,BH:MP/C1,MPvGP`` must take under 1 s as a whole process:

    python benchmarks/bench_team.py [--teams 190] [--rounds 11] [--seed 2026] [--keep FILE]

The event is generated from a seed (Swiss pairings by match points, one reserve resting each
round, a few individual forfeits, a forfeited match and, with an odd number of teams, a PAB),
written as a TRF-2026 file, then ``xltb standings FILE --tiebreaks ... --format json`` is timed
(best and median of several runs).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

TIEBREAKS = "EDE,EMGSB/C1,BH:MP/C1,MPvGP"
LIMIT = 1.0


def generate(teams: int = 190, rounds: int = 11, seed: int = 2026, size: int = 5, boards: int = 4) -> str:
    rng = random.Random(seed)
    players = {}  # start no -> (team, rating, cells)
    roster = {}
    no = 0
    for t in range(1, teams + 1):
        base = 2700 - t * 5
        roster[t] = []
        for b in range(size):
            no += 1
            players[no] = [t, max(1400, base - b * 25 + rng.randint(-40, 40)), []]
            roster[t].append(no)
    mp = {t: 0 for t in range(1, teams + 1)}
    met: set[tuple[int, int]] = set()
    pab_lines = ["000"] * rounds
    forfeits = []
    for r in range(rounds):
        order = sorted(mp, key=lambda t: (-mp[t], t))
        bye = None
        if len(order) % 2:
            bye = order.pop()  # the lowest team gets the PAB
            pab_lines[r] = f"{bye:>3}"
        pairs = []
        while order:
            a = order.pop(0)
            j = next((i for i, b in enumerate(order) if (min(a, b), max(a, b)) not in met), 0)
            b = order.pop(j)
            met.add((min(a, b), max(a, b)))
            pairs.append((a, b))
        for t in roster:
            if t == bye:
                for p in roster[t]:
                    players[p][2].append("0000 - -")
        for k, (a, b) in enumerate(pairs):
            rest_a, rest_b = rng.randrange(size), rng.randrange(size)
            line_a = [p for i, p in enumerate(roster[a]) if i != rest_a][:boards]
            line_b = [p for i, p in enumerate(roster[b]) if i != rest_b][:boards]
            for p in (roster[a][rest_a], roster[b][rest_b]):
                players[p][2].append("0000 - -")  # a reserve who did not play
            team_forfeit = r == rounds // 2 and k == len(pairs) - 1
            gp_a = gp_b = 0.0
            for board, (pa, pb) in enumerate(zip(line_a, line_b)):
                a_white = (board % 2 == 0) == (r % 2 == 0)
                if team_forfeit:
                    ra, rb = "+", "-"
                elif rng.random() < 0.004:
                    ra, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
                else:
                    x = rng.random()
                    ra, rb = ("1", "0") if x < 0.38 else ("0", "1") if x < 0.70 else ("=", "=")
                gp_a += {"1": 1, "+": 1, "=": 0.5}.get(ra, 0)
                gp_b += {"1": 1, "+": 1, "=": 0.5}.get(rb, 0)
                players[pa][2].append(f"{pb:>4} {'w' if a_white else 'b'} {ra}")
                players[pb][2].append(f"{pa:>4} {'b' if a_white else 'w'} {rb}")
            if team_forfeit:
                forfeits.append(f"330 +- {r + 1:>3} {a:>3} {b:>3}")
            mp[a] += 2 if gp_a > gp_b else 1 if gp_a == gp_b else 0
            mp[b] += 2 if gp_b > gp_a else 1 if gp_a == gp_b else 0
        if bye is not None:
            mp[bye] += 1
    lines = ["012 Generated Olympiad-sized team Swiss (benchmark)", "042 2026/09/01", "092 Team Swiss",
             f"142 {rounds}", "192 FIDE_TEAM_MP_GP", "352 " + "WB" * (boards // 2) + "W" * (boards % 2),
             "362 TW  2.0   TD  1.0   TL  0.0", "162  W 1.0    D 0.5    L 0.0"]
    for p, (t, rating, cells) in players.items():
        head = f"001 {p:>4}      {'Player ' + str(p) + ', Team ' + str(t):<33} {rating:>4} {'':>3} {'':>11} {'':>10} {'':>4} {'':>4}"
        lines.append(head + "".join("  " + c for c in cells))
    for t in range(1, teams + 1):
        lines.append(f"310 {t:>3} {'Team ' + str(t):<32} {'T' + str(t):<5} {'':>6} {'':>6} {'':>6} {'':>3}  "
                     + " ".join(f"{p:>4}" for p in roster[t]))
    if any(x != "000" for x in pab_lines):
        lines.append("320           " + " ".join(pab_lines))
    lines += forfeits
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--teams", type=int, default=190)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keep", metavar="FILE", help="also write the generated event here")
    args = ap.parse_args()
    text = generate(args.teams, args.rounds, args.seed)
    if args.keep:
        with open(args.keep, "w", encoding="utf-8") as fh:
            fh.write(text)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "olympiad.trf")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        cmd = [sys.executable, "-m", "xltb", "standings", path, "--tiebreaks", TIEBREAKS, "--format", "json"]
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            done = subprocess.run(cmd, capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if done.returncode:
                print(done.stderr, file=sys.stderr)
                return done.returncode
    best, median = min(times), statistics.median(times)
    print(f"{args.teams} teams x 5 players x {args.rounds} rounds, {TIEBREAKS}: best {best:.3f} s, "
          f"median {median:.3f} s (limit {LIMIT:.1f} s)")
    return 0 if median < LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
