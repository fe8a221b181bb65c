"""The workbook as ``xltb recalc`` reads it (:class:`~xltb.xlsxread.book.Book`), read from the package's
XML without openpyxl: the same Book as openpyxl's reading (:func:`xltb.recalc.run.read_book_openpyxl`),
which stays the reference and the way for anything this reader is not sure to reproduce (:func:`read`
returns None: it "declines").

The small parts (content types, the workbook, its relationships, styles, shared strings, an inline string
with runs) are parsed with the standard library's ElementTree (:mod:`xltb.xlsxread.parts`). A sheet's
cells are read by regular expressions over the ``sheetData`` of the part, which
:func:`~xltb.recalc.package.check_parts` checked to be well-formed XML without a DTD, on the condition
that the part holds no comment, CDATA section or processing instruction and binds the spreadsheet
namespace once, as the default namespace of its root: then every ``<`` starts a tag, and ``sheetData``
must be read whole, token after token, as rows of cells whose children are ``f``, ``v`` and ``is`` in the
schema's order, else the reader declines. Each rule of openpyxl 3.1 it reproduces is named where it is
applied (``worksheet/_reader.py``, ``reader/strings.py``, ``styles/stylesheet.py``, ``utils/datetime.py``,
``workbook/defined_name.py``).
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from typing import Any, Callable, Iterator
from xml.etree import ElementTree

from ..cells import ExcelError, column_index, column_letters
from ..limits import MAX_COLUMNS, MAX_ROWS
from .book import Book, Formula, Rect
from .parts import (ATTRS, MAIN, WORKBOOK_TYPES, Decline, M, Name, S, attributes, content, integer, name_target,
                         part_text, read_names, read_strings, read_styles, rect, serial, tree, xml_text)


_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_DOC_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
_INVALID_TITLE = re.compile(r"[\\*?:/\[\]]")  # openpyxl refuses these in a sheet's title

_IS = rf"<is{ATTRS}(?:/>|>[^<]*(?:<(?!/is[ \t\r\n>])[^<]*)*</is{S}*>)"
#: a token of sheetData, as Excel, LibreOffice, openpyxl and xltb write it: (1) the token; a cell's (2)
#: attributes, (3) column, (4) row, (5) style, (6) type, (7) formula's mark, (8) its attributes, (9) its text,
#: (10) value, (11) inline string of one text, (12) another inline string; a row's (13) mark, (14) attributes,
#: (15) end of an empty row; (16) a row's end
_FAST = re.compile(
    r'((?:<c( r="([A-Z]{1,3})([0-9]+)"(?: s="([0-9]+)")?(?: t="([a-zA-Z]+)")?(?: cm="[0-9]+")? ?)(?:/>|>'
    rf"(?:(<f)(|{ATTRS})(?:/>|>([^<]*)</f>))?(?:<v>([^<]*)</v>|<v ?/>)?"
    rf"(?:<is><t(?: xml:space=\"preserve\")?>([^<]+)</t></is>|({_IS}))?</c>)"
    rf"|(<row)({ATTRS})(/?)>|(</row){S}*>|{S}+))")
#: a cell in any spelling of the same elements: (1) attributes, (2) formula's attributes, (3) formula, (4) value,
#: (5) inline string
_CELL = re.compile(
    rf"<c({ATTRS})(?:/>|>{S}*(?:<f({ATTRS})(?:/>|>([^<]*)</f{S}*>){S}*)?"
    rf"(?:<v{S}*(?:/>|>([^<]*)</v{S}*>){S}*)?(?:({_IS}){S}*)?</c{S}*>)")
_PLAIN_IS = re.compile(rf"<is{S}*>{S}*<t{ATTRS}(?:/>|>([^<]*)</t{S}*>){S}*</is{S}*>")
_COORD = re.compile(r"([A-Z]{1,3})([0-9]+)")
_DIGITS = re.compile(r"[0-9]+")
_NONE: dict[str, str] = {}  # a formula without attributes (never changed)
#: the marks of a dynamic-array formula as :func:`xltb.recalc.run.dynamic_anchors` finds them
_DYN_R, _DYN_CM, _DYN_T = re.compile(r'\sr="([A-Z]+\d+)"'), re.compile(r'\scm="\d+"'), re.compile(r'\bt="array"')


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


def read(data: bytes, listed: list[tuple[str, str]], *, plain: Callable[[str], str]) -> Book | None:
    """The :class:`~xltb.xlsxread.book.Book` of the workbook ``data`` (its sheets: ``listed``, as
    :func:`~xltb.recalc.package.sheet_list` gives them), without the array formulas' cells settled
    (:func:`settle_arrays`); None when it declines. ``plain``: each formula's text as the evaluator reads
    it (recalc gives :func:`xltb.functions.spelling.plain`, xltb's functions in any spelling Excel stores
    written as their names: the reader knows no worksheet function, the layer above it does)."""
    import io

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return _read(z, listed, plain)
    except Exception:  # noqa: BLE001 - anything unexpected declines: openpyxl, the reference, reads it
        return None


def _read(z: zipfile.ZipFile, listed: list[tuple[str, str]], plain: Callable[[str], str]) -> Book:
    types = [(o.get("PartName", ""), o.get("ContentType", "")) for o in tree(z, "[Content_Types].xml")
             if o.tag.endswith("}Override")]
    if next((p for t in WORKBOOK_TYPES for p, pt in types if pt == t), None) != "/xl/workbook.xml":
        raise Decline("the workbook part")
    root = tree(z, "xl/workbook.xml")
    sheets, chart = _worksheets(root, _relationships(z), listed)
    names = read_names(root, [n for n, _ in listed], chart)
    styles = read_styles(z)
    strings = read_strings(z, types)
    titles = [n for n, _ in sheets]
    book = Book(titles, {s: {} for s in titles}, {})
    metadata = "xl/metadata.xml" in z.namelist()
    for name, path in sheets:
        _sheet(book, name, part_text(z, path), styles, strings, metadata, plain)
    # each scope's names as openpyxl's dict keeps them (first place, last text), global then by sheet
    for scope in [None, *range(len(listed))]:
        kept = {name: text for idx, name, text in names if idx == scope}
        prefix = "" if scope is None else listed[scope][0].upper() + "!"
        for name, text in kept.items():
            book.names[prefix + name.upper()] = name_target(Name(text), titles)
    return book


def _relationships(z: zipfile.ZipFile) -> dict[str | None, tuple[str, str]]:
    """The workbook's relationships: id -> (type, target part), as openpyxl resolves them."""
    rels: dict[str | None, tuple[str, str]] = {}
    for rel in tree(z, "xl/_rels/workbook.xml.rels"):
        if set(rel.attrib) - {"Id", "Type", "Target", "TargetMode"} or rel.get("Target") is None:
            raise Decline("a relationship")
        target = str(rel.get("Target"))
        if rel.get("TargetMode") != "External":  # openpyxl's get_dependents
            target = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
        rels[rel.get("Id")] = (rel.get("Type", ""), target)
    return rels


