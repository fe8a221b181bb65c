"""Batch mode: many event files -> standings workbooks (and PDFs), one file or a thousand.

* INPUT arguments are files, folders (searched recursively for event files) or glob patterns
  (``exports/*.csv``, ``2026/**/*.trf``); each file is read by the reader its content calls for
  (TRF-16 / TRF-2026, chess-results crosstable CSV, SwissPerfect export).
* A file that fails is reported (file, line, reason) and the others go on; the summary says how
  many were written and which failed; the exit status is non-zero when any failed.
* ``jobs`` > 1 runs the files in that many worker processes.
* Outputs are written atomically and an existing file is never replaced unless ``force``.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from typing import TextIO

from .._gc import paused
from ..errors import XltbError
from ..decide import decide
from ..ranking import rank
from ..readers.registry import EXPECTED_INPUT, read_event_published
from ..files import write_atomic
from ..prizes import PrizeTable, Share, award_prizes
from ..report.html import html_page
from ..report.i18n import event_language
from ..report.printed.workbook import PDF_DEFAULT, write_workbook

#: file name endings searched for in folders (a file named explicitly is read whatever its name)
EVENT_SUFFIXES = (".trf", ".trfx", ".txt", ".csv", ".tab", ".tsv")  # a folder's workbooks are not taken: an export is one


@dataclass(frozen=True)
class Options:
    """What every file of the batch is computed with."""

    tiebreaks: str | None = None
    rules: str | None = None
    unrated_rating: int | None = None
    lots: int | None = None
    event_type: str | None = None
    primary: str | None = None  # team events: MP or GP
    pdf: bool = False
    force: bool = False
    soffice: str | None = None
    lang: str | None = None  # the language of the printed words (None: English)
    pdf_sheets: tuple[str, ...] = ()  # the sheets the PDF prints (empty: standings and crosstable)
    planned: int | None = None  # the rounds planned ("after round N of M")
    after_round: int | None = None  # rank each event as it stood after this round
    html: bool = False  # also write the HTML page
    prizes: PrizeTable | None = None  # the prize table (--prizes): a Prizes sheet, section and PDF page
    share: Share = "none"  # how the money of players tied on points is shared (--share)
    pdf_work: str | None = None  # where the workbooks to print wait for LibreOffice (set by run())


@dataclass(frozen=True)
class Task:
    source: str
    output: str  # the .xlsx
    index: int = 0  # its place in the batch (names the workbook waiting to be printed)


@dataclass
class Outcome:
    source: str
    output: str | None = None
    pdf: str | None = None
    html: str | None = None
    printable: str | None = None  # the workbook of the sheets to print, waiting for LibreOffice
    error: str | None = None  # "file, line N: reason" when the file failed
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    internal: bool = False  # the error is a bug of xltb's (exit 3, whatever the other files did), not the file's

    @property
    def ok(self) -> bool:
        return self.error is None


# --------------------------------------------------------------------------- inputs
def expand_inputs(inputs: list[str]) -> tuple[list[tuple[str, str]], list[Outcome]]:
    """(file, path relative to the folder it was found in) for each event file, in a stable order, and
    an outcome for each argument that names nothing."""
    found: list[tuple[str, str]] = []
    problems: list[Outcome] = []
    seen: set[str] = set()

    def add(path: str, relative: str) -> None:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            found.append((path, relative))

    for arg in inputs:
        if os.path.isdir(arg):
            files = []
            for folder, dirs, names in os.walk(arg):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in names:
                    lower = name.lower()
                    if not lower.startswith((".", "readme")) and lower.endswith(EVENT_SUFFIXES):
                        files.append(os.path.join(folder, name))
            if not files:
                problems.append(Outcome(arg, error=f"{arg}: the folder has no event files "
                                                   f"({', '.join(EVENT_SUFFIXES)})"))
            for path in sorted(files):
                add(path, os.path.relpath(path, arg))
        elif os.path.exists(arg):  # a file, or a device or a pipe: read through the size limit like any file
            add(arg, os.path.basename(arg))
        elif glob.has_magic(arg):
            matches = sorted(m for m in glob.glob(arg, recursive=True) if os.path.isfile(m))
            if not matches:
                problems.append(Outcome(arg, error=f"{arg}: no file matches"))
            for path in matches:
                add(path, os.path.basename(path))
        else:
            problems.append(Outcome(arg, error=f"{arg}: no such file or folder"))
    return found, problems


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))


def plan(files: list[tuple[str, str]], *, output: str | None, out_dir: str | None) -> tuple[list[Task], list[Outcome]]:
    """The workbook each file is written to: ``output`` (one file only), ``out_dir``/<relative path>.xlsx
    (the folder structure of folder inputs is kept), or next to the file. Two files that would give the
    same workbook are an error for the second."""
    if output is not None and len(files) > 1:
        raise XltbError(f"-o names one workbook but {len(files)} input files were given; use --out-dir DIR")
    tasks: list[Task] = []
    problems: list[Outcome] = []
    taken: dict[str, str] = {}
    for source, relative in files:
        if output is not None:
            target = output
        elif out_dir is not None:
            target = os.path.join(out_dir, os.path.splitext(relative)[0] + ".xlsx")
        else:
            target = os.path.splitext(source)[0] + ".xlsx"
        key = os.path.normcase(os.path.abspath(target))
        if output is None and key == os.path.normcase(os.path.abspath(source)):
            # an xltb workbook given as the event: its export goes beside it, never over it (--force or not)
            target = os.path.splitext(target)[0] + "-standings.xlsx"
            key = os.path.normcase(os.path.abspath(target))
        elif output is not None and _same_file(target, source):
            problems.append(Outcome(source, error=f"{source}: -o names the input file itself; the export would "
                                                  "replace the event: give another name"))
            continue
        if key in taken:
            problems.append(Outcome(source, error=f"{source}: would be written to {target}, as {taken[key]} is; "
                                                  "export it separately with -o"))
            continue
        taken[key] = source
        tasks.append(Task(source, target, len(tasks)))
    return tasks, problems


#: the end of the error for a workbook that exists (export gathers these into one line)
EXISTS = "exists; use --force to overwrite it"


# --------------------------------------------------------------------------- one file
def export_one(task: Task, options: Options) -> Outcome:
    """Read, compute and write one workbook (and the HTML page; with ``pdf``, the workbook of the sheets to
    print, converted by :func:`run` with the others); never raises for a problem of the file."""
    start = time.perf_counter()
    outcome = Outcome(task.source)
    try:
        stem = os.path.splitext(task.output)[0]
        pdf_target = stem + ".pdf" if options.pdf else None
        html_target = stem + ".html" if options.html else None
        for target in (task.output, pdf_target, html_target):
            if target and os.path.exists(target) and not options.force:
                raise XltbError(f"{target} {EXISTS}", file=task.source)
        read = read_event_published(task.source, options.event_type, options.primary)
        decision = decide(read, tiebreaks=options.tiebreaks, rules=options.rules,
                          unrated_rating=options.unrated_rating, after=options.after_round,
                          planned=options.planned)  # the same choices as xltb standings
        kind = decision.kind
        standings = rank(decision, lots=options.lots)
        lang = options.lang or event_language(standings.event)  # --lang, else a workbook's Settings Language
        prizes = award_prizes(standings, options.prizes, options.share) if options.prizes else None
        folder = os.path.dirname(os.path.abspath(task.output))
        os.makedirs(folder, exist_ok=True)
        with paused():  # a million small acyclic objects: the collector's full scans would dominate
            write_workbook(standings, task.output, input_kind=kind, lang=lang, planned=options.planned,
                           force=options.force, prizes=prizes)
        outcome.output = task.output
        outcome.warnings = [str(w) for w in standings.warnings] + [str(w) for w in (prizes.warnings if prizes else ())]
        if html_target:
            write_atomic(html_target, html_page(standings, lang=lang, planned=options.planned,
                                                input_kind=kind, prizes=prizes), force=options.force)
            outcome.html = html_target
        if pdf_target:
            printable = os.path.join(options.pdf_work or folder, f"{task.index:05d}.xlsx")
            sheets = options.pdf_sheets or PDF_DEFAULT
            # the pages are numbered per sheet: "page N of M" when the PDF is one sheet, else "page N"
            write_workbook(standings, printable, input_kind=kind, lang=lang, planned=options.planned,
                           sheets=sheets, page_of=len(sheets) == 1, prizes=prizes)
            outcome.printable, outcome.pdf = printable, pdf_target
    except XltbError as err:
        message = str(err)
        if err.file is None:
            message = f"{task.source}: {message}"
        outcome.error = message
    except OSError as exc:
        outcome.error = f"{task.source}: cannot write ({exc.strerror or exc}{': ' + exc.filename if exc.filename else ''})"
    except (RecursionError, MemoryError):
        outcome.error = f"{task.source}: too large or too deeply nested to compute"
    except Exception as exc:  # a bug of ours must not stop the other files
        outcome.error = (f"{task.source}: internal error (a bug in xltb, please report it): "
                         f"{type(exc).__name__}: {exc}")
        outcome.internal = True
    outcome.seconds = time.perf_counter() - start
    return outcome


def print_pdfs(outcomes: list[Outcome], options: Options, processes: int) -> None:
    """The PDFs of a batch: LibreOffice started once per group of files (``processes`` groups at a time)."""
    from ..report.printed.pdf import convert_many  # LibreOffice only with --pdf

    waiting = [o for o in outcomes if o.ok and o.printable]
    start = time.perf_counter()
    pairs = [(o.printable, o.pdf) for o in waiting if o.printable and o.pdf]  # export_one sets both together
    failures = convert_many(pairs, soffice=options.soffice, processes=processes,
                            force=options.force)
    share = (time.perf_counter() - start) / max(len(waiting), 1)
    for o in waiting:
        o.seconds += share
        if o.printable in failures:
            o.error = f"{o.source}: {failures[o.printable].message}"
            o.pdf = None


# --------------------------------------------------------------------------- many files
class Progress:
    """A one-line progress bar on a terminal (nothing when the stream is not a terminal)."""

    def __init__(self, total: int, stream: TextIO | None = None, *, enabled: bool | None = None):
        self.stream = stream or sys.stderr
        self.total = total
        self.done = 0
        self.failed = 0
        if enabled is None:
            enabled = total > 3 and hasattr(self.stream, "isatty") and self.stream.isatty()
        self.enabled = enabled
        self.width = 30

    def update(self, outcome: Outcome) -> None:
        self.done += 1
        self.failed += 0 if outcome.ok else 1
        if not self.enabled:
            return
        filled = self.width * self.done // max(self.total, 1)
        name = os.path.basename(outcome.source)
        name = name if len(name) <= 30 else name[:27] + "..."
        failed = f", {self.failed} failed" if self.failed else ""
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total}{failed} "
                          f"{name:<30}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (self.width + 50) + "\r")
            self.stream.flush()


def run(tasks: list[Task], options: Options, *, jobs: int = 1, progress: Progress | None = None) -> list[Outcome]:
    """Export every task, in ``jobs`` processes, then print the PDFs (``jobs`` LibreOffice processes at
    most); outcomes in the order of the tasks."""
    if options.pdf and options.pdf_work is None:
        work = tempfile.mkdtemp(prefix="xltb-print-")
        try:
            return run(tasks, replace(options, pdf_work=work), jobs=jobs, progress=progress)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    outcomes: list[Outcome | None] = [None] * len(tasks)
    if jobs <= 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            outcomes[i] = outcome = export_one(task, options)
            if progress:
                progress.update(outcome)
    else:
        import multiprocessing  # noqa: PLC0415 - worker processes only with --jobs N > 1
        from concurrent.futures import ProcessPoolExecutor, as_completed

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        context = multiprocessing.get_context(method)
        with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=context,
                                 initializer=_warm_up) as pool:
            futures = {pool.submit(export_one, task, options): i for i, task in enumerate(tasks)}
            for future in as_completed(futures):
                i = futures[future]
                try:
                    outcome = future.result()
                except Exception as exc:  # the worker died (out of memory, killed)
                    outcome = Outcome(tasks[i].source, error=f"{tasks[i].source}: the worker process failed "
                                                             f"({type(exc).__name__}: {exc})", internal=True)
                outcomes[i] = outcome
                if progress:
                    progress.update(outcome)
    done = [o for o in outcomes if o is not None]
    if options.pdf:
        print_pdfs(done, options, processes=max(1, min(jobs, 2)))
    if progress:
        progress.close()
    return done


def _warm_up() -> None:
    """Import the writer once per worker, before the first file."""
    import openpyxl  # noqa: F401


def summary(outcomes: list[Outcome], seconds: float) -> list[str]:
    """The lines printed at the end of a batch."""
    written = [o for o in outcomes if o.ok]
    failed = [o for o in outcomes if not o.ok]
    pdfs = sum(1 for o in written if o.pdf)
    pages = sum(1 for o in written if o.html)
    warned_list = [o for o in written if o.warnings]
    warned = len(warned_list)
    line = f"exported {len(written)} of {len(outcomes)} file{'s' if len(outcomes) != 1 else ''}"
    if pdfs:
        line += f" ({pdfs} PDF{'s' if pdfs != 1 else ''})"
    if pages:
        line += f" ({pages} HTML page{'s' if pages != 1 else ''})"
    line += f" in {seconds:.1f} s"
    if failed:
        line += f"; {len(failed)} failed"
    lines = [line]
    if warned:
        lines.append(f"{warned} file{'s have' if warned != 1 else ' has'} warnings (each on the Event sheet of its "
                     "workbook):")
        for o in warned_list[:20]:  # the input: a warning's line number is the input's
            lines.append(f"  {o.source}: {o.warnings[0]}" + (f" (+{len(o.warnings) - 1} more)" if len(o.warnings) > 1
                                                             else ""))
        if warned > 20:
            lines.append(f"  ... and {warned - 20} more")
    return lines


__all__ = ["Options", "Task", "Outcome", "expand_inputs", "plan", "export_one", "run", "summary",
           "Progress", "EXPECTED_INPUT", "EVENT_SUFFIXES"]
