"""Computed values written into the cells of a sheet's XML as it is: the one writer of cached values,
for the templates (:func:`embed`, into the XML openpyxl wrote) and for ``xltb recalc`` (into the
user's workbook, :mod:`xltb.recalc.package`), with one rule for a value (:func:`~xltb.templates.cached.value_xml`).

Only what a recalculation changes is touched: the cached value (``<v>``, and the cell's ``t``) of
formula cells, the cells an array's result covers (written, or emptied where a smaller result no
longer reaches, their style kept), the ``ref`` of a dynamic array's formula and its ``cm`` mark
(SpreadsheetML, ECMA-376 Part 1, 18.3.1.4 ``c``, 18.3.1.40 ``f``; the ``XLDAPR`` cell metadata of
MS-XLSX 2.6.1 that Excel gives a formula that spills). Every other byte of the sheet stays: the
formulas' text, styles, data validations.
"""

from __future__ import annotations

import io
import re
import zipfile
from operator import itemgetter
from typing import Any, Callable

from .._gc import paused
from ..calcpr import current
from ..cells import column_index, column_letters
from ..cells import ExcelError
from .cached import METADATA, sheet_paths, value_xml, with_metadata_part
from .cellxml import ATTR as _ATTR, OPEN as _OPEN, Edit as Edit, SheetXmlError as SheetXmlError
from .cellxml import edit_cell as _edit_cell, plain_tag as _plain_tag, set_attr as _set, tag as _tag
from .scan import Span, elements as _elements, plain_markup, sheet_data as _sheet_data


#: the rest of a cell's opening tag after its first attribute ``r``, without its ">"
_REST = re.compile(r'((?:\s+[\w:]+\s*=\s*"[^"]*")*)\s*(/?)')
_CELL_R = re.compile(r'<c r="([^"]*)"')
#: the cells of a row as Excel, LibreOffice and openpyxl write them, each as _elements finds it: the cell
#: (1): ``<c r="A1"`` (2), its column letters (3), the rest of its tag without its ">" (4: it ends with "/"
#: when the cell is empty), then a formula ``<f>`` (5, or "" when there is none) and a value ``<v>``, each
#: or both left out, and nothing else, or else any other content; at the first thing that is not such a
#: cell, the rest (6). A tag or an element's text runs to the next "<" at most, a content to the next
#: cell's "<c" at most: each is read once (a pattern that could read on would make a long row's
#: reading grow with the square of its length).
_CELLS = re.compile(r'((<c r="([A-Z]+)[0-9]+")([^<>]*)(?:(?<=/)>|>(?:(<f(?:\s[^<>]*)?/>|<f(?:\s[^<>]*)?>[^<]*</f>)?'
                    r'(?:<v>[^<]*</v>|<v/>)?</c>|[^<]*(?:<(?!/c>|c[\s/>])[^<]*)*</c>)))|(.+)', re.S)
_LETTERS = itemgetter(2)
_AREA = re.compile(r"[A-Z]+[0-9]+(?::[A-Z]+[0-9]+)?")
_UNKNOWN = object()
_ROW_NUMBER = re.compile(r'\sr="(\d+)"')
_CELL_REF = re.compile(r'\sr="([A-Z]+)(\d+)"')
#: a formula cell's cached value, after its formula
_VALUE = re.compile(r"\s*(?:<v\b[^>]*?/>|<v\b[^>]*>.*?</v>)", re.S)
_DYNAMIC = re.compile(r'<c\b[^>]*\scm="(\d+)"[^>]*>\s*<f\b[^>]*t="array"')
_DIMENSION = re.compile(r'<dimension ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"\s*/>')
#: the values whose XML is kept per edit_sheet: equal values of one of these types are written alike
_MEMO_TYPES: frozenset[type] = frozenset((bool, int, float, str, type(None), ExcelError))

