"""The pairing corpus: random Swiss events paired round by round by gacrux 1.11.65 (FIDE's program, the
reference of xltb's Dutch system), kept in ``tests/data/pairing/corpus.zip``.

    python benchmarks/pairing_corpus.py [--jobs 2]      # (re)generate the corpus (minutes)

Every event comes from gacrux's own generator (``python -m gacrux.tournamentgenerator``) with a fixed
file number (its seed), a size from 9 to 500, 5 to 13 rounds, requested half- and zero-point byes,
forfeits, and Baku acceleration (``-a``) for some; the list below is drawn by a seeded random generator,
not picked. Each TRF holds every round as gacrux paired it: re-pairing round r from the state before r
must give the same pairs, PAB and colours (``benchmarks/pairing_compare.py``, tests/test_pairing_dutch.py).

The functions :func:`load` and :func:`played` read a stored event and its pairings (the TRF reader does
not read the initial colour ``152`` or the acceleration ``250`` yet: they are filled in from the text).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import subprocess
import sys
import tempfile
import zipfile
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "pairing" / "corpus.zip"


class Spec(NamedTuple):
    """One generated event."""

    number: int
    """gacrux's file number (its seed: number * 10000 + 4711)."""
    players: int
    rounds: int
    zpb: float
    """The chance of a requested zero-point bye per player and round."""
    hpb: float
    """... of a half-point bye (rounds 1-3: gacrux's generator stops them from round 4)."""
    forfeit: float
    """... of a forfeit."""
    baku: bool
    """Baku acceleration (C.04.5.1)."""

    @property
    def name(self) -> str:
        return f"{self.number:04d}-p{self.players}-r{self.rounds}{'-baku' if self.baku else ''}.trf"


def specs() -> list[Spec]:
    """The corpus: 170 small (9-40 players), 60 medium (41-150), 10 large (151-500) events."""
    rnd = random.Random(20260201)
    out = []
    for number in range(240):
        if number < 170:
            players = rnd.randint(9, 40)
        elif number < 230:
            players = rnd.randint(41, 150)
        else:
            players = rnd.choice((160, 220, 300, 400, 500)) if number < 238 else 500
        rounds = rnd.randint(5, 13)
        rounds = max(5, min(rounds, players // 2 + 1))
        zpb = rnd.choice((0.0, 0.01, 0.03, 0.08))
        hpb = rnd.choice((0.0, 0.05, 0.1))
        forfeit = rnd.choice((0.0, 0.02, 0.05))
        baku = rnd.random() < 0.2
        out.append(Spec(number, players, rounds, zpb, hpb, forfeit, baku))
    return out


def generate_one(spec: Spec) -> tuple[Spec, str | None]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "t%d.trf"
        cmd = [sys.executable, "-m", "gacrux.tournamentgenerator", "-g", str(spec.number), "1",
               "-p", str(spec.players), "-N", str(spec.rounds),
               "-S", str(spec.zpb), str(spec.hpb), str(spec.forfeit), "-o", str(out)]
        if spec.baku:
            cmd.append("-a")
        subprocess.run(cmd, check=False, capture_output=True, timeout=3600)
        made = list(Path(tmp).glob("t*.trf"))
        return spec, (made[0].read_text() if made else None)


def generate(jobs: int) -> None:
    CORPUS.parent.mkdir(parents=True, exist_ok=True)
    texts: dict[str, str] = {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for spec, text in pool.map(generate_one, specs()):
            if text is None:
                print("gacrux made no event:", spec.name)
                continue
            texts[spec.name] = text
            print(spec.name, flush=True)
    with zipfile.ZipFile(CORPUS, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in sorted(texts):
            z.writestr(name, texts[name])


def names() -> list[str]:
    with zipfile.ZipFile(CORPUS) as z:
        return sorted(z.namelist())


def read(name: str) -> str:
    with zipfile.ZipFile(CORPUS) as z:
        return z.read(name).decode()


def load(text: str, name: str = "corpus.trf"):  # type: ignore[no-untyped-def]
    """The event of a stored TRF, its plans (initial colour ``152``, acceleration ``250``) filled in from
    the text when the reader left them empty."""
    import os

    import xltb
    from xltb.model.plans import Acceleration, Plans
    from xltb.model.results import Colour

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        Path(path).write_text(text)
        event, _ = xltb.read_event(path)
    if event.plans != Plans():
        return event
    first = None
    virtual: dict[int, list[Fraction]] = {}
    for line in text.splitlines():
        if line.startswith("152 ") and line[4:].strip():
            first = Colour.WHITE if line[4:].strip().upper().startswith("W") else Colour.BLACK
        if line.startswith("250 "):
            f = line[4:].split()
            points = Fraction(f[1])
            r1, r2, c1, c2 = (int(x) for x in f[2:6])
            for no in range(c1, c2 + 1):
                row = virtual.setdefault(no, [Fraction(0)] * max(event.rounds, r2))
                for r in range(r1, r2 + 1):
                    row[r - 1] = points
    plans = Plans(first_colour=first, acceleration=tuple(Acceleration(no, tuple(p)) for no, p in sorted(virtual.items())))
    return event._replace(info=event.info._replace(plans=plans))


def played(event, round_no: int) -> tuple[frozenset[tuple[int, int]], int | None]:  # type: ignore[no-untyped-def]
    """The round as it was paired: (white, black) pairs and the PAB's pairing number."""
    from xltb.model.results import Colour, Kind

    pairs = set()
    pab = None
    for p in event.players:
        r = p.results[round_no - 1]
        if r.opponent is not None and r.colour is Colour.WHITE:
            pairs.add((p.start_no, r.opponent))
        if r.kind is Kind.PAB:
            pab = p.start_no
    return frozenset(pairs), pab


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=2)
    generate(parser.parse_args().jobs)
