""""Pair next round" of a workbook whose Settings name the Lim system (PairingSystem Lim; Maxi Yes for a
Maxi-tournament, C.04.4.3 3.2, 3.8, 5.7): each round entered by pair_workbook (xltb.recalc.enter) equals what
``pair(..., system="lim")`` gives for the same state read from the workbook, round after round, with random
results typed between the rounds; with Maxi, the Settings row reaches the engine (some round differs from the
same state paired without it), and the recalculated TB_PAIRINGS shows the round entered."""

from __future__ import annotations

import io
import random

import pytest
from openpyxl import load_workbook

from helpers import set_cells
from xltb.functions import core
from xltb.model import EventType, Player, Tournament
from xltb.pairing.pair import pair
from xltb.readers.registry import read_event
from xltb.recalc.enter import pair_workbook
from xltb.templates.build import render

SIZE, ROUNDS = 14, 5


def template(maxi: bool) -> bytes:
    """The individual template with SIZE players (60 rating points apart), ROUNDS planned, Settings
    PairingSystem Lim (and Maxi Yes)."""
    players = tuple(Player(start_no=i, name=f"P{i:02d}", results=(), rating=2400 - 60 * i)
                    for i in range(1, SIZE + 1))
    data = render("individual", Tournament(name="Lim open", players=players, rounds=0, rounds_planned=ROUNDS,
                                           event_type=EventType.SWISS))
    ws = load_workbook(io.BytesIO(data))["Settings"]
    row = {ws.cell(row=r, column=1).value: r for r in range(1, ws.max_row + 1)}
    cells = {f"B{row['PairingSystem']}": "Lim"}
    if maxi:
        cells[f"B{row['Maxi']}"] = "Yes"
    return set_cells(data, "Settings", cells)


@pytest.mark.parametrize("maxi", [False, True])
def test_round_after_round_as_pair_lim(tmp_path, maxi):
    rng = random.Random(7)
    path = tmp_path / "r0.xlsx"
    path.write_bytes(template(maxi))
    differs = False
    for rnd in range(1, ROUNDS + 1):
        core.clear_cache()
        event = read_event(str(path))[0]
        assert event.plans.maxi is maxi
        expected = pair(event, rnd, system="lim")
        plain = pair(event._replace(plans=event.plans._replace(maxi=False)), rnd, system="lim")
        differs |= [(b.white, b.black) for b in plain.boards] != [(b.white, b.black) for b in expected.boards]
        paired = pair_workbook(path)
        assert paired.pairing.system.value == "lim"
        assert [(b.white, b.black) for b in paired.pairing.boards] == [(b.white, b.black) for b in expected.boards]
        assert [(b.start_no, b.kind) for b in paired.pairing.byes] == [(b.start_no, b.kind) for b in expected.byes]
        shown = load_workbook(io.BytesIO(paired.data), data_only=True)["Pairings"]  # recalculated: TB_PAIRINGS
        assert shown["A1"].value == f"Round {rnd} pairings"
        assert [(r[1].value, r[4].value) for r in shown.iter_rows(min_row=3, max_row=2 + len(expected.boards))] \
            == [(b.white, b.black) for b in expected.boards]
        ws = load_workbook(io.BytesIO(paired.data))["Crosstable"]
        column = next(c for c in ws[1] if c.value == f"R{rnd}").column
        rows = {ws.cell(row=r, column=1).value: r for r in range(2, SIZE + 2)}
        results = {}
        for b in paired.pairing.boards:
            outcome = rng.choice("+=-")
            results[b.white] = f"{outcome}W{b.black}"
            results[b.black] = f"{ {'+': '-', '=': '=', '-': '+'}[outcome]}B{b.white}"
        cells = {f"{ws.cell(row=rows[n], column=column).column_letter}{rows[n]}": text for n, text in results.items()}
        path = tmp_path / f"r{rnd}.xlsx"
        path.write_bytes(set_cells(paired.data, "Crosstable", cells))
    assert read_event(str(path))[0].rounds == ROUNDS
    assert differs is maxi
