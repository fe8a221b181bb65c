"""LibreOffice templates (``xltb template KIND -o FILE.ods``): the Excel -> OpenFormula translator and
the ODF package (no LibreOffice), then the templates filled from the seed events in a real headless
LibreOffice with xltb's extension (the session's office, conftest.py): every formula cell read back
and compared with ``xltb standings``, a result edited and the values following, the PDF of the
recalculated sheet; and what LibreOffice shows without the extension."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.dom.minidom
import zipfile
from io import BytesIO
from pathlib import Path

import pytest

import needs
import lo_host
from helpers import FIRST, HEAD, SEED, swiss16_with_a_draw
from test_libreoffice import cell_result, expect, standings, xltb
from xltb import __version__
from xltb.templates import ods
from xltb.hosts.libreoffice import PREFIX
from xltb.templates.openformula import Untranslatable, translate
from xltb.templates.build import build
from xltb.report.printed.pdf import find_soffice

NAMES = {"Crosstable", "Settings", "Teams", "Matches"}
SEEDS = {"individual": "held-swiss16.trf", "roundrobin": "held-rr6.trf", "team": "held-team14.trf"}


# --------------------------------------------------------------------------- the translator
@pytest.mark.parametrize("excel, odf", [
    ("=TB_STANDINGS(Crosstable,Settings)", f"of:={PREFIX}TB_STANDINGS(Crosstable;Settings)"),
    ("=tb_sb_c1(A2, Crosstable, Settings)", f"of:={PREFIX}TB_SB_C1([.A2];Crosstable;Settings)"),
    ("=Crosstable!A2", "of:=[$Crosstable.A2]"),
    ("=L1", "of:=[.L1]"),
    ('=IF($A2=0,"",INDEX($Q:$Q,MATCH($A2,$M:$M,0)))', 'of:=IF([.$A2]=0;"";INDEX([.$Q:.$Q];MATCH([.$A2];[.$M:.$M];0)))'),
    ('=IFERROR(INDEX(Teams!$E$2:$L$15,MATCH($C2,Teams!$A$2:$A$15,0),$E2),"?")',
     'of:=IFERROR(INDEX([$Teams.$E$2:.$L$15];MATCH([.$C2];[$Teams.$A$2:.$A$15];0);[.$E2]);"?")'),
    ("='My sheet'!A1&\"a\"\"b,c\"", 'of:=[$\'My sheet\'.A1]&"a""b,c"'),
    ('=TB("BH/C1",A2,Crosstable)', f'of:={PREFIX}TB("BH/C1";[.A2];Crosstable)'),
    ("=ROUND(TB_SB(A2,Crosstable)+1.5e1,1)", f"of:=ROUND({PREFIX}TB_SB([.A2];Crosstable)+1.5e1;1)"),
])
def test_translator_writes_openformula(excel, odf):
    assert translate(excel, NAMES) == odf


@pytest.mark.parametrize("excel", ['=HYPERLINK("http://x","y")', "=INDIRECT(A1)", "=Foo", "=A1,B1", "=SUM((A1)",
                                   "=SUM(A1))", "=TB_NOSUCH(A1)", "=A1:B", "=Crosstable!", "text", "={1,2}",
                                   "=A1 B1", "=SUM(A1:A2 B1:B2)", "=[1]Sheet!A1", "=#REF!"])
def test_translator_refuses_what_it_does_not_know(excel):
    with pytest.raises(Untranslatable):
        translate(excel, NAMES)


# --------------------------------------------------------------------------- the package
def _content(data: bytes) -> xml.dom.minidom.Document:
    return xml.dom.minidom.parseString(zipfile.ZipFile(BytesIO(data)).read("content.xml"))


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_package_is_an_ods_with_the_xlsx_names_and_cached_values(kind):
    from xltb.readers.registry import read_event

    event = read_event(str(SEED / SEEDS[kind]))[0]
    wb = build(kind, event, calc=True)
    data = ods.write(wb)
    assert data == ods.render(kind, event)  # deterministic
    z = zipfile.ZipFile(BytesIO(data))
    first = z.infolist()[0]
    assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED and not first.extra
    assert z.read("mimetype") == b"application/vnd.oasis.opendocument.spreadsheet"
    assert data[30:38] == b"mimetype" and data[38:38 + 46] == z.read("mimetype")  # readable at a fixed offset
    manifest = xml.dom.minidom.parseString(z.read("META-INF/manifest.xml"))
    listed = {e.getAttribute("manifest:full-path") for e in manifest.getElementsByTagName("manifest:file-entry")}
    assert listed == {"/", "content.xml", "styles.xml", "meta.xml"}
    for name in ("styles.xml", "meta.xml"):
        xml.dom.minidom.parseString(z.read(name))
    doc = _content(data)
    tables = [t.getAttribute("table:name") for t in doc.getElementsByTagName("table:table")]
    assert tables == wb.sheetnames
    ranges = {n.getAttribute("table:name"): n.getAttribute("table:cell-range-address")
              for n in doc.getElementsByTagName("table:named-range")}
    assert set(ranges) == set(wb.defined_names.keys())
    for name, defined in wb.defined_names.items():
        sheet, cells = defined.attr_text.split("!")
        assert ranges[name] == f"${sheet}." + cells.replace(":", ":."), name
    cells = doc.getElementsByTagName("table:table-cell")
    formulas = [c for c in cells if c.hasAttribute("table:formula")]
    cached = sum(len(v) for v in wb.xltb_cached.values())
    assert len(formulas) == cached  # every formula of the .xlsx, each with its value
    for cell in formulas:
        assert cell.getAttribute("table:formula").startswith("of:=") and cell.hasAttribute("office:value-type")
    matrix = [c for c in cells if c.hasAttribute("table:number-matrix-rows-spanned")]
    # the standings, the prize list (individual events), the pairings by board and by name
    assert len(matrix) == len(wb.xltb_matrix) == (3 if kind == "team" else 4)
    for found, (sheet, (anchor, rows, cols)) in zip(matrix, wb.xltb_matrix.items()):
        assert (int(found.getAttribute("table:number-matrix-rows-spanned")),
                int(found.getAttribute("table:number-matrix-columns-spanned"))) == (rows, cols), sheet
    assert matrix[0].getAttribute("table:formula") == (
        f"of:={PREFIX}TB_STANDINGS(" + ("Matches;Settings;Teams)" if kind == "team" else "Crosstable;Settings)"))
    if kind != "team":
        assert matrix[1].getAttribute("table:formula") == \
            f"of:={PREFIX}TB_PRIZES(PrizeTable;PrizeSharing;Crosstable;Settings)"
        assert [m.getAttribute("table:formula") for m in matrix[2:]] == [
            f"of:={PREFIX}TB_PAIRINGS(Crosstable;Settings)", f"of:={PREFIX}TB_PAIRINGS_BY_NAME(Crosstable;Settings)"]
    protected = {t.getAttribute("table:name") for t in doc.getElementsByTagName("table:table")
                 if t.getAttribute("table:protected") == "true"}
    assert protected == ({"Standings", "Matches"} if kind == "team" else {"Standings"})


def test_blank_templates_and_the_command(tmp_path):
    for kind in SEEDS:
        out = tmp_path / f"{kind}.ods"
        done = xltb("template", kind, "-o", str(out))
        assert done.returncode == 0, done.stderr
        assert out.read_bytes() == ods.render(kind)
        _content(out.read_bytes())
    done = xltb("template", "individual", "-o", str(tmp_path / "x.odt"))
    assert done.returncode == 2 and ".ods" in done.stderr


# --------------------------------------------------------------------------- in LibreOffice
@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    out = tmp_path_factory.mktemp("ods")
    for kind, seed in SEEDS.items():
        done = xltb("template", kind, "--from", str(SEED / seed), "-o", str(out / f"{kind}.ods"))
        assert done.returncode == 0, done.stderr
    return out


def _formula_cells(sheet) -> set[str]:
    """The addresses (A1) of every formula cell of a Calc sheet."""
    found = sheet.queryContentCells(16).getCells().createEnumeration()  # com.sun.star.sheet.CellFlags.FORMULA
    out = set()
    while found.hasMoreElements():
        out.add(found.nextElement().AbsoluteName.split(".")[-1].replace("$", ""))
    return out


def _col(n: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(n)


def expected_standings(path: Path, team: bool):
    """(pairing number -> (rank, points[, GP]) and code -> number -> value, the table rows) as
    ``xltb standings`` gives them for the event's own list."""
    own = standings(path)
    codes = own["tiebreaks"]
    gp = {}
    if team:
        extra = standings(path, codes + ["GPTS"]) if "GPTS" not in codes else own
        gp = {row["start_no"]: float(row["tiebreaks"]["GPTS"]) for row in extra["standings"]}
    return own, codes, gp


