"""The workbook as ``xltb recalc`` reads it (:class:`~xltb.recalc.values.Book`), read from the package's
XML without openpyxl: the same Book as openpyxl's reading in :func:`xltb.recalc.run.read_book`, which
stays the reference and the way for anything this reader is not sure to reproduce (:func:`read`
returns None: "declines").

Small parts (content types, the workbook, its relationships, the styles, the shared strings, an
inline string with runs) are parsed with the standard library's ElementTree. A sheet's cells are read
by one regular expression over the ``sheetData`` of the part (already checked to be well-formed XML
without a DTD by :func:`~xltb.recalc.package.check_parts`), on the condition that the part holds no
comment, CDATA section or processing instruction and binds the spreadsheet namespace once, as the
default namespace of its root: then every ``<`` starts a tag, and ``sheetData`` must be read whole as
rows of cells of the shapes below (``f``, ``v``, ``is`` children in the schema's order), token after
token, else the reader declines. Each rule of openpyxl 3.1 it reproduces is named where it is applied
(``worksheet/_reader.py``, ``reader/strings.py``, ``styles/stylesheet.py``, ``utils/datetime.py``,
``workbook/defined_name.py``).
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Iterator
from xml.etree import ElementTree

from ..cells import clean, column_index, column_letters
from ..limits import MAX_COLUMNS, MAX_ROWS
from ..templates.cached import Err

if TYPE_CHECKING:
    from .values import Book, Rect

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_M = "{" + MAIN + "}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_DOC_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml."
_WORKBOOK_TYPES = ("application/vnd.ms-excel.template.macroEnabled.main+xml", _CT + "template.main+xml",
                   "application/vnd.ms-excel.sheet.macroEnabled.main+xml", _CT + "sheet.main+xml")
_STRINGS_TYPE = _CT + "sharedStrings+xml"
#: openpyxl's built-in number formats that are dates (``is_date_format``) and durations
_BUILTIN_DATES = frozenset({14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47})
_BUILTIN_DURATIONS = frozenset({46})
_STRIP = re.compile(r'".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]')
_DURATION = re.compile(r"\[hh?\](:mm(:ss(\.0*)?)?)?|\[mm?\](:ss(\.0*)?)?|\[ss?\](\.0*)?", re.I)
_INVALID_TITLE = re.compile(r"[\\*?:/\[\]]")  # openpyxl refuses these in a sheet's title

_S = r"[ \t\r\n]"
_ATTRS = rf"(?:{_S}+[^\s=/<>\"']+{_S}*={_S}*(?:\"[^\"<]*\"|'[^'<]*'))*{_S}*"
_ATTR = re.compile(r"([^\s=]+)\s*=\s*(\"[^\"]*\"|'[^']*')")
_IS = rf"<is{_ATTRS}(?:/>|>[^<]*(?:<(?!/is[ \t\r\n>])[^<]*)*</is{_S}*>)"
#: a token of sheetData, as Excel, LibreOffice, openpyxl and xltb write it: (1) the token; a cell's (2)
#: attributes, (3) column, (4) row, (5) style, (6) type, (7) formula's mark, (8) its attributes, (9) its text,
#: (10) value, (11) inline string; a row's (12) mark, (13) attributes, (14) end of an empty row; (15) a row's end
_FAST = re.compile(
    r'((?:<c( r="([A-Z]{1,3})([0-9]+)"(?: s="([0-9]+)")?(?: t="([a-zA-Z]+)")?(?: cm="[0-9]+")? ?)(?:/>|>'
    rf"(?:(<f)(|{_ATTRS})(?:/>|>([^<]*)</f>))?(?:<v>([^<]*)</v>|<v ?/>)?(?:({_IS}))?</c>)"
    rf"|(<row)({_ATTRS})(/?)>|(</row){_S}*>|{_S}+))")
#: a cell in any spelling of the same elements: (1) attributes, (2) formula's attributes, (3) formula, (4) value,
#: (5) inline string
_CELL = re.compile(
    rf"<c({_ATTRS})(?:/>|>{_S}*(?:<f({_ATTRS})(?:/>|>([^<]*)</f{_S}*>){_S}*)?"
    rf"(?:<v{_S}*(?:/>|>([^<]*)</v{_S}*>){_S}*)?(?:({_IS}){_S}*)?</c{_S}*>)")
_PLAIN_IS = re.compile(rf"<is{_S}*>{_S}*<t{_ATTRS}(?:/>|>([^<]*)</t{_S}*>){_S}*</is{_S}*>")
_COORD = re.compile(r"([A-Z]{1,3})([0-9]+)")
_DIGITS = re.compile(r"[0-9]+")
_ENTITY = re.compile(r"&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
#: the marks of a dynamic-array formula as :func:`xltb.recalc.run.dynamic_anchors` finds them
_DYN_R, _DYN_CM, _DYN_T = re.compile(r'\sr="([A-Z]+\d+)"'), re.compile(r'\scm="\d+"'), re.compile(r'\bt="array"')
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
    from .values import Rect

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


def settle_arrays(book: Book) -> None:
    """An array formula's own cells are its result, not constants (an array over more cells than a range
    may span is not evaluated: only the cells the sheet has are visited, never the whole area)."""
    for key, f in book.formulas.items():
        if f.kind != "cell" and f.area is not None:
            cells = book.values[key[0]]
            inside = [rc for rc in cells if (key[0], *rc) in f.area] if f.area.cells > len(cells) else \
                [(r, c) for r in range(f.area.r1, f.area.r2 + 1) for c in range(f.area.c1, f.area.c2 + 1)]
            for rc in inside:
                cells.pop(rc, None)


def _text(raw: str, attribute: bool = False) -> str:
    """XML text or attribute value as a parser gives it: line ends made \\n (an attribute's white space a
    space), the five entities and character references replaced."""
    if "&" not in raw and "\r" not in raw and not (attribute and ("\n" in raw or "\t" in raw)):
        return raw
    raw = raw.replace("\r\n", "\n").replace("\r", "\n")
    if attribute:
        raw = raw.replace("\n", " ").replace("\t", " ")
    return _ENTITY.sub(lambda m: chr(int(m[1], 16)) if m[1] else chr(int(m[2])) if m[2] else _NAMED[m[3]], raw)


def _attrs(raw: str) -> dict[str, str]:
    return {k: _text(v[1:-1], True) for k, v in _ATTR.findall(raw)}


def _serial(value: float | int, duration: bool) -> Any:
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
        return Err("#VALUE!")
    days = (dt - epoch).days
    if 0 < days <= 60:
        days -= 1
    return days + _day_part(dt)


def _day_part(t: time | datetime) -> float:
    return (t.hour * 3600 + t.minute * 60 + t.second + t.microsecond / 10 ** 6) / 86400


def _is_date(fmt: str | None) -> tuple[bool, bool]:
    """openpyxl's ``is_date_format`` and ``is_timedelta_format`` of a format code."""
    if fmt is None:
        return False, False
    first = fmt.split(";")[0]
    return re.search(r"(?<![_\\])[dmhysDMHYS]", _STRIP.sub("", first)) is not None, \
        _DURATION.search(first) is not None


