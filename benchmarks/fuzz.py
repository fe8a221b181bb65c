"""The larger fuzzing run (issues 14 and 22): seeded mutations of real TRF, team TRF, CSV, SwissPerfect,
check JSON and template xlsx inputs, and hostile shapes (``tests/fuzz_shapes.py``: sheet names Excel never
writes, huge arrays and texts, DTDs, broken parts, check JSON with repeated or huge rows, devices and
FIFOs), run through the commands as the fuzzing test of the suite does (``tests/fuzzing.py``), but many
more of them, each in a process of its own so that its time and memory are measured.

    python benchmarks/fuzz.py [--runs N] [--seed S] [--heavy-every K] [--kinds K,...] [--log FILE]

Every run must exit 0 or 2 (``check``: 0, 1 or 2) with a message naming the file, and write no formula
made of the file's text and no XML that is not well formed; the targets of issue 22: no exit 3, no input
over 20 s, none over 2 GB. Each input runs in a child forked from this process (the program already
loaded, as a fresh ``xltb`` process would have it): its wall time, its CPU time and its peak memory (the
child's maximum resident set, which includes the ~100 MB of the loaded program) are read from the kernel
(``wait4``); on a shared machine the CPU time is the figure that does not depend on the others' load. A
child over 120 s is killed and counted as such; its address space is capped at 6 GB so that a runaway
input cannot take the machine (a MemoryError there shows as "too large to process", which is counted
as a problem too). Prints what it tried, the exit-code histogram per command, the slowest and largest
inputs, and each distinct problem; exit status 1 when any.

    --kinds xlsx,xlsx-hostile,json,json-hostile,device   recalc and check only (issue 22's run)

    --kinds book [--batch N] [--until HH:MM] [--commands C,...]   workbooks as event files (issue 32,
        ``tests/fuzz_books.py``): each input a mutated template workbook (individual, round robin or team;
        .xlsx, .xlsm or .ods; four in five from a small event, which reads and writes in half the time) through
        one of the commands that read workbooks (or those of ``--commands``), in turn. Run in-process: a child forked per batch of N inputs (address
        space capped at 6 GB, killed after 120 s of one input), each input's wall and CPU time measured in the
        child, the batch's peak memory from the kernel; a killed batch names the input it was on. ``--until``
        stops at that time (UTC) of the day.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import fuzzing  # noqa: E402
from fuzzing import SEEDS, fuzz_hostile, fuzz_one, template_seed  # noqa: E402

import fuzz_books  # noqa: E402

HOSTILE = ("xlsx-hostile", "json-hostile", "device")
KILL_AFTER = 120.0
ADDRESS_SPACE = 6 << 30


def _one(kind: str, source: Path | None, case: random.Random, work: Path, heavy: bool, xlsx_seed: Path) -> dict:
    """Run one input (in the child); what the commands gave."""
    codes: list[tuple[str, int]] = []
    real_run = fuzzing.run

    def counted(args):
        outcome = real_run(args)
        codes.append((args[0], outcome.code))
        if "too large to process" in outcome.stderr or "too deeply nested to process" in outcome.stderr:
            codes.append((args[0] + " (memory or depth)", -1))
        return outcome

    fuzzing.run = counted
    try:
        if kind in HOSTILE:
            problems = fuzz_hostile(kind, case, work, xlsx_seed)
        else:
            problems = fuzz_one(kind, source, case, work, heavy=heavy)
    finally:
        fuzzing.run = real_run
    return {"codes": codes, "problems": problems}


def _fork(kind: str, source: Path | None, case: random.Random, work: Path, heavy: bool,
          xlsx_seed: Path) -> tuple[dict, float, float, int]:
    """(outcome, wall seconds, CPU seconds, peak KB) of one input run in a forked child."""
    read, write = os.pipe()
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        code = 0
        try:
            resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
            out = _one(kind, source, case, work, heavy, xlsx_seed)
        except BaseException as exc:  # noqa: BLE001 - a crash of the harness itself is a finding
            out = {"codes": [], "problems": [f"harness: {type(exc).__name__}: {exc}"[:300]]}
            code = 1
        with os.fdopen(write, "w") as fh:
            json.dump(out, fh)
        os._exit(code)
    os.close(write)
    chunks: list[bytes] = []
    killed = False
    while True:
        left = KILL_AFTER - (time.perf_counter() - start)
        ready, _, _ = select.select([read], [], [], max(left, 0))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            killed = True
            break
        chunk = os.read(read, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    _, _, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    if killed:
        return {"codes": [("killed", -9)], "problems": [f"{kind}: over {KILL_AFTER:.0f} s: killed"]}, seconds, \
            cpu, usage.ru_maxrss
    try:
        out = json.loads(b"".join(chunks) or b"{}")
    except ValueError:
        out = {"codes": [], "problems": [f"{kind}: the child died without a word"]}
    return out, seconds, cpu, usage.ru_maxrss


def _book_batch(books: dict, seeds: list[int], first: int, work: Path, write: int,
                commands: tuple[str, ...] = fuzz_books.COMMANDS) -> None:
    """In the child: inputs ``first``, ``first + 1``, ... (seeds ``seeds``), one JSON line each on ``write``
    as it is done (so a killed batch still reports the inputs before the one it was on)."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    with os.fdopen(write, "w") as out:
        for k, seed in enumerate(seeds):
            command = commands[(first + k) % len(commands)]
            out.write(json.dumps({"start": first + k, "seed": seed, "command": command}) + "\n")
            out.flush()
            codes: list[tuple[str, int]] = []
            real_run = fuzz_books.run

            def counted(args, real_run=real_run, codes=codes):
                outcome = real_run(args)
                codes.append((args[0], outcome.code))
                return outcome

            fuzz_books.run = counted
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                problems = fuzz_books.fuzz_book(books, random.Random(seed), work, command)
            except BaseException as exc:  # noqa: BLE001 - a crash of the harness is a finding
                problems = [f"harness: {type(exc).__name__}: {exc}"[:300]]
            finally:
                fuzz_books.run = real_run
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            out.write(json.dumps({"i": first + k, "seed": seed, "command": command, "codes": codes,
                                  "seconds": round(time.perf_counter() - wall, 3),
                                  "cpu": round(time.process_time() - cpu, 3), "kb": peak, "problems": problems})
                      + "\n")
            out.flush()