def check_sheet(doc, path: Path, team: bool, status: str = "ok") -> int:
    """Every formula cell of the Standings sheet against ``xltb standings``, the Status cell ``status``; returns
    how many."""
    own, codes, gp = expected_standings(path, team)
    st = doc.Sheets.getByName("Standings")
    by_no = {row["start_no"]: row for row in own["standings"]}
    heads = ["No", "Team", "Rank", "MP", "GP"] if team else ["No", "Name", "Rating", "Rank", "Pts"]
    checked = set()

    def shown(address):
        checked.add(address)
        return cell_result(st.getCellRangeByName(address))

    width = len(heads) + len(codes)
    start = width + 2
    assert [shown("B1"), shown("B2")] == [f"xltb {__version__}", status]  # connected; no mistake
    for k, code in enumerate(codes):
        assert shown(f"{_col(len(heads) + 1 + k)}{HEAD}") == code
    source = doc.Sheets.getByName("Teams" if team else "Crosstable")
    r = FIRST
    while st.getCellRangeByName(f"A{r}").getFormula():
        no = source.getCellRangeByName(f"A{r - HEAD + 1}").getValue()
        row = by_no.get(int(no)) if no else None
        values = [shown(f"{_col(c)}{r}") for c in range(1, width + 1)]
        if row is None:
            assert values[0] == 0.0 and values[2 if team else 3:] == [""] * (width - (2 if team else 3)), r
        else:
            want = ([float(no), row["name"], float(row["rank"]), float(row["points"]), gp[int(no)]] if team else
                    [float(no), row["name"], float(row["rating"] or 0), float(row["rank"]), float(row["points"])])
            want += [expect(row["tiebreaks"][c]) for c in codes]
            assert values == want, (r, values, want)
        r += 1
    # the sorted table (a matrix formula): header, the rows in rank order, then blanks to the block's size
    rows, cols = r - HEAD, max(width + 0, 15)
    table = [[shown(f"{_col(start + k)}{i}") for k in range(cols)] for i in range(HEAD, HEAD + rows)]
    head = ["Rank", "No", "Team", "MP", "GP"] if team else ["Rank", "No", "Name", "Rating", "Pts"]
    assert table[0] == head + codes + [""] * (cols - len(head) - len(codes))
    for line, row in zip(table[1:], own["standings"]):
        third = float(row["points"]) if team else (float(row["rating"]) if row["rating"] is not None else "")
        fourth = gp[row["start_no"]] if team else float(row["points"])
        want = [float(row["rank"]), float(row["start_no"]), row["name"], third, fourth]
        want += [expect(row["tiebreaks"][c]) for c in codes]
        assert line == want + [""] * (cols - len(want)), (line, want)
    assert all(line == [""] * cols for line in table[1 + len(own["standings"]):])  # no #N/A in the spare room
    assert _formula_cells(st) == checked  # every formula cell of the sheet was read
    return len(checked)


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_ods_template_equals_xltb_standings(office, templates, kind):
    doc = office.load(templates / f"{kind}.ods")
    try:
        as_opened = check_sheet(doc, SEED / SEEDS[kind], kind == "team")  # the stored values
        doc.calculateAll()
        assert check_sheet(doc, SEED / SEEDS[kind], kind == "team") == as_opened  # computed by the extension
        if kind == "team":  # the players' names: LibreOffice's INDEX/MATCH equal the values xltb stored
            from xltb.readers.registry import read_event

            wb = build("team", read_event(str(SEED / SEEDS[kind]))[0])
            matches = doc.Sheets.getByName("Matches")
            stored = wb.xltb_cached["Matches"]
            assert {a: cell_result(matches.getCellRangeByName(a)) for a in stored} == \
                {a: (float(v) if isinstance(v, int) else v) for a, v in stored.items()}
            assert _formula_cells(matches) == set(stored)
    finally:
        doc.close(True)


