"""xltb's worksheet functions registered in the ``formulas`` engine of ``xltb recalc``: every name of
:data:`xltb.functions.callables.NAMES` (``TB_SB_C1``, ``TB``, ``TB_RANK``, ``TB_EXPLAIN``, ``TB_CHECK``,
``TB_STANDINGS``, ``TB_PRIZES``, ``TB_PAIRINGS``, ``TB_PAIRINGS_BY_NAME``, ``TB_STATUS``, ``TB_VERSION``). Every spelling Excel stores for them
(``_xludf.``, ``_xll.``, ``_xldudf_`` with a namespace or without) is made plain before a formula is
compiled (:mod:`xltb.functions.spelling`, in :func:`xltb.recalc.run.read_book`).

The arguments are those of the portable functions; the blocks may be left out, as in the classic
Excel host: ``=TB_SB_C1(A2)`` reads the workbook's names ``Crosstable`` and ``Settings`` (team
events ``Matches``, ``Settings`` and ``Teams``; without a Settings block, the one-cell names of its
keys). The values are computed by :mod:`xltb.functions.core`, as every host does, so they equal
``xltb standings`` on the same event; an Excel error is the engine's error value.
"""

from __future__ import annotations

import collections
import threading
from typing import Any, Callable

import formulas  # only `xltb recalc` imports this module
import numpy as np
import schedula as sh
from formulas.functions import COMPILING, wrap_impure_func
from formulas.tokens.operand import Error as _XlErrors, XlError

from ..functions import core
from ..functions.catalogue import code_of_function
from ..sheets.crosstable import Origin
from ..cells import column_letters
from ..functions.callables import NAMES
from ..functions.pairings import tb_pairings, tb_pairings_by_name
from ..functions.prizes import tb_prizes
from ..functions.status import tb_status
from ..sheets.names import TeamSheets
from .book import Block, Blocks, NoCrosstable, Rows, fit, resolve
from .scipy_later import functions as engine_table

#: the engine evaluating a formula now (its workbook's names give the blocks left out) and the size of
#: the array formula being filled (TB_STANDINGS pads its table to it)
ACTIVE = threading.local()
ACTIVE.engine = None
ACTIVE.shape = None

#: arguments before the blocks
_REQUIRED = {"TB": 2, "TB_RANK": 1, "TB_EXPLAIN": 2, "TB_CHECK": 3, "TB_STANDINGS": 0, "TB_PRIZES": 2,
             "TB_STATUS": 0, "TB_PAIRINGS": 0, "TB_PAIRINGS_BY_NAME": 0}
_CODES = {code: err for code, err in _XlErrors.errors.items()}


def as_rows(value: Any, convert: Callable[[Any], Any]) -> list[list[Any]]:
    """A value of ``formulas`` (a range, an array or one value) as a list of rows, each cell ``convert``-ed."""
    if isinstance(value, formulas.Ranges):
        value = value.value
    array = np.asarray(value, dtype=object)
    if array.ndim == 0:
        return [[convert(array.item())]]
    if array.ndim == 1:
        array = array.reshape(1, -1)
    return [[convert(v) for v in row] for row in array.tolist()]


