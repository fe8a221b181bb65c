"""The pairing corpus: random Swiss events paired round by round by gacrux 1.11.65 (FIDE's program, the
reference of xltb's Dutch system), kept in ``tests/data/pairing/corpus.tar.xz``.

    python benchmarks/pairing_corpus.py [--jobs 1] [--work DIR]   # make the events not made yet, then pack
    python benchmarks/pairing_corpus.py --pack [--work DIR]       # pack the events made so far

Every event comes from gacrux's own generator (its ``tournamentgenerator``, run in a worker process) with a
fixed file number (its seed), a size from 9 to 500, 5 to 13 rounds, requested half- and zero-point byes,
forfeits, Baku acceleration (``-a``) for a fifth, and, from the second part on, withdrawals for a quarter;
the list (:func:`specs`) is drawn by seeded random generators, one per size, not picked. Each TRF holds every
round as gacrux paired it: re-pairing round r from the state before r must give the same pairs, PAB and
colours (``benchmarks/pairing_compare.py``; the suite: tests/test_pairing_dutch.py, tests/test_pairing_corpus.py).

**Withdrawals.** gacrux's generator makes none: a withdrawn player is left out of every round from his
withdrawal on, as the generator leaves out a player with a requested zero-point bye (``0000 - Z`` in the
file it writes). The corpus name says it (``-w12r5``: player 12 is not paired from round 5 on), and
:func:`load` gives xltb the event as a withdrawal: his entries blank from that round on (TRF has no record of
a withdrawal; gacrux reads a blank entry as an unplayed round of no points, a player not to be paired) and
``Withdrawal(12, 5)`` in the event's plans (C.04.2), which is what leaves him unpaired in xltb (a blank
entry alone is a round not paired yet).

**The store** is one solid xz-compressed tar, each event once as gacrux wrote it; events are made into a
work directory first (one file each, so that a run cut short resumes) and packed from there. Raising a
count of :data:`CLASSES` adds events after the ones made, which stay as they are.

The functions :func:`load` and :func:`played` read a stored event and its pairings (the TRF reader does
not read the initial colour ``152`` or the acceleration ``250`` yet: they are filled in from the text).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import functools
import io
import lzma
import random
import sys
import tarfile
import tempfile
import zipfile
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "pairing" / "corpus.tar.xz"
#: the first store (one deflated TRF per event), read when the solid one is not there yet
OLD_CORPUS = ROOT / "tests" / "data" / "pairing" / "corpus.zip"
#: the events of the first corpus (numbers 0-239), kept as they were: the tests of other systems use them
FIRST = 240


class Spec(NamedTuple):
    """One generated event."""

    number: int
    """gacrux's file number (its seed: number * 10000 + 4711)."""
    players: int
    """How many players."""
    rounds: int
    """How many rounds."""
    zpb: float
    """The chance of a requested zero-point bye per player and round."""
    hpb: float
    """... of a half-point bye (rounds 1-3: gacrux's generator stops them from round 4)."""
    forfeit: float
    """... of a forfeit."""
    baku: bool
    """Baku acceleration (C.04.5.1)."""
    withdrawals: tuple[tuple[int, int], ...] = ()
    """(pairing number, first round not paired): players who leave the event (C.04.2 withdrawals)."""

    @property
    def name(self) -> str:
        gone = "".join(f"-w{no}r{rnd}" for no, rnd in self.withdrawals)
        return f"{self.number:04d}-p{self.players}-r{self.rounds}{'-baku' if self.baku else ''}{gone}.trf"


def withdrawals_of(name: str) -> tuple[tuple[int, int], ...]:
    """The withdrawals a corpus name says (``-w12r5``: player 12 is not paired from round 5 on)."""
    out = []
    for part in name.removesuffix(".trf").split("-")[1:]:
        if part.startswith("w") and "r" in part:
            no, rnd = part[1:].split("r")
            out.append((int(no), int(rnd)))
    return tuple(out)


def players_of(name: str) -> int:
    """The number of players a corpus name says."""
    return int(name.split("-p")[1].split("-")[0])


