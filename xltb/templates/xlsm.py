"""The packaged .xlsm: a template built on xlwings' standalone workbook, whose VBA project (the
xlwings module) is kept as it is, with the sheet ``xlwings.conf`` naming xltb's functions.

The VBA module is that of the installed xlwings (0.37.8, pinned in ``xltb[excel]``: Python must run
the version whose VBA the workbook carries). xltb's function wrappers (``xltb_udfs.bas``, the module
``xlwings_udfs`` that xlwings' *Import Functions* writes; a test regenerates it with xlwings' own
generator) are written into ``vbaProject.bin`` with pyopenvba (MIT, pure Python; MS-CFB and MS-OVBA),
so that the workbook opens ready: no import step, no Trust Center change.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from ..errors import XltbError
from .parts import styles

#: the UDF module xlwings imports, set in the workbook's xlwings.conf sheet
UDF_MODULE = "xltb.hosts.classic"


def xlwings_standalone() -> tuple[str, str]:
    """(path, version) of the standalone quickstart workbook of the installed xlwings: an .xlsm
    whose VBA project holds the xlwings module (``xlwings quickstart --standalone`` copies it)."""
    try:
        import xlwings
    except ImportError:
        raise XltbError("an .xlsm needs xlwings: pip install 'xltb[excel]' (or write an .xlsx)") from None
    path = os.path.join(os.path.dirname(xlwings.__file__), "quickstart_standalone.xlsm")
    if not os.path.exists(path):
        raise XltbError(f"xlwings {xlwings.__version__} has no quickstart_standalone.xlsm; write an .xlsx")
    return path, xlwings.__version__


def macro_workbook() -> Any:
    """xlwings' standalone workbook: its VBA project (the xlwings module, ThisWorkbook and two sheet
    modules) is kept as it is; its first sheet becomes Instructions, its configuration sheet
    ``xlwings.conf`` names xltb's UDF module."""
    from openpyxl import load_workbook

    path, version = xlwings_standalone()
    wb = load_workbook(path, keep_vba=True)
    conf = wb["_xlwings.conf"]
    conf.title = "xlwings.conf"  # active: the settings apply to this workbook
    interpreter_row = None
    for row in conf.iter_rows(min_row=1, max_row=12, max_col=2):
        key = str(row[0].value or "").strip().lower()
        if key == "udf modules":
            row[1].value = UDF_MODULE
        elif key == "interpreter_win":
            interpreter_row = row[0].row
    if interpreter_row is not None:
        # xlwings reads a row that exists even when its value is empty; only a deleted row falls back to the
        # add-in's setting, the user's xlwings.conf file, then "python" (the sheet's own note says so)
        conf.delete_rows(interpreter_row)
    conf.sheet_state = "visible"
    wb.xltb_xlwings_version = version
    first = wb.worksheets[0]
    first.delete_rows(1, first.max_row)
    return wb


