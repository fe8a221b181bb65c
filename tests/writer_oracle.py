"""The writer of cached values as it was before it was made faster: the sheet's XML edited with one
regular expression per row, cell and element, a cell's tag rebuilt from its attributes, and recalc's
workbook written with every part decompressed and compressed again. Kept unchanged as the oracle of
tests/test_sheetxml.py, which compares it with :func:`xltb.templates.sheetxml.edit_sheet` and
:func:`xltb.recalc.package.write` (the same output, byte for byte, or the same error)."""

from __future__ import annotations

import io
import re
import zipfile

from xltb.calcpr import current
from xltb.errors import InputError
from xltb.recalc.package import check_xml
from xltb.templates.cached import METADATA, sheet_paths, with_metadata_part
from xltb.cells import column_index, column_letters
from xltb.templates.cached import value_xml
from xltb.templates.sheetxml import Edit, SheetXmlError


_ROW = re.compile(r"<row\b[^>]*?/>|<row\b[^>]*>.*?</row>", re.S)
_CELL = re.compile(r"<c\b[^>]*?/>|<c\b[^>]*>.*?</c>", re.S)
_ATTR = re.compile(r'([\w:]+)\s*=\s*"([^"]*)"')


def _open_tag(text: str) -> tuple[str, list[tuple[str, str]], bool]:
    m = re.match(r"<(\w+)((?:\s+[\w:]+\s*=\s*\"[^\"]*\")*)\s*(/?)>", text)
    if m is None:
        raise SheetXmlError(f"cannot read {text[:40]!r}")
    return m[1], _ATTR.findall(m[2]), bool(m[3])


def _tag(name: str, attrs: list[tuple[str, str]], inner: str | None) -> str:
    a = "".join(f' {k}="{v}"' for k, v in attrs)
    return f"<{name}{a}/>" if inner is None else f"<{name}{a}>{inner}</{name}>"


def _set(attrs: list[tuple[str, str]], key: str, value: str | None) -> list[tuple[str, str]]:
    out = [(k, v) for k, v in attrs if k != key]
    if value is not None:
        out.append((key, value))
    return out


def _edit_cell(text: str | None, ref: str, edit: Edit, cm: str | None) -> str | None:
    attrs = [("r", ref)]
    inner = ""
    if text is not None:
        _, attrs, empty = _open_tag(text)
        inner = "" if empty else text[text.index(">") + 1:text.rindex("</c>")]
    if edit.kind == "clear":
        keep = [(k, v) for k, v in attrs if k in ("r", "s")]
        return _tag("c", keep, None)
    if edit.kind == "value":
        keep = [(k, v) for k, v in attrs if k in ("r", "s")]
        kind, v = value_xml(edit.value)
        if kind == "str":
            return _tag("c", keep + [("t", "inlineStr")], f'<is><t xml:space="preserve">{v}</t></is>')
        return _tag("c", keep + ([("t", kind)] if kind else []), f"<v>{v}</v>")
    m = re.search(r"<f\b[^>]*?/>|<f\b[^>]*>.*?</f>", inner, re.S)
    if m is None:
        raise SheetXmlError(f"{ref} holds no formula")
    formula = m[0]
    if edit.area is not None:
        name, fattrs, empty = _open_tag(formula)
        fattrs = _set(_set(fattrs, "t", "array"), "ref", edit.area)
        body = None if empty else formula[formula.index(">") + 1:formula.rindex("</f>")]
        formula = _tag("f", fattrs, body)
    kind, v = value_xml(edit.value)
    attrs = _set(attrs, "t", kind)
    if edit.dynamic and cm:
        attrs = _set(attrs, "cm", cm)
    rest = inner[m.end():]
    rest = re.sub(r"^\s*(?:<v\b[^>]*?/>|<v\b[^>]*>.*?</v>)", "", rest, flags=re.S)
    return _tag("c", attrs, inner[:m.start()] + formula + f"<v>{v}</v>" + rest)


def _edit_row(text: str | None, r: int, edits: dict[int, Edit], cm: str | None) -> str | None:
    if text is None:
        attrs, body = [("r", str(r))], ""
    else:
        _, attrs, empty = _open_tag(text)
        body = "" if empty else text[text.index(">") + 1:text.rindex("</row>")]
    cells: list[tuple[int, str]] = []
    for m in _CELL.finditer(body):
        ref = re.search(r'\sr="([A-Z]+)(\d+)"', m[0][:m[0].index(">") + 1])
        if ref is None:
            raise SheetXmlError(f"row {r} has a cell without its reference")
        cells.append((column_index(ref[1]), m[0]))
    if text is not None and not cells and body.strip():
        raise SheetXmlError(f"cannot read row {r}")
    by_col = dict(cells)
    for c, edit in edits.items():
        ref = f"{column_letters(c)}{r}"
        if c not in by_col and edit.kind == "clear":
            continue
        if c not in by_col and edit.kind == "formula":
            raise SheetXmlError(f"no formula cell {ref}")
        by_col[c] = _edit_cell(by_col.get(c), ref, edit, cm)
    if text is None and not by_col:
        return None
    attrs = [(k, v) for k, v in attrs if k != "spans"]  # spans is only a hint; the cells may now go further
    return _tag("row", attrs, "".join(by_col[c] for c in sorted(by_col)))


