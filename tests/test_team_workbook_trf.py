"""The TRF written from a team workbook (``xltb trf WORKBOOK``) says the system and scores the workbook pairs
by (TRF 192 ``FIDE_TEAM_TYPEA_MP_GP``: C.04.6 1.2.2 both scores, 1.7 type A colours), so that ``xltb pair`` of
that file pairs as ``xltb pair WORKBOOK`` does: random team events of the pairing corpus, cut after a round and
filled into the team template without their own 192."""

from __future__ import annotations

import io
import json
import random
import sys
import zipfile
from pathlib import Path

import pytest

from xltb.cli.main import main

CORPUS = Path(__file__).parent / "data" / "pairing" / "team_corpus.zip"


def _run(args: list[str]) -> str:
    out = io.StringIO()
    sys_stdout, sys.stdout = sys.stdout, out
    try:
        assert main(args) == 0
    finally:
        sys.stdout = sys_stdout
    return out.getvalue()


def _pairs(args: list[str]) -> tuple[int, list[tuple[int, int]]]:
    doc = json.loads(_run(["pair", *args, "-f", "json"]))
    return doc["round"], [(b["white"], b["black"]) for b in doc["boards"]] + \
        [(y["no"], 0) for y in doc["byes"] if y["kind"] == "PAB"]


def _sample() -> list[tuple[str, int]]:
    if not CORPUS.exists():
        return []
    with zipfile.ZipFile(CORPUS) as z:
        names = sorted(n[:-4] for n in z.namelist() if n.endswith(".trf"))
    rng = random.Random(31)
    picked = rng.sample(names, 6)
    return [(name, rng.randint(2, int(name.split("-r")[1].split("-")[0]) - 1)) for name in picked]


@pytest.mark.parametrize("name, after", _sample())
def test_pair_of_the_workbooks_trf_pairs_as_the_workbook(tmp_path, name, after):
    with zipfile.ZipFile(CORPUS) as z:
        (tmp_path / "full.trf").write_bytes(z.read(name + ".trf"))
    _run(["trf", str(tmp_path / "full.trf"), "--after-round", str(after), "-o", str(tmp_path / "cut.trf")])
    primary = "GP" if name.endswith("-gp") else "MP"
    # the event without a system: the workbook pairs it by its Settings (blank PairingSystem: the FIDE team Swiss)
    lines = [line for line in (tmp_path / "cut.trf").read_text(encoding="utf-8").splitlines()
             if not line.startswith("192")]
    (tmp_path / "plain.trf").write_text("\n".join(lines + [f"192 CUSTOM_TEAM_SWISS_{primary}"]) + "\n",
                                        encoding="utf-8")
    book = tmp_path / "event.xlsx"
    _run(["template", "team", "--from", str(tmp_path / "plain.trf"), "-o", str(book)])
    _run(["trf", str(book), "-o", str(tmp_path / "book.trf")])
    written = (tmp_path / "book.trf").read_text(encoding="utf-8")
    secondary = "MP" if primary == "GP" else "GP"
    assert f"\n192 FIDE_TEAM_TYPEA_{primary}_{secondary}\n" in written
    from_book = _pairs([str(book)])
    assert from_book[0] == after + 1
    assert _pairs([str(tmp_path / "book.trf")]) == from_book
