"""xltb's worksheet functions in a real Pyodide runtime (Python in WebAssembly under Node: what
xlwings Lite runs inside Excel), loaded from xltb's own wheel built here, called with the blocks of
templates filled from the seed events and real files as a value-passing host sends them; the
values equal ``xltb standings``. The Lite adapter (``xltb lite``'s main.py) is run under xlwings'
own decorators and dispatcher in the same runtime.

The pyodide npm package is installed by .ci/run (tests/pyodide/package-lock.json); without node or
it, the tests are skipped with the reason, unless XLTB_REQUIRE_PYODIDE=1 (.ci/run sets it).
"""

from __future__ import annotations

import json
from datetime import date, datetime
from fractions import Fraction

import pytest

import needs
import pyodide_host
from helpers import REAL, SEED
from xltb.templates import build as templates
from xltb.hosts.lite import MAIN_PY, bundled_main
from xltb.prizes import award_prizes, prizes_from_rows
from xltb.prizes.rows import table_rows
from xltb.ranking import compute
from xltb.readers.registry import read_event
from xltb.tiebreaks.codes import parse_list

#: the Prizes sheet's block of the seed Swiss (tests/data/prizes/seed.csv)
PRIZE_BLOCK = [["Prize", "Category", "Amount"], ["1st", "Open", 500], ["2nd", "Open", 300], ["3rd", "Open", 200],
               ["1st U1900", "Rating<1900", 80], ["Best U1600", "Rating<1600", 50], ["Best woman", "Women", None],
               [None, None, None]]

CASES = [  # (template kind, event file, tie-break list or None for the file's / the default)
    ("individual", SEED / "held-swiss16.trf", "BH/C1,BH,SB,DE,WIN,AOB,ARO/C1,KS"),
    ("roundrobin", SEED / "held-rr6.trf", None),
    ("team", SEED / "held-team14.trf", "EDE,EGGSB/C1,BH:GP/C1,SSSC,MPvGP"),
    ("individual", REAL / "01_fide_example1_karl_mala_gedenkturnier_2005.trf", None),
    ("individual", REAL / "04_lichess_swiss_bullet_112p_2020.trf", "BH/C1,BH,SB,PS,DE,WIN,BPG"),
]


@pytest.fixture(scope="session")
def wheel(tmp_path_factory):
    return pyodide_host.build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def pyodide(tmp_path_factory, wheel):
    needs.require_pyodide()
    host = pyodide_host.start(tmp_path_factory.mktemp("pyodide"), with_xlwings=True, wheel=wheel)
    yield host
    host.close()


def host_value(value):
    """A cell as Excel hands it to a value-passing host: dates as serial numbers, blanks as None."""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        return (value - date(1899, 12, 30)).days
    return value


def blocks(wb) -> dict[str, list[list]]:
    """The workbook's named blocks (Crosstable or Matches, Settings, Teams) as lists of rows."""
    out = {}
    for name in ("Crosstable", "Matches", "Settings", "Teams"):
        if name in wb.defined_names:
            (sheet, ref), = wb.defined_names[name].destinations
            out[name] = [[host_value(c.value) for c in row] for row in wb[sheet][ref.replace("$", "")]]
    return out


def cell(value):
    if value is None:
        return ""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def case_args(kind, path, tiebreaks):
    event = read_event(path)[0]
    wb = templates.build(kind, event, tiebreaks=tiebreaks)
    b = blocks(wb)
    args = [b["Matches"], b["Settings"], b["Teams"]] if kind == "team" else [b["Crosstable"], b["Settings"]]
    codes = [s.code for s in parse_list(wb["Settings"]["B" + str(_row_of(wb, "Tiebreaks"))].value)]
    st = compute(event, codes, None)
    return args, st


def _row_of(wb, key):
    for row in wb["Settings"].iter_rows(max_col=1):
        if row[0].value == key:
            return row[0].row
    raise KeyError(key)


