"""xltb's workbooks as event files: every command and the Python API read a workbook as they read
a TRF file, with the sheet readers of the worksheet functions (xltb.books.workbook)."""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

import needs
from helpers import REAL, SEED
from xltb.cli.main import main

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"

#: (template kind, file, format): the seed events and a few real files of other programs, in both formats
#: (the 284-player open in one: its template takes seconds to write)
FILES = [(kind, path, ext) for kind, path in [
    ("individual", SEED / "held-swiss16.trf"), ("individual", SEED / "held-swiss16-r9.trf"),
    ("roundrobin", SEED / "held-rr6.trf"), ("team", SEED / "held-team14.trf"),
    ("individual", REAL / "05_javafo_trfx_sample2_open_gros_2010.trf"),
    ("individual", REAL / "22_bbp_dutch_2025_C5_itdx_zpb.trf")] for ext in ("xlsx", "ods")]
FILES.append(("individual", REAL / "01_fide_example1_karl_mala_gedenkturnier_2005.trf", "ods"))


def standings_json(capsys, path: str, *options: str) -> dict:
    assert main(["standings", path, "--format", "json", *options]) == 0
    return json.loads(capsys.readouterr().out)


def fail(capsys, *args: str) -> str:
    """The one message of a refused command (exit 2, no traceback)."""
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("kind,source,ext", FILES, ids=[f"{f.stem}-{ext}" for _, f, ext in FILES])
def test_a_workbook_filled_from_a_file_ranks_as_the_file(tmp_path, capsys, kind, source, ext):
    book = tmp_path / f"event.{ext}"
    assert main(["template", kind, "--from", str(source), "-o", str(book)]) == 0
    capsys.readouterr()
    original = standings_json(capsys, str(source))
    read = standings_json(capsys, str(book))
    assert read["standings"] == original["standings"]
    assert read["tiebreaks"] == original["tiebreaks"] and read["rules"] == original["rules"]
    assert read["event"]["rounds"] == original["event"]["rounds"]
    assert {k: c["value"] for k, c in read["choices"].items()} == {k: c["value"] for k, c in original["choices"].items()}
    assert read["choices"]["tiebreaks"]["origin"] == "workbook"


@pytest.mark.parametrize("ext", ["xlsx", "ods"])
@pytest.mark.parametrize("name,file", [("held-swiss16", "held-swiss16.trf"), ("held-rr6", "held-rr6.trf"),
                                       ("held-team14", "held-team14.trf")])
def test_the_committed_workbooks_read_to_the_exercise_books_values(capsys, expected, name, file, ext):
    values = expected["values"][file]["2024"]
    team = "team" in name
    codes = sorted({c for row in values.values() for c in row} - {"PTS", "MPTS", "GPTS"})
    doc = standings_json(capsys, str(WORKBOOKS / f"{name}.{ext}"), "--tiebreaks", ",".join(codes),
                         "--rules", "2024-08")
    assert len(doc["standings"]) == len(values)
    for row in doc["standings"]:
        want = values[str(row["start_no"])]
        for code in codes:
            got = row["tiebreaks"][code]
            assert got == pytest.approx(want[code], abs=0.006) if want[code] is not None else got is None, \
                (row["start_no"], code)
        if not team:
            assert row["points"] == want["PTS"]
    ranks = expected["ranks"].get(file)
    if ranks:
        doc = standings_json(capsys, str(WORKBOOKS / f"{name}.{ext}"), "--tiebreaks", ranks["tiebreaks"])
        assert {str(r["start_no"]): r["rank"] for r in doc["standings"]} == ranks["rank"]


def test_the_settings_sheet_gives_the_choices_from_the_workbook(capsys):
    doc = standings_json(capsys, str(WORKBOOKS / "held-team14.ods"))
    choices = doc["choices"]
    assert {k: c["origin"] for k, c in choices.items()} == {
        "rules": "workbook", "tiebreaks": "workbook", "event_type": "workbook", "primary": "workbook"}
    assert choices["tiebreaks"]["value"] == "EDE,EGGSB/C1,BH:GP/C1,SSSC,MPvGP"
    assert "Settings!B6" in choices["tiebreaks"]["reason"]
    assert "Settings!B4" in choices["rules"]["reason"]
    assert main(["standings", str(WORKBOOKS / "held-swiss16.xlsx")]) == 0
    assert "tie-breaks: BH/C1, BH, SB, DE, WIN (from the workbook: Settings Tiebreaks (Settings!B6))" \
        in capsys.readouterr().out


def _edited(tmp_path: Path, cells: dict[str, object], source: str = "held-swiss16.xlsx") -> str:
    """A copy of a committed workbook with cells changed ("Sheet!A1": value), as Excel would save it."""
    wb = openpyxl.load_workbook(WORKBOOKS / source)
    for where, value in cells.items():
        sheet, cell = where.split("!")
        wb[sheet][cell] = value
    out = tmp_path / f"edited-{source}"
    wb.save(out)
    return str(out)


