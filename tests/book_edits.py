"""Edits of a workbook's bytes, made at the level of its zip package and its XML, for the tests of
hostile workbooks given as event files (``tests/test_hostile_books.py``) and their fuzzing
(``tests/fuzz_books.py``): a cell of a named sheet given any ``<c>`` element (a number ``1e999``, a
boolean, a NaN), an ``.ods`` cell's value, a zip entry flagged as encrypted or given an empty name.
Nothing here goes through openpyxl, so that what is built is exactly what a hostile program would
write."""

from __future__ import annotations

import io
import re
import struct
import zipfile
from pathlib import Path

from xltb.cli.main import main

DATA = Path(__file__).parent / "data"


_PARTS: dict[bytes, list[tuple[str, bytes]]] = {}


def parts(data: bytes) -> list[tuple[str, bytes]]:
    """The (name, bytes) of every entry of a zip package, in order (the last few packages read are kept: a
    mutation reads the same package several times)."""
    known = _PARTS.get(data)
    if known is not None:
        return list(known)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        out = [(info.filename, archive.read(info)) for info in archive.infolist()]
    if len(_PARTS) >= 16:
        _PARTS.pop(next(iter(_PARTS)))
    _PARTS[data] = out
    return list(out)


def package(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip package of these entries (``mimetype`` stored, the others deflated)."""
    import warnings

    out = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(out, "w") as archive:
        warnings.simplefilter("ignore")  # an entry twice, on purpose
        for name, body in entries:
            archive.writestr(zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0)), body,
                             zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED)
    return out.getvalue()


def edit_part(data: bytes, name: str, edit) -> bytes:
    """The package with the part ``name`` replaced by ``edit(its bytes)``."""
    return package([(n, edit(body) if n == name else body) for n, body in parts(data)])


def flag_encrypted(data: bytes, name: str) -> bytes:
    """The package with the entry ``name`` flagged as encrypted (bit 0 of the general purpose flags, in
    its local header and in the central directory), its bytes left as they are."""
    out = bytearray(data)
    raw = name.encode()
    for signature, flag_at, name_len_at, name_at in ((b"PK\x03\x04", 6, 26, 30), (b"PK\x01\x02", 8, 28, 46)):
        start = 0
        while (i := out.find(signature, start)) >= 0:
            start = i + 4
            (length,) = struct.unpack_from("<H", out, i + name_len_at)
            if bytes(out[i + name_at:i + name_at + length]) == raw:
                (flags,) = struct.unpack_from("<H", out, i + flag_at)
                struct.pack_into("<H", out, i + flag_at, flags | 1)
    return bytes(out)


def with_entry(data: bytes, name: str, body: bytes = b"x") -> bytes:
    """The package with one more entry (``name`` may be empty: a nameless entry)."""
    return package(parts(data) + [(name, body)])


def sheet_part(data: bytes, sheet: str) -> str:
    """The part of the worksheet named ``sheet`` of an ``.xlsx``."""
    entries = dict(parts(data))
    book = entries["xl/workbook.xml"].decode()
    rid = re.search(r'<sheet name="%s"[^>]*r:id="([^"]+)"' % re.escape(sheet), book)
    assert rid, sheet
    rels = entries["xl/_rels/workbook.xml.rels"].decode()
    target = re.search(r'<Relationship[^>]*Target="([^"]+)"[^>]*Id="%s"' % re.escape(rid[1]), rels)
    assert target, rid[1]
    return target[1].lstrip("/")


def set_cell(data: bytes, sheet: str, ref: str, cell: str) -> bytes:
    """The ``.xlsx`` with the cell ``ref`` of ``sheet`` replaced by ``cell``, the attributes and content
    of a ``<c>`` element: ``'t="n"><v>1e999</v>'`` (the cell's ``r`` is added). The cell must exist,
    or its row must."""
    element = f'<c r="{ref}" {cell}</c>' if not cell.endswith("/>") else f'<c r="{ref}" {cell}'
    row = re.fullmatch(r"[A-Z]+(\d+)", ref)
    assert row

    def edit(body: bytes) -> bytes:
        text = body.decode()
        new, n = re.subn(r'<c r="%s"(?:[^>]*/>|[^>]*>.*?</c>)' % ref, lambda _: element, text, count=1)
        if not n:
            new, n = re.subn(r'(<row r="%s"[^>]*>)' % row[1], lambda m: m[1] + element, text, count=1)
        assert n, ref
        return new.encode()

    return edit_part(data, sheet_part(data, sheet), edit)


def defined_name(data: bytes, name: str, value: str) -> bytes:
    """The ``.xlsx`` with the defined name ``name`` given the text ``value`` (``Settings!$B$4``)."""
    def edit(body: bytes) -> bytes:
        new, n = re.subn(r'(<definedName name="%s"[^>]*>)[^<]*' % name, lambda m: m[1] + value, body.decode())
        assert n, name
        return new.encode()

    return edit_part(data, "xl/workbook.xml", edit)


#: the events the template workbooks are filled from: (template kind, small) -> event file
EVENTS = {("individual", False): DATA / "seed" / "held-swiss16.trf", ("team", False): DATA / "seed" / "held-team14.trf",
          ("individual", True): DATA / "seed" / "held-rr6.trf", ("roundrobin", True): DATA / "seed" / "held-rr6.trf",
          ("team", True): DATA / "team" / "30_sharly_trf26_team_gp_primary.trf"}


def template(kind: str, suffix: str, folder: Path, small: bool = False) -> Path:
    """A template workbook filled from a seed event (``individual``: held-swiss16, ``team``: held-team14;
    ``small``: a round robin of 6 players (``individual`` or ``roundrobin``), a team event of 6 teams)."""
    source = EVENTS[(kind, small)]
    path = folder / f"{kind}{'-small' if small else ''}{suffix}"
    if not path.exists():
        assert main(["template", kind, "--from", str(source), "-o", str(path)]) == 0
    return path


__all__ = ["parts", "package", "edit_part", "flag_encrypted", "with_entry", "sheet_part", "set_cell",
           "defined_name", "template"]