def _content(node: ElementTree.Element) -> str:
    """openpyxl's ``Text.from_tree(node).content``: the last ``t``'s text, then each run's; phonetic runs and
    the runs' formatting left out (not checked: openpyxl refuses some that break its schema)."""
    if any(not k.startswith("{") for k in node.attrib):
        raise Decline("attributes of a text")
    plain, runs = None, []
    for child in node:
        if child.tag == _M + "t":
            plain = child.text
        elif child.tag == _M + "r":
            if any(not k.startswith("{") for k in child.attrib):
                raise Decline("attributes of a run")
            last = None
            for part in child:
                if part.tag == _M + "t":
                    last = part.text
                elif part.tag != _M + "rPr":
                    raise Decline("a run's part")
            runs.append(last)
        elif child.tag not in (_M + "rPh", _M + "phoneticPr"):
            raise Decline("a text's part")
    return "".join(s for s in [plain, *runs] if s is not None)


def _xml(z: zipfile.ZipFile, name: str) -> str:
    """A part's text (UTF-8), declined with a comment, CDATA, processing instruction or another encoding."""
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


def _tree(z: zipfile.ZipFile, name: str) -> ElementTree.Element:
    return ElementTree.fromstring(_xml(z, name))


def _int(value: str | None) -> int:
    if value is None:
        raise Decline("a number missing")
    return int(value)  # openpyxl's Integer descriptor: int(text), else an exception (declined)