def books_main(args: argparse.Namespace) -> int:
    """``--kinds book``: the workbooks-as-events run, in batches."""
    import datetime

    rng = random.Random(args.seed)
    commands = tuple(args.commands.split(",")) if args.commands else fuzz_books.COMMANDS
    unknown = sorted(set(commands) - set(fuzz_books.COMMANDS))
    if unknown:
        raise SystemExit(f"--commands: not a command that reads workbooks: {', '.join(unknown)}")
    deadline = None
    if args.until:
        hour, minute = (int(x) for x in args.until.split(":"))
        now = datetime.datetime.now(datetime.timezone.utc)
        until = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if until <= now:  # past midnight: that time tomorrow
            until += datetime.timedelta(days=1)
        deadline = time.time() + (until - now).total_seconds()
    histogram: dict[str, Counter] = {}
    found: Counter = Counter()
    slowest: list[tuple[float, str]] = []
    busiest: list[tuple[float, str]] = []
    largest: list[tuple[int, str]] = []
    tried: Counter = Counter()
    start = time.perf_counter()
    log = open(args.log, "a") if args.log else None
    done = 0
    with tempfile.TemporaryDirectory(prefix="xltb-fuzz-books-") as tmp:
        books = fuzz_books.seeds(Path(tmp, "seeds"))
        work = Path(tmp, "work")
        work.mkdir()
        while done < args.runs and (deadline is None or time.time() < deadline):
            seeds = [rng.getrandbits(64) for _ in range(min(args.batch, args.runs - done))]
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read)
                code = 0
                try:
                    _book_batch(books, seeds, done, work, write, commands)
                except BaseException:  # noqa: BLE001
                    code = 1
                os._exit(code)
            os.close(write)
            buffer = b""
            current: dict | None = None
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
                        if "start" in record:
                            current = record
                            continue
                        current = None
                        done += 1
                        label = f"book:{record['seed']}:{record['command']}"
                        tried[record["command"]] += 1
                        for command, code in record["codes"]:
                            histogram.setdefault(command, Counter())[code] += 1
                        for problem in record["problems"]:
                            found[problem[:110] + " ... " + problem[-190:] if len(problem) > 300 else problem] += 1
                        slowest = sorted(slowest + [(record["seconds"], label)], reverse=True)[:5]
                        busiest = sorted(busiest + [(record["cpu"], label)], reverse=True)[:5]
                        largest = sorted(largest + [(record["kb"], label)], reverse=True)[:5]
                        if log:
                            log.write(json.dumps(record) + "\n")
                            log.flush()
            _, status, usage = os.wait4(pid, 0)
            if current is not None:  # the batch died on this input: killed (time), or out of memory
                done += 1
                label = f"book:{current['seed']}:{current['command']}"
                tried[current["command"]] += 1
                why = f"over {KILL_AFTER:.0f} s: killed" if killed else f"the child died (status {status})"
                found[f"{label}: {why}"] += 1
                histogram.setdefault(current["command"], Counter())[-9] += 1
                largest = sorted(largest + [(usage.ru_maxrss, label)], reverse=True)[:5]
    seconds = time.perf_counter() - start
    print(f"{done} workbook inputs in {seconds:.0f} s: " + ", ".join(f"{n} {k}" for k, n in tried.items()))
    print("exit codes per command: " + "; ".join(
        f"{command} " + ", ".join(f"{code}: {n}" for code, n in sorted(c.items())) for command, c in
        sorted(histogram.items())))
    print("slowest (wall): " + ", ".join(f"{s:.1f} s ({label})" for s, label in slowest))
    print("slowest (CPU): " + ", ".join(f"{s:.1f} s ({label})" for s, label in busiest))
    print("largest (the batch's peak): " + ", ".join(f"{kb / 1024:.0f} MB ({label})" for kb, label in largest))
    for problem, count in found.most_common():
        print(f"  {count} x {problem}")
    print("no problem found" if not found else f"{len(found)} distinct problems")
    return 1 if found else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--heavy-every", type=int, default=5,
                        help="export and template on every K-th mutated event file (slower: xlsx writing)")
    parser.add_argument("--kinds", default=",".join(list(SEEDS) + ["xlsx", *HOSTILE]),
                        help="the kinds of input, in turn (default: all)")
    parser.add_argument("--log", help="append one JSON line per input to this file (kind, codes, seconds, KB)")
    parser.add_argument("--replay", metavar="KIND:SEED[:SOURCE]", help="run one input again, as the log names it")
    parser.add_argument("--batch", type=int, default=50, help="--kinds book: inputs per child process")
    parser.add_argument("--until", metavar="HH:MM", help="--kinds book: stop at this time of the day (UTC)")
    parser.add_argument("--commands", metavar="C,...", help="--kinds book: only these commands, in turn (default: "
                        "all eight)")
    args = parser.parse_args()
    import xltb.recalc.engine  # noqa: F401 - loaded once, before the children are forked
    import xltb.check  # noqa: F401

    if args.kinds == "book":
        if args.replay:  # book:SEED:COMMAND, as the log names it
            _, seed_text, command = args.replay.split(":")
            with tempfile.TemporaryDirectory(prefix="xltb-fuzz-books-") as tmp:
                work = Path(tmp, "work")
                work.mkdir()
                problems = fuzz_books.fuzz_book(fuzz_books.seeds(Path(tmp, "seeds")), random.Random(int(seed_text)),
                                                work, command)
            print("\n".join(problems) or "no problem")
            return 1 if problems else 0
        return books_main(args)

    rng = random.Random(args.seed)
    kinds = args.kinds.split(",")
    tried = Counter()
    found: Counter = Counter()
    histogram: dict[str, Counter] = {}
    slowest: list[tuple[float, str]] = []
    busiest: list[tuple[float, str]] = []
    largest: list[tuple[int, str]] = []
    start = time.perf_counter()
    log = open(args.log, "a") if args.log else None
    with tempfile.TemporaryDirectory(prefix="xltb-fuzz-") as tmp:
        seeds_dir = Path(tmp, "seeds")
        seeds_dir.mkdir()
        xlsx_seed = template_seed(seeds_dir)
        work = Path(tmp, "work")
        work.mkdir()
        for i in range(args.runs if not args.replay else 1):
            kind = kinds[i % len(kinds)]
            source = xlsx_seed if kind == "xlsx" else None if kind in HOSTILE else rng.choice(SEEDS[kind])
            seed = rng.getrandbits(64)
            if args.replay:  # as the log names it: kind, seed, and the seed file a mutated event came from
                kind, seed_text, *name = args.replay.split(":")
                seed = int(seed_text)
                source = xlsx_seed if kind == "xlsx" else None if kind in HOSTILE else \
                    next(p for p in SEEDS[kind] if not name or p.name == name[0])
            out, seconds, cpu, kb = _fork(kind, source, random.Random(seed), work, i % args.heavy_every == 0,
                                          xlsx_seed)
            for command, code in out["codes"]:
                histogram.setdefault(command, Counter())[code] += 1
            for problem in out["problems"]:
                key = problem.split(": ", 2)[1] + ": " + problem[-160:] if ": " in problem else problem
                found[key] += 1
            label = f"{kind}:{seed}" + (f":{source.name}" if source is not None and kind != "xlsx" else "")
            slowest = sorted(slowest + [(seconds, label)], reverse=True)[:5]
            busiest = sorted(busiest + [(cpu, label)], reverse=True)[:5]
            largest = sorted(largest + [(kb, label)], reverse=True)[:5]
            tried[kind] += 1
            if log:
                log.write(json.dumps({"i": i, "input": label, "codes": out["codes"], "seconds": round(seconds, 3),
                                      "cpu": round(cpu, 3), "kb": kb, "problems": out["problems"]}) + "\n")
                log.flush()
    seconds = time.perf_counter() - start
    print(f"{args.runs} inputs in {seconds:.0f} s: " + ", ".join(f"{n} {k}" for k, n in tried.items()))
    print("exit codes per command: " + "; ".join(
        f"{command} " + ", ".join(f"{code}: {n}" for code, n in sorted(c.items())) for command, c in
        sorted(histogram.items())))
    print("slowest (wall): " + ", ".join(f"{s:.1f} s ({label})" for s, label in slowest))
    print("slowest (CPU): " + ", ".join(f"{s:.1f} s ({label})" for s, label in busiest))
    print("largest: " + ", ".join(f"{kb / 1024:.0f} MB ({label})" for kb, label in largest))
    for problem, count in found.most_common():
        print(f"  {count} x {problem}")
    print("no problem found" if not found else f"{len(found)} distinct problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
