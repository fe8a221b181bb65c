"""What a TRF says of the rounds not played yet (the event's plans): read from 240, the round to pair's own
``0000 - H`` entries, XXZ, 152 / XXC, 250 / XXA; written back by ``xltb trf``, and never part of a score."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import DATA
from xltb.cli.main import main
from xltb.errors import InputError
from xltb.model import Colour, Kind
from xltb.model.plans import Acceleration, RequestedBye
from xltb.readers.registry import read_event
from xltb.writers.trf import write_trf

PLANS = DATA / "pairing" / "plans-after5.trf"


def event_of(path):
    return read_event(str(path))[0]


def records(event):
    """What a round trip must keep: the players' rounds, the rounds planned and the plans (lines aside)."""
    byes = tuple(b._replace(line=None) for b in event.plans.requested_byes)
    return (event.rounds, event.rounds_planned, tuple((p.start_no, p.results) for p in event.players),
            event.plans._replace(requested_byes=byes))


def with_lines(tmp_path, lines, name="e.trf"):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_file_to_pair_after_round_5_is_read_with_its_plans():
    e = event_of(PLANS)
    assert (e.rounds, e.rounds_planned) == (5, 9)
    assert e.plans.first_colour is Colour.WHITE
    assert [(b.start_no, b.round, b.kind) for b in e.plans.requested_byes] == [
        (4, 6, Kind.HALF_BYE), (9, 6, Kind.HALF_BYE), (12, 6, Kind.ZERO_BYE), (16, 7, Kind.FULL_BYE)]
    late = e.player(17)  # the late entry: not paired in rounds 1-4 (known absences), then a game
    assert [r.kind for r in late.results] == [Kind.ZERO_BYE] * 4 + [Kind.LOSS]
    # the requested byes of rounds to come are no results: the scores are those of the five rounds
    assert e.player(4).points == Fraction(7, 2) and len(e.player(4).results) == 5
    assert not any("240" in str(w) for w in e.warnings)


def test_round_trip_through_xltb_trf_keeps_the_records(tmp_path, capsys):
    out = tmp_path / "out.trf"
    assert main(["trf", str(PLANS), "-o", str(out)]) == 0
    text = out.read_text()
    assert "XXC white1" in text and "XXR 9" in text and "240 H 006    4    9" in text
    assert records(event_of(out)) == records(event_of(PLANS))
    again = tmp_path / "again.trf"  # and once more: a fixed point
    assert main(["trf", str(out), "-o", str(again)]) == 0
    assert records(event_of(again)) == records(event_of(PLANS))


def test_writing_needs_no_ranking():
    written = write_trf(event_of(PLANS))
    line = next(l for l in written.text.split("\r\n") if l.startswith("001   16"))
    assert line[80:84] == " 3.5" and line[85:89].strip() == ""  # points filled in, no rank
    assert "202 " not in written.text


def test_a_cut_event_keeps_its_plans(tmp_path):
    out = tmp_path / "cut.trf"
    assert main(["trf", str(PLANS), "--after-round", "4", "-o", str(out)]) == 0
    e = event_of(out)
    assert e.rounds == 4 and e.rounds_planned == 9
    assert {(b.start_no, b.round) for b in e.plans.requested_byes} == {(4, 6), (9, 6), (12, 6), (16, 7)}


def test_the_round_to_pair_as_its_own_entries(tmp_path):
    """bbpPairings and gacrux take a file to pair with the round's own ``0000 - H`` / ``0000 - Z``: the same
    plans as 240 records."""
    lines = [l for l in PLANS.read_text().splitlines() if not l.startswith("240")]
    own = {4: "0000 - H", 9: "0000 - H", 12: "0000 - Z"}
    lines = [l + "  " + own[int(l[4:8])] if l.startswith("001") and int(l[4:8]) in own else l for l in lines]
    e = event_of(with_lines(tmp_path, lines + ["240 F 007   16"]))
    assert records(e) == records(event_of(PLANS))


def test_a_paired_round_is_not_a_round_to_pair(tmp_path):
    """A last round with a game or a PAB in it is a round paired: its byes are results."""
    lines = PLANS.read_text().splitlines()
    lines = [l.replace(" 3.5 ", " 4.5 ") + "  0000 - U" if l.startswith("001    1")
             else l.replace(" 3.5 ", " 4.0 ") + "  0000 - H" if l.startswith("001    4") else l for l in lines]
    lines = [l for l in lines if not l.startswith("240 H")]
    e = event_of(with_lines(tmp_path, lines))
    assert e.rounds == 6 and e.player(4).result(6).kind is Kind.HALF_BYE