def _styles(z: zipfile.ZipFile) -> tuple[int, set[int], set[int]]:
    """(how many cell styles, those that are dates, those that are durations) as openpyxl's stylesheet."""
    if "xl/styles.xml" not in z.namelist():
        return 1, set(), set()
    root = _tree(z, "xl/styles.xml")
    if root.tag != _M + "styleSheet" or any(not c.tag.startswith(_M) for c in root):
        raise Decline("the styles")
    custom: dict[int, str] = {}
    xfs: list[ElementTree.Element] = []
    for child in root:  # the last of each, as openpyxl's from_tree keeps it
        if child.tag == _M + "numFmts":
            custom = {}
            for f in child.iter(_M + "numFmt"):
                code = f.get("formatCode")
                if code is None or set(f.attrib) - {"numFmtId", "formatCode"}:
                    raise Decline("a number format")
                custom[_int(f.get("numFmtId"))] = code
        elif child.tag == _M + "cellXfs":
            xfs = [xf for xf in child if xf.tag == _M + "xf"]
    if not xfs:  # openpyxl keeps its default style
        return 1, set(), set()
    dates, durations = set(), set()
    for idx, xf in enumerate(xfs):
        fmt_id = _int(xf.get("numFmtId", "0"))
        date, duration = _is_date(custom[fmt_id]) if fmt_id in custom else \
            (fmt_id in _BUILTIN_DATES, fmt_id in _BUILTIN_DURATIONS)
        if date:
            dates.add(idx)
        if duration:
            durations.add(idx)
    return len(xfs), dates, durations


def _strings(z: zipfile.ZipFile, types: list[tuple[str, str]]) -> list[str]:
    part = next((p for p, t in types if t == _STRINGS_TYPE), None)
    if part is None:
        return []
    root = _tree(z, part[1:])
    items = [si for si in root if si.tag == _M + "si"]
    if len(items) != sum(1 for _ in root.iter(_M + "si")):
        raise Decline("shared strings out of place")
    return [_content(si).replace("x005F_", "") for si in items]  # reader/strings.py


def _names(root: ElementTree.Element, every: list[str], chart: set[int]) -> list[tuple[int | None, str, str | None]]:
    """(sheet index or None, name, text) of the defined names openpyxl keeps (``by_sheet``, ``assign_names``)."""
    lists = root.findall(_M + "definedNames")
    out: list[tuple[int | None, str, str | None]] = []
    for dn in lists[-1] if lists else []:
        if dn.tag != _M + "definedName" or {k for k in dn.attrib if not k.startswith("{")} - _NAME_ATTRS:
            raise Decline("a defined name")
        name, local = dn.get("name"), dn.get("localSheetId")
        if name is None:
            raise Decline("a name without a name")
        if dn.get("functionGroupId") is not None:
            _int(dn.get("functionGroupId"))
        if local is None:
            if name not in ("_xlnm.Print_Titles", "_xlnm.Print_Area", "_xlnm._FilterDatabase"):
                out.append((None, name, dn.text))
            continue
        idx = _int(local)
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