class _Memo:
    """What one edit_sheet works out once: the XML of a value, a column's number, and the attributes
    written into a cell's opening tag after its reference (a sheet's tags are mostly alike but for it)."""

    __slots__ = ("values", "columns", "tags", "heads", "layouts", "by_type", "cell_heads", "general")

    def __init__(self) -> None:
        self.values: dict[tuple[type, Any], tuple[str | None, str]] = {}
        self.columns: dict[str, int] = {}
        self.tags: dict[str, tuple[list[tuple[str, str]], bool] | None] = {}
        self.heads: dict[tuple[str, str, str | None, str | None], str | None] = {}
        self.layouts: dict[tuple[str, ...], tuple[list[int], frozenset[int]] | None] = {}
        #: the XML of values by their type (equal values of one of these types are written alike)
        self.by_type: dict[type, dict[Any, tuple[str | None, str]]] = {kind: {} for kind in _MEMO_TYPES}
        #: (edit, tag) -> (value's t, or (t, dynamic mark)) -> head (:meth:`head`)
        self.cell_heads: dict[tuple[str, str], dict[Any, str | None]] = {}
        #: something was written otherwise than by _edit_tiled's own edits (see edit_sheet_plainly)
        self.general = False

    def value(self, value: Any) -> tuple[str | None, str]:
        kind = type(value)
        if kind not in _MEMO_TYPES:
            return value_xml(value)
        key = (kind, value)
        got = self.values.get(key)
        if got is None:
            got = self.values[key] = value_xml(value)
        return got

    def column(self, letters: str) -> int:
        got = self.columns.get(letters)
        if got is None:
            got = self.columns[letters] = column_index(letters)
        return got

    def tag(self, rest: str) -> tuple[list[tuple[str, str]], bool] | None:
        """The attributes after ``r`` and whether the cell is empty, of a cell's opening tag ``<c r="..."``
        + ``rest`` + ``>`` (``rest`` holds no ">"); None when it does not read so (:func:`_edit_cell`
        reads it then).

        ``_OPEN`` reads that tag as ``("r", ...)`` and then what ``_REST`` reads in ``rest``: the first
        attribute ends at its closing quote, each attribute after it is where the quotes put it, and the
        tag's first ">" is its end."""
        if rest in self.tags:
            return self.tags[rest]
        m = _REST.fullmatch(rest)
        got = self.tags[rest] = None if m is None else (_ATTR.findall(m[1]), bool(m[2]))
        return got

    def head(self, key: tuple[str, str, str | None, str | None]) -> str | None:
        """The attributes after ``r`` that :func:`_edit_cell` writes for the edit ``kind`` of a cell
        whose tag is ``<c r="..."`` + ``rest`` + ``>``, for a value written ``t`` and a dynamic array's ``mark``:
        the tag's attributes in their order, "t" and "cm" moved last (None: the tag does not read so)."""
        if key in self.heads:
            return self.heads[key]
        kind, rest, t, mark = key
        parsed = self.tag(rest)
        if parsed is None:
            self.heads[key] = None
            return None
        attrs = parsed[0]
        if kind == "clear":
            attrs = [(k, v) for k, v in attrs if k in ("r", "s")]
        elif kind == "value":
            attrs = [(k, v) for k, v in attrs if k in ("r", "s")] + ([("t", "inlineStr" if t == "str" else t)]
                                                                     if t else [])
        else:
            attrs = _set(attrs, "t", t)
            if mark:
                attrs = _set(attrs, "cm", mark)
        got = self.heads[key] = "".join(f' {k}="{v}"' for k, v in attrs)
        return got


def _edit_at(xml: str, span: Span, ref: str, edit: Edit, cm: str | None, memo: _Memo) -> str:
    """:func:`_edit_cell` of the cell ``xml[span]``, the same text, made without rebuilding it when its
    opening tag starts ``<c r="..."`` and reads as a tag (what Excel, LibreOffice and openpyxl write)
    and the edit changes no formula's area."""
    start, gt, end = span
    m = _CELL_R.match(xml, start, gt + 1)
    kind = edit.kind
    if m is None or (edit.area is not None and kind != "clear" and kind != "value"):
        return _edit_cell(xml[start:end], ref, edit, cm)
    rest = xml[m.end():gt]
    parsed = memo.tag(rest)
    if parsed is None:
        return _edit_cell(xml[start:end], ref, edit, cm)
    if kind == "clear":
        return f'<c r="{m[1]}"{memo.head(("clear", rest, None, None))}/>'
    t, v = memo.value(edit.value)
    if kind == "value":
        head = memo.head(("value", rest, t, None))
        if t == "str":
            return f'<c r="{m[1]}"{head}><is><t xml:space="preserve">{v}</t></is></c>'
        return f'<c r="{m[1]}"{head}><v>{v}</v></c>'
    if parsed[1]:  # an empty cell
        raise SheetXmlError(f"{ref} holds no formula")
    inner_end = end - 4  # before its "</c>"
    formula = next(_elements(xml, "f", gt + 1, inner_end), None)
    if formula is None:
        raise SheetXmlError(f"{ref} holds no formula")
    head = memo.head(("formula", rest, t, cm if edit.dynamic and cm else None))
    after = formula[2]
    old = _VALUE.match(xml, after, inner_end)
    tail = xml[old.end() if old is not None else after:inner_end]
    return f'<c r="{m[1]}"{head}>{xml[gt + 1:after]}<v>{v}</v>{tail}</c>'


