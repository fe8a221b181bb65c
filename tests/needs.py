"""What a test needs that a machine may lack, one mark each: LibreOffice (``--pdf``, the templates printed or
opened), its Python bridge (the Calc add-in run through UNO), pdftotext (a PDF read back), Chromium (the HTML
page opened), Node with the Pyodide package (xlwings Lite's runtime). A test that needs one is skipped with
the reason and how to install it when it is missing, as the README promises; ``.ci/run`` installs them all
(and sets XLTB_REQUIRE_PYODIDE=1, which turns a missing Pyodide into a failure).

A mark is chosen by what the test runs: ``main(["export", ..., "--pdf"])`` needs :data:`SOFFICE`,
reading the PDF back needs :data:`PDF` (LibreOffice and pdftotext), ``--html`` opened in a browser
needs :data:`CHROMIUM`. A fixture calls :func:`skip_unless` with one of the ``missing_*`` reasons.
"""

from __future__ import annotations

import os
import shutil

import pytest

CI = ".ci/run installs it"


def missing_soffice() -> str | None:
    """Why LibreOffice cannot be run here (None when it can)."""
    from xltb.report.printed.pdf import PdfError, find_soffice

    try:
        found = find_soffice()
    except PdfError as err:  # XLTB_SOFFICE names a file that is not there
        return str(err)
    if found is None:
        return f"LibreOffice (soffice) is not installed (apt-get install libreoffice-calc-nogui); {CI}"
    return None


def missing_pdftotext() -> str | None:
    if shutil.which("pdftotext") is None:
        return f"pdftotext is not installed (apt-get install poppler-utils); {CI}"
    return None


def missing_pdf() -> str | None:
    """Why a PDF cannot be printed by LibreOffice and read back with pdftotext here."""
    return missing_soffice() or missing_pdftotext()


def missing_uno() -> str | None:
    """Why LibreOffice cannot be driven over UNO here (tests/lo_host.py)."""
    import lo_host

    why = lo_host.unavailable()
    return None if why is None else f"LibreOffice add-in tests: {why}"


def missing_chromium() -> str | None:
    from chromium import find_chromium

    if find_chromium() is None:
        return f"Chromium is not installed: the HTML page cannot be opened here (apt-get install chromium); {CI}"
    return None


def missing_pyodide() -> str | None:
    """Why Pyodide cannot run here (tests/pyodide_host.py)."""
    import pyodide_host

    return pyodide_host.missing()


def skip_unless(why: str | None) -> None:
    """In a fixture or a test: skip with ``why`` when it is a reason (a program missing)."""
    __tracebackhide__ = True  # the skip is reported at the test's line
    if why is not None:
        pytest.skip(why)


def require_pyodide() -> None:
    """Skip without Pyodide, or fail when the run requires it (XLTB_REQUIRE_PYODIDE, set by .ci/run)."""
    __tracebackhide__ = True
    why = missing_pyodide()
    if why is not None and os.environ.get("XLTB_REQUIRE_PYODIDE"):
        pytest.fail(f"Pyodide is required here (XLTB_REQUIRE_PYODIDE) but {why}")
    skip_unless(why)


def _mark(why: str | None) -> pytest.MarkDecorator:
    return pytest.mark.skipif(why is not None, reason=why or "")


#: ``--pdf`` (LibreOffice prints the workbook)
SOFFICE = _mark(missing_soffice())
#: a PDF printed by LibreOffice and read back with pdftotext
PDF = _mark(missing_pdf())
#: a PDF (printed by Chromium) read back
PDFTOTEXT = _mark(missing_pdftotext())
#: the Calc add-in in a headless LibreOffice over UNO
UNO = _mark(missing_uno())
#: the HTML page opened in headless Chromium
CHROMIUM = _mark(missing_chromium())
