"""xlwings Lite and xlwings Server: the worksheet functions of :mod:`xltb.functions.callables` under
their ``func``/``arg`` decorators, and the ``main.py`` + ``requirements.txt`` that ``xltb lite``
writes for the arbiter.

xlwings Lite runs Python in Pyodide inside Excel (Windows, Mac, Excel for the web) and registers
the functions that ``main.py`` defines with ``@func``; xlwings Server does the same with CPython on
a server. Both pass ranges as values, so every formula names its blocks:
``=TB_SB_C1(A2, Crosstable, Settings)``. :func:`register` takes the host's decorators as
arguments (``from xlwings import func, arg`` in Lite, ``from xlwings.server import func, arg`` in
Server), so that xltb itself imports no xlwings code; the blocks are declared two-dimensional
(``ndim=2``: a one-row crosstable still arrives as a list of rows), the functions are not volatile,
a table (``TB_STANDINGS``) spills, and an error's text (``"#N/A"``) becomes the error value.

``xltb lite`` writes a ``main.py`` that carries xltb itself (:func:`bundled_main`): its pure-Python
package, zipped and base64-encoded, unpacked into Pyodide's in-memory file system when Lite runs
``main.py``, so Lite installs nothing but xlwings, from no index: the route works while xltb is
not on PyPI, and offline once Lite is loaded. With ``--pypi`` or ``--wheel-url`` it writes the short
``main.py`` (:data:`MAIN_PY`) and the ``requirements.txt`` line that installs xltb instead.

Both ``main.py`` files also define the script *Set up xltb in this workbook* (:data:`SCRIPT_NAME`, run
from the Lite pane): Excel leaves a formula that was in the file before an Office add-in registered its
functions at ``#NAME?`` until the formula is entered again, and recalculating does not help
(OfficeDev/office-js#6611, #6395, #4185; Microsoft in OfficeDev/Excel-Custom-Functions#108: entering it
again, also "reassigning the cell.Formula property to itself" through Office.js, binds it). Every
template's formulas were written by xltb, so the script enters each xltb formula of the workbook again
(:func:`set_up`, :mod:`xltb.hosts.lite_setup`).
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import io
import os
import zipfile
from pathlib import Path
from typing import Any, Callable

from .. import __version__
from ..functions import callables as functions
from .lite_pair import PAIR_SCRIPT_NAME, enter_round  # noqa: F401 - main.py imports enter_round from here
from .lite_setup import SCRIPT_NAME, set_up  # noqa: F401 - main.py imports set_up from here

#: the script both main.py files define (a button in the Lite pane; its docstring is what App Mode shows)
_SCRIPT = f'''

@script(name="{SCRIPT_NAME}")
async def set_up_xltb(book: xw.BookAsync):
    """Run once in this workbook, after pasting main.py (and again whenever an xltb cell shows #NAME?).

    Excel leaves a formula that was in the file before xlwings Lite registered its functions at #NAME?
    until it is entered again. This enters every xltb formula of the workbook again (the Standings
    sheet's table, Status and xltb cells, the prize list, and your own), on every sheet it can write; the Output lists
    what it did. Protected sheets: the xltb cells of xltb's templates are unlocked, so nothing needs to
    be unprotected; a sheet where writing fails is named, with what to do."""
    await set_up(book)


@script(name="{PAIR_SCRIPT_NAME}")
async def pair_next_round(book: xw.BookAsync):
    """Write the next round's pairings (the Pairings sheet's) into the Crosstable as pending games: W9 in
    White's row, B5 in Black's, +BYE for the pairing-allocated bye. Nothing is written, and the Output says
    why, while a round is paired but not complete or a cell to write holds anything: a result is never
    overwritten. Type each result over its pairing (+W9, =B5, -W2), then run it again for the next round."""
    await enter_round(book)
'''

#: the Lite main.py that ``xltb lite`` writes
MAIN_PY = '''"""xltb: FIDE C.07 chess tie-breaks as Excel functions (xlwings Lite).

Written by `xltb lite`. Every function takes the pairing number and the ranges:
    =TB_SB_C1(A2, Crosstable, Settings)      =TB_RANK(A2; Crosstable; Settings)
    =TB_STANDINGS(Crosstable, Settings)      (one cell: the whole table spills)
    =TB_PRIZES(PrizeTable, PrizeSharing, Crosstable, Settings)   (the prize list, spills)
    =TB_PAIRINGS(Crosstable, Settings)       (the next round's pairings, spills)
    =TB_EDE(A2, Matches, Settings, Teams)    (team events)
Once, after pasting this file: run the script "Set up xltb in this workbook" (the pane's Run button).
Each round: the script "Pair next round" writes the pairings into the Crosstable.
"""

import xlwings as xw
from xlwings import arg, func, script

from xltb.hosts.lite import enter_round, register, set_up

register(globals(), func, arg)
''' + _SCRIPT


def requirements(source: str | None = None) -> str:
    """The Lite ``requirements.txt``: xltb at this version (from PyPI), or ``source`` (a wheel's
    URL) instead. xltb's wheel is pure Python and, in Pyodide (``sys_platform == "emscripten"``),
    depends on nothing: pandas and openpyxl are not installed there."""
    line = source or f"xltb=={__version__}"
    return f"{line}\n"


def register(namespace: dict[str, Any], func: Callable[..., Any], arg: Callable[..., Any]) -> list[str]:
    """Put every worksheet function into ``namespace`` (a module's ``globals()``), decorated with
    the host's ``func`` and ``arg``; returns their names. ``TB_VERSION`` is volatile
    (:func:`~xltb.functions.callables.is_volatile`): Excel computes it whenever it calculates, so it shows
    ``#NAME?`` as soon as the functions are missing."""
    for name in functions.NAMES:
        fn = functions.make(name)
        for param in reversed(list(inspect.signature(fn).parameters)):
            if param in functions.BLOCKS or param in functions.RANGES:
                fn = arg(param, ndim=2, doc=functions.PARAMS[param])(fn)
            else:
                fn = arg(param, doc=functions.PARAMS[param])(fn)
        namespace[name] = func(volatile=True)(fn) if functions.is_volatile(name) else func(fn)
    return list(functions.NAMES)


#: the main.py that carries xltb: the package is unpacked into Pyodide's file system before the import
_BUNDLED = '''"""xltb {version}: FIDE C.07 chess tie-breaks as Excel functions (xlwings Lite).

Written by `xltb lite`. xltb itself is inside this file (its pure-Python package, zipped, base64, at
the end): requirements.txt needs nothing but the xlwings line. Every function takes the pairing
number and the ranges:
    =TB_SB_C1(A2, Crosstable, Settings)      =TB_RANK(A2; Crosstable; Settings)
    =TB_STANDINGS(Crosstable, Settings)      (one cell: the whole table spills)
    =TB_PRIZES(PrizeTable, PrizeSharing, Crosstable, Settings)   (the prize list, spills)
    =TB_PAIRINGS(Crosstable, Settings)       (the next round's pairings, spills)
    =TB_EDE(A2, Matches, Settings, Teams)    (team events)
Once, after pasting this file: run the script "Set up xltb in this workbook" (the pane's Run button).
Each round: the script "Pair next round" writes the pairings into the Crosstable.
"""

import base64
import io
import os
import sys
import zipfile


def _unpack_xltb():
    """Unpack the xltb below into Pyodide's in-memory file system (once per version), ahead of any
    other xltb on sys.path, and forget an xltb imported before (Lite runs main.py again after an edit)."""
    target = "/tmp/xltb-{version}-{digest}"
    if not os.path.isdir(os.path.join(target, "xltb")):
        with zipfile.ZipFile(io.BytesIO(base64.b64decode("".join(_XLTB)))) as z:
            z.extractall(target + ".part")
        os.replace(target + ".part", target)
    for name in [m for m in sys.modules if m == "xltb" or m.startswith("xltb.")]:
        if not (getattr(sys.modules[name], "__file__", None) or "").startswith(target):
            del sys.modules[name]
    if target in sys.path:
        sys.path.remove(target)
    sys.path.insert(0, target)


_XLTB = [
{chunks}
]

_unpack_xltb()

import xlwings as xw  # noqa: E402
from xlwings import arg, func, script  # noqa: E402

from xltb.hosts.lite import enter_round, register, set_up  # noqa: E402

register(globals(), func, arg)
'''


#: the folders of xltb (relative to the package, with "/") the bundled main.py leaves out
NOT_IN_LITE = frozenset({"books", "cli", "recalc", "templates", "hosts/libreoffice"})


def package_zip() -> bytes:
    """xltb's package as it is installed (its modules and data files, no caches), zipped with fixed
    timestamps: the same bytes for the same files. Left out: what Lite never runs: the workbook readers
    (:mod:`xltb.books`: the functions receive the blocks' values, not a file), ``xltb recalc``
    (:mod:`xltb.recalc`), the template writers (:mod:`xltb.templates`), the command line (:mod:`xltb.cli`) and
    the LibreOffice extension (:mod:`xltb.hosts.libreoffice`)."""
    root = Path(__file__).resolve().parents[1]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for folder, dirs, names in os.walk(root):
            here = Path(folder).relative_to(root)
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and (here / d).as_posix() not in NOT_IN_LITE)
            for name in sorted(names):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = Path(folder) / name
                info = zipfile.ZipInfo(str(path.relative_to(root.parent)).replace(os.sep, "/"), (2024, 1, 1, 0, 0, 0))
                info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
                z.writestr(info, path.read_bytes())
    return out.getvalue()


def bundled_main() -> str:
    """The main.py that carries xltb (see the module docstring)."""
    data = package_zip()
    text = base64.b64encode(data).decode("ascii")
    chunks = "\n".join(f'    "{text[i:i + 96]}",' for i in range(0, len(text), 96))
    return _BUNDLED.format(version=__version__, digest=hashlib.sha256(data).hexdigest()[:12], chunks=chunks) + _SCRIPT


def files(source: str | None = None, *, bundled: bool = False) -> dict[str, str]:
    """The files of ``xltb lite``: file name -> text. ``bundled``: main.py carries xltb, and no
    requirements.txt is written (Lite's own, with its xlwings line, stays as it is)."""
    if bundled:
        return {"main.py": bundled_main()}
    return {"main.py": MAIN_PY, "requirements.txt": requirements(source)}
