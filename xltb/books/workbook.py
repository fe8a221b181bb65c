"""xltb's own workbooks as event files: ``xltb standings held.xlsx`` reads what the worksheet
functions of the same workbook read.

A workbook (``.xlsx``, ``.xlsm``, ``.ods``; individual, round robin or team) is found by its
defined names exactly as the hosts find them (:func:`xltb.sheets.names.resolve`): ``Crosstable``
(team events ``Matches`` and ``Teams``) and ``Settings``; the blocks are read by the same sheet
readers (:func:`xltb.sheets.names.build_event`), so that a mistake names the sheet and cell as
``TB_EXPLAIN`` does. The Settings sheet gives the event type, the start date, the edition, the
tie-break list, the scoring, the rating of unrated players and the lots: every choice made from
them says "from the workbook" and names the cell.

What is read is what the sheet shows: a formula's last computed value, never the formula (xltb
evaluates nothing of a file it reads and follows no link to another file). The file is checked
against :mod:`xltb.limits` before it is opened (size, zip bomb), its XML may declare no DTD
(:mod:`xltb.books.xmlsafe`) and the cells read are counted (:class:`~xltb.books.workbook_cells.Budget`).
"""

from __future__ import annotations

import os
import zipfile
import zlib
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import InputError
from ..limits import MAX_PARTICIPANTS
from ..messages import Message
from ..model import Choice, EventType
from ..model.choice import Provisions
from ..model.event import Event
from ..sheets.crosstable import CellError, Origin
from ..sheets.names import SETTING_NAMES, Block, NoCrosstable, NoTeamsSheet, build_event, read_settings, resolve
from ..sheets.settings import EventSettings, settings_from_pairs
from .workbook_cells import Book, Budget, Rect

if TYPE_CHECKING:
    from ..limits import Declared


#: the first bytes of a zip package (.xlsx, .xlsm, .ods)
ZIP_MAGIC = b"PK\x03\x04"
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"

EXPECTED = ("an xltb workbook (.xlsx, .xlsm or .ods, as 'xltb template' writes them: individual or round robin with "
            "the defined names 'Crosstable' and 'Settings', team with 'Teams', 'Matches' and 'Settings')")
XLSX = "xltb workbook (.xlsx)"
ODS = "xltb workbook (.ods)"

#: the names read: the blocks, and the one-cell names of the settings (a workbook without a Settings block)
NAMES = ("CROSSTABLE", "MATCHES", "TEAMS", "SETTINGS", *(key.upper() for key in SETTING_NAMES))


def detect(head: bytes) -> bool:
    """A zip package: a workbook, or a file no reader reads (said by :func:`read`)."""
    return head.startswith(ZIP_MAGIC)


def read(path: str | os.PathLike[str], *, event_type: EventType | None = None,
         primary: str | None = None, data: bytes | None = None) -> tuple[Event, str]:
    """(event, kind) of a workbook; an :class:`~xltb.errors.InputError` names the file, and the sheet
    and cell of a mistake. ``data``: the file's bytes when the caller has read them (a pipe is read
    once)."""
    import io

    from ..limits import open_package, read_bytes, zip_damage

    source = os.fspath(path)
    if data is None:
        data = read_bytes(source)  # through the size limit, whatever stat says (a device, a pipe)
    declared = open_package(data, source)  # sizes, entries and the sheets' declared size, before any part is parsed
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            book, kind = _blocks(archive, source, data, declared)
    except InputError as err:
        if err.file is not None:
            raise
        raise InputError(err.message, file=source, line=err.line) from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError,
            RuntimeError, zlib.error) as err:
        raise InputError(f"the workbook cannot be read: {zip_damage(err)}", file=source) from None
    try:
        blocks = resolve(book, None, None, None)
        settings = read_settings(blocks.settings)
        event = build_event(blocks.crosstable, settings, blocks.origin, blocks.teams, blocks.formulas)
    except NoCrosstable:
        raise InputError(f"not one of xltb's workbooks (no defined name 'Crosstable' or 'Matches'): expected {EXPECTED}",
                         file=source) from None
    except NoTeamsSheet:
        raise InputError("Settings EventType is a team event, but the workbook has no defined name 'Teams': a team "
                         "workbook has the sheets Teams and Matches ('xltb template team')", file=source) from None
    except CellError as err:
        raise InputError(err.message, file=source) from None
    except InputError as err:
        raise InputError(_located(err.message, book), file=source) from None
    return _with_settings(event, settings, blocks.settings, book, source, event_type, primary), kind


