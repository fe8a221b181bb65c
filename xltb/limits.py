"""The limits of what xltb reads: each is checked before the work it bounds is done, and a file
over a limit is refused with a message naming the limit (see the README, "Limits").

They are far above any real chess event (the largest open on record had a few thousand players
and fifteen rounds) and low enough that a hostile file cannot make xltb use gigabytes of memory
or run for minutes.
"""

from __future__ import annotations

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
#: cells a range of a formula may span in `recalc` (a whole sheet, A1:XFD1048576, has 17 billion)
MAX_RANGE_CELLS = 5_000_000
#: nesting of a formula (brackets, function calls) and length of a chain of cells referring to cells
MAX_FORMULA_DEPTH = 100
MAX_REFERENCE_CHAIN = 10_000
#: characters of one formula (Excel's own limit is 8,192)
MAX_FORMULA_CHARS = 8_192
#: rows and columns of a worksheet (Excel's)
MAX_ROWS = 1_048_576
MAX_COLUMNS = 16_384


def size_text(n: int) -> str:
    """``200 MB``, ``1 GB``: a limit in bytes as the README states it."""
    for unit, size in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("KB", 1024)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n:,} bytes"


__all__ = ["MAX_FILE_BYTES", "MAX_WORKBOOK_BYTES", "MAX_PART_BYTES", "MAX_COMPRESSION_RATIO", "MAX_PARTICIPANTS",
           "MAX_ROUNDS", "MAX_RANGE_CELLS", "MAX_FORMULA_DEPTH", "MAX_REFERENCE_CHAIN", "MAX_FORMULA_CHARS",
           "MAX_ROWS", "MAX_COLUMNS", "size_text"]