def _plain(value: Any) -> Any:
    """A cell's value as the portable functions take it: None for an empty cell, an error as its code."""
    if value is sh.EMPTY or value is None:
        return None
    if isinstance(value, XlError):
        return str(value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def _rows(value: Any) -> list[list[Any]]:
    """A block argument as the portable functions take it: rows of plain values."""
    return as_rows(value, _plain)


class _Wrong(Exception):
    """An argument that is not what the function takes: #VALUE!."""


def _scalar(value: Any) -> Any:
    rows = _rows(value)
    if len(rows) != 1 or len(rows[0]) != 1:
        raise _Wrong("a range where one cell is expected")
    return rows[0][0]


def _origin(value: Any, default: str) -> Origin:
    engine = ACTIVE.engine
    if isinstance(value, formulas.Ranges) and value.ranges:
        rng = value.ranges[0]
        sheet = rng.get("sheet_id") or ""
        return Origin(engine.sheet_name(sheet.strip("'")) if engine and sheet else default, int(rng["r1"]),
                      int(rng["n1"]))
    return Origin(default)


def _omitted(value: Any) -> bool:
    """An argument left out (``TB_STANDINGS(,Settings)``): ``formulas`` passes 0 or an empty value."""
    if value is None or value is sh.EMPTY:
        return True
    if isinstance(value, formulas.Ranges):
        return False
    array = np.asarray(value, dtype=object)
    return array.size == 1 and (array.item() is sh.EMPTY or (type(array.item()) is int and array.item() == 0))


class _EngineNames:
    """The evaluating workbook's names, as :class:`~xltb.hosts.book.Names` reads them."""

    def __init__(self, engine: Any):
        self._engine = engine

    def named(self, name: str) -> Block | None:
        rows, rect = self._engine.named_block(name.upper())
        return None if rect is None else Block(_rows(rows), Origin(rect.sheet, rect.r1, rect.c1))


def _blocks(crosstable: Any, settings: Any, teams: Any) -> Blocks:
    """The call's blocks, the workbook's names for those left out."""
    engine = ACTIVE.engine
    try:
        return resolve(_EngineNames(engine) if engine is not None else None,
                       None if crosstable is None else Block(_rows(crosstable), _origin(crosstable, "Crosstable")),
                       None if settings is None else _rows(settings),
                       None if teams is None else Block(_rows(teams), _origin(teams, "Teams")))
    except NoCrosstable as why:
        raise _Wrong(str(why)) from None


def _args(blocks: Blocks) -> tuple[Rows, Rows | None, Origin, TeamSheets | None]:
    return blocks.crosstable, blocks.settings, blocks.origin, blocks.teams


def _result(value: Any) -> Any:
    if isinstance(value, core.ExcelError):
        engine = ACTIVE.engine
        if engine is not None and value.message:
            engine.note(value.message)
        return _CODES.get(value.code, _CODES["#VALUE!"])
    if value is None:  # a text, even "#N/A" (a player's name), stays a text: only an ExcelError is an error
        return ""
    return value


def make(name: str) -> Callable[..., Any]:
    upper = name.upper()
    required = _REQUIRED.get(upper, 1)
    code = code_of_function(upper)

    def fn(*args: Any) -> Any:
        if upper == "TB_VERSION":
            return core.tb_version() if not args else _CODES["#VALUE!"]
        if len(args) < required or len(args) > required + 3:
            return _CODES["#VALUE!"]
        scalars: list[Any]  # the arguments before the blocks: cell values
        prizes: tuple[list[list[Any]], Any] | None = None
        try:
            if upper == "TB_PRIZES":  # the prize table is a range, the sharing one cell
                prizes = (_rows(args[0]), _origin(args[0], "Prizes"))
                scalars = [None, None if _omitted(args[1]) else _scalar(args[1])]
            else:
                scalars = [_scalar(a) for a in args[:required]]
            extra = [None if _omitted(a) else a for a in args[required:]] + [None] * 3
            blocks = _blocks(*extra[:3])
        except _Wrong as why:
            if ACTIVE.engine is not None:
                ACTIVE.engine.note(f"{upper}: {why}")
            return _CODES["#VALUE!"]
        if upper in _TABLES:
            return _table(upper, blocks, prizes, scalars[1] if upper == "TB_PRIZES" else None)
        if upper == "TB_STATUS":
            return tb_status(*_args(blocks))
        if upper == "TB":
            value = core.tb_value(scalars[0], scalars[1], *_args(blocks))
        elif upper == "TB_RANK":
            value = core.tb_rank(scalars[0], *_args(blocks))
        elif upper == "TB_EXPLAIN":
            value = core.tb_explain(scalars[0], scalars[1], *_args(blocks))
        elif upper == "TB_CHECK":
            value = core.tb_check(scalars[0], scalars[1], scalars[2], *_args(blocks))
        else:
            assert code is not None, upper  # every other name of NAMES is a tie-break's own function
            value = core.tb_value(code, scalars[0], *_args(blocks))
        return _result(value)

    fn.__name__ = upper
    return fn


#: the functions whose value is a table, fitted to the formula's range
_TABLES = frozenset({"TB_STANDINGS", "TB_PRIZES", "TB_PAIRINGS", "TB_PAIRINGS_BY_NAME"})


def _table(upper: str, blocks: Blocks, prizes: tuple[list[list[Any]], Any] | None, sharing: Any) -> Any:
    """A table function's value as the engine's array, fitted to the formula's range (:data:`_TABLES`)."""
    if upper == "TB_STANDINGS":
        whole = core.tb_standings(blocks.crosstable, blocks.settings, blocks.origin, blocks.teams)
        _left_out(whole, ACTIVE.shape)
    elif upper == "TB_PRIZES":
        assert prizes is not None
        whole = tb_prizes(prizes[0], sharing, *_args(blocks), prizes_origin=prizes[1])
    else:
        whole = (tb_pairings if upper == "TB_PAIRINGS" else tb_pairings_by_name)(*_args(blocks))
    return np.asarray([[_result(v) for v in row] for row in fit(whole, ACTIVE.shape)], dtype=object)


def _left_out(table: list[list[Any]], shape: tuple[int, int] | None) -> None:
    """Warn when a legacy array formula's range is smaller than the table: Excel shows the top-left of an
    array formula's result in its range ("If the cell group has fewer rows than the values, the top-most
    rows of the values are stored in the cells", ECMA-376 Part 1, Single- and Multi-Cell Formulas; "Legacy
    array formulas always return a fixed-size result", Microsoft, Dynamic array formulas and spilled array
    behavior), and so does recalc; the participants and tie-breaks left out are named, never dropped
    silently. A dynamic array (Excel 365's mark) spills instead."""
    engine = ACTIVE.engine
    if shape is None or tuple(shape) == (1, 1) or engine is None or not table:
        return
    height, width = shape
    rows = [r for r in table[height:] if len(r) > 2 and r[1] not in (None, "")]
    columns = [str(c) for c in table[0][width:]]
    if not rows and not columns:
        return
    what = []
    if rows:
        names = ", ".join(f"#{r[1]} {r[2]}" for r in rows[:20]) + (f" and {len(rows) - 20} more" if len(rows) > 20
                                                                    else "")
        what.append(f"{len(rows)} participant(s) left out: {names}")
    if columns:
        what.append(f"column(s) left out: {', '.join(columns)}")
    engine.warn(f"TB_STANDINGS gives {len(table)} x {max(len(r) for r in table)} cells but its array formula's range "
                f"holds {height} x {width} (a legacy array shows the top-left of its result, as in Excel): "
                + "; ".join(what) + ". Enter the formula again in one cell (a dynamic array spills to its size) or "
                "over a larger range.")


def _whole_number(value: Any) -> int | None:
    """A one-value argument as a whole number (INDEX's row and column numbers), else None."""
    if isinstance(value, formulas.Ranges):
        value = value.value
    array = np.asarray(value, dtype=object)
    if array.size != 1:
        return None
    v = array.item()
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer, np.floating)):
        return None
    return int(v) if float(v) >= 1 else None


