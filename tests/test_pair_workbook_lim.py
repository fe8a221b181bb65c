""""Pair next round" of a workbook whose Settings name the Lim system (PairingSystem Lim; Maxi Yes for a
Maxi-tournament, C.04.4.3 3.2, 3.8, 5.7): each round entered by pair_workbook (xltb.recalc.enter) equals what
``pair(..., system="lim")`` gives for the same state read from the workbook, round after round, with random
results typed between the rounds, and the recalculated TB_PAIRINGS shows the round entered (the loop:
tests/workbook_rounds.py); with Maxi, the Settings row reaches the engine (some round differs from the same state
paired without it)."""

from __future__ import annotations

import io
import random

import pytest
from openpyxl import load_workbook

from helpers import set_cells
from workbook_rounds import play_rounds
from xltb.model import EventType, Player, Tournament
from xltb.pairing.pair import pair
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
    path = tmp_path / "r0.xlsx"
    path.write_bytes(template(maxi))
    differs = []

    def expected(event, rnd):
        assert event.plans.maxi is maxi
        plain = pair(event._replace(plans=event.plans._replace(maxi=False)), rnd, system="lim")
        want = pair(event, rnd, system="lim")
        differs.append([(b.white, b.black) for b in plain.boards] != [(b.white, b.black) for b in want.boards])
        return want

    _, entered = play_rounds(path, SIZE, ROUNDS, random.Random(7), expected)
    assert {p.system.value for p in entered} == {"lim"}
    assert any(differs) is maxi
