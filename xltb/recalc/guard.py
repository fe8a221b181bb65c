"""The bounds of the ``formulas`` engine's own work in ``xltb recalc``: every function and operator of the
engine is wrapped once (:func:`install`) so that what a formula asks it to build is measured before it is
built.

* **Arrays**: an element-wise function or operator (``A1:A1000+TRANSPOSE(A1:A1000)``) gives an array of
  its arguments' broadcast size; a function that makes an array from numbers (``EXPAND``, ``MUNIT``,
  ``MAKEARRAY``) or from others (``HSTACK``, ``VSTACK``, ``CHOOSEROWS``, ``CHOOSECOLS``) of the size they
  ask for. Over :data:`~xltb.limits.MAX_RANGE_CELLS` (the cells a range may span), the formula is not
  evaluated; so is one whose result turns out larger.
* **Text**: no text longer than Excel's 32,767 characters (:data:`~xltb.limits.MAX_TEXT_CHARS`) is
  ever built: ``REPT``, ``SUBSTITUTE``, ``REPLACE``, ``REGEXREPLACE``, ``CONCAT``, ``CONCATENATE``,
  ``TEXTJOIN``, ``ARRAYTOTEXT`` and ``&`` compute the length of their result first and give
  ``#VALUE!``, as Excel does, when it is longer. The characters the text functions build, and those
  the formulas' results hold, are counted against :data:`~xltb.limits.MAX_RECALC_TEXT` for the whole
  recalculation (a function's count is taken before it runs: at most the characters of its
  arguments for each cell of its result).
* **Regular expressions** (``REGEXTEST``, ``REGEXEXTRACT``, ``REGEXREPLACE``) run with the ``regex``
  package (which ``formulas`` already uses) and a time limit (:data:`REGEX_SECONDS`): a pattern that
  backtracks catastrophically (``(a+)+$``) gives ``#VALUE!`` instead of running for ever.

A formula over a limit is listed as not evaluated, with the reason (:class:`~xltb.recalc.values.NotEvaluated`).
"""

from __future__ import annotations

import math
from typing import Any, Callable

import formulas
import numpy as np
import schedula as sh
from formulas.functions import get_functions, replace_empty, wrap_func, wrap_ufunc
from formulas.functions.operators import OPERATORS
from formulas.functions.text import (_kw0 as TEXT_ARGS, _str, xarraytotext, xconcat, xreplace, xrept, xsubstitute,
                                     xtextjoin)
from formulas.tokens.operand import Error as _XlErrors

from .. import limits
from .values import NotEvaluated

VALUE = _XlErrors.errors["#VALUE!"]
#: seconds one regular expression may take on one text
REGEX_SECONDS = 1.0
_UFUNC = "wrap_ufunc.<locals>.wrapper"


class Budget:
    """What the formulas of one recalculation have built so far."""

    def __init__(self) -> None:
        self.text = 0
        self.cells = 0

    def add_text(self, n: int) -> None:
        """Count ``n`` characters about to be built or kept; over the limit, the formula is not evaluated
        (and not counted: the formulas after it may still fit)."""
        if self.text + n > limits.MAX_RECALC_TEXT:
            raise NotEvaluated(f"the formulas build more than {limits.MAX_RECALC_TEXT:,} characters of text in all, "
                               "the limit of a recalculation")
        self.text += n

    def fits(self, cells: int, text: int) -> bool:
        """Whether ``cells`` more cells and ``text`` more characters stay within the limits."""
        return self.cells + cells <= limits.MAX_RECALC_RESULT_CELLS and self.text + text <= limits.MAX_RECALC_TEXT

    def add_result(self, rows: list[list[Any]]) -> None:
        """A formula's result: its cells and its text (what the recalculation keeps and writes)."""
        width = max(len(r) for r in rows) if rows else 1
        self.add_cells(len(rows) * width)
        self.add_text(sum(len(v) for row in rows for v in row if isinstance(v, str)))

    def add_cells(self, n: int) -> None:
        if self.cells + n > limits.MAX_RECALC_RESULT_CELLS:
            raise NotEvaluated(f"the formulas' results cover more than {limits.MAX_RECALC_RESULT_CELLS:,} cells in "
                               "all, the limit of a recalculation")
        self.cells += n


