"""Every kind of Excel workbook xltb writes carries current Excel 365's calculation properties: calcId 191029
and the calcFeatures extension (xltb/calcpr.py; with an older calcId Excel recomputes every formula on
opening, MS-XLS 2.4.215), read back from the file's xl/workbook.xml with an XML parser."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

from helpers import SEED

ROOT = Path(__file__).parent.parent
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
CALCF = "{http://schemas.microsoft.com/office/spreadsheetml/2018/calcfeatures}"
#: what Excel 365 wrote into the workbooks it saved (pyopenvba 6.5.0's blank_workbook.xlsx and .xlsm)
FEATURES = ["microsoft.com:RD", "microsoft.com:Single", "microsoft.com:FV", "microsoft.com:CNMTM",
            "microsoft.com:LET_WF", "microsoft.com:LAMBDA_WF", "microsoft.com:ARRAYTEXT_WF"]


def calc_properties(path: Path) -> tuple[str | None, list[str], dict[str, str]]:
    """(calcId, the calcFeatures names, calcPr's other attributes) of a workbook."""
    with zipfile.ZipFile(path) as z:
        root = ElementTree.fromstring(z.read("xl/workbook.xml"))
    calc = root.find(f"{MAIN}calcPr")
    ext = root.find(f"{MAIN}extLst")
    assert ext is not None and list(root)[-1] is ext  # the workbook's last child (CT_Workbook)
    features = [f.get("name") for f in ext.iter(f"{CALCF}feature")]
    attrs = {k: v for k, v in (calc.attrib if calc is not None else {}).items() if k != "calcId"}
    return (calc.get("calcId") if calc is not None else None), features, attrs


def _xltb(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "xltb", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_excel_365_wrote_these_properties():
    """The figures come from workbooks Excel 365 saved: the blank workbooks pyopenvba ships."""
    import pyopenvba

    blank = Path(pyopenvba.__file__).parent / "_templates" / "blank_files"
    for name in ("blank_workbook.xlsx", "blank_workbook.xlsm"):
        calc_id, features, _ = calc_properties(blank / name)
        assert (calc_id, features) == ("191029", FEATURES), name


@pytest.mark.parametrize("kind", ["template .xlsx", "template .xlsm", "example workbook", "packaged .xlsm",
                                  "export workbook", "team export workbook", "recalc output"])
def test_every_kind_of_workbook_carries_them(tmp_path, kind):
    if kind == "template .xlsx":
        path = tmp_path / "t.xlsx"
        _xltb("template", "team", "-o", str(path))
    elif kind == "template .xlsm":
        path = tmp_path / "t.xlsm"
        _xltb("template", "individual", "--from", str(SEED / "held-swiss16.trf"), "-o", str(path))
    elif kind == "example workbook":
        path = ROOT / "workbooks" / "held-rr6.xlsx"
    elif kind == "packaged .xlsm":
        path = ROOT / "workbooks" / "xltb-team.xlsm"
    elif kind == "export workbook":
        path = tmp_path / "e.xlsx"
        _xltb("export", str(SEED / "held-swiss16.trf"), "-o", str(path))
    elif kind == "team export workbook":
        path = tmp_path / "e.xlsx"
        _xltb("export", str(SEED / "held-team14.trf"), "-o", str(path))
    else:
        from openpyxl import Workbook

        src, path = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
        wb = Workbook()
        wb.active["A1"] = "=1+1"
        wb.save(src)
        with zipfile.ZipFile(src) as z:
            assert b'calcId="124519"' in z.read("xl/workbook.xml")  # openpyxl's own, Excel 2007's
        _xltb("recalc", str(src), "-o", str(path))
    calc_id, features, attrs = calc_properties(path)
    assert calc_id == "191029" and features == FEATURES
    assert attrs.get("fullCalcOnLoad") in (None, "0")  # no calculation forced on opening


def test_recalc_keeps_a_newer_engine_and_excels_own_list():
    from xltb.calcpr import current

    newer = (b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/>'
             b'<calcPr calcId="999999" iterate="1"/><extLst><ext uri="x"><xcalcf:calcFeatures '
             b'xmlns:xcalcf="y"><xcalcf:feature name="microsoft.com:NEW"/></xcalcf:calcFeatures></ext></extLst>'
             b'</workbook>')
    assert current(newer) == newer
    old = (b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/>'
           b'<calcPr calcId="124519" iterate="1"/></workbook>')
    fixed = current(old)
    assert b'<calcPr calcId="191029" iterate="1"/>' in fixed and fixed.count(b"<extLst>") == 1
    assert current(fixed) == fixed
