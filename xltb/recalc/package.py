"""The workbook package ``xltb recalc`` reads and writes. Checked before any part of it is parsed for its
content (and after the size limits, :func:`xltb.limits.check_package`): every XML part well-formed and
without a document type declaration, and the sheets Excel would write (a name each, no two alike).

recalc copies every part it does not change into the workbook it writes, so what it copies must be
what a spreadsheet can open: a part that is not well-formed XML, or one that declares a DTD (which
could name an external file or define entities that expand to gigabytes: the "billion laughs"), is
refused with its name. Office Open XML forbids DTDs in its parts and tells a reader to treat one as
an error (ECMA-376 Part 2, Open Packaging Conventions, 8.1.4 "XML Usage", [M1.18]: "DTD declarations
shall not be used ... shall treat the presence of DTD declarations as an error"); Excel never writes
one. The one exception is a VML drawing (``.vml``, the legacy shapes of comments and form controls):
Excel writes it as loose HTML-like markup (``<br>`` without its end tag; see JanMarvin/openxlsx2#201,
ClosedXML/ClosedXML#1254), so it is copied as it is, only checked
to hold no DTD.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from contextlib import contextmanager
from typing import IO, Any, Iterator
from xml.parsers import expat

from ..calcpr import current
from ..errors import InputError
from ..limits import zip_damage
from ..templates.cached import METADATA, sheet_entries, with_metadata_part
from ..templates.sheetxml import Edit, SheetXmlError, dynamic_mark, edit_sheet_plainly

#: content types of XML parts (RFC 7303: application/xml, text/xml, and types with the +xml suffix)
_XML_TYPE = re.compile(r"(?:\+xml|/xml)\s*(?:;.*)?$", re.IGNORECASE)
_CHUNK = 1 << 20
#: what reading a damaged part of a zip package raises (a wrong name in a header, a broken deflate stream,
#: an encrypted part, a size that lies)
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, NotImplementedError, RuntimeError,
              ValueError, zlib.error)


class _Doctype(Exception):
    pass


def _content_types(z: zipfile.ZipFile) -> tuple[dict[str, str], dict[str, str]]:
    """(extension -> content type, part name -> content type) of ``[Content_Types].xml`` (already
    checked to be well-formed XML without a DTD)."""
    from xml.etree import ElementTree

    defaults: dict[str, str] = {}
    overrides: dict[str, str] = {}
    try:
        root = ElementTree.fromstring(z.read("[Content_Types].xml"))  # read and checked once already
    except (KeyError, ElementTree.ParseError, *ZIP_ERRORS):
        return defaults, overrides
    for node in root:
        tag = node.tag.rsplit("}", 1)[-1]
        if tag == "Default":
            defaults[node.get("Extension", "").lower()] = node.get("ContentType", "")
        elif tag == "Override":
            overrides[node.get("PartName", "").lstrip("/")] = node.get("ContentType", "")
    return defaults, overrides


def _is_xml(name: str, defaults: dict[str, str], overrides: dict[str, str]) -> bool:
    kind = overrides.get(name) or defaults.get(name.rsplit(".", 1)[-1].lower() if "." in name else "", "")
    if "vmldrawing" in kind.lower() or name.lower().endswith(".vml"):
        return False
    return name.lower().endswith((".xml", ".rels")) or bool(_XML_TYPE.search(kind))


def check_xml(stream: IO[bytes], name: str) -> None:
    """Parse one part (a binary stream) with expat, refusing a DTD before anything in it is expanded;
    :class:`InputError` naming the part when it is not well-formed."""
    parser = expat.ParserCreate()

    def doctype(*_args: Any) -> None:
        raise _Doctype()

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    try:
        while True:
            chunk = stream.read(_CHUNK)
            parser.Parse(chunk, not chunk)
            if not chunk:
                break
    except _Doctype:
        raise InputError(f"the part {name} has a document type declaration (<!DOCTYPE ...>), which a workbook's "
                         "parts never have (Office Open XML forbids them; it could name another file or define "
                         "entities): the workbook is refused") from None
    except expat.ExpatError as exc:
        raise InputError(f"the part {name} is not well-formed XML ({expat.ErrorString(exc.code)}, line {exc.lineno}, "
                         f"column {exc.offset + 1}): recalc writes only workbooks a spreadsheet can open; open "
                         "and save the file in Excel or LibreOffice first") from None


def check_parts(data: bytes) -> None:
    """Refuse a workbook with an XML part that is not well-formed or declares a DTD (every part is
    checked, those recalc reads and those it copies as they are); the sizes were checked before
    (:func:`xltb.limits.check_package`)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        if "[Content_Types].xml" in z.namelist():
            with _unzipped("[Content_Types].xml"):
                with z.open("[Content_Types].xml") as stream:
                    check_xml(stream, "[Content_Types].xml")
        defaults, overrides = _content_types(z)
        for info in z.infolist():
            if info.is_dir():
                continue
            name = info.filename
            with _unzipped(name), z.open(info) as stream:
                if _is_xml(name, defaults, overrides):
                    check_xml(stream, name)
                elif _has_doctype(stream):
                    raise InputError(f"the part {name} has a document type declaration (<!DOCTYPE ...>), "
                                     "which a workbook's parts never have: the workbook is refused")