def read(data: bytes, listed: list[tuple[str, str]]) -> Book | None:
    """The :class:`~xltb.recalc.values.Book` of the workbook ``data`` (its sheets: ``listed``, as
    :func:`~xltb.recalc.package.sheet_list` gives them), without the array formulas' cells settled
    (:func:`settle_arrays`); None when it declines."""
    import io

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return _read(z, listed)
    except Exception:  # noqa: BLE001 - anything unexpected declines: openpyxl, the reference, reads it
        return None


def _read(z: zipfile.ZipFile, listed: list[tuple[str, str]]) -> Book:
    from .values import Book

    types = [(o.get("PartName", ""), o.get("ContentType", "")) for o in _tree(z, "[Content_Types].xml")
             if o.tag.endswith("}Override")]
    if next((p for t in _WORKBOOK_TYPES for p, pt in types if pt == t), None) != "/xl/workbook.xml":
        raise Decline("the workbook part")
    root = _tree(z, "xl/workbook.xml")
    rels: dict[str | None, tuple[str, str]] = {}
    for rel in _tree(z, "xl/_rels/workbook.xml.rels"):
        if set(rel.attrib) - {"Id", "Type", "Target", "TargetMode"} or rel.get("Target") is None:
            raise Decline("a relationship")
        target = str(rel.get("Target"))
        if rel.get("TargetMode") != "External":  # openpyxl's get_dependents
            target = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
        rels[rel.get("Id")] = (rel.get("Type", ""), target)
    lists = root.findall(_M + "sheets")
    entries = [s for s in lists[-1]] if lists else []
    props = root.findall(_M + "workbookPr")
    date1904 = props[-1].get("date1904", "") if props else ""
    if len(lists) > 1 or len(entries) != len(listed) or date1904 not in ("", "0", "false", "f"):
        raise Decline("sheets, or the 1904 date system")
    chart: set[int] = set()
    sheets: list[tuple[str, str]] = []
    for k, (entry, (name, path)) in enumerate(zip(entries, listed)):
        if entry.tag != _M + "sheet" or entry.get("name") != name or _INVALID_TITLE.search(name) or \
                {a for a in entry.attrib if not a.startswith("{")} - {"name", "sheetId", "state"} or \
                entry.get("state") not in (None, "visible", "hidden", "veryHidden"):
            raise Decline("a sheet")
        _int(entry.get("sheetId"))
        kind, target = rels.get(entry.get(_REL), ("", ""))
        if target != path:
            raise Decline("a sheet's part")
        if "chartsheet" in kind:  # in openpyxl's sheetnames, not among its worksheets
            chart.add(k)
        elif kind == _DOC_REL + "worksheet":
            sheets.append((name, path))
        else:
            raise Decline("a sheet of another kind")
    if not sheets:
        raise Decline("no worksheets")
    names = _names(root, [n for n, _ in listed], chart)
    styles = _styles(z)
    strings = _strings(z, types)
    titles = [n for n, _ in sheets]
    book = Book(titles, {s: {} for s in titles}, {})
    metadata = "xl/metadata.xml" in z.namelist()
    for name, path in sheets:
        _sheet(book, name, _xml(z, path), styles, strings, metadata)
    # each scope's names as openpyxl's dict keeps them (first place, last text), global then by sheet
    for scope in [None, *range(len(listed))]:
        kept = {name: text for idx, name, text in names if idx == scope}
        prefix = "" if scope is None else listed[scope][0].upper() + "!"
        for name, text in kept.items():
            book.names[prefix + name.upper()] = name_target(Name(text), titles)
    return book


