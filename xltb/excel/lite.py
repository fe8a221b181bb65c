"""xlwings Lite and xlwings Server: the worksheet functions of :mod:`xltb.excel.functions` under
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
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

from .. import __version__
from . import functions

#: the Lite main.py that ``xltb lite`` writes
MAIN_PY = '''"""xltb: FIDE C.07 chess tie-breaks as Excel functions (xlwings Lite).

Written by `xltb lite`. Every function takes the pairing number and the ranges:
    =TB_SB_C1(A2, Crosstable, Settings)      =TB_RANK(A2; Crosstable; Settings)
    =TB_STANDINGS(Crosstable, Settings)      (one cell: the whole table spills)
    =TB_EDE(A2, Matches, Settings, Teams)    (team events)
"""

from xlwings import arg, func

from xltb.excel.lite import register

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
            if param in functions.BLOCKS:
                fn = arg(param, ndim=2, doc=functions.PARAMS[param])(fn)
            else:
                fn = arg(param, doc=functions.PARAMS[param])(fn)
        namespace[name] = func(fn)
    return list(functions.NAMES)


def files(source: str | None = None) -> dict[str, str]:
    """The files of ``xltb lite``: file name -> text."""
    return {"main.py": MAIN_PY, "requirements.txt": requirements(source)}