def _new_row(r: int, edits: dict[int, Edit], cm: str | None) -> str | None:
    """A row the sheet does not have, with the cells ``edits`` writes (None: none)."""
    cells: dict[int, str] = {}
    for c, edit in edits.items():
        ref = f"{column_letters(c)}{r}"
        if edit.kind == "clear":
            continue
        if edit.kind == "formula":
            raise SheetXmlError(f"no formula cell {ref}")
        cells[c] = _edit_cell(None, ref, edit, cm)
    if not cells:
        return None
    return _tag("row", [("r", str(r))], "".join(cells[c] for c in sorted(cells)))


def _edit_row(xml: str, span: Span, r: int, edits: dict[int, Edit], cm: str | None, memo: _Memo,
              out: list[str]) -> None:
    """The row ``xml[span]`` with ``edits`` made, onto ``out``: its cells in column order, its ``spans``
    left out."""
    start, gt, end = span
    m = _OPEN.match(xml, start, end)
    if m is None:
        raise SheetXmlError(f"cannot read {xml[start:end][:40]!r}")
    attrs, empty = _ATTR.findall(m[2]), bool(m[3])
    out.append(_tag("row", [(k, v) for k, v in attrs if k != "spans"], "")[:-6])  # spans is only a hint
    if m.end() != gt + 1:  # a ">" in an attribute's value: its cells are read from there, as before
        memo.general = True
    if not empty and _edit_tiled(xml, gt + 1, end - 6, r, edits, cm, memo, out):  # not empty: ends "</row>"
        out.append("</row>")
        return
    memo.general = True
    cells: dict[int, Span] = {}
    if not empty:
        for span_c in _elements(xml, "c", gt + 1, end - 6):
            found = _CELL_REF.search(xml, span_c[0], span_c[1] + 1)
            if found is None:
                raise SheetXmlError(f"row {r} has a cell without its reference")
            cells[memo.column(found[1])] = span_c  # the last of a column's cells, as a dict of them keeps it
        if not cells and xml[gt + 1:end - 6].strip():
            raise SheetXmlError(f"cannot read row {r}")
    edited: dict[int, str] = {}
    for c, edit in edits.items():
        cell = cells.get(c)
        if cell is None and edit.kind == "clear":
            continue
        if cell is None and edit.kind == "formula":
            raise SheetXmlError(f"no formula cell {column_letters(c)}{r}")
        ref = f"{column_letters(c)}{r}"
        edited[c] = _edit_cell(None, ref, edit, cm) if cell is None else _edit_at(xml, cell, ref, edit, cm, memo)
    for c in sorted(cells.keys() | edited.keys()):
        got = edited.get(c)
        if got is None:
            start_c, _, end_c = cells[c]
            got = xml[start_c:end_c]
        out.append(got)
    out.append("</row>")


def _edit_tiled(xml: str, pos: int, end: int, r: int, edits: dict[int, Edit], cm: str | None, memo: _Memo,
                out: list[str]) -> bool:
    """The cells of ``xml[pos:end]`` (a row's content) with ``edits`` made, onto ``out``, in one pass,
    when they are cells as Excel, LibreOffice and openpyxl write them (:data:`_CELLS`), one after the
    other from ``pos`` to ``end`` in column order, and each edit is of one of them and made without an
    error. Otherwise False, and nothing written: :func:`_edit_row` makes them, and reports the first
    error in the order of the edits."""
    cells = _CELLS.findall(xml, pos, end)
    if cells and cells[-1][5]:  # something else than such a cell
        return False
    layout = tuple(map(_LETTERS, cells))
    known = memo.layouts.get(layout)
    if known is None:
        columns = [column_index(letters) for letters in layout]
        # in column order, each once; else None: _edit_row sorts them
        known = memo.layouts[layout] = (columns, frozenset(columns)) if columns == sorted(set(columns)) else None
    if known is None or not edits.keys() <= known[1]:  # (or a cell the row does not have: _edit_row adds it)
        return False
    mark = len(out)
    by_type, append = memo.by_type, out.append
    for (whole, opening, _, tag, formula, _), c in zip(cells, known[0]):
        edit = edits.get(c)
        if edit is None:
            append(whole)
            continue
        kind = edit.kind
        new = _plain_edit(edit, opening, tag, formula, cm, memo) if edit.area is None and \
            (kind == "formula" or kind == "value") else None
        if new is None:  # any other cell or edit
            try:
                new = _edit_cell(whole, f"{column_letters(c)}{r}", edit, cm)
                if not (kind == "formula" and formula and edit.area is not None and _AREA.fullmatch(edit.area)
                        and type(edit.value) in by_type and memo.tag(tag) is not None and _plain_tag(formula)):
                    memo.general = True  # (an array's formula given its area is written plainly)
            except Exception:  # whatever it is, _edit_row reports the first in the order of the edits
                del out[mark:]
                return False
        append(new)
    return True


