"""The LibreOffice Calc extension: its IDL, type library and .oxt (no LibreOffice needed), the
``xltb libreoffice`` command, and the add-in running in a real headless LibreOffice: the
template workbooks filled from the seed events, add-in formulas put on the cells through UNO,
every function cell read back and compared with ``xltb standings`` / ``xltb explain``; a result
changed through UNO and the values following; a PDF of the recalculated sheet (rendered to PNG
with pdftoppm when it is installed). One office for the whole session (conftest.py), with its own profile."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.dom.minidom
import zipfile
from io import BytesIO
from pathlib import Path

import pytest

import needs
import lo_host
from helpers import SEED, swiss16_with_a_draw
from xltb import __version__
from xltb.functions.catalogue import FUNCTIONS as CATALOGUE, function_name
from xltb.hosts.libreoffice import EXTENSION_ID, PREFIX, dispatch, idl, oxt
from xltb.hosts.libreoffice.spec import FUNCTIONS

ROOT = Path(__file__).resolve().parent.parent
XLTB = [sys.executable, "-m", "xltb"]


def xltb(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*XLTB, *args], capture_output=True, text=True, cwd=ROOT, **kwargs)


# --------------------------------------------------------------------------- the files (no LibreOffice)
def test_idl_is_the_one_written_from_the_catalogue():
    assert idl.IDL_FILE.read_text() == idl.idl_text(), "run python -m xltb.hosts.libreoffice.idl"
    names = {f.name for f in FUNCTIONS}
    assert set(CATALOGUE) <= names
    assert {"TB", "TB_RANK", "TB_EXPLAIN", "TB_CHECK", "TB_STANDINGS"} <= names
    assert "any TB_BH_GP_C1( [in] any cell, [in] sequence< sequence< any > > crosstable, [in] any settings, " \
           "[in] any teams );" in idl.IDL_FILE.read_text()


@pytest.mark.skipif(idl.find_unoidl_write() is None, reason="unoidl-write (Debian: libreoffice-dev) is not installed")
def test_committed_type_library_compiles_from_the_idl():
    assert idl.compile_rdb(idl.idl_text()) == idl.RDB_FILE.read_bytes()


def test_oxt_holds_component_types_help_and_xltb():
    data = oxt.build()
    assert data == oxt.build()  # the same xltb gives the same file
    z = zipfile.ZipFile(BytesIO(data))
    names = set(z.namelist())
    assert {"META-INF/manifest.xml", "description.xml", "CalcAddIns.xcu", "xltb.rdb", "xltb_addin.py",
            "pythonpath/xltb/__init__.py", "pythonpath/xltb/functions/core.py",
            "pythonpath/xltb/hosts/libreoffice/dispatch.py"} <= names
    assert not any("__pycache__" in n or n.startswith("pythonpath/xltb/examples") for n in names)
    desc = xml.dom.minidom.parseString(z.read("description.xml"))
    assert desc.getElementsByTagName("version")[0].getAttribute("value") == __version__
    assert desc.getElementsByTagName("identifier")[0].getAttribute("value") == EXTENSION_ID
    src = desc.getElementsByTagName("extension-description")[0].getElementsByTagName("src")[0]
    assert "C.07" in z.read(src.getAttribute("xlink:href")).decode()  # what the Extension Manager shows
    xcu = xml.dom.minidom.parseString(z.read("CalcAddIns.xcu"))
    shown = {}
    for node in xcu.getElementsByTagName("node"):
        for prop in node.childNodes:
            if getattr(prop, "getAttribute", None) and prop.getAttribute("oor:name") == "DisplayName" and \
                    node.parentNode.getAttribute("oor:name") == "AddInFunctions":
                shown[node.getAttribute("oor:name")] = prop.getElementsByTagName("value")[0].firstChild.data
    assert shown == {f.name: f.name for f in FUNCTIONS}  # display names are the Excel names
    assert z.read("xltb.rdb") == idl.RDB_FILE.read_bytes()


def test_errors_map_to_calc_errors():
    assert dispatch.error_of("#N/A") == "#N/A" and dispatch.error_of("#VALUE!") == "#VALUE!"
    assert dispatch.error_of("ok") is None and dispatch.error_of(3.5) is None
    assert set(dispatch.CALC_ERRORS) == {"#N/A", "#VALUE!", "#NUM!", "#NAME?"}
    assert dispatch.table([[1, "a", True], [2.5]]) == ((1.0, "a", 1.0), (2.5, "", ""))


def test_command_writes_the_oxt(tmp_path):
    out = tmp_path / "xltb.oxt"
    done = xltb("libreoffice", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == oxt.build()
    again = xltb("libreoffice", "-o", str(out))
    assert again.returncode == 2 and "--force" in again.stderr
    assert xltb("libreoffice", "-o", str(tmp_path / "x.zip")).returncode == 2


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="root only")
def test_install_as_root_needs_shared():
    done = xltb("libreoffice", "--install")
    assert done.returncode == 2 and "--shared" in done.stderr and "root" in done.stderr


def _readable_copy(target: Path) -> Path:
    """A copy of the xltb package under ``target`` that any user can read: the clone the tests run
    from may lie where only its owner can (root's home, mode 700), and nobody cannot import it
    from there."""
    shutil.copytree(ROOT / "xltb", target / "xltb", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for folder, dirs, files in os.walk(target):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)
    return target


def _as_user(tmp_path):
    """How to run xltb as an ordinary user with a fresh LibreOffice profile in tmp_path (root: as
    nobody, with the system Python, which LibreOffice's own Python is on Debian, importing a copy
    of xltb in tmp_path)."""
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT),
           "PYTHONDONTWRITEBYTECODE": "1"}
    if os.geteuid() != 0:
        return [*XLTB], env, []
    if shutil.which("runuser") is None or not Path("/usr/bin/python3").exists():
        pytest.skip("root without runuser: unopkg will not install for root's own profile")
    env["PYTHONPATH"] = str(_readable_copy(tmp_path / "pythonpath"))
    os.chmod(tmp_path, 0o755)
    os.chmod(home, 0o777)
    runuser = ["runuser", "-u", "nobody", "--", "env", *(f"{k}={v}" for k, v in env.items())]
    return [*runuser, "/usr/bin/python3", "-m", "xltb"], env, runuser


@pytest.fixture
def user_dir():
    """A folder an ordinary user can reach (pytest's tmp_path is private to root)."""
    path = Path(tempfile.mkdtemp(prefix="xltb-unopkg-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX only")
def test_command_installs_and_removes_with_unopkg(user_dir):
    from xltb.hosts.libreoffice.unopkg import find_unopkg

    unopkg = find_unopkg()
    if unopkg is None:
        pytest.skip("LibreOffice's unopkg is not installed")
    tmp_path = user_dir
    cmd, env, prefix = _as_user(tmp_path)

    def run(*args):
        return subprocess.run([*cmd, *args], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)

    def listed():
        out = subprocess.run([*prefix, unopkg, "list"], capture_output=True, text=True, cwd=tmp_path, env=env,
                             timeout=300).stdout
        return f"Identifier: {EXTENSION_ID}" in out and "is registered: no" not in out and \
            "tie-breaks of FIDE Handbook C.07" in out

    done = run("libreoffice", "--install")
    assert done.returncode == 0, done.stderr
    assert listed()
    done = run("libreoffice", "--remove")
    assert done.returncode == 0, done.stderr
    assert not listed()


# --------------------------------------------------------------------------- in LibreOffice
lo = needs.UNO


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """The .xlsx templates filled from the seed events by ``xltb template --from``."""
    out = tmp_path_factory.mktemp("books")
    for kind, seed in (("individual", "held-swiss16.trf"), ("roundrobin", "held-rr6.trf"), ("team", "held-team14.trf")):
        done = xltb("template", kind, "--from", str(SEED / seed), "-o", str(out / f"{kind}.xlsx"))
        assert done.returncode == 0, done.stderr
    return out


def values_of(path, codes) -> dict[str, dict[int, object]]:
    """code -> pairing number -> the value ``xltb standings`` prints, computed as a worksheet function
    computes it: with the event's own list, the code appended when the list lacks it (DE depends on
    the codes before it)."""
    own = standings(path)
    out = {}
    for code in codes:
        table = own if code in own["tiebreaks"] else standings(path, own["tiebreaks"] + [code])
        out[code] = {row["start_no"]: expect(row["tiebreaks"][code]) for row in table["standings"]}
    return out


def standings(path, codes=None) -> dict:
    args = ["standings", str(path), "--format", "json"] + (["-t", ",".join(codes)] if codes else [])
    done = xltb(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cell_result(cell):
    """What the cell shows: a number, a text, or ("error", Calc's error code)."""
    if cell.getError():
        return ("error", cell.getError())
    kind = cell.FormulaResultType2
    return cell.getValue() if kind == 1 else cell.getString()


def expect(value):
    return "" if value is None else float(value)


class Sheet:
    """A new sheet ``LO`` of a loaded template with add-in formulas, one row per participant."""

    def __init__(self, doc, blocks: str, count: int):
        doc.Sheets.insertNewByName("LO", doc.Sheets.getCount())
        self.doc, self.sheet, self.blocks, self.count = doc, doc.Sheets.getByName("LO"), blocks, count

    def cell(self, name):
        return self.sheet.getCellRangeByName(name)

    def column(self, col: str, formula: str) -> None:
        """``formula`` with ``{r}`` for the row, ``{b}`` for the blocks, in rows 2..count+1."""
        for r in range(2, self.count + 2):
            self.cell(f"{col}{r}").setFormula(formula.format(r=r, b=self.blocks))

    def values(self, col: str) -> dict[int, object]:
        return {int(self.cell(f"A{r}").getValue()): cell_result(self.cell(f"{col}{r}"))
                for r in range(2, self.count + 2)}


INDIVIDUAL_CODES = ("BH/C1", "BH", "SB", "SB/C1", "PS", "WIN", "DE", "KS", "FB", "BH/M1")
CROSSTABLE = "$Crosstable.$A$1:$M$17"
SETTINGS = "$Settings.$A$2:$B$12"


def _fill_individual(sheet: Sheet, codes) -> dict[str, str]:
    sheet.column("A", "=$Crosstable.A{r}")
    sheet.column("B", "=TB_RANK($A{r};{b})")
    sheet.column("C", "=TB_PTS($A{r};{b})")
    columns = {}
    for i, code in enumerate(codes):
        col = chr(ord("D") + i)
        name = function_name(code)
        if name in CATALOGUE:
            sheet.column(col, f"={name}($A{{r}};{{b}})")
        else:
            sheet.column(col, f'=TB("{code}";$A{{r}};{{b}})')
        columns[code] = col
    return columns


def _check_individual(sheet: Sheet, columns, trf) -> None:
    ranked = standings(trf)
    assert sheet.values("B") == {row["start_no"]: float(row["rank"]) for row in ranked["standings"]}
    assert sheet.values("C") == {row["start_no"]: float(row["points"]) for row in ranked["standings"]}
    expected = values_of(trf, columns)
    for code, col in columns.items():
        assert sheet.values(col) == expected[code], code


@lo
def test_individual_event_equals_xltb_standings_and_follows_edits(office, books, tmp_path):
    doc = office.load(books / "individual.xlsx")
    try:
        sheet = Sheet(doc, f"{CROSSTABLE};{SETTINGS}", 16)
        columns = _fill_individual(sheet, INDIVIDUAL_CODES)
        doc.calculateAll()
        assert sheet.cell("D2").getFormula() == f"={PREFIX}TB_BH_C1($A2;{CROSSTABLE};{SETTINGS})"
        _check_individual(sheet, columns, SEED / "held-swiss16.trf")
        # the named ranges and the optional Settings block
        sheet.cell("P2").setFormula("=TB_SB(5;Crosstable;Settings)")
        sheet.cell("P3").setFormula(f"=TB_SB(5;{CROSSTABLE})")
        sb = {row["start_no"]: row["tiebreaks"]["SB"] for row in standings(SEED / "held-swiss16.trf")["standings"]}
        assert cell_result(sheet.cell("P2")) == cell_result(sheet.cell("P3")) == sb[5]

        # TB_EXPLAIN: the text of xltb explain
        sheet.cell("P4").setFormula(f'=TB_EXPLAIN(1;"SB";{sheet.blocks})')
        explained = xltb("explain", str(SEED / "held-swiss16.trf"), "1", "SB")
        assert sheet.cell("P4").getString() == explained.stdout.rstrip("\n")

        # TB_CHECK: a published figure against xltb's value (number and text cells)
        sheet.cell("P10").setFormula(f'=TB_CHECK(1;8;"SB";{sheet.blocks})')
        sheet.cell("P11").setFormula(f'=TB_CHECK(1;"8,5";"SB";{sheet.blocks})')
        assert sheet.cell("P10").getString() == "ok"
        assert sheet.cell("P11").getString() == "differs: xltb 8, published 8.5 (+0.5); no known variant reproduces it"

        # TB_STANDINGS as an array formula
        area = sheet.sheet.getCellRangeByName("R1:AA17")
        area.setArrayFormula(f"=TB_STANDINGS({sheet.blocks})")
        rows = area.getDataArray()
        ranked = standings(SEED / "held-swiss16.trf")
        assert rows[0] == ("Rank", "No", "Name", "Rating", "Pts", *ranked["tiebreaks"])
        assert [r[:3] for r in rows[1:]] == [(float(s["rank"]), float(s["start_no"]), s["name"])
                                             for s in ranked["standings"]]
        assert [r[4:] for r in rows[1:]] == [(float(s["points"]), *(expect(s["tiebreaks"][c]) for c in ranked["tiebreaks"]))
                                             for s in ranked["standings"]]

        # errors: an unknown code, an unknown pairing number, a bad crosstable cell, a refused value
        sheet.cell("P5").setFormula(f'=TB("XX/9";1;{sheet.blocks})')
        sheet.cell("P6").setFormula(f"=TB_SB(99;{sheet.blocks})")
        sheet.cell("P7").setFormula(f'=IFERROR(TB_SB(99;{sheet.blocks});"none")')
        sheet.cell("P8").setFormula(f"=ISNA(TB_SB(99;{sheet.blocks}))")
        sheet.cell("P9").setFormula(f"=TB_ARO(9;{sheet.blocks})")
        assert cell_result(sheet.cell("P5")) == ("error", 502)  # #NAME? -> Err:502 (invalid argument)
        assert sheet.cell("P6").getString() == "#N/A"
        assert cell_result(sheet.cell("P7")) == "none" and cell_result(sheet.cell("P8")) == 1.0
        aro = cell_result(sheet.cell("P9"))
        assert isinstance(aro, float) and aro > 0
        ct = doc.Sheets.getByName("Crosstable")
        rating = ct.getCellRangeByName("D2")
        rating.setString("")  # Alyx (no 1, Jessica's round 1 opponent) unrated, no UnratedRating: refused
        assert cell_result(sheet.cell("P9")) == ("error", 503)  # #NUM!
        rating.setValue(2200)
        assert cell_result(sheet.cell("P9")) == aro
        ct.getCellRangeByName("J2").setString("=B99")  # an opponent who does not exist
        assert cell_result(sheet.cell("D2")) == ("error", 519)  # #VALUE!
        assert "J2" in sheet.cell("P4").getString()  # TB_EXPLAIN names the cell
        ct.getCellRangeByName("J2").setString("=B13")

        # a result changed through UNO: the values follow (automatic recalculation)
        ct.getCellRangeByName("I2").setString("=W9")  # Alyx - Jessica round 1: 1-0 -> draw
        ct.getCellRangeByName("I10").setString("=B1")
        edited = swiss16_with_a_draw(tmp_path)
        _check_individual(sheet, columns, edited)
    finally:
        doc.close(True)


@lo
def test_round_robin_equals_xltb_standings(office, books):
    doc = office.load(books / "roundrobin.xlsx")
    try:
        ct = doc.Sheets.getByName("Crosstable")
        used = ct.createCursor()
        used.gotoEndOfUsedArea(False)
        last_col, last_row = used.getRangeAddress().EndColumn, used.getRangeAddress().EndRow
        end = chr(ord("A") + last_col)
        # the participants: the rows with a pairing number (the template keeps blank rows for late entries)
        count = sum(1 for r in range(1, last_row + 1) if ct.getCellByPosition(0, r).getString().strip())
        sheet = Sheet(doc, f"$Crosstable.$A$1:${end}${last_row + 1};$Settings.$A$2:$B$12", count)
        columns = _fill_individual(sheet, ("SB", "KS", "WIN", "DE", "BH"))
        doc.calculateAll()
        _check_individual(sheet, columns, SEED / "held-rr6.trf")
    finally:
        doc.close(True)


TEAM_CODES = ("MPvGP", "GPTS", "BH:MP", "BH:GP/C1", "SB:MP", "EMMSB", "EGGSB/C1")


@lo
def test_team_event_equals_xltb_standings(office, books):
    doc = office.load(books / "team.xlsx")
    try:
        sheet = Sheet(doc, "Matches;Settings;Teams", 14)
        sheet.column("A", "=$Teams.A{r}")
        sheet.column("B", "=TB_RANK($A{r};{b})")
        sheet.column("C", "=TB_MPTS($A{r};{b})")
        for i, code in enumerate(TEAM_CODES):
            sheet.column(chr(ord("D") + i), f"={function_name(code)}($A{{r}};{{b}})")
        doc.calculateAll()
        trf = SEED / "held-team14.trf"
        ranked, expected = standings(trf), values_of(trf, TEAM_CODES)
        assert sheet.values("B") == {row["start_no"]: float(row["rank"]) for row in ranked["standings"]}
        assert sheet.values("C") == {row["start_no"]: float(row["points"]) for row in ranked["standings"]}
        for i, code in enumerate(TEAM_CODES):
            assert sheet.values(chr(ord("D") + i)) == expected[code], code
        sheet.cell("M2").setFormula("=TB_MPTS(1;Matches;Settings)")  # no Teams block: says so
        assert cell_result(sheet.cell("M2")) == ("error", 519)
        sheet.cell("M3").setFormula("=TB_EXPLAIN(1;\"MPTS\";Matches;Settings)")
        assert "Teams" in sheet.cell("M3").getString()
    finally:
        doc.close(True)


@lo
def test_recalculated_standings_sheet_renders_numbers(office, books, tmp_path):
    """The template's own Standings sheet with its table formula in the add-in's spelling, as a PDF
    (and PNG when pdftoppm is installed): numbers, no #NAME?. The sheet's per-row cells read the
    table with INDEX/MATCH, as in Excel."""
    doc = office.load(books / "individual.xlsx")
    try:
        st = doc.Sheets.getByName("Standings")
        st.unprotect("")  # the template protects its formulas (no password)
        table = st.getCellRangeByName("L3:U19")  # the Excel =TB_STANDINGS(Crosstable,Settings) array
        table.clearContents(1 | 2 | 4 | 16)
        table.setArrayFormula(f"=TB_STANDINGS({CROSSTABLE};{SETTINGS})")
        for name in ("Instructions", "Settings", "Crosstable", "Prizes", "Pairings", "Pairings by name"):
            doc.Sheets.getByName(name).IsVisible = False  # the standings printed
        for name in ("Prizes", "Pairings", "Pairings by name"):
            doc.Sheets.getByName(name).setPrintAreas(())  # Calc prints the print area of a hidden sheet
        doc.calculateAll()
        pdf = tmp_path / "standings.pdf"
        doc.storeToURL(pdf.as_uri(), (lo_host.pv("FilterName", "calc_pdf_Export"),))
        ods = tmp_path / "standings.ods"
        doc.storeToURL(ods.as_uri(), (lo_host.pv("FilterName", "calc8"),))
        shown = st.getCellRangeByName("H4").getValue()
    finally:
        doc.close(True)
    # the .ods keeps the calls in the add-in's spelling, and computes them when opened again
    content = zipfile.ZipFile(ods).read("content.xml").decode()
    assert f"{PREFIX}TB_STANDINGS(" in content, re.findall(r'table:formula="[^"]*STANDINGS[^"]*"', content)
    doc = office.load(ods)
    try:
        doc.calculateAll()
        assert doc.Sheets.getByName("Standings").getCellRangeByName("H4").getValue() == shown == 8.0  # Alyx's SB
    finally:
        doc.close(True)
    if shutil.which("pdftotext") is None:
        needs.skip_unless(needs.missing_pdftotext())
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "#NAME?" not in text and "Err:" not in text and "#VALUE!" not in text
    ranked = standings(SEED / "held-swiss16.trf")
    first = next(s for s in ranked["standings"] if s["start_no"] == 1)
    assert "Alyx" in text and "Bruno" in text
    line = next(x for x in text.splitlines() if "Alyx" in x)
    assert line.split()[-6:-5] == [str(first["rank"])] or str(first["rank"]) in line.split()
    assert "12.5" in line or "12,5" in line  # Alyx's BH
    subprocess.run(["pdftoppm", "-png", "-r", "70", str(pdf), str(tmp_path / "standings")], check=True)
    assert list(tmp_path.glob("standings*.png"))
