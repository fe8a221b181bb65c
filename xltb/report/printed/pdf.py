"""PDF from a standings workbook, through LibreOffice in headless mode.

LibreOffice Calc prints every sheet of the workbook with the print setup the workbook carries
(title block and header row repeated on each page, fit to the page width, footer with the event,
the sheet, the rules edition and the page number). Starting LibreOffice is most of the cost of a
conversion (about 3 s), so a batch is converted by one ``soffice --convert-to`` call per group of
files (:func:`convert_many`; measured in ``benchmarks/bench_pdf.py``: 45 files in one call cost
little more than one). Each process uses its own LibreOffice profile, so that parallel groups do
not wait for each other's lock; each PDF is written atomically (never half a file).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import subprocess
import tempfile

from ...errors import XltbError
from ...files import PDF_WORK_PREFIX, remove_leftovers, write_atomic

#: where LibreOffice is found when it is not on the PATH
_CANDIDATES = (
    "/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice", "/opt/libreoffice/program/soffice",
    "/Applications/LibreOffice.app/Contents/MacOS/soffice",
    r"C:\Program Files\LibreOffice\program\soffice.exe", r"C:\Program Files (x86)\LibreOffice\program\soffice.exe",
)

MISSING = ("--pdf needs LibreOffice, which was not found (looked for soffice/libreoffice on the PATH): install it "
           "(Debian/Ubuntu: apt-get install libreoffice-calc-nogui; others: libreoffice.org), or set XLTB_SOFFICE "
           "to its soffice program, or leave out --pdf")


class PdfError(XltbError):
    """LibreOffice is missing or could not convert a workbook."""


def find_soffice() -> str | None:
    """The LibreOffice program (``XLTB_SOFFICE``, then the PATH, then the usual install places), or None."""
    configured = os.environ.get("XLTB_SOFFICE")
    if configured:
        if not os.path.isfile(configured):
            raise PdfError(f"XLTB_SOFFICE names {configured}, which is not a file: point it at LibreOffice's soffice "
                           "program, or unset it to look for soffice on the PATH")
        return configured
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    return next((c for c in _CANDIDATES if os.path.isfile(c)), None)


def require_soffice() -> str:
    soffice = find_soffice()
    if soffice is None:
        raise PdfError(MISSING)
    return soffice


def xlsx_to_pdf(xlsx: str | os.PathLike[str], pdf: str | os.PathLike[str], *, soffice: str | None = None,
                timeout: float = 300, force: bool = True) -> None:
    """Convert ``xlsx`` into ``pdf`` (every sheet, with the workbook's print setup); without ``force``,
    an existing ``pdf`` is not replaced."""
    failures = convert_many([(os.fspath(xlsx), os.fspath(pdf))], soffice=soffice, timeout=timeout, force=force)
    if failures:
        raise failures[os.fspath(xlsx)]


def convert_many(pairs: list[tuple[str, str]], *, soffice: str | None = None, processes: int = 1,
                 timeout: float | None = None, force: bool = True) -> dict[str, PdfError]:
    """Convert many workbooks, ``(xlsx, pdf)`` pairs, with one LibreOffice process per group of files
    (``processes`` groups run at the same time): LibreOffice starts once, not once per file, which is
    most of the time a conversion takes. Returns the failures by workbook (empty when all were written).
    Each PDF is written atomically; the workbooks are left in place."""
    soffice = soffice or require_soffice()
    if not pairs:
        return {}
    processes = max(1, min(processes, len(pairs)))
    groups = [pairs[k::processes] for k in range(processes)]
    groups = [chunk for g in groups for chunk in (g[i:i + BATCH] for i in range(0, len(g), BATCH))]
    failures: dict[str, PdfError] = {}
    if len(groups) == 1:
        failures.update(_convert_group(groups[0], soffice, timeout, force))
    else:
        from concurrent.futures import ThreadPoolExecutor  # threads: each waits on its own LibreOffice process

        with ThreadPoolExecutor(max_workers=processes) as pool:
            for result in pool.map(lambda g: _convert_group(g, soffice, timeout, force), groups):
                failures.update(result)
    return failures


#: files converted by one LibreOffice process at most (its command line stays short)
BATCH = 200


def _convert_group(pairs: list[tuple[str, str]], soffice: str, timeout: float | None,
                   force: bool = True) -> dict[str, PdfError]:
    """One LibreOffice process converts every workbook of the group: each is linked (or copied) into a work
    folder under a name of its own, so that two workbooks of the same name in different folders do not
    overwrite each other's PDF."""
    timeout = timeout or 60 + 15 * len(pairs)
    remove_leftovers(tempfile.gettempdir())  # the work folders of runs that were killed
    work = tempfile.mkdtemp(prefix=f"{PDF_WORK_PREFIX}{os.getpid()}-")
    failures: dict[str, PdfError] = {}
    try:
        names = []
        for k, (xlsx, _) in enumerate(pairs):
            name = os.path.join(work, f"{k:05d}.xlsx")
            try:
                os.link(xlsx, name)
            except OSError:
                shutil.copyfile(xlsx, name)
            names.append(name)
        out = os.path.join(work, "out")
        profile = pathlib.Path(work, "profile").resolve().as_uri()  # percent-encoded: spaces, '#', '%'
        command = [soffice, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                   "--nolockcheck", "--convert-to", "pdf:calc_pdf_Export", "--outdir", out] + names
        try:
            proc = _run(command, timeout)
        except subprocess.TimeoutExpired:
            proc = None
            detail = f"LibreOffice took more than {timeout:.0f} s to convert {len(pairs)} workbook(s)"
        except OSError as exc:
            proc = None
            detail = f"cannot run LibreOffice ({soffice}): {exc.strerror or exc}"
        for k, (xlsx, pdf) in enumerate(pairs):
            produced = os.path.join(out, f"{k:05d}.pdf")
            if proc is not None and os.path.isfile(produced):
                with open(produced, "rb") as f:
                    write_atomic(pdf, f.read(), force=force)
                continue
            if proc is not None:
                lines = (proc.stderr or proc.stdout or "").strip().splitlines()
                detail = "LibreOffice could not convert the workbook to PDF" + \
                    (f": {lines[-1]}" if lines else f" (exit status {proc.returncode})")
            failures[xlsx] = PdfError(detail, file=xlsx)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return failures


def _run(command: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """Run LibreOffice in a process group of its own, so that a conversion that times out is ended
    with every process it started (the soffice launcher leaves soffice.bin behind otherwise)."""
    posix = os.name == "posix"
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                            text=True, start_new_session=posix)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        if posix:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
        proc.kill()
        proc.communicate()
        raise
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


__all__ = ["find_soffice", "require_soffice", "xlsx_to_pdf", "convert_many", "PdfError", "MISSING"]
