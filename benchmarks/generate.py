"""Seeded generator of Swiss events as TRF-16 files, for the benchmarks.

    python benchmarks/generate.py PLAYERS ROUNDS SEED OUT.trf   (OUT.csv: a chess-results export)

Pairs each round by score and rating (greedy, no repeats), with results drawn from the
rating difference, a pairing-allocated bye for the odd player, a few requested byes,
forfeits and withdrawals, so that every branch of Art. 16 is exercised.
"""

from __future__ import annotations

import random
import sys


def generate(players: int, rounds: int, seed: int, name: str = "Benchmark Swiss") -> str:
    ratings, score, cells = _simulate(players, rounds, seed)
    lines = [f"012 {name}", "042 2025/05/01", "092 Individual: Swiss-System", f"XXR {rounds}"]
    for i in range(players):
        name = f"Player {i + 1:05d}"
        lines.append(f"001 {i + 1:4d} m    {name:<33} {ratings[i]:4d} FID {100000 + i:11d} 1990/01/01 "
                     f"{score[i] / 2:4.1f} {i + 1:4d}  " + "  ".join(cells[i]))
    return "\n".join(lines) + "\n"


def generate_csv(players: int, rounds: int, seed: int, name: str = "Benchmark Swiss") -> str:
    """The same event as a chess-results crosstable export (';'-separated), which has no 9,999-player
    limit as TRF's four-digit columns have."""
    ratings, score, cells = _simulate(players, rounds, seed)
    results = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "-"}
    byes = {"U": "-1", "H": "-½", "Z": "-0"}
    lines = [f";{name}", "No;Name;FED;Rtg;Pts.;" + ";".join(str(r) for r in range(1, rounds + 1))]
    for i in range(players):
        row = []
        for cell in cells[i]:
            opp, colour, result = cell.split()
            row.append(byes[result] if opp == "0000" else f"{opp}{colour}{results[result]}")
        whole, half = divmod(score[i], 2)
        points = (str(whole) if whole or not half else "") + ("½" if half else "")
        lines.append(f"{i + 1};Player {i + 1:06d};FID;{ratings[i]};{points};" + ";".join(row))
    return "\n".join(lines) + "\n"


def _simulate(players: int, rounds: int, seed: int):
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    score = [0] * players  # half points
    met: list[set[int]] = [set() for _ in range(players)]
    had_bye = [False] * players
    withdrawn_after = ({i: rng.randint(2, rounds) for i in rng.sample(range(players), players // 100)}
                       if rounds >= 2 else {})  # one round: nobody withdraws
    cells: list[list[str]] = [[] for _ in range(players)]
    for r in range(1, rounds + 1):
        active = []
        for i in range(players):
            if i in withdrawn_after and r > withdrawn_after[i]:
                cells[i].append("0000 - Z")
            elif rng.random() < 0.01:
                cells[i].append("0000 - H")
                score[i] += 1
            else:
                active.append(i)
        active.sort(key=lambda i: (-score[i], -ratings[i]))
        if len(active) % 2:
            bye = next(i for i in reversed(active) if not had_bye[i])
            active.remove(bye)
            had_bye[bye] = True
            cells[bye].append("0000 - U")
            score[bye] += 2
        while active:
            a = active.pop(0)
            j = next((k for k, b in enumerate(active) if b not in met[a]), 0)
            b = active.pop(j)
            met[a].add(b)
            met[b].add(a)
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            if rng.random() < 0.005:
                cells[white].append(f"{black + 1:4d} w +")
                cells[black].append(f"{white + 1:4d} b -")
                score[white] += 2
                continue
            expected = 1 / (1 + 10 ** ((ratings[black] - ratings[white]) / 400))
            x = rng.random()
            draw = 0.3
            if x < expected - draw / 2:
                rw, rb, sw, sb = "1", "0", 2, 0
            elif x < expected + draw / 2:
                rw, rb, sw, sb = "=", "=", 1, 1
            else:
                rw, rb, sw, sb = "0", "1", 0, 2
            cells[white].append(f"{black + 1:4d} w {rw}")
            cells[black].append(f"{white + 1:4d} b {rb}")
            score[white] += sw
            score[black] += sb
    return ratings, score, cells


if __name__ == "__main__":
    n, rounds, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(generate_csv(n, rounds, seed) if out.lower().endswith(".csv") else generate(n, rounds, seed))
