"""The limits of what xltb reads: each is checked before the work it bounds is done, and a file
over a limit is refused with a message naming the limit (docs/limits.md).

They are far above any real chess event (the largest open on record had a few thousand players
and fifteen rounds) and low enough that a hostile file cannot make xltb use gigabytes of memory
or run for minutes.
"""

from __future__ import annotations

import os

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


def check_package(data: bytes, path: str | None = None) -> None:
    """Refuse, before any part is decompressed, a workbook whose parts would decompress to more than
    :data:`MAX_WORKBOOK_BYTES` together, :data:`MAX_PART_BYTES` one, or more than
    :data:`MAX_COMPRESSION_RATIO` times their compressed size (a zip bomb). ``data`` was read through
    the size limit (:func:`xltb.readers.text.read_bytes`). The sizes are the zip directory's; the
    reader that decompresses a part stops at the size declared, so a part that lies about its size
    is cut short, not read for ever."""
    import io
    import zipfile  # only the commands that read workbooks

    from .errors import InputError

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        raise InputError(f"not a workbook (.xlsx, .xlsm and .ods files are zip packages): {exc}", file=path) from None
    total = 0
    for part in parts:
        total += part.file_size
        if part.file_size > MAX_PART_BYTES:
            raise InputError(f"the part {part.filename} decompresses to {part.file_size:,} bytes, more than the limit of "
                             f"{size_text(MAX_PART_BYTES)} for one part of a workbook", file=path)
        if part.file_size > 1024 * 1024 and part.file_size > MAX_COMPRESSION_RATIO * max(part.compress_size, 1):
            raise InputError(f"the part {part.filename} decompresses to {part.file_size:,} bytes from "
                             f"{part.compress_size:,}: more than the limit of {MAX_COMPRESSION_RATIO} times "
                             "(a zip bomb?)", file=path)
    if total > MAX_WORKBOOK_BYTES:
        raise InputError(f"the workbook decompresses to {total:,} bytes, more than the limit of "
                         f"{size_text(MAX_WORKBOOK_BYTES)}", file=path)


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
           "MAX_WORKBOOK_CELLS", "size_text", "check_package", "read_bytes"]
