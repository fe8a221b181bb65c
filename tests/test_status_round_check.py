"""The Status cell's note on the round entered (xltb.functions.status): a round entered as the system pairs it
(by "Pair next round") adds nothing; one changed by the arbiter adds a note naming the first board of the
system's pairing that differs (another opponent, colours the other way round) or the pairing-allocated bye,
while the round is being entered (once its results are all in, ``xltb check --pairings`` checks it, not the
Status cell); the note stays a note (the Status starts with
``ok``). The recalc host's Status cell says the same as the worksheet function."""

from __future__ import annotations

import pytest

from xltb.functions import core
from xltb.functions.callables import TB_STANDINGS, TB_STATUS
from xltb.functions.enter import next_round
from xltb.functions.status import first_difference
from xltb.check.pairings import PlayedRound
from xltb.model.choice import Choice
from xltb.pairing.result import Board, Bye, RoundPairing
from xltb.model import Kind
from fractions import Fraction

SETTINGS = [["Rounds", 5], ["FirstColour", "White"], ["PairingEdition", "2025-07"]]
#: seven players (an odd number: a PAB each round), no round yet
SEVEN = [["No", "Name", "Rating", "R1", "R2", "R3", "R4", "R5"]] + [
    [i, f"P{i}", 2300 - 50 * i, None, None, None, None, None] for i in range(1, 8)]


def _entered(rows: list[list], settings=SETTINGS) -> tuple[list[list], RoundPairing]:
    """The rows with the next round entered as "Pair next round" enters it."""
    core.clear_cache()
    entered = next_round(rows, settings)
    out = [list(r) for r in rows]
    for edit in entered.edits:
        row, column = edit.place
        out[row - 1][column - 1] = edit.value
    return out, entered.pairing


def _results(rows: list[list], rp: RoundPairing, outcomes: str = "+=-") -> list[list]:
    """Each pending game of the round given a result (White wins, draws, loses in turn)."""
    out = [list(r) for r in rows]
    column = 2 + rp.round
    for i, b in enumerate(rp.boards):
        mine = outcomes[i % len(outcomes)]
        out[b.white][column] = f"{mine}W{b.black}"
        out[b.black][column] = f"{ {'+': '-', '=': '=', '-': '+'}[mine]}B{b.white}"
    return out


def _status(rows: list[list]) -> str:
    core.clear_cache()
    return TB_STATUS(rows, SETTINGS)


def test_a_round_entered_by_the_system_adds_nothing():
    rows, rp = _entered(SEVEN)
    assert _status(rows) == "ok (after round 0 of 5: round 1 paired, no result yet)"
    rows = _results(rows, rp)
    assert _status(rows) == "ok"
    rows, rp = _entered(rows)
    assert rp.round == 2 and _status(rows) == "ok (after round 1 of 5: round 2 paired, no result yet)"
    assert _status(_results(rows, rp)) == "ok"


def test_another_opponent_is_named_with_the_first_board_that_differs():
    rows, rp = _entered(_results(*_entered(SEVEN)))
    column = 2 + rp.round
    b2, b3 = rp.boards[1], rp.boards[2]  # swap the Black players of boards 2 and 3
    changed = [list(r) for r in rows]
    changed[b2.white][column], changed[b3.black][column] = f"W{b3.black}", f"B{b2.white}"
    changed[b3.white][column], changed[b2.black][column] = f"W{b2.black}", f"B{b3.white}"
    note = (f"round 2 entered differs from the dutch pairing, first on board 2: the system gives #{b2.white} - "
            f"#{b2.black}, the crosstable #{b2.white} - #{b3.black}")
    assert _status(changed) == f"ok (after round 1 of 5: round 2 paired, no result yet; {note})"
    played = _results(changed, rp._replace(boards=(rp.boards[0], b2._replace(black=b3.black),
                                                   b3._replace(black=b2.black)) + rp.boards[3:]))
    assert _status(played) == "ok"  # the results all in: the Status cell no longer pairs the round again
    points = {row[1]: row[4] for row in TB_STANDINGS(played, SETTINGS)[1:]}
    assert sum(points.values()) == 2 * (3 + 1)  # both rounds counted: three games and the PAB each


