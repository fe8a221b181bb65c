"""Hostile input to the commands other than recalc (issue 22): check JSON files with unknown types and
repeated rows, devices and FIFOs as inputs and outputs, names with terminal control characters in
warnings, errors that must name their file, and limits enforced before the work."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading

import pytest

from fuzzing import run
from helpers import DATA, SEED
from xltb import limits

CHECK = DATA / "check"


def _json(tmp_path, change=None, *, indent=None):
    doc = json.loads((CHECK / "held-2024.json").read_text())
    if change:
        change(doc)
    shutil.copy(CHECK / "held-swiss16.trf", tmp_path / "held-swiss16.trf")
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(doc, indent=indent))
    return path


# --------------------------------------------------------------------------- check JSON
def test_check_of_a_json_with_an_unknown_event_type_is_an_input_error(tmp_path):
    path = _json(tmp_path, lambda d: d["event"].__setitem__("type", "blitz"))
    out = run(["check", str(path)])
    assert out.code == 2 and "odd.json" in out.stderr and "event.type" in out.stderr, out.stderr
    assert "swiss" in out.stderr  # the types it may be


def test_check_refuses_a_json_whose_rows_repeat_a_start_number_with_the_line(tmp_path):
    path = _json(tmp_path, lambda d: d.__setitem__("standings", d["standings"] + d["standings"]), indent=1)
    out = run(["check", str(path)])
    assert out.code == 2 and "odd.json" in out.stderr and "twice" in out.stderr, out.stderr
    first = json.loads(path.read_text())["standings"][0]["start_no"]
    lines = path.read_text().split("\n")
    # the line of the 17th row (the first repeated one): where its start number is written
    where = [i for i, line in enumerate(lines, start=1) if f'"start_no": {first},' in line][1]
    assert f"line {where}" in out.stderr and f"start number {first}" in out.stderr


def test_check_of_a_compact_json_with_repeated_rows_names_the_row(tmp_path):
    path = _json(tmp_path, lambda d: d["standings"].append(dict(d["standings"][3])))
    out = run(["check", str(path)])
    assert out.code == 2 and "standings row 17" in out.stderr and "row 4" in out.stderr and "line 1" in out.stderr


def test_check_refuses_more_rows_than_participants_allowed_before_comparing(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_PARTICIPANTS", 10)
    out = run(["check", str(_json(tmp_path))])
    assert out.code == 2 and "16 rows" in out.stderr and "limit of 10" in out.stderr, out.stderr


@pytest.mark.parametrize("change,why", [
    (lambda d: d.__setitem__("tiebreaks", d["tiebreaks"] * 2), "tiebreaks lists 'BH/C1' twice"),
    (lambda d: d.__setitem__("tiebreaks", [f"BH/C{k}" for k in range(1, 200)]), "more than the limit of 100"),
    (None, "nested deeper"),
])
def test_check_refuses_a_json_whose_columns_would_make_it_work_for_ever(tmp_path, change, why):
    path = _json(tmp_path, change)
    if change is None:  # lists in lists, 100,000 deep
        path.write_text('{"tiebreaks": [], "standings": ' + "[" * 100_000 + "]" * 100_000 + "}")
    out = run(["check", str(path)])
    assert out.code == 2 and "odd.json" in out.stderr and why in out.stderr, out.stderr


def test_a_tiebreak_list_over_the_limit_is_refused_before_it_is_parsed():
    out = run(["standings", str(SEED / "held-swiss16.trf"), "-t", ",".join(["BH"] * 101)])
    assert out.code == 2 and "101 codes, more than the limit of 100" in out.stderr, out.stderr


# --------------------------------------------------------------------------- errors name their file
def test_a_rating_based_team_tiebreak_without_team_ratings_names_the_file(tmp_path):
    source = tmp_path / "teams.trf"
    source.write_text((SEED / "held-team14.trf").read_text())
    out = run(["standings", str(source), "--tiebreaks", "TPR"])
    assert out.code == 2 and f"{source}: TPR is rating-based" in out.stderr, out.stderr


def test_a_team_name_with_control_characters_is_escaped_in_a_warning(tmp_path):
    lines = (SEED / "held-team14.trf").read_text().split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("310   1 "))
    name = "Ante\x1b[31mlopes\x07"  # as long as "Antelopes" and 6 spaces: the columns stay
    lines[k] = lines[k].replace("Antelopes" + " " * 6, name).replace("10.0   17.5", "99.0   17.5")  # a wrong MP
    source = tmp_path / "teams.trf"
    source.write_text("\n".join(lines))
    for command in (["template", "team", "--from", str(source), "-o", str(tmp_path / "t.xlsx")],
                    ["standings", str(source), "-f", "csv"]):
        out = run(command)
        assert out.code == 0, out.stderr
        assert "warning" in out.stderr and "\\x1b[31m" in out.stderr, out.stderr
        assert "\x1b" not in out.stderr and "\x07" not in out.stderr


# --------------------------------------------------------------------------- devices and FIFOs
@pytest.mark.parametrize("command", [["check", "/dev/zero"], ["export", "/dev/zero", "-o", "{tmp}/x.xlsx"],
                                     ["standings", "/dev/urandom"], ["check", "/dev/urandom"]])
def test_a_device_is_read_through_the_size_limit(tmp_path, monkeypatch, command):
    if not os.path.exists(command[1]):
        pytest.skip(f"no {command[1]}")
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1 << 20)
    out = run([c.replace("{tmp}", str(tmp_path)) for c in command])
    assert out.code == 2 and f"{command[1]}: the file is larger than the limit of 1 MB" in out.stderr, out.stderr


def _fifo(path, data: bytes | None) -> threading.Thread | None:
    os.mkfifo(path)
    if data is None:
        return None

    def feed():
        with open(path, "wb") as fh:
            fh.write(data)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    return writer


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("command", ["standings", "check"])
def test_an_event_file_given_as_a_fifo_is_read_once(tmp_path, command):
    seed = CHECK / ("held-swiss16.trf" if command == "standings" else "held-2024.csv")  # check: an export
    source = tmp_path / ("event" + seed.suffix)
    data = seed.read_bytes()
    writer = _fifo(source, data)
    out = _main(command, str(source))  # a second open of the FIFO would wait for ever: the timeout fails it
    writer.join(5)
    assert out.returncode in (0, 1) and ("Seed Swiss" if command == "standings" else "16 participants") in out.stdout, \
        out.stderr


def _main(*args: str) -> subprocess.CompletedProcess:
    """The command in a process of its own: a test of what blocked for ever must not block the suite."""
    code = "import sys; from xltb.cli.main import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("command", [["standings", str(SEED / "held-swiss16.trf")],
                                     ["check", str(CHECK / "held-2024.csv")]])
def test_a_fifo_nobody_reads_is_refused_not_waited_for(tmp_path, command):
    target = tmp_path / "out.txt"
    os.mkfifo(target)
    for force in ([], ["--force"]):
        done = _main(*command, "-o", str(target), *force)  # it blocked for ever: no program opens the FIFO
        assert done.returncode == 2 and "out.txt" in done.stderr and "no program reads it" in done.stderr, \
            done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("command", [["export", str(SEED / "held-swiss16.trf")], ["template", "individual"]])
def test_a_workbook_is_not_written_over_an_existing_fifo_without_force(tmp_path, command):
    target = tmp_path / "out.xlsx"
    os.mkfifo(target)
    done = _main(*command, "-o", str(target))
    assert done.returncode == 2 and "exists; use --force" in done.stderr, done.stderr


# --------------------------------------------------------------------------- limits before the work
@pytest.mark.parametrize("source", [SEED / "held-swiss16.trf", CHECK / "held-2024.csv",
                                    DATA / "real" / "06_icu_bunratty_masters_2011.tab"])
def test_too_many_participants_are_refused_before_the_file_is_parsed(source, monkeypatch):
    monkeypatch.setattr(limits, "MAX_PARTICIPANTS", 5)

    def parse(*args, **kwargs):
        raise AssertionError("parsed before the participants were counted")

    for module in ("trf", "trf_team", "chessresults", "swissperfect"):
        monkeypatch.setattr(f"xltb.readers.{module}.parse", parse, raising=False)
        monkeypatch.setattr(f"xltb.readers.{module}.read", parse)
    out = run(["standings", str(source)])
    assert out.code == 2 and source.name in out.stderr and "more than the limit of 5" in out.stderr, out.stderr