def finish_macros(wb: Any) -> Any:
    """Order the sheets (xlwings.conf last) and say how the macros are used."""
    conf = wb["xlwings.conf"]
    wb.move_sheet(conf, offset=len(wb.worksheets) - 1 - wb.worksheets.index(conf))
    wb.active = 0
    ws = wb.worksheets[0]
    for row in ws.iter_rows(max_col=1):
        if str(row[0].value or "").strip().startswith("Windows Excel"):  # the add-in route does not apply here
            row[0].value = "Windows Excel: this workbook carries xlwings' VBA module itself (no add-in); see below."
    start = ws.max_row + 2
    lines = [
        f"This .xlsm holds the VBA module of xlwings {wb.xltb_xlwings_version} (standalone: no add-in needed) and "
        f"names the functions' Python module in the sheet xlwings.conf (UDF Modules = {UDF_MODULE}).",
        f"Once, on Windows: pip install xltb[excel] (xlwings {wb.xltb_xlwings_version}, the version of this VBA "
        "module) into the Python that Excel should use. If that is not the python on the PATH (or the add-in's "
        "setting), add a row at the top of the sheet xlwings.conf: Interpreter_Win in column A, the full path of "
        "its pythonw.exe in column B. Open this file and enable macros.",
        "The functions' VBA wrappers are in this file already (module xlwings_udfs): no import step. After an "
        "upgrade of xltb that adds functions, run the macro ImportPythonUDFs (Alt+F8; needs Trust Center > Macro "
        "Settings > Trust access to the VBA project object model).",
        "Pair next round (individual Swiss and round robin): the macro PairNextRound (Alt+F8) writes the next round's "
        "pairings into the Crosstable as pending games (W9, B5, +BYE), the pairings the Pairings sheet shows; type "
        "each result over its pairing, then run it again (a team workbook: the next round's match lines below the "
        "last line of Matches, Result blank). It says in a message box what it wrote, or why nothing "
        "(a round not complete, a cell to write that holds anything).",
    ]
    for i, text in enumerate(lines):
        cell = ws.cell(row=start + i, column=1, value=text)
        cell.alignment = styles()["wrap"]
        ws.row_dimensions[start + i].height = 15 * (len(text) // 100 + 1)
    return wb


#: the VBA wrappers of xltb's worksheet functions (module xlwings_udfs)
UDF_BAS = Path(__file__).with_name("xltb_udfs.bas")
#: xltb's macros (module xltb_macros): ``PairNextRound``, RunPython into :func:`xltb.hosts.classic.pair_next_round`
MACROS_BAS = Path(__file__).with_name("xltb_macros.bas")


def with_udf_module(data: bytes) -> bytes:
    """The .xlsm ``data`` with the modules ``xlwings_udfs`` (:data:`UDF_BAS`) and ``xltb_macros``
    (:data:`MACROS_BAS`) added to its VBA project.

    Every module is stored with CRLF line ends, as Excel's VBA editor writes them (xlwings' own module
    comes with LF line ends in its standalone workbook: only its line ends change), and the PROJECT
    stream's ``[Workspace]`` section lists one record per line with no blank line among them, as the
    grammar of [MS-OVBA] 2.3.1.18 gives it (``ProjectWorkspace = "[Workspace]" NWLN *ProjectWindowRecord``)
    and as Excel 365 writes it."""
    try:
        from pyopenvba import ExcelFile  # the .xlsm only: xltb[excel]
    except ImportError:
        raise XltbError("an .xlsm needs pyopenvba: pip install 'xltb[excel]' (or write an .xlsx)") from None
    sources = {"xlwings_udfs": UDF_BAS.read_bytes().decode("ascii"),  # CRLF kept (read_text would make them LF)
               "xltb_macros": MACROS_BAS.read_bytes().decode("ascii")}
    with tempfile.TemporaryDirectory(prefix="xltb-") as tmp:
        src, out = Path(tmp, "in.xlsm"), Path(tmp, "out.xlsm")
        src.write_bytes(data)
        with ExcelFile(str(src)) as wb:
            for name, code in wb.vba_modules().items():
                if crlf(code) != code:
                    wb.set_module(name, crlf(code))
            for name, source in sources.items():
                wb.vba_project().add_module(name, source)
            wb.save(str(out))
        out.write_bytes(_with_project_stream(out.read_bytes()))
        with ExcelFile(str(out)) as wb:  # read back: the module is there and the project is consistent
            problems = wb.validate()
            if problems or not set(sources) <= set(wb.vba_modules()):
                raise XltbError(f"the VBA project of the .xlsm is inconsistent after writing: {problems}")
        return out.read_bytes()


def crlf(text: str) -> str:
    """``text`` with every line end CRLF."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")


def project_text(text: str) -> str:
    """A PROJECT stream's text ([MS-OVBA] 2.3.1) with its ``[Workspace]`` records on consecutive lines
    and the stream ending after the last one (CRLF), everything before that section as it was."""
    head, marker, workspace = text.partition("[Workspace]")
    if not marker:
        return text
    records = [line for line in workspace.split("\r\n") if line.strip()]
    return head + marker + "\r\n" + "".join(line + "\r\n" for line in records)


def _with_project_stream(data: bytes) -> bytes:
    """The .xlsm ``data`` with its PROJECT stream as :func:`project_text` gives it."""
    import io
    import zipfile

    from pyopenvba.cfb import CFB

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        cfb = CFB.from_bytes(z.read("xl/vbaProject.bin"))
        raw = cfb.get_stream("PROJECT")
        fixed = project_text(raw.decode("latin-1")).encode("latin-1")  # code-page text: bytes kept as they are
        if fixed == raw:
            return data
        cfb.write_stream("PROJECT", fixed)
        binary = cfb.to_bytes()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in z.infolist():
                dst.writestr(info, binary if info.filename == "xl/vbaProject.bin" else z.read(info.filename))
    return out.getvalue()