def test_colours_the_other_way_round_and_the_pab():
    rows, rp = _entered(SEVEN)
    column = 2 + rp.round
    first = rp.boards[0]
    swapped = [list(r) for r in rows]
    swapped[first.white][column], swapped[first.black][column] = f"B{first.black}", f"W{first.white}"
    assert _status(swapped) == (
        "ok (after round 0 of 5: round 1 paired, no result yet; round 1 entered differs from the dutch pairing, "
        f"first on board 1: the system gives #{first.white} - #{first.black}, the crosstable #{first.black} - "
        f"#{first.white})")
    pab = next(y.start_no for y in rp.byes if y.kind is Kind.PAB)
    last = rp.boards[-1]  # the PAB given to the last board's Black player instead, that board's White to #pab
    moved = [list(r) for r in rows]
    moved[pab][column], moved[last.black][column] = f"B{last.white}", "+BYE"
    moved[last.white][column] = f"W{pab}"
    assert _status(moved).endswith(
        f"first on board {last.number}: the system gives #{last.white} - #{last.black}, the crosstable "
        f"#{last.white} - #{pab})")


def test_first_difference_of_records():
    """The comparison alone: boards in the system's order, then the PAB."""
    rp = RoundPairing(3, Choice("dutch", "default"), Choice("2026-02", "default"),
                      boards=(Board(1, 1, 2, Fraction(2), Fraction(2)), Board(2, 3, 4, Fraction(1), Fraction(1))),
                      byes=(Bye(5, Kind.PAB, Fraction(1)),))
    assert first_difference(PlayedRound(frozenset({(1, 2), (3, 4)}), frozenset({5})), rp) is None
    assert str(first_difference(PlayedRound(frozenset({(1, 2), (3, 4)}), frozenset({6})), rp)) == (
        "round 3 entered differs from the dutch pairing: the pairing-allocated bye to 6, the system gives it to 5")
    assert str(first_difference(PlayedRound(frozenset({(1, 2), (4, 5)}), frozenset({3})), rp)) == (
        "round 3 entered differs from the dutch pairing, first on board 2: the system gives #3 - #4, the "
        "crosstable the pairing-allocated bye to #3")
    assert str(first_difference(PlayedRound(frozenset({(1, 2)}), frozenset({5})), rp)).endswith(
        "the crosstable no game for #3")


@pytest.mark.parametrize("code", ["de", "fr", "it", "es"])
def test_the_note_in_the_other_languages(code):
    from xltb.report.i18n import language

    rp = RoundPairing(3, Choice("dutch", "default"), Choice("2026-02", "default"),
                      boards=(Board(1, 1, 2, Fraction(2), Fraction(2)),), byes=())
    said = language(code).render(first_difference(PlayedRound(frozenset({(2, 1)}), frozenset()), rp))
    assert "#1 - #2" in said and "#2 - #1" in said and "{" not in said and "round" not in said


def test_the_recalc_hosts_status_cell_says_the_same(tmp_path):
    """``xltb recalc``'s Status cell (its own engine calls the same function) names the board: round 1 entered
    by ``pair_workbook``, then board 1's colours typed the other way round."""
    from helpers import recalc_data, set_cells
    from xltb.model import Player, Tournament
    from xltb.recalc.enter import pair_workbook
    from xltb.templates.build import render

    players = tuple(Player(start_no=i, name=f"P{i}", results=(), rating=2300 - 50 * i) for i in range(1, 8))
    path = tmp_path / "open.xlsx"
    path.write_bytes(render("individual", Tournament(name="Open", players=players, rounds=0, rounds_planned=5)))
    core.clear_cache()
    paired = pair_workbook(path)
    values, _, _ = recalc_data(paired.data)
    assert values["Standings"]["B2"].value == "ok (after round 0 of 5: round 1 paired, no result yet)"
    first = paired.pairing.boards[0]
    cell = {e.value: e.cell for e in paired.edits}
    swapped = set_cells(paired.data, "Crosstable", {cell[f"W{first.black}"]: f"B{first.black}",
                                                     cell[f"B{first.white}"]: f"W{first.white}"})
    core.clear_cache()
    values, _, _ = recalc_data(swapped)
    assert values["Standings"]["B2"].value == (
        "ok (after round 0 of 5: round 1 paired, no result yet; round 1 entered differs from the dutch pairing, "
        f"first on board 1: the system gives #{first.white} - #{first.black}, the crosstable #{first.black} - "
        f"#{first.white})")
