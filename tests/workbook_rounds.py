"""A workbook paired round after round as a user does it (``tests/test_pair_workbook.py``,
``tests/test_pair_workbook_lim.py``): each round entered by pair_workbook (xltb.recalc.enter) must be what the
engine pairs on the same event read from the workbook, and the recalculated TB_PAIRINGS must show it; random
results are typed into the round's column of the crosstable before the next round is paired."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Callable

from openpyxl import load_workbook

from helpers import set_cells
from xltb.functions import core
from xltb.model import Tournament
from xltb.pairing.result import RoundPairing
from xltb.readers.registry import read_event
from xltb.recalc.enter import pair_workbook

#: a result typed for white, and what black's cell says of the same game
OTHER = {"+": "-", "=": "=", "-": "+"}


def play_rounds(path: Path, size: int, rounds: int, rng: random.Random,
                expected: Callable[[Tournament, int], RoundPairing]) -> tuple[Path, list[RoundPairing]]:
    """Rounds 1 to ``rounds`` of the workbook at ``path`` (``size`` participants, numbered from 1 in rows 2 on):
    each entered by pair_workbook and compared with ``expected(event, round)``, the event read from the workbook
    before the round; then results drawn by ``rng``. The last workbook written (beside ``path``) and the
    pairings entered, round by round."""
    entered = []
    for rnd in range(1, rounds + 1):
        core.clear_cache()
        want = expected(read_event(str(path))[0], rnd)
        paired = pair_workbook(path)
        entered.append(paired.pairing)
        assert [(b.white, b.black) for b in paired.pairing.boards] == [(b.white, b.black) for b in want.boards]
        assert [(b.start_no, b.kind) for b in paired.pairing.byes] == [(b.start_no, b.kind) for b in want.byes]
        shown = load_workbook(io.BytesIO(paired.data), data_only=True)["Pairings"]  # recalculated: TB_PAIRINGS
        assert shown["A1"].value == f"Round {rnd} pairings"
        assert [(r[1].value, r[4].value) for r in shown.iter_rows(min_row=3, max_row=2 + len(want.boards))] \
            == [(b.white, b.black) for b in want.boards]
        ws = load_workbook(io.BytesIO(paired.data))["Crosstable"]
        column = next(c for c in ws[1] if c.value == f"R{rnd}").column
        rows = {ws.cell(row=r, column=1).value: r for r in range(2, size + 2)}
        results = {}
        for b in paired.pairing.boards:
            outcome = rng.choice("+=-")
            results[b.white] = f"{outcome}W{b.black}"
            results[b.black] = f"{OTHER[outcome]}B{b.white}"
        cells = {f"{ws.cell(row=rows[n], column=column).column_letter}{rows[n]}": text for n, text in results.items()}
        path = path.with_name(f"r{rnd}.xlsx")
        path.write_bytes(set_cells(paired.data, "Crosstable", cells))
    assert read_event(str(path))[0].rounds == rounds
    return path, entered