def _worksheets(root: ElementTree.Element, rels: dict[str | None, tuple[str, str]], listed: list[tuple[str, str]]
                ) -> tuple[list[tuple[str, str]], set[int]]:
    """(name, part) of the worksheets, and the positions of the chart sheets, of the workbook part ``root``;
    declines what openpyxl would read otherwise."""
    lists = root.findall(M + "sheets")
    entries = [s for s in lists[-1]] if lists else []
    props = root.findall(M + "workbookPr")
    date1904 = props[-1].get("date1904", "") if props else ""
    if len(lists) > 1 or len(entries) != len(listed) or date1904 not in ("", "0", "false", "f"):
        raise Decline("sheets, or the 1904 date system")
    chart: set[int] = set()
    sheets: list[tuple[str, str]] = []
    for k, (entry, (name, path)) in enumerate(zip(entries, listed)):
        if entry.tag != M + "sheet" or entry.get("name") != name or _INVALID_TITLE.search(name) or \
                {a for a in entry.attrib if not a.startswith("{")} - {"name", "sheetId", "state"} or \
                entry.get("state") not in (None, "visible", "hidden", "veryHidden"):
            raise Decline("a sheet")
        integer(entry.get("sheetId"))
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
    return sheets, chart


def _sheet(book: Book, sheet: str, text: str, styles: tuple[int, set[int], set[int]], strings: list[str],
           metadata: bool, plain: Callable[[str], str]) -> None:
    """The cells of one sheet into ``book`` (openpyxl's WorkSheetParser and bind_cells, then read_book's rules)."""

    start, end = _sheet_data(text)
    n_styles, dates, durations = styles
    values, formulas = book.values[sheet], book.formulas
    shared: dict[str | None, Any] = {}
    seen: set[tuple[int, int]] = set()
    columns: dict[str, int] = {}
    row_counter = col_counter = 0
    in_row = False
    last_row, last_col, add, text_of = MAX_ROWS, MAX_COLUMNS, seen.add, xml_text
    for whole, attrs, letters, digits, s, t, f_mark, f_attrs, f_text, v_text, one_text, inline, row_mark, \
            row_attrs, empty, row_end in _tokens(text, start, end):
        if letters:
            row = int(digits)
            col = col_counter = columns.get(letters) or columns.setdefault(letters, column_index(letters))
        elif row_mark:  # a row: its number counts the cells without their own
            row_counter, col_counter, in_row = _row_number(row_attrs, row_counter, in_row), 0, not empty
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
        if not in_row or not 1 <= row <= last_row or col > last_col or style >= n_styles or rc in seen:
            raise Decline("a cell outside a row or out of range, a style openpyxl does not have, a cell twice")
        add(rc)
        t = t or "n"  # no type: a number
        if f_mark:  # a formula (worksheet/_reader.py, parse_formula)
            _formula(book, sheet, row, col, letters + digits, attrs, f_attrs, f_text, metadata, plain, shared)
            continue
        if t == "n":  # _cast_number, then a date-formatted number as a serial (from_excel, to_excel)
            if v_text:
                raw = text_of(v_text) if "&" in v_text or "\r" in v_text else v_text
                number: Any = float(raw) if "." in raw or "E" in raw or "e" in raw else int(raw)
                values[rc] = serial(number, style in durations) if style in dates else number
            continue
        _typed(values, rc, t, v_text, one_text, inline, strings)
    _merged(book, sheet, text[end:])


