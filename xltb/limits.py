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
#: cells a range of a formula may span in `recalc`, within the cells its sheet has (a whole column,
#: $P:$P, is read only as far down as the sheet has cells; a whole sheet, A1:XFD1048576, has 17 billion)
MAX_RANGE_CELLS = 1_000_000
#: formulas of a workbook `recalc` evaluates (a 2,000-player template has 32,500; about 0.8 ms each)
MAX_RECALC_FORMULAS = 100_000
#: cells all the formulas of a workbook may read together in `recalc` (a range read by many formulas counts once)
MAX_RECALC_CELLS = 100_000_000
#: nesting of brackets and function calls in one formula in `recalc` (a chain of cells referring to cells
#: has no limit: it is followed without recursion)
MAX_FORMULA_DEPTH = 100
#: characters of one formula (Excel's own limit is 8,192)
MAX_FORMULA_CHARS = 8_192
#: cells of the named blocks (Crosstable, Settings, Teams, Matches) xltb reads from a workbook given as an
#: event (a 200,000-player crosstable of 15 rounds has 4.2 million)
MAX_WORKBOOK_CELLS = 10_000_000
#: rows and columns of a worksheet (Excel's)
MAX_ROWS = 1_048_576
MAX_COLUMNS = 16_384


def check_workbook_size(path: str) -> None:
    """Refuse, before it is opened, a workbook file over :data:`MAX_FILE_BYTES`, or whose parts
    would decompress to more than :data:`MAX_WORKBOOK_BYTES` together, :data:`MAX_PART_BYTES` one,
    or more than :data:`MAX_COMPRESSION_RATIO` times their compressed size (a zip bomb). The
    sizes are the zip directory's; the reader that decompresses a part stops at the size declared,
    so a part that lies about its size is cut short, not read for ever."""
    import zipfile  # only the commands that read workbooks

    from .errors import InputError

    try:
        size = os.path.getsize(path)
    except FileNotFoundError:
        raise InputError("no such file", file=path) from None
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", file=path) from None
    if size > MAX_FILE_BYTES:
        raise InputError(f"the file is larger than the limit of {size_text(MAX_FILE_BYTES)} for a file read", file=path)
    try:
        with zipfile.ZipFile(path) as archive:
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


def size_text(n: int) -> str:
    """``200 MB``, ``1 GB``: a limit in bytes as the manual states it."""
    for unit, size in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("KB", 1024)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n:,} bytes"


__all__ = ["MAX_FILE_BYTES", "MAX_WORKBOOK_BYTES", "MAX_PART_BYTES", "MAX_COMPRESSION_RATIO", "MAX_PARTICIPANTS",
           "MAX_ROUNDS", "MAX_RANGE_CELLS", "MAX_FORMULA_DEPTH", "MAX_FORMULA_CHARS",
           "MAX_ROWS", "MAX_COLUMNS", "MAX_WORKBOOK_CELLS", "size_text", "check_workbook_size"]