def test_the_edition_lots_and_unrated_rating_of_the_settings_sheet_are_used(tmp_path, capsys):
    path = _edited(tmp_path, {"Settings!B5": "2026-03", "Settings!B12": 7})
    doc = standings_json(capsys, path)
    assert doc["rules"] == "2026-03"
    assert doc["choices"]["rules"] == {"value": "2026-03", "origin": "workbook",
                                       "reason": "Settings Edition (Settings!B5)"}
    assert doc == standings_json(capsys, str(SEED / "held-swiss16.trf"), "--rules", "2026-03", "--lots", "7") | {
        "event": doc["event"], "choices": doc["choices"], "rules_reason": doc["rules_reason"]}
    # the user's options win over the workbook's
    assert standings_json(capsys, path, "--rules", "2024-08")["choices"]["rules"]["origin"] == "user"


def test_the_python_api_reads_a_workbook(capsys):
    import xltb

    event = xltb.read_event(str(WORKBOOKS / "held-rr6.xlsx"))[0]
    st = xltb.compute(event)
    assert st.codes == ["DE", "WIN", "SB", "KS"]
    assert st.choices.tiebreaks.text == "from the workbook: Settings Tiebreaks (Settings!B6)"
    decision = xltb.decide(str(WORKBOOKS / "held-rr6.xlsx"))  # the one decision carries the Settings sheet's
    assert decision.choices.rules.origin == "workbook" and decision.choices.tiebreaks.origin == "workbook"
    assert xltb.rank(decision).rows == st.rows
    trf = xltb.compute(xltb.read_event(str(SEED / "held-rr6.trf"))[0], "DE,WIN,SB,KS")
    assert [(r.start_no, r.rank, r.values) for r in st.rows] == [(r.start_no, r.rank, r.values) for r in trf.rows]


@needs.SOFFICE
def test_export_of_a_workbook_writes_the_workbook_the_pdf_and_the_page(tmp_path, capsys):
    out = tmp_path / "held.xlsx"
    assert main(["export", str(WORKBOOKS / "held-team14.xlsx"), "-o", str(out), "--pdf", "--html"]) == 0
    for suffix in (".xlsx", ".pdf", ".html"):
        assert out.with_suffix(suffix).stat().st_size > 1000
    assert out.with_suffix(".pdf").read_bytes().startswith(b"%PDF")
    assert "Antelopes" in out.with_suffix(".html").read_text()


def test_explain_and_template_from_a_workbook(tmp_path, capsys):
    assert main(["explain", str(WORKBOOKS / "held-rr6.ods"), "1", "KS"]) == 0
    assert "value: 2.0" in capsys.readouterr().out
    back = tmp_path / "back.ods"
    assert main(["template", "individual", "--from", str(WORKBOOKS / "held-swiss16.xlsx"), "-o", str(back)]) == 0
    capsys.readouterr()
    assert standings_json(capsys, str(back))["standings"] == \
        standings_json(capsys, str(WORKBOOKS / "held-swiss16.xlsx"))["standings"]


def test_check_of_a_workbook_is_the_check_before_printing(capsys):
    """A workbook publishes no figures of another program: ``xltb check`` lists what is missing before printing
    (tests/test_complete.py), here nothing."""
    assert main(["check", str(WORKBOOKS / "held-swiss16.xlsx")]) == 0
    assert "nothing missing" in capsys.readouterr().out


# --------------------------------------------------------------------------- mistakes and hostile files
def test_a_mistake_in_a_cell_names_the_sheet_and_cell(tmp_path, capsys):
    err = fail(capsys, "standings", _edited(tmp_path, {"Crosstable!I2": "+X9"}))
    assert "Crosstable!I2" in err and "cannot read '+X9' as a result" in err
    err = fail(capsys, "standings", _edited(tmp_path, {"Settings!B5": "1999"}))
    assert "Settings Edition (Settings!B5)" in err
    err = fail(capsys, "standings", _edited(tmp_path, {"Settings!B6": "BH,XYZ"}))
    assert "Settings Tiebreaks (Settings!B6)" in err and "XYZ" in err


