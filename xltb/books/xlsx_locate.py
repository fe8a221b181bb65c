"""Where an Excel workbook that openpyxl cannot read goes wrong, said by its cell: read only after
openpyxl failed (by :class:`xltb.books.xlsx_book.XlsxCells`, and by ``recalc``), with the guarded expat
parser of :mod:`xltb.books.xmlsafe`. The first cell whose value its type does not allow (a number cell
holding ``abc``, a boolean holding ``7``, a shared text or a style that is not in the workbook), or whose
row or address is not one a sheet has, is named: ``Settings!B12: a cell of type 'n' (a number) holds
'abc'``."""

from __future__ import annotations

import zipfile
from datetime import datetime
from typing import Any

from ..errors import InputError
from ..limits import MAX_COLUMNS, MAX_ROWS
from ..sheets.crosstable import Origin
from .workbook_cells import column_number
from .xmlsafe import guarded, parse

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main "
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships "

#: what a cell's type (``t``) lets its value (``<v>``) be
TYPES = {"n": "a number", "b": "0 or 1 (FALSE or TRUE)", "d": "a date (2024-10-24)", "s": "the number of a shared text",
         "e": "an error (#N/A)", "str": "a text", "inlineStr": "a text"}


def _targets(archive: zipfile.ZipFile) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """([(sheet name, relationship id)], {relationship id: target}) of the workbook part."""
    sheets: list[tuple[str, str]] = []
    targets: dict[str, str] = {}

    def in_book(tag: str, attrs: dict[str, str]) -> None:
        if tag == MAIN + "sheet" and attrs.get("name") is not None:
            sheets.append((attrs["name"], attrs.get(REL + "id", "")))

    def in_rels(tag: str, attrs: dict[str, str]) -> None:
        if tag.endswith(" Relationship"):
            targets[attrs.get("Id", "")] = attrs.get("Target", "")

    for part, handler in (("xl/workbook.xml", in_book), ("xl/_rels/workbook.xml.rels", in_rels)):
        if part in archive.namelist():
            parser = guarded(part)
            parser.StartElementHandler = handler
            parse(archive, part, parser)
    return sheets, targets


def _part(target: str, names: list[str]) -> str | None:
    name = target.lstrip("/") if target.startswith("/") else "xl/" + target
    return name if name in names else None


def sheet_part(archive: zipfile.ZipFile, sheet: str) -> str | None:
    """The part of the worksheet named ``sheet`` (xl/workbook.xml's sheet, its relationship's target)."""
    sheets, targets = _targets(archive)
    rid = dict(sheets).get(sheet)
    return _part(targets.get(rid or "", ""), archive.namelist()) if rid else None


def _count(archive: zipfile.ZipFile, part: str, parent: str, child: str) -> int | None:
    """The ``child`` elements inside ``parent`` of ``part`` (the shared texts, the cell formats); None
    when the workbook has no such part."""
    if part not in archive.namelist():
        return None
    depth = {"in": 0, "n": 0}

    def start(tag: str, _attrs: dict[str, str]) -> None:
        if tag == MAIN + parent:
            depth["in"] += 1
        elif depth["in"] and tag == MAIN + child:
            depth["n"] += 1

    def end(tag: str) -> None:
        if tag == MAIN + parent:
            depth["in"] -= 1

    parser = guarded(part)
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parse(archive, part, parser)
    return depth["n"]


