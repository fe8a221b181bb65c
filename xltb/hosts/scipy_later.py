"""The ``formulas`` engine's table of functions, loaded without importing SciPy until a statistical
function is called.

``formulas.functions.get_functions()`` imports every module of Excel's functions at once; its
statistical module starts with ``from scipy import stats, linalg`` and
``from scipy.interpolate import interp1d``, and importing those three costs about 1.3 s of processor time
(measured: ``scipy.stats`` 1.0 s, ``scipy.interpolate`` 0.55 s, partly shared), the largest part of
``xltb recalc``'s start, paid by every workbook although the templates call no statistical function.
The statistical module uses the three names only inside its functions (``stats.norm.ppf(...)`` in
NORM.S.INV, ``interp1d(...)`` in PERCENTILE), so while the table is loaded they are bound to stand-ins
that import the real SciPy module at their first use and hand every attribute and call over to it: a
workbook that calls NORM.DIST or PERCENTILE computes it with SciPy exactly as before, one that does not
never imports SciPy. The stand-ins are in ``sys.modules`` only while the table loads; afterwards
``import scipy.stats`` anywhere in the process imports the real module as usual.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any, Callable

#: the SciPy modules the statistical functions of ``formulas`` import when their module loads
LATER = ("scipy.stats", "scipy.linalg", "scipy.interpolate")


class _Later(types.ModuleType):
    """Stands for a SciPy module: its first attribute read imports the real one. Names imported from it
    while the table loads (``interp1d``) are callables that import it when called."""

    def __init__(self, name: str):
        super().__init__(name)
        self._loading = True

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        if self.__dict__.get("_loading"):
            return _call_later(self.__name__, attr)
        return getattr(importlib.import_module(self.__name__), attr)


def _call_later(module: str, attr: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), attr)(*args, **kwargs)

    call.__name__ = call.__qualname__ = attr
    return call


def functions() -> Any:
    """``formulas``' table of functions (``get_functions()``), its statistical module loaded with SciPy's
    modules imported at their first use. Where SciPy is already imported, nothing is put in its place."""
    from formulas.functions import get_functions

    if get_functions.cache_info().currsize:  # loaded already (the table is made once per process)
        return get_functions()
    placed = {name: _Later(name) for name in LATER if name not in sys.modules}
    sys.modules.update(placed)
    try:
        return get_functions()
    finally:
        for name, stand_in in placed.items():
            stand_in._loading = False  # from now on an attribute read imports the real module
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