def _sheet(book: Book, sheet: str, text: str, styles: tuple[int, set[int], set[int]], strings: list[str],
           metadata: bool) -> None:
    """The cells of one sheet into ``book`` (openpyxl's WorkSheetParser and bind_cells, then read_book's rules)."""
    from ..functions.spelling import plain
    from .values import Formula, Rect

    root = re.match(rf"<worksheet({_ATTRS})>", text.lstrip())
    if root is None or _attrs(root[1]).get("xmlns") != MAIN or text.count(MAIN) != 1 or \
            text.count('xmlns="') != 1 or text.count("<sheetData") != 1:
        raise Decline("the sheet's root")
    start = text.index("<sheetData")
    if re.match(rf"<sheetData{_S}*/>", text[start:start + 40]):
        start = end = text.index(">", start) + 1
    else:
        opened = re.match(rf"<sheetData{_S}*>", text[start:start + 40])
        if opened is None or text.count("</sheetData") != 1:
            raise Decline("sheetData")
        start, end = start + opened.end(), text.index("</sheetData")
    if re.search(r"<row[\s/>]", text[:start]) or re.search(r"<row[\s/>]", text[end:]):
        raise Decline("a row outside sheetData")
    n_styles, dates, durations = styles
    values, formulas = book.values[sheet], book.formulas
    shared: dict[str | None, Any] = {}
    seen: set[tuple[int, int]] = set()
    columns: dict[str, int] = {}
    row_counter = col_counter = 0
    in_row = False
    last_row, last_col, add, text_of, simple_is = MAX_ROWS, MAX_COLUMNS, seen.add, _text, _PLAIN_IS.fullmatch
    for whole, attrs, letters, digits, s, t, f_mark, f_attrs, f_text, v_text, inline, row_mark, row_attrs, \
            empty, row_end in _tokens(text, start, end):
        if letters:
            row = int(digits)
            col = col_counter = columns.get(letters) or columns.setdefault(letters, column_index(letters))
        elif row_mark:  # a row: its number counts the cells without their own
            if in_row:
                raise Decline("a row in a row")
            r = _attrs(row_attrs).get("r")
            if r is not None and not _DIGITS.fullmatch(r):
                raise Decline("a row's number")
            row_counter, col_counter, in_row = row_counter + 1 if r is None else int(r), 0, not empty
            continue
        elif row_end:
            in_row = False
            continue
        elif whole.startswith("<c"):
            col_counter += 1
            row, col = row_counter, col_counter
        else:  # white space
            continue
        style, rc = int(s) if s else 0, (row, col)
        if not in_row or row > last_row or col > last_col or row < 1 or style >= n_styles or rc in seen:
            raise Decline("a cell outside a row or out of range, a style openpyxl does not have, a cell twice")
        add(rc)
        if not (f_mark or v_text or inline):
            continue
        t = t or "n"
        if f_mark:  # a formula (worksheet/_reader.py, parse_formula)
            key = (sheet, row, col)
            f = _attrs(f_attrs) if f_attrs else {}
            kind = f.get("t")
            formula = "=" + (_text(f_text) if f_text else "")
            if kind == "array":
                area = rect(f["ref"], sheet) if f.get("ref") else None
                anchor = _DYN_R.search(attrs)
                dynamic = metadata and anchor is not None and anchor[1] == f"{column_letters(col)}{row}" and \
                    _DYN_CM.search(attrs) is not None and _DYN_T.search(f_attrs) is not None
                formulas[key] = Formula(plain(formula), "dynamic" if dynamic else "array",
                                        area or Rect(sheet, row, col, row, col))
                continue
            if kind == "shared":
                si, ref = f.get("si"), letters + digits
                if not ref:
                    raise Decline("a shared formula without its cell's reference")
                if si in shared:
                    formula = shared[si].translate_formula(ref)
                elif formula != "=":
                    from openpyxl.formula.translate import Translator  # its rules exactly, loaded when needed

                    shared[si] = Translator(formula, ref)
            elif kind == "dataTable":
                if "ref" not in f:
                    raise Decline("a data table without its range")
                formulas[key] = Formula("")
                continue
            formulas[key] = Formula(plain(formula))
            continue
        if t == "inlineStr":
            if inline:
                simple = simple_is(inline)
                values[rc] = text_of(simple[1] or "") if simple else _content(ElementTree.fromstring(
                    f'<is xmlns="{MAIN}"' + inline[3:]))
            continue
        if not v_text:
            continue
        raw = text_of(v_text) if "&" in v_text or "\r" in v_text else v_text
        if t == "n":  # _cast_number, then a date-formatted number as a serial (from_excel, to_excel)
            number: Any = float(raw) if "." in raw or "E" in raw or "e" in raw else int(raw)
            values[rc] = _serial(number, style in durations) if style in dates else number
        elif t == "s":
            values[rc] = strings[int(raw)]
        elif t == "b":
            values[rc] = bool(int(raw))
        elif t == "str":
            values[rc] = raw
        elif t == "e":
            values[rc] = Err(raw)
        else:  # t="d" (ISO 8601), another type: openpyxl
            raise Decline(f"a cell of type {t!r}")
    _merged(book, sheet, text[end:])