def test_a_formula_is_read_as_the_value_it_shows(tmp_path, capsys):
    """A cell holding a formula is read as its saved value (Excel's cache), never evaluated."""
    path = _edited(tmp_path, {"Crosstable!B2": "=Crosstable!B3"})
    # openpyxl saves no value for the formula: the name reads blank, and says so
    doc = standings_json(capsys, path)
    assert next(r for r in doc["standings"] if r["start_no"] == 1)["name"] == ""
    assert any(w.startswith("Crosstable!B2 holds a formula with no saved value") for w in doc["warnings"])
    assert standings_json(capsys, str(WORKBOOKS / "held-team14.xlsx"))["warnings"] == []  # the names' formulas are saved
    ods = tmp_path / "formula.ods"
    shutil.copy(WORKBOOKS / "held-swiss16.ods", ods)
    with zipfile.ZipFile(WORKBOOKS / "held-swiss16.ods") as src:
        content = src.read("content.xml").decode()
    content = content.replace("<text:p>Alyx</text:p>", "<text:p>Alyx</text:p>", 1)
    first = content.index('office:value-type="string" calcext:value-type="string"><text:p>Alyx</text:p>')
    content = content[:first] + 'table:formula="of:=WEBSERVICE(&quot;http://127.0.0.1/x&quot;)" ' + content[first:]
    _rezip(WORKBOOKS / "held-swiss16.ods", ods, {"content.xml": content.encode()})
    doc = standings_json(capsys, str(ods))
    assert next(r for r in doc["standings"] if r["start_no"] == 1)["name"] == "Alyx"
    uncomputed = tmp_path / "uncomputed.ods"
    bare = content.replace('table:formula="of:=WEBSERVICE(&quot;http://127.0.0.1/x&quot;)" office:value-type="string" '
                           'calcext:value-type="string"><text:p>Alyx</text:p>',
                           'table:formula="of:=WEBSERVICE(&quot;http://127.0.0.1/x&quot;)">', 1)
    assert bare != content
    _rezip(WORKBOOKS / "held-swiss16.ods", uncomputed, {"content.xml": bare.encode()})
    doc = standings_json(capsys, str(uncomputed))
    assert any(w.startswith("Crosstable!B2 holds a formula") for w in doc["warnings"])


def _rezip(source: Path, target: Path, replace: dict[str, bytes]) -> None:
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            out.writestr(info.filename, replace.get(info.filename, src.read(info.filename)))


def test_a_workbook_that_is_not_xltbs_is_refused_saying_which_are_read(tmp_path, capsys):
    wb = openpyxl.Workbook()
    wb.active["A1"] = "hello"
    path = tmp_path / "other.xlsx"
    wb.save(path)
    err = fail(capsys, "standings", str(path))
    assert "not one of xltb's workbooks" in err and "'Crosstable' and 'Settings'" in err
    plain = tmp_path / "archive.xlsx"
    with zipfile.ZipFile(plain, "w") as z:
        z.writestr("readme.txt", "x")
    assert "not a spreadsheet" in fail(capsys, "standings", str(plain))


def test_hostile_workbooks_are_refused_with_one_message(tmp_path, capsys):
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes((WORKBOOKS / "held-swiss16.xlsx").read_bytes()[:3000])
    assert "broken.xlsx" in fail(capsys, "export", str(broken), "-o", str(tmp_path / "x.xlsx"))
    # a DTD with an entity (the "billion laughs"): refused before any entity is expanded
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(WORKBOOKS / "held-swiss16.xlsx") as src:
        sheet = src.read("xl/worksheets/sheet2.xml").decode()
    dtd = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
    _rezip(WORKBOOKS / "held-swiss16.xlsx", bomb, {"xl/worksheets/sheet2.xml": (dtd + sheet).encode()})
    assert "DTD" in fail(capsys, "standings", str(bomb))
    ods = tmp_path / "bomb.ods"
    with zipfile.ZipFile(WORKBOOKS / "held-swiss16.ods") as src:
        content = src.read("content.xml").decode()
    _rezip(WORKBOOKS / "held-swiss16.ods", ods, {"content.xml": (dtd + content.split("?>", 1)[1]).encode()})
    assert "DTD" in fail(capsys, "standings", str(ods))
    # a zip bomb: a part that decompresses a thousand times its size
    zbomb = tmp_path / "zbomb.xlsx"
    _rezip(WORKBOOKS / "held-swiss16.xlsx", zbomb, {"xl/worksheets/sheet1.xml": b" " * (20 * 1024 * 1024)})
    assert "zip bomb" in fail(capsys, "standings", str(zbomb))


def test_a_row_repeated_a_million_times_is_refused_by_the_cell_limit(tmp_path, capsys):
    ods = tmp_path / "huge.ods"
    with zipfile.ZipFile(WORKBOOKS / "held-swiss16.ods") as src:
        content = src.read("content.xml").decode()
    start = content.index('<table:table table:name="Crosstable"')
    row = content.index("<table:table-row", content.index("</table:table-row>", start))
    content = content[:row] + '<table:table-row table:number-rows-repeated="1048000">' + \
        '<table:table-cell table:number-columns-repeated="15" office:value-type="string"><text:p>x</text:p>' + \
        "</table:table-cell></table:table-row>" + content[row:]
    content = re.sub(r"\$Crosstable\.\$A\$1:\.\$([A-Z]+)\$\d+", r"$Crosstable.$A$1:.$\1$1048576", content)
    _rezip(WORKBOOKS / "held-swiss16.ods", ods, {"content.xml": content.encode()})
    assert "limit of 10,000,000 cells" in fail(capsys, "standings", str(ods))


