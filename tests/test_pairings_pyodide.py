"""TB_PAIRINGS and TB_PAIRINGS_BY_NAME in a real Pyodide runtime (what xlwings Lite runs inside Excel), loaded
from xltb's own wheel: the pairing engine imports and pairs there, and the lists equal CPython's for the
same blocks; "Pair next round"'s cell edits are the same too. Skipped without Node and the pyodide package
(tests/test_excel_pyodide.py says how to install them)."""

from __future__ import annotations

import importlib.util

import pytest

from helpers import SEED
from test_excel_pyodide import case_args, pyodide, wheel  # noqa: F401 - the session's Pyodide runtime
from xltb.functions import core
from xltb.functions.callables import TB_PAIRINGS, TB_PAIRINGS_BY_NAME
from xltb.functions.enter import next_round


def _cut(crosstable: list[list], rounds: int) -> list[list]:
    """The crosstable with the rounds after ``rounds`` emptied (the next round still to pair)."""
    head = crosstable[0]
    later = [i for i, h in enumerate(head) if isinstance(h, str) and h[:1] == "R" and h[1:].isdigit()
             and int(h[1:]) > rounds]
    return [head] + [[None if i in later else v for i, v in enumerate(row)] for row in crosstable[1:]]


CASES = [("roundrobin", SEED / "held-rr6.trf", 3)]
if importlib.util.find_spec("xltb.pairing.dutch") is not None:
    CASES.append(("individual", SEED / "held-swiss16.trf", 4))


@pytest.mark.parametrize("kind, path, after", CASES, ids=[c[0] for c in CASES])
def test_pairings_in_pyodide_equal_cpython(pyodide, kind, path, after):  # noqa: F811 - the fixture
    (crosstable, settings), _ = case_args(kind, path, None)
    crosstable = _cut(crosstable, after)
    for name, here in (("TB_PAIRINGS", TB_PAIRINGS), ("TB_PAIRINGS_BY_NAME", TB_PAIRINGS_BY_NAME)):
        core.clear_cache()
        want = here(crosstable, settings)
        assert want[0][0] == f"Round {after + 1} pairings" + (" by name" if "NAME" in name else "")
        assert pyodide.call("xltb.functions.callables", name, crosstable, settings) == want
    core.clear_cache()
    edits = [list(e) for e in next_round(crosstable, settings).edits]
    code = f"""
from xltb.functions.enter import next_round
result = [list(e) for e in next_round({crosstable!r}, {settings!r}).edits]
"""
    assert pyodide.run(code) == edits and edits
