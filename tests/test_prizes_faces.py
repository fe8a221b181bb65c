"""The prize list as the user meets it: ``xltb prizes`` (text, JSON, CSV, -o), and ``xltb export --prizes``
(the Prizes sheet read back, the HTML page in headless Chromium, the PDF page read back as text).

Manual check (done when the layout changes): ``xltb export tests/data/seed/held-swiss16.trf -o /tmp/p.xlsx
--prizes tests/data/prizes/seed.csv --share equal --pdf --html``, then ``pdftoppm -r 60 -png /tmp/p.pdf /tmp/p``
and a Chromium screenshot of /tmp/p.html, and look at them.
"""

from __future__ import annotations

import json
import subprocess

import needs
from helpers import DATA, SEED
from xltb.cli.main import main

SWISS = str(SEED / "held-swiss16.trf")
TABLE = str(DATA / "prizes" / "seed.csv")
KEYS = {"prize", "category", "amount", "start_no", "name", "rank", "points", "share", "reason"}
#: seed.csv shared equally (tests/test_prizes.py works it out): (prize, no., paid)
EQUAL = [("1st", 2, 500), ("2nd", 3, 166.67), ("3rd", 4, 166.67), (None, 1, 166.66), ("1st U1900", 16, 80),
         ("Best U1600", 15, 25), (None, 14, 25), ("Best woman", 11, None)]