def test_export_never_writes_over_the_workbook_it_reads(tmp_path, capsys):
    book = tmp_path / "held.xlsx"
    shutil.copy(WORKBOOKS / "held-swiss16.xlsx", book)
    before = book.read_bytes()
    assert main(["export", str(book), "--force"]) == 0
    assert (tmp_path / "held-standings.xlsx").exists() and book.read_bytes() == before
    assert main(["export", str(book), "-o", str(book), "--force"]) == 2
    assert "names the input file itself" in capsys.readouterr().err and book.read_bytes() == before


@pytest.mark.parametrize("saved,original", [("lo-saved-held-rr6.ods", "held-rr6.xlsx"),
                                            ("lo-saved-held-swiss16.xlsx", "held-swiss16.ods"),
                                            ("lo-saved-held-team14.ods", "held-team14.ods")])
def test_workbooks_saved_by_libreoffice_read_as_the_originals(capsys, saved, original):
    read = standings_json(capsys, str(Path(__file__).parent / "data" / "workbooks" / saved))
    want = standings_json(capsys, str(WORKBOOKS / original))
    assert {k: v for k, v in read.items() if k != "event"} == {k: v for k, v in want.items() if k != "event"}


def test_xlsm_blank_templates_and_check_against_a_workbook(tmp_path, capsys):
    macro = tmp_path / "event.xlsm"
    assert main(["template", "individual", "--from", str(SEED / "held-swiss16.trf"), "-o", str(macro)]) == 0
    capsys.readouterr()
    assert standings_json(capsys, str(macro))["standings"] == \
        standings_json(capsys, str(SEED / "held-swiss16.trf"))["standings"]
    assert "Crosstable!A2: the crosstable has no participants yet" in \
        fail(capsys, "standings", str(WORKBOOKS / "xltb-individual.xlsm"))
    published = tmp_path / "published.json"
    assert main(["standings", str(SEED / "held-swiss16.trf"), "-f", "json", "-o", str(published)]) == 0
    assert main(["check", str(published), "--event", str(WORKBOOKS / "held-swiss16.xlsx")]) == 0
    assert "everything agrees" in capsys.readouterr().out


def test_a_link_to_another_workbook_is_not_followed(tmp_path, capsys):
    """A cell =[1]Sheet1!A1 whose link points at another file (here a URL): read as its saved value,
    the link never opened."""
    linked = tmp_path / "linked.xlsx"
    with zipfile.ZipFile(WORKBOOKS / "held-swiss16.xlsx") as src:
        sheet = src.read("xl/worksheets/sheet3.xml").decode()
        rels = src.read("xl/_rels/workbook.xml.rels").decode()
        book = src.read("xl/workbook.xml").decode()
        types = src.read("[Content_Types].xml").decode()
    cell = '<c r="B2" s="9" t="inlineStr"><is><t>Alyx</t></is></c>'
    assert cell in sheet
    sheet = sheet.replace(cell, '<c r="B2" s="9" t="str"><f>[1]Sheet1!A1</f><v>Alyx</v></c>')
    rels = rels.replace("</Relationships>", '<Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/'
                        'officeDocument/2006/relationships/externalLink" Target="externalLinks/externalLink1.xml"/>'
                        "</Relationships>")
    book = book.replace("</sheets>", '</sheets><externalReferences><externalReference r:id="rIdLink"/>'
                        "</externalReferences>")
    types = types.replace("</Types>", '<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="'
                          'application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/></Types>')
    link = ('<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://'
            'schemas.openxmlformats.org/officeDocument/2006/relationships"><externalBook r:id="rId1"/></externalLink>')
    link_rels = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
                 'Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" '
                 'Target="http://127.0.0.1:9/evil.xlsx" TargetMode="External"/></Relationships>')
    with zipfile.ZipFile(WORKBOOKS / "held-swiss16.xlsx") as src, zipfile.ZipFile(linked, "w") as out:
        for info in src.infolist():
            data = {"xl/worksheets/sheet3.xml": sheet, "xl/_rels/workbook.xml.rels": rels, "xl/workbook.xml": book,
                    "[Content_Types].xml": types}.get(info.filename)
            out.writestr(info.filename, data.encode() if data is not None else src.read(info.filename))
        out.writestr("xl/externalLinks/externalLink1.xml", link)
        out.writestr("xl/externalLinks/_rels/externalLink1.xml.rels", link_rels)
    doc = standings_json(capsys, str(linked))
    assert next(r for r in doc["standings"] if r["start_no"] == 1)["name"] == "Alyx"
    assert doc["warnings"] == []