def edit_sheet(xml: str, edits: dict[tuple[int, int], Edit], cm: str | None = "1") -> str:
    """The sheet part ``xml`` with ``edits`` ((row, column) -> :class:`Edit`) made; ``cm`` is the mark of a
    dynamic array (None: the workbook's cell metadata has none, so an array stays a legacy one)."""
    m = re.search(r"<sheetData\s*/>|<sheetData\b[^>]*>(.*?)</sheetData>", xml, re.S)
    if m is None:
        raise SheetXmlError("no sheetData")
    body = m[1] or ""
    rows: dict[int, dict[int, Edit]] = {}
    for (r, c), e in edits.items():
        rows.setdefault(r, {})[c] = e
    pending = sorted(rows)
    out: list[str] = []
    pos = previous = 0
    for rm in _ROW.finditer(body):
        found = re.search(r'\sr="(\d+)"', rm[0][:rm[0].index(">") + 1])
        if found is None:
            raise SheetXmlError("a row without its number")
        r = int(found[1])
        if r <= previous:  # rows are written in ascending order (as Excel writes them); new ones go between
            raise SheetXmlError(f"its rows are not in order (row {r} after row {previous})")
        previous = r
        out.append(body[pos:rm.start()])
        while pending and pending[0] < r:
            new = _edit_row(None, pending[0], rows[pending.pop(0)], cm)
            if new:
                out.append(new)
        if pending and pending[0] == r:
            out.append(_edit_row(rm[0], r, rows[pending.pop(0)], cm))
        else:
            out.append(rm[0])
        pos = rm.end()
    out.append(body[pos:])
    for r in pending:
        new = _edit_row(None, r, rows[r], cm)
        if new:
            out.append(new)
    tag = xml[m.start():m.end()]
    opening = "<sheetData>" if tag.endswith("/>") else tag[:tag.index(">") + 1]
    xml = xml[:m.start()] + opening + "".join(out) + "</sheetData>" + xml[m.end():]
    return _dimension(xml, edits)


def _dimension(xml: str, edits) -> str:
    m = re.search(r'<dimension ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"\s*/>', xml)
    if m is None or not edits:
        return xml
    c2, r2 = (column_index(m[3]), int(m[4])) if m[3] else (column_index(m[1]), int(m[2]))
    written = [(r, c) for (r, c), e in edits.items() if e.kind != "clear"]
    if not written:
        return xml
    grown = max(r2, max(r for r, _ in written)), max(c2, max(c for _, c in written))
    if grown == (r2, c2):
        return xml
    r2, c2 = grown
    return xml[:m.start()] + f'<dimension ref="{m[1]}{m[2]}:{column_letters(c2)}{r2}"/>' + xml[m.end():]


def dynamic_mark(z: zipfile.ZipFile) -> str | None:
    """The ``cm`` value of the workbook's dynamic arrays: "1" when the workbook has no cell metadata
    (xltb adds it), the value its existing dynamic arrays carry, else None (none can be marked)."""
    if "xl/metadata.xml" not in z.namelist():
        return "1"
    for part in sheet_paths(z).values():
        if part in z.namelist():
            xml = z.read(part).decode("utf-8", "replace")
            m = re.search(r'<c\b[^>]*\scm="(\d+)"[^>]*>\s*<f\b[^>]*t="array"', xml)
            if m:
                return m[1]
    return None


def write(data: bytes, sheets: list[tuple[str, str]], edits: dict[str, dict[tuple[int, int], Edit]]) -> bytes:
    """The workbook ``data`` (its ``sheets``: :func:`sheet_list`) with ``edits`` (sheet -> cell ->
    :class:`~xltb.templates.sheetxml.Edit`) made, every other part and byte as it was (each checked to
    be well-formed XML by :func:`check_parts` before; each sheet edited is checked again)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    paths = dict(sheets)
    mark = dynamic_mark(src)
    add_metadata = "xl/metadata.xml" not in src.namelist() and any(
        e.dynamic for cells in edits.values() for e in cells.values())
    by_path = {paths[s]: s for s in edits if edits[s]}
    # Excel's calculation chain lists formula cells and marks array formulas: when a formula became an
    # array formula, the chain is left out (with its relationship and content type) and Excel rebuilds it
    drop_chain = "xl/calcChain.xml" in src.namelist() and any(
        e.becomes_array for cells in edits.values() for e in cells.values())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            name = info.filename
            if drop_chain and name == "xl/calcChain.xml":
                continue
            if drop_chain and name == "[Content_Types].xml":
                body = re.sub(rb'<Override\b[^>]*PartName="/xl/calcChain\.xml"[^>]*/>', b"", body)
            if drop_chain and name == "xl/_rels/workbook.xml.rels":
                body = re.sub(rb'<Relationship\b[^>]*Target="/?(?:xl/)?calcChain\.xml"[^>]*/>', b"", body)
            if name == "xl/workbook.xml":  # the values are current: Excel need not recompute them on opening
                body = current(body)
            if name in by_path:
                sheet = by_path[name]
                try:
                    body = edit_sheet(body.decode("utf-8"), edits[sheet], mark).encode("utf-8")
                    check_xml(io.BytesIO(body), name)
                except (SheetXmlError, UnicodeDecodeError) as err:
                    raise SheetXmlError(f"sheet {sheet!r}: {err}") from None
                except InputError as err:
                    raise SheetXmlError(f"sheet {sheet!r}: {err.message}") from None
            elif add_metadata:
                body = with_metadata_part(name, body)
            dst.writestr(info, body)
        if add_metadata:
            dst.writestr("xl/metadata.xml", METADATA)
    return out.getvalue()
