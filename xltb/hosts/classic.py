"""The classic xlwings add-in (Windows Excel): the worksheet functions of
:mod:`xltb.functions.callables` as ``@xw.func`` functions.

Each function takes the same arguments as everywhere else, ``=TB_SB_C1(A2, Crosstable,
Settings)`` (team events: ``=TB_EDE(A2, Matches, Settings, Teams)``), and is not volatile: Excel
recalculates it exactly when a cell it refers to changes. As a convenience of this host, which can
read the workbook, the blocks may be left out (``=TB_SB_C1(A2)``): the function then finds them
through xlwings' reserved ``caller`` argument, by the workbook's names ``Crosstable`` (team
events ``Matches`` and ``Teams``) and ``Settings`` (or one named cell per setting, see
:mod:`xltb.sheets.settings`). Excel does not know that such a short formula depends on the
crosstable: it is recomputed by a full recalculation (Ctrl+Alt+F9), not by an edit.

Errors come back as their text (``"#VALUE!"``): the classic add-in has no route for an error
value (its VBA wrapper assigns what ``Py.CallUDF`` returns, and a ``VARIANT(VT_ERROR, ...)``
returned from Python does not arrive as one: xlwings issue #776), so ``ISERROR``/``IFERROR`` do
not catch them there; ``TB_EXPLAIN`` says which cell is wrong and why.

The macro *Pair next round* of the packaged .xlsm (``PairNextRound`` in its VBA module ``xltb_macros``,
:data:`xltb.templates.xlsm.MACROS_BAS`) calls :func:`pair_next_round` through xlwings' ``RunPython``: the next
round's pairings written into the Crosstable as pending games, the cells
:func:`xltb.functions.enter.next_round` gives (the list every host applies), through
:func:`xltb.hosts.edits.apply_xlwings`; what was done, or why nothing was (the reason and the cell), in a
message box, as the LibreOffice extension's macro says it.

This module is the only one that imports xlwings at import time.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import xlwings as xw

from ..functions import core, callables as functions
from ..sheets.crosstable import Origin
from .book import Block, NoCrosstable, fit, resolve
from .edits import apply_xlwings

CATEGORY = "xltb (FIDE tie-breaks)"

_OPTIONAL = " Optional with the classic add-in: default, the workbook's name {}."
_DEFAULT_NAME = {"crosstable": "Crosstable (team events: Matches)", "settings": "Settings", "teams": "Teams"}


class _XlwingsNames:
    """The caller's workbook names, as :class:`~xltb.hosts.book.Names` reads them (xlwings ranges)."""

    def __init__(self, book: Any):
        self._names = {name.name.split("!")[-1].upper(): name for name in book.names}

    def named(self, name: str) -> Block | None:
        found = self._names.get(name.upper())
        if found is None:
            return None
        try:
            rng = found.refers_to_range
        except Exception:  # a name that refers to a constant or a deleted range
            return None
        return Block(rng.options(ndim=2).value, Origin(rng.sheet.name, rng.row, rng.column))