#: the recalculation running now (the engine sets it)
BUDGET = Budget()


def reset() -> Budget:
    global BUDGET
    BUDGET = Budget()
    return BUDGET


# --------------------------------------------------------------------------- measuring arguments
def _plain(arg: Any) -> Any:
    """A range's values (a range the engine cannot give values of: nothing to measure)."""
    if isinstance(arg, formulas.Ranges):
        try:
            return arg.value
        except Exception:  # noqa: BLE001 - the engine's own RangeValueError and kin: the function reports it
            return None
    return arg


def _array(arg: Any) -> np.ndarray:
    return np.asarray(_plain(arg), dtype=object)


def _shape(arg: Any) -> tuple[int, ...]:
    if isinstance(arg, formulas.Ranges) and len(arg.ranges) == 1:  # one range: its size, without its values
        r = arg.ranges[0]
        try:
            return (int(r["r2"]) - int(r["r1"]) + 1, int(r["n2"]) - int(r["n1"]) + 1)
        except (KeyError, TypeError, ValueError):
            pass
    arg = _plain(arg)
    return tuple(np.shape(arg)) if isinstance(arg, (np.ndarray, list)) else ()


def _cells(shape: tuple[int, ...]) -> int:
    return math.prod(shape) if shape else 1


def _too_big(what: str, cells: int) -> NotEvaluated:
    return NotEvaluated(f"{what} of {cells:,} cells, more than the limit of {limits.MAX_RANGE_CELLS:,} cells a "
                        "range may span")


def _broadcast(args: tuple[Any, ...]) -> int:
    """Cells of the array an element-wise function makes of ``args`` (1 for scalars)."""
    shapes = [s for s in (_shape(a) for a in args) if s]
    if not shapes:
        return 1
    try:
        return _cells(np.broadcast_shapes(*shapes))
    except ValueError:
        return max(_cells(s) for s in shapes)  # the engine refuses shapes that do not broadcast


def _number(arg: Any) -> float:
    """The largest number among an argument's values (0 when none)."""
    best = 0.0
    for v in _array(arg).ravel().tolist():
        try:
            best = max(best, float(v))
        except (TypeError, ValueError):
            continue
    return 0.0 if math.isnan(best) else best


def _chars(arg: Any) -> int:
    """Characters of an argument's values as text (a number as its shortest text: at most 24)."""
    total = 0
    for v in _array(arg).ravel().tolist():
        total += len(v) if isinstance(v, str) else 24 if isinstance(v, (int, float)) else 5
    return total


# --------------------------------------------------------------------------- array size, before the work
def _stack(args: tuple[Any, ...], horizontal: bool) -> int:
    rows = cols = 0
    for a in args:
        shape = _shape(a)
        r, c = (shape + (1, 1))[:2] if len(shape) >= 2 else ((1, shape[0]) if shape else (1, 1))
        if horizontal:
            rows, cols = max(rows, r), cols + c
        else:
            rows, cols = rows + r, max(cols, c)
    return rows * cols


def _choose(args: tuple[Any, ...], axis: int) -> int:
    if not args:
        return 1
    shape = _shape(args[0])
    kept = (shape + (1, 1))[:2][1 - axis] if len(shape) >= 2 else 1
    return kept * sum(_cells(_shape(a)) for a in args[1:])


#: the cells an array-making function will build, from its arguments
_BUILDS: dict[str, Callable[[tuple[Any, ...]], float]] = {
    "EXPAND": lambda a: max(_number(a[1]), 1) * max(_number(a[2]) if len(a) > 2 else 1, 1) if len(a) > 1 else 1,
    "MUNIT": lambda a: _number(a[0]) ** 2 if a else 1,
    "MAKEARRAY": lambda a: _number(a[0]) * _number(a[1]) if len(a) > 1 else 1,
    "HSTACK": lambda a: _stack(a, True),
    "VSTACK": lambda a: _stack(a, False),
    "CHOOSEROWS": lambda a: _choose(a, 0),
    "CHOOSECOLS": lambda a: _choose(a, 1),
}