def _error_of(value: Any) -> XlError | None:
    if isinstance(value, formulas.Ranges):
        value = value.value
    array = np.asarray(value, dtype=object)
    return array.item() if array.size == 1 and isinstance(array.item(), XlError) else None


def _fast_index(original: Callable[..., Any]) -> Callable[..., Any]:
    """``INDEX(range, row, column)`` of one cell of one range: that cell as a reference, as ``formulas``
    gives it, without building a reference for every cell of the range first (which made the templates'
    ``INDEX($P:$P, MATCH(...))`` cost a whole column per cell). Anything else: ``formulas``' own INDEX."""
    def index(array: Any, row_num: Any, col_num: Any = None, area_num: Any = 1) -> Any:
        if isinstance(array, formulas.Ranges) and len(array.ranges) == 1 and area_num == 1:
            rng = array.ranges[0]
            height, width = int(rng["r2"]) - int(rng["r1"]) + 1, rng["n2"] - rng["n1"] + 1
            for number in (row_num, col_num):
                error = _error_of(number)
                if error is not None:  # INDEX(x, #N/A): the error, as in Excel
                    return error
            r, c = _whole_number(row_num), (1 if col_num is None and width == 1 else _whole_number(col_num))
            if col_num is None and height == 1 and width > 1:
                r, c = 1, _whole_number(row_num)
            if r is not None and c is not None:
                if r > height or c > width:
                    return _CODES["#REF!"]
                row, n = int(rng["r1"]) + r - 1, rng["n1"] + c - 1
                letters = column_letters(n)
                ref = f"{letters}{row}"
                sheet_id = rng.get("sheet_id") or ""
                value = array.value[r - 1, c - 1]
                return formulas.Ranges(values=dict(array.values)).set_value(
                    {"r1": row, "r2": row, "c1": letters, "c2": letters, "n1": n, "n2": n, "ref": ref,
                     "name": f"{sheet_id}!{ref}" if sheet_id else ref, "sheet_id": sheet_id}, value)
        return original(array, row_num, col_num, area_num)

    return index


#: MATCH's exact lookups through a table (:func:`_cached_match`); False: ``formulas``' comparison for every
#: call (the test comparing both sets it)
EXACT_LOOKUP = True


