"""``xltb check --pairings``: every round paired again from the state before it and compared with the played
one; the absolute criteria of C.04.1 checked on the played pairings whatever the system."""

from __future__ import annotations

import json

from test_berger import trf_round_robin
from xltb.check.pairings import breaches, check_pairings, played_round
from xltb.cli.main import main
from xltb.messages import Message
from xltb.pairing.pair import state_before
from xltb.readers.registry import read_event
from xltb.model import Kind


def line(no: int, points: str, *blocks: str) -> str:
    return f"001 {no:4d}      {'Player ' + str(no):<33} {2100 - 10 * no}{'':28}{points:>4}{'':7}" + "  ".join(blocks)


#: five players, three rounds of six: #5 gets the PAB twice (rounds 1 and 2), #1 and #2 meet again in round 3,
#: where #1 has white for the third time in a row (colour difference +3)
SWISS = ["012 Breaches", "042 2025/09/01", "092 Individual: Swiss-System", "XXR 6",
         line(1, "3.0", "   2 w 1", "   3 w 1", "   2 w 1"),
         line(2, "0.0", "   1 b 0", "   4 w 0", "   1 b 0"),
         line(3, "1.5", "   4 w =", "   1 b 0", "   5 w 1"),
         line(4, "2.5", "   3 b =", "   2 b 1", "0000 - U"),
         line(5, "2.0", "0000 - U", "0000 - U", "   3 b 0")]


def swiss(tmp_path, lines=SWISS):
    path = tmp_path / "swiss.trf"
    path.write_text("\n".join(lines) + "\n")
    return read_event(str(path))[0]


def test_the_absolute_criteria_broken_whatever_the_system(tmp_path):
    event = swiss(tmp_path)
    assert breaches(event, 1) == ()
    assert breaches(event, 2) == (Message("pair.breach_pab", no=5, before=1),)
    assert set(breaches(event, 3)) == {Message("pair.breach_repeat", a=1, b=2, before=1),
                                       Message("pair.breach_difference", no=1, difference=3),
                                       Message("pair.breach_three", no=1, colour=Message("pair.colour_white"))}


def test_the_last_round_may_break_the_colour_rules(tmp_path):
    """C.04.1 6 and 7: each system may make exceptions in the last round (here round 3 of 3)."""
    event = swiss(tmp_path, [l.replace("XXR 6", "XXR 3") for l in SWISS])
    assert set(breaches(event, 3)) == {Message("pair.breach_repeat", a=1, b=2, before=1)}


def test_a_forfeit_is_no_game(tmp_path):
    """Players whose game was forfeited may meet again, and the forfeit's colour is no colour played."""
    lines = [l.replace("   2 w 1", "   2 w +", 1) if l.startswith("001    1") else
             l.replace("   1 b 0", "   1 b -", 1) if l.startswith("001    2") else l for l in SWISS]
    event = swiss(tmp_path, lines)
    assert Message("pair.breach_repeat", a=1, b=2, before=1) not in breaches(event, 3)
    assert not any(m.id == "pair.breach_three" for m in breaches(event, 3))


def test_the_state_before_a_round_keeps_its_byes_out(tmp_path):
    """Re-pairing round 3: the rounds from 3 on cut away, #4's half-point bye of round 3 a requested bye."""
    lines = [l.replace("0000 - U", "0000 - H").replace(" 2.5 ", " 2.0 ") if l.startswith("001    4") else l
             for l in SWISS]
    event = swiss(tmp_path, lines)
    state = state_before(event, 3)
    assert state.rounds == 2 and all(len(p.results) == 2 for p in state.players)
    assert [(b.start_no, b.round, b.kind) for b in state.plans.requested_byes] == [(4, 3, Kind.HALF_BYE)]
    assert played_round(event, 3) == played_round(event, 3)._replace(pab=frozenset())
    assert played_round(event, 3).games == frozenset({(1, 2), (3, 5)})


def test_a_round_robin_played_by_the_tables_is_identical(tmp_path, capsys):
    path = trf_round_robin(tmp_path, 7, 5)
    report = check_pairings(read_event(str(path))[0])
    assert [r.identical for r in report.rounds] == [True] * 5 and report.ok
    assert main(["check", "--pairings", str(path)]) == 0
    assert "round 5: identical" in capsys.readouterr().out


def test_a_round_played_otherwise_differs(tmp_path, capsys):
    path = trf_round_robin(tmp_path, 6, 3)
    text = path.read_text().splitlines()
    # round 2, board 1 of the table is 6 - 4: played with the colours the other way round
    swap = {6: ("   4 w 1", "   4 b 0"), 4: ("   6 b 0", "   6 w 1")}
    fixed = []
    for l in text:
        if l.startswith("001") and int(l[4:8]) in swap:
            old, new = swap[int(l[4:8])]
            block = l[91 + 10:99 + 10]
            assert block == old
            l = l[:101] + new + l[109:]
            l = l[:80] + "    " + l[84:]  # the totals left blank: read from the results
        fixed.append(l)
    path.write_text("\n".join(fixed) + "\n")
    event = read_event(str(path))[0]
    report = check_pairings(event)
    assert [r.identical for r in report.rounds] == [True, False, True] and not report.ok
    assert report.rounds[1].differences == (Message("pair.check_colours", white=4, black=6, board=1),)
    assert main(["check", "--pairings", str(path), "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [r["identical"] for r in doc["rounds"]] == [True, False, True]
    assert main(["check", "--pairings", str(path), "--lang", "de"]) == 1


def test_the_criterion_a_played_round_breaks_is_named(tmp_path):
    """The Dutch's own criteria judge the played pairing: round 2 gives #5 a second PAB ([C2]), round 3 has #1
    and #2 meet again ([C1]); both also reported as C.04.1's absolute criteria."""
    from xltb.check.pairings_criteria import judge

    event = swiss(tmp_path)
    second, third = played_round(event, 2), played_round(event, 3)
    assert [v.criterion for v in judge(event, 2, second.games, second.pab)] == ["C2"]
    assert [(v.criterion, v.message) for v in judge(event, 3, third.games, third.pab)] == [
        ("C1", Message("pair.check.c1", a=1, b=2))]
    report = check_pairings(event)
    assert [v.criterion for v in report.rounds[2].verdicts] == ["C1"]