def _result_cells(result: Any) -> int:
    if isinstance(result, formulas.Ranges):  # a reference (INDEX, the range operators): no new cells
        return 1
    return _cells(_shape(result))


# --------------------------------------------------------------------------- text, before it is built
def _fits(n: int) -> bool:
    return n <= limits.MAX_TEXT_CHARS


def _text(value: Any) -> str:
    text: str = _str(value)  # the engine's own text of a value
    return text


def _rept(original: Callable[..., Any]) -> Callable[..., Any]:
    def rept(text: Any, times: Any) -> Any:
        try:
            n = int(float(0 if times is sh.EMPTY else times))
        except (TypeError, ValueError, OverflowError):
            return original(text, times)
        length = len(_text(text)) * max(n, 0)
        if not _fits(length):
            return VALUE
        BUDGET.add_text(length)
        return original(text, times)
    return rept


def _substitute(original: Callable[..., Any]) -> Callable[..., Any]:
    def substitute(text: Any, old: Any, new: Any, instance: Any = None) -> Any:
        t, o, w = (_text(v) for v in (text, old, new))
        count = (t.count(o) if o else 0) if instance is None else (1 if o and o in t else 0)
        length = len(t) + count * (len(w) - len(o))
        if not _fits(length):
            return VALUE
        BUDGET.add_text(length)
        return original(text, old, new, instance) if instance is not None else original(text, old, new)
    return substitute


def _replace(original: Callable[..., Any]) -> Callable[..., Any]:
    def replace(old_text: Any, start: Any, chars: Any, new_text: Any) -> Any:
        length = len(_text(old_text)) + len(_text(new_text))
        if not _fits(length):  # at most this long: cut only when it fits
            try:
                cut = max(int(float(chars or 0)), 0)
            except (TypeError, ValueError, OverflowError):
                cut = 0
            if not _fits(length - min(cut, len(_text(old_text)))):
                return VALUE
        BUDGET.add_text(length)
        return original(old_text, start, chars, new_text)
    return replace


def _join(original: Callable[..., Any], skip: int) -> Callable[..., Any]:
    """CONCAT, CONCATENATE, TEXTJOIN (``skip``: its delimiter and ignore_empty come first), ARRAYTOTEXT:
    the length of the joined text, counted before it is joined (a delimiter as long as it may be)."""
    def join(*args: Any) -> Any:
        parts = args[skip:]
        length = sum(_chars(a) for a in parts)
        if skip:
            count = sum(_cells(_shape(a)) for a in parts)
            length += count * max(len(_text(v)) for v in _array(args[0]).ravel().tolist() or [""])
        if not _fits(length) and _exact_join(parts, skip, args) > limits.MAX_TEXT_CHARS:
            return np.asarray([[VALUE]], object)
        BUDGET.add_text(min(length, limits.MAX_TEXT_CHARS))
        return original(*args)
    return join


def _exact_join(parts: tuple[Any, ...], skip: int, args: tuple[Any, ...]) -> int:
    """The length of the joined text, empty cells and numbers as the engine writes them (only asked when
    the quick count says it may be too long)."""
    texts = [("" if v is sh.EMPTY else _text(v)) for a in parts for v in _array(a).ravel().tolist()]
    if skip:
        if args[1] and args[1] is not sh.EMPTY:
            texts = [t for t in texts if t]
        delimiter = _text(_array(args[0]).ravel().tolist()[0]) if _array(args[0]).size else ""
        return sum(map(len, texts)) + max(len(texts) - 1, 0) * len(delimiter)
    return sum(map(len, texts))