@contextmanager
def _unzipped(name: str) -> Iterator[None]:
    """Reading the part ``name``: a damaged part is an input error naming it."""
    try:
        yield
    except InputError:
        raise
    except ZIP_ERRORS as exc:
        raise InputError(f"the part {name} cannot be read from the zip package: {zip_damage(exc)}") from None


def _has_doctype(stream: IO[bytes]) -> bool:
    """A VML or other markup part copied as it is: does it declare a DTD anywhere?"""
    tail = b""
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            return False
        if b"<!doctype" in (tail + chunk).lower():
            return True
        tail = chunk[-16:]


def sheet_list(z: zipfile.ZipFile) -> list[tuple[str, str]]:
    """(name, part) of every sheet of the workbook, in order. Refused: a sheet without a name, two sheets
    of one name (Excel compares them without regard to case, as formulas do: ``='a'!A1`` and
    ``='A'!A1`` are one sheet), a sheet whose part the package does not have."""
    try:
        entries = sheet_entries(z)
    except KeyError as exc:
        raise InputError(f"the workbook has no part {str(exc.args[0]).split()[-1].strip(chr(39))}") from None
    names = set(z.namelist())
    out: list[tuple[str, str]] = []
    seen: dict[str, str] = {}
    for k, (name, path) in enumerate(entries, start=1):
        if not name or not name.strip():
            raise InputError(f"a sheet without a name (sheet {k} of xl/workbook.xml): Excel gives every sheet one")
        folded = name.casefold()
        if folded in seen:
            shown = name if seen[folded] == name else f"{seen[folded]}' and '{name}"
            raise InputError(f"two sheets named '{shown}' (Excel gives each sheet its own name, whatever its case)")
        seen[folded] = name
        if path is None or path not in names:
            raise InputError(f"the sheet '{name}' has no part in the package" + (f" ({path})" if path else ""))
        out.append((name, path))
    return out


