"""The larger fuzzing run (issues 14 and 22): seeded mutations of real TRF, team TRF, CSV, SwissPerfect,
check JSON and template xlsx inputs, and hostile shapes (``tests/fuzz_shapes.py``: sheet names Excel never
writes, huge arrays and texts, DTDs, broken parts, check JSON with repeated or huge rows, devices and
FIFOs), run through the commands as the fuzzing test of the suite does (``tests/fuzzing.py``), but many
more of them, each in a process of its own so that its time and memory are measured.

    python benchmarks/fuzz.py [--runs N] [--seed S] [--heavy-every K] [--kinds K,...] [--log FILE] [--until HH:MM]

Every run must exit 0 or 2 (``check``: 0, 1 or 2) with a message naming the file, and write no formula
made of the file's text and no XML that is not well formed; the targets of issue 22: no exit 3, no input
over 20 s, none over 2 GB. The inputs run in children forked from this process (the program already
loaded, as a fresh ``xltb`` process would have it), one input per child (``--kinds book``: a batch of
them): each input's wall time and CPU time are measured in the child, its peak memory is the child's
maximum resident set (which includes the ~100 MB of the loaded program; for a batch, the batch's peak so
far); on a shared machine the CPU time is the figure that does not depend on the others' load. A child
is killed when one input takes over 120 s, and counted as such (a killed batch names the input it was on);
its address space is capped at 6 GB so that a runaway input cannot take the machine (a MemoryError there
shows as "too large to process", which is counted as a problem too). ``--until`` stops at that time (UTC)
of the day. Prints what it tried, the exit-code histogram per command, the slowest and largest inputs,
and each distinct problem; exit status 1 when any. ``--replay LABEL`` runs one input again, in this
process, as the log names it.

    --kinds xlsx,xlsx-hostile,json,json-hostile,device   recalc and check only (issue 22's run)

    --kinds book [--batch N] [--commands C,...]   workbooks as event files (issue 32,
        ``tests/fuzz_books.py``): each input a mutated template workbook (individual, round robin or team;
        .xlsx, .xlsm or .ods; four in five from a small event, which reads and writes in half the time) through
        one of the commands that read workbooks (or those of ``--commands``), in turn; N inputs per child.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import random
import resource
import select
import signal
import sys
import tempfile
import time
from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterator, NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import fuzzing  # noqa: E402
from fuzzing import SEEDS, fuzz_hostile, fuzz_one, template_seed  # noqa: E402

import fuzz_books  # noqa: E402

HOSTILE = ("xlsx-hostile", "json-hostile", "device")
KILL_AFTER = 120.0
ADDRESS_SPACE = 6 << 30


class Input(NamedTuple):
    """One input of the run."""

    label: str
    """How the log and ``--replay`` name it: ``KIND:SEED[:SOURCE]``, ``book:SEED:COMMAND``."""
    counted: str
    """What the summary counts it as: its kind, or the command a workbook goes through."""
    run: Callable[[], list[str]]
    """Mutate and run the commands (in the child); the problems found."""


class Seeds:
    """The run's scratch folder and the seed files the inputs are mutated from (made once, before the
    children are forked, by the first input that needs them)."""

    def __init__(self, tmp: Path, heavy_every: int):
        self.tmp = tmp
        self.heavy_every = heavy_every
        self.work = tmp / "work"
        self.work.mkdir()

    @cached_property
    def xlsx(self) -> Path:
        folder = self.tmp / "seeds"
        folder.mkdir()
        return template_seed(folder)

    @cached_property
    def books(self) -> dict:
        return fuzz_books.seeds(self.tmp / "book-seeds")

    def input(self, label: str, i: int = 0) -> Input:
        """The input a label names (``i``: its place in the run, which makes every K-th event file heavy)."""
        kind, seed_text, *rest = label.split(":")
        case = random.Random(int(seed_text))
        if kind == "book":
            books, command = self.books, rest[0]
            return Input(label, command, lambda: fuzz_books.fuzz_book(books, case, self.work, command))
        xlsx = self.xlsx if kind == "xlsx" or kind in HOSTILE else None
        if kind in HOSTILE:
            return Input(label, kind, lambda: fuzz_hostile(kind, case, self.work, xlsx))
        source = xlsx if kind == "xlsx" else next(p for p in SEEDS[kind] if not rest or p.name == rest[0])
        heavy = i % self.heavy_every == 0
        return Input(label, kind, lambda: fuzz_one(kind, source, case, self.work, heavy=heavy))


def labels(kinds: list[str], commands: tuple[str, ...], rng: random.Random) -> Iterator[str]:
    """The labels of the run's inputs, endless: the kinds in turn (a workbook: the commands in turn), each
    input's seed (and an event file's seed file) drawn from ``rng``."""
    i = 0
    while True:
        kind = kinds[i % len(kinds)]
        if kind == "book":
            yield f"book:{rng.getrandbits(64)}:{commands[i % len(commands)]}"
        elif kind == "xlsx" or kind in HOSTILE:
            yield f"{kind}:{rng.getrandbits(64)}"
        else:
            source = rng.choice(SEEDS[kind])
            yield f"{kind}:{rng.getrandbits(64)}:{source.name}"
        i += 1


@contextlib.contextmanager
def counting(codes: list[tuple[str, int]]) -> Iterator[None]:
    """Every command the fuzzers run, with its exit status (and a refusal for memory or depth) in ``codes``."""
    real = fuzzing.run, fuzz_books.run

    def counted(args):
        outcome = real[0](args)
        codes.append((args[0], outcome.code))
        if "too large to process" in outcome.stderr or "too deeply nested to process" in outcome.stderr:
            codes.append((args[0] + " (memory or depth)", -1))
        return outcome

    fuzzing.run = fuzz_books.run = counted
    try:
        yield
    finally:
        fuzzing.run, fuzz_books.run = real


def _child(inputs: list[Input], write: int) -> None:
    """In the child: the batch's inputs, one JSON line as each starts and one as it is done (so a killed
    batch still reports the inputs before the one it was on)."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    with os.fdopen(write, "w") as out:
        for k, item in enumerate(inputs):
            out.write(json.dumps({"start": k}) + "\n")
            out.flush()
            codes: list[tuple[str, int]] = []
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                with counting(codes):
                    problems = item.run()
            except BaseException as exc:  # noqa: BLE001 - a crash of the harness is a finding
                problems = [f"harness: {type(exc).__name__}: {exc}"[:300]]
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            out.write(json.dumps({"k": k, "codes": codes, "seconds": round(time.perf_counter() - wall, 3),
                                  "cpu": round(time.process_time() - cpu, 3), "kb": peak, "problems": problems})
                      + "\n")
            out.flush()


