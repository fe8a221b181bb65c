"""Hostile and broken input (issue 14): never a crash, never a leaked formula, never a lost file."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import zipfile
from fractions import Fraction

import pytest
from openpyxl import Workbook, load_workbook

from fuzzing import formulas_from_file, has_formula, run
from helpers import SEED
from xltb import files, limits
from xltb.cli import main as cli_main
from xltb.readers.numbers import ascii_fraction, ascii_int, digits, int_or_none
from xltb.tiebreaks.direct import first_whatever_missing, separate_scores

SWISS = SEED / "held-swiss16.trf"


def _lines() -> list[str]:
    return SWISS.read_text(encoding="utf-8").split("\n")


def _player(lines: list[str], k: int = 0) -> int:
    return [i for i, line in enumerate(lines) if line.startswith("001")][k]


# --------------------------------------------------------------------------- numbers
def test_numbers_are_ascii_digits_only():
    assert digits("123") and not digits("²") and not digits("٣") and not digits("") and not digits(" 1")
    assert int_or_none(" 12 ") == 12 and int_or_none("1²") is None and int_or_none("٣") is None
    assert ascii_int("-3") == -3
    for bad in ("²", "٣", "1_000", "1e3", "９"):
        with pytest.raises(ValueError):
            ascii_int(bad)
    assert ascii_fraction("2,5") == Fraction(5, 2) and ascii_fraction(".5") == Fraction(1, 2)
    with pytest.raises(ValueError):
        ascii_fraction("1e999999999")  # Fraction would build a billion-digit number


@pytest.mark.parametrize("column,text", [(91, "  ²"), (48, "2²00"), (85, "   ²"), (4, "   ²")])
def test_unicode_digits_in_a_trf_are_an_error_naming_the_line(tmp_path, column, text):
    lines = _lines()
    k = _player(lines)
    line = lines[k].ljust(100)
    lines[k] = line[:column] + text + line[column + len(text):]
    path = tmp_path / "digits.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    out = run(["standings", str(path)])
    assert out.code in (0, 2), out.stderr
    if out.code == 2:
        assert f"digits.trf, line {k + 1}" in out.stderr and "internal" not in out.stderr


def test_an_unbalanced_quote_in_a_csv_names_its_line(tmp_path):
    lines = (SEED.parent / "csv" / "2014-sinquefield-cup.csv").read_text(encoding="utf-8").split("\n")
    lines[5] = lines[5].replace(";", ';"', 1)
    path = tmp_path / "quote.csv"
    path.write_text("\n".join(lines), encoding="utf-8")
    out = run(["standings", str(path)])
    assert out.code == 2 and "quote.csv, line 6" in out.stderr and "quote" in out.stderr


def test_a_stray_byte_is_read_as_cp1252_on_its_line_only(tmp_path):
    data = SWISS.read_bytes().replace(b"Bruno", "Brüno".encode())  # UTF-8 text beyond ASCII
    lines = data.split(b"\n")
    k = _player([line.decode() for line in lines], 3)
    lines[k] = lines[k].replace(b"David", b"Dav\xefd")
    path = tmp_path / "mixed.trf"
    path.write_bytes(b"\n".join(lines))
    out = run(["standings", str(path)])
    assert out.code == 0 and "Brüno" in out.stdout and "Davïd" in out.stdout
    assert f"warning: read as UTF-8, except line {k + 1} (not UTF-8: read as cp1252)" in out.stdout


def test_a_binary_file_is_named(tmp_path):
    path = tmp_path / "zeros.trf"
    path.write_bytes(b"012 x\n\x00\x00")
    out = run(["standings", str(path)])
    assert out.code == 2 and "zeros.trf: this is a binary file" in out.stderr and "line 2" in out.stderr


# --------------------------------------------------------------------------- limits
def test_a_line_of_200000_rounds_is_refused_before_work(tmp_path):
    lines = _lines()
    k = _player(lines)
    lines[k] = lines[k] + "    2 w 1  " * 200_000
    path = tmp_path / "long.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    out = run(["standings", str(path)])
    assert out.code == 2 and f"long.trf, line {k + 1}" in out.stderr and "limit of 1,000 rounds" in out.stderr


def test_a_file_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr("xltb.readers.text.MAX_FILE_BYTES", 1000)
    out = run(["standings", str(SWISS)])
    assert out.code == 2 and "held-swiss16.trf: the file is larger than the limit of 1,000 bytes" in out.stderr


def test_an_endless_file_is_read_no_further_than_the_limit(monkeypatch):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    monkeypatch.setattr("xltb.readers.text.MAX_FILE_BYTES", 1 << 20)
    out = run(["standings", "/dev/zero"])
    assert out.code == 2 and "/dev/zero" in out.stderr and "limit" in out.stderr


def test_a_zip_bomb_workbook_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/sharedStrings.xml", b"\0" * (4 << 20))
    out = run(["recalc", str(path), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 2 and "bomb.xlsx" in out.stderr and "limit" in out.stderr
    monkeypatch.setattr(limits, "MAX_PART_BYTES", 1000)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        z.writestr("xl/sharedStrings.xml", b"x" * 2000)
    out = run(["recalc", str(path), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 2 and "limit of 1,000 bytes for one part" in out.stderr


# --------------------------------------------------------------------------- recalc
@pytest.mark.parametrize("formula,reason", [
    ("=" + "TB(" * 400 + ")" * 400, "the limit of the formula depth"),
    ("=TB_RANK(Crosstable!A0)", "outside a worksheet"),
    ("=TB_RANK(Crosstable!A2000000)", "outside a worksheet"),
    ("=TB_RANK(1e999)", "cannot read the formula"),
    ("=SUM(A1:XFD1048576)", "cells a range may span"),  # the sheet has a cell at XFD1048576
    ("=SUM(A:A)", "cells a range may span"),
    ("=1+" * 3000 + "1", "characters, more than the limit"),
    ("=B1+1", "a circular reference (it reads itself)"),
    ("=HYPERLINK(\"https://example.org\",\"x\")", "the function HYPERLINK is not one the formulas engine has"),
    ("=SUM(1,", "cannot read the formula"),
    ("=[1]Sheet1!A1", "another workbook"),
])
def test_recalc_keeps_and_reports_a_formula_it_cannot_evaluate(tmp_path, formula, reason):
    """Over a limit, unreadable, circular or not supported: the formula keeps its text and its former
    cached value, and is listed with the file, sheet, cell and reason; --strict writes nothing."""
    wb = Workbook()
    wb.active.title = "Crosstable"
    wb.active["B1"] = formula
    wb.active["XFD1048576"] = 1
    wb.save(tmp_path / "in.xlsx")
    import re

    _with_cached_value(tmp_path / "in.xlsx", "B1", "42")
    out = run(["recalc", str(tmp_path / "in.xlsx"), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 0 and reason in out.stderr and "internal" not in out.stderr, out.stderr
    assert re.search(r"in\.xlsx: not evaluated: Crosstable!B1: ", out.stderr), out.stderr
    assert load_workbook(tmp_path / "out.xlsx")["Crosstable"]["B1"].value == formula
    assert load_workbook(tmp_path / "out.xlsx", data_only=True)["Crosstable"]["B1"].value == 42
    strict = run(["recalc", str(tmp_path / "in.xlsx"), "-o", str(tmp_path / "out2.xlsx"), "--strict"])
    assert strict.code == 2 and not (tmp_path / "out2.xlsx").exists() and "nothing written" in strict.stderr


def _with_cached_value(path, ref: str, value: str) -> None:
    """Give the formula cell ``ref`` of the first sheet a cached value in the file's XML (openpyxl
    writes none), as Excel would have saved it."""
    import re

    src = path.read_bytes()
    import io

    zin = zipfile.ZipFile(io.BytesIO(src))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in zin.infolist():
            body = zin.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                body, n = re.subn(rf'(<c r="{ref}"[^>]*>)(<f>.*?</f>)<v\s*(?:/>|>\s*</v>)'.encode(),
                                  rb"\1\2<v>" + value.encode() + b"</v>", body, flags=re.S)
                assert n == 1
            z.writestr(info, body)
    path.write_bytes(out.getvalue())


def test_recalc_follows_a_long_chain_of_formulas(tmp_path):
    """A chain of cells referring to cells is followed without recursion, however long."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Chain"
    for r in range(1, 5001):
        ws.cell(row=r, column=2).value = f"=B{r + 1}+1"
    ws["B5001"] = 7
    ws["C1"] = "=B1*2"
    wb.save(tmp_path / "chain.xlsx")
    out = run(["recalc", str(tmp_path / "chain.xlsx"), "-o", str(tmp_path / "out.xlsx"), "--strict"])
    assert out.code == 0, out.stderr
    ws = load_workbook(tmp_path / "out.xlsx", data_only=True)["Chain"]
    assert ws["B1"].value == 5007 and ws["C1"].value == 10014


