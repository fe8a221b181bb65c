"""``xltb export --pdf``: a PDF of every sheet through LibreOffice (skipped when LibreOffice is absent).

Manual check (done when the layout changes): ``xltb export xltb/examples/held-swiss16.trf -o /tmp/h.xlsx
--pdf``, then ``pdftoppm -r 60 -png /tmp/h.pdf /tmp/h`` and look at the pages: nothing cut off, the header
row repeated on every page, the footer with the event, the edition and "page N of M".
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from xltb.cli.main import main
from xltb.report.pdf import find_soffice

SWISS = Path(__file__).parent / "data" / "seed" / "held-swiss16.trf"

pytestmark = pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed: "
                                "--pdf cannot be tested here; .ci/run installs it")


def _pdf_text(path: Path) -> str | None:
    if shutil.which("pdftotext") is None:
        return None
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_pdf_of_every_sheet_with_headers_and_footers(tmp_path, capsys):
    out = tmp_path / "held.xlsx"
    assert main(["export", str(SWISS), "-o", str(out), "--pdf", "--rules", "2024"]) == 0
    pdf = tmp_path / "held.pdf"
    assert f"wrote {out} and {pdf}" in capsys.readouterr().out
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["held.pdf", "held.xlsx"]  # no temporary files
    text = _pdf_text(pdf)
    if text is None:
        return
    pages = text.split("\f")
    pages = [p for p in pages if p.strip()]
    assert len(pages) >= 4  # Standings, Crosstable, Details (two pages), Event
    total = len(pages)
    for n, page in enumerate(pages, start=1):
        assert f"page {n} of {total}" in page
        assert "Seed Swiss (Exercises in tie-breaking, 2.1)" in page and "FIDE C.07 edition 2024-08" in page
        assert re.search(r"Rank|Item", page)  # the header row on every page
    assert "Bruno" in pages[0] and "BH/C1" in pages[0]


def test_pdf_is_not_overwritten_without_force(tmp_path, capsys):
    (tmp_path / "held.pdf").write_bytes(b"keep")
    assert main(["export", str(SWISS), "-o", str(tmp_path / "held.xlsx"), "--pdf"]) == 2
    assert "held.pdf exists; use --force" in capsys.readouterr().err
    assert (tmp_path / "held.pdf").read_bytes() == b"keep" and not (tmp_path / "held.xlsx").exists()


def test_pdf_in_a_folder_whose_name_needs_escaping(tmp_path, capsys):
    """The LibreOffice profile is given as a file URL: spaces, '#' and '%' must be percent-encoded."""
    folder = tmp_path / "John Smith #1 50%"
    folder.mkdir()
    assert main(["export", str(SWISS), "--out-dir", str(folder), "--pdf"]) == 0
    assert (folder / "held-swiss16.pdf").read_bytes().startswith(b"%PDF")

