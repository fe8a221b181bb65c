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