def _json(capsys, *args: str) -> dict:
    assert main(["prizes", SWISS, "--prizes", TABLE, "-f", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_has_the_issue_s_shape(capsys):
    doc = _json(capsys, "--share", "equal")
    assert all(set(p) == KEYS for p in doc["prizes"])
    assert [(p["prize"], p["start_no"], p["share"]) for p in doc["prizes"]] == EQUAL
    first, trophy, sharer = doc["prizes"][0], doc["prizes"][-1], doc["prizes"][3]
    assert first == {"prize": "1st", "category": "Open", "amount": 500, "start_no": 2, "name": "Bruno", "rank": 1,
                     "points": 4.0, "share": 500, "reason": "1st: Bruno (rank 1, 4 points)"}
    assert trophy["amount"] is None and trophy["share"] is None and trophy["category"] == "Women"
    assert sharer["prize"] is None and sharer["category"] == "Open" and sharer["reason"].startswith("Shares 2nd + 3rd")
    assert doc["share"] == "equal" and any(r.startswith("Sharing and one prize per player") for r in doc["prize_rules"])
    open_tie = doc["tied"][0]
    assert open_tie["last_winner"]["name"] == "David" and \
        [(p["name"], p["outcome"]) for p in open_tie["players"]] == [("Alyx", "shares 2nd + 3rd (Open)"),
                                                                    ("Stephan", "won 1st U1900, 80")]
    assert doc["rules"] == "2024-08" and doc["event"]["name"].startswith("Seed Swiss")


def test_text_prints_the_rules_the_list_the_reasons_and_the_ties(capsys):
    assert main(["prizes", SWISS, "--prizes", TABLE, "--share", "hort"]) == 0
    out = capsys.readouterr().out
    assert "money shared on points by the Hort system (--share hort)" in out
    assert "  - Sharing and one prize per player:" in out
    assert "Best U1600: Reine (rank 10, 2 points, rating 1500 < 1600); not Stephan (rank 5, already awarded 1st " \
           "U1900, 80)" in out
    line = next(x for x in out.splitlines() if x.startswith("2nd "))
    assert line.split()[-1] == "233.34"
    assert "Women, last winner Maria (rank 7, 2.5 points, Best woman): Irina (no. 8, rank 8): no prize" in out


def test_csv_rows_and_the_rules_on_standard_error(capsys):
    assert main(["prizes", SWISS, "--prizes", TABLE, "-f", "csv", "--share", "equal"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0] == "prize,category,amount,start_no,name,rank,points,share,reason"
    assert lines[4].startswith("(share of 2nd + 3rd),Open,,1,Alyx,4,3.5,166.66,")
    assert len(lines) == 1 + len(EQUAL)
    assert "rule: Sharing and one prize per player" in captured.err


def test_output_file_written_whole_and_never_replaced_without_force(tmp_path, capsys):
    out = tmp_path / "prizes.json"
    assert main(["prizes", SWISS, "--prizes", TABLE, "-f", "json", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["prizes"][0]["name"] == "Bruno"
    assert main(["prizes", SWISS, "--prizes", TABLE, "-o", str(out)]) == 2
    assert "exists; use --force" in capsys.readouterr().err
    assert main(["prizes", SWISS, "--prizes", TABLE, "-o", str(out), "--force"]) == 0
    assert out.read_text().startswith("Seed Swiss")


def test_the_options_export_refuses(tmp_path, capsys):
    out = str(tmp_path / "x.xlsx")
    assert main(["export", SWISS, "-o", out, "--pdf", "prizes"]) == 2
    assert "--pdf prizes: the prizes sheet needs a prize table (--prizes FILE.csv)" in capsys.readouterr().err
    assert main(["export", SWISS, "-o", out, "--share", "hort"]) == 2
    assert "--share applies to a prize table" in capsys.readouterr().err


def test_the_prizes_sheet_holds_the_list(tmp_path, capsys):
    from openpyxl import load_workbook

    out = tmp_path / "swiss.xlsx"
    assert main(["export", SWISS, "-o", str(out), "--prizes", TABLE, "--share", "equal"]) == 0
    wb = load_workbook(out)
    assert wb.sheetnames == ["Standings", "Prizes", "Crosstable", "Details", "Event"]
    ws = wb["Prizes"]
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r[0] == "Prize")
    assert rows[head] == ("Prize", "Category", "Amount", "No.", "Name", "Rank", "Points", "Paid", "Why")
    body = rows[head + 1: head + 1 + len(EQUAL)]
    assert [(r[0] if not r[0].startswith("(") else None, r[3], r[7]) for r in body] == EQUAL
    assert body[-1][2] == "trophy" and ws.cell(head + 3, 8).number_format == "0.00"
    assert any(r[8] and r[8].startswith("Women, last winner Maria") for r in rows)
    # the Event sheet still ends the workbook, and the standings are untouched
    assert main(["export", SWISS, "-o", str(tmp_path / "plain.xlsx")]) == 0
    assert load_workbook(tmp_path / "plain.xlsx").sheetnames == ["Standings", "Crosstable", "Details", "Event"]


@needs.CHROMIUM
def test_the_html_page_shows_the_list(tmp_path):
    from chromium import Browser, find_chromium

    out = tmp_path / "swiss.xlsx"
    assert main(["export", SWISS, "-o", str(out), "--prizes", TABLE, "--share", "equal", "--html"]) == 0
    html = out.with_suffix(".html")
    browser = Browser(find_chromium())
    try:
        page = browser.page()
        page.open(html.as_uri())
        assert page.requests() == [html.as_uri()]
        rows = json.loads(page.evaluate("JSON.stringify([...document.querySelectorAll('#prizes table tbody tr')]"
                                        ".map(tr => [...tr.cells].map(td => td.textContent)))"))
        assert [(r[0], r[3], r[7]) for r in rows][:4] == [("1st", "2", "500.00"), ("2nd", "3", "166.67"),
                                                          ("3rd", "4", "166.67"), ("(share of 2nd + 3rd)", "1",
                                                                                   "166.66")]
        assert rows[5][8].startswith("Best U1600: Reine (rank 10, 2 points, rating 1500 < 1600)")
        ties = page.evaluate("[...document.querySelectorAll('#prizes ul.ties li')].map(li => li.textContent)")
        assert ties[0].startswith("Open, last winner David")
        page.screenshot(str(tmp_path / "page.png"))
    finally:
        browser.close()


@needs.PDF
def test_the_pdf_prints_the_prizes_after_the_standings(tmp_path):
    out = tmp_path / "swiss.xlsx"
    assert main(["export", SWISS, "-o", str(out), "--prizes", TABLE, "--share", "equal", "--pdf"]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out.with_suffix(".pdf")), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = [p for p in text.split("\f") if p.strip()]
    assert len(pages) == 3  # standings, prizes, crosstable: one page each
    prizes = pages[1]
    assert "Prizes – FIDE C.07" in prizes and "(share of 2nd + 3rd)" in prizes
    assert "166.66" in prizes and "Best U1600: Reine (rank 10, 2 points, rating 1500 < 1600)" in prizes
    assert "Women, last winner Maria" in prizes
