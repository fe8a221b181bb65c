"""Pausing the cyclic garbage collector while building large acyclic structures.

Reading an event and computing its standings allocate hundreds of thousands of small tuples
and no reference cycles; the collector's repeated full scans over them cost more than the work
itself (about half of the time for a 2,000-player event). The pause is scoped and nests.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def sparse(first: int = 100_000) -> Iterator[None]:
    """The collector run less often (its first generation every ``first`` allocations instead of 700),
    but run: for work that makes hundreds of thousands of small objects and few reference cycles
    (``xltb recalc``: the collector's scans of the workbook's cells cost 10-15% of it), where a
    pause would keep every cycle a hostile workbook's formulas make until the end."""
    before = gc.get_threshold()
    gc.set_threshold(first, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
