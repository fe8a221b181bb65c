"""The ``xltb`` command as a user meets it: output formats, explanations and errors."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
import threading

import pytest

from helpers import SEED, trf
from xltb.cli.main import main

SWISS = str(SEED / "held-swiss16.trf")


def run(*args: str) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "xltb", *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def test_json_keeps_its_shape(capsys):
    assert main(["standings", SWISS, "--tiebreaks", "BH-C1,BH,ARO/C1", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"] == "2024-08"
    assert doc["tiebreaks"] == ["BH/C1", "BH", "ARO/C1"]
    first = doc["standings"][0]
    assert set(first) == {"rank", "start_no", "name", "federation", "rating", "points", "tiebreaks"}
    assert (first["rank"], first["start_no"], first["name"], first["points"]) == (1, 2, "Bruno", 4.0)
    assert first["tiebreaks"] == {"BH/C1": 12.0, "BH": 13.0, "ARO/C1": 1988.0}
    nick = next(r for r in doc["standings"] if r["start_no"] == 12)
    assert nick["tiebreaks"]["ARO/C1"] is None
    assert [r["rank"] for r in doc["standings"]] == sorted(r["rank"] for r in doc["standings"])
    assert len(doc["standings"]) == 16 and doc["event"]["rounds"] == 5


def test_text_says_which_edition_and_why(capsys):
    main(["standings", SWISS, "--rules", "2026"])
    out = capsys.readouterr().out
    assert "edition 2026-03 (given by the user)" in out
    assert "BH/C1" in out.splitlines()[4] and out.splitlines()[4].startswith("tie-breaks:")


def test_edition_from_the_start_date_or_the_newest(tmp_path, capsys):
    main(["standings", SWISS, "-f", "json"])
    assert json.loads(capsys.readouterr().out)["rules"] == "2024-08"  # 042 2024/10/24
    undated = tmp_path / "undated.trf"
    undated.write_text(trf([(1, 2000, "2w1"), (2, 1900, "1b0")], date=None))
    main(["standings", str(undated), "-f", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"] == "2026-03" and "no start date" in doc["rules_reason"]


def test_csv_has_a_row_per_participant(capsys):
    main(["standings", SWISS, "-f", "csv", "-t", "BH,AOB"])
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][-2:] == ["BH", "AOB"] and len(rows) == 17
    david = next(r for r in rows if r[1] == "4")
    assert david[-1] == "13.38"


def test_output_file(tmp_path):
    import os
    import stat

    out = tmp_path / "standings.json"
    assert main(["standings", SWISS, "-f", "json", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["standings"][0]["start_no"] == 2
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask  # not the temporary file's 0600


def test_explain_prints_the_breakdown(capsys):
    assert main(["explain", SWISS, "4", "SB-C1", "--rules", "2026"]) == 0
    out = capsys.readouterr().out
    assert "value: 7.75" in out
    assert "16.4.2" in out and "CUT" in out and "16.5" in out


def test_explain_direct_encounter(capsys):
    main(["explain", str(SEED / "held-swiss16-r9.trf"), "6", "DE", "-t", "DE"])
    out = capsys.readouterr().out
    assert "#6 2" in out and "(6.2)" in out


@pytest.mark.parametrize("args, message", [
    (["standings", "missing.trf"], "missing.trf: no such file"),
    (["standings", SWISS, "-t", "XYZ"], "unknown tie-break code 'XYZ'"),
    (["standings", SWISS, "-t", "BH/Q3"], "unknown modifier /Q3"),
    (["standings", SWISS, "--rules", "1999"], "unknown rules edition '1999'"),
    (["explain", SWISS, "99", "BH"], "no participant has start number 99"),
])
def test_errors_are_one_line_and_status_2(args, message):
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_bad_file_writes_no_output(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(trf([(1, 2000, "2w1"), (2, 1900, "1b1")]))
    target = tmp_path / "out.json"
    code, _, err = run("standings", str(bad), "-f", "json", "-o", str(target))
    assert code == 2 and "bad.trf, line 4" in err and "contradict" in err
    assert not target.exists()
    assert list(tmp_path.iterdir()) == [bad]


def test_unrated_players_are_refused_without_a_rating(tmp_path):
    path = tmp_path / "unrated.trf"
    path.write_text(trf([(1, 2000, "2w1"), (2, 0, "1b0")]))
    code, _, err = run("standings", str(path), "-t", "ARO")
    assert code == 2 and "--unrated-rating" in err
    code, out, _ = run("standings", str(path), "-t", "ARO", "--unrated-rating", "1400", "-f", "json")
    assert code == 0 and json.loads(out)["standings"][0]["tiebreaks"]["ARO"] == 1400


def test_lots_are_reproducible(capsys):
    rr = str(SEED / "held-rr6.trf")
    main(["standings", rr, "-t", "WIN", "--lots", "3", "-f", "json"])
    first = json.loads(capsys.readouterr().out)
    main(["standings", rr, "-t", "WIN", "--lots", "3", "-f", "json"])
    assert json.loads(capsys.readouterr().out) == first
    assert sorted(r["rank"] for r in first["standings"]) == [1, 2, 3, 4, 5, 6]


def test_standings_of_a_csv_export_equal_those_of_its_trf(capsys):
    """The same event as a chess-results export and as TRF (player numbers are the final ranks)."""
    from helpers import DATA

    args = ["-t", "BH/C1,BH,DE", "--rules", "2012", "-f", "json"]
    main(["standings", str(DATA / "csv" / "2021-World-Blitz-Chess-Championship-Open.csv"), *args])
    from_csv = json.loads(capsys.readouterr().out)["standings"]
    main(["standings", str(DATA / "csv" / "cr_world_blitz_2021_open.trf"), *args])
    from_trf = json.loads(capsys.readouterr().out)["standings"]
    key = [(r["rank"], r["start_no"], r["points"], r["tiebreaks"]) for r in from_trf]
    assert [(r["rank"], r["start_no"], r["points"], r["tiebreaks"]) for r in from_csv] == key


def test_a_file_of_no_known_kind(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text("a;b;c\n1;2;3\n")
    code, _, err = run("standings", str(path))
    assert code == 2 and "not an event file: expected a TRF-16 or TRF-2026 file" in err


def test_standings_import_no_spreadsheet_libraries():
    """The engine and `xltb standings` use the standard library only (pandas, openpyxl and xlwings
    are for the batch mode and the add-in). Their records are named tuples and plain classes:
    ``dataclasses`` (with ``inspect``) and the classes it generates would add about 30 ms to every
    start, a tenth of the command's time on a big event."""
    code = ("import sys; from xltb.cli.main import main; "
            f"main(['standings', {SWISS!r}, '-f', 'json', '-o', '/dev/null']); "
            "print(sorted(m for m in ('pandas', 'openpyxl', 'xlwings', 'numpy', 'dataclasses', 'random') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_explain_points_and_rating_based(capsys):
    assert main(["explain", SWISS, "1", "PTS"]) == 0
    assert "points of the round" in capsys.readouterr().out
    main(["explain", SWISS, "1", "TPR"])
    out = capsys.readouterr().out
    assert "p = 0.70, dp = +149" in out and " 1800 " in out


@pytest.mark.parametrize("target, message", [("nodir/out.json", "cannot write"), (".", "it is a folder")])
def test_output_that_cannot_be_written(tmp_path, target, message):
    code, _, err = run("standings", SWISS, "-f", "json", "-o", str(tmp_path / target))
    assert code == 2 and message in err and "internal error" not in err
    assert [p.name for p in tmp_path.iterdir()] in ([], ["nodir"])


def test_json_records_the_rating_given_for_unrated_players(tmp_path):
    path = tmp_path / "unrated.trf"
    path.write_text(trf([(1, 2000, "2w1"), (2, 0, "1b0")]))
    code, out, _ = run("standings", str(path), "-t", "ARO", "--unrated-rating", "1400", "-f", "json")
    assert json.loads(out)["options"] == {"unrated_rating": 1400}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="devices and pipes as on POSIX")