@pytest.mark.parametrize("kind,path,tiebreaks", CASES, ids=[p.stem[:24] for _, p, _ in CASES])
def test_functions_in_pyodide_equal_xltb_standings(pyodide, kind, path, tiebreaks):
    args, st = case_args(kind, path, tiebreaks)
    table = pyodide.call("xltb.functions.callables", "TB_STANDINGS", *args)
    assert table[0][5:] == list(st.codes)
    assert len(table) == len(st.rows) + 1  # never cut
    for got, row in zip(table[1:], st.rows):
        p = row.participant
        assert got[:2] == [row.rank, p.start_no]
        assert got[5:] == [cell(row.values[c]) for c in st.codes], (p.start_no, got)
    # the per-cell functions, one call each through the same runtime (a few participants)
    for row in st.rows[:3] + st.rows[-2:]:
        no = row.start_no
        assert pyodide.call("xltb.functions.callables", "TB_RANK", no, *args) == row.rank
        for code in st.codes[:3]:
            assert pyodide.call("xltb.functions.callables", "TB", code, no, *args) == cell(row.values[code])


def test_errors_are_error_strings_and_explain_names_the_cell(pyodide):
    args, st = case_args("individual", SEED / "held-swiss16.trf", "BH/C1,BH,SB")
    crosstable, settings = args
    bad = [list(r) for r in crosstable]
    bad[5][8] = "=X"
    assert pyodide.call("xltb.functions.callables", "TB_BH_C1", 1, bad, settings) == "#VALUE!"
    text = pyodide.call("xltb.functions.callables", "TB_EXPLAIN", 1, "BH/C1", bad, settings)
    assert text.startswith("#VALUE! Crosstable!I6"), text
    assert pyodide.call("xltb.functions.callables", "TB_SB_C1", 99, crosstable, settings) == "#N/A"
    assert pyodide.call("xltb.functions.callables", "TB", "XYZ", 1, crosstable, settings) == "#NAME?"
    assert pyodide.call("xltb.functions.callables", "TB_SB_C1", None, crosstable, settings) == ""  # a spare row
    # a one-row crosstable arrives flat, a one-cell block as a scalar: both read
    assert pyodide.call("xltb.functions.callables", "TB_STANDINGS", crosstable[0], settings) == \
        [["Rank", "No", "Name", "Rating", "Pts", "BH/C1", "BH", "SB"]]
    # Excel's numbers are doubles: pairing numbers and ratings as 3.0 give the same table
    doubles = [[float(c) if type(c) is int else c for c in row] for row in crosstable]
    assert pyodide.call("xltb.functions.callables", "TB_STANDINGS", doubles, settings) == \
        pyodide.call("xltb.functions.callables", "TB_STANDINGS", crosstable, settings)
    assert pyodide.call("xltb.functions.callables", "TB_RANK", 2.0, doubles, settings) == st.row(2).rank
    explained = pyodide.call("xltb.functions.callables", "TB_EXPLAIN", 2, "SB", crosstable, settings)
    assert "SB" in explained and "#2" in explained


