"""Printed words in the arbiter's language: headings, legends, tie-break names and dates.

Each language is one JSON file in ``xltb/report/lang/`` (``en.json``, ``it.json``...): ``text`` holds the
headings and legends, ``tiebreaks`` the tie-break names, ``months`` and ``date`` how a date is written.
A key a file leaves out is taken from English, so a federation adds a language by copying ``en.json``
under its code and translating what it wants (or gives ``--lang its-file.json``). Tie-break names are
the Handbook's where FIDE publishes them (Italian: the bilingual C.07 text of FIDE and the Italian
federation); otherwise FIDE's English names.
"""

from __future__ import annotations

import json
import os
import datetime
from functools import lru_cache
from importlib import resources

from ..errors import XltbError
from ..tiebreaks.codes import ACRONYMS, parse_code

DEFAULT = "en"


def available() -> list[str]:
    """The language codes shipped with xltb."""
    folder = resources.files(__package__).joinpath("lang")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def _read(source: str) -> dict:
    try:
        if source.lower().endswith(".json"):
            with open(source, encoding="utf-8") as f:
                doc = json.load(f)
        else:
            doc = json.loads(resources.files(__package__).joinpath("lang", f"{source}.json").read_text("utf-8"))
    except FileNotFoundError:
        raise XltbError(f"--lang {source}: no such language (known: {', '.join(available())}, or a .json file "
                        "laid out as xltb/report/lang/en.json)") from None
    except (OSError, ValueError) as exc:
        raise XltbError(f"--lang {source}: cannot read the language file ({exc})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("text", {}), dict):
        raise XltbError(f"--lang {source}: not a language file (an object with \"text\", \"tiebreaks\", \"months\")")
    return doc


class Language:
    """The words of one language, English where the language's file says nothing."""

    def __init__(self, code: str = DEFAULT):
        self.code = os.path.splitext(os.path.basename(code))[0] if code.lower().endswith(".json") else code
        doc = _read(code)
        base = doc if code == DEFAULT else _read(DEFAULT)
        self.name = doc.get("language", self.code)
        self.texts = {**base["text"], **doc.get("text", {})}
        self.tiebreaks = {**base["tiebreaks"], **doc.get("tiebreaks", {})}
        months = doc.get("months", base["months"])
        self.months = months if isinstance(months, list) and len(months) == 12 else base["months"]
        self.date_pattern = doc.get("date", base["date"])
        self.range_pattern = doc.get("date_range", base["date_range"])

    def __call__(self, key: str, **values) -> str:
        text = self.texts[key]
        return text.format(**values) if values else text

    def date(self, d: datetime.date) -> str:
        return self.date_pattern.format(day=d.day, month=self.months[d.month - 1], year=d.year)

    def dates(self, start: datetime.date | None, end: datetime.date | None) -> str:
        if start and end and end != start:
            if end < start:
                start, end = end, start
            return self.range_pattern.format(start=self.date(start), end=self.date(end))
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
            name += " " + self.tiebreaks["cut"].format(n=spec.cut)
        if spec.median:
            name += " " + self.tiebreaks["median"].format(n=spec.median)
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


@lru_cache(maxsize=16)
def language(code: str | None = None) -> Language:
    return Language(code or DEFAULT)


__all__ = ["Language", "language", "available", "DEFAULT"]
