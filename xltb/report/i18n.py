"""Printed words in the arbiter's language: headings, legends, tie-break names, dates, and everything
the engine says to a reader (its :class:`~xltb.messages.Message` records: choices' reasons, scoring,
notes, breakdowns, warnings).

Each language is one JSON file in ``xltb/report/lang/`` (``en.json``, ``it.json``...): ``text`` holds the
headings and legends, ``messages`` what the engine says (by message id), ``tiebreaks`` the tie-break
names, ``months`` and ``date`` how a date is written, ``decimal`` the decimal mark of numbers in text.
A key a file leaves out is taken from its ``base`` language (a shipped one; default English), so a
federation adds a language by copying ``en.json`` under its code and translating what it wants, or
overrides a few texts of a shipped language with ``--lang ours.json`` holding ``"base": "de"`` and
only those texts. Tie-break names are the Handbook's where FIDE publishes them (Italian: the bilingual
C.07 text of FIDE and the Italian federation); German, French and Spanish those of the federations'
regulations and their arbiters' programs, each code's source in the file's ``tiebreak_sources``; where a
federation has no name for a code, FIDE's English. ``decimal`` is the one place that decides how a number is
written in the language: in texts, on the HTML page, and (through :attr:`Language.number_locale`) in the
workbook's number formats.

Rendering is :func:`xltb.messages.render`: ``{name}`` fields only (no attribute or index look-up), so
a language file is data, never code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
import datetime
from functools import lru_cache
from typing import Any

from ..errors import InputError, XltbError
from ..messages import Message, Param, Text, render
from ..tiebreaks.catalogue import ACRONYMS
from ..tiebreaks.codes import parse_code

DEFAULT = "en"
#: the messages a language keeps rendered (the distinct ones of a large event's Details sheet)
_SAID_MAX = 50_000
#: the Windows locale ids of the shipped languages that write a decimal comma (a federation's own file with a
#: comma: German's)
_COMMA_LOCALES = {"de": "407", "fr": "40C", "it": "410", "es": "C0A"}
#: the shipped language files
LANG_FOLDER = Path(__file__).parent / "lang"


def available() -> list[str]:
    """The language codes shipped with xltb."""
    try:  # a plain folder: importlib.resources would load tempfile and random on every start of a command
        names = os.listdir(LANG_FOLDER)
    except OSError:  # xltb imported from a zip
        from importlib import resources

        names = [p.name for p in resources.files(__package__).joinpath("lang").iterdir()]
    return sorted(name[:-5] for name in names if name.endswith(".json"))


def _shipped(code: str) -> str:
    """The text of a shipped language file (FileNotFoundError when there is none)."""
    if not code or not all(ch.isalnum() or ch in "-_" for ch in code):
        raise FileNotFoundError(code)
    try:
        with open(LANG_FOLDER / f"{code}.json", encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        if LANG_FOLDER.is_dir():
            raise
    from importlib import resources  # xltb imported from a zip

    return resources.files(__package__).joinpath("lang", f"{code}.json").read_text("utf-8")


def _read(source: str) -> dict[str, Any]:
    try:
        if source.lower().endswith(".json"):
            with open(source, encoding="utf-8") as f:
                doc = json.load(f)
        else:
            doc = json.loads(_shipped(source))
    except FileNotFoundError:
        raise XltbError(f"--lang {source}: no such language (known: {', '.join(available())}, or a .json file "
                        "laid out as xltb/report/lang/en.json)") from None
    except (OSError, ValueError) as exc:
        raise XltbError(f"--lang {source}: cannot read the language file ({exc})") from None
    except RecursionError:
        raise XltbError(f"--lang {source}: the language file is nested deeper than en.json is: not read") from None
    sections = ("text", "messages", "tiebreaks")
    if not isinstance(doc, dict) or not all(isinstance(doc.get(k, {}), dict) for k in sections):
        raise XltbError(f"--lang {source}: not a language file (an object with \"text\", \"messages\", \"tiebreaks\", "
                        "\"months\")")
    return doc


def _strings(table: object) -> dict[str, str]:
    """The texts of a section, leaving out what is not a text (a hostile or broken file's numbers, lists)."""
    if not isinstance(table, dict):
        return {}
    return {k: v for k, v in table.items() if isinstance(k, str) and isinstance(v, str)}


class Language:
    """The words of one language; where the language's file says nothing, its base's (a federation's file:
    the shipped language it names), else English."""

    code: str
    name: str
    texts: dict[str, str]
    messages: dict[str, str]
    english_messages: dict[str, str]
    tiebreaks: dict[str, str]
    months: list[str]
    date_pattern: str
    range_pattern: str
    decimal: str

    def __init__(self, code: str = DEFAULT):
        own_file = code.lower().endswith(".json")
        code = code if own_file else code.strip().lower()  # --lang DE is German
        self.code = os.path.splitext(os.path.basename(code))[0] if own_file else code
        doc = _read(code)
        base_code = doc.get("base") if own_file else None
        if base_code is not None and (not isinstance(base_code, str) or base_code not in available()):
            raise XltbError(f"--lang {code}: \"base\" must name a shipped language ({', '.join(available())})")
        english = doc if code == DEFAULT else _read(DEFAULT)
        under = Language(base_code) if base_code and base_code != DEFAULT else None
        self.english_messages = _strings(english.get("messages"))
        if under is None:  # English below this language
            base_texts, base_messages = _strings(english["text"]), self.english_messages
            base_tiebreaks, base_months = _strings(english["tiebreaks"]), list(english["months"])
            base_date, base_range, base_decimal, base_name = english["date"], english["date_range"], ".", self.code
        else:
            base_texts, base_messages, base_tiebreaks, base_months = under.texts, under.messages, under.tiebreaks, \
                under.months
            base_date, base_range, base_decimal, base_name = under.date_pattern, under.range_pattern, under.decimal, \
                under.name
        self.name = _text(doc.get("language"), base_name)
        self.texts = {**base_texts, **_strings(doc.get("text"))}
        self.messages = {**base_messages, **_strings(doc.get("messages"))}
        self.tiebreaks = {**base_tiebreaks, **_strings(doc.get("tiebreaks"))}
        months = doc.get("months")
        ok = isinstance(months, list) and len(months) == 12 and all(isinstance(m, str) for m in months)
        self.months = [str(m) for m in months] if ok and isinstance(months, list) else base_months
        self.date_pattern = _text(doc.get("date"), base_date)
        self.range_pattern = _text(doc.get("date_range"), base_range)
        self.decimal = _text(doc.get("decimal"), base_decimal)
        self._said: dict[Message, str] = {}

    def __call__(self, key: str, **values: Param) -> str:
        """A text of the page (``text`` of the language file), its ``{fields}`` filled."""
        return render(Message(key, **values), self.texts, self.decimal)

    def render(self, said: Text | None) -> str:
        """What the engine said (a :class:`~xltb.messages.Message`), in this language; English where the
        language has no text for it; a plain text (a name, the file's own words) as it is."""
        if said is None:
            return ""
        if isinstance(said, str):
            return said
        done = self._said.get(said)
        if done is None:
            done = render(said, self.messages, self.decimal, self.english_messages, self.date)
            if len(self._said) < _SAID_MAX:  # a Details sheet says the same things thousands of times
                self._said[said] = done
        return done

    @property
    def number_locale(self) -> str:
        """The Windows locale id a spreadsheet's number formats name so that a number prints with this language's
        decimal mark (LibreOffice prints a number by its format's locale): ``407`` (German) for ``12,5``; empty
        for a decimal point. The mark itself is :attr:`decimal`, the language file's."""
        if self.decimal == ".":
            return ""
        if self.decimal == ",":
            return _COMMA_LOCALES.get(self.code, _COMMA_LOCALES["de"])
        return ""

    def number(self, text: str) -> str:
        """A number already written (``14.5``) with this language's decimal mark."""
        return text.replace(".", self.decimal) if self.decimal != "." else text

    def date(self, d: datetime.date) -> str:
        return render(Message("date", day=d.day, month=self.months[d.month - 1], year=d.year),
                      {"date": self.date_pattern})

    def dates(self, start: datetime.date | None, end: datetime.date | None) -> str:
        if start and end and end != start:
            if end < start:
                start, end = end, start
            return render(Message("range", start=self.date(start), end=self.date(end)), {"range": self.range_pattern})
        d = start or end
        return self.date(d) if d else ""

    def tiebreak_name(self, code: str) -> str:
        """``BH/C1`` -> ``Buchholz Cut-1`` (in this language); an unknown code is returned as it is."""
        try:
            spec = parse_code(code)
        except XltbError:
            return code
        name = self.tiebreaks.get(spec.acronym.upper()) or ACRONYMS[spec.acronym][1]
        if spec.score:
            name += f" ({spec.score})"
        if spec.cut:
            name += " " + render(Message("cut", n=spec.cut), self.tiebreaks)
        if spec.median:
            name += " " + render(Message("median", n=spec.median), self.tiebreaks)
        return name

    def tiebreak_label(self, code: str) -> str:
        """``BH/C1 = Buchholz Cut-1 (C.07 8.1)``: a line of the legend."""
        try:
            spec = parse_code(code)
        except XltbError:
            return code
        articles = [ACRONYMS[spec.acronym][0]] + (["14"] if spec.cut or spec.median else []) \
            + (["14.5"] if spec.limit is not None else [])
        return f"{code} = {self.tiebreak_name(code)} (C.07 {', '.join(articles)})"


def _text(value: object, default: str) -> str:
    return value if isinstance(value, str) else default


def event_language(event: Any) -> str | None:
    """The language an event's own file asks for: an xltb workbook's Settings Language (``de``), or None.
    A code xltb does not ship is refused naming the setting's cell."""
    provisions = getattr(event, "provisions", None)
    code = getattr(provisions, "language", None)
    if not code:
        return None
    if code not in available():
        assert provisions is not None  # the code came from them
        raise InputError(f"{provisions.cell('Language')}: {code!r} is not a language xltb prints in "
                         f"({', '.join(available())})", file=getattr(event, "source", None))
    return str(code)


def language(code: str | None = None) -> Language:
    """The language of a code (``de``, ``DE``) or of a language file (``ours.json``); English by default."""
    code = code or DEFAULT
    return _language(code if code.lower().endswith(".json") else code.strip().lower())


@lru_cache(maxsize=16)
def _language(code: str) -> Language:
    return Language(code)


__all__ = ["Language", "language", "event_language", "available", "DEFAULT", "LANG_FOLDER"]