def _plain_edit(edit: Edit, opening: str, tag: str, formula: str, cm: str | None, memo: _Memo) -> str | None:
    """A value written into a cell as Excel writes it, or a formula's value replaced (its formula kept), from the
    heads and values :class:`_Memo` keeps by type and tag; None: not such a cell (:func:`_edit_cell` makes it)."""
    by_type, cell_heads = memo.by_type, memo.cell_heads
    kind, new = edit.kind, None
    value = edit.value
    bucket = by_type.get(type(value))
    if bucket is None:  # (a value of another type: written by its type's rule)
        memo.general = True
        t, v = value_xml(value)
    else:
        tv = bucket.get(value)
        if tv is None:
            tv = bucket[value] = value_xml(value)
        t, v = tv
    if kind == "value":
        heads = cell_heads.get(("value", tag))
        if heads is None:
            heads = cell_heads[("value", tag)] = {}
        head = heads.get(t, heads)
        if head is heads:
            head = heads[t] = memo.head(("value", tag, t, None))
        if head is not None:
            new = (f'{opening}{head}><is><t xml:space="preserve">{v}</t></is></c>' if t == "str" else
                   f"{opening}{head}><v>{v}</v></c>")
    elif formula:  # its formula and value only: the value replaced
        heads = cell_heads.get(("formula", tag))
        if heads is None:
            heads = cell_heads[("formula", tag)] = {}
        mark_t = (t, cm) if edit.dynamic and cm else t
        head = heads.get(mark_t, heads)
        if head is heads:
            head = heads[mark_t] = memo.head(("formula", tag, t, cm if edit.dynamic and cm else None))
        if head is not None:
            new = f"{opening}{head}>{formula}<v>{v}</v></c>"
    return new


def edit_sheet(xml: str, edits: dict[tuple[int, int], Edit], cm: str | None = "1") -> str:
    """The sheet part ``xml`` with ``edits`` ((row, column) -> :class:`Edit`) made; ``cm`` is the mark of a
    dynamic array (None: the workbook's cell metadata has none, so an array stays a legacy one). Only the
    rows edited are written anew (their cells in column order); everything else is copied as it is."""
    return edit_sheet_plainly(xml, edits, cm)[0]


def edit_sheet_plainly(xml: str, edits: dict[tuple[int, int], Edit], cm: str | None = "1") -> tuple[str, bool]:
    """:func:`edit_sheet`, and whether its result is well-formed XML whenever ``xml`` is (as expat reads
    it): True when ``xml`` holds only tags and text (:func:`~xltb.templates.scan.plain_markup`), ``cm``
    is digits, and every row edited was written by :func:`_edit_tiled`'s own edits. Then each row
    replaced was a whole element: its tag read to its real end; its content, cells one after the other,
    each a whole element (a tag or text holds no "<", and no ``<c`` starts inside a cell's content),
    then its end tag; and each row written is whole: the tags' attributes as they were (double-quoted,
    values without "<"), "t" and "cm" set to words or digits, a formula's element copied, a value of a
    plain type written by value_xml (escaped, without the characters XML cannot hold). The dimension
    rewritten was a whole element too. Otherwise (False) the result must be checked."""
    with paused():  # a tuple per cell and per edit, no reference cycle: the collector's scans cost alone
        memo = _Memo()
        out = _edit_sheet(xml, edits, cm, memo)
    return out, not memo.general and (cm is None or cm.isdigit()) and plain_markup(xml)


