"""Elements of a sheet's XML found as the regular expressions of the writer of cached values found them
before (:mod:`xltb.templates.sheetxml`), by ``str.find``: an element ``<name\b[^>]*?/>|<name\b[^>]*>.*?</name>``
(re.S), and the ``sheetData``. A lazy ``.*?`` costs the regular expression engine a step per character
(0.1 s for the 4 MB sheet of a 2,000-player template, once per level: the sheet's data, its rows, their
cells); ``str.find`` searches in C. tests/test_sheetxml.py compares each with its regular expression."""

from __future__ import annotations

import re
from typing import Iterator

_SHEET_DATA_EMPTY = re.compile(r"<sheetData\s*/>")
_SHEET_DATA_OPEN = re.compile(r"<sheetData\b[^>]*>")
#: an XML declaration that says the text is XML 1.0 in UTF-8 (or says no encoding: UTF-8 then)
_DECLARATION = re.compile(r'<\?xml version="1\.0"(?: encoding="[Uu][Tt][Ff]-8")?(?: standalone="(?:yes|no)")?[ \t\r\n]*\?>')

Span = tuple[int, int, int]  # an element: its start, its opening tag's first ">", its end


def elements(s: str, name: str, pos: int, end: int) -> Iterator[Span]:
    r"""What ``re.compile(rf"<{name}\b[^>]*?/>|<{name}\b[^>]*>.*?</{name}>", re.S).finditer(s, pos, end)``
    finds, each as (start, its first ``>``, end)."""
    opening, closing = "<" + name, "</" + name + ">"
    closed = True  # a closing tag may still come (once none is found after a point, none is after a later one)
    find = s.find
    p = find(opening, pos, end)
    while p >= 0:
        after = p + len(opening)
        if after == end or not word(s[after]):  # \b: the name ends here
            q = find(">", after, end)
            if q < 0:
                return
            if q > after and s[q - 1] == "/":
                yield p, q, q + 1
                p = find(opening, q + 1, end)
                continue
            if closed:
                e = find(closing, q + 1, end)
                if e >= 0:
                    yield p, q, e + len(closing)
                    p = find(opening, e + len(closing), end)
                    continue
                closed = False
        p = find(opening, p + 1, end)


def word(ch: str) -> bool:
    r"""``\w`` of a str pattern: a letter or digit of any script, or ``_``."""
    return ch.isalnum() or ch == "_"


def sheet_data(xml: str) -> tuple[int, str, int, int, int] | None:
    r"""Where ``re.search(r"<sheetData\s*/>|<sheetData\b[^>]*>(.*?)</sheetData>", xml, re.S)`` matches:
    (start, the opening tag to write, start and end of its content, end)."""
    closed = True
    p = xml.find("<sheetData")
    while p >= 0:
        m = _SHEET_DATA_EMPTY.match(xml, p)
        if m is not None:
            return p, "<sheetData>", m.end(), m.end(), m.end()
        if closed:
            m = _SHEET_DATA_OPEN.match(xml, p)
            if m is not None:
                e = xml.find("</sheetData>", m.end())
                if e >= 0:
                    return p, m[0], m.end(), e, e + len("</sheetData>")
                closed = False
        p = xml.find("<sheetData", p + 1)
    return None


def plain_markup(xml: str) -> bool:
    """Does ``xml`` hold only tags and text: no comment, CDATA section, document type or processing
    instruction (nothing starts ``<!`` or ``<?``), but an XML declaration of UTF-8 XML 1.0 at its start?
    In such a text that is well-formed, every "<" starts a tag (attribute values and text hold none)."""
    if "<!" in xml:
        return False
    if xml.startswith("<?"):
        m = _DECLARATION.match(xml)
        if m is None:
            return False
        return xml.find("<?", m.end()) < 0
    return "<?" not in xml
