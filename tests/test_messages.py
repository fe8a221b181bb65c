"""Command-line messages (issue 15, point 6): help that says what is read, errors that name the
problem once."""

from __future__ import annotations

import shutil

import pytest

from helpers import DATA
from xltb.cli.main import build_parser, main


def _help(command: str) -> str:
    parser = build_parser(command)
    sub = next(a for a in parser._actions if a.dest == "command")
    return sub.choices[command].format_help()


def test_help_says_what_is_read_and_documents_legacy():
    text = " ".join(_help("standings").split())
    assert "chess-results" in text and "SwissPerfect" in text and "the event file (TRF)" not in text
    assert "legacy" in text and "xltb codes" in text
    explain = " ".join(_help("explain").split())
    assert "START_NO" in explain and "final rank" in explain


def test_export_of_a_missing_file_says_so(tmp_path, capsys):
    assert main(["export", str(tmp_path / "nonexistent"), "-o", str(tmp_path / "b.xlsx")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "--out-dir" not in err


def test_export_rerun_without_force_says_it_once_and_lists_warnings(tmp_path, capsys):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("held-swiss16.trf", "held-rr6.trf"):
        shutil.copy(DATA / "seed" / name, folder / name)
    shutil.copy(DATA / "team" / "30_sharly_trf26_team_gp_primary.trf", folder / "gp.trf")
    assert main(["export", str(folder), "--out-dir", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "1 file has warnings (each on the Event sheet of its workbook):" in out
    assert f"  {folder / 'gp.trf'}: the header declares" in out  # the input, whose lines a warning names
    assert main(["export", str(folder), "--out-dir", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("xltb: error:") == 1 and "3 workbooks exist already" in err and "--force" in err


def test_template_says_what_it_wrote(tmp_path, capsys):
    pytest.importorskip("openpyxl")
    out = tmp_path / "t.xlsx"
    assert main(["template", "individual", "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out}"


def test_json_has_rating_and_federation(capsys):
    import json

    main(["standings", str(DATA / "seed" / "held-swiss16.trf"), "-f", "json"])
    row = json.loads(capsys.readouterr().out)["standings"][0]
    assert (row["start_no"], row["federation"], row["rating"]) == (2, "ITA", 2150)


def test_team_esb_cut_names_the_lowest_mp_opponent(capsys):
    main(["explain", str(DATA / "seed" / "held-team14.trf"), "1", "EMGSB/C1"])
    out = capsys.readouterr().out
    assert "CUT: Cut-1, cut 1: the opponent with the lowest MP (then the worst result), C.07 14.1.2" in out
    assert "least significant value" not in out


def test_check_notes_say_things_once(capsys):
    main(["check", str(DATA / "check" / "2021-World-Blitz-Chess-Championship-Open.csv"), "-t", "BH/C1,BH"])
    out = capsys.readouterr().out
    assert "not compared (not in --tiebreaks)" in out
    assert not any(line.count("not compared") > 1 for line in out.splitlines() if "TB3 \"" in line)
    assert "not in --tiebreaks: not compared" not in out


def test_recalc_lists_a_cause_once():
    from xltb.cli.recalc import grouped

    errors = [f"Standings!H{n}: #NUM! SB/M1: not defined" for n in range(2, 56)] + ["Event!B3: #VALUE! bad"]
    lines = grouped(errors)
    assert lines == ["Standings!H2, Standings!H3, Standings!H4 ...: #NUM! SB/M1: not defined (54 cells)",
                     "Event!B3: #VALUE! bad"]
