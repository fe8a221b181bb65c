"""Hostile workbooks given as event files (issue 32): each defect of the issue built here, small, and
refused with exit 2, the file and the sheet and cell (or the part) named, never an internal error."""

from __future__ import annotations

import json
import re
import time

import pytest

from book_edits import defined_name, edit_part, flag_encrypted, set_cell, sheet_part, template, with_entry
from fuzzing import run
from fuzz_books import PYTHON_WORDS
from xltb import limits
from xltb.errors import InputError
from xltb.cli import batch


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    folder = tmp_path_factory.mktemp("books")
    return {(kind, suffix): template(kind, suffix, folder).read_bytes()
            for kind in ("individual", "team") for suffix in (".xlsx", ".ods")}


def _refused(tmp_path, name: str, data: bytes, *args: str, where: str, command: str = "standings"):
    """Run ``command`` on the workbook ``data``: exit 2 within a second, the file and ``where`` named, no
    Python words."""
    path = tmp_path / name
    path.write_bytes(data)
    tail = ["-o", str(tmp_path / ("out.trf" if command == "trf" else "out.xlsx"))] if command in ("trf", "recalc") \
        else []
    start = time.perf_counter()
    out = run([command, str(path), *tail, *args])
    seconds = time.perf_counter() - start
    assert out.code == 2, out.stderr
    assert str(path) in out.stderr and where in out.stderr, out.stderr
    assert not PYTHON_WORDS.search(out.stderr), out.stderr
    assert seconds < 5, seconds  # "within a second" on a quiet machine; a shared one gets some slack
    return out.stderr


# 1 ------------------------------------------------------------------------- encrypted zip entries
@pytest.mark.parametrize("suffix,part", [(".xlsx", "xl/styles.xml"), (".ods", "mimetype")])
@pytest.mark.parametrize("command", ["standings", "trf", "check"])
def test_an_encrypted_entry_is_refused_naming_the_part(tmp_path, books, suffix, part, command):
    err = _refused(tmp_path, f"enc{suffix}", flag_encrypted(books[("individual", suffix)], part), where=part,
                   command=command)
    assert "encrypted" in err