def write(data: bytes, sheets: list[tuple[str, str]], edits: dict[str, dict[tuple[int, int], Edit]]) -> bytes:
    """The workbook ``data`` (its ``sheets``: :func:`sheet_list`) with ``edits`` (sheet -> cell ->
    :class:`~xltb.templates.sheetxml.Edit`) made, every other part and byte as it was (each checked to
    be well-formed XML by :func:`check_parts` before; each sheet edited is checked again, unless it was
    edited in the plain ways that keep it well-formed: :func:`~xltb.templates.sheetxml.edit_sheet_plainly`)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    paths = dict(sheets)
    read: dict[str, bytes] = {}  # the parts dynamic_mark read, each read once

    def reading(name: str) -> bytes:
        if name not in read:
            read[name] = src.read(name)
        return read[name]

    mark = dynamic_mark(src, reading)
    add_metadata = "xl/metadata.xml" not in src.namelist() and any(
        e.dynamic for cells in edits.values() for e in cells.values())
    by_path = {paths[s]: s for s in edits if edits[s]}
    # Excel's calculation chain lists formula cells and marks array formulas: when a formula became an
    # array formula, the chain is left out (with its relationship and content type) and Excel rebuilds it
    drop_chain = "xl/calcChain.xml" in src.namelist() and any(
        e.becomes_array for cells in edits.values() for e in cells.values())
    # the parts written anew; every other part is copied as its compressed bytes (_copy_compressed)
    changed = set(by_path) | {"xl/workbook.xml", "xl/calcChain.xml"} | (
        {"[Content_Types].xml", "xl/_rels/workbook.xml.rels"} if drop_chain or add_metadata else set())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            name = info.filename
            if name not in changed and _copy_compressed(data, src, info, dst):
                continue
            body = read[name] if name in read else src.read(name)
            if drop_chain and name == "xl/calcChain.xml":
                continue
            if drop_chain:
                body = _without_chain(name, body)
            if name == "xl/workbook.xml":  # the values are current: Excel need not recompute them on opening
                body = current(body)
            if name in by_path:
                body = _edited_sheet(name, body, by_path[name], edits[by_path[name]], mark)
            elif add_metadata:
                body = with_metadata_part(name, body)
            dst.writestr(info, body)
        if add_metadata:
            dst.writestr("xl/metadata.xml", METADATA)
    return out.getvalue()


def _without_chain(name: str, body: bytes) -> bytes:
    """The content types and the workbook's relationships without the calculation chain's entry."""
    if name == "[Content_Types].xml":
        return re.sub(rb'<Override\b[^>]*PartName="/xl/calcChain\.xml"[^>]*/>', b"", body)
    if name == "xl/_rels/workbook.xml.rels":
        return re.sub(rb'<Relationship\b[^>]*Target="/?(?:xl/)?calcChain\.xml"[^>]*/>', b"", body)
    return body


def _edited_sheet(name: str, body: bytes, sheet: str, edits: dict[tuple[int, int], Edit], mark: str | None) -> bytes:
    """The sheet part ``name`` with its ``edits`` made, checked to be well-formed unless edited plainly."""
    try:
        text, plain = edit_sheet_plainly(body.decode("utf-8"), edits, mark)
        out = text.encode("utf-8")
        if not plain:  # (a sheet edited plainly is well-formed as the part was: check_parts)
            check_xml(io.BytesIO(out), name)
        return out
    except (SheetXmlError, UnicodeDecodeError) as err:
        raise SheetXmlError(f"sheet {sheet!r}: {err}") from None
    except InputError as err:
        raise SheetXmlError(f"sheet {sheet!r}: {err.message}") from None


def _copy_compressed(data: bytes, src: zipfile.ZipFile, info: zipfile.ZipInfo, dst: zipfile.ZipFile) -> bool:
    """The part ``info`` of ``src`` (the zip ``data``, every part of it read and checked before by
    :func:`check_parts`) written into ``dst`` as its compressed bytes, as ``dst.writestr(info, body)``
    would write it had it compressed the part to those bytes: the same headers, without decompressing
    and compressing it again (deflating the 2 MB crosstable of a 2,000-player template costs 0.04 s).
    A part xltb or any writer using zlib's default level compressed is the same bytes either way.
    False, and nothing written, for a part encrypted, compressed otherwise than deflated or stored,
    whose name another part has too, that needs ZIP64, or whose header is not where the directory says.

    zipfile has no call that copies a part's compressed bytes: this does what ``ZipFile._open_to_write``
    and ``_ZipWriteFile.close`` do for writestr (CPython 3.11 to 3.13 alike)."""
    # zipfile's private members (_writing, _writecheck, _didModify) are not in its type stubs: ignored by code
    if (info.flag_bits & 1 or info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
            or src.getinfo(info.filename) is not info or info.file_size * 1.05 > zipfile.ZIP64_LIMIT
            or info.compress_size > zipfile.ZIP64_LIMIT or dst.fp is None or dst._writing):  # type: ignore[attr-defined]
        return False
    at = info.header_offset
    head = data[at:at + 30]
    if len(head) < 30 or head[:4] != b"PK\x03\x04":
        return False
    name_length, extra_length = struct.unpack("<HH", head[26:30])
    start = at + 30 + name_length + extra_length
    raw = data[start:start + info.compress_size]
    if len(raw) != info.compress_size:
        return False
    info.flag_bits = 0  # sizes and CRC in the header (the output is seekable), as writestr sets them
    if not info.external_attr:
        info.external_attr = 0o600 << 16
    dst.fp.seek(dst.start_dir)
    info.header_offset = dst.fp.tell()
    dst._writecheck(info)  # type: ignore[attr-defined]  # (zipfile's own, as writestr)
    dst._didModify = True  # type: ignore[attr-defined]
    dst.fp.write(info.FileHeader(False))
    dst.fp.write(raw)
    dst.start_dir = dst.fp.tell()
    dst.filelist.append(info)
    dst.NameToInfo[info.filename] = info
    return True


__all__ = ["ZIP_ERRORS", "check_parts", "check_xml", "sheet_list", "write"]