class Tally:
    """What the run found, for the summary."""

    def __init__(self, key: Callable[[str], str], log: Path | None):
        self.key, self.log = key, log
        self.done = 0
        self.tried: Counter = Counter()
        self.histogram: dict[str, Counter] = {}
        self.found: Counter = Counter()
        self.slowest: list[tuple[float, str]] = []
        self.busiest: list[tuple[float, str]] = []
        self.largest: list[tuple[int, str]] = []

    def add(self, item: Input, record: dict) -> None:
        """One input done: ``record`` as the child wrote it."""
        label = item.label
        self.tried[item.counted] += 1
        for command, code in record["codes"]:
            self.histogram.setdefault(command, Counter())[code] += 1
        for problem in record["problems"]:
            self.found[self.key(problem)] += 1
        self.slowest = sorted(self.slowest + [(record["seconds"], label)], reverse=True)[:5]
        self.busiest = sorted(self.busiest + [(record["cpu"], label)], reverse=True)[:5]
        self.largest = sorted(self.largest + [(record["kb"], label)], reverse=True)[:5]
        if self.log is not None:
            with open(self.log, "a") as fh:
                fh.write(json.dumps({"i": self.done, "input": label, **{k: v for k, v in record.items()
                                                                         if k != "k"}}) + "\n")
        self.done += 1

    def died(self, item: Input, killed: bool, status: int, kb: int) -> None:
        """The batch died on ``item``: killed (time), or out of memory."""
        why = f"over {KILL_AFTER:.0f} s: killed" if killed else f"the child died (status {status})"
        self.add(item, {"codes": [(item.counted, -9)], "seconds": KILL_AFTER if killed else 0.0, "cpu": 0.0,
                        "kb": kb, "problems": [f"{item.label}: {why}"]})

    def report(self, seconds: float) -> int:
        print(f"{self.done} inputs in {seconds:.0f} s: " + ", ".join(f"{n} {k}" for k, n in self.tried.items()))
        print("exit codes per command: " + "; ".join(
            f"{command} " + ", ".join(f"{code}: {n}" for code, n in sorted(c.items())) for command, c in
            sorted(self.histogram.items())))
        print("slowest (wall): " + ", ".join(f"{s:.1f} s ({label})" for s, label in self.slowest))
        print("slowest (CPU): " + ", ".join(f"{s:.1f} s ({label})" for s, label in self.busiest))
        print("largest (the child's peak): " + ", ".join(f"{kb / 1024:.0f} MB ({label})" for kb, label in self.largest))
        for problem, count in self.found.most_common():
            print(f"  {count} x {problem}")
        print("no problem found" if not self.found else f"{len(self.found)} distinct problems")
        return 1 if self.found else 0