@pytest.mark.parametrize("bundled", [True, False], ids=["main.py carrying xltb", "short main.py + wheel"])
def test_the_lite_main_py_under_xlwings_decorators(pyodide, bundled):
    """xltb lite's main.py, run as Lite runs it: xlwings' own func/arg decorators register the
    functions (xlwings.server, as `from xlwings import func` resolves with XLWINGS_ON_SERVER), its
    custom_functions_meta lists them, and its dispatcher calls them with Office.js-shaped arguments
    (every argument a matrix) and turns the error text into Excel error values.

    xlwings' server decorators live in xlwings.pro (PolyForm Noncommercial); importing them asks for a
    licence key, and `noncommercial` is the key xlwings documents for noncommercial use. It is set in
    the Pyodide process only, for this test of an MIT project; xltb ships no xlwings.pro code.

    The main.py that carries xltb (``xltb lite``'s default) unpacks it and imports that copy, not the
    wheel the runtime has installed; the short one imports the installed wheel."""
    args, st = case_args("individual", SEED / "held-swiss16.trf", "BH/C1,BH,SB,DE,WIN")
    main_py = bundled_main() if bundled else MAIN_PY
    crosstable, settings = args
    code = f"""
import asyncio, os, sys, types, json
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
import xlwings
from xlwings.server import custom_functions_call, custom_functions_meta
# the runtime is shared by the tests: start from the installed wheel, as a new Lite session does
sys.path[:] = [p for p in sys.path if not p.startswith("/tmp/xltb-")]
for name in [m for m in sys.modules if m == "xltb" or m.startswith("xltb.")]:
    del sys.modules[name]
main = types.ModuleType("main")
sys.modules["main"] = main
exec({main_py!r}, main.__dict__)
exec({main_py!r}, main.__dict__)  # Lite runs main.py again after an edit: the unpacked copy is reused

def drive(coro):  # the dispatcher awaits nothing that suspends: run it without an event loop
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    raise RuntimeError("the call suspended")

def call(name, *args):
    return drive(custom_functions_call({{"func_name": name, "args": list(args), "version": xlwings.__version__,
                                         "client": "Office.js", "runtime": "1.4"}}, main))

ct, st, prizes = json.loads({json.dumps([crosstable, settings, PRIZE_BLOCK])!r})
meta = custom_functions_meta(main)
result = {{
    "functions": {{f["id"]: f for f in meta["functions"]}},
    "sb_c1": call("TB_SB_C1", [[2]], ct, st),
    "rank": call("TB_RANK", [[2]], ct, st),
    "missing": call("TB_SB_C1", [[99]], ct, st),
    "blank": call("TB_SB_C1", [[None]], ct, st),
    "standings": call("TB_STANDINGS", ct, st, None),
    "prizes": call("TB_PRIZES", prizes, [["equal"]], ct, st, None),
    "status": call("TB_STATUS", ct, st, None),
    "version": call("TB_VERSION"),
    "xltb_from": sys.modules["xltb.functions.callables"].__file__,
}}
"""
    out = pyodide.run(code)
    assert out["xltb_from"].startswith("/tmp/xltb-") == bundled, out["xltb_from"]
    fns = out["functions"]
    assert {"TB_SB_C1", "TB_RANK", "TB_STANDINGS", "TB_EXPLAIN", "TB_CHECK", "TB", "TB_EDE"} <= set(fns)
    assert len(fns) == len(__import__("xltb.functions.callables", fromlist=["NAMES"]).NAMES)
    sb = fns["TB_SB_C1"]
    assert [p["name"] for p in sb["parameters"]] == ["cell", "crosstable", "settings", "teams"]
    assert [p.get("optional", False) for p in sb["parameters"]] == [False, False, True, True]
    assert not sb.get("volatile") and not sb.get("options", {}).get("volatile")
    assert fns["TB_VERSION"]["parameters"] == [] and fns["TB_VERSION"]["options"]["volatile"] is True
    row = st.row(2)
    with_sb_c1 = compute(st.event, list(st.codes) + ["SB/C1"], None)
    assert out["sb_c1"] == [[cell(with_sb_c1.row(2).values["SB/C1"])]]
    assert out["rank"] == [[row.rank]]
    assert out["missing"] == [[{"type": "Error", "errorType": "NotAvailable"}]]
    assert out["blank"] == [[""]]
    assert len(out["standings"]) == len(st.rows) + 1 and out["standings"][0][5:] == list(st.codes)
    assert [r[1] for r in out["standings"][1:]] == [r.start_no for r in st.rows]
    # the prize list: the list xltb prizes gives for the same standings (tests/test_prizes.py works it out)
    assert [p["name"] for p in fns["TB_PRIZES"]["parameters"]] == ["prizes", "share", "crosstable", "settings", "teams"]
    want = table_rows(award_prizes(st, prizes_from_rows(PRIZE_BLOCK), "equal"))
    assert out["prizes"] == [["" if v is None else v for v in r] for r in want]
    assert out["prizes"][4][:8] == ["(share of 2nd + 3rd)", "Open", "", 1, "Alyx", 4, 3.5, 166.66]
    assert out["status"] == [["ok"]] and out["version"] == [[f"xltb {__import__('xltb').__version__}"]]