def test_xxz_is_a_zero_point_bye_in_the_round_to_pair(tmp_path):
    lines = [l for l in PLANS.read_text().splitlines() if not l.startswith("240")] + ["XXZ 3 5"]
    e = event_of(with_lines(tmp_path, lines))
    assert e.plans.requested_byes == (RequestedBye(3, 6, Kind.ZERO_BYE, len(lines)),
                                      RequestedBye(5, 6, Kind.ZERO_BYE, len(lines)))


def test_acceleration_250_and_xxa(tmp_path):
    lines = PLANS.read_text().splitlines() + ["250      1.0 001 003 0001 0004", "250      0.5 004 005 0001 0002",
                                              "XXA    9  1.0  1.0  0.0  0.5"]
    e = event_of(with_lines(tmp_path, lines))
    half, one, zero = Fraction(1, 2), Fraction(1), Fraction(0)
    assert e.plans.acceleration == (
        Acceleration(1, (one, one, one, half, half)), Acceleration(2, (one, one, one, half, half)),
        Acceleration(3, (one, one, one)), Acceleration(4, (one, one, one)), Acceleration(9, (one, one, zero, half)))
    assert e.player(1).points == Fraction(7, 2)  # virtual points never reach a score
    back = event_of(with_lines(tmp_path, write_trf(e).text.split("\r\n"), "back.trf"))
    assert back.plans.acceleration == e.plans.acceleration


def test_152_and_xxc_must_agree(tmp_path):
    lines = PLANS.read_text().splitlines() + ["152 B"]
    with pytest.raises(InputError, match="first round's colour"):
        event_of(with_lines(tmp_path, lines))
    e = event_of(with_lines(tmp_path, [l for l in lines if not l.startswith("XXC")]))
    assert e.plans.first_colour is Colour.BLACK


def test_two_different_byes_for_one_round_are_refused(tmp_path):
    lines = PLANS.read_text().splitlines() + ["240 Z 006    4"]
    with pytest.raises(InputError, match="two byes") as err:
        event_of(with_lines(tmp_path, lines))
    assert err.value.line == len(lines)


def test_a_withdrawal_is_written_as_zero_point_byes_to_the_last_round():
    from xltb.model.plans import Withdrawal

    e = event_of(PLANS)
    e = e._replace(plans=e.plans._replace(withdrawals=(Withdrawal(15, 7),)))
    text = write_trf(e).text
    assert [l for l in text.split("\r\n") if l.startswith("240 Z")] == [
        "240 Z 006   12", "240 Z 007   15", "240 Z 008   15", "240 Z 009   15"]


def test_a_team_file_to_pair(tmp_path):
    """A team's 240 bye for a round nobody has paired yet is a plan, not a result; written back as 240."""
    source = DATA / "team" / "held-team14.trf"
    original = event_of(source)
    path = with_lines(tmp_path, source.read_text().splitlines() + [f"240 H {original.rounds + 1:03d}    3"], "t.trf")
    e = event_of(path)
    assert e.rounds == original.rounds and [t.mp for t in e.teams] == [t.mp for t in original.teams]
    assert [(b.start_no, b.round, b.kind) for b in e.plans.requested_byes] == [(3, original.rounds + 1, Kind.HALF_BYE)]
    assert f"240 H {original.rounds + 1:03d}    3" in write_trf(e).text.split("\r\n")


def test_fides_program_pairs_the_file_xltb_writes_with_its_byes(tmp_path):
    """gacrux (FIDE's reference program, a test dependency) reads the plans xltb writes: paired from the
    written file, round 6 gives #4 and #9 their half-point byes and #12 his zero-point bye."""
    import subprocess
    import sys

    from gacrux_host import unavailable

    if unavailable():
        pytest.skip(unavailable())
    out, paired = tmp_path / "p5.trf", tmp_path / "g6.trf"
    assert main(["trf", str(PLANS), "-o", str(out)]) == 0
    done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(out), "-p", "-n", "6", "-m",
                           "dutch", "-F", "TRF", "-o", str(paired)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = {int(l[4:8]): l[141:149] for l in paired.read_text().splitlines() if l.startswith("001")}
    assert (lines[4], lines[9], lines[12]) == ("0000 - H", "0000 - H", "0000 - Z")
    assert all(lines[n][:4].strip() not in ("", "0000") for n in lines if n not in (4, 9, 12))  # the rest paired
