"""The VBA wrappers that xlwings' "Import Functions" writes into the workbook, generated here with
xlwings' own code (its COM-only imports stubbed) and compared with the committed snapshot, so that
a change of a function's name or signature cannot slip by unnoticed.

Set XLTB_UPDATE_SNAPSHOTS=1 to rewrite tests/data/excel/xlwings_udfs.bas after a deliberate change.
"""

from __future__ import annotations

import importlib.util
import io
import os
import sys
import types
from pathlib import Path

SNAPSHOT = Path(__file__).parent / "data" / "excel" / "xlwings_udfs.bas"
UDFS = Path(__file__).parent.parent / "xltb" / "excel" / "udfs.py"


def _stub_com(monkeypatch) -> None:
    """pythoncom, pywintypes and win32com exist on Windows only; xlwings.udfs imports them."""
    pythoncom = types.ModuleType("pythoncom")
    pythoncom.CoInitialize = lambda: None
    pywintypes = types.ModuleType("pywintypes")
    pywintypes.com_error = type("com_error", (Exception,), {})
    win32com = types.ModuleType("win32com")
    client = types.ModuleType("win32com.client")
    client.Dispatch = lambda *args: None
    win32com.client = client
    for name, module in (("pythoncom", pythoncom), ("pywintypes", pywintypes), ("win32com", win32com),
                         ("win32com.client", client)):
        monkeypatch.setitem(sys.modules, name, module)


def generate_wrappers(monkeypatch, workbook_name: str = "xltb.xlsm") -> str:
    _stub_com(monkeypatch)
    import xlwings

    # import xlwings.udfs afresh, and forget it afterwards (it holds the stubs)
    monkeypatch.setitem(sys.modules, "xlwings.udfs", None)
    monkeypatch.setattr(xlwings, "udfs", None, raising=False)
    del sys.modules["xlwings.udfs"]
    xludfs = importlib.import_module("xlwings.udfs")
    # the decorators xlwings uses on Windows (on Linux xlwings.func is a no-op)
    monkeypatch.setattr(xlwings, "func", xludfs.xlfunc)
    monkeypatch.setattr(xlwings, "arg", xludfs.xlarg)
    monkeypatch.setattr(xlwings, "ret", xludfs.xlret)
    spec = importlib.util.spec_from_file_location("xltb.excel._udfs_for_vba", UDFS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = io.StringIO()
    xludfs.generate_vba_wrapper("xltb.excel.udfs", module, out, types.SimpleNamespace(Name=workbook_name))
    return out.getvalue(), module


def test_vba_wrappers_match_the_snapshot(monkeypatch):
    text, module = generate_wrappers(monkeypatch)
    if os.environ.get("XLTB_UPDATE_SNAPSHOTS"):
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(text, encoding="utf-8", newline="")
    assert text == SNAPSHOT.read_text(encoding="utf-8"), \
        "the worksheet functions changed; review and run with XLTB_UPDATE_SNAPSHOTS=1"
    assert 'Function TB_BH_C1(cell, Optional crosstable, Optional settings, Optional teams)' in text
    assert 'Function TB_EXPLAIN(cell, code, Optional crosstable, Optional settings, Optional teams)' in text
    assert 'Function TB_STANDINGS(Optional crosstable, Optional settings, Optional teams)' in text
    # team functions and the check of a published figure
    for name in ("TB_EDE", "TB_EGGSB_C1", "TB_BH_GP_C1", "TB_SSSC", "TB_MPVGP", "TB_MPTS", "TB_GPTS"):
        assert f'Function {name}(cell, Optional crosstable, Optional settings, Optional teams)' in text, name
    assert 'Function TB_CHECK(cell, published, code, Optional crosstable, Optional settings, Optional teams)' in text
    # classic functions read the crosstable from the workbook: they must be volatile
    assert text.count("Application.Volatile") == text.count("\nFunction ") + text.startswith("Function ")


def test_xlwings_metadata(monkeypatch):
    _, module = generate_wrappers(monkeypatch)
    info = module.TB_SB_C1.__xlfunc__
    assert info["volatile"] and info["category"] == module.CATEGORY
    assert [a["name"] for a in info["args"]] == ["cell", "crosstable", "settings", "teams", "caller"]
    assert info["argmap"]["teams"]["options"] == {"ndim": 2}
    assert info["argmap"]["crosstable"]["options"] == {"ndim": 2}
    assert info["argmap"]["caller"]["vba"] == "Nothing"  # xlwings passes the calling cell
    assert "Sonneborn-Berger Cut-1" in info["ret"]["doc"]


def test_add_in_uses_the_active_workbook(monkeypatch):
    text, _ = generate_wrappers(monkeypatch, "xltb.xlam")
    assert "ActiveWorkbook, Application.Caller" in text and "ThisWorkbook" not in text