def _adapter(name: str) -> Callable[..., Any]:
    """``name`` as a classic xlwings function: the blocks optional, ``caller`` last."""
    portable = functions.make(name)
    params = list(inspect.signature(portable).parameters)
    if "crosstable" not in params:  # TB_VERSION: no argument, volatile (computed on every recalculation)
        def version() -> Any:
            return portable()

        version.__name__ = version.__qualname__ = name
        version.__doc__ = portable.__doc__
        return xw.func(category=CATEGORY, volatile=functions.is_volatile(name))(version)
    lead = params[:params.index("crosstable")]
    names = lead + list(functions.BLOCKS) + ["caller"]  # the signature below, in its order
    known = frozenset(names)

    def udf(*args: Any, **kwargs: Any) -> Any:
        if len(args) > len(names) or not kwargs.keys() <= known:
            raise TypeError(f"{name}() takes the arguments {', '.join(names)}")
        values = dict(zip(names, args))  # bound by hand: Signature.bind cost more than the value itself
        values.update(kwargs)
        caller = values.get("caller")
        result = _call(values, caller)
        if functions.is_table(name) and caller is not None:
            return _fit(result, caller)
        return result

    def _call(values: dict[str, Any], caller: Any) -> Any:
        if values.get("crosstable") is None and caller is not None:
            try:
                blocks = resolve(_XlwingsNames(caller.sheet.book), None, values.get("settings"),
                                 None if values.get("teams") is None else Block(values["teams"], Origin("Teams")))
            except NoCrosstable as why:
                return core.VALUE if name != "TB_EXPLAIN" else f"{core.VALUE} {why}"
            teams = blocks.teams
            fn = functions.make(name, blocks.origin, teams.origin if teams is not None else Origin("Teams"))
            return fn(*[values.get(p) for p in lead], blocks.crosstable, blocks.settings,
                      teams.rows if teams is not None else None)
        return portable(*[values.get(p) for p in params])

    udf.__name__ = udf.__qualname__ = name
    udf.__doc__ = portable.__doc__
    P = inspect.Parameter
    # the signature xlwings reads (inspect.signature honours __signature__, an attribute no function type declares)
    setattr(udf, "__signature__", inspect.Signature(
        [P(p, P.POSITIONAL_OR_KEYWORD) for p in lead]
        + [P(p, P.POSITIONAL_OR_KEYWORD, default=None) for p in functions.BLOCKS] + [
            P("caller", P.POSITIONAL_OR_KEYWORD, default=None)]))
    for p in reversed(params):
        if p in functions.BLOCKS:
            udf = xw.arg(p, ndim=2, doc=functions.PARAMS[p] + _OPTIONAL.format(_DEFAULT_NAME[p]))(udf)
        elif p in functions.RANGES:
            udf = xw.arg(p, ndim=2, doc=functions.PARAMS[p])(udf)
        else:
            udf = xw.arg(p, doc=functions.PARAMS[p])(udf)
    return xw.func(category=CATEGORY)(udf)


def _fit(table: Any, caller: Any) -> Any:
    """The table fitted to the caller's range (:func:`~xltb.hosts.book.fit`)."""
    try:
        shape = tuple(caller.shape)
    except Exception:  # not a range: the whole table
        return table
    return fit(table, shape)


def enter_round(book: Any) -> tuple[bool, list[str]]:
    """Enter the next round into the xlwings book ``book`` (the workbook's names ``Crosstable`` and ``Settings``,
    a team workbook's ``Matches``, ``Teams`` and ``Settings``, read as the functions read them); (entered, the
    lines that say what was done or why nothing was)."""
    from ..functions.enter import Refused, next_round

    try:
        blocks = resolve(_XlwingsNames(book), None, None, None)
    except NoCrosstable:
        return False, ["Pair next round: this workbook has no range named Crosstable (xltb template individual)."]
    rows = [[int(v) if isinstance(v, float) and v.is_integer() else v for v in row] for row in blocks.crosstable]
    try:
        entered = next_round(rows, blocks.settings, blocks.origin, blocks.teams)  # a team workbook: Matches, Teams
    except Refused as why:
        return False, [f"Pair next round: not entered: {why.message}"]
    # one recalculation after the last cell, not one per cell (each would pair the round again in TB_PAIRINGS):
    # xlwings' App.properties sets Excel's calculation to manual and back (0.24.4 and later)
    with book.app.properties(calculation="manual", screen_updating=False):
        apply_xlwings(book, entered.edits)
    rp = entered.pairing
    return True, [f"Round {rp.round} entered: {len(rp.boards)} boards, {len(entered.edits)} cells.",
                  "The Pairings sheets show it; type each result over its pairing (+W9, =B5, -W2), then run this "
                  "macro again for the next round."]


def pair_next_round() -> str:
    """The macro *Pair next round*: ``Sub PairNextRound()`` runs ``RunPython "import xltb.hosts.classic;
    xltb.hosts.classic.pair_next_round()"`` (xlwings' documented route from VBA to Python, "VBA: RunPython",
    https://docs.xlwings.org/en/stable/vba.html: the function finds its workbook with ``xw.Book.caller()``);
    the round entered into the calling workbook, and a message box (``App.alert``, xlwings 0.27.13 and later)
    saying so or why nothing was written."""
    book = xw.Book.caller()
    entered, lines = enter_round(book)
    text = "\n".join(lines)
    book.app.alert(text, title="xltb", mode="info" if entered else "critical")
    return text


for _name in functions.NAMES:
    globals()[_name] = _adapter(_name)
del _name
