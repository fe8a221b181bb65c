"""The small parts of a workbook as openpyxl 3.1 reads them, for recalc's reader (:mod:`xltb.xlsxread.reader`):
XML text and attributes, the styles' date formats and openpyxl's conversion of a date-formatted number,
shared and inline strings, the defined names (and what a name refers to, for both readers). Parsed with
the standard library's ElementTree (each part was checked well-formed and without a DTD before)."""

from __future__ import annotations

import re
import zipfile
from datetime import datetime, time, timedelta
from typing import Any
from xml.etree import ElementTree

from ..cells import ExcelError, clean, column_index
from ..limits import MAX_COLUMNS, MAX_ROWS
from .book import Rect


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
M = "{" + MAIN + "}"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml."
WORKBOOK_TYPES = ("application/vnd.ms-excel.template.macroEnabled.main+xml", _CT + "template.main+xml",
                   "application/vnd.ms-excel.sheet.macroEnabled.main+xml", _CT + "sheet.main+xml")
_STRINGS_TYPE = _CT + "sharedStrings+xml"
#: openpyxl's built-in number formats that are dates (``is_date_format``) and durations
_BUILTIN_DATES = frozenset({14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47})
_BUILTIN_DURATIONS = frozenset({46})
_STRIP = re.compile(r'".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]')
_DURATION = re.compile(r"\[hh?\](:mm(:ss(\.0*)?)?)?|\[mm?\](:ss(\.0*)?)?|\[ss?\](\.0*)?", re.I)
S = r"[ \t\r\n]"
ATTRS = rf"(?:{S}+[^\s=/<>\"']+{S}*={S}*(?:\"[^\"<]*\"|'[^'<]*'))*{S}*"
_ATTR = re.compile(r"([^\s=]+)\s*=\s*(\"[^\"]*\"|'[^']*')")
_ENTITY = re.compile(r"&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_SHEET_Q = r"(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)"
#: a defined name's text that openpyxl's ``destinations`` reads as one range (its tokenizer gives one operand)
_ONE_RANGE = re.compile(r"(?:'((?:[^']|'')+)'|([A-Za-z_][A-Za-z0-9_.]*))!(\$?[A-Za-z]{1,3}\$?[0-9]+"
                        r"(?::\$?[A-Za-z]{1,3}\$?[0-9]+)?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?[0-9]+:\$?[0-9]+)")
_ROWS, _COLS = rf"{_SHEET_Q}!\$?[1-9][0-9]*:\$?[1-9][0-9]*", rf"{_SHEET_Q}!\$?[A-Z]{{1,3}}:\$?[A-Z]{{1,3}}"
_AREA = rf"{_SHEET_Q}!\$?[A-Z]{{1,3}}\$?[1-9][0-9]*(?::\$?[A-Z]{{1,3}}\$?[1-9][0-9]*)?"
#: print titles and areas of the shapes openpyxl reads without an exception (other reserved names: ignored)
_PRINT = {"Print_Titles": re.compile(rf"{_ROWS}|{_COLS}|{_ROWS},{_COLS}|{_COLS},{_ROWS}"),
          "Print_Area": re.compile(rf"{_AREA}(?:,{_AREA})*")}
_RESERVED = re.compile(r"^_xlnm\.(Print_Area|Print_Titles|Criteria|_FilterDatabase|Extract|Consolidate_Area|"
                       r"Sheet_Title)")
_NAME_ATTRS = frozenset({"name", "comment", "customMenu", "description", "help", "statusBar", "localSheetId",
                         "hidden", "function", "vbProcedure", "xlm", "functionGroupId", "shortcutKey",
                         "publishToServer", "workbookParameter"})


class Decline(Exception):
    """A shape this reader does not reproduce for certain: openpyxl reads the workbook."""


def rect(text: str, sheet: str) -> Rect | None:
    m = re.fullmatch(r"\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?", text.upper())
    if m is None:
        return None
    r1, c1 = int(m[2]), column_index(m[1])
    r2, c2 = (int(m[4]), column_index(m[3])) if m[3] else (r1, c1)
    if not (1 <= r1 <= MAX_ROWS and 1 <= r2 <= MAX_ROWS and 1 <= c1 <= MAX_COLUMNS and 1 <= c2 <= MAX_COLUMNS):
        return None
    return Rect(sheet, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))