def _edit_sheet(xml: str, edits: dict[tuple[int, int], Edit], cm: str | None, memo: _Memo) -> str:
    found = _sheet_data(xml)
    if found is None:
        raise SheetXmlError("no sheetData")
    start, opening, body, body_end, stop = found
    rows: dict[int, dict[int, Edit]] = {}
    for (r, c), e in edits.items():
        got = rows.get(r)
        if got is None:
            got = rows[r] = {}
        got[c] = e
    pending = sorted(rows)
    k = 0
    out = [xml[:start], opening]
    copied = body  # xml[body:copied] is in out
    previous = 0
    for span in _elements(xml, "row", body, body_end):
        found_r = _ROW_NUMBER.search(xml, span[0], span[1] + 1)
        if found_r is None:
            raise SheetXmlError("a row without its number")
        r = int(found_r[1])
        if r <= previous:  # rows are written in ascending order (as Excel writes them); new ones go between
            raise SheetXmlError(f"its rows are not in order (row {r} after row {previous})")
        previous = r
        if k == len(pending) or pending[k] > r:
            continue
        out.append(xml[copied:span[0]])
        copied = span[0]
        while k < len(pending) and pending[k] < r:
            new = _new_row(pending[k], rows[pending[k]], cm)
            if new:
                out.append(new)
                memo.general = True
            k += 1
        if k < len(pending) and pending[k] == r:
            _edit_row(xml, span, r, rows[r], cm, memo, out)
            copied = span[2]
            k += 1
    out.append(xml[copied:body_end])
    for r in pending[k:]:
        new = _new_row(r, rows[r], cm)
        if new:
            out.append(new)
            memo.general = True
    out.append("</sheetData>")
    out.append(xml[stop:])
    return _dimension("".join(out), edits, pending[-1] if pending else 0, max(map(max, rows.values()), default=0))


def _dimension(xml: str, edits: dict[tuple[int, int], Edit], last_row: int, last_column: int) -> str:
    """The sheet's ``dimension`` grown to hold the cells ``edits`` writes (whose last row and column,
    clears included, are given)."""
    m = _DIMENSION.search(xml)
    if m is None or not edits:
        return xml
    c2, r2 = (column_index(m[3]), int(m[4])) if m[3] else (column_index(m[1]), int(m[2]))
    if last_row <= r2 and last_column <= c2:  # every edit inside: the same
        return xml
    written = [(r, c) for (r, c), e in edits.items() if e.kind != "clear"]
    if not written:
        return xml
    grown = max(r2, max(r for r, _ in written)), max(c2, max(c for _, c in written))
    if grown == (r2, c2):
        return xml
    r2, c2 = grown
    return xml[:m.start()] + f'<dimension ref="{m[1]}{m[2]}:{column_letters(c2)}{r2}"/>' + xml[m.end():]


def dynamic_mark(z: zipfile.ZipFile, read: Callable[[str], bytes] | None = None) -> str | None:
    """The ``cm`` value of the workbook's dynamic arrays: "1" when the workbook has no cell metadata
    (xltb adds it), the value its existing dynamic arrays carry, else None (none can be marked).
    ``read``: how a part is read (``z.read`` when not given)."""
    if "xl/metadata.xml" not in z.namelist():
        return "1"
    for part in sheet_paths(z).values():
        if part in z.namelist():
            data = (read or z.read)(part)
            if b'cm="' not in data:  # what the pattern needs: a sheet without it is not searched
                continue
            xml = data.decode("utf-8", "replace")
            m = _DYNAMIC.search(xml)
            if m:
                return m[1]
    return None


def embed(data: bytes, values: dict[str, dict[str, Any]], dynamic: dict[str, set[str]] | None = None) -> bytes:
    """The template ``data`` (.xlsx/.xlsm bytes as openpyxl wrote them) with ``values`` (sheet -> cell ->
    value) as the cached values of those formula cells, ``dynamic`` (sheet -> anchor cells) marked as
    dynamic arrays, and no full calculation forced on load."""
    dynamic = dynamic or {}
    src = zipfile.ZipFile(io.BytesIO(data))
    paths = sheet_paths(src)
    edits: dict[str, dict[tuple[int, int], Edit]] = {}
    for sheet in set(values) | set(dynamic):
        cells = edits[sheet] = {}
        for ref, value in values.get(sheet, {}).items():
            m = re.fullmatch(r"([A-Z]+)(\d+)", ref)
            if m is None:
                raise ValueError(f"{sheet}: not a cell: {ref}")
            cells[(int(m[2]), column_index(m[1]))] = Edit("formula", value, dynamic=ref in dynamic.get(sheet, ()))
    by_path = {paths[s]: s for s in edits}
    out = io.BytesIO()
    with src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:  # src closed here, not by the collector
        for info in src.infolist():
            body = src.read(info.filename)
            name = info.filename
            if name in by_path:
                sheet = by_path[name]
                try:
                    body = edit_sheet(body.decode("utf-8"), edits[sheet], "1").encode("utf-8")
                except SheetXmlError as err:
                    raise ValueError(f"{sheet}: {err}") from None
            elif name == "xl/workbook.xml":  # no calculation forced on load, current Excel's engine id
                body = current(body)
            elif dynamic:
                body = with_metadata_part(name, body)
            dst.writestr(info, body)
        if dynamic:
            dst.writestr("xl/metadata.xml", METADATA)
    return out.getvalue()