def test_recalc_without_the_engine_says_how_to_install_it(tmp_path):
    book = tmp_path / "book.xlsx"
    Workbook().save(book)
    code = ("import sys; sys.modules['formulas'] = None; from xltb.cli.main import entry; "
            f"sys.argv = ['xltb', 'recalc', {str(book)!r}, '-o', {str(tmp_path / 'o.xlsx')!r}]; entry()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2 and "pip install 'xltb[recalc]'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "o.xlsx").exists()


def test_recalc_of_a_workbook_without_sheets_is_an_input_error(tmp_path):
    path = tmp_path / "empty.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
    out = run(["recalc", str(path), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 2 and "empty.xlsx" in out.stderr


EVIL = ['=HYPERLINK("http://XLTBEVIL","x")', "=1+1 XLTBEVIL\x1f", "@SUM(XLTBEVIL)\x1b[31m", "+XLTBEVIL\x02"]


def _evil_trf(tmp_path) -> str:
    lines = _lines()
    lines[0] = '012 =HYPERLINK("http://XLTBEVIL","event")\x1b]0;title\x07\ufffe\x1a'
    for k, name in enumerate(EVIL):
        i = _player(lines, k)
        lines[i] = lines[i][:14] + name.ljust(33)[:33] + lines[i][47:]
    path = tmp_path / "evil.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def test_names_from_a_file_never_become_formulas(tmp_path):
    source = _evil_trf(tmp_path)
    template, recalced, export = tmp_path / "t.xlsx", tmp_path / "r.xlsx", tmp_path / "e.xlsx"
    assert run(["template", "individual", "--from", source, "-o", str(template)]).code == 0
    ods = tmp_path / "t.ods"
    assert run(["template", "individual", "--from", source, "-o", str(ods)]).code == 0
    content = zipfile.ZipFile(ods).read("content.xml").decode("utf-8")
    assert formulas_from_file(ods) == [] and "XLTBEVIL" in content  # the names are there, as text only
    assert not any(ch in content for ch in "\x1b\x07\x02\x1f\ufffe")
    wb = load_workbook(template)
    assert wb["Settings"]["B2"].data_type == "s" or "XLTBEVIL" not in str(wb["Settings"]["B2"].value)
    out = run(["recalc", str(template), "-o", str(recalced)])
    assert out.code == 0, out.stderr
    assert run(["export", source, "-o", str(export)]).code == 0
    for path in (template, recalced, export):
        assert formulas_from_file(path) == []  # well-formed XML, no formula holding the file's text
    assert not has_formula(export)
    spilled = [c.value for row in load_workbook(recalced)["Standings"].iter_rows() for c in row
               if isinstance(c.value, str) and "XLTBEVIL" in c.value]
    assert spilled and all(v.startswith(("=", "@", "+")) for v in spilled)  # the names, as text


def test_terminal_output_escapes_control_characters(tmp_path):
    out = run(["standings", _evil_trf(tmp_path)])
    assert out.code == 0 and "\x1b" not in out.stdout and "\x07" not in out.stdout and "\\x1b" in out.stdout


# --------------------------------------------------------------------------- check
@pytest.mark.parametrize("change", [
    lambda d: d["standings"][0].__setitem__("points", "4"),
    lambda d: d["standings"][0]["tiebreaks"].__setitem__("BH", float("inf")),
    lambda d: d.__setitem__("rules", 2024),
    lambda d: d["standings"][1].__setitem__("rank", 0),
    lambda d: d["standings"][1].__setitem__("rank", 2.5),
    lambda d: d.__setitem__("event", "x"),
    lambda d: d.__setitem__("rules", '=HYPERLINK("x")'),
])
def test_check_of_a_json_with_odd_values_is_an_input_error(tmp_path, change):
    import json
    import shutil

    doc = json.loads((SEED.parent / "check" / "held-2024.json").read_text())
    change(doc)
    shutil.copy(SEED.parent / "check" / "held-swiss16.trf", tmp_path / "held-swiss16.trf")
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(doc))
    out = run(["check", str(path)])
    assert out.code == 2 and "odd.json" in out.stderr and "internal" not in out.stderr, out.stderr


# --------------------------------------------------------------------------- files
@pytest.mark.parametrize("command", [
    ["standings", str(SWISS)], ["explain", str(SWISS), "4", "SB"], ["check", str(SEED.parent / "check" / "held-2024.csv")],
    ["template", "individual"], ["export", str(SWISS)],
])
def test_no_command_replaces_a_file_without_force(tmp_path, command):
    target = tmp_path / ("out.xlsx" if command[0] in ("template", "export") else "out.txt")
    target.write_text("precious")
    out = run(command + ["-o", str(target)])
    assert out.code == 2 and "exists; use --force" in out.stderr and target.read_text() == "precious"
    assert run(command + ["-o", str(target), "--force"]).code in (0, 1)
    assert target.read_bytes() != b"precious"
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_recalc_does_not_replace_its_input(tmp_path):
    book = tmp_path / "book.xlsx"
    assert run(["template", "individual", "--from", str(SWISS), "-o", str(book)]).code == 0
    before = book.read_bytes()
    out = run(["recalc", str(book), "-o", str(book)])
    assert out.code == 2 and book.read_bytes() == before and "exists; use --force" in out.stderr
    out = run(["recalc", str(book), "-o", str(book), "--force"])  # asked for: replaced, the formulas kept
    assert out.code == 0 and book.read_bytes() != before
    assert load_workbook(book)["Standings"]["D4"].value.startswith('=IF($A4=0,"",INDEX(')
    assert load_workbook(book, data_only=True)["Standings"]["D4"].value == 4


def test_the_no_replace_check_is_the_creation_itself(tmp_path, monkeypatch):
    """A file that appears after the early look and before the writing is not replaced."""
    target = tmp_path / "race.txt"
    real_lexists = os.path.lexists
    monkeypatch.setattr(files.os.path, "lexists", lambda p: False if str(p) == str(target) else real_lexists(p))
    target.write_text("first")
    with pytest.raises(files.FileExists):
        files.write_atomic(target, "second")
    assert target.read_text() == "first" and [p.name for p in tmp_path.iterdir()] == ["race.txt"]


def test_leftovers_of_a_killed_run_are_removed(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        (tmp_path / f".xltb-{dead.pid}-abc123.tmp").write_text("half")
        (tmp_path / f".xltb-{alive.pid}-def456.tmp").write_text("being written")
        (tmp_path / ".xltb-notapid.tmp").write_text("not ours")
        (tmp_path / f".xltb-pdf-{dead.pid}-xyz").mkdir()  # a killed PDF conversion's work folder
        (tmp_path / f".xltb-pdf-{dead.pid}-xyz" / "profile").mkdir()
        files.write_atomic(tmp_path / "new.txt", "whole")
        names = sorted(p.name for p in tmp_path.iterdir())
        assert names == sorted(["new.txt", f".xltb-{alive.pid}-def456.tmp", ".xltb-notapid.tmp"])
    finally:
        alive.kill()
        alive.wait()


# --------------------------------------------------------------------------- exit status
def test_an_internal_error_exits_3_and_says_it_is_a_bug(monkeypatch):
    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr("xltb.cli.standings.run", broken)
    monkeypatch.delenv("XLTB_DEBUG", raising=False)
    out = run(["standings", str(SWISS)])
    assert out.code == cli_main.INTERNAL_ERROR == 3 and "a bug in xltb" in out.stderr


# --------------------------------------------------------------------------- direct encounter
def test_direct_encounter_sums_from_own_games_as_from_all_pairs():
    rng = random.Random(6)
    for _ in range(200):
        n = rng.randint(2, 9)
        games: dict[tuple[int, int], list[Fraction]] = {}
        for a in range(n):
            for b in range(a + 1, n):
                for _ in range(rng.choice([0, 0, 1, 2])):
                    x = rng.choice([Fraction(0), Fraction(1, 2), Fraction(1)])
                    games.setdefault((a, b), []).append(x)
                    games.setdefault((b, a), []).append(1 - x)
        group = rng.sample(range(n), rng.randint(2, n))

        def meetings(a, b):
            return games.get((a, b), [])

        def opponents(a):
            return [o for (x, o) in games if x == a]

        assert separate_scores(group, meetings, opponents) == separate_scores(group, meetings)
        score, missing = separate_scores(group, meetings)
        brute = [x for x in group if all(score[x] > score[y] + missing[y] for y in group if y != x)]
        assert first_whatever_missing(group, score, missing, Fraction(1)) == (brute[0] if brute else None)


def test_recalc_refuses_a_workbook_with_more_formulas_than_the_limit(tmp_path, monkeypatch):
    wb = Workbook()
    for r in range(1, 12):
        wb.active.cell(row=r, column=1).value = f"={r}+1"
    wb.save(tmp_path / "many.xlsx")
    monkeypatch.setattr("xltb.recalc.run.MAX_RECALC_FORMULAS", 10)
    out = run(["recalc", str(tmp_path / "many.xlsx"), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 2 and "many.xlsx" in out.stderr and "11 formulas, more than the limit of 10" in out.stderr
    assert not (tmp_path / "out.xlsx").exists()


def test_recalc_keeps_a_data_table(tmp_path):
    """A what-if data table (no formula text of its own) is kept with its value and listed."""
    import io
    import re

    wb = Workbook()
    wb.active["A1"] = 2
    wb.active["B1"] = "=A1*3"
    buf = io.BytesIO()
    wb.save(buf)
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    path = tmp_path / "table.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                body = re.sub(rb"</row>", b'<c r="C1"><f t="dataTable" ref="C1:C1" dt2D="0" dtr="0" r1="A1"/>'
                                          b"<v>5</v></c></row>", body, count=1)
            z.writestr(info, body)
    out = run(["recalc", str(path), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 0 and "Sheet!C1: a data table (what-if analysis)" in out.stderr, out.stderr
    values = load_workbook(tmp_path / "out.xlsx", data_only=True).active
    assert values["B1"].value == 6 and values["C1"].value == 5
