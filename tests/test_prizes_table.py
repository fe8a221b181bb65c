"""The prize table as a user writes it, and as a hostile file may be: every problem refused with the
file and the line, exit status 2, nothing written."""

from __future__ import annotations

import pytest

from helpers import SEED
from xltb.cli.main import main
from xltb.errors import XltbError
from xltb.prizes import parse_category, parse_prizes, read_prizes
from xltb.prizes.table import MAX_CATEGORIES, MAX_TABLE_BYTES

SWISS = str(SEED / "held-swiss16.trf")


def table(text: str):
    return parse_prizes(text, "p.csv")


def refused(text: str) -> str:
    with pytest.raises(XltbError) as err:
        table(text)
    return str(err.value)


def test_the_table_as_written():
    t = table("Prize,Category,Amount\n1st,Open,500\nBest junior,U18 & Rating<1600,50.5\nBest woman,women,\n"
              '"2nd, shared",Open,300\n\n')
    assert [(p.name, p.category.text, p.amount, p.line) for p in t.prizes] == [
        ("1st", "Open", 50000, 2), ("Best junior", "U18&Rating<1600", 5050, 3), ("Best woman", "Women", None, 4),
        ("2nd, shared", "Open", 30000, 5)]
    assert t.with_cents


def test_semicolons_and_a_decimal_comma_as_european_spreadsheets_save_them():
    t = table("Prize;Category;Amount\r\n1st;Open;1500,50\r\nBest U1600;Rating 1400-1599;80\r\n".replace("\r\n", "\n"))
    assert [(p.amount, p.category.text) for p in t.prizes] == [(150050, "Open"), (8000, "Rating 1400-1599")]
    tabs = table("Prize\tCategory\tAmount\n1st\tOpen\t10\n")
    assert tabs.prizes[0].amount == 1000


@pytest.mark.parametrize("word, text", [
    ("Rating<1900", "Rating<1900"), ("rating >= 2000", "Rating>=2000"), ("Rating 1600-1799", "Rating 1600-1799"),
    ("Unrated", "Unrated"), ("Women", "Women"), ("MEN", "Men"), ("Born>=2010", "Born>=2010"),
    ("Born 2008-2010", "Born 2008-2010"), ("U18", "U18"), ("u8", "U8"), ("Senior", "Senior"),
    ("Federation=ita", "Federation=ITA"), ("Title=wgm", "Title=WGM"),
])
def test_every_condition_word(word, text):
    assert parse_category(word).text == text


@pytest.mark.parametrize("line, message", [
    ("1st,Over18,10", "line 2: category: unknown condition 'Over18'"),
    ("1st,Open&Women,10", "line 2: category: 'Open&Women': Open is every player"),
    ("1st,,10", "line 2: category: empty: write Open"),
    ("1st,Women&,10", "line 2: category: 'Women&': an empty condition"),
    ("1st,Rating 1800-1600,10", "line 2: category: 'Rating 1800-1600': the range 1800-1600 is empty"),
    ("1st,Title=XYZ,10", "line 2: category: 'Title=XYZ': unknown title"),
    ("1st,Federation=IT,10", "line 2: category: 'Federation=IT': a federation is three letters"),
    ("1st,Born>=10,10", "line 2: category: 'Born>=10': 10 is not a year of birth"),
    ("1st,Open,€500", "line 2: amount '€500': write a number such as 150 or 150.50"),
    ("1st,Open,1.000,00", "line 2: a prize line has three cells"),
    ("1st,Open,12.345", "line 2: amount '12.345'"),
    ("1st,Open,-5", "line 2: amount '-5'"),
    (",Open,5", "line 2: the prize has no name"),
    ('"1st,Open,5', "line 2: not a CSV line"),
])
def test_a_line_that_is_not_understood_is_refused_with_its_line(line, message):
    assert f"p.csv, {message}" in refused("Prize,Category,Amount\n" + line + "\n")


def test_the_header_duplicates_and_emptiness():
    assert "p.csv, line 1: the first line must be the header Prize,Category,Amount" in refused("1st,Open,500\n")
    assert "p.csv: the prize table is empty" in refused("\n\n")
    assert "p.csv: the prize table lists no prize" in refused("Prize,Category,Amount\n")
    assert "p.csv, line 3: the prize '1st' of Open is listed twice (first on line 2)" in \
        refused("Prize,Category,Amount\n1st,Open,5\n1st,Open,6\n")
    assert "line 3: category: 'U18&Women&U18': a condition is written twice" in \
        refused("Prize,Category,Amount\n1st,Open,5\nx,U18&Women&U18,1\n")
    # the same name in two categories is two prizes
    assert len(table("Prize,Category,Amount\n1st,Open,5\n1st,Women,3\n").prizes) == 2


