"""The limits of what xltb reads: each is checked before the work it bounds is done, and a file
over a limit is refused with a message naming the limit (docs/limits.md).

They are far above any real chess event (the largest open on record had a few thousand players
and fifteen rounds) and low enough that a hostile file cannot make xltb use gigabytes of memory
or run for minutes.
"""

from __future__ import annotations

import os
import re
from typing import Any, NamedTuple

#: bytes of an event file, a check JSON or a workbook file read (TRF of 100,000 players and 15 rounds: 25 MB)
MAX_FILE_BYTES = 100 * 1024 * 1024
#: bytes of a workbook once decompressed: all its parts together, and any one part (a zip bomb is refused)
MAX_WORKBOOK_BYTES = 1024 * 1024 * 1024
MAX_PART_BYTES = 512 * 1024 * 1024
#: a part may not expand more than this many times its compressed size (real sheets: 5-30 times)
MAX_COMPRESSION_RATIO = 1000
#: participants (players or teams) of an event
MAX_PARTICIPANTS = 200_000
#: rounds of an event
MAX_ROUNDS = 1_000
#: codes in one tie-break list (--tiebreaks, a TRF 212/202 line, a check JSON's columns); C.07's own lists
#: have a handful, and each code is computed for every participant
MAX_TIEBREAKS = 100
#: cells a range of a formula may span in `recalc`, within the cells its sheet has (a whole column,
#: $P:$P, is read only as far down as the sheet has cells; a whole sheet, A1:XFD1048576, has 17 billion);
#: also the cells of an array formula's range and of any array a function builds (a 2,000-player template's
#: largest range: 40,000 cells; the engine's slowest functions take about 20 microseconds a cell)
MAX_RANGE_CELLS = 250_000
#: formulas of a workbook `recalc` evaluates (a 2,000-player template has 32,500; about 0.8 ms each)
MAX_RECALC_FORMULAS = 100_000
#: cells all the formulas of a workbook may read together in `recalc` (a range read by many formulas counts once;
#: a 2,000-player template reads 94,000)
MAX_RECALC_CELLS = 10_000_000
#: nesting of brackets and function calls in one formula in `recalc` (a chain of cells referring to cells
#: has no limit: it is followed without recursion)
MAX_FORMULA_DEPTH = 100
#: characters of one formula (Excel's own limit is 8,192)
MAX_FORMULA_CHARS = 8_192
#: characters of one text value (Excel's limit of a cell, its "specifications and limits"): a formula of
#: `recalc` whose text would be longer gives #VALUE!, as in Excel, and the longer text is never built
MAX_TEXT_CHARS = 32_767
#: characters of text the formulas of a workbook build and give in all in `recalc` (each text function's
#: result counted as it could be at most, before it is built; each formula's result once; a 2,000-player
#: template: 48,000)
MAX_RECALC_TEXT = 10_000_000
#: cells the results of a workbook's formulas cover in all in `recalc` (a formula's own cell, and each cell of
#: an array's result: what is written back into the file, about 35 microseconds a cell; a 2,000-player
#: template: 58,500)
MAX_RECALC_RESULT_CELLS = 500_000
#: cells of the named blocks (Crosstable, Settings, Teams, Matches) xltb reads from a workbook given as an
#: event (a 200,000-player crosstable of 15 rounds has 4.2 million)
MAX_WORKBOOK_CELLS = 10_000_000
#: rows and columns of a worksheet (Excel's)
MAX_ROWS = 1_048_576
MAX_COLUMNS = 16_384
#: rows one sheet of a workbook may write (``<row>``, ``<table:table-row>``), counted in the zip package before
#: any library builds a sheet: a crosstable of MAX_PARTICIPANTS players and its header, or the Matches sheet of
#: the largest team event (a 10,000-team Swiss of 11 rounds on 4 boards writes 220,000 lines)
MAX_SHEET_ROWS = 250_000
#: cells all the sheets of a workbook may write together (``<c>``, ``<table:table-cell>``), counted the same way
#: (a 200,000-player crosstable of 15 rounds writes 4.2 million)
MAX_BOOK_CELLS = 10_000_000
#: cells all the sheets of a workbook `recalc` reads may write together (every cell is read and kept, about
#: 30 microseconds each: a 2,000-player template writes about 150,000)
MAX_RECALC_BOOK_CELLS = 1_000_000
#: cells the merged areas of a workbook may cover together (a whole sheet, A1:XFD1048576, covers 17 billion, and
#: a library that loads the whole workbook makes an object of each: real workbooks merge a few hundred)
MAX_MERGED_CELLS = 1_000_000
#: points of one result in a workbook's Settings (PointsWin, MatchWin, PABGamePoints...), either sign: real
#: scorings give 0 to 3; a number cell may hold 1.8e308, and sums of such points leave the range of any
#: number a cell or a JSON reader can hold
MAX_POINTS = 1_000
#: boards of a team match (a Settings Boards value, a Matches board number): Olympiads have 4, the largest
#: team events 10 or 12
MAX_BOARDS = 1_000


