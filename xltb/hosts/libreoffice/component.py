"""The UNO component of the xltb Calc add-in (shipped in the .oxt as ``xltb_addin.py``).

LibreOffice's Python loads this file; nothing in xltb imports it (it needs ``uno``). Its class
implements ``org.xltb.XXltb`` (the type library ``xltb.rdb`` in the same extension) with one
method per worksheet function, and Calc's ``XAddIn`` (names and help in the function wizard).
Each method hands its arguments to :func:`xltb.hosts.libreoffice.dispatch.call` and turns xltb's
error results into Calc's error values (:data:`~xltb.hosts.libreoffice.dispatch.CALC_ERRORS`).
The pure-Python ``xltb`` package travels in the extension's ``pythonpath/`` folder.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable

import uno  # noqa: F401 - LibreOffice's bridge: loads the UNO types imported below
import unohelper

_HERE = os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() else ""
_VENDORED = os.path.join(_HERE, "pythonpath")
if _HERE and os.path.isdir(_VENDORED) and sys.path[:1] != [_VENDORED]:
    # the copy of xltb in this extension, before any other xltb on LibreOffice's sys.path
    # (Debian's office Python also sees /usr/lib/python3/dist-packages)
    sys.path.insert(0, _VENDORED)

if sys.version_info < (3, 11):
    raise ImportError("the xltb add-in needs Python 3.11 or newer; this LibreOffice runs Python "
                      + sys.version.split()[0])

from com.sun.star.lang import IllegalArgumentException, Locale, XServiceInfo, XServiceName  # noqa: E402
from com.sun.star.sheet import LocalizedName, XAddIn, XCompatibilityNames  # noqa: E402

try:
    from org.xltb import XXltb  # the add-in's interface, from xltb.rdb in this extension
except ImportError:
    # `unopkg add --shared` imports this file to register it before the extension's type library
    # is visible; registration needs only the names below. The office imports it again with the
    # real interface.
    class _Registering:  # noqa: D101 - stands in for the interface during registration only
        pass

    XXltb = _Registering

from xltb.errors import XltbError  # noqa: E402 - any exception but UNO's shows #VALUE! in the cell
from xltb.hosts.libreoffice import IMPLEMENTATION, SERVICE  # noqa: E402
from xltb.hosts.libreoffice import dispatch  # noqa: E402
from xltb.hosts.libreoffice.spec import BY_NAME, FUNCTIONS, RANGE, Function  # noqa: E402

_ADDIN_SERVICE = "com.sun.star.sheet.AddIn"
_CATEGORY = "Add-In"
_NAN = float("nan")


def _scalar(name: str, args: tuple[Any, ...], this: Any) -> Any:
    value = dispatch.call(name, *args)
    error = dispatch.error_of(value)
    if error is None:
        return dispatch.table([[value]])[0][0]
    if error == "#N/A":
        return None  # a void any: #N/A
    if error == "#NUM!":
        return _NAN  # NaN: #NUM!
    if error == "#NAME?":
        raise IllegalArgumentException(f"{name}: not a tie-break code", this, 0)  # Err:502
    raise XltbError(f"{name}: {error}")  # #VALUE!


def _array(name: str, args: tuple[Any, ...], this: Any) -> tuple[tuple[Any, ...], ...]:
    rows = dispatch.call(name, *args)
    if len(rows) == 1 and len(rows[0]) == 1 and dispatch.error_of(rows[0][0]):
        raise XltbError(f"{name}: {rows[0][0]}")  # the whole table is an error: #VALUE! in every cell
    return dispatch.table(dispatch.pad_table(name, rows, args))  # the template's block: no #N/A around


def _method(fn: Function) -> Callable[..., Any]:
    run = _array if fn.returns == RANGE else _scalar

    def method(self: XltbAddIn, *args: Any) -> Any:
        return run(fn.name, args, self)

    method.__name__ = fn.name
    return method


# LibreOffice's bridge ships no types: every base class is `Any` to mypy
class XltbAddIn(unohelper.Base, XXltb, XAddIn, XCompatibilityNames, XServiceName, XServiceInfo):  # type: ignore[misc]
    def __init__(self, ctx: Any, *args: Any) -> None:
        self.ctx = ctx
        self.locale = Locale("en", "US", "")

    # XAddIn (the spelling "Funtion" is the UNO API's own)
    def getProgrammaticFuntionName(self, display: str) -> str:
        return display if display in BY_NAME else ""

    def getDisplayFunctionName(self, name: str) -> str:
        return name if name in BY_NAME else ""

    def getFunctionDescription(self, name: str) -> str:
        return BY_NAME[name].doc if name in BY_NAME else ""

    def getDisplayArgumentName(self, name: str, index: int) -> str:
        fn = BY_NAME.get(name)
        return fn.params[index].name if fn and 0 <= index < len(fn.params) else ""

    def getArgumentDescription(self, name: str, index: int) -> str:
        fn = BY_NAME.get(name)
        return fn.params[index].doc if fn and 0 <= index < len(fn.params) else ""

    def getProgrammaticCategoryName(self, name: str) -> str:
        return _CATEGORY

    def getDisplayCategoryName(self, name: str) -> str:
        return _CATEGORY

    # XLocalizable
    def setLocale(self, locale: Any) -> None:
        self.locale = locale

    def getLocale(self) -> Any:
        return self.locale

    # XCompatibilityNames: the Excel name
    def getCompatibilityNames(self, name: str) -> tuple[Any, ...]:
        return (LocalizedName(Locale("en", "US", ""), name),) if name in BY_NAME else ()

    # XServiceName, XServiceInfo
    def getServiceName(self) -> str:
        return SERVICE

    def getImplementationName(self) -> str:
        return IMPLEMENTATION

    def supportsService(self, name: str) -> bool:
        return name in (SERVICE, _ADDIN_SERVICE)

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return (SERVICE, _ADDIN_SERVICE)


for _fn in FUNCTIONS:
    setattr(XltbAddIn, _fn.name, _method(_fn))
del _fn

g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(XltbAddIn, IMPLEMENTATION, (SERVICE, _ADDIN_SERVICE))