def _row_number(row_attrs: str, counter: int, in_row: bool) -> int:
    """A row's number: its own (digits), else the one after the row before; declined in a row."""
    if in_row:
        raise Decline("a row in a row")
    r = attributes(row_attrs).get("r")
    if r is not None and not _DIGITS.fullmatch(r):
        raise Decline("a row's number")
    return counter + 1 if r is None else int(r)


def _typed(values: dict[tuple[int, int], Any], rc: tuple[int, int], t: str, v_text: str, one_text: str,
           inline: str, strings: list[str]) -> None:
    """A cell's value of a type other than a number into ``values``: an inline string, a shared string, a
    boolean, a formula's text, an error value; declined at another type (t="d", ISO 8601: openpyxl's)."""
    if t == "inlineStr":
        if one_text:
            values[rc] = xml_text(one_text) if "&" in one_text or "\r" in one_text else one_text
        elif inline:
            simple = _PLAIN_IS.fullmatch(inline)
            values[rc] = xml_text(simple[1] or "") if simple else content(ElementTree.fromstring(
                f'<is xmlns="{MAIN}"' + inline[3:]))
        return
    if not v_text:
        return
    raw = xml_text(v_text) if "&" in v_text or "\r" in v_text else v_text
    if t == "s":
        values[rc] = strings[int(raw)]
    elif t == "b":
        values[rc] = bool(int(raw))
    elif t == "str":
        values[rc] = raw
    elif t == "e":
        values[rc] = ExcelError(raw)
    else:  # t="d" (ISO 8601), another type: openpyxl
        raise Decline(f"a cell of type {t!r}")