def test_an_encrypted_entry_in_export_is_refused_not_an_internal_error(tmp_path, books):
    path = tmp_path / "enc.xlsx"
    path.write_bytes(flag_encrypted(books[("individual", ".xlsx")], "xl/styles.xml"))
    out = run(["export", str(path), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 2 and "encrypted" in out.stderr and "internal" not in out.stderr, out.stderr


# 2 ------------------------------------------------------------------------- infinity as a number cell
@pytest.mark.parametrize("kind,sheet,ref", [("individual", "Settings", "B9"), ("individual", "Crosstable", "D2"),
                                            ("team", "Teams", "A2"), ("team", "Settings", "B8")])
def test_a_number_cell_of_1e999_is_refused_naming_the_cell(tmp_path, books, kind, sheet, ref):
    data = set_cell(books[(kind, ".xlsx")], sheet, ref, 't="n"><v>1e999</v>')
    err = _refused(tmp_path, "inf.xlsx", data, where=f"{sheet}!{ref}")
    assert "infinity" in err


# 3 ------------------------------------------------------------------------- TRUE/FALSE, NaN
def test_a_boolean_in_the_title_column_names_the_cell(tmp_path, books):
    data = set_cell(books[("individual", ".xlsx")], "Crosstable", "C2", 't="b"><v>1</v>')
    _refused(tmp_path, "bool.xlsx", data, where="Crosstable!C2")


def test_a_boolean_in_the_crosstables_heading_names_the_cell(tmp_path, books):
    data = set_cell(books[("individual", ".xlsx")], "Crosstable", "E1", 't="b"><v>1</v>')
    _refused(tmp_path, "bool.xlsx", data, where="Crosstable!E1")


def test_a_boolean_in_a_teams_name_names_the_cell(tmp_path, books):
    data = set_cell(books[("team", ".xlsx")], "Teams", "B2", 't="b"><v>0</v>')
    _refused(tmp_path, "bool.xlsx", data, where="Teams!B2")


def test_a_nan_number_in_an_ods_crosstable_names_the_cell(tmp_path, books):
    def nan_rating(body: bytes) -> bytes:
        text = body.decode()
        start = text.index('table:name="Crosstable"')
        i = text.index('office:value="2200"', start)  # the first player's rating (held-swiss16: Alyx, 2200)
        return (text[:i] + 'office:value="NaN"' + text[i + len('office:value="2200"'):]).encode()

    err = _refused(tmp_path, "nan.ods", edit_part(books[("individual", ".ods")], "content.xml", nan_rating),
                   where="Crosstable!D2")
    assert "NaN" in err


# 4 ------------------------------------------------------------------------- a date serial beyond 9999
def test_a_start_date_serial_beyond_any_date_names_the_cell(tmp_path, books):
    data = set_cell(books[("individual", ".xlsx")], "Settings", "B4", 't="n"><v>99999999</v>')
    err = _refused(tmp_path, "date.xlsx", data, where="Settings!B4", command="trf")
    assert "StartDate" in err


# 5 ------------------------------------------------------------------------- Boards 1e20
def test_boards_beyond_the_limit_names_the_cell(tmp_path, books):
    data = set_cell(books[("team", ".xlsx")], "Settings", "B18", 't="n"><v>1e20</v>')
    err = _refused(tmp_path, "boards.xlsx", data, where="Settings!B18")
    assert f"{limits.MAX_BOARDS:,}" in err


# 6 ------------------------------------------------------------------------- a nameless zip entry
@pytest.mark.parametrize("command", ["recalc", "standings"])
@pytest.mark.parametrize("name", ["", "../outside.xml", "/absolute.xml"])
def test_an_entry_without_a_proper_name_is_refused(tmp_path, books, command, name):
    data = with_entry(books[("individual", ".xlsx")], name)
    _refused(tmp_path, "noname.xlsx", data, where="entry named", command=command)


# 7 ------------------------------------------------------------------------- --tiebreaks PTS round trip
def test_a_trf_written_with_pts_alone_is_read_back(tmp_path, books):
    source = tmp_path / "in.xlsx"
    source.write_bytes(books[("individual", ".xlsx")])
    trf = tmp_path / "out.trf"
    assert run(["trf", str(source), "--tiebreaks", "PTS", "-o", str(trf)]).code == 0
    out = run(["standings", str(trf)])
    assert out.code == 0, out.stderr
    assert "tie-breaks: PTS " in out.stdout


def test_a_list_naming_a_code_twice_is_printed_with_both_columns(tmp_path, books):
    source = tmp_path / "in.xlsx"
    source.write_bytes(books[("individual", ".xlsx")])
    out = run(["standings", str(source), "--tiebreaks", "PTS,PTS"])
    assert out.code == 0, out.stderr
    heading = next(line for line in out.stdout.splitlines() if line.startswith("Rk"))
    assert heading.split()[-2:] == ["PTS", "PTS"]


# 8 ------------------------------------------------------------------------- round 100000, board 1e9
@pytest.mark.parametrize("ref,value,what", [("A2", "100000", "round"), ("B2", "1e9", "board")])
def test_a_match_beyond_the_limits_is_refused_before_anything_is_built(tmp_path, books, ref, value, what):
    data = set_cell(books[("team", ".xlsx")], "Matches", ref, f't="n"><v>{value}</v>')
    err = _refused(tmp_path, "big.xlsx", data, where=f"Matches!{ref}")
    assert what in err and "limit" in err
    out = run(["recalc", str(tmp_path / "big.xlsx"), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 0 and f"Matches!{ref}" in out.stderr  # the functions say it in their cells


# 9 ------------------------------------------------------------------------- declared size
@pytest.mark.parametrize("command", ["recalc", "standings"])
def test_a_merge_over_the_whole_sheet_is_refused_before_any_sheet_is_built(tmp_path, books, command):
    data = books[("individual", ".xlsx")]

    def merged(body: bytes) -> bytes:
        body = body.replace(b"</sheetData>", b'</sheetData><mergeCells count="1"><mergeCell ref="A1:XFD1048576"/>'
                                             b"</mergeCells>", 1)
        return re.sub(rb'(<c r="A2") s="\d+"', rb'\1 s="999"', body, count=1)  # a style out of range

    data = edit_part(data, sheet_part(data, "Crosstable"), merged)
    err = _refused(tmp_path, "merged.xlsx", data, where="xl/worksheets/", command=command)
    assert "merged" in err


def test_a_sheet_of_more_rows_than_the_limit_is_refused_before_it_is_read(tmp_path, books, monkeypatch):
    monkeypatch.setattr(limits, "MAX_SHEET_ROWS", 1_000)  # the same check as at 250,000, on a small file
    data = books[("individual", ".xlsx")]
    rows = "".join(f'<row r="{r}"><c r="A{r}" t="n"><v>{r - 1}</v></c></row>' for r in range(38, 1_200))
    data = defined_name(edit_part(data, sheet_part(data, "Crosstable"),
                                  lambda b: b.replace(b"</sheetData>", rows.encode() + b"</sheetData>", 1)),
                        "Crosstable", "Crosstable!$A$1:$O$1200")
    for command in ("standings", "recalc"):
        err = _refused(tmp_path, "rows.xlsx", data, where="xl/worksheets/", command=command)
        assert "1,000 rows" in err


def test_a_crosstable_of_more_participants_than_the_limit_is_refused_before_it_is_read(tmp_path, books,
                                                                                          monkeypatch):
    monkeypatch.setattr("xltb.books.workbook.MAX_PARTICIPANTS", 100)
    data = books[("individual", ".xlsx")]
    rows = "".join(f'<row r="{r}"><c r="A{r}" t="n"><v>{r - 1}</v></c></row>' for r in range(38, 200))
    data = edit_part(data, sheet_part(data, "Crosstable"),
                     lambda b: b.replace(b"</sheetData>", rows.encode() + b"</sheetData>", 1))
    err = _refused(tmp_path, "rows.xlsx", data, where="'Crosstable'")
    assert "participants" in err


def test_recalc_refuses_a_workbook_of_more_cells_than_it_reads(tmp_path, books, monkeypatch):
    monkeypatch.setattr("xltb.recalc.run.MAX_RECALC_BOOK_CELLS", 1_000)
    err = _refused(tmp_path, "cells.xlsx", books[("individual", ".xlsx")], where="cells", command="recalc")
    assert "1,000" in err


# 10 ------------------------------------------------------------------------ Python's words
@pytest.mark.parametrize("cell,where", [('t="n"><v>abc</v>', "Settings!B12"), ('t="s"><v>99999</v>', "Settings"),
                                        ('t="b"><v>7</v>', "Settings!B12")])
def test_a_cell_openpyxl_cannot_read_is_named_in_the_arbiters_words(tmp_path, books, cell, where):
    data = set_cell(books[("individual", ".xlsx")], "Settings", "B12", cell)
    _refused(tmp_path, "cell.xlsx", data, where=where)


def test_a_workbook_openpyxl_cannot_open_is_refused_in_the_arbiters_words(tmp_path, books):
    data = edit_part(books[("individual", ".xlsx")], "xl/workbook.xml",
                     lambda b: re.sub(rb"<sheets>.*</sheets>", b"<sheets/>", b))
    for command in ("standings", "recalc"):
        _refused(tmp_path, "nosheets.xlsx", data, where="nosheets.xlsx", command=command)


def test_openpyxl_warnings_never_show_a_path(tmp_path, books, capfd):
    data = edit_part(books[("individual", ".xlsx")], sheet_part(books[("individual", ".xlsx")], "Settings"),
                     lambda b: b.replace(b"</sheetData>", b'</sheetData><extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-'
                                         b'D9C93CAAB3DF}"><x14:dataValidations xmlns:x14="http://schemas.microsoft.com'
                                         b'/office/spreadsheetml/2009/9/main" count="0"/></ext></extLst>', 1))
    path = tmp_path / "ext.xlsx"
    path.write_bytes(data)
    out = run(["standings", str(path)])
    assert out.code == 0, out.stderr
    assert "site-packages" not in out.stderr + capfd.readouterr().err


# 11 ------------------------------------------------------------------------ the file and cell named
def test_pab_points_trf_cannot_hold_name_the_file_and_the_settings_cell(tmp_path, books):
    data = set_cell(books[("individual", ".xlsx")], "Settings", "B11", 't="n"><v>999.25</v>')
    err = _refused(tmp_path, "pab.xlsx", data, where="Settings PointsPAB (Settings!B11)", command="trf")
    assert "TRF 162" in err


def test_a_deeply_nested_language_file_is_named(tmp_path, books):
    lang = tmp_path / "deep.json"
    lang.write_text('{"text": ' + "[" * 100_000 + "]" * 100_000 + "}")
    source = tmp_path / "in.xlsx"
    source.write_bytes(books[("individual", ".xlsx")])
    out = run(["export", str(source), "-o", str(tmp_path / "out.xlsx"), "--lang", str(lang)])
    assert out.code == 2 and str(lang) in out.stderr and "nested" in out.stderr, out.stderr


# 12 ------------------------------------------------------------------------ batch export's internal error
def test_an_internal_error_in_batch_export_keeps_exit_3(tmp_path, books, monkeypatch):
    for name in ("a.xlsx", "b.xlsx"):
        (tmp_path / name).write_bytes(books[("individual", ".xlsx")])
    (tmp_path / "bad.trf").write_text("not an event\n")

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(batch, "write_workbook", broken)
    out = run(["export", str(tmp_path / "a.xlsx"), str(tmp_path / "b.xlsx"), str(tmp_path / "bad.trf"),
               "--out-dir", str(tmp_path / "out")])
    assert out.code == 3, out.stderr
    assert "internal error" in out.stderr and "bad.trf" in out.stderr


def test_the_fuzzers_python_words_catch_what_the_issue_saw():
    for seen in ("cannot read the workbook: list index out of range",
                 "the sheet 'Settings' cannot be read (ValueError: invalid literal for int() with base 10: 'abc')",
                 "not an xltb standings JSON (KeyError: 'standings')"):
        assert PYTHON_WORDS.search(seen), seen
    assert not PYTHON_WORDS.search(json.dumps("Settings Lots (Settings!B12): 'abc' is not a number"))


@pytest.mark.parametrize("text,said", [('{"event": {}}', "it has no 'standings'"), ('{"standings": [], "tiebreaks": 5}', "is not a list"),
                                       ('{"standings": [', "not JSON from line 1")])
def test_a_check_json_that_is_not_one_is_said_in_the_arbiters_words(tmp_path, text, said):
    path = tmp_path / "odd.json"
    path.write_text(text)
    out = run(["check", str(path)])
    assert out.code == 2 and str(path) in out.stderr and said in out.stderr, out.stderr
    assert not PYTHON_WORDS.search(out.stderr), out.stderr


@pytest.mark.parametrize("shift", [0, 5, 12, 20, 30])
def test_the_declared_size_is_counted_across_the_chunks_a_part_is_read_in(shift):
    """A merged area whose element straddles the end of a 1 MB chunk is counted all the same."""
    from book_edits import package

    merge = b'<mergeCell ref="A1:XFD1048576"/>'
    pad = b"<row/>" * 10 + b" " * ((1 << 20) - 60 - shift)
    body = b"<worksheet>" + pad + merge + b"</worksheet>"
    with pytest.raises(InputError) as err:
        limits.open_package(package([("xl/worksheets/sheet1.xml", body)]), "chunks.xlsx")
    assert "merged cells" in str(err.value) and "chunks.xlsx" in str(err.value)
    small = b"<worksheet>" + pad + b'<mergeCell ref="A1:C3"/>' + b"<c/>" * 3 + b"</worksheet>"
    declared = limits.open_package(package([("xl/worksheets/sheet1.xml", small)]))
    assert (declared.rows, declared.cells, declared.merged) == (10, 3, 9)


_ROW_X = (lambda b: re.sub(rb'<row r="\d+"', b'<row r="x"', b, count=1), "the row number 'x' is not a number")
_DIMENSION = (lambda b: re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="ZZZZ1:A1"', b, count=1),
              "dimension 'ZZZZ1:A1'")
_STYLE = (lambda b: re.sub(rb'(<c r="A2") s="\d+"', rb'\1 s="9999"', b, count=1), "Settings!A2: the cell's style number")


# what openpyxl refuses to read (recalc loads the whole workbook, the event reader only the cells of the blocks)
@pytest.mark.parametrize("command,edit,said", [("standings", *_ROW_X), ("recalc", *_ROW_X),
                                               ("standings", *_DIMENSION), ("recalc", *_STYLE)])
def test_a_sheet_openpyxl_cannot_read_is_located(tmp_path, books, command, edit, said):
    data = books[("individual", ".xlsx")]
    data = edit_part(data, sheet_part(data, "Settings"), edit)
    path = tmp_path / "odd.xlsx"
    path.write_bytes(data)
    out = run([command, str(path), *(["-o", str(tmp_path / "out.xlsx")] if command == "recalc" else [])])
    assert out.code == 2 and str(path) in out.stderr and said in out.stderr, out.stderr
    assert not PYTHON_WORDS.search(out.stderr), out.stderr


@pytest.mark.parametrize("ref,cell", [("B8", 't="inlineStr"><is><t>1e999</t></is>'),  # PointsWin, text
                                      ("B8", 't="n"><v>1.7976931348623157e308</v>'),  # the largest number cell
                                      ("B9", 't="n"><v>-1000.5</v>')])  # PointsDraw, just beyond
def test_points_beyond_the_limit_are_refused_naming_the_cell(tmp_path, books, ref, cell):
    """Found by the workbook fuzzer: a Settings text '1e999' is an exact number (10 to the 999th), and points of
    1.8e308 (a number cell's largest) sum to values no cell can hold; export stopped with an OverflowError, exit 3.
    Points of a result are bounded (limits.MAX_POINTS), the cell named."""
    data = set_cell(books[("individual", ".xlsx")], "Settings", ref, cell)
    for command in ("standings", "export", "trf"):
        err = _refused(tmp_path, "huge.xlsx", data, where=f"Settings!{ref}", command=command)
        assert "limit of 1,000 points" in err


def test_points_at_the_limit_are_read_and_printed(tmp_path, books):
    data = set_cell(books[("individual", ".xlsx")], "Settings", "B8", 't="n"><v>1000</v>')
    path = tmp_path / "big.xlsx"
    path.write_bytes(data)
    out = run(["standings", str(path), "--tiebreaks", "PTS"])
    assert out.code == 0 and "win 1000" in out.stdout, out.stderr


def test_a_value_beyond_a_floats_range_is_written_by_each_writer_as_text(tmp_path):
    """The one rounding of an exact value for a cell (messages.cell_number) is what every writer uses: the
    xlsx writer and the JSON write a value no float holds as its text, not an OverflowError."""
    import json
    from fractions import Fraction

    from openpyxl import load_workbook

    from xltb.messages import cell_number
    from xltb.report.printed.xlsx import Book, Sheet

    huge = Fraction(10 ** 999 + 1, 2)
    book = Book()
    sheet = Sheet(book, "S", ["a", "b", "c"], [10, 10, 10], [(None, None)] * 3, footer_left="", footer_center="")
    sheet.append([huge, -huge, Fraction(5, 2)])
    path = tmp_path / "huge.xlsx"
    path.write_bytes(book.bytes())
    ws = load_workbook(path)["S"]
    assert [c.value for c in ws[2]] == ["5e+998", "-5e+998", 2.5]
    assert json.dumps(cell_number(huge)) == '"5e+998"'


# 7 ------------------------------------------------------------------------- Settings Rounds 100000 (.ods)
def _ods_rounds(data: bytes, value: str) -> tuple[bytes, int]:
    """The ``.ods`` with the value of Settings Rounds (column B of the row whose A reads ``Rounds``) made
    ``value``; and that row's number."""
    found: list[int] = []

    def edit(body: bytes) -> bytes:
        text = body.decode()
        sheet = re.search(r'<table:table table:name="Settings".*?</table:table>', text, re.DOTALL)
        assert sheet
        rows = list(re.finditer(r"<table:table-row\b.*?</table:table-row>", sheet[0], re.DOTALL))
        row = 0
        for match in rows:  # the rows before it (each counted with its repeats)
            repeat = re.match(r'<table:table-row[^>]*table:number-rows-repeated="(\d+)"', match[0])
            if "<text:p>Rounds</text:p>" in match[0]:
                found.append(row + 1)
                cells = re.findall(r"<table:table-cell\b(?:[^>]*/>|.*?</table:table-cell>)", match[0], re.DOTALL)
                new_row = match[0].replace(cells[1], f'<table:table-cell office:value-type="float" office:value='
                                                     f'"{value}"><text:p>{value}</text:p></table:table-cell>', 1)
                start = sheet.start() + match.start()
                return (text[:start] + new_row + text[start + len(match[0]):]).encode()
            row += int(repeat[1]) if repeat else 1
        raise AssertionError("no Rounds row in Settings")

    return edit_part(data, "content.xml", edit), found[0]


@pytest.mark.parametrize("kind", ["individual", "team"])
def test_rounds_planned_beyond_the_limit_is_refused_before_any_sheet_is_built(tmp_path, books, kind, monkeypatch):
    """Found by the workbook fuzzer (issue 32): an .ods whose Settings Rounds reads 100000 made
    ``template --from`` lay out a crosstable of 100,000 round columns (a minute, a gigabyte, then exit 3
    from the sheet library). Refused with the file and the cell named, before any sheet is built."""
    from xltb.templates import build, ods

    def never(*args, **kwargs):
        raise AssertionError("a sheet was built")

    monkeypatch.setattr(build, "build", never)
    monkeypatch.setattr(ods, "render", never)
    data, row = _ods_rounds(books[(kind, ".ods")], "100000")
    path = tmp_path / "rounds.ods"
    path.write_bytes(data)
    for suffix in (".xlsx", ".ods"):
        out = run(["template", kind, "--from", str(path), "-o", str(tmp_path / f"out{suffix}")])
        assert out.code == 2, out.stderr
        assert str(path) in out.stderr and f"Settings Rounds (Settings!B{row})" in out.stderr, out.stderr
        assert f"{limits.MAX_ROUNDS:,}" in out.stderr and not PYTHON_WORDS.search(out.stderr), out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rounds.ods"]  # nothing left behind
    ok, _ = _ods_rounds(books[(kind, ".ods")], str(limits.MAX_ROUNDS))  # the limit itself is read
    path.write_bytes(ok)
    assert run(["standings", str(path)]).code == 0


def test_a_trf_planning_rounds_beyond_the_limit_names_the_line(tmp_path):
    """The same through a TRF: XXR (or 142) beyond :data:`~xltb.limits.MAX_ROUNDS` is refused at its line."""
    from book_edits import EVENTS

    lines = EVENTS[("individual", True)].read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(("XXR", "142")))
    lines[at] = lines[at][:4] + "100000"
    path = tmp_path / "rounds.trf"
    path.write_text("\n".join(lines) + "\n")
    out = run(["template", "individual", "--from", str(path), "-o", str(tmp_path / "out.xlsx")])
    assert out.code == 2 and f"{path}, line {at + 1}" in out.stderr and "100,000 rounds planned" in out.stderr, \
        out.stderr
    assert not (tmp_path / "out.xlsx").exists()


def test_a_tiebreak_beyond_a_floats_range_is_written_as_text_not_a_crash():
    """Found by the workbook fuzzer (template team --from an .ods whose points were beyond a float's range):
    a fraction a float cannot hold went to the sheet as float(value), an OverflowError, exit 3."""
    from fractions import Fraction

    from xltb.messages import cell_number

    huge = Fraction(10 ** 999 + 1, 2)
    assert cell_number(huge) == "5e+998" and cell_number(-huge) == "-5e+998"
    assert cell_number(10 ** 999) == "1e+999" and cell_number(Fraction(10 ** 308)) == 10 ** 308
    assert cell_number(Fraction(5, 2)) == 2.5 and cell_number(Fraction(4, 2)) == 2 and cell_number(None) == ""


@pytest.mark.parametrize("amount", [1e307, 1.7976931348623157e308, float("inf"), float("nan")])
def test_a_prize_amount_whose_cents_are_beyond_a_float_names_the_row(amount):
    """Found by the workbook fuzzer (check of a workbook whose Prizes amount cell was a number near the largest
    float): its cents (value * 100) are infinity, and round() stopped with OverflowError, exit 3."""
    from xltb.errors import InputError
    from xltb.prizes.table import prizes_from_rows

    with pytest.raises(InputError) as err:
        prizes_from_rows([["Prize", "Category", "Amount"], ["1st", "Open", amount]])
    assert "line 2" in str(err.value) and "amount" in str(err.value)


def test_a_damaged_vba_project_is_said_in_a_readers_words(tmp_path):
    """Found by the workbook fuzzer: recalc of an .xlsm whose vbaProject.bin (a part recalc copies as it is) had
    damaged compressed bytes said zlib's words, 'Error -3 while decompressing data: invalid literal/lengths set'."""
    import io
    import zipfile

    data = bytearray(template("individual", ".xlsm", tmp_path).read_bytes())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo("xl/vbaProject.bin")
    at = info.header_offset + 30 + len(info.filename) + len(info.extra) + 5
    data[at:at + 8] = b"\xff" * 8  # the deflate stream broken
    err = _refused(tmp_path, "damaged.xlsm", bytes(data), where="xl/vbaProject.bin", command="recalc")
    assert "compressed bytes are damaged" in err and "Error -3" not in err
