"""The spellings Excel stores for xltb's worksheet functions, and a formula with each made plain.

A formula such as ``=TB_SB_C1(A2,Crosstable,Settings)`` reaches a workbook's XML in several spellings,
all found in public evidence:

* as typed, ``TB_SB_C1(``: xltb's templates, and Excel for a function of the classic add-in's VBA
  wrappers (a VBA function of the workbook itself);
* ``_xludf.TB_SB_C1(``: Excel for a function it does not know when it saves;
* ``_xll.TB_SB_C1(``: an XLL add-in's function, also with a dotted name (``_xll.CUSTOMJS.NEWFDS(``,
  Microsoft in OfficeDev/Excel-Custom-Functions#108);
* ``_xldudf_TB_SB_C1(``: an Office add-in's custom function (xlwings Lite's): "For Javascript Custom
  Functions, we by default save out with a different prefix _xldudf" (Microsoft in
  OfficeDev/Excel-Custom-Functions#108; by design, OfficeDev/office-js#5611). A namespace is kept with its
  dots turned into underscores: ``ABC.GET_PB_OPT_ORDER_ANALYSIS`` is stored as
  ``_xldudf_ABC_GET_PB_OPT_ORDER_ANALYSIS`` (OfficeDev/office-js#3872), ``CX.GET`` as ``_xldudf_CX_GET``
  (OfficeDev/office-js#6655);
* ``[2]!_xldudf_TB_SB_C1(`` or ``BloombergUI.xla!_xldudf_...(``: the same, bound by an Excel fault to
  another workbook (OfficeDev/office-js#2568: "``_xldudf_XXXX`` to be replaced with ``[2]!_xldudf_XXX``",
  fixed by hand by removing the prefix; #3872). Excel does not compute such a formula; only entering it
  again (:func:`plain` with ``other_workbook=True``) binds it to the add-in.

Names are compared without regard to case (Excel's function names are case-insensitive). Text inside
string literals is never touched: ``="see TB_SB("`` calls nothing.
"""

from __future__ import annotations

import re
from typing import Iterable

from .callables import NAMES

_KNOWN = frozenset(NAMES)
#: every xltb function's name has TB in it: a formula without it (any case) has nothing to rewrite
_MARK = "tb" if all("TB" in name.upper() for name in _KNOWN) else ""
_STRING = re.compile(r'"(?:[^"]|"")*"')
#: [workbook]! (optional), the add-in prefix (optional), the name as stored, then the opening bracket
_CALL = re.compile(
    r"(?<![A-Za-z0-9_.!\]'\\])"
    r"(?P<book>(?:\[\d+\]|'(?:[^']|'')+'|[A-Za-z0-9_][A-Za-z0-9_.]*)!)?"
    r"(?P<prefix>_xludf\.|_xll\.|_xldudf_)?"
    r"(?P<name>[A-Za-z][A-Za-z0-9_.]*)(?P<open>\s*\()",
    re.IGNORECASE)


def function_of(prefix: str, stored: str) -> str | None:
    """The xltb function a name stored after ``prefix`` (``""``, ``_xludf.``, ``_xll.``, ``_xldudf_``)
    calls, None for any other function."""
    upper, kind = stored.upper(), prefix.lower()
    if not kind:
        return upper if upper in _KNOWN else None
    if kind in ("_xludf.", "_xll."):  # a dotted namespace before the name
        last = upper.rsplit(".", 1)[-1]
        return last if last in _KNOWN else None
    if "." in upper:
        return None
    if upper in _KNOWN:
        return upper
    # _xldudf_NAMESPACE_NAME: the namespace's dots became underscores; the shortest namespace that leaves an
    # xltb name (the whole stored name was tried first, so TB_TBR is never read as namespace TB + TBR)
    for i, ch in enumerate(upper):
        if ch == "_" and upper[i + 1:] in _KNOWN:
            return upper[i + 1:]
    return None


def _rewrite(text: str, other_workbook: bool, found: list[str]) -> str:
    def one(m: re.Match[str]) -> str:
        name = function_of(m["prefix"] or "", m["name"])
        if name is None:
            return m[0]
        if m["book"] and not (other_workbook and (m["prefix"] or "").lower() == "_xldudf_"):
            return m[0]  # a function of another workbook (a VBA function of an .xla): not xltb's
        found.append(name)
        return name + m["open"]

    out, at = [], 0
    for s in _STRING.finditer(text):
        out.append(_CALL.sub(one, text[at:s.start()]))
        out.append(s[0])
        at = s.end()
    out.append(_CALL.sub(one, text[at:]))
    return "".join(out)


def plain(text: str, *, other_workbook: bool = False) -> str:
    """The formula ``text`` with every spelling of an xltb function written as its name
    (``=_xldudf_TB_STANDINGS(Crosstable,Settings)`` -> ``=TB_STANDINGS(Crosstable,Settings)``);
    ``other_workbook``: also an Office add-in's function that an Excel fault bound to another workbook
    (``[2]!_xldudf_TB_SB(``). Everything else is kept character for character."""
    if _MARK not in text.lower():
        return text
    return _rewrite(text, other_workbook, [])


def called(text: str, *, other_workbook: bool = False) -> list[str]:
    """The xltb functions the formula ``text`` calls, in any spelling (each call once, in order)."""
    found: list[str] = []
    _rewrite(text, other_workbook, found)
    return found


def calls_any(texts: Iterable[str]) -> bool:
    """Whether any of the formulas calls an xltb function as typed or as Excel stores it."""
    return any(called(t) for t in texts)