class Declared(NamedTuple):
    """What a workbook's zip package says of its size, read before any part is parsed for its content."""

    rows: int
    """The most rows one sheet part writes."""
    cells: int
    """The cells all its sheets write together."""
    merged: int
    """The cells its merged areas cover together."""
    part_rows: tuple[tuple[str, int], ...] = ()
    """(part, rows it writes) of each XML part that writes rows."""

    def rows_of(self, part: str) -> int:
        """The rows the part ``part`` writes (0: none, or no such part)."""
        return dict(self.part_rows).get(part, 0)


#: the elements counted in a part: a row, a cell (SpreadsheetML, any namespace prefix), OpenDocument's row and
#: cells, and a merged area with its range
_COUNTED = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c|mergeCell|table-row|table-cell|covered-table-cell)"
                      rb"(?=[\s/>])([^>]{0,1000})")
_MERGE_REF = re.compile(rb'\bref\s*=\s*["\']\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?["\']')


def open_package(data: bytes, path: str | None = None) -> Declared:
    """The one opening of a workbook's zip package (``.xlsx``, ``.xlsm``, ``.ods``) that every command
    reading one goes through first: refuse, before any part is parsed for its content,

    - a package whose parts would decompress to more than :data:`MAX_WORKBOOK_BYTES` together,
      :data:`MAX_PART_BYTES` one, or more than :data:`MAX_COMPRESSION_RATIO` times their compressed size
      (a zip bomb); the sizes are the zip directory's, and the reader that decompresses a part stops at
      the size declared, so a part that lies about its size is cut short, not read for ever;
    - an entry flagged as encrypted (no spreadsheet's own parts are: a password-protected workbook is
      another format), an entry with no name, or one whose name is not a path inside the package;
    - a sheet that writes more than :data:`MAX_SHEET_ROWS` rows, sheets that write more than
      :data:`MAX_BOOK_CELLS` cells together, and merged areas covering more than :data:`MAX_MERGED_CELLS`
      cells: counted in the XML as it is decompressed, before openpyxl or xltb's own reader builds a sheet.

    ``data`` was read through the size limit (:func:`read_bytes`). Returns what was counted."""
    import io
    import zipfile  # only the commands that read workbooks
    import zlib

    from .errors import InputError

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
            total = 0
            for part in parts:
                _check_entry(part, path)
                total += part.file_size
            if total > MAX_WORKBOOK_BYTES:
                raise InputError(f"the workbook decompresses to {total:,} bytes, more than the limit of "
                                 f"{size_text(MAX_WORKBOOK_BYTES)}", file=path)
            return _declared(archive, parts, path)
    except InputError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, NotImplementedError,
            RuntimeError, zlib.error) as exc:
        raise InputError(f"not a workbook: .xlsx, .xlsm and .ods files are zip packages, and this one is not, or is "
                         f"damaged ({zip_damage(exc)})", file=path) from None


def check_package(data: bytes, path: str | None = None) -> None:
    """:func:`open_package`, for a caller that needs only the refusal."""
    open_package(data, path)


def _check_entry(part: Any, path: str | None) -> None:
    from .errors import InputError

    name = part.filename
    if not name or name.startswith(("/", "\\")) or "\x00" in name or any(
            p == ".." for p in re.split(r"[/\\]", name)):
        raise InputError(f"the zip package has an entry named {name!r}: a workbook's parts are named by their path "
                         "inside the package (xl/workbook.xml, content.xml), never empty, absolute or leading out "
                         "of it", file=path)
    if part.flag_bits & 0x1:
        raise InputError(f"the part {name} of the zip package is encrypted: xltb reads workbooks saved without a "
                         "password to open them (save a copy without the password)", file=path)
    if part.file_size > MAX_PART_BYTES:
        raise InputError(f"the part {name} decompresses to {part.file_size:,} bytes, more than the limit of "
                         f"{size_text(MAX_PART_BYTES)} for one part of a workbook", file=path)
    if part.file_size > 1024 * 1024 and part.file_size > MAX_COMPRESSION_RATIO * max(part.compress_size, 1):
        raise InputError(f"the part {name} decompresses to {part.file_size:,} bytes from "
                         f"{part.compress_size:,}: more than the limit of {MAX_COMPRESSION_RATIO} times "
                         "(a zip bomb?)", file=path)


def _declared(archive: Any, parts: list[Any], path: str | None) -> Declared:
    """Count the rows, cells and merged cells the XML parts write, in chunks (a tag cut by a chunk's end is
    read with the next one)."""
    from .errors import InputError

    most_rows = cells = merged = 0
    part_rows: list[tuple[str, int]] = []
    for part in parts:
        if not part.filename.lower().endswith(".xml") or part.is_dir():
            continue
        try:
            rows = _count(archive, part, path, cells, merged)
        except InputError:
            raise
        except Exception as exc:  # noqa: BLE001 - zipfile's and zlib's errors of a damaged part, named
            raise InputError(f"the part {part.filename} cannot be read from the zip package: {zip_damage(exc)}",
                             file=path) from None
        cells, merged = rows[1], rows[2]
        most_rows = max(most_rows, rows[0])
        if rows[0]:
            part_rows.append((part.filename, rows[0]))
    return Declared(most_rows, cells, merged, tuple(part_rows))