def read_book(path: str | os.PathLike[str]) -> tuple[Book, bytes]:
    """(the named blocks, the file's bytes) of a workbook, read as :func:`read` reads them (within the limits):
    for a face that writes into the same cells (``xltb pair WORKBOOK``)."""
    import io

    from ..limits import open_package, read_bytes, zip_damage

    source = os.fspath(path)
    data = read_bytes(source)
    declared = open_package(data, source)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return _blocks(archive, source, data, declared)[0], data
    except InputError as err:
        raise (InputError(err.message, file=source, line=err.line) if err.file is None else err) from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError,
            RuntimeError, zlib.error) as err:
        raise InputError(f"the workbook cannot be read: {zip_damage(err)}", file=source) from None


def named_blocks(path: str | os.PathLike[str], *names: str) -> dict[str, Block]:
    """The blocks of the workbook's names ``names`` beside the event's (``PrizeTable``: the Prizes sheet's
    table), by name upper-cased; a name the workbook does not define is left out."""
    import io

    from ..limits import open_package, read_bytes, zip_damage

    source = os.fspath(path)
    data = read_bytes(source)
    declared = open_package(data, source)
    extra = tuple(name.upper() for name in names)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            book, _ = _blocks(archive, source, data, declared, extra)
    except InputError as err:
        raise InputError(err.message, file=err.file or source, line=err.line) from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError,
            RuntimeError, zlib.error) as err:
        raise InputError(f"the workbook cannot be read: {zip_damage(err)}", file=source) from None
    return {name: block for name in extra if (block := book.named(name)) is not None}


def _blocks(archive: zipfile.ZipFile, source: str, data: bytes, declared: Declared,
            extra: tuple[str, ...] = ()) -> tuple[Book, str]:
    """The named blocks of the workbook (and those of the names ``extra``), and what it was read as."""
    parts = set(archive.namelist())
    budget = Budget()
    if "xl/workbook.xml" in parts:
        from .xlsx_book import XlsxCells, check_parts
        from .xlsx_locate import sheet_part

        check_parts(archive)
        cells = XlsxCells(data)
        try:
            rects = _wanted(cells.names(), extra)
            for key in ("CROSSTABLE", "TEAMS"):  # one participant a row: the TRF readers' limit, before any is read
                rect = rects.get(key)
                part = sheet_part(archive, rect.sheet) if rect is not None else None
                if rect is not None and part is not None and declared.rows_of(part) > MAX_PARTICIPANTS + 1:
                    raise InputError(f"the sheet {rect.sheet!r} of the block {key.title()} writes "
                                     f"{declared.rows_of(part):,} rows: more than the limit of {MAX_PARTICIPANTS:,} "
                                     "participants (one a row) and a heading")
            blocks = {key: Block(cells.rows(rect, budget), Origin(rect.sheet, rect.r1, rect.c1),
                                 budget.block_formulas(rect)) for key, rect in rects.items()}
            return Book(blocks, tuple(dict.fromkeys(budget.uncomputed))), XLSX
        finally:
            cells.close()
    if "content.xml" in parts and (("mimetype" not in parts) or archive.read("mimetype").strip() == ODS_MIMETYPE):
        from . import ods_book

        rects = _wanted(ods_book.names(archive), extra)
        rows = ods_book.cells(archive, rects, budget)
        return Book({key: Block(rows[key], Origin(rect.sheet, rect.r1, rect.c1), budget.block_formulas(rect))
                     for key, rect in rects.items()},
                    tuple(dict.fromkeys(budget.uncomputed))), ODS
    raise InputError(f"a zip package but not a spreadsheet: expected {EXPECTED}")


