"""Computed values written into a workbook's formula cells (cached values), and Excel 365's
dynamic-array marker for a formula that spills.

openpyxl writes a formula with an empty value, so a viewer that does not compute xltb's functions
(LibreOffice, Excel without the add-in, a phone, a preview) would show ``#NAME?`` or nothing. The
templates therefore carry every formula's value: this module puts ``<v>`` into the sheet XML that
openpyxl wrote (SpreadsheetML, ECMA-376 Part 1, 18.3.1.4 ``c``: ``t="str"`` for a formula's text,
``t="e"`` for an error, ``t="b"`` for a boolean), marks the anchor of a spilling formula as a dynamic
array (``cm`` pointing to the ``XLDAPR`` cell metadata in ``xl/metadata.xml``, as Excel writes it,
MS-XLSX 2.6.1 / 2.3.2), and leaves Excel's calculation on load to the file (no ``fullCalcOnLoad``, and
the calculation engine id of current Excel, :mod:`xltb.calcpr`, so that Excel does not recompute every
formula on opening).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
import re
import zipfile
from typing import Any
from xml.sax.saxutils import escape

from ..calcpr import current
from ..cells import clean

@dataclass(frozen=True)
class Err:
    """An error value (``#N/A``), read from a cell or given by a formula; a text is never one."""
    code: str


ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#SPILL!", "#CALC!")

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


def _value_xml(value: Any) -> tuple[str, str]:
    """(type attribute, ``<v>`` text) of a cached value."""
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, (int, float)):
        return "", repr(float(value)) if isinstance(value, float) else str(value)
    text = "" if value is None else str(value)
    if text in ERRORS:
        return ' t="e"', text
    return ' t="str"', escape(clean(text))  # characters XML cannot hold are removed


def sheet_paths(z: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> part name (``xl/worksheets/sheet4.xml``), read with an XML parser (attributes in
    any order, names with entities such as ``&apos;`` or ``&lt;``)."""
    from xml.etree import ElementTree

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    rel_id = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    book = ElementTree.fromstring(z.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = {r.get("Id"): r.get("Target", "") for r in rels.iter()
              if r.tag.endswith("}Relationship") or r.tag == "Relationship"}
    out = {}
    for sheet in book.iter(f"{main}sheet"):
        name, rid = sheet.get("name"), sheet.get(rel_id)
        if name is None or rid not in target:
            continue
        path = target[rid].lstrip("/")
        out[name] = path if path.startswith("xl/") else "xl/" + path
    return out


def _fill(xml: str, values: dict[str, Any], dynamic: set[str], where: str) -> str:
    seen = set()

    def put(m: re.Match) -> str:
        ref, attrs, formula = m[1], m[2] or "", m[3]
        if ref not in values:
            return m[0]
        seen.add(ref)
        kind, text = _value_xml(values[ref])
        attrs = re.sub(r'\s+t="[^"]*"', "", attrs) + kind + (' cm="1"' if ref in dynamic else "")
        return f'<c r="{ref}"{attrs}>{formula}<v>{text}</v></c>'

    xml = re.sub(r'<c r="([A-Z]+\d+)"((?: [a-zA-Z]+="[^"]*")*)>(<f[^>]*>.*?</f>|<f[^>]*/>)(?:<v\s*/>|<v></v>)?</c>',
                 put, xml)
    missing = set(values) - seen
    if missing:
        raise ValueError(f"{where}: no formula cell {sorted(missing)[0]} to hold its value")
    return xml


def embed(data: bytes, values: dict[str, dict[str, Any]], dynamic: dict[str, set[str]] | None = None) -> bytes:
    """The workbook ``data`` (.xlsx/.xlsm bytes as openpyxl wrote them) with ``values``
    (sheet -> cell -> value) as the cached values of those formula cells, ``dynamic`` (sheet -> anchor
    cells) marked as dynamic arrays, and no full calculation forced on load."""
    dynamic = dynamic or {}
    src = zipfile.ZipFile(io.BytesIO(data))
    paths = sheet_paths(src)
    by_path = {paths[s]: s for s in values}
    for s in dynamic:
        by_path.setdefault(paths[s], s)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            name = info.filename
            if name in by_path:
                sheet = by_path[name]
                body = _fill(body.decode("utf-8"), values.get(sheet, {}), dynamic.get(sheet, set()),
                             sheet).encode("utf-8")
            elif name == "xl/workbook.xml":  # no calculation forced on load, current Excel's engine id
                body = current(body)
            elif dynamic:
                body = with_metadata_part(name, body)
            dst.writestr(info, body)
        if dynamic:
            dst.writestr("xl/metadata.xml", METADATA)
    return out.getvalue()


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
