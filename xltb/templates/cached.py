"""Cached values: how a formula's computed value is written into a cell of a workbook, the one rule of
the templates and of ``xltb recalc`` (:func:`value_xml`; the cells are edited by
:mod:`xltb.templates.sheetxml`), Excel 365's dynamic-array marker
for a formula that spills, and the sheets of a workbook package.

openpyxl writes a formula with an empty value, so a viewer that does not compute xltb's functions
(LibreOffice, Excel without the add-in, a phone, a preview) would show ``#NAME?`` or nothing. The
templates therefore carry every formula's value, as ``xltb recalc`` writes them: ``<v>`` in the sheet
XML (SpreadsheetML, ECMA-376 Part 1, 18.3.1.4 ``c``: ``t="str"`` for a formula's text, ``t="e"`` for
an error, ``t="b"`` for a boolean), the anchor of a spilling formula marked as a dynamic array
(``cm`` pointing to the ``XLDAPR`` cell metadata in ``xl/metadata.xml``, as Excel writes it, MS-XLSX
2.6.1 / 2.3.2), no full calculation forced on load and the calculation engine id of current Excel
(:mod:`xltb.calcpr`), so that Excel does not recompute every formula on opening.
"""

from __future__ import annotations

import math
import zipfile
from typing import Any

from ..cells import ERRORS, ExcelError, clean
from ..limits import MAX_TEXT_CHARS


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML character references, as :func:`xml.sax.saxutils.escape` writes them
    (that module imports ``urllib.request`` and the HTTP client: 0.05-0.1 s of every recalc's start)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


METADATA = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
    '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" '
    'pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" '
    'coerce="1" cellMeta="1"/></metadataTypes>'
    '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">'
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>')
METADATA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"
METADATA_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata"


def _number(value: float | int) -> str:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def value_xml(value: Any) -> tuple[str | None, str]:
    """(``t`` attribute of a formula cell, ``<v>`` text) of a cached value: the one rule of every
    workbook xltb writes (templates and ``xltb recalc``). An error value is an :class:`ExcelError` and only
    that is written ``t="e"``: a text, even ``"#N/A"``, is a text (``t="str"``), escaped, with the
    characters XML cannot hold removed and cut at Excel's 32,767 characters (its specifications and
    limits: the most a cell holds). A number that is not finite, which no cell holds, is ``#NUM!``."""
    if isinstance(value, bool):
        return "b", "1" if value else "0"
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return "e", "#NUM!"
        return None, _number(value)
    if isinstance(value, ExcelError):
        return "e", value.code if value.code in ERRORS else "#VALUE!"
    text = clean("" if value is None else str(value))
    return "str", escape(text[:MAX_TEXT_CHARS])


def sheet_entries(z: zipfile.ZipFile) -> list[tuple[str | None, str | None]]:
    """(sheet name, part name such as ``xl/worksheets/sheet4.xml``) of every ``<sheet>`` of the workbook in
    order, read with an XML parser (attributes in any order, names with entities such as ``&apos;`` or
    ``&lt;``); None where the name or the relationship is missing. Not checked: ``xltb recalc`` refuses
    what Excel would never write (:func:`xltb.recalc.package.sheet_list`)."""
    from xml.etree import ElementTree

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    rel_id = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    book = ElementTree.fromstring(z.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = {r.get("Id"): r.get("Target", "") for r in rels.iter()
              if r.tag.endswith("}Relationship") or r.tag == "Relationship"}
    out: list[tuple[str | None, str | None]] = []
    for sheet in book.iter(f"{main}sheet"):
        name, rid = sheet.get("name"), sheet.get(rel_id)
        path = target.get(rid) if rid is not None else None
        if path is not None:
            path = _normal(path.lstrip("/") if path.startswith(("/", "xl/")) else "xl/" + path)
        out.append((name, path))
    return out


def _normal(path: str) -> str:
    """``xl/worksheets/../worksheets/sheet1.xml`` -> ``xl/worksheets/sheet1.xml``."""
    parts: list[str] = []
    for piece in path.split("/"):
        if piece == "..":
            if parts:
                parts.pop()
        elif piece not in ("", "."):
            parts.append(piece)
    return "/".join(parts)


def sheet_paths(z: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> part name of the sheets that have both (:func:`sheet_entries`)."""
    return {name: path for name, path in sheet_entries(z) if name is not None and path is not None}


def with_metadata_part(name: str, body: bytes) -> bytes:
    """The part ``name`` of a workbook with ``xl/metadata.xml`` (:data:`METADATA`) declared: its content
    type in ``[Content_Types].xml``, its relationship in the workbook's; other parts unchanged."""
    if name == "[Content_Types].xml":
        return body.replace(b"</Types>", f'<Override PartName="/xl/metadata.xml" ContentType="'
                                         f'{METADATA_TYPE}"/></Types>'.encode())
    if name == "xl/_rels/workbook.xml.rels":
        return body.replace(b"</Relationships>", f'<Relationship Id="rIdXltbMetadata" Type="{METADATA_REL}" '
                                                 f'Target="metadata.xml"/></Relationships>'.encode())
    return body
