"""PDF from a standings workbook, through LibreOffice in headless mode.

LibreOffice Calc prints every sheet of the workbook with the print setup the workbook carries
(header row repeated on each page, fit to the page width, landscape when wide, footer with the
event, the rules edition and "page N of M"). Each conversion uses its own LibreOffice profile, so
that parallel jobs do not wait for each other's lock; the PDF is written next to a temporary name
and renamed at the end (never half a file).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import subprocess
import tempfile

from ..errors import XltbError
from ..files import PDF_WORK_PREFIX, move_into_place

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


def xlsx_to_pdf(xlsx: str | os.PathLike, pdf: str | os.PathLike, *, soffice: str | None = None,
                timeout: float = 300, force: bool = True) -> None:
    """Convert ``xlsx`` into ``pdf`` (every sheet, with the workbook's print setup); without
    ``force``, an existing ``pdf`` is not replaced."""
    soffice = soffice or require_soffice()
    pdf = os.fspath(pdf)
    folder = os.path.dirname(os.path.abspath(pdf))
    work = tempfile.mkdtemp(prefix=f"{PDF_WORK_PREFIX}{os.getpid()}-", dir=folder)  # removed if we are killed
    try:
        profile = pathlib.Path(work, "profile").resolve().as_uri()  # percent-encoded: spaces, '#', '%'
        command = [soffice, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                   "--nolockcheck", "--convert-to", "pdf:calc_pdf_Export", "--outdir", work, os.fspath(xlsx)]
        try:
            proc = _run(command, timeout)
        except subprocess.TimeoutExpired:
            raise PdfError(f"LibreOffice took more than {timeout:.0f} s to convert the workbook",
                           file=os.fspath(xlsx)) from None
        except OSError as exc:
            raise PdfError(f"cannot run LibreOffice ({soffice}): {exc.strerror or exc}", file=os.fspath(xlsx)) from None
        produced = os.path.join(work, os.path.splitext(os.path.basename(os.fspath(xlsx)))[0] + ".pdf")
        if proc.returncode != 0 or not os.path.isfile(produced):
            detail = (proc.stderr or proc.stdout or "").strip().splitlines()
            raise PdfError("LibreOffice could not convert the workbook to PDF"
                           + (f": {detail[-1]}" if detail else f" (exit status {proc.returncode})"),
                           file=os.fspath(xlsx))
        move_into_place(produced, pdf, force=force)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run(command: list[str], timeout: float) -> subprocess.CompletedProcess:
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


__all__ = ["find_soffice", "require_soffice", "xlsx_to_pdf", "PdfError", "MISSING"]
