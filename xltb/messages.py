"""What xltb says to a reader, as data: a message id and its parameters.

The engine (readers, ranking, tie-breaks, decisions) never writes a sentence a reader will see; it
returns a :class:`Message` (``Message("cut.least", step=..., )``) and the faces render it in the
reader's language (:meth:`xltb.report.i18n.Language.render`). The texts are the ``messages`` of the
language files ``xltb/report/lang/<code>.json``; English is the fallback for an id a language leaves
out, and a federation's own file (``--lang ours.json``, ``"base": "de"``) overrides any of them.

``str(message)`` is the English text (the command line's text and JSON outputs, the check reports,
the spreadsheet functions), read from the same English file: one text per id, in one place.

A template names its parameters in braces: ``"{code} is defined from the 2026-03 edition"``; a
number may carry a format (``{p:.2f}``, ``{d:+d}``); ``{{`` and ``}}`` are braces. Nothing else is
evaluated (no attribute or index look-up), so a language file cannot reach into the program.
Parameters: text, whole numbers, fractions (written ``0.5``, with the language's decimal mark),
dates (ISO 8601 in English text; a language writes them its way), other messages (rendered in the
same language) and tuples of these (joined with ``, ``, or with the separator the template gives:
``{parts:; }``).
"""

from __future__ import annotations

import datetime
import json
import pkgutil
import re
import sys
from fractions import Fraction
from typing import Callable, Mapping, Union, overload

Param = Union[str, int, Fraction, datetime.date, "Message", tuple["Param", ...]]


class Message:
    """Something said to a reader: ``id`` names the text (a key of the language files' ``messages``),
    ``params`` fill it. Immutable, compared and hashed by value."""

    __slots__ = ("id", "params")
    id: str
    params: tuple[tuple[str, Param], ...]

    def __init__(self, id: str, /, **params: Param) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "params", tuple(params.items()))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Message is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and other.id == self.id and other.params == self.params

    def __hash__(self) -> int:
        return hash((self.id, self.params))

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params)
        return f"Message({self.id!r}{args})"

    def __str__(self) -> str:
        return render(self, english())

    @overload
    def get(self, name: str) -> Param | None: ...

    @overload
    def get(self, name: str, default: Param) -> Param: ...

    def get(self, name: str, default: Param | None = None) -> Param | None:
        """A parameter's value (``default`` when it has none)."""
        for key, value in self.params:
            if key == name:
                return value
        return default


#: what a reader may be told: a message, or a text that is not translated (a name, a file's own words)
Text = Union[Message, str]

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::([^{}]*))?\}")
#: the format specifications a number may carry: fill/align, sign, width, grouping, precision, type
_SPEC = re.compile(r"[<>^=]?[+\- ]?\d{0,3}[,_]?(\.\d{1,2})?[dfg%]?")


def render(message: Text, texts: Mapping[str, str], decimal: str = ".",
           fallback: Mapping[str, str] | None = None,
           date_text: Callable[[datetime.date], str] | None = None) -> str:
    """The text of ``message`` from ``texts`` (id -> template), else from ``fallback``, else the id
    and its parameters (an id no file knows still says something). A plain string is returned as
    it is. Numbers take the ``decimal`` mark, dates ``date_text`` (default ISO 8601)."""
    if isinstance(message, str):
        return message
    template = texts.get(message.id)
    if template is None and fallback is not None:
        template = fallback.get(message.id)
    params = dict(message.params)
    if template is None:
        return message.id + "".join(f" {k}={_value(v, None, texts, decimal, fallback, date_text)}"
                                    for k, v in message.params)

    def field(m: re.Match[str]) -> str:
        whole = m.group(0)
        if whole == "{{":
            return "{"
        if whole == "}}":
            return "}"
        name, spec = m.group(1), m.group(2)
        if name not in params:
            return whole
        return _value(params[name], spec, texts, decimal, fallback, date_text)

    return _FIELD.sub(field, template)


def _value(value: object, spec: str | None, texts: Mapping[str, str], decimal: str,
           fallback: Mapping[str, str] | None, date_text: Callable[[datetime.date], str] | None) -> str:
    if isinstance(value, (Message, str)):
        return render(value, texts, decimal, fallback, date_text)
    if isinstance(value, tuple):  # the format is the separator: {rounds} "1, 2", {parts:; } "a; b"
        return (spec if spec else ", ").join(_value(v, None, texts, decimal, fallback, date_text) for v in value)
    if isinstance(value, datetime.date):
        return date_text(value) if date_text is not None else value.isoformat()
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, Fraction, float)):
        return number_text(value, spec, decimal)
    return str(value)


