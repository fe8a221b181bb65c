"""``xltb export --html``: the page opened in headless Chromium (Debian's ``chromium``; .ci/run installs it).

One browser for the module, driven through the DevTools protocol over a pipe (tests/chromium.py): the
DOM holds every participant and every value as the standings print them, a mouse click on a value shows
its breakdown, the page asks for nothing but itself (no network), and a screenshot is taken.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import needs
from chromium import Browser, find_chromium
from xltb.cli.main import main
from xltb.ranking import compute
from xltb.readers.registry import read_event
from xltb.report.html import html_page
from xltb.tiebreaks.display import fixed

DATA = Path(__file__).parent / "data"
EVENTS = [DATA / "seed" / "held-swiss16.trf", DATA / "seed" / "held-rr6.trf", DATA / "seed" / "held-team14.trf",
          DATA / "real" / "cr_ussa2026_closed_open_rr.trf"]

BRITISH = DATA / "real" / "cr_british2026_championship_after_r8.trf"
CHROMIUM = find_chromium()
pytestmark = needs.CHROMIUM


@pytest.fixture(scope="module")
def page():
    browser = Browser(CHROMIUM)
    try:
        yield browser.page()
    finally:
        browser.close()


def _export(tmp_path: Path, source: Path, *args: str) -> Path:
    out = tmp_path / (source.stem + ".xlsx")
    assert main(["export", str(source), "-o", str(out), "--html", *args]) == 0
    return out.with_suffix(".html")


_TABLE = """JSON.stringify([...document.querySelectorAll('#standings-table tbody tr')].map(tr =>
  [...tr.cells].map(td => td.textContent.trim())))"""
_HEADS = "JSON.stringify([...document.querySelectorAll('#standings-table thead th')].map(th => th.textContent))"


@pytest.mark.parametrize("source", EVENTS, ids=lambda p: p.name)
def test_every_participant_and_value_is_on_the_page(tmp_path, page, source):
    html = _export(tmp_path, source)
    page.open(html.as_uri())
    assert page.requests() == [html.as_uri()]  # the page itself, nothing else: no network
    st = compute(read_event(str(source))[0])
    heads = json.loads(page.evaluate(_HEADS))
    rows = json.loads(page.evaluate(_TABLE))
    assert len(rows) == len(st.rows)
    first = heads.index(st.codes[0])
    for cells, row in zip(rows, st.rows):
        assert cells[0].rstrip("*") == str(row.rank) and cells[1] == str(row.start_no)
        assert row.participant.name in cells
        shown = st.shown_values(row)
        for k, code in enumerate(st.codes):
            text = "" if shown[code] is None else fixed(shown[code], st.places(code))
            assert cells[first + k].replace("\xa0", "") == text, (row.start_no, code)
    # every value links to its breakdown, which is on the page
    links = page.evaluate("[...document.querySelectorAll('a.v')].map(a => a.getAttribute('href'))")
    assert len(links) == len(st.rows) * len(st.codes)
    assert page.evaluate("[...document.querySelectorAll('a.v')].every(a => "
                         "document.getElementById(a.getAttribute('href').slice(1)) !== null)")


def test_clicking_a_value_shows_its_breakdown(tmp_path, page):
    html = _export(tmp_path, EVENTS[0], "--tiebreaks", "BH/C1,SB", "--rules", "2024")
    page.open(html.as_uri())
    panel = "document.getElementById('b-2-0')"
    assert page.evaluate(f"getComputedStyle({panel}).display") == "none"
    page.click('a[href="#b-2-0"]')  # Bruno's BH/C1
    assert page.evaluate("location.hash") == "#b-2-0"
    assert page.evaluate(f"getComputedStyle({panel}).display") == "block"
    text = page.evaluate(f"{panel}.innerText")
    assert "BH/C1 \u2013 Buchholz Cut-1: #2 Bruno" in text and "12.0" in text and "C.07 14.1" in text
    rows = page.evaluate(f"[...{panel}.querySelectorAll('tbody tr')].map(tr => tr.className)")
    assert len(rows) == 5 and rows.count("cut") == 1  # five rounds, one cut
    page.screenshot(str(tmp_path / "breakdown.png"))
    assert (tmp_path / "breakdown.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.click("#b-2-0 a.close")
    assert page.evaluate(f"getComputedStyle({panel}).display") == "none"
    assert page.requests() == [html.as_uri()]  # clicking asked for nothing either


def test_direct_encounter_explained_and_italian(tmp_path, page):
    html = _export(tmp_path, BRITISH, "--lang", "it", "--rounds", "9")
    page.open(html.as_uri())
    assert page.evaluate("document.documentElement.lang") == "it"
    assert "Classifica dopo il turno 8 di 9" in page.evaluate("document.querySelector('header').innerText")
    de = page.evaluate("[...document.querySelectorAll('#standings-table thead th')].map(t => t.textContent)"
                       ".indexOf('DE')")
    cells = page.evaluate(f"[...document.querySelectorAll('#standings-table tbody tr')].map(tr => "
                          f"tr.cells[{de}].textContent.trim())")
    # six players tied in pairs or more have a DE value; it decided only between #95 and #62 (C.07 6.2); the
    # Italian page writes decimals with a comma
    assert [c for c in cells if c.strip("\xa0")] == ["1,0", "0,0"]
    page.click(f"#standings-table tbody tr:nth-child(1) td:nth-child({de + 1}) a.v")  # the leader's DE: blank
    assert "non applicato" in page.evaluate("document.querySelector('.bd:target').innerText")


def test_the_page_is_self_contained():
    st = compute(read_event(str(EVENTS[0]))[0])
    text = html_page(st)
    assert "<script" not in text and "@import" not in text and "url(" not in text
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "@media print" in text and "default-src 'none'" in text


def test_a_team_round_robin_with_a_team_absent_is_written():
    """A team's round without a match has game points, not points of its own: whether a team round robin's
    round without a match is a rest round (no points, not asked for) reads its game points, as a
    player's round reads its points. It stopped the page and the workbook with an internal error."""
    from xltb.report.titles import withdrawn
    from xltb.report.printed.workbook import build_workbook

    source = str(DATA / "team" / "19_tec_grandmommys_cup_trf25_sample_team.trf")
    swiss = compute(read_event(source)[0])
    assert withdrawn(swiss)[7] == 9  # absent in rounds 9 and 10, the last: withdrew
    league = compute(read_event(source, "round-robin")[0])
    assert withdrawn(league) == {}  # a round without a match and without game points: a rest round
    assert "<table id=standings-table>" in html_page(league)
    assert build_workbook(league)[:2] == b"PK"
