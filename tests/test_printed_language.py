"""Every printed page in the arbiter's language: the workbook printed by LibreOffice to PDF, and the HTML page,
of an individual event with a prize list and of a team event, in each shipped language. On a page that is not
English no English sentence of the catalogue, none of the English words xltb's sentences are made of, and no
command-line option (``--share``) may stand; numbers carry the language's decimal mark (``12,0`` in German,
on the PDF as on the HTML page).

What the event's own files say stays as written and is left out of the check: the event's and the
participants' names, the prize table's prize names and categories (``Best woman``, ``Rating<1900``) and what a
file calls itself (``TRF 092 'Individual: Swiss-System'``)."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

import pytest

import needs
from test_i18n import english_patterns, english_phrases, _has
from xltb.decide import decide
from xltb.prizes import award_prizes, read_prizes
from xltb.ranking import rank
from xltb.report.html import html_page
from xltb.report.i18n import Language, available
from xltb.report.printed.pdf import convert_many
from xltb.report.printed.workbook import SHEETS, build_workbook

DATA = Path(__file__).parent / "data"
SWISS = DATA / "seed" / "held-swiss16.trf"
TEAM = DATA / "seed" / "held-team14.trf"
PRIZES = DATA / "prizes" / "seed.csv"
#: English words xltb's sentences are made of that none of the other languages writes
ENGLISH_WORDS = ("the", "and", "with", "against", "awarded", "shared", "share", "shares", "winner", "tied",
                 "drawn", "player", "players", "equal", "trophy", "nobody", "unrated", "woman", "warning",
                 "standings", "crosstable", "round", "rounds", "already", "each", "which", "from", "where", "prize",
                 "prizes", "why", "edition", "given", "default", "won", "lost", "rank", "team", "board")
_WORDS = re.compile(r"\b(" + "|".join(ENGLISH_WORDS) + r")\b", re.IGNORECASE)
_OPTION = re.compile(r"(?<![\w-])--[a-z]")
#: a number written with a decimal point: not part of a longer dotted sequence (a version, a date)
_POINT_NUMBER = re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])")
#: a reference to an article of the Handbook (``C.07 8.1, 14``, ``B.02 8.1a``), and the direct-encounter
#: legend's ``(6.1)``: article numbers, not numbers with a decimal mark
_ARTICLE = re.compile(r"\b[A-E]\.\d\d(?:\.\d+)?(?:,? ?(?:art\. )?\d+(?:\.\d+)?[a-z]?)*|\(6\.[1-3][),]")

pytestmark = needs.PDF  # LibreOffice prints the workbooks, pdftotext reads the pages back


def _own_words(st, pl) -> list[str]:
    """What the event's files say, as written: names, place, the prize table's words."""
    words = [st.event.name or "", getattr(st.event, "city", "") or ""] + [p.name for p in st.participants]
    if st.team:
        words += [p.name for p in st.event.players]
    if pl is not None:
        words += [p.name for p in pl.table.prizes] + [p.category.text for p in pl.table.prizes]
    return sorted({w for w in words if len(w) > 2}, key=len, reverse=True)


def _clean(text: str, own: list[str]) -> str:
    """The text, its white space one space, without the files' own words (whole, or cut short with ``...`` as a
    footer cuts a long event name)."""
    text = re.sub(r"\s+", " ", text)
    for word in own:
        text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text)
        for cut in range(len(word) - 1, 11, -1):  # a footer's "Exercises in tie-breaking ... Swiss team to..."
            text = text.replace(word[:cut].rstrip() + "...", " ")
    return re.sub(r"TRF \d{3} '[^']*'", " ", text)  # a file's own words, quoted (TRF 092 'Individual: Swiss-System')


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Per language and event: the PDF's text (the whole workbook printed by LibreOffice, one call for all) and
    the HTML page's text, and what the event's files say themselves."""
    work = tmp_path_factory.mktemp("printed")
    swiss = rank(decide(str(SWISS)))
    team = rank(decide(str(TEAM)))
    prizes = award_prizes(swiss, read_prizes(PRIZES), "hort")
    events = {"swiss": (swiss, prizes), "team": (team, None)}
    pairs, html_text = [], {}
    for code in available():
        lang = Language(code)
        for name, (st, pl) in events.items():
            xlsx = work / f"{name}-{code}.xlsx"
            xlsx.write_bytes(build_workbook(st, lang=lang, sheets=SHEETS, prizes=pl, input_kind="TRF"))
            pairs.append((str(xlsx), str(work / f"{name}-{code}.pdf")))
            page = html_page(st, lang=lang, prizes=pl, input_kind="TRF")
            body = re.sub(r"<style>.*?</style>|<title>.*?</title>", " ", page, flags=re.S)
            html_text[code, name] = html.unescape(re.sub(r"<[^>]+>", " ", body))
    failures = convert_many(pairs, timeout=600)
    assert not failures, failures
    out = {}
    for code in available():
        for name, (st, pl) in events.items():
            pdf = work / f"{name}-{code}.pdf"
            text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
            out[code, name] = (text, html_text[code, name], _own_words(st, pl))
    return out


def _english(text: str) -> list[str]:
    found = sorted({p for p in english_phrases() if p in text})
    found += sorted({key for key, parts in english_patterns().items() if _has(text, parts)})
    found += sorted({m.group(0) for m in _WORDS.finditer(text)})
    return found


def _point_numbers(text: str) -> list[str]:
    return _POINT_NUMBER.findall(_ARTICLE.sub(" ", text))


@pytest.mark.parametrize("event", ["swiss", "team"])
@pytest.mark.parametrize("code", [c for c in available() if c != "en"])
def test_no_english_and_no_option_on_a_page_in_another_language(pages, code, event):
    pdf, page, own = pages[code, event]
    for face, text in (("pdf", pdf), ("html", page)):
        text = _clean(text, own)
        assert len(text) > 2000, (code, event, face)  # the pages were there to be read
        assert not _english(text), (code, event, face, _english(text)[:10])
        assert not _OPTION.findall(text), (code, event, face, _OPTION.findall(text))


@pytest.mark.parametrize("event", ["swiss", "team"])
@pytest.mark.parametrize("code", available())
def test_numbers_carry_the_language_s_decimal_mark(pages, code, event):
    pdf, page, own = pages[code, event]
    mark = Language(code).decimal
    for face, text in (("pdf", pdf), ("html", page)):
        text = _clean(text, own)
        if mark == ".":
            assert _point_numbers(text), (code, event, face)  # the check finds numbers written with a point
        else:
            assert not _point_numbers(text), (code, event, face, _point_numbers(text)[:10])
            assert re.search(rf"\b\d+{re.escape(mark)}\d\d?\b", text), (code, event, face)


def test_the_check_finds_english_and_options_on_an_english_page(pages):
    """The words and the option would be found: the English pages hold them."""
    pdf, page, own = pages["en", "swiss"]
    for text in (pdf, page):
        text = _clean(text, own)
        assert {"the", "and", "awarded", "rank"} <= {w.lower() for w in _english(text)}
    assert "12,0" in _clean(pages["de", "swiss"][0], own) and "12,0" in _clean(pages["de", "swiss"][1], own)
    assert "12.0" in _clean(pdf, own) and "9.50" in _clean(pdf, own)