def test_output_to_a_device_or_a_pipe_writes_into_it(tmp_path):
    """`-o /dev/null` or a named pipe is written to, not replaced by a renamed file."""
    assert main(["standings", SWISS, "-f", "json", "-o", os.devnull]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    fifo = tmp_path / "standings.pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    assert main(["standings", SWISS, "-f", "json", "-o", str(fifo)]) == 0
    reader.join(timeout=10)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert json.loads(received[0])["standings"][0]["rank"] == 1


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links")
def test_output_through_a_link_writes_what_it_leads_to(tmp_path):
    """A link to a file: the file gets the standings and the link stays a link. A link to a device
    (as /dev/stdout is to /proc/self/fd/1) is written through, not replaced."""
    target = tmp_path / "standings.json"
    target.write_text("old")
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    assert main(["standings", SWISS, "-f", "json", "-o", str(link)]) == 2  # it exists: --force to replace it
    assert target.read_text() == "old"
    assert main(["standings", SWISS, "-f", "json", "-o", str(link), "--force"]) == 0
    assert link.is_symlink() and json.loads(target.read_text())["rules"]
    to_device = tmp_path / "out"
    to_device.symlink_to(os.devnull)
    assert main(["standings", SWISS, "-f", "json", "-o", str(to_device)]) == 0
    assert to_device.is_symlink() and stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_output_to_dev_stdout_redirected_to_a_file(tmp_path):
    """`-o /dev/stdout` with the output redirected to a file: the standings land in that file."""
    if not os.path.islink("/dev/stdout"):
        pytest.skip("no /dev/stdout link here")
    out = tmp_path / "redirected.json"
    with open(out, "wb") as fh:
        subprocess.run([sys.executable, "-m", "xltb", "standings", SWISS, "-f", "json", "-o", "/dev/stdout"],
                       stdout=fh, check=True)
    assert json.loads(out.read_text())["standings"][0]["rank"] == 1
    assert os.path.islink("/dev/stdout")