def test_the_wheel_lite_installs_is_small_and_pulls_in_nothing(wheel):
    """In Pyodide (sys_platform "emscripten", what micropip evaluates the markers with) xltb's wheel
    requires nothing: no pandas, no openpyxl to download on every start of Lite."""
    import zipfile

    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    # about 670 KB (the 1,300-line VBA module the .xlsm carries, the Calc extension's type library and the
    # report's five language files, with the engine's and the pairing's messages, are package data; code is
    # most of it, the pairing engine about 55 KB of it): small beside the Pyodide runtime Lite loads first
    # (about 10 MB); the bound catches a data file added by mistake
    assert wheel.name.endswith("-py3-none-any.whl") and wheel.stat().st_size < 800_000
    with zipfile.ZipFile(wheel) as z:
        meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    requires = [Requirement(line.split(":", 1)[1].strip()) for line in meta.splitlines()
                if line.startswith("Requires-Dist:")]
    pyodide_env = {**default_environment(), "sys_platform": "emscripten", "platform_system": "Emscripten",
                   "extra": ""}
    assert {r.name for r in requires if r.marker is None or r.marker.evaluate(pyodide_env)} == set()
    linux_env = {**default_environment(), "sys_platform": "linux", "extra": ""}
    assert {r.name for r in requires if r.marker is None or r.marker.evaluate(linux_env)} == {"openpyxl", "pandas"}


def test_xltb_lite_writes_main_py_and_requirements(tmp_path):
    import subprocess
    import sys

    from xltb import __version__

    def lite(*args):
        return subprocess.run([sys.executable, "-m", "xltb", "lite", *args], capture_output=True, text=True)

    out = tmp_path / "lite"
    done = lite("-o", str(out))
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["main.py"] and "nothing to add to requirements.txt" in done.stderr
    text = (out / "main.py").read_text()
    # about 800 KB of base64 (the package Lite runs, without books, cli, recalc, templates and the Calc
    # extension: 715 KB before the Lim system, the team Swiss in the workbook and the Status note landed); the
    # bound catches a data file added by mistake
    assert text == bundled_main() and "register(globals(), func, arg)" in text and len(text) < 1_000_000
    again = lite("-o", str(out))
    assert again.returncode == 2 and "use --force" in again.stderr
    pypi = lite("-o", str(out), "--force", "--pypi")
    assert pypi.returncode == 0 and (out / "main.py").read_text() == MAIN_PY
    assert (out / "requirements.txt").read_text() == f"xltb=={__version__}\n"
    url = "https://example.org/dist/xltb-0.1.0-py3-none-any.whl"
    forced = lite("-o", str(out), "--force", "--wheel-url", url)
    assert forced.returncode == 0 and (out / "requirements.txt").read_text() == url + "\n"
    bad = lite("-o", str(out), "--force", "--wheel-url", "x.zip")
    assert bad.returncode == 2 and "--wheel-url" in bad.stderr
    both = lite("-o", str(out), "--force", "--pypi", "--wheel-url", url)
    assert both.returncode == 2


def test_the_carried_package_is_xltb_as_installed():
    """The zip inside the bundled main.py holds every module and data file of the package (no caches)
    but the packages Lite never runs, with fixed timestamps, so the same xltb gives the same main.py."""
    import io
    import zipfile
    from pathlib import Path

    import xltb
    from xltb.hosts.lite import NOT_IN_LITE as left_out, package_zip

    root = Path(xltb.__file__).parent
    on_disk = {str(p.relative_to(root.parent)) for p in root.rglob("*") if p.is_file()
               and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")
               and not any(p.relative_to(root).as_posix().startswith(f"{d}/") for d in left_out)}
    assert left_out == {"books", "cli", "recalc", "templates", "hosts/libreoffice"}
    data = package_zip()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert set(z.namelist()) == on_disk
        assert {"xltb/functions/callables.py", "xltb/report/lang/en.json"} <= set(z.namelist())
    assert package_zip() == data