def name_target(dn: Any, sheets: list[str]) -> Any:
    """A defined name's Rect, constant, or ``"!why not"`` (``dn``: openpyxl's DefinedName or a :class:`Name`)."""
    text = (dn.attr_text or "").strip()
    if re.fullmatch(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?", text):
        return float(text) if any(ch in text for ch in ".eE") else int(text)
    if re.fullmatch(r'"(?:[^"]|"")*"', text):
        return text[1:-1].replace('""', '"')
    try:
        destinations = list(dn.destinations)
    except Exception:  # openpyxl cannot read it: a formula, an external reference
        destinations = []
    if len(destinations) == 1 and destinations[0][0] in sheets:
        sheet, coord = destinations[0]
        m = re.fullmatch(r"\$?([A-Z]{1,3}):\$?([A-Z]{1,3})", coord.upper())
        if m:  # whole columns
            coord = f"{m[1]}1:{m[2]}{MAX_ROWS}"
        found = rect(coord, sheet)
        if found is not None:
            return found
    return f"!is not one range of cells nor a constant ({clean(text)[:60]})"


class Name:
    """A defined name's text, with openpyxl's ``destinations`` (its own code for any text but one range)."""

    def __init__(self, attr_text: str | None):
        self.attr_text = attr_text

    @property
    def destinations(self) -> list[tuple[str, str]]:
        if not self.attr_text:  # openpyxl's tokenizer has no first item: no destination
            return []
        m = _ONE_RANGE.fullmatch(self.attr_text)
        if m:  # SHEETRANGE_RE: a quoted name as written (its '' not undone), the cells after the !
            return [(m[1] if m[1] is not None else m[2], m[3])]
        from openpyxl.workbook.defined_name import DefinedName

        return list(DefinedName(name="x", attr_text=self.attr_text).destinations)


def xml_text(raw: str, attribute: bool = False) -> str:
    """XML text or attribute value as a parser gives it: line ends made \\n (an attribute's white space a
    space), the five entities and character references replaced."""
    if "&" not in raw and "\r" not in raw and not (attribute and ("\n" in raw or "\t" in raw)):
        return raw
    raw = raw.replace("\r\n", "\n").replace("\r", "\n")
    if attribute:
        raw = raw.replace("\n", " ").replace("\t", " ")
    return _ENTITY.sub(lambda m: chr(int(m[1], 16)) if m[1] else chr(int(m[2])) if m[2] else _NAMED[m[3]], raw)


def attributes(raw: str) -> dict[str, str]:
    return {k: xml_text(v[1:-1], True) for k, v in _ATTR.findall(raw)}


def serial(value: float | int, duration: bool) -> Any:
    """openpyxl's ``from_excel`` of a date-formatted number, then ``to_excel`` (what ``_plain`` gives)."""
    try:
        if duration:
            td = timedelta(days=value)
            if td.microseconds:
                td = timedelta(seconds=td.total_seconds() // 1, microseconds=round(td.microseconds, -3))
            return td.total_seconds() / 86400
        day, fraction = divmod(value, 1)
        diff = timedelta(milliseconds=round(fraction * 86400 * 1000))
        if 0 <= value < 1 and diff.days == 0:
            mins, seconds = divmod(diff.seconds, 60)
            hours, mins = divmod(mins, 60)
            return _day_part(time(hours, mins, seconds, diff.microseconds))
        if 0 < value < 60:
            day += 1
        epoch = datetime(1899, 12, 30)
        dt = epoch + timedelta(days=day) + diff
    except (OverflowError, ValueError):  # openpyxl: "outside the limits for dates", an error value
        return ExcelError("#VALUE!")
    days = (dt - epoch).days
    if 0 < days <= 60:
        days -= 1
    return days + _day_part(dt)


def _day_part(t: time | datetime) -> float:
    return (t.hour * 3600 + t.minute * 60 + t.second + t.microsecond / 10 ** 6) / 86400


def is_date(fmt: str | None) -> tuple[bool, bool]:
    """openpyxl's ``is_date_format`` and ``is_timedelta_format`` of a format code."""
    if fmt is None:
        return False, False
    first = fmt.split(";")[0]
    return re.search(r"(?<![_\\])[dmhysDMHYS]", _STRIP.sub("", first)) is not None, \
        _DURATION.search(first) is not None


def content(node: ElementTree.Element) -> str:
    """openpyxl's ``Text.from_tree(node).content``: the last ``t``'s text, then each run's; phonetic runs and
    the runs' formatting left out (not checked: openpyxl refuses some that break its schema)."""
    if any(not k.startswith("{") for k in node.attrib):
        raise Decline("attributes of a text")
    plain, runs = None, []
    for child in node:
        if child.tag == M + "t":
            plain = child.text
        elif child.tag == M + "r":
            if any(not k.startswith("{") for k in child.attrib):
                raise Decline("attributes of a run")
            last = None
            for part in child:
                if part.tag == M + "t":
                    last = part.text
                elif part.tag != M + "rPr":
                    raise Decline("a run's part")
            runs.append(last)
        elif child.tag not in (M + "rPh", M + "phoneticPr"):
            raise Decline("a text's part")
    return "".join(s for s in [plain, *runs] if s is not None)


def part_text(z: zipfile.ZipFile, name: str) -> str:
    """A part's text (UTF-8), declined with a comment, CDATA, processing instruction or another encoding, or
    over 64 MB (held whole as text, where openpyxl streams it)."""
    if z.getinfo(name).file_size > 64 * 1024 * 1024:
        raise Decline("a part too large to hold as text")
    text = z.read(name).decode("utf-8").lstrip("\ufeff")
    if text.startswith("<?xml"):
        end = text.find("?>")
        enc = re.search(r"encoding\s*=\s*[\"']([^\"']*)", text[:end])
        if enc and enc[1].lower().replace("-", "") != "utf8":
            raise Decline("an encoding")
        text = text[end + 2:]
    if "<!" in text or "<?" in text:
        raise Decline("a comment, CDATA or processing instruction")
    return text


def tree(z: zipfile.ZipFile, name: str) -> ElementTree.Element:
    return ElementTree.fromstring(part_text(z, name))


def integer(value: str | None) -> int:
    if value is None:
        raise Decline("a number missing")
    return int(value)  # openpyxl's Integer descriptor: int(text), else an exception (declined)


def read_styles(z: zipfile.ZipFile) -> tuple[int, set[int], set[int]]:
    """(how many cell styles, those that are dates, those that are durations) as openpyxl's stylesheet."""
    if "xl/styles.xml" not in z.namelist():
        return 1, set(), set()
    root = tree(z, "xl/styles.xml")
    if root.tag != M + "styleSheet" or any(not c.tag.startswith(M) for c in root):
        raise Decline("the styles")
    custom: dict[int, str] = {}
    xfs: list[ElementTree.Element] = []
    for child in root:  # the last of each, as openpyxl's from_tree keeps it
        if child.tag == M + "numFmts":
            custom = {}
            for f in child.iter(M + "numFmt"):
                code = f.get("formatCode")
                if code is None or set(f.attrib) - {"numFmtId", "formatCode"}:
                    raise Decline("a number format")
                custom[integer(f.get("numFmtId"))] = code
        elif child.tag == M + "cellXfs":
            xfs = [xf for xf in child if xf.tag == M + "xf"]
    if not xfs:  # openpyxl keeps its default style
        return 1, set(), set()
    dates, durations = set(), set()
    for idx, xf in enumerate(xfs):
        fmt_id = integer(xf.get("numFmtId", "0"))
        date, duration = is_date(custom[fmt_id]) if fmt_id in custom else \
            (fmt_id in _BUILTIN_DATES, fmt_id in _BUILTIN_DURATIONS)
        if date:
            dates.add(idx)
        if duration:
            durations.add(idx)
    return len(xfs), dates, durations


def read_strings(z: zipfile.ZipFile, types: list[tuple[str, str]]) -> list[str]:
    part = next((p for p, t in types if t == _STRINGS_TYPE), None)
    if part is None:
        return []
    root = tree(z, part[1:])
    items = [si for si in root if si.tag == M + "si"]
    if len(items) != sum(1 for _ in root.iter(M + "si")):
        raise Decline("shared strings out of place")
    return [content(si).replace("x005F_", "") for si in items]  # reader/strings.py


def read_names(root: ElementTree.Element, every: list[str], chart: set[int]) -> list[tuple[int | None, str, str | None]]:
    """(sheet index or None, name, text) of the defined names openpyxl keeps (``by_sheet``, ``assign_names``)."""
    lists = root.findall(M + "definedNames")
    out: list[tuple[int | None, str, str | None]] = []
    for dn in lists[-1] if lists else []:
        if dn.tag != M + "definedName" or {k for k in dn.attrib if not k.startswith("{")} - _NAME_ATTRS:
            raise Decline("a defined name")
        name, local = dn.get("name"), dn.get("localSheetId")
        if name is None:
            raise Decline("a name without a name")
        if dn.get("functionGroupId") is not None:
            integer(dn.get("functionGroupId"))
        if local is None:
            if name not in ("_xlnm.Print_Titles", "_xlnm.Print_Area", "_xlnm._FilterDatabase"):
                out.append((None, name, dn.text))
            continue
        idx = integer(local)
        if idx < 0:  # openpyxl indexes its sheets from the end: not reproduced
            raise Decline("a negative sheet index")
        if idx >= len(every):
            continue  # openpyxl: "cannot be located", left out
        if idx in chart:
            raise Decline("a name of a chart sheet")
        reserved = _RESERVED.match(name)
        if reserved is None:
            out.append((idx, name, dn.text))
        elif reserved[1] in _PRINT and not _PRINT[reserved[1]].fullmatch(dn.text or ""):
            raise Decline("print titles or area")
    return out