#: the largest whole number a cell's number (an IEEE double, as Excel, LibreOffice and JSON readers hold it) reaches
_WHOLE_MAX = int(sys.float_info.max)


def cell_number(value: Fraction | int | None) -> int | float | str:
    """An exact value as a cell holds it, the one rounding of a value for a cell or a JSON number: a whole
    number as an int, any other as the nearest float; "" when the value is undefined; beyond a float's range
    (which no cell can hold), the number as text (``1e+999``) rather than an overflow."""
    if value is None:
        return ""
    n, d = value.numerator, value.denominator
    if d == 1:
        return int(n) if -_WHOLE_MAX <= n <= _WHOLE_MAX else number_text(Fraction(n))
    try:
        return n / d  # correctly rounded, as float(Fraction) is
    except OverflowError:
        return number_text(Fraction(n, d))


def number_text(value: int | Fraction | float, spec: str | None = None, decimal: str = ".") -> str:
    """A number in a message: ``0.5``, ``12``, with a format (``.2f``, ``+d``, ``,``) and the decimal mark
    of the language (``0,5``; grouping then with ``.``)."""
    text = ""
    if spec and _SPEC.fullmatch(spec):
        kind = spec[-1] if spec[-1] in "dfg%" else ""
        try:
            number = value if isinstance(value, int) and kind in ("d", "") else float(value)
            text = format(number, spec)
        except (ValueError, OverflowError):  # "d" for a fraction, or a number beyond a float: written as any number
            text = ""
    if not text:
        text = str(value) if isinstance(value, int) else _general(value)
    if decimal != ".":
        text = text.replace(",", "\0").replace(".", decimal).replace("\0", "." if decimal == "," else ",")
    return text


def _general(value: Fraction | float) -> str:
    """A fraction as ``{:g}`` writes a float (``0.5``, ``1e+100``); one beyond a float's range (a file's
    ``1e999``) with the same six digits, by :mod:`decimal`, which has no such range."""
    try:
        return f"{float(value):g}"
    except OverflowError:
        from decimal import Context, Decimal

        exact = Fraction(value)
        return f"{Context(prec=6).divide(Decimal(exact.numerator), Decimal(exact.denominator)).normalize():g}"


_ENGLISH: dict[str, str] | None = None
_ENGLISH_NAMES: dict[str, str] | None = None


#: the English language file, package data of ``xltb`` (a resource name: ``/``-separated, relative to the package)
ENGLISH_RESOURCE = "report/lang/en.json"


def english() -> dict[str, str]:
    """The English texts (``messages`` of ``xltb/report/lang/en.json``), read once, as package data through
    the loader that imported xltb (:func:`pkgutil.get_data`): from a folder, a wheel installed or zipped,
    or Pyodide's file system alike. (:mod:`importlib.resources`, the same loader's data, would load
    ``tempfile``, ``random``, ``shutil``, ``bz2`` and ``lzma`` on every start that says something.)"""
    if _ENGLISH is None:
        _read_english()
    assert _ENGLISH is not None  # _read_english sets it or raises
    return _ENGLISH


def english_tiebreak_names() -> dict[str, str]:
    """Each tie-break's English name by acronym (``tiebreaks`` of ``xltb/report/lang/en.json``): the one
    English name of a tie-break, which the catalogue (:mod:`xltb.tiebreaks.catalogue`), the printed legend
    and the function wizard all show; the other languages' files translate it."""
    if _ENGLISH_NAMES is None:
        _read_english()
    assert _ENGLISH_NAMES is not None  # _read_english sets it or raises
    return _ENGLISH_NAMES


def _read_english() -> None:
    global _ENGLISH, _ENGLISH_NAMES
    data = pkgutil.get_data(__package__ or "xltb", ENGLISH_RESOURCE)
    if data is None:  # a loader that holds no data: xltb cannot speak
        raise RuntimeError(f"xltb's {ENGLISH_RESOURCE} cannot be read through its loader")
    doc = json.loads(data.decode("utf-8"))
    _ENGLISH = dict(doc.get("messages", {}))
    _ENGLISH_NAMES = {str(k): str(v) for k, v in doc.get("tiebreaks", {}).items()}


def english_text(message: Text) -> str:
    """``str(message)`` for a message or a plain text."""
    return message if isinstance(message, str) else render(message, english())


def texts(messages: tuple[Text, ...] | list[Text], as_text: Callable[[Text], str] = english_text) -> list[str]:
    """Several messages as texts (English unless told)."""
    return [as_text(m) for m in messages]


__all__ = ["Message", "Text", "Param", "render", "number_text", "english", "english_tiebreak_names", "english_text",
           "texts"]