def _tokens(text: str, start: int, end: int) -> Iterator[tuple[str, ...]]:
    """The tokens of sheetData (:data:`_FAST`'s groups; a cell in another spelling read from its attributes, ``""``
    where it has none); declined at anything else."""
    pos = start
    while pos < end:
        for m in _FAST.finditer(text, pos, end):
            if m.start() != pos:
                break
            pos = m.end()
            yield m.groups("")
        while pos < end and _FAST.match(text, pos, end) is None:  # cells in other spellings, one after another
            cell = _CELL.match(text, pos, end)
            if cell is None:
                raise Decline("a shape of sheetData")
            a = _attrs(cell[1])
            ref, s, t = a.get("r"), a.get("s"), a.get("t")
            cm = _COORD.fullmatch(ref) if ref is not None else None
            if (ref is not None and cm is None) or (s is not None and not _DIGITS.fullmatch(s)) or t == "":
                raise Decline("a cell's reference, style or type")
            yield (cell[0], cell[1], cm[1] if cm else "", cm[2] if cm else "", s or "", t or "",
                   "" if cell[2] is None else "<f", cell[2] or "", cell[3] or "", cell[4] or "", cell[5] or "", "", "",
                   "", "")
            pos = cell.end()


def _merged(book: Book, sheet: str, tail: str) -> None:
    """openpyxl keeps only the first cell of a merged range (the others become empty MergedCells)."""
    if "<mergeCell" not in tail:
        return
    found = re.findall(rf"<mergeCell({_ATTRS})/?>", tail)
    if tail.count("<mergeCells") != 1 or len(re.findall(r"<mergeCell[\s/>]", tail)) != len(found):
        raise Decline("merged cells")
    ranges: list[tuple[int, int, int, int]] = []
    for raw in found:
        m = re.fullmatch(r"([A-Z]{1,3})([1-9][0-9]*)(?::([A-Z]{1,3})([1-9][0-9]*))?", _attrs(raw).get("ref", ""))
        if m is None:
            raise Decline("a merged range")
        r1, c1 = int(m[2]), column_index(m[1])
        r2, c2 = (int(m[4]), column_index(m[3])) if m[3] else (r1, c1)
        if r1 > r2 or c1 > c2:
            raise Decline("a merged range")
        ranges.append((r1, c1, r2, c2))
    cells = [*book.values[sheet], *(k[1:] for k in book.formulas if k[0] == sheet)]
    for r1, c1, r2, c2 in ranges:
        inside = [(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)] \
            if (r2 - r1 + 1) * (c2 - c1 + 1) <= len(cells) else \
            [rc for rc in cells if r1 <= rc[0] <= r2 and c1 <= rc[1] <= c2]
        for r, c in inside:
            if (r, c) != (r1, c1):
                book.values[sheet].pop((r, c), None)
                book.formulas.pop((sheet, r, c), None)


__all__ = ["Decline", "Name", "name_target", "read", "rect", "settle_arrays"]
