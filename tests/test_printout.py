"""What the printout shows beyond the values: rows as tall as their wrapped text (in German too), the whole
title block on every page of a crosstable printed across pages, withdrawn players marked with the legend,
no FIDE id 0, a team league's team x team grid, the warning of a file that ended a round early; and the HTML
page printed by Chromium: the event and the page number on every page, a team event's players by board.

The PDFs are read back as text and word boxes (pdftotext, poppler-utils): two words of one page printed on
top of each other are text running into the next row.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook

import needs
from chromium import Browser, find_chromium
from xltb.cli.main import main
from xltb.decide import decide
from xltb.ranking import rank
from xltb.readers.registry import read_event
from xltb.report.html import css_string, html_page
from xltb.report.printed.pdf import convert_many
from xltb.report.printed.workbook import build_workbook
from xltb.report.titles import withdrawn

DATA = Path(__file__).parent / "data"
SWISS = DATA / "seed" / "held-swiss16.trf"
TEAM = DATA / "seed" / "held-team14.trf"
LEAGUE = DATA / "team" / "12_icu_armstrong_cup_2010_11_team_league.tab"
LICHESS = DATA / "real" / "04_lichess_swiss_bullet_112p_2020.trf"
BLITZ = DATA / "csv" / "2021-World-Blitz-Chess-Championship-Open.csv"

needs_pdf = needs.PDF
needs_chromium = needs.CHROMIUM


def _pages(path: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return [p for p in text.split("\f") if p.strip()]


def _overlaps(path: Path) -> list[tuple[int, str, str]]:
    """Words printed on top of each other (page, word, word): their boxes cross by more than a third of a line."""
    xhtml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    xhtml = re.sub(r"<!DOCTYPE[^>]*>", "", xhtml).replace('xmlns="http://www.w3.org/1999/xhtml"', "")
    root = ElementTree.fromstring(xhtml)
    out = []
    for n, page in enumerate(root.iter("page"), start=1):
        words = sorted((float(w.get("yMin")), float(w.get("xMin")), float(w.get("yMax")), float(w.get("xMax")),
                        w.text or "") for w in page.iter("word"))
        for i, a in enumerate(words):
            for b in words[i + 1:]:
                if b[0] >= a[2]:  # sorted by top: the words below do not reach this one
                    break
                dx = min(a[3], b[3]) - max(a[1], b[1])
                dy = min(a[2], b[2]) - max(a[0], b[0])
                if dx > 1 and dy > (a[2] - a[0]) / 3:
                    out.append((n, a[4], b[4]))
    return out


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """One LibreOffice run: the Event and Details pages of the Swiss in German, every page of the World Blitz
    export (21 rounds: the crosstable and the details print across two pages' width)."""
    folder = tmp_path_factory.mktemp("printed")
    for source in (SWISS, BLITZ):
        shutil.copy(source, folder / source.name)
    out = folder / "out"
    assert main(["export", str(folder), "--out-dir", str(out), "--pdf", "all", "--lang", "de"]) == 0
    decision = decide(str(SWISS))  # and the Event page in the other languages, printed by one more LibreOffice
    st = rank(decision)
    pairs = []
    for code in ("en", "fr", "it", "es"):
        book = out / f"event-{code}.xlsx"
        book.write_bytes(build_workbook(st, input_kind=decision.kind, lang=code, sheets=("event",)))
        pairs.append((str(book), str(book.with_suffix(".pdf"))))
    assert convert_many(pairs) == {}
    return out


@needs_pdf
@pytest.mark.parametrize("code", ["de", "en", "fr", "it", "es"])
def test_event_page_rows_hold_their_wrapped_text_in_every_language(printed, code):
    pdf = printed / ("held-swiss16.pdf" if code == "de" else f"event-{code}.pdf")
    assert _overlaps(pdf) == []
    event = " ".join(_pages(pdf)[-1].split())
    legend = {"de": "keiner blieb sicher vorn.", "en": "nobody was sure to stay ahead.",
              "fr": "aucun n'était sûr de rester devant.", "it": "nessuno era certo di restare davanti.",
              "es": "ninguno tenía asegurado quedar delante."}[code]
    assert legend in event  # the DE legend's last line, not hidden under the next row
    if code == "de":
        assert "Verbleibende" in event and "Gleichstände" in event  # the label wraps in its row


@needs_pdf
def test_every_page_of_a_wide_crosstable_shows_the_whole_title_block(printed):
    pages = _pages(printed / "2021-World-Blitz-Chess-Championship-Open.pdf")
    crosstable = [p for p in pages if "Fortschrittstabelle \u2013" in p]
    # one page wide (21 rounds fit a landscape page), the title block across it, not wrapped into the
    # columns of the participant (a narrow column of broken lines on a landscape page)
    assert len(crosstable) >= 4 and all("R21" in p and "R1 " in p for p in crosstable)
    assert all(p.lstrip().startswith("World Blitz Chess Championship 2021 - Open\n") for p in crosstable)
    for page in pages:
        words = " ".join(page.split())
        assert "World Blitz Chess Championship 2021 - Open" in words or \
            "World Blitz Chess Championship 2021 -" in words, words[:200]
        assert "Endstand" in words and "Fassung 2012" in words
    for page in crosstable:  # the legend's last words: the whole legend is there
        assert "? Ergebnis fehlt." in " ".join(page.split())
    assert _overlaps(printed / "2021-World-Blitz-Chess-Championship-Open.pdf") == []


def test_fide_id_zero_is_no_fide_id(tmp_path):
    event = read_event(str(SWISS))[0]
    assert event.players and all(p.fide_id == "0" for p in event.players)  # the file's text, which TRF keeps
    assert all(p.known_fide_id == "" for p in event.players)  # no FIDE id
    out = tmp_path / "t.xlsx"
    assert main(["template", "individual", "--from", str(SWISS), "-o", str(out)]) == 0
    rows = list(load_workbook(out)["Crosstable"].iter_rows(values_only=True))
    column = rows[0].index("FIDE id")
    assert [r[column] for r in rows[1:] if r[0] is not None] == [None] * len(event.players)


def test_withdrawn_players_are_marked_and_the_legend_says_what_the_mark_means(tmp_path):
    st = rank(decide(str(LICHESS)))
    marked = withdrawn(st)
    porras = next(p for p in st.participants if p.name == "porrasfritz13")
    assert marked[porras.start_no] == 19  # absent in rounds 19 and 20, the last paired
    assert all(r.kind.name == "ABSENT" for r in porras.results[18:20])
    out = tmp_path / "l.xlsx"
    assert main(["export", str(LICHESS), "-o", str(out)]) == 0
    ws = load_workbook(out)["Standings"]
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r[0] == "Rank")
    name, column = rows[head].index("Name"), rows[head].index("Withdrawn")
    assert column == name + 1  # beside the name
    by_name = {r[name]: r[column] for r in rows[head + 1:]}
    assert by_name["porrasfritz13"] == "R19" and by_name["gmjoey93"] is None  # played to the end: no mark
    assert sum(1 for v in by_name.values() if v) == len(marked)
    legend = " ".join(str(r[0]) for r in rows[:head])
    assert "Withdrawn RN: took no part from round N on (absent, without a bye, in that round and every later" in legend
    # a requested zero-point bye is not a withdrawal: the Swiss has none marked, and no column
    assert withdrawn(rank(decide(str(SWISS)))) == {}


