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

#: the Lite main.py that ``xltb lite`` writes
MAIN_PY = '''"""xltb: FIDE C.07 chess tie-breaks as Excel functions (xlwings Lite).

Written by `xltb lite`. Every function takes the pairing number and the ranges:
    =TB_SB_C1(A2, Crosstable, Settings)      =TB_RANK(A2; Crosstable; Settings)
    =TB_STANDINGS(Crosstable, Settings)      (one cell: the whole table spills)
    =TB_PRIZES(PrizeTable, PrizeSharing, Crosstable, Settings)   (the prize list, spills)
    =TB_EDE(A2, Matches, Settings, Teams)    (team events)
"""

from xlwings import arg, func

from xltb.hosts.lite import register

register(globals(), func, arg)
'''


def requirements(source: str | None = None) -> str:
    """The Lite ``requirements.txt``: xltb at this version (from PyPI), or ``source`` (a wheel's
    URL) instead. xltb's wheel is pure Python and, in Pyodide (``sys_platform == "emscripten"``),
    depends on nothing: pandas and openpyxl are not installed there."""
    line = source or f"xltb=={__version__}"
    return f"{line}\n"


def register(namespace: dict[str, Any], func: Callable, arg: Callable) -> list[str]:
    """Put every worksheet function into ``namespace`` (a module's ``globals()``), decorated with
    the host's ``func`` and ``arg``; returns their names."""
    for name in functions.NAMES:
        fn = functions.make(name)
        for param in reversed(list(inspect.signature(fn).parameters)):
            if param in functions.BLOCKS or param in functions.RANGES:
                fn = arg(param, ndim=2, doc=functions.PARAMS[param])(fn)
            else:
                fn = arg(param, doc=functions.PARAMS[param])(fn)
        namespace[name] = func(fn)
    return list(functions.NAMES)


#: the main.py that carries xltb: the package is unpacked into Pyodide's file system before the import
_BUNDLED = '''"""xltb {version}: FIDE C.07 chess tie-breaks as Excel functions (xlwings Lite).

Written by `xltb lite`. xltb itself is inside this file (its pure-Python package, zipped, base64, at
the end): requirements.txt needs nothing but the xlwings line. Every function takes the pairing
number and the ranges:
    =TB_SB_C1(A2, Crosstable, Settings)      =TB_RANK(A2; Crosstable; Settings)
    =TB_STANDINGS(Crosstable, Settings)      (one cell: the whole table spills)
    =TB_PRIZES(PrizeTable, PrizeSharing, Crosstable, Settings)   (the prize list, spills)
    =TB_EDE(A2, Matches, Settings, Teams)    (team events)
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

from xlwings import arg, func  # noqa: E402

from xltb.hosts.lite import register  # noqa: E402

register(globals(), func, arg)
'''


def package_zip() -> bytes:
    """xltb's package as it is installed (its modules and data files, no caches), zipped with fixed
    timestamps: the same bytes for the same files."""
    root = Path(__file__).resolve().parents[1]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
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
    return _BUNDLED.format(version=__version__, digest=hashlib.sha256(data).hexdigest()[:12], chunks=chunks)


def files(source: str | None = None, *, bundled: bool = False) -> dict[str, str]:
    """The files of ``xltb lite``: file name -> text. ``bundled``: main.py carries xltb, and no
    requirements.txt is written (Lite's own, with its xlwings line, stays as it is)."""
    if bundled:
        return {"main.py": bundled_main()}
    return {"main.py": MAIN_PY, "requirements.txt": requirements(source)}