def run_batch(inputs: list[Input], tally: Tally) -> int:
    """The inputs in one forked child, each recorded in ``tally`` as it is done; the child killed when one
    input takes over KILL_AFTER seconds. How many were run: all, or those up to the one the child died on."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        code = 0
        try:
            _child(inputs, write)
        except BaseException:  # noqa: BLE001
            code = 1
        os._exit(code)
    os.close(write)
    buffer = b""
    ran = 0
    last = time.perf_counter()
    killed = False
    with os.fdopen(read, "rb") as stream:
        while True:
            ready, _, _ = select.select([stream], [], [], max(KILL_AFTER - (time.perf_counter() - last), 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            chunk = os.read(stream.fileno(), 1 << 16)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                record = json.loads(line)
                last = time.perf_counter()
                if "start" not in record:
                    tally.add(inputs[record["k"]], record)
                    ran += 1
    _, status, usage = os.wait4(pid, 0)
    if ran < len(inputs):  # the child died on this one: the inputs after it run in another
        tally.died(inputs[ran], killed, status, usage.ru_maxrss)
        ran += 1
    return ran


def event_key(problem: str) -> str:
    """A distinct problem of an event file: the kind of problem and the end of the message, without the
    command line (its scratch paths)."""
    return problem.split(": ", 2)[1] + ": " + problem[-160:] if ": " in problem else problem


def book_key(problem: str) -> str:
    """A distinct problem of a workbook: the whole line, its middle cut when long."""
    return problem[:110] + " ... " + problem[-190:] if len(problem) > 300 else problem


def deadline_of(until: str | None) -> float | None:
    """``--until HH:MM`` (UTC) as a time.time(); past midnight when that time of today is gone."""
    if not until:
        return None
    hour, minute = (int(x) for x in until.split(":"))
    now = datetime.datetime.now(datetime.timezone.utc)
    at = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if at <= now:
        at += datetime.timedelta(days=1)
    return time.time() + (at - now).total_seconds()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--heavy-every", type=int, default=5,
                        help="export and template on every K-th mutated event file (slower: xlsx writing)")
    parser.add_argument("--kinds", default=",".join(list(SEEDS) + ["xlsx", *HOSTILE]),
                        help="the kinds of input, in turn (default: all but book)")
    parser.add_argument("--log", type=Path, help="append one JSON line per input to this file (input, codes, "
                        "seconds, CPU, KB, problems)")
    parser.add_argument("--replay", metavar="LABEL", help="run one input again, as the log names it "
                        "(KIND:SEED[:SOURCE], book:SEED:COMMAND)")
    parser.add_argument("--batch", type=int, default=50, help="--kinds book: inputs per child process")
    parser.add_argument("--until", metavar="HH:MM", help="stop at this time of the day (UTC)")
    parser.add_argument("--commands", metavar="C,...", help="--kinds book: only these commands, in turn (default: "
                        "all eight)")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    commands = tuple(args.commands.split(",")) if args.commands else fuzz_books.COMMANDS
    unknown = sorted(set(commands) - set(fuzz_books.COMMANDS))
    if unknown:
        raise SystemExit(f"--commands: not a command that reads workbooks: {', '.join(unknown)}")
    import xltb.recalc.engine  # noqa: F401 - loaded once, before the children are forked
    import xltb.check  # noqa: F401

    with tempfile.TemporaryDirectory(prefix="xltb-fuzz-") as tmp:
        seeds = Seeds(Path(tmp), args.heavy_every)
        if args.replay:
            problems = seeds.input(args.replay).run()
            print("\n".join(problems) or "no problem")
            return 1 if problems else 0
        batch = args.batch if kinds == ["book"] else 1  # an event file: a process of its own
        tally = Tally(book_key if kinds == ["book"] else event_key, args.log)
        deadline = deadline_of(args.until)
        start = time.perf_counter()
        names = labels(kinds, commands, random.Random(args.seed))
        done = 0
        waiting: list[Input] = []
        while done < args.runs and (deadline is None or time.time() < deadline):
            inputs = waiting or [seeds.input(next(names), done + k) for k in range(min(batch, args.runs - done))]
            ran = run_batch(inputs, tally)
            waiting = inputs[ran:]
            done += ran
        return tally.report(time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main())