def test_too_many_categories_or_too_long_a_cell():
    lines = "".join(f"p{i},Rating<{1000 + i},1\n" for i in range(MAX_CATEGORIES + 1))
    assert f"line {MAX_CATEGORIES + 2}: more than the limit of {MAX_CATEGORIES} different categories" in \
        refused("Prize,Category,Amount\n" + lines)
    assert "line 2: a prize's name or category is longer than 200 characters" in \
        refused("Prize,Category,Amount\n" + "x" * 300 + ",Open,1\n")


def test_hostile_files(tmp_path):
    huge = tmp_path / "huge.csv"
    huge.write_bytes(b"Prize,Category,Amount\n" + b"x" * MAX_TABLE_BYTES)
    with pytest.raises(XltbError, match="huge.csv: the file is larger than the limit of 1 MB"):
        read_prizes(huge)
    binary = tmp_path / "prizes.xlsx"
    binary.write_bytes(b"PK\x03\x04\x00\x00binary")
    with pytest.raises(XltbError, match="prizes.xlsx: this is a binary file"):
        read_prizes(binary)
    late_nul = tmp_path / "late.csv"
    lines = b"".join(b"p%d,Open,1\n" % i for i in range(500))
    late_nul.write_bytes(b"Prize,Category,Amount\n" + lines + b"x,Op\x00en,1\n")
    with pytest.raises(XltbError, match="late.csv, line 502: this is a binary file"):
        read_prizes(late_nul)
    with pytest.raises(XltbError, match="no such file"):
        read_prizes(tmp_path / "missing.csv")
    with pytest.raises(XltbError, match="is a folder"):
        read_prizes(tmp_path)


def test_a_cp1252_table_is_read_with_a_warning(tmp_path):
    latin = tmp_path / "latin.csv"
    latin.write_bytes("Prize,Category,Amount\nMeilleure f\u00e9minine,Women,50\n".encode("cp1252"))
    t = read_prizes(latin)
    assert t.prizes[0].name == "Meilleure f\u00e9minine" and [str(w) for w in t.warnings] == ["read as cp1252 (not UTF-8)"]
    bom = tmp_path / "bom.csv"
    bom.write_bytes("\ufeffPrize,Category,Amount\r\n1st,Open,5\r\n".encode("utf-8"))
    assert read_prizes(bom).prizes[0].amount == 500


def test_the_command_refuses_a_broken_table_with_status_2_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("Prize,Category,Amount\n1st,Open,500\n2nd,Over 60,100\n")
    out = tmp_path / "out.json"
    assert main(["prizes", SWISS, "--prizes", str(bad), "-f", "json", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"xltb: error: {bad}, line 3: category: unknown condition 'Over 60'")
    assert "Traceback" not in err and not out.exists()


def test_a_name_cannot_reach_the_terminal_as_an_escape_sequence(tmp_path, capsys):
    evil = tmp_path / "evil.csv"
    evil.write_text("Prize,Category,Amount\n\x1b[31mred,Open,5\n")
    assert main(["prizes", SWISS, "--prizes", str(evil)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[31mred" in out


def test_birth_dates_and_sex_as_files_and_sheets_write_them():
    import datetime

    from xltb.prizes.conditions import birth_date
    from xltb.sheets.crosstable import to_tournament

    assert birth_date("1969/12/06") == birth_date("1969.12.06") == birth_date("06.12.1969") == (1969, 12, 6)
    assert birth_date("1978") == birth_date("1978/00/00") == (1978, None, None)
    assert birth_date("") is None and birth_date("unknown") is None
    # a Crosstable sheet with Sex and Born: text, a date cell, a year as a number, Excel's serial number
    rows = [["No", "Name", "Sex", "Born", "R1"], [1, "A", "w", "2008/05/12", "+W2"],
            [2, "B", "M", datetime.datetime(2008, 5, 12), "-B1"], [3, "C", "female", 2008, ""],
            [4, "D", None, 39580, ""]]
    players = to_tournament(rows).players
    assert [(p.sex, p.birth) for p in players] == [("w", "2008/05/12"), ("M", "2008-05-12"), ("female", "2008"),
                                                   ("", "2008-05-12")]
    from xltb.prizes.conditions import Context
    women = parse_category("Women")
    assert [women.check(p, Context()).ok for p in players] == [True, False, True, False]