def test_a_file_that_ended_a_round_early_says_how_to_print_final_standings(tmp_path, capsys):
    out = tmp_path / "l.xlsx"
    assert main(["export", str(LICHESS), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "the header declares 21 rounds; the pairings have 20" in err
    assert 'give xltb export --rounds 20 to print "Final standings"' in err
    assert "after round 20 of 21" in load_workbook(out)["Standings"]["A2"].value.lower()
    assert main(["export", str(LICHESS), "-o", str(out), "--rounds", "20", "--force"]) == 0
    assert "Final standings" in load_workbook(out)["Standings"]["A2"].value


def test_a_team_league_prints_a_team_by_team_grid(tmp_path):
    out = tmp_path / "league.xlsx"
    assert main(["export", str(LEAGUE), "-o", str(out), "--html"]) == 0
    ws = load_workbook(out)["Team crosstable"]
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r[0] == "Rank")
    heads = list(rows[head])
    teams = len(decide(str(LEAGUE)).event.teams)
    assert heads[3:3 + teams] == [str(n) for n in range(1, teams + 1)] and heads[3 + teams:5 + teams] == ["MP", "GP"]
    grid = {r[1]: r[3:3 + teams] for r in rows[head + 1:]}
    boards = 0
    for a in range(1, teams + 1):
        assert grid[a][a - 1] is None  # the team against itself
        for b in range(a + 1, teams + 1):  # the game points of a match add up to the boards
            total = _points(grid[a][b - 1]) + _points(grid[b][a - 1])
            boards = boards or total
            assert total == boards, (a, b)
    assert "Row against column: the game points the row's team scored" in " ".join(str(r[0]) for r in rows[:head])
    html = out.with_suffix(".html").read_text("utf-8")
    assert "<h2>Round-robin crosstable</h2>" in html and 'class="diag"' in html


def _points(text) -> float:
    return float(str(text).replace("½", ".5")) if text not in (None, "") else 0.0


def test_the_html_page_of_a_team_event_has_its_players_by_board():
    st = rank(decide(str(TEAM)))
    page = html_page(st)
    section = page[page.index('<section id="players">'):]
    section = section[:section.index("</section>")]
    assert "<h2>Players by board</h2>" in section
    assert section.count("<tr") - 1 == len(st.event.players)  # every player once (and the header row)


def test_empty_values_are_links_without_a_mark():
    page = html_page(rank(decide(str(SWISS))))
    assert 'class="v e"' in page and "a.v.e { border: none;" in page  # DE decided nothing: blank on paper
    assert "&nbsp;&nbsp;" not in page
    assert css_string('a"b</style>\\') == '"a\\000022b\\00003c\\00002fstyle\\00003e\\00005c"'


@needs_chromium
@needs.PDFTOTEXT
def test_the_printed_html_page_carries_the_event_and_the_page_number(tmp_path):
    out = tmp_path / "swiss.xlsx"
    assert main(["export", str(SWISS), "-o", str(out), "--html", "--lang", "de"]) == 0
    pdf = tmp_path / "swiss-html.pdf"
    browser = Browser(find_chromium())
    try:
        page = browser.page()
        page.open(out.with_suffix(".html").as_uri())
        page.pdf(str(pdf))
    finally:
        browser.close()
    pages = _pages(pdf)
    assert len(pages) >= 2  # the standings, the crosstable (landscape)
    for n, text in enumerate(pages, start=1):
        assert f"Seite {n} von {len(pages)}" in text
        assert "FIDE-Feinwertungsregeln C.07, Fassung 2024-08" in text
        assert "Seed Swiss (Exercises in tie-breaking, 2.1)" in text  # the title block, then the running head
    standings = [p for p in pages if "Rangliste" in p]
    assert standings and not any("_" in p for p in standings)  # empty DE links leave no mark on paper