def _drawn(number: int, players: int, rnd: random.Random) -> Spec:
    """An event's rounds (5 to 13, at most half the players plus one), byes, forfeits and acceleration, drawn in
    this order (the corpus's events depend on it)."""
    rounds = max(5, min(rnd.randint(5, 13), players // 2 + 1))
    zpb = rnd.choice((0.0, 0.01, 0.03, 0.08))
    hpb = rnd.choice((0.0, 0.05, 0.1))
    forfeit = rnd.choice((0.0, 0.02, 0.05))
    return Spec(number, players, rounds, zpb, hpb, forfeit, rnd.random() < 0.2)


def _first_specs() -> list[Spec]:
    """The first corpus (numbers 0-239): 170 small (9-40 players), 60 medium (41-150), 10 large (151-500)."""
    rnd = random.Random(20260201)
    out = []
    for number in range(FIRST):
        if number < 170:
            players = rnd.randint(9, 40)
        elif number < 230:
            players = rnd.randint(41, 150)
        else:
            players = rnd.choice((160, 220, 300, 400, 500)) if number < 238 else 500
        out.append(_drawn(number, players, rnd))
    return out


#: the second part: per size, the first file number, how many events, the players (a draw of the class's
#: own generator, so that a count changed leaves the other classes and the first events as they were)
CLASSES = {"small": (1000, 1300), "medium": (5000, 300), "large": (7000, 200)}


def _players(size: str, rnd: random.Random) -> int:
    if size == "small":
        return rnd.randint(9, 40)
    if size == "medium":
        return rnd.randint(41, 150)
    band = rnd.random()
    return rnd.randint(151, 250) if band < 0.75 else rnd.randint(251, 350) if band < 0.95 else rnd.randint(351, 500)


def specs() -> list[Spec]:
    """The corpus: the first 240 events (numbers 0-239), then small (9-40 players, from number 1000), medium
    (41-150, from 5000) and large (151-500, three quarters up to 250, from 7000) events as :data:`CLASSES` counts them,
    a quarter of them with one to three withdrawals."""
    out = _first_specs()
    for k, (size, (first, count)) in enumerate(CLASSES.items()):
        rnd = random.Random(20261128 + k)
        for i in range(count):
            spec = _drawn(first + i, _players(size, rnd), rnd)
            gone: dict[int, int] = {}
            if rnd.random() < 0.25:
                for _ in range(rnd.randint(1, 3)):
                    gone.setdefault(rnd.randint(1, spec.players), rnd.randint(2, spec.rounds))
            out.append(spec._replace(withdrawals=tuple(sorted(gone.items()))))
    return out


def _gacrux_makes(argv: list[str], withdrawals: tuple[tuple[int, int], ...]) -> None:
    """Run gacrux's generator in this process; a withdrawn player is left out of every round from his
    withdrawal on as the generator leaves out a player with a requested zero-point bye (not present, the
    round's entry ``0000 - Z``). The generator's own draws stay as they are (it still draws for him)."""
    from gacrux import tournamentgenerator as tg

    gen = tg.tournamentgenerator()
    sys.argv = ["tournamentgenerator", *argv]
    gen.read_command_line()
    state = {"round": 0, "index": 0}
    gone = dict(withdrawals)
    pair_round = gen.do_pairing
    draw_bye = gen.statistics.has_bye

    def do_pairing(ch, tournament, rnd):  # type: ignore[no-untyped-def]
        state.update({"round": rnd, "index": 0})
        return pair_round(ch, tournament, rnd)

    def has_bye() -> str:
        drawn: str = draw_bye()
        state["index"] += 1  # the generator asks for each player in pairing-number order
        return "Z" if gone.get(state["index"], 10**6) <= state["round"] else drawn

    gen.do_pairing = do_pairing  # type: ignore[method-assign]
    gen.statistics.has_bye = has_bye  # type: ignore[method-assign]
    gen.process_tournaments()


def generate_one(spec: Spec) -> tuple[Spec, str | None]:
    """One event made by gacrux's generator in this process (a worker's: the generator seeds its own random
    numbers per event, so the event is the same as from a process of its own)."""
    sys.set_int_max_str_digits(15000)  # as gacrux's generator sets it
    with tempfile.TemporaryDirectory() as tmp:
        argv = ["-g", str(spec.number), "1", "-p", str(spec.players), "-N", str(spec.rounds),
                "-S", str(spec.zpb), str(spec.hpb), str(spec.forfeit), "-o", str(Path(tmp) / "t%d.trf")]
        if spec.baku:
            argv.append("-a")
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                _gacrux_makes(argv, spec.withdrawals)
        except (Exception, SystemExit):  # gacrux found no pairing for a round: no event
            return spec, None
        made = list(Path(tmp).glob("t*.trf"))
        return spec, (made[0].read_text() if made else None)


def _cost(players: int) -> int:
    """0 small (9-40 players), 1 medium (41-150), 2 large: the order events are made in."""
    return 0 if players <= 40 else 1 if players <= 150 else 2


def generate(jobs: int, work: Path) -> None:
    """Make every event not yet in ``work`` (one TRF per event, so that a run can be resumed), then pack
    ``work`` and the events already stored into the corpus."""
    work.mkdir(parents=True, exist_ok=True)
    stored = set(names()) if (CORPUS.exists() or OLD_CORPUS.exists()) else set()
    todo = [s for s in specs() if not (work / s.name).exists() and s.name not in stored]
    # the cheapest first (small, medium, then large events), each size in number order: a run cut short
    # leaves each size's first events made, which is what a later run goes on from
    todo.sort(key=lambda s: (_cost(s.players), s.number))
    with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
        for done in concurrent.futures.as_completed([pool.submit(generate_one, s) for s in todo]):
            spec, text = done.result()
            if text is None:
                print("gacrux made no event:", spec.name, flush=True)
                continue
            (work / spec.name).write_text(text)
            print(spec.name, flush=True)
    pack(work)


def pack(work: Path) -> None:
    """One solid xz-compressed tar of every event of :func:`specs` made (the stored ones and ``work``'s)."""
    texts = {n: read(n) for n in names()} if (CORPUS.exists() or OLD_CORPUS.exists()) else {}
    for spec in specs():
        if (work / spec.name).exists():
            texts[spec.name] = (work / spec.name).read_text()
    size = write_store(texts)
    print(f"{CORPUS.name}: {len(texts)} events, {size:,} bytes")


def write_store(texts: dict[str, str]) -> int:
    """Write ``texts`` (name: TRF) that are events of :func:`specs` as the corpus; its size in bytes."""
    wanted = {s.name for s in specs()}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:xz", preset=9 | lzma.PRESET_EXTREME) as tar:
        for name in sorted(n for n in texts if n in wanted):
            data = texts[name].encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 0  # the same events give the same bytes
            tar.addfile(info, io.BytesIO(data))
    CORPUS.parent.mkdir(parents=True, exist_ok=True)
    CORPUS.write_bytes(buffer.getvalue())
    _texts.cache_clear()
    return len(buffer.getvalue())


@functools.lru_cache(maxsize=1)
def _texts() -> dict[str, str]:
    if CORPUS.exists():
        with tarfile.open(CORPUS, mode="r:xz") as tar:
            return {m.name: tar.extractfile(m).read().decode() for m in tar.getmembers()}  # type: ignore[union-attr]
    with zipfile.ZipFile(OLD_CORPUS) as z:
        return {n: z.read(n).decode() for n in z.namelist()}


def names() -> list[str]:
    return sorted(_texts())


def read(name: str) -> str:
    return _texts()[name]


def blank_withdrawn(text: str, withdrawals: tuple[tuple[int, int], ...]) -> str:
    """The TRF with each withdrawn player's entries blank from his withdrawal on: how a pairing program is
    given an event in which a player left (neither TRF-16 nor TRF-2026 has a record for it; a blank entry
    is "not paired", which gacrux reads as an unplayed round of no points and xltb as an absence)."""
    gone = dict(withdrawals)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in gone:
            keep = 91 + 10 * (gone[int(line[4:8])] - 1)  # round r's entry: columns 92 + 10 (r - 1) on
            lines[i] = line[:keep].rstrip() if len(line) > keep else line
    return "\n".join(lines) + "\n"


def load(text: str, name: str = "corpus.trf"):  # type: ignore[no-untyped-def]
    """The event of a stored TRF, its plans (initial colour ``152``, acceleration ``250``) filled in from
    the text when the reader left them empty; the withdrawals the name says (``-w12r5``) as the event's
    plans (C.04.2: not paired from that round on), their entries from that round on blank."""
    import os

    import xltb
    from xltb.model.plans import Acceleration, Plans, Withdrawal
    from xltb.model.results import Colour

    gone = withdrawals_of(name)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "corpus.trf" if gone else name)
        Path(path).write_text(blank_withdrawn(text, gone) if gone else text)
        event, _ = xltb.read_event(path)
    withdrawn = tuple(Withdrawal(no, rnd) for no, rnd in gone)
    if event.plans != Plans():
        return event if not gone else event._replace(info=event.info._replace(
            plans=event.plans._replace(withdrawals=withdrawn)))
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
    plans = Plans(first_colour=first, acceleration=tuple(Acceleration(no, tuple(p)) for no, p in sorted(virtual.items())),
                  withdrawals=withdrawn)
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
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "xltb-pairing-corpus",
                        help="where each event is kept as it is made (a run resumes from it)")
    parser.add_argument("--pack", action="store_true", help="only pack the events made so far")
    args = parser.parse_args()
    if args.pack:
        pack(args.work)
    else:
        generate(args.jobs, args.work)
