"""The Lim system (C.04.4.3) on the examples its text gives, written out by hand: the order of the
score-groups (2.2), the proposed pairings (2.4), the exchanges of 4.2-4.4, the floater's choice (3.2,
3.3, 3.8), the PAB (1.1), the colours (5, 7.2), the compatibility (2.1, 6); then random events paired
round by round: no absolute criterion broken, and the checker reproduces every round."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from xltb.check.pairings import check_pairings
from xltb.cli.main import main
from xltb.errors import XltbError
from xltb.model.results import Colour
from xltb.pairing import systems
from xltb.pairing.c044.lim import Round, pair_lim, pair_round
from xltb.pairing.c044.lim_colours import allocate, compatible, due
from xltb.pairing.pair import pair, state_before
from xltb.pairing.state import Entrant, Float, RoundState, preference
from xltb.sheets.pairing_settings import parse_pairing

W, B = Colour.WHITE, Colour.BLACK
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import pairing_corpus  # noqa: E402
import pairing_systems  # noqa: E402

#: five games of alternating colours, cd +1 / -1: every colour allowed next (2.1)
WB, BW = (W, B, W, B, W), (B, W, B, W, B)


def entrant(no: int, colours: tuple[Colour, ...], score: Fraction | int = 1, met: tuple[int, ...] = (),
            floated: bool = False) -> Entrant:
    s = Fraction(score)
    return Entrant(no, no, None, s, s, colours, preference(colours), (Float.DOWN if floated else Float.NONE,
                                                                       Float.NONE),
                   frozenset(met), True, 0, False)


def paired(players: list[Entrant], round_no: int = 6, rounds: int = 9) -> Round:
    # a player who met another: the other met him too
    met = {p.start_no: set(p.met) for p in players}
    for p in players:
        for o in p.met:
            met.setdefault(o, set()).add(p.start_no)
    players = [p._replace(met=frozenset(met[p.start_no])) for p in players]
    return pair_round(RoundState(round_no, rounds, tuple(players), (), W, Fraction(1), Fraction(1)))


def pairs_of(rnd: Round) -> list[tuple[int, int]]:
    return [(rnd.entrants[a].start_no, rnd.entrants[b].start_no) for g in rnd.groups for a, b in g.pairs]


def six(met: dict[int, tuple[int, ...]]) -> list[Entrant]:
    """The six players of 4.2, one score-group above the median (4 points after 5 rounds): the upper half
    due white, the lower half due black (no exchange for the colours, 5.2)."""
    return [entrant(n, BW if n <= 3 else WB, 4, met.get(n, ())) for n in range(1, 7)]


def test_the_proposed_pairings() -> None:
    # 2.4: 1 v (n/2 + 1), 2 v (n/2 + 2) ... n/2 v n
    assert pairs_of(paired(six({}))) == [(1, 4), (2, 5), (3, 6)]


def test_the_exchanges_of_the_example() -> None:
    # 4.2: 1 v 4 not compatible (met before): 4 and 5 change places
    assert pairs_of(paired(six({1: (4,)}))) == [(1, 5), (2, 4), (3, 6)]
    # 1 v 5 not compatible either: the further exchange, 1 v 6, 2 v 4, 3 v 5
    assert pairs_of(paired(six({1: (4, 5)}))) == [(1, 6), (2, 4), (3, 5)]
    # 4.3: #1 has #6; 2 v 4 not compatible: 2 v 5, 3 v 4
    assert pairs_of(paired(six({1: (4, 5), 2: (4,)}))) == [(1, 6), (2, 5), (3, 4)]


def test_the_second_scrutiny_exchanges_for_the_colours() -> None:
    # 5.2: 1 v 6, 2 v 4, 3 v 5 after the exchanges of 4.2; 2 and 4 are both due white, 3 and 5 both due
    # black: exchanging 4 and 5 gives every player his colour
    players = [entrant(n, WB if n % 2 else BW, 4, {1: (4, 5)}.get(n, ())) for n in range(1, 7)]
    assert pairs_of(paired(players)) == [(1, 6), (2, 5), (3, 4)]


def test_a_player_without_an_opponent_floats_with_the_lowest_remaining() -> None:
    # 4.4: #1 and #2 have met each other and all but #6: 1 v 6 retained, #2 floats; the group was even,
    # so the lowest numbered player remaining (#5) floats with him; 3 v 4
    top = six({1: (2, 3, 4, 5), 2: (3, 4, 5)})
    below = [entrant(n, WB if n % 2 else BW, 1) for n in range(7, 11)]
    rnd = paired(top + below)
    first = rnd.groups[0]
    assert sorted(rnd.entrants[v].start_no for v in first.outgoing) == [2, 5]
    assert [(rnd.entrants[a].start_no, rnd.entrants[b].start_no) for a, b in first.pairs] == [(1, 6), (3, 4)]


def test_in_an_odd_group_the_player_without_an_opponent_changes_places_with_the_floater() -> None:
    # 4.4: seven players; four due white, three due black: #7, the lowest numbered due white, floats to
    # make the group even (3.2). #1 and #2 have met each other and all the others but #6: #2 has no
    # opponent, so he changes places with the floater #7, who is paired in the group
    ws, bs = (B, W, B, W, B), (W, B, W, B, W)  # due white, due black
    group = [entrant(n, ws if n % 2 else bs, 4) for n in range(1, 8)]
    group[0] = group[0]._replace(met=frozenset({2, 3, 4, 5, 7}))
    group[1] = group[1]._replace(met=frozenset({1, 3, 4, 5, 7}))
    lower = [entrant(n, ws if n % 2 else bs, 1) for n in range(8, 11)]
    rnd = paired(group + lower)
    first = rnd.groups[0]
    assert [rnd.entrants[v].start_no for v in first.outgoing] == [2]
    assert [(rnd.entrants[a].start_no, rnd.entrants[b].start_no) for a, b in first.pairs] == [(1, 6), (3, 5), (4, 7)]


def test_the_order_of_the_score_groups() -> None:
    # 2.2: after 4 rounds (median 2): 4, 3 downward, then 0, 1 upward, the median (2) last and downward
    players = [entrant(n, (W, B, W, B) if n % 2 else (B, W, B, W), s) for n, s in
               enumerate([4, 4, 3, 3, 2, 2, 1, 1, 0, 0], start=1)]
    rnd = paired(players, round_no=5)
    assert [(g.score, g.downward, g.median) for g in rnd.groups] == [
        (4, True, False), (3, True, False), (0, False, False), (1, False, False), (2, True, True)]


def test_a_blocked_median_group_cracks_the_pair_of_the_group_above() -> None:
    # 2.6: after 2 rounds (median 1): 1 v 2 above, 5 v 6 below, and the median group, 3 and 4, who have
    # met, cannot be paired. As many floaters came from above as from below (none): the next pairing of
    # the higher group, 1 v 2, is cracked; 1 and 2 join the median group as downfloaters, paired first
    # (3.6), each with the highest player due the other colour (3.8)
    players = [entrant(1, (W, B), 2), entrant(2, (B, W), 2), entrant(3, (W, B), 1, met=(4,)), entrant(4, (B, W), 1),
               entrant(5, (W, B), 0), entrant(6, (B, W), 0)]
    rnd = paired(players, round_no=3)
    median = rnd.groups[-1]
    assert median.median and [rnd.entrants[v].start_no for v in median.cracked] == [1, 2]
    assert sorted(pairs_of(rnd)) == [(1, 4), (2, 3), (6, 5)]  # (upward: 6, the lowest numbered, scrutinised first)


def test_the_even_making_floater_equalises_the_colours_else_the_lowest_numbered() -> None:
    # 3.2: three players due white and two due black downward: the lowest numbered due white floats
    ws, bs = (B, W, B, W, B), (W, B, W, B, W)  # due white, due black
    group = [entrant(1, ws, 4), entrant(2, bs, 4), entrant(3, ws, 4), entrant(4, ws, 4), entrant(5, bs, 4)]
    lower = [entrant(6, bs, 1), entrant(7, ws, 1), entrant(8, bs, 1)]
    rnd = paired(group + lower)
    assert [rnd.entrants[v].start_no for v in rnd.groups[0].outgoing] == [4]
    # as many due white as due black (5 has no game: due no colour): the lowest numbered, #5, floats
    group = [entrant(1, ws, 4), entrant(2, bs, 4), entrant(3, ws, 4), entrant(4, bs, 4), entrant(5, (), 4)]
    rnd = paired(group + lower + [entrant(9, ws, 1)])  # (9, the lowest of the lowest group, has the PAB)
    assert [rnd.entrants[v].start_no for v in rnd.groups[0].outgoing] == [5]
    # 3.10: not #5 when he floated in the previous round: the next lowest numbered, #4
    group[4] = entrant(5, (), 4, floated=True)
    rnd = paired(group + lower + [entrant(9, ws, 1)])
    assert [rnd.entrants[v].start_no for v in rnd.groups[0].outgoing] == [4]
    # 3.3, 3.5: not #5 when he has no compatible opponent in the lower group (he met them all)
    group[4] = entrant(5, (), 4, met=(6, 7, 8))
    rnd = paired(group + lower + [entrant(9, ws, 1)])
    assert [rnd.entrants[v].start_no for v in rnd.groups[0].outgoing] == [4]


def test_the_floater_upward_is_the_highest_numbered() -> None:
    # 2.2, 3.2: after 5 rounds (median 2.5) the group of 0 is paired upward before the group of 1; with as
    # many players due white as due black, the highest numbered (the top of the group, #5) floats up
    ws, bs = (B, W, B, W, B), (W, B, W, B, W)
    players = [entrant(1, ws, 5), entrant(2, bs, 5), entrant(3, ws, Fraction(5, 2)), entrant(4, bs, Fraction(5, 2)),
               entrant(5, ws, 0), entrant(6, bs, 0), entrant(7, ws, 0), entrant(8, bs, 0), entrant(9, (), 0),
               entrant(10, ws, 1), entrant(11, bs, 1), entrant(12, ws, 1)]
    rnd = paired(players)
    zero = next(g for g in rnd.groups if g.score == 0)
    assert not zero.downward and not zero.median
    assert [rnd.entrants[v].start_no for v in zero.outgoing] == [5]


def test_the_incoming_floater_meets_the_highest_player_due_the_other_colour() -> None:
    # 3.8: downward, the floater (due white) meets the highest numbered player due black
    ws, bs = (B, W, B, W, B), (W, B, W, B, W)
    players = [entrant(1, ws, 5), entrant(2, ws, 4), entrant(3, ws, 4), entrant(4, bs, 4),
               entrant(5, bs, 4), entrant(6, bs, 4), entrant(7, ws, 0), entrant(8, bs, 0)]
    players[0] = players[0]._replace(met=frozenset())
    rnd = paired(players)
    assert (1, 4) in pairs_of(rnd)


def test_in_the_median_group_the_downfloater_is_paired_before_the_upfloater() -> None:
    # 2.2, 3.6.3: after 4 rounds (median 2), #1 (3 points) floats down and #8 (1 point) floats up into the
    # median group; the downfloater is paired first, with the highest player due the other colour (3.8:
    # #4), then the upfloater (#3, the highest left due the other colour), then the residents (5 v 6)
    wd, bd = (B, W, B, W), (W, B, W, B)  # due white, due black (alternate)
    players = [entrant(1, wd, 3), entrant(3, wd, 2), entrant(4, bd, 2), entrant(5, wd, 2), entrant(6, bd, 2),
               entrant(8, bd, 1)]
    rnd = paired(players, round_no=5)
    median = rnd.groups[-1]
    assert median.median and [rnd.entrants[v].start_no for v in median.incoming] == [1, 8]
    assert pairs_of(rnd)[-3:] == [(1, 4), (8, 3), (5, 6)]


def test_the_pab_goes_to_the_lowest_ranked_of_the_lowest_group() -> None:
    # 1.1: the lowest rank in the lowest score-group
    players = [entrant(n, WB if n % 2 else BW, s) for n, s in enumerate([3, 3, 2, 2, 1, 0, 0], start=1)]
    rnd = paired(players, round_no=5)
    assert rnd.pab is not None and rnd.entrants[rnd.pab].start_no == 7


def test_the_first_round_of_forty() -> None:
    # 7.2: 1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20 (white first) when #1 draws white
    players = [entrant(n, (), 0) for n in range(1, 41)]
    rnd = paired(players, round_no=1)
    games = set()
    for a, b in pairs_of(rnd):
        ea, eb = rnd.entrants[a - 1], rnd.entrants[b - 1]
        c = allocate(ea, eb, W, upper=True)
        games.add((c.white.start_no, c.black.start_no))
    expected = {(n, n + 20) if n % 2 else (n + 20, n) for n in range(1, 21)}
    assert games == expected


def test_compatibility() -> None:
    # 2.1: not met; no third colour in a row, no three more of one colour, for the allocation they need
    twice_white = entrant(1, (B, W, W), 2)
    also = entrant(2, (B, W, W), 2)
    assert not compatible(twice_white, also)  # both need black
    assert compatible(twice_white, entrant(3, (W, B, B), 2))
    assert not compatible(twice_white, entrant(4, (), 2, met=(1,))._replace(met=frozenset({1})))
    # 6: in the last round players of the same score meet whatever the colours
    assert compatible(twice_white, also, last_round=True)
    assert not compatible(twice_white, also._replace(score=Fraction(1)), last_round=True)


def test_the_colours() -> None:
    # 5.3: the same colour twice running must be followed by the other
    a, b = entrant(1, (B, W, W), 2), entrant(2, (W, B, B, W), 2)
    c = allocate(a, b, W, upper=True)
    assert (c.white.start_no, c.rule) == (2, "5_3")
    # 5.1: due colours granted
    c = allocate(entrant(1, (W, B, W), 2), entrant(2, (B, W, B), 2), W, upper=True)
    assert (c.white.start_no, c.rule) == (2, "5_1")
    # 5.4: both had white in the previous round (and are due black); going back, they last differed two
    # rounds before, 1 with black and 2 with white: the colours alternate from then, 1 white, 2 black
    c = allocate(entrant(1, (W, B, B, W), 2), entrant(2, (B, W, B, W), 2), W, upper=True)
    assert (c.white.start_no, c.black.start_no, c.rule) == (1, 2, "5_4")
    # identical histories: the higher-ranked gets his due colour at the median or above, the lower below
    same = (W, B, W, B)
    c = allocate(entrant(1, same, 2), entrant(2, same, 2), W, upper=True)
    assert (c.white.start_no, c.rule) == (1, "5_4_rank")
    c = allocate(entrant(1, same, 2), entrant(2, same, 2), W, upper=False)
    assert (c.white.start_no, c.rule) == (2, "5_4_rank")


def test_registered_by_name() -> None:
    assert systems.system("lim") is pair_lim
    assert "lim" in systems.SWISS_SYSTEMS and "lim" in systems.names()


def test_the_settings_name_reaches_the_registry() -> None:
    # the workbook's Settings (PairingSystem) names the system; the Settings refuse a name no system has, the
    # registry any other
    event = pairing_corpus.load(pairing_corpus.read(SMALL[0]))
    before = state_before(event, 1)
    system = parse_pairing({"PairingSystem": " Lim "}).system
    assert system == "lim"
    got = pair(before, 1, system=system)
    assert got.system.value == "lim" and got.boards
    with pytest.raises(XltbError, match="Settings PairingSystem: 'Monrad' is not"):
        parse_pairing({"PairingSystem": "Monrad"})
    with pytest.raises(XltbError, match="unknown pairing system 'monrad'"):
        pair(before, 1, system="monrad")


SMALL = [n for n in pairing_corpus.names() if int(n.split("-p")[1].split("-")[0]) <= 24][:8]


@pytest.mark.parametrize("name", SMALL)
def test_random_events_break_no_absolute_criterion_and_the_checker_reproduces_them(name: str) -> None:
    event = pairing_systems.simulate(name, "lim", seed=len(name))
    assert pairing_systems.breaches(event, "lim") == []
    report = check_pairings(event, system="lim")
    assert report.ok, [(r.round, [str(d) for d in r.differences]) for r in report.rounds if not r.identical]


def test_pair_and_check_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # `xltb pair --system lim --explain`: the boards, the groups in their order with their reasons (2.2);
    # the round written out is then what `check --pairings --system lim` finds identical
    plans = ROOT / "tests" / "data" / "pairing" / "plans-after5.trf"
    assert main(["pair", str(plans), "--round", "4", "--system", "lim", "--explain"]) == 0
    text = capsys.readouterr().out
    assert "system: lim" in text
    assert text.index("above the median: paired downward") < text.index("below the median: paired upward") \
        < text.index("paired last and downward (C.04.4.3 2.2)")
    out = tmp_path / "r6.trf"
    assert main(["pair", str(plans), "--system", "lim", "-o", str(out)]) == 0
    capsys.readouterr()
    main(["check", "--pairings", str(out), "--system", "lim", "--lang", "en"])  # rounds 1-5: the Dutch's
    report = capsys.readouterr().out
    assert "system: lim" in report and "round 6: identical" in report