def _cached_match() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``formulas``' MATCH prepares its lookup array (the type and lower-case text of every value) on
    each call and then compares the value with every entry; the templates' lookups match 2 x (players)
    times in the same column, which made a recalculation grow with the square of the players.

    The parser prepares an array once per array (the same object: the engine hands every formula of a
    range the same one) or per distinct content; an exact match (``match_type`` 0, no wildcard) then
    looks the value up in a table of the first position of each (type, value) the prepared array
    holds, which is what ``formulas``' comparison finds (``index[lookup_value == array][0]`` among the
    entries of the value's type). Anything else is ``formulas``' own MATCH. Returns (parser, match)."""
    from formulas.functions.look import args_parser_match_array, xmatch

    by_content: dict[Any, tuple[Any, ...]] = {}
    by_object: dict[int, tuple[Any, tuple[Any, ...]]] = {}  # id -> (the array, kept so the id is not reused; prepared)
    firsts: dict[int, tuple[Any, dict[Any, Any] | None]] = {}  # id of a prepared array -> (it, (type, value) -> position)

    def parser(val: Any, arr: Any, match_type: Any = 1) -> Any:
        hit = by_object.get(id(arr))
        if hit is not None and hit[0] is arr:
            prepared = hit[1]
        else:
            flat = np.ravel(np.asarray(arr, dtype=object))
            try:
                key = (np.shape(arr), tuple(flat.tolist()))
                hash(key)
            except TypeError:
                return args_parser_match_array(val, arr, match_type)
            kept = by_content.get(key)
            if kept is None:
                if len(by_content) > 64:
                    by_content.clear()
                kept = by_content[key] = tuple(args_parser_match_array(val, arr, match_type))[3:7]
            prepared = kept
            if len(by_object) > 64:
                by_object.clear()
            by_object[id(arr)] = (arr, prepared)
        own = tuple(args_parser_match_array(val, [[0]], match_type))
        return own[:3] + prepared + own[7:]

    def table(index: Any, types: Any, array: Any) -> dict[Any, Any] | None:
        hit = firsts.get(id(array))
        if hit is not None and hit[0] is array:
            return hit[1]
        first: dict[Any, Any] | None = {}
        try:
            positions: dict[Any, Any] = {}
            first = positions
            for position, kind, value in zip(index.tolist(), types.tolist(), array.tolist()):
                positions.setdefault((kind, value), position)
        except TypeError:  # an unhashable entry: formulas' comparison
            first = None
        if len(firsts) > 64:
            firsts.clear()
        firsts[id(array)] = (array, first)
        return first

    def match(value_type: Any, value: Any, value_raw: Any, index: Any, types: Any, array: Any, array_raw: Any,
              match_type: Any = 1) -> Any:
        exact = EXACT_LOOKUP and match_type == 0 and (value_type in (0, 2) and value == value or
                                     value_type == 1 and not any(ch in value for ch in "*~?"))
        if exact:
            first = table(index, types, array)
            if first is not None:
                try:
                    position = first.get((value_type, value))
                except TypeError:
                    position = None
                else:
                    return _CODES["#N/A"] if position is None else np.int64(position)
        return xmatch(value_type, value, value_raw, index, types, array, array_raw, match_type)

    return parser, match


def register() -> None:
    """Put every xltb function into the engine's table of functions (under its plain name: the spellings
    Excel stores are made plain before a formula is compiled)."""
    table = engine_table()  # SciPy imported only when a statistical function is called
    entry = table["INDEX"]
    if isinstance(entry, dict) and not getattr(entry["function"], "xltb", False):
        from formulas.functions import wrap_func
        from formulas.functions.look import xindex

        function = wrap_impure_func(wrap_func(_fast_index(xindex), ranges=True))
        function.xltb = True
        table["INDEX"] = {**entry, "function": function}
        from formulas.functions import get_error, wrap_ufunc

        parser, match = _cached_match()
        table["MATCH"] = wrap_ufunc(match, check_error=lambda *a: get_error(a[1]), excluded={3, 4, 5, 6, 7},
                                    args_parser=parser, input_parser=lambda *a: a)
    for name in NAMES:
        # impure, as ``formulas`` marks RAND and TODAY: never computed while a formula is compiled (the
        # workbook's names are not known then), always when it is evaluated
        entry = {"extra_inputs": collections.OrderedDict([(COMPILING, False)]), "function": wrap_impure_func(make(name))}
        table[name] = entry