def _concat(x: Any, y: Any) -> Any:
    """The ``&`` operator, one pair of values: their texts joined, when the result fits."""
    a, b = _text(x), _text(y)
    if not _fits(len(a) + len(b)):
        return VALUE
    BUDGET.add_text(len(a) + len(b))
    return a + b


def _regex(name: str) -> Callable[..., Any]:
    """REGEXTEST/REGEXEXTRACT/REGEXREPLACE with the ``regex`` package and a time limit per text."""
    import regex  # the engine's dependency (its TEXT formats); only recalc loads it

    def compiled(pattern: Any, case: Any) -> Any:
        flag = int(float(0 if case is sh.EMPTY else case))
        if flag not in (0, 1):
            raise ValueError("case_sensitivity")
        return regex.compile(_str(pattern), regex.IGNORECASE if flag else 0)

    def test(text: Any, pattern: Any, case: Any = 0) -> Any:
        try:
            return compiled(pattern, case).match(_str(text), timeout=REGEX_SECONDS) is not None
        except (regex.error, TimeoutError):
            return VALUE

    def extract(text: Any, pattern: Any, mode: Any = 0, case: Any = 0) -> Any:
        try:
            rx, t = compiled(pattern, case), _str(text)
            how = int(float(0 if mode is sh.EMPTY else mode))
            if how == 0:
                m = rx.search(t, timeout=REGEX_SECONDS)
                found: list[Any] = [m.group(0) if m else None]
            elif how == 1:
                found = [m.group(0) for m in rx.finditer(t, timeout=REGEX_SECONDS)] or [None]
            elif how == 2:
                m = rx.search(t, timeout=REGEX_SECONDS)
                found = list(m.groups() or [VALUE]) if m else [None]
            else:
                return VALUE
        except (regex.error, TimeoutError):
            return VALUE
        return [_XlErrors.errors["#N/A"] if v is None else v for v in found]

    def replace(text: Any, pattern: Any, replacement: Any, occurrence: Any = 0, case: Any = 0) -> Any:
        total = 0

        def one(m: Any) -> str:
            nonlocal total
            out: str = m.expand(_str(replacement))
            total += len(out) - len(m.group(0))
            if not _fits(len(t) + total):
                raise OverflowError
            return out

        try:
            rx, t = compiled(pattern, case), _str(text)
            count = int(float(0 if occurrence is sh.EMPTY else occurrence))
            result = rx.sub(one, t, count=max(count, 0), timeout=REGEX_SECONDS)
        except (regex.error, TimeoutError, OverflowError, IndexError):
            return VALUE
        BUDGET.add_text(len(result))
        return result

    functions: dict[str, Callable[..., Any]] = {"REGEXTEST": test, "REGEXEXTRACT": extract, "REGEXREPLACE": replace}
    return functions[name]


def limit_met(exc: BaseException) -> NotEvaluated | None:
    """The limit a formula met while the engine computed it, however the engine wrapped it."""
    seen: set[int] = set()
    todo: list[BaseException] = [exc]
    while todo:
        e = todo.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, NotEvaluated):
            return e
        todo += [a for a in getattr(e, "args", ()) if isinstance(a, BaseException)]
        todo += [c for c in (e.__cause__, e.__context__) if c is not None]
    return None


# --------------------------------------------------------------------------- installing
def _elementwise(function: Callable[..., Any]) -> bool:
    f: Any = function
    while f is not None:
        code = getattr(f, "__code__", None)
        if code is not None and getattr(code, "co_qualname", "") == _UFUNC:
            return True
        f = getattr(f, "__wrapped__", None)
    return False