def _wanted(names: dict[str, Rect | None], extra: tuple[str, ...] = ()) -> dict[str, Rect]:
    """The ranges of the names read (within the limits); refuses a workbook that is not xltb's."""
    if names.get("CROSSTABLE") is None and names.get("MATCHES") is None:
        raise InputError(f"not one of xltb's workbooks (no defined name 'Crosstable' or 'Matches'): expected {EXPECTED}")
    if names.get("SETTINGS") is not None:
        keys: tuple[str, ...] = ("CROSSTABLE", "MATCHES", "TEAMS", "SETTINGS")
    else:
        keys = NAMES
    return {key: rect.clipped() for key in keys + extra if (rect := names.get(key)) is not None}


def _settings_cells(book: Book) -> dict[str, str]:
    """Setting -> the address of its value (``Settings!B5``), from the Settings block or the one-cell names."""
    out: dict[str, str] = {}
    block = book.named("Settings")
    if block is not None:
        keys = settings_from_pairs([[row[0] if row else None, i] for i, row in enumerate(block.rows)])
        for key, index in keys.items():
            out[key] = block.origin.address(int(index), 1)
        return out
    for key in SETTING_NAMES:
        one = book.named(key)
        if one is not None:
            out[key] = one.origin.address(0, 0)
    return out


def _located(message: str, book: Book) -> str:
    """``Settings Edition: ...`` with the cell: ``Settings Edition (Settings!B5): ...``."""
    for key, where in _settings_cells(book).items():
        head = f"Settings {key}:"
        if message.startswith(head):
            return f"Settings {key} ({where}):{message[len(head):]}"
    return message


def _with_settings(event: Event, settings: EventSettings, settings_rows: Sequence[Sequence[Any]] | None, book: Book,
                   source: str, event_type: EventType | None,
                   primary: str | None) -> Event:
    """The event as read from the sheets, with the Settings sheet's provisions and where each came from."""
    cells = _settings_cells(book)
    provisions = Provisions("workbook", settings.edition, settings.unrated_rating, settings.lots,
                            tuple(sorted(cells.items())), settings.language or None,
                            settings.pairing.system, settings.pairing.edition)
    named = {key for key, value in settings_from_pairs(settings_rows).items() if value is not None and str(value).strip()}
    if event_type is not None:
        type_choice = Choice(event_type.value, "user", "--event-type")
    elif "EventType" in named:
        type_choice = Choice(settings.event_type.value, "workbook", provisions.cell("EventType"))
    else:
        type_choice = Choice(settings.event_type.value, "default", Message("type.settings_default"))
    tiebreaks = tuple(code.strip() for code in (settings.tiebreaks or "").split(",") if code.strip())
    warnings = tuple(event.warnings)
    typed = {m.get("cell") for m in warnings if isinstance(m, Message) and m.id == "note.formula_result"}
    uncomputed = [cell for cell in book.uncomputed if cell not in typed]  # read as the result typed
    if uncomputed:
        more = len(uncomputed) - 1
        warnings += (Message("warn.uncomputed_more", cell=uncomputed[0], more=more) if more else
                     Message("warn.uncomputed", cell=uncomputed[0]),)
    report = {"city": settings.city, "federation": settings.federation, "end_date": settings.end_date,
              "chief_arbiter": settings.chief_arbiter, "deputies": settings.deputies,
              "time_control": settings.time_control, "round_dates": settings.round_dates}
    common: dict[str, Any] = {**report, "source": source, "tiebreaks": tiebreaks, "provisions": provisions,
                              "warnings": warnings,
                              "event_type": event_type or settings.event_type, "event_type_choice": type_choice,
                              "rounds_planned": event.rounds_planned}
    if settings.team:
        value = (primary or settings.primary or "MP").upper()
        primary_choice = Choice(value, "user", "--primary") if primary else \
            Choice(value, "workbook", provisions.cell("PrimaryScore")) if settings.primary else \
            Choice(value, "default", "the Settings sheet names no PrimaryScore; match points, C.07 11.1")
        return event._replace(name=settings.name, primary=value, primary_choice=primary_choice, **common)
    return event._replace(**common)


__all__ = ["detect", "read", "read_book", "named_blocks", "EXPECTED", "XLSX", "ODS"]