def test_ods_values_follow_an_edited_result(office, templates, tmp_path):
    doc = office.load(templates / "individual.ods")
    try:
        ct = doc.Sheets.getByName("Crosstable")
        ct.getCellRangeByName("I2").setString("=W9")  # Alyx - Jessica round 1: 1-0 -> draw
        ct.getCellRangeByName("I10").setString("=B1")
        assert ct.getCellRangeByName("I2").getType().value == "TEXT"  # the text cell stays text
        edited = swiss16_with_a_draw(tmp_path)
        assert standings(edited)["standings"] != standings(SEED / "held-swiss16.trf")["standings"]
        check_sheet(doc, edited, False)  # recalculated by Calc itself: no calculateAll
        # a tie-break list longer than the table's room: the matrix shows its first columns, no error
        codes = "BH/C1,BH,SB,DE,WIN,PS,KS,FB,BH/M1,SB/C1,AOB,ARO"
        doc.Sheets.getByName("Settings").getCellRangeByName("B6").setString(codes)
        st = doc.Sheets.getByName("Standings")
        shown = [[cell_result(st.getCellByPosition(11 + k, r)) for k in range(15)] for r in (HEAD - 1, HEAD)]
        assert shown[0] == ["Rank", "No", "Name", "Rating", "Pts", *codes.split(",")[:10]]
        first = standings(edited, codes.split(","))["standings"][0]
        assert shown[1] == [float(first["rank"]), float(first["start_no"]), first["name"], float(first["rating"]),
                            float(first["points"]), *(expect(first["tiebreaks"][c]) for c in codes.split(",")[:10])]
    finally:
        doc.close(True)