def _count(archive: Any, part: Any, path: str | None, cells: int, merged: int) -> tuple[int, int, int]:
    """(rows of ``part``, cells and merged cells counted so far, this part's included)."""
    from .errors import InputError

    rows = 0
    tail = b""
    with archive.open(part) as stream:
        while True:
            chunk = stream.read(1 << 20)
            text = tail + chunk
            cut = text.rfind(b"<", max(0, len(text) - 2048)) if chunk else -1
            end = cut if cut >= 0 else len(text)
            for m in _COUNTED.finditer(text, 0, end):
                kind = m[1]
                if kind in (b"row", b"table-row"):
                    rows += 1
                elif kind == b"mergeCell":
                    merged += _area(m[2])
                else:
                    cells += 1
            tail = text[end:]
            if rows > MAX_SHEET_ROWS:
                raise InputError(f"the part {part.filename} writes more than {MAX_SHEET_ROWS:,} rows, the limit "
                                 "of a sheet read (a crosstable of the largest event allowed has "
                                 f"{MAX_PARTICIPANTS:,})", file=path)
            if cells > MAX_BOOK_CELLS:
                raise InputError(f"the workbook's sheets write more than {MAX_BOOK_CELLS:,} cells (the limit; "
                                 f"counted up to the part {part.filename})", file=path)
            if merged > MAX_MERGED_CELLS:
                raise InputError(f"the merged cells of the part {part.filename} cover more than "
                                 f"{MAX_MERGED_CELLS:,} cells (the limit of a workbook read; a merge over the "
                                 "whole sheet covers 17 billion)", file=path)
            if not chunk:
                break
    return rows, cells, merged


def _area(attributes: bytes) -> int:
    """The cells of a merged area's range (``ref="A1:C3"``: 9)."""
    m = _MERGE_REF.search(attributes)
    if m is None:
        return 0
    c1, r1 = _column(m[1]), int(m[2])
    c2, r2 = (_column(m[3]), int(m[4])) if m[3] else (c1, r1)
    return (abs(r2 - r1) + 1) * (abs(c2 - c1) + 1)


def _column(letters: bytes) -> int:
    out = 0
    for ch in letters.upper():
        out = out * 26 + ch - 64
    return out


def zip_damage(exc: BaseException) -> str:
    """What a damaged zip package is, in a reader's words (zipfile's own are Python's)."""
    text = str(exc)
    if isinstance(exc, NotImplementedError) or "compression" in text:
        return "a part is compressed with a method spreadsheets do not use"
    if "decompressing" in text or "invalid" in text and "distance" in text:
        return "a part's compressed bytes are damaged"
    if "CRC" in text:
        return "a part's checksum does not match its bytes"
    if "not a zip file" in text.lower():
        return "no zip directory at its end"
    if "encrypt" in text:
        return "a part is encrypted"
    return "its directory or a part's header is broken"


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of a file, at most ``limit`` (default :data:`~xltb.MAX_FILE_BYTES`) of them: a
    larger file, or an endless one such as ``/dev/zero``, is refused after reading ``limit`` + 1 bytes.
    Every file xltb reads is read here, once, whatever ``stat`` says of it (a device or a pipe has no
    size): a FIFO or ``<(command)`` works, and is read as it comes."""
    from .errors import InputError

    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise InputError("no such file", file=str(path)) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", file=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", file=str(path)) from None
    if len(data) > limit:
        raise InputError(f"the file is larger than the limit of {size_text(limit)} for a file read", file=str(path))
    return data


def size_text(n: int) -> str:
    """``200 MB``, ``1 GB``: a limit in bytes as the manual states it."""
    for unit, size in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("KB", 1024)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n:,} bytes"


__all__ = ["MAX_FILE_BYTES", "MAX_WORKBOOK_BYTES", "MAX_PART_BYTES", "MAX_COMPRESSION_RATIO", "MAX_PARTICIPANTS",
           "MAX_ROUNDS", "MAX_TIEBREAKS", "MAX_RANGE_CELLS", "MAX_FORMULA_DEPTH", "MAX_FORMULA_CHARS",
           "MAX_ROWS", "MAX_COLUMNS", "MAX_TEXT_CHARS", "MAX_RECALC_TEXT", "MAX_RECALC_RESULT_CELLS",
           "MAX_WORKBOOK_CELLS", "MAX_SHEET_ROWS", "MAX_BOOK_CELLS", "MAX_MERGED_CELLS", "MAX_BOARDS", "MAX_RECALC_BOOK_CELLS", "Declared",
           "size_text", "zip_damage", "open_package", "check_package", "read_bytes"]