def first_bad_cell(archive: zipfile.ZipFile, part: str, sheet: str) -> str | None:
    """The first cell of ``part`` (the sheet ``sheet``) whose value, style, row or address the workbook
    cannot have, said with its address; None when there is none."""
    texts = _count(archive, "xl/sharedStrings.xml", "sst", "si")
    styles = _count(archive, "xl/styles.xml", "cellXfs", "xf")
    state: dict[str, Any] = {"cell": None, "text": None, "row": "?"}
    found: list[str] = []

    def say(ref: str, what: str) -> None:
        if not found:
            found.append(f"{_place(sheet, ref)}: {what}")

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == MAIN + "dimension":
            area = attrs.get("ref", "")
            if area and not all(_address(side) for side in area.split(":", 1)):
                say("", f"the sheet's dimension {area[:40]!r} is not a range of a sheet (A1:O37)")
        elif tag == MAIN + "row":
            row = attrs.get("r")
            state["row"] = row or "?"
            if row is not None and not row.isdigit():
                say("", f"the row number {row[:20]!r} is not a number")
        elif tag == MAIN + "c":
            ref = attrs.get("r", "")
            state["cell"] = (ref or f"row {state['row']}", attrs.get("t", "n"))
            if ref and not _address(ref):
                say(ref, f"the address {ref[:20]!r} is not one a sheet has")
            style = attrs.get("s")
            if style is not None and not (style.isdigit() and (styles is None or int(style) < max(styles, 1))):
                say(ref, f"the cell's style number {style[:20]!r} is not one of the workbook's "
                         f"{styles if styles is not None else 0} cell formats (xl/styles.xml)")
        elif tag == MAIN + "v" and state["cell"] is not None:
            state["text"] = []

    def data(text: str) -> None:
        if state["text"] is not None:
            state["text"].append(text)

    def end(tag: str) -> None:
        if tag == MAIN + "v" and state["cell"] is not None and state["text"] is not None:
            ref, kind = state["cell"]
            value = "".join(state["text"]).strip()
            state["text"] = None
            if not _fits(kind, value, texts):
                what = TYPES.get(kind, "nothing: no cell type is called so")
                say(ref, f"a cell of type {kind[:20]!r} ({what}) holds {value[:40]!r}")
        elif tag == MAIN + "c":
            state["cell"] = None

    parser = guarded(part)
    parser.StartElementHandler = start
    parser.CharacterDataHandler = data
    parser.EndElementHandler = end
    parse(archive, part, parser)
    return found[0] if found else None


def _fits(kind: str, value: str, texts: int | None) -> bool:
    """Can a cell of type ``kind`` hold ``value``?"""
    try:
        if kind == "n":
            float(value)
        elif kind == "b":
            return value in ("0", "1", "true", "false")
        elif kind == "d":
            datetime.fromisoformat(value)
        elif kind == "s":
            return value.isdigit() and (texts is None or int(value) < texts)
        elif kind not in TYPES:
            return False
    except ValueError:
        return False
    return True


def _address(ref: str) -> bool:
    letters = ref.rstrip("0123456789")
    digits = ref[len(letters):]
    return (1 <= len(letters) <= 3 and letters.isalpha() and letters.isascii() and letters.isupper()
            and column_number(letters) <= MAX_COLUMNS and digits.isdigit() and 1 <= int(digits) <= MAX_ROWS)


def locate(archive: zipfile.ZipFile) -> str | None:
    """The first cell of any worksheet of the workbook that it cannot have (:func:`first_bad_cell`), or None."""
    sheets, targets = _targets(archive)
    names = archive.namelist()
    for sheet, rid in sheets:
        part = _part(targets.get(rid, ""), names)
        if part is not None:
            found = first_bad_cell(archive, part, sheet)
            if found:
                return found
    return None


def why_unreadable(data: bytes, advice: str) -> str:
    """Why a reader could not read the workbook ``data``: the first cell (or row, or dimension) no sheet can
    have, else ``advice``. The search is a courtesy: anything it meets itself leaves the advice standing."""
    import io

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            found = locate(archive)
    except InputError as err:
        return err.message
    except Exception:  # noqa: BLE001 - without the search, the advice stands
        found = None
    return found or advice


def _place(sheet: str, ref: str) -> str:
    """``Settings!B12``; the sheet alone (``Settings``) for what is not a cell's."""
    name = Origin(sheet).address(0, 0).split("!")[0]
    return f"{name}!{ref[:20]}" if ref else f"the sheet {name}"


__all__ = ["sheet_part", "first_bad_cell", "locate", "why_unreadable", "TYPES"]