def _sheet_data(text: str) -> tuple[int, int]:
    """Where the cells of a sheet part are (the content of its one ``sheetData``), the part's root and rows as
    openpyxl reads them; declined otherwise."""
    root = re.match(rf"<worksheet({ATTRS})>", text.lstrip())
    if root is None or attributes(root[1]).get("xmlns") != MAIN or text.count(MAIN) != 1 or \
            text.count('xmlns="') != 1 or text.count("<sheetData") != 1:
        raise Decline("the sheet's root")
    start = text.index("<sheetData")
    if re.match(rf"<sheetData{S}*/>", text[start:start + 40]):
        start = end = text.index(">", start) + 1
    else:
        opened = re.match(rf"<sheetData{S}*>", text[start:start + 40])
        if opened is None or text.count("</sheetData") != 1:
            raise Decline("sheetData")
        start, end = start + opened.end(), text.index("</sheetData")
    if re.search(r"<row[\s/>]", text[:start]) or re.search(r"<row[\s/>]", text[end:]):
        raise Decline("a row outside sheetData")
    return start, end


def _formula(book: Book, sheet: str, row: int, col: int, ref: str, attrs: str, f_attrs: str, f_text: str,
             metadata: bool, plain: Callable[[str], str], shared: dict[str | None, Any]) -> None:
    """A formula cell into ``book`` (openpyxl's parse_formula): an array (dynamic when the workbook marks it so),
    a shared formula (translated from its first cell, ``shared``: its index -> the translator), a data table."""
    key = (sheet, row, col)
    formulas = book.formulas
    f = attributes(f_attrs) if f_attrs else _NONE
    kind = f.get("t")
    formula = "=" + (xml_text(f_text) if f_text else "")
    if kind == "array":
        area = rect(f["ref"], sheet) if f.get("ref") else None
        anchor = _DYN_R.search(attrs)
        dynamic = metadata and anchor is not None and anchor[1] == f"{column_letters(col)}{row}" and \
            _DYN_CM.search(attrs) is not None and _DYN_T.search(f_attrs) is not None
        formulas[key] = Formula(plain(formula), "dynamic" if dynamic else "array",
                                area or Rect(sheet, row, col, row, col))
        return
    if kind == "shared":
        si = f.get("si")
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
        return
    formulas[key] = Formula(plain(formula))


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
            a = attributes(cell[1])
            ref, s, t = a.get("r"), a.get("s"), a.get("t")
            cm = _COORD.fullmatch(ref) if ref is not None else None
            if (ref is not None and cm is None) or (s is not None and not _DIGITS.fullmatch(s)) or t == "":
                raise Decline("a cell's reference, style or type")
            yield (cell[0], cell[1], cm[1] if cm else "", cm[2] if cm else "", s or "", t or "",
                   "" if cell[2] is None else "<f", cell[2] or "", cell[3] or "", cell[4] or "", "", cell[5] or "", "",
                   "", "", "")
            pos = cell.end()


def _merged(book: Book, sheet: str, tail: str) -> None:
    """openpyxl keeps only the first cell of a merged range (the others become empty MergedCells)."""
    if "<mergeCell" not in tail:
        return
    found = re.findall(rf"<mergeCell({ATTRS})/?>", tail)
    if tail.count("<mergeCells") != 1 or len(re.findall(r"<mergeCell[\s/>]", tail)) != len(found):
        raise Decline("merged cells")
    ranges: list[tuple[int, int, int, int]] = []
    for raw in found:
        m = re.fullmatch(r"([A-Z]{1,3})([1-9][0-9]*)(?::([A-Z]{1,3})([1-9][0-9]*))?", attributes(raw).get("ref", ""))
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


__all__ = ["read", "settle_arrays"]
