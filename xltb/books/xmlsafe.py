"""XML of a workbook read with the care ``defusedxml`` takes: no document type declaration (DTD),
hence no entity defined by the file, no entity expansion (the "billion laughs") and nothing fetched
from outside. A spreadsheet's XML (OOXML, OpenDocument) never has a DTD: one is refused.

The parts are read through :mod:`zipfile` from an archive whose sizes :func:`xltb.limits.check_workbook_size`
checked first, in chunks, so that nothing is held twice."""

from __future__ import annotations

import zipfile
import zlib
from typing import IO, Any, Callable
from xml.parsers import expat

from ..errors import InputError
from ..limits import zip_damage

CHUNK = 1 << 16


class _Prolog(Exception):
    """The root element has begun: the prolog had no DTD."""


def _refuse(part: str) -> Callable[..., Any]:
    def refuse(*_args: Any) -> Any:
        raise InputError(f"the part {part} of the workbook declares an XML document type (DTD) or entity, which "
                         "no spreadsheet writes: refused (it could expand entities or fetch other files)")
    return refuse


def guarded(part: str) -> Any:
    """An expat parser (namespaces resolved, separator ``" "``) that refuses a DTD, an entity
    declaration and an external entity."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartDoctypeDeclHandler = _refuse(part)
    parser.EntityDeclHandler = _refuse(part)
    parser.UnparsedEntityDeclHandler = _refuse(part)
    parser.ExternalEntityRefHandler = _refuse(part)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    return parser


def parse(archive: zipfile.ZipFile, part: str, parser: Any) -> None:
    """Feed the part ``part`` of ``archive`` to ``parser`` in chunks; a malformed part is an
    :class:`InputError` naming it."""
    with archive.open(part) as stream:
        _feed(stream, parser, part)


def _feed(stream: IO[bytes], parser: Any, part: str) -> None:
    try:
        while chunk := stream.read(CHUNK):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError as err:
        raise InputError(f"the part {part} of the workbook is not well-formed XML ({err})") from None
    except (zipfile.BadZipFile, EOFError, OSError, ValueError, NotImplementedError, RuntimeError, zlib.error) as err:
        raise InputError(f"the part {part} of the workbook cannot be read: {zip_damage(err)}") from None


def check_prolog(archive: zipfile.ZipFile, part: str) -> None:
    """Refuse a part that declares a DTD, reading it only up to its root element (what another XML
    parser, openpyxl's, then reads has no DTD, hence no entity to expand)."""
    parser = guarded(part)

    def stop(*_args: Any) -> None:
        raise _Prolog

    parser.StartElementHandler = stop
    try:
        with archive.open(part) as stream:
            _feed(stream, parser, part)
    except _Prolog:
        return


__all__ = ["guarded", "parse", "check_prolog"]
