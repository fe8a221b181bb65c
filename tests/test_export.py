"""``xltb export``: workbooks that hold the same values as ``xltb standings``, print setup, safety and
batch behaviour."""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xltb.cli.batch import Outcome, Progress
from xltb.cli.main import main
from xltb.tiebreaks.display import value_text

DATA = Path(__file__).parent / "data"
SEED_FILES = sorted((DATA / "seed").glob("*.trf"))
REAL_FILES = sorted((DATA / "real").glob("*.t*"))
CSV_FILES = sorted(p for p in (DATA / "csv").iterdir() if p.suffix in (".csv", ".txt"))
SWISS = DATA / "seed" / "held-swiss16.trf"


def _standings_json(capsys, path: Path, *args: str) -> dict:
    assert main(["standings", str(path), "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def header_row(ws) -> int:
    """The header row: the last of the rows printed on every page (the title block is above it)."""
    return int(ws.print_title_rows.split(":")[-1].lstrip("$"))


def _sheet_rows(ws) -> tuple[list[str], list[tuple]]:
    rows = list(ws.iter_rows(values_only=True))
    h = header_row(ws)
    return list(rows[h - 1]), rows[h:]


def _columns(headers: list) -> dict:
    return {h: i for i, h in enumerate(headers) if h is not None}


def _assert_same_values(book_path: Path, doc: dict) -> None:
    wb = openpyxl.load_workbook(book_path)
    if "Team standings" in wb.sheetnames:
        assert wb.sheetnames == ["Team standings", "Team crosstable", "Players by board", "Details", "Event"]
        headers, rows = _sheet_rows(wb["Team standings"])
        assert headers[:3] == ["Rank", "No.", "Team"] and {"MP", "GP"} <= set(headers)
        name_col = 2
        points_col = min(headers.index("MP"), headers.index("GP"))
        players = _sheet_rows(wb["Players by board"])[1]
        assert players and all(isinstance(p[3], str) for p in players)
    else:
        assert wb.sheetnames == ["Standings", "Crosstable", "Details", "Event"]
        headers, rows = _sheet_rows(wb["Standings"])
        assert headers[:2] == ["Rank", "No."] and "Name" in headers and "Points" in headers
        name_col, points_col = headers.index("Name"), headers.index("Points")
    first = points_col + (2 if "Team standings" in wb.sheetnames else 1)
    assert headers[first:first + len(doc["tiebreaks"])] == doc["tiebreaks"]
    assert len(rows) == len(doc["standings"])
    for row, expected in zip(rows, doc["standings"]):
        assert row[0] == expected["rank"] and row[1] == expected["start_no"]
        assert (row[name_col] or "") == expected["name"]
        assert row[points_col] == expected["points"]
        for k, code in enumerate(doc["tiebreaks"]):
            value = row[first + k]
            # direct encounter is printed only where it decided something (C.07 6)
            assert value == expected["tiebreaks"][code] or (value is None and code.split("/")[0] in ("DE", "EDE")), \
                (row[1], code)
    event = dict((k, v) for k, v in _sheet_rows(wb["Event"])[1])
    assert event["Rules"].startswith(f"FIDE C.07, edition {doc['rules']}")


@pytest.mark.parametrize("path", SEED_FILES + REAL_FILES + CSV_FILES, ids=lambda p: p.name)
def test_export_holds_the_same_values_as_standings(tmp_path, capsys, path):
    out = tmp_path / "book.xlsx"
    code = main(["export", str(path), "-o", str(out)])
    captured = capsys.readouterr()
    standings_code = None
    # every input, TRF or export: xltb standings makes the same choices as export (xltb.decide)
    standings_code = main(["standings", str(path), "--format", "json"])
    standings_out = capsys.readouterr()
    doc = json.loads(standings_out.out) if standings_code == 0 else None
    message = standings_out.err.removeprefix("xltb: error: ").strip()
    if doc is None:  # the file is refused: by both commands, with the same reason, and nothing is written
        assert code == 2 and not out.exists()
        assert message in captured.err
        return
    assert code == 0, captured.err
    assert f"wrote {out}" in captured.out
    _assert_same_values(out, doc)


def test_number_formats_print_setup_and_sheets(tmp_path, capsys):
    out = tmp_path / "swiss.xlsx"
    assert main(["export", str(SWISS), "-o", str(out), "--tiebreaks", "BH/C1,AOB,ARO,SB,WIN", "--rules", "2024"]) == 0
    wb = openpyxl.load_workbook(out)
    ws = wb["Standings"]
    h = header_row(ws)
    headers = [c.value for c in ws[h]]
    formats = {x: ws.cell(row=h + 1, column=i + 1).number_format for i, x in enumerate(headers)}
    assert formats["Points"] == "0.0" and formats["BH/C1"] == "0.0" and formats["AOB"] == "0.00"
    assert formats["ARO"] == "0" and formats["WIN"] == "0" and formats["SB"] == "0.00"
    for sheet in wb:
        # the title block and the header row on every printed page
        h = header_row(sheet)
        assert sheet.print_title_rows == f"$1:${h}" and h >= 3
        assert sheet["A1"].value == "Seed Swiss (Exercises in tie-breaking, 2.1)" and sheet["A1"].font.b
        block = " ".join(c.value for c in sheet["A"][1:h - 1])
        assert "24 October 2024  \u00b7  Final standings  \u00b7  FIDE C.07 tie-break rules, edition 2024-08" in block
        assert sheet.page_setup.fitToWidth == 1 and sheet.sheet_properties.pageSetUpPr.fitToPage
        assert sheet.page_setup.paperSize == 9 and sheet.page_setup.useFirstPageNumber
        assert sheet.oddFooter.left.text == "Seed Swiss (Exercises in tie-breaking, 2.1)"
        assert sheet.oddFooter.right.text == (f"{sheet.title} \u2013 FIDE C.07 tie-break rules, edition 2024-08 "
                                              "\u2013 page &P of &N")
    legend = [c.value for c in ws["A"][2:header_row(ws) - 1]]
    assert legend[0].startswith("Tie-breaks, in order: BH/C1 = Buchholz Cut-1 (C.07 8.1, 14); AOB = ")
    # the standings in portrait at a size that holds at least 45 rows a page
    assert wb["Standings"].page_setup.orientation == "portrait"
    assert headers == ["Rank", "No.", "Name", "Fed", "Rating", "Points", "BH/C1", "AOB", "ARO", "SB", "WIN"]  # no titles
    assert ws.cell(row=header_row(ws) + 1, column=3).font.sz == 10
    assert wb["Details"].page_setup.orientation == "landscape"
    # computed values, never formulas
    with zipfile.ZipFile(out) as z:
        sheets = [z.read(n) for n in z.namelist() if n.startswith("xl/worksheets/sheet")]
    assert sheets and not any(b"<f>" in s or b"<f " in s for s in sheets)


def test_crosstable_and_details_answer_a_players_question(tmp_path):
    out = tmp_path / "swiss.xlsx"
    assert main(["export", str(SWISS), "-o", str(out), "--tiebreaks", "BH/C1,SB", "--rules", "2024"]) == 0
    wb = openpyxl.load_workbook(out)
    headers, rows = _sheet_rows(wb["Crosstable"])
    assert headers[:4] == ["Rank", "No.", "Name", "Rating"] and headers[4:9] == ["R1", "R2", "R3", "R4", "R5"]
    bruno = next(r for r in rows if r[1] == 2)
    assert bruno[4:9] == ("10b1", "7w1", "1b½", "16w1", "3b½")
    ws = wb["Details"]
    h = header_row(ws)
    headers = [c.value for c in ws[h]]
    assert headers[:5] == ["Rank", "No.", "Name", "Tie-break", "Value"] and headers[-1] == "Notes"
    first = [c for c in ws[h + 1]]
    assert (first[1].value, first[3].value, first[4].value) == (2, "BH/C1 (C.07 8.1)", 12)
    cut = [c for c in first[5:10] if c.number_format.startswith('"("')]
    assert len(cut) == 1 and cut[0].value == 1  # the least significant opponent's score, cut
    assert "Cut-1" in first[-1].value and "C.07 14.1" in first[-1].value
    assert sum(c.value for c in first[5:10]) - cut[0].value == first[4].value
    second = [c.value for c in ws[h + 2]]
    assert second[:4] == [None, None, None, "SB (C.07 9.1)"]


FORMULA_NAMES = ["=HYPERLINK(\"http://x\",\"y\")", "+44 Chess Club", "-Minus Player", "@Mention"]


def _formula_trf(tmp_path: Path) -> Path:
    lines = ["012 =Formula open", "042 2024/10/01"]
    results = {1: "    2 w 1", 2: "    1 b 0", 3: "    4 w =", 4: "    3 b ="}
    points = {1: "1.0", 2: "0.0", 3: "0.5", 4: "0.5"}
    for no, name in enumerate(FORMULA_NAMES, start=1):
        lines.append(f"001 {no:4d} m    {name:<33.33} {2000 + no:4d} +AB {'':11} {'':10} {points[no]:>4} {no:4d}  "
                     f"{results[no]}")
    path = tmp_path / "formula.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_formula_like_names_stay_text(tmp_path, capsys):
    source = _formula_trf(tmp_path)
    out = tmp_path / "formula.xlsx"
    assert main(["export", str(source), "-o", str(out)]) == 0
    wb = openpyxl.load_workbook(out)
    names = {}
    ws = wb["Standings"]
    assert ws["A1"].value == "=Formula open" and ws["A1"].data_type == "s"  # the title block too
    cols = _columns(_sheet_rows(ws)[0])
    for row in ws.iter_rows(min_row=header_row(ws) + 1):
        cell = row[cols["Name"]]
        assert cell.data_type == "s" and cell.quotePrefix
        assert row[cols["Fed"]].value == "+AB" and row[cols["Fed"]].data_type == "s"
        names[row[1].value] = cell.value
    assert names == {no: name[:33] for no, name in enumerate(FORMULA_NAMES, start=1)}
    event = wb["Event"]
    cell = event.cell(row=header_row(event) + 1, column=2)
    assert cell.value == "=Formula open" and cell.data_type == "s"
    with zipfile.ZipFile(out) as z:
        assert not any(b"<f>" in z.read(n) for n in z.namelist() if n.startswith("xl/worksheets/"))
    # and in CSV output they are neutralised
    assert main(["standings", str(source), "--format", "csv"]) == 0
    text = capsys.readouterr().out
    assert "'=HYPERLINK" in text and "'+44 Chess Club" in text and "'-Minus Player" in text and "'@Mention" in text


def test_existing_files_are_not_overwritten_without_force(tmp_path, capsys):
    out = tmp_path / "swiss.xlsx"
    out.write_bytes(b"keep me")
    assert main(["export", str(SWISS), "-o", str(out)]) == 2
    assert "exists; use --force" in capsys.readouterr().err
    assert out.read_bytes() == b"keep me"
    assert main(["export", str(SWISS), "-o", str(out), "--force"]) == 0
    ws = openpyxl.load_workbook(out)["Standings"]
    assert ws.cell(row=header_row(ws) + 1, column=3).value == "Bruno"
    assert sorted(os.listdir(tmp_path)) == ["swiss.xlsx"]  # no temporary file left behind


def _bad_trf(tmp_path: Path) -> Path:
    text = SWISS.read_text(encoding="utf-8").splitlines()
    i = next(k for k, line in enumerate(text) if line.startswith("001    1"))
    text[i] = text[i][:91] + "  99" + text[i][95:]  # round 1: an opponent that does not exist
    path = tmp_path / "in" / "bad.trf"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path, i + 1


def test_a_bad_file_does_not_stop_the_batch(tmp_path, capsys):
    (tmp_path / "in" / "sub").mkdir(parents=True)
    bad, line = _bad_trf(tmp_path)
    (tmp_path / "in" / "good.trf").write_bytes(SWISS.read_bytes())
    (tmp_path / "in" / "sub" / "rr.trf").write_bytes((DATA / "seed" / "held-rr6.trf").read_bytes())
    (tmp_path / "in" / "sub" / "moscow.csv").write_bytes((DATA / "csv" / "2018-moscow-open.csv").read_bytes())
    (tmp_path / "in" / "notes.txt").write_text("nothing to see\n", encoding="utf-8")
    out = tmp_path / "out"
    code = main(["export", str(tmp_path / "in"), str(tmp_path / "missing.trf"), "--out-dir", str(out)])
    captured = capsys.readouterr()
    assert code == 2
    assert f"xltb: error: {bad}, line {line}: round 1: opponent 99 does not exist" in captured.err
    assert "notes.txt: not an event file: expected a TRF-16 or TRF-2026 file" in captured.err
    assert "missing.trf: no such file or folder" in captured.err
    assert "exported 3 of 6 files" in captured.out and "3 failed" in captured.out
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*.xlsx"))
    assert written == ["good.xlsx", os.path.join("sub", "moscow.xlsx"), os.path.join("sub", "rr.xlsx")]
    assert not (out / "bad.xlsx").exists()


def test_globs_jobs_and_outputs_next_to_the_inputs(tmp_path, capsys):
    for name in ("a.trf", "b.trf", "c.trf"):
        (tmp_path / name).write_bytes(SWISS.read_bytes())
    (tmp_path / "d.csv").write_bytes((DATA / "csv" / "2014-sinquefield-cup.csv").read_bytes())
    assert main(["export", str(tmp_path / "*.trf"), str(tmp_path / "*.csv"), "--jobs", "2"]) == 0
    assert "exported 4 of 4 files" in capsys.readouterr().out
    books = sorted(p.name for p in tmp_path.glob("*.xlsx"))
    assert books == ["a.xlsx", "b.xlsx", "c.xlsx", "d.xlsx"]
    values = [[c.value for c in openpyxl.load_workbook(tmp_path / b)["Standings"]["G"]] for b in books[:3]]
    assert values[0] == values[1] == values[2]
    assert main(["export", str(tmp_path / "*.trf"), "-o", str(tmp_path / "one.xlsx")]) == 2
    assert "-o names one workbook but 3 input files" in capsys.readouterr().err


def test_same_output_twice_is_an_error_for_the_second(tmp_path, capsys):
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    (tmp_path / "x" / "event.trf").write_bytes(SWISS.read_bytes())
    (tmp_path / "y" / "event.trf").write_bytes(SWISS.read_bytes())
    code = main(["export", str(tmp_path / "x" / "event.trf"), str(tmp_path / "y" / "event.trf"),
                 "--out-dir", str(tmp_path / "out")])
    assert code == 2
    assert "would be written to" in capsys.readouterr().err
    assert (tmp_path / "out" / "event.xlsx").exists()


def test_progress_bar_on_a_terminal():
    stream = io.StringIO()
    bar = Progress(4, stream, enabled=True)
    bar.update(Outcome("a.trf", output="a.xlsx"))
    bar.update(Outcome("b.trf", error="b.trf: broken"))
    assert "[" in stream.getvalue() and "2/4, 1 failed b.trf" in stream.getvalue()
    assert Progress(100, io.StringIO()).enabled is False  # not a terminal: no bar


def test_options_wrong_for_every_file_fail_before_any_work(tmp_path, capsys):
    assert main(["export", str(SWISS), "--out-dir", str(tmp_path), "--tiebreaks", "XYZ"]) == 2
    assert main(["export", str(SWISS), "--out-dir", str(tmp_path), "--rules", "1999"]) == 2
    assert main(["export", str(SWISS), "-o", str(tmp_path / "x.pdf")]) == 2
    assert list(tmp_path.iterdir()) == []
    capsys.readouterr()


def test_pdf_without_libreoffice_is_a_clear_error(tmp_path, capsys, monkeypatch):
    import xltb.report.printed.pdf as pdf

    monkeypatch.delenv("XLTB_SOFFICE", raising=False)
    monkeypatch.setattr(pdf.shutil, "which", lambda name: None)
    monkeypatch.setattr(pdf, "_CANDIDATES", ())
    assert main(["export", str(SWISS), "-o", str(tmp_path / "x.xlsx"), "--pdf"]) == 2
    assert "--pdf needs LibreOffice" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_pdf_with_a_wrong_xltb_soffice_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XLTB_SOFFICE", str(tmp_path / "no-such-soffice"))
    assert main(["export", str(SWISS), "-o", str(tmp_path / "x.xlsx"), "--pdf"]) == 2
    assert "XLTB_SOFFICE names" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_formats_follow_the_display_precision():
    from fractions import Fraction

    from xltb.report.printed.workbook import number_format, points_text, round_text

    assert number_format("SB", [Fraction(39, 4), None]) == "0.00"
    assert number_format("BH/C1", [Fraction(12)]) == "0.0"
    assert number_format("TPR", [Fraction(1969)]) == "0"
    assert number_format("AOB", [Fraction(1, 3)]) == "0.00"
    assert value_text("SB", Fraction(39, 4)) == "9.75"
    assert points_text(Fraction(5, 2)) == "2½" and points_text(Fraction(1, 2)) == "½"
    assert points_text(Fraction(3)) == "3"
    assert round_text  # used by the crosstable test above


def test_the_real_files_are_there():
    assert len(REAL_FILES) >= 20 and len(SEED_FILES) >= 3 and len(CSV_FILES) >= 7


def test_crosstable_without_colours_keeps_opponent_and_result_apart(tmp_path):
    out = tmp_path / "limerick.xlsx"
    assert main(["export", str(DATA / "csv" / "LimerickClubChampionship09.txt"), "-o", str(out)]) == 0
    headers, rows = _sheet_rows(openpyxl.load_workbook(out)["Crosstable"])
    first = next(r for r in rows if r[1] == 1)
    r1 = headers.index("R1")
    assert "Rating" not in headers  # the export has no ratings: the column is left out
    assert first[r1:r1 + 7] == ("PAB 1", "3 1", "9 1", "4 ½", "5 ½", "2 ½", "6 1")


def test_wide_details_print_on_several_pages_with_the_participant_columns(tmp_path):
    """21 rounds of contributions do not fit one page width at a readable size: the Details sheet is
    printed two pages wide, the rank, number, name, tie-break and value repeated on each."""
    from openpyxl import load_workbook

    source = Path(__file__).parent / "data" / "csv" / "cr_world_blitz_2021_open.trf"
    out = tmp_path / "blitz.xlsx"
    assert main(["export", str(source), "-o", str(out)]) == 0
    details = load_workbook(out)["Details"]
    assert details.page_setup.fitToWidth == 2
    assert details.print_title_cols == "$A:$E"
