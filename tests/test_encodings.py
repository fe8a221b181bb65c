"""Text files in UTF-16 (what Windows programs save as "Unicode text") and UTF-32: read, with a warning that
says the encoding; UTF-16 that cannot be decoded is refused with "save it as UTF-8", not called binary."""

from __future__ import annotations

import json

import pytest

from helpers import DATA, SEED
from xltb.cli.main import main
from xltb.prizes.table import read_prizes
from xltb.readers.text import decode

SWISS = SEED / "held-swiss16.trf"


def _standings(capsys, path) -> dict:
    assert main(["standings", str(path), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_trf_in_utf16_or_utf32_ranks_as_in_utf8(tmp_path, capsys, codec):
    """With a byte order mark (utf-16, utf-32), or without one (utf-16-le/-be: found by the NUL byte beside
    each ASCII character)."""
    path = tmp_path / "event.trf"
    path.write_bytes(SWISS.read_text("utf-8").replace("\n", "\r\n").encode(codec))
    read = _standings(capsys, path)
    assert read["standings"] == _standings(capsys, SWISS)["standings"]
    assert main(["standings", str(path)]) == 0
    assert f"warning: read as {codec[:6].upper()} (not UTF-8)" in capsys.readouterr().out


def test_a_chess_results_export_and_a_prize_table_in_utf16(tmp_path, capsys):
    source = sorted((DATA / "csv").glob("*.csv"))[0]
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes().decode("utf-8-sig").encode("utf-16"))
    assert _standings(capsys, path)["standings"] == _standings(capsys, source)["standings"]
    table = tmp_path / "prizes.csv"
    table.write_bytes("Prize,Category,Amount\r\nMeilleure féminine,Women,50\r\n".encode("utf-16"))
    read = read_prizes(table)
    assert read.prizes[0].name == "Meilleure féminine" and [str(w) for w in read.warnings] == \
        ["read as UTF-16 (not UTF-8)"]


def test_utf16_that_cannot_be_read_says_save_as_utf8(tmp_path, capsys):
    path = tmp_path / "broken.trf"
    path.write_bytes(b"\xff\xfe" + "012 x\n".encode("utf-16-le") + b"\x00\xd8a\x00")  # a lone surrogate
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert "broken.trf: this is UTF-16 text that cannot be read (illegal UTF-16 surrogate at byte 14): save it " \
           "as UTF-8" in err and "binary" not in err


def test_binary_files_are_still_binary():
    for data in (b"012 x\n\x00\x00", b"\x00" * 64, b"ab\x00\x00cd", b"PK\x03\x04\x00\x00binary"):
        with pytest.raises(Exception, match="binary file"):
            decode(data, "x")
    assert decode("012 Ä\n".encode("utf-16-le"), "x") == ("012 Ä\n", "UTF-16")  # one character beyond ASCII