def _guarded(name: str, function: Callable[..., Any], *, text: bool) -> Callable[..., Any]:
    base = name.split(".")[-1]
    elementwise = _elementwise(function)
    builds = _BUILDS.get(base)

    def guarded(*args: Any, **kwargs: Any) -> Any:
        cells = _broadcast(args) if elementwise else 1
        if cells > limits.MAX_RANGE_CELLS:
            raise _too_big(f"{base} would make an array", cells)
        if builds is not None:
            asked = builds(args)
            if asked > limits.MAX_RANGE_CELLS:
                raise _too_big(f"{base} would make an array", int(min(asked, 10 ** 18)))
        if text:  # a copy of its arguments' text at most, for each cell of its result
            BUDGET.add_text(min(sum(_chars(a) * (cells // max(_cells(_shape(a)), 1) or 1) for a in args),
                                cells * limits.MAX_TEXT_CHARS))
        result = function(*args, **kwargs)
        made = _result_cells(result)
        if made > limits.MAX_RANGE_CELLS:
            raise _too_big(f"{base} gives an array", made)
        return result

    # attributes a function object takes at run time (no function type declares them)
    setattr(guarded, "__wrapped__", function)
    setattr(guarded, "xltb_guard", True)
    return guarded


#: text functions that give numbers or truth values: nothing built
_NOT_TEXT = {"LEN", "LENB", "FIND", "FINDB", "SEARCH", "SEARCHB", "CODE", "UNICODE", "EXACT", "NUMBERVALUE", "VALUE",
             "REGEXTEST"}
#: text functions that check the length of what they build themselves (counted there, exactly)
_BUILDERS = {"REPT", "SUBSTITUTE", "REPLACE", "REPLACEB", "REGEXREPLACE", "CONCAT", "CONCATENATE", "TEXTJOIN",
             "ARRAYTOTEXT"}


_INSTALLED: list[bool] = []


def install() -> None:
    """Wrap every function and operator of the engine, once (the table is the engine's, shared by every
    formula compiled after this; :mod:`xltb.recalc.engine` installs it when it is loaded)."""
    from formulas.functions import text as text_functions

    if _INSTALLED:
        return
    table = get_functions()
    plain = {"input_parser": lambda *a: a, "args_parser": lambda *a: (replace_empty(v, "") for v in a)}
    table["REPT"] = wrap_ufunc(_rept(xrept), **TEXT_ARGS)
    table["SUBSTITUTE"] = wrap_ufunc(_substitute(xsubstitute), **plain)
    table["REPLACE"] = table["REPLACEB"] = wrap_ufunc(_replace(xreplace), **TEXT_ARGS)
    table["CONCAT"] = table["_XLFN.CONCAT"] = wrap_func(_join(xconcat, 0))
    table["CONCATENATE"] = table["_XLFN.CONCATENATE"] = wrap_ufunc(_join(xconcat, 0), **TEXT_ARGS)
    table["TEXTJOIN"] = table["_XLFN.TEXTJOIN"] = wrap_func(_join(xtextjoin, 2))
    table["ARRAYTOTEXT"] = table["_XLFN.ARRAYTOTEXT"] = wrap_ufunc(
        _join(xarraytotext, 0), input_parser=lambda *a: a, args_parser=lambda *a: a, excluded={0})
    for name in ("REGEXTEST", "REGEXEXTRACT", "REGEXREPLACE"):
        table[name] = table["_XLFN." + name] = wrap_ufunc(_regex(name), check_nan=False, **TEXT_ARGS)
    OPERATORS["&"] = wrap_ufunc(_concat, **plain)
    texts = {k.split(".")[-1] for k in text_functions.FUNCTIONS} - _NOT_TEXT - _BUILDERS
    for name, entry in list(table.items()):
        base = name.split(".")[-1]
        if isinstance(entry, dict):
            table[name] = {**entry, "function": _guarded(name, entry["function"], text=base in texts)}
        elif callable(entry):
            table[name] = _guarded(name, entry, text=base in texts)
    for name, entry in list(OPERATORS.items()):
        if callable(entry) and name not in (",", " ", ":"):  # the range operators make references, not arrays
            OPERATORS[name] = _guarded(name, entry, text=False)
    _INSTALLED.append(True)


__all__ = ["Budget", "BUDGET", "REGEX_SECONDS", "install", "limit_met", "reset"]
