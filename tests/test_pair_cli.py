"""``xltb pair``: the round to pair, the choices with their origin, the outputs (text, CSV, JSON, TRF), the
bad input refused with the file and the round, and a system's output checked before anyone sees it.

The Swiss systems are tested where they live; here a small system registered for the test (pairing numbers
in order, the last one the PAB, the requested byes left out as the plans say) stands in for them."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from fractions import Fraction

import pytest

from helpers import DATA
from xltb.cli.main import main
from xltb.errors import InputError, XltbError
from xltb.messages import Message
from xltb.model import Kind
from xltb.pairing import systems
from xltb.pairing.pair import pair
from xltb.pairing.result import Board, Bye, Pairs
from xltb.readers.registry import read_event

PLANS = DATA / "pairing" / "plans-after5.trf"  # 17 players after round 5 of 9; byes asked for rounds 6 and 7
SEEN: list = []


def in_order(event, round_no, edition, *, lots=None):
    """Pairs the available players by pairing number, each with the first one after him he has not met; an odd
    one out gets the PAB."""
    SEEN.append((round_no, edition.key, lots, event.rounds, event.plans.byes_for(round_no)))
    asked = event.plans.byes_for(round_no)
    points = {p.start_no: p.points for p in event.players}
    met = {(p.start_no, r.opponent) for p in event.players for r in p.results if r.opponent is not None}
    table = event.scoring.table()
    byes = [Bye(no, kind, table[kind], (Message("pair.berger_requested", no=no),)) for no, kind in sorted(asked.items())]
    free = [p.start_no for p in event.players if p.start_no not in asked]
    boards = []
    while len(free) > 1:
        a = free.pop(0)
        b = next(x for x in free if (a, x) not in met)
        free.remove(b)
        boards.append(Board(len(boards) + 1, a, b, points[a], points[b]))
    if free:
        byes.append(Bye(free.pop(), Kind.PAB, table[Kind.PAB]))
    return Pairs(tuple(boards), tuple(byes))


def repeats(event, round_no, edition, *, lots=None):
    """A broken system: pairs 1 and 13 again (they met in round 2)."""
    pairs = in_order(event, round_no, edition, lots=lots)
    others = [b for b in pairs.boards if 1 not in (b.white, b.black) and 13 not in (b.white, b.black)]
    partners = [n for b in pairs.boards if b not in others for n in (b.white, b.black) if n not in (1, 13)]
    boards = [Board(1, 1, 13, Fraction(0), Fraction(0)), Board(2, partners[0], partners[1], Fraction(0), Fraction(0))]
    return pairs._replace(boards=tuple(boards) + tuple(b._replace(number=i + 3) for i, b in enumerate(others)))


def stuck(event, round_no, edition, *, lots=None):
    """A system that finds no legal pairing."""
    raise XltbError("no legal pairing: every remaining pair has met")


@pytest.fixture
def test_systems(monkeypatch):
    monkeypatch.setitem(systems.LOADERS, "inorder", lambda: in_order)
    monkeypatch.setitem(systems.LOADERS, "repeats", lambda: repeats)
    monkeypatch.setitem(systems.LOADERS, "stuck", lambda: stuck)
    SEEN.clear()


def event():
    return read_event(str(PLANS))[0]


def test_the_first_round_without_results_with_the_state_and_the_choices(test_systems):
    rp = pair(event(), system="inorder", lots=7)
    assert rp.round == 6
    assert SEEN == [(6, "2025-07", 7, 5, {4: Kind.HALF_BYE, 9: Kind.HALF_BYE, 12: Kind.ZERO_BYE})]
    assert (rp.system.value, rp.system.origin) == ("inorder", "user")
    # the start date 2024-10-24 is before 2025-07, the oldest text xltb pairs by: used, and said so (xltb's default)
    assert (rp.edition.value, rp.edition.origin) == ("2025-07", "default")
    assert "before the oldest edition" in rp.edition.text
    assert [(y.start_no, y.kind) for y in rp.byes] == [(4, Kind.HALF_BYE), (9, Kind.HALF_BYE), (12, Kind.ZERO_BYE)]
    assert len(rp.boards) == 7  # 17 players, three byes asked
    assert pair(event(), system="inorder", edition="2026").edition == ("2026-02", "user", "")


def test_an_earlier_round_is_paired_from_the_state_before_it(test_systems):
    pair(event(), 3, system="inorder")
    round_no, _, _, rounds, asked = SEEN[-1]
    assert (round_no, rounds) == (3, 2)
    # in round 3 #9 had a half-point bye and #6 the PAB: the requested bye is kept out, the PAB is the system's
    # to give; the late entry #17, not there in round 3, is not paired either
    assert asked == {9: Kind.HALF_BYE, 17: Kind.ZERO_BYE}


def test_the_default_system_of_a_swiss_is_the_dutch():
    if importlib.util.find_spec("xltb.pairing.dutch") is None:
        with pytest.raises(XltbError, match="'dutch' is not available"):
            pair(event())
    else:
        assert pair(event()).system == ("dutch", "default", Message("pair.system_swiss"))


def test_text_csv_and_json(test_systems, capsys):
    assert main(["pair", str(PLANS), "--system", "inorder"]) == 0
    text = capsys.readouterr().out
    assert "pairings of round 6" in text and "#12 Nick: zero-point bye, 0" in text
    assert main(["pair", str(PLANS), "--system", "inorder", "-f", "csv", "--lang", "de"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["Br", "Weiß", "Name", "Pkt", "Schwarz", "Name", "Pkt"]
    assert rows[1] == ["1", "1", "Alyx", "3,5", "3", "Charline", "3,5"]
    assert main(["pair", str(PLANS), "--system", "inorder", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["round"] == 6 and doc["boards"][0] == {
        "board": 1, "white": 1, "black": 3, "white_name": "Alyx", "black_name": "Charline", "white_points": 3.5,
        "black_points": 3.5, "reasons": []}
    assert [(y["no"], y["kind"]) for y in doc["byes"]] == [(4, "HPB"), (9, "HPB"), (12, "ZPB")]
    assert doc["edition"] == {"value": "2025-07", "origin": "default", "reason": "the start date 2024-10-24 is before the "
                              "oldest edition of the Swiss rules xltb pairs by (2025-07): that edition used"}
    assert main(["pair", str(PLANS), "--system", "inorder", "--explain"]) == 0
    assert "#4:\n    #4 asked for a bye" in capsys.readouterr().out


def test_a_trf_to_go_on_from(test_systems, tmp_path):
    out = tmp_path / "r6.trf"
    assert main(["pair", str(PLANS), "--system", "inorder", "-o", str(out)]) == 0
    text = out.read_text()
    line1 = next(l for l in text.splitlines() if l.startswith("001    1"))
    assert line1[141:].rstrip("\r") == "   3 w"  # round 6: the opponent and colour, the result blank (line end)
    again = read_event(str(out))[0]
    assert again.rounds == 6 and again.player(17).result(6).opponent == 16
    assert again.player(4).result(6).kind is Kind.HALF_BYE
    assert [(b.start_no, b.round) for b in again.plans.requested_byes] == [(16, 7)]  # round 7's stays a plan
    assert again.plans.first_colour is not None and again.rounds_planned == 9


def test_bad_input_names_the_file_and_the_round(test_systems, capsys):
    e = event()
    with pytest.raises(InputError, match="round 8: the rounds with results end with round 5") as err:
        pair(e, 8, system="inorder")
    assert err.value.file == str(PLANS)
    # round 2: #1 says he played #10, whose line says #9
    one = e.player(1)
    broken = e._replace(players=tuple(p._replace(results=p.results[:1] + (p.result(2)._replace(opponent=10),)
                                                 + p.results[2:]) if p.start_no == 1 else p for p in e.players))
    with pytest.raises(InputError, match="round 2: player 1 is paired with 10"):
        pair(broken, system="inorder")
    assert one.result(2).opponent == 13
    assert main(["pair", str(PLANS), "--system", "nosuch"]) == 2
    assert "unknown pairing system 'nosuch'" in capsys.readouterr().err


def test_beyond_the_rounds_planned(test_systems):
    with pytest.raises(InputError, match="round 6: the event has 5 rounds planned"):
        pair(event()._replace(rounds_planned=5), system="inorder")


def test_a_system_that_breaks_an_absolute_criterion_is_never_shown(test_systems, capsys):
    with pytest.raises(RuntimeError, match="absolute criterion"):
        pair(event(), system="repeats")
    assert main(["pair", str(PLANS), "--system", "repeats"]) == 3


def test_no_legal_pairing_names_the_file_and_the_round(test_systems, capsys):
    from xltb.pairing.pair import NoPairing

    with pytest.raises(NoPairing, match="round 6: the stuck system found no pairing: no legal pairing") as err:
        pair(event(), system="stuck")
    assert err.value.file == str(PLANS)
    assert main(["pair", str(PLANS), "--system", "stuck"]) == 2
    # the checker says it for each round and goes on
    from xltb.check.pairings import check_pairings

    report = check_pairings(event(), system="stuck")
    assert [r.round for r in report.rounds] == [1, 2, 3, 4, 5] and all(r.error for r in report.rounds)
    assert not report.ok
