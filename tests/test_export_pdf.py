"""``xltb export --pdf``: PDFs through LibreOffice (skipped when LibreOffice is absent; .ci/run installs it).

The pages are read back as text (pdftotext): the title block and the header row on every page, the
sheets asked for and no others, pages numbered per sheet, the standings in portrait with at least
45 rows a page, the language asked for. A batch is printed by one LibreOffice process.

Manual check (done when the layout changes): ``xltb export tests/data/seed/held-swiss16.trf -o /tmp/h.xlsx
--pdf all``, then ``pdftoppm -r 60 -png /tmp/h.pdf /tmp/h`` and look at the pages.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import needs
from xltb.cli.main import main
from xltb.report.printed.pdf import convert_many

DATA = Path(__file__).parent / "data"
SWISS = DATA / "seed" / "held-swiss16.trf"
RR = DATA / "seed" / "held-rr6.trf"
TEAM = DATA / "seed" / "held-team14.trf"
BIG = DATA / "real" / "04_lichess_swiss_bullet_112p_2020.trf"
TITLE = "Seed Swiss (Exercises in tie-breaking, 2.1)"

pytestmark = needs.PDF


def _pages(path: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return [p for p in text.split("\f") if p.strip()]


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """One batch, one LibreOffice process: the Swiss, the round robin, the team event and a 112-player event,
    each with the default sheets (standings and crosstable)."""
    folder = tmp_path_factory.mktemp("batch")
    for source in (SWISS, RR, TEAM, BIG):
        shutil.copy(source, folder / source.name)
    out = folder / "out"
    assert main(["export", str(folder), "--out-dir", str(out), "--pdf", "--rules", "2024", "--jobs", "2"]) == 0
    return out


def test_default_pdf_prints_standings_and_crosstable_with_the_title_on_every_page(batch):
    pages = _pages(batch / "held-swiss16.pdf")
    assert len(pages) == 2  # standings, crosstable: no details, no event sheet
    for page in pages:
        assert TITLE in page and "24 October 2024" in page and "Final standings" in page
        assert "FIDE C.07 tie-break rules, edition 2024-08" in page
        assert re.search(r"Rank\s+No\.", page)  # the header row
        assert "Details" not in page
    assert "Tie-breaks, in order: BH/C1 = Buchholz Cut-1" in pages[0]  # the legend with the page
    assert "Standings \u2013 FIDE C.07 tie-break rules, edition 2024-08 \u2013 page 1" in pages[0]
    assert "Crosstable \u2013 FIDE C.07 tie-break rules, edition 2024-08 \u2013 page 1" in pages[1]
    assert "10b1" in pages[1] and "Bruno" in pages[0]
    assert sorted(p.name for p in batch.iterdir()) == sorted(
        f"{s}.{e}" for s in ("held-swiss16", "held-rr6", "held-team14", "04_lichess_swiss_bullet_112p_2020")
        for e in ("xlsx", "pdf"))  # no temporary files


def test_standings_print_in_portrait_with_at_least_45_rows_a_page(batch):
    pages = _pages(batch / "04_lichess_swiss_bullet_112p_2020.pdf")
    standings = [p for p in pages if "Standings \u2013" in p]
    assert len(standings) in (2, 3)  # 112 players: 45 or more a page
    for n, page in enumerate(standings, start=1):
        rows = [line for line in page.splitlines() if re.match(r"\s*\d+\s+\d+\s+\S", line)]
        assert len(rows) >= 45 or n == len(standings)
        assert f"page {n}" in page and "Tie-breaks, in order" in page
    crosstable = [p for p in pages if "Crosstable \u2013" in p]
    assert [f"page {n}" in p for n, p in enumerate(crosstable, start=1)] == [True] * len(crosstable)


def test_round_robin_prints_the_grid_and_the_team_event_mp_and_gp(batch):
    grid = _pages(batch / "held-rr6.pdf")[1]
    assert "Row against column" in grid and re.search(r"Rank\s+No\.\s+Name\s+Rating\s+1\s+2\s+3\s+4\s+5\s+6", grid)
    team = _pages(batch / "held-team14.pdf")
    assert re.search(r"Rank\s+No\.\s+Team\s+Short\s+MP\s+GP\s+MPvGP", team[0])
    assert re.search(r"MP\s+GP", team[1]) and "Team crosstable" in team[1]


def test_chosen_sheets_in_italian(tmp_path, capsys):
    out = tmp_path / "held.xlsx"
    assert main(["export", str(SWISS), "-o", str(out), "--pdf", "standings,details", "--lang", "it",
                 "--rules", "2024"]) == 0
    pages = _pages(tmp_path / "held.pdf")
    assert len(pages) >= 3 and "Classifica finale" in pages[0] and "24 ottobre 2024" in pages[0]
    assert "Scontro diretto" in pages[0] and "Classifica \u2013 Spareggi FIDE C.07, edizione 2024-08 \u2013 pagina 1" in pages[0]
    details = pages[1:]
    assert all("Dettagli \u2013" in p for p in details)
    assert [f"pagina {n}" in p for n, p in enumerate(details, start=1)] == [True] * len(details)  # per sheet
    assert not any("Tabellone" in p for p in pages)


def test_unknown_sheet_is_refused_before_any_work(tmp_path, capsys):
    assert main(["export", str(SWISS), "-o", str(tmp_path / "x.xlsx"), "--pdf", "standings,wall"]) == 2
    assert "unknown sheet wall" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_one_process_converts_workbooks_of_the_same_name(tmp_path):
    """Two workbooks called the same in two folders: each gets its own PDF (one LibreOffice call)."""
    pairs = []
    for folder, source in (("a", SWISS), ("b", RR)):
        (tmp_path / folder).mkdir()
        book = tmp_path / folder / "event.xlsx"
        assert main(["export", str(source), "-o", str(book)]) == 0
        pairs.append((str(book), str(tmp_path / folder / "event.pdf")))
    assert convert_many(pairs) == {}
    assert "Seed Swiss" in _pages(tmp_path / "a" / "event.pdf")[0]
    assert "Seed round-robin" in _pages(tmp_path / "b" / "event.pdf")[0]


def test_pdf_is_not_overwritten_without_force(tmp_path, capsys):
    (tmp_path / "held.pdf").write_bytes(b"keep")
    assert main(["export", str(SWISS), "-o", str(tmp_path / "held.xlsx"), "--pdf"]) == 2
    assert "held.pdf exists; use --force" in capsys.readouterr().err
    assert (tmp_path / "held.pdf").read_bytes() == b"keep" and not (tmp_path / "held.xlsx").exists()


def test_pdf_in_a_folder_whose_name_needs_escaping(tmp_path, capsys):
    """The LibreOffice profile is given as a file URL: spaces, '#' and '%' must be percent-encoded."""
    folder = tmp_path / "John Smith #1 50%"
    folder.mkdir()
    assert main(["export", str(SWISS), "--out-dir", str(folder), "--pdf", "standings"]) == 0
    assert (folder / "held-swiss16.pdf").read_bytes().startswith(b"%PDF")
    assert "page 1 of 1" in _pages(folder / "held-swiss16.pdf")[0]  # one sheet: "page N of M"