def test_recalculated_ods_prints_numbers(office, templates, tmp_path):
    """The PDF of the recalculated Standings sheet (PNG with pdftoppm, for a person to look at)."""
    doc = office.load(templates / "individual.ods")
    try:
        doc.calculateAll()
        for name in ("Instructions", "Settings", "Crosstable"):
            doc.Sheets.getByName(name).IsVisible = False
        pdf = tmp_path / "standings.pdf"
        doc.storeToURL(pdf.as_uri(), (lo_host.pv("FilterName", "calc_pdf_Export"),))
    finally:
        doc.close(True)
    if shutil.which("pdftotext") is None:
        needs.skip_unless(needs.missing_pdftotext())
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    assert not re.search(r"#NAME\?|#N/A|#VALUE!|Err:\d+", text)
    line = next(x for x in text.splitlines() if "Alyx" in x)
    # what is printed is the sorted table: rank, No, name, rating, Pts, BH/C1, BH, SB, (DE blank), WIN, as xltb
    # standings prints them
    assert line.split()[:9] == ["4", "1", "Alyx", "2200", "3.5", "11.0", "12.5", "8.0", "2"], line
    assert "Seed Swiss (Exercises in tie-breaking" in text  # the event's name in the page header
    keep = os.environ.get("XLTB_KEEP_RENDERS")  # a folder to keep the PDF and PNG in, to look at them
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(tmp_path / "standings")], check=True)
    if keep:
        for path in [pdf, *tmp_path.glob("standings*.png")]:
            shutil.copy(path, keep)
    assert list(tmp_path.glob("standings*.png"))


@needs.PDF
def test_without_the_extension_libreoffice_shows_name_errors(templates, tmp_path):
    """What docs/libreoffice.md says: LibreOffice 7.4 drops the stored value of a formula whose function it
    does not know (the add-in's, when the extension is not installed) and shows #NAME?; the cells
    that are not the add-in's (crosstable, names, ratings) show as stored."""
    profile = tmp_path / "profile"
    done = subprocess.run([find_soffice(), "--headless", "--norestore", f"-env:UserInstallation={profile.as_uri()}",
                           "--convert-to", "pdf", "--outdir", str(tmp_path), str(templates / "individual.ods")],
                          capture_output=True, text=True, timeout=180)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "individual.pdf"), "-"], capture_output=True,
                          text=True).stdout
    assert "Alyx" in text and "#NAME?" in text, done.stderr


def test_the_addin_pads_the_table_to_the_block_it_is_given():
    from xltb.hosts.libreoffice.dispatch import pad

    table = [["Rank", "No", "Name", "Rating", "Pts", "BH"], [1, 2, "B", 2100, 1.0, 3.5]]
    crosstable = tuple(("",) * 8 for _ in range(5))
    out = pad(table, crosstable)
    assert len(out) == 5 and {len(r) for r in out} == {15}
    assert out[1][:6] == table[1] and out[1][6:] == [""] * 9 and out[4] == [""] * 15
    teams = tuple(("",) * 6 for _ in range(3))
    assert len(pad(table, tuple(("",) * 8 for _ in range(40)), teams)) == 3  # team events: the Teams block
    wide = [list(range(20))] * 7
    assert pad(wide, crosstable) == wide  # never cut: a larger table keeps its size
