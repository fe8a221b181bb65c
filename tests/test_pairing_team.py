"""The Swiss team system (C.04.6): its rules written out by hand from the text, and every round of a sample
of the team corpus (random team events paired round by round by gacrux 1.11.65's team module) paired again
from the state before it: the same matches, PAB, colours of board 1 and board order."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest

from xltb.check.pairings import check_pairings
from xltb.errors import XltbError
from xltb.model.results import Colour, Kind
from xltb.pairing.pair import NoPairing, pair
from xltb.pairing.systems import names, team_system
from xltb.pairing.team import Graph, allocate, profiles, team_rules, upfloater_sets
from xltb.pairing.state import TeamEntrant, TeamState
from xltb.pairing.team_colours import ColourModel, TeamPreference, team_preference
from xltb.readers.registry import read_event
from xltb.rules.swiss import SWISS_EDITIONS

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "pairing" / "team_corpus.zip"
W, B = Colour.WHITE, Colour.BLACK


def _team(no: int, colours: tuple[Colour, ...] = (), score: int = 0, model: ColourModel = ColourModel.TYPE_A,
          last: bool = False, secondary: int = 0) -> TeamEntrant:
    return TeamEntrant(no, Fraction(score), Fraction(score), Fraction(secondary), colours,
                       team_preference(colours, model, last), False, frozenset(), True, len(colours))


def _state(model: ColourModel = ColourModel.TYPE_A, first: Colour = W) -> TeamState:
    return TeamState(3, 9, (), (), first, model, True, Fraction(1))


# C.04.6 1.7.1: type A, one strength
@pytest.mark.parametrize("colours, wanted", [
    ((), Colour.NONE),                 # 1.7.1.3: nothing played
    ((B, B), W),                       # CD -2 < -1
    ((W, B, B), W),                    # CD -1, Black in the last two
    ((B, W, B), Colour.NONE),          # CD -1, last two differ: no type A preference
    ((W, W), B),                       # CD +2
    ((B, W), Colour.NONE),             # CD 0, alternating
    ((W, B, B, W, W), B),              # CD +1, White in the last two
])
def test_type_a_preferences(colours: tuple[Colour, ...], wanted: Colour) -> None:
    pref = team_preference(colours, ColourModel.TYPE_A, last_round=False)
    assert pref.colour is wanted
    assert pref.strong is (wanted is not Colour.NONE)


# C.04.6 1.7.2: type B, strong and mild; 1.7.2.5 none in the last round with CD 0
@pytest.mark.parametrize("colours, last, wanted", [
    ((B, B), False, TeamPreference(W, True)),
    ((B, W, B), False, TeamPreference(W, False)),   # CD -1: mild
    ((W, B, W), False, TeamPreference(B, False)),   # CD +1: mild
    ((W, B), False, TeamPreference(W, False)),      # CD 0, Black last, not the last round: mild White
    ((W, B), True, TeamPreference(Colour.NONE, False)),  # ... the last round: none
    ((), False, TeamPreference(Colour.NONE, False)),
])
def test_type_b_preferences(colours: tuple[Colour, ...], last: bool, wanted: TeamPreference) -> None:
    assert team_preference(colours, ColourModel.TYPE_B, last_round=last) == wanted


def test_no_colour_preferences() -> None:
    assert team_preference((B, B, B), ColourModel.NONE, last_round=False).colour is Colour.NONE


def test_colour_allocation_rules() -> None:
    rules = team_rules(SWISS_EDITIONS["2026-02"])
    state = _state(first=B)
    # 4.3.1: neither played; the first-team (4.2.3: lower TPN) 3 is odd: the initial colour (Black)
    got = allocate(_team(3), _team(8), state, rules)
    assert (got.white, got.black, got.rule) == (8, 3, "4.3.1")
    # ... an even first-team gets the opposite
    got = allocate(_team(4), _team(7), state, rules)
    assert (got.white, got.black, got.rule) == (4, 7, "4.3.1")
    # 4.3.2: only one team has a preference
    got = allocate(_team(1, (W, W), score=2), _team(2, (W, B), score=2), _state(), rules)
    assert (got.white, got.rule) == (2, "4.3.2")
    # 4.3.3: opposite preferences granted
    got = allocate(_team(1, (W, W)), _team(2, (B, B)), _state(), rules)
    assert (got.white, got.rule) == (2, "4.3.3")
    # 4.3.5: both want White (type A): the lower colour difference gets it
    got = allocate(_team(1, (W, W, B, B, B)), _team(2, (B, B)), _state(), rules)
    assert (got.white, got.rule) == (2, "4.3.5")
    # 4.3.6: same difference: alternate from the last round in which they differed
    got = allocate(_team(1, (W, B)), _team(2, (B, W)), _state(), rules)
    assert (got.white, got.rule) == (1, "4.3.6")  # 1 had Black, 2 White in the last round
    # 4.3.8: identical histories, no preference: alternate the first-team's (4.2.1: the higher score) last colour
    got = allocate(_team(1, (B, W)), _team(2, (B, W), score=2), _state(), rules)
    assert (got.white, got.black, got.rule) == (1, 2, "4.3.8")
    # 4.2.2: equal primary scores, the higher secondary score is the first-team
    got = allocate(_team(1, (B, W)), _team(2, (B, W), secondary=3), _state(), rules)
    assert (got.white, got.black) == (1, 2)
    # 4.3.4 (type B): both want White, only one strongly
    tb = _state(ColourModel.TYPE_B)
    got = allocate(_team(1, (B, W, B), model=ColourModel.TYPE_B), _team(2, (B, B), model=ColourModel.TYPE_B), tb,
                   rules)
    assert (got.white, got.rule) == (2, "4.3.4")


def test_upfloater_sets_in_the_order_of_the_example() -> None:
    """2.2.4's example (3.5.4 in 2026-02): 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; two upfloaters of 3
    points and one of 2.5: {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < ... < {6,8,5}."""
    teams = (1, 2, 3, 5, 6, 8)
    level = {1: 1, 3: 1, 5: 1, 2: 2, 6: 2, 8: 2}
    entrants = tuple(_team(no) for no in teams)
    graph = Graph(entrants, tuple(level[no] for no in teams), tuple(frozenset() for _ in teams))
    lower = list(range(len(teams)))
    best = profiles(lower, graph.level, 3)
    assert best[0] == (2, 2, 2)  # [C5]: the highest scores first
    got = [[teams[v] for v in s] for s in upfloater_sets(lower, graph, (2, 2, 1))]
    assert got == [[2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1], [2, 8, 3], [2, 8, 5], [6, 8, 1], [6, 8, 3], [6, 8, 5]]


def test_registered_by_name() -> None:
    assert {"fide-team", "team"} <= set(names())
    assert team_system("team") is team_system("fide-team")
    with pytest.raises(XltbError):
        team_system("dutch")


def _rounds(step: int) -> list[tuple[str, int, str, list[list[int]]]]:
    out = []
    with zipfile.ZipFile(CORPUS) as z:
        events = sorted(n[:-4] for n in z.namelist() if n.endswith(".trf"))
        for name in events[::step]:
            text = z.read(name + ".trf").decode("utf-8")
            for k, pairs in enumerate(json.loads(z.read(name + ".json")), start=1):
                out.append((name, k, text, pairs))
    return out


def _xltb(name: str, rnd: int, text: str) -> list[list[int]]:
    event = read_event(name + ".trf", data=text.encode("utf-8"))[0]
    rp = pair(event, rnd, system="fide-team", edition="2026-02")
    return [[b.white, b.black] for b in rp.boards] + [[y.start_no, 0] for y in rp.byes if y.kind is Kind.PAB]


SAMPLE = _rounds(3) if CORPUS.exists() else []


@pytest.mark.parametrize("name, rnd, text, gacrux", SAMPLE, ids=[f"{s[0]}-r{s[1]}" for s in SAMPLE])
def test_corpus_round_as_gacrux_pairs_it(name: str, rnd: int, text: str, gacrux: list[list[int]]) -> None:
    if not gacrux:  # gacrux found no legal pairing (C.04.6 1.9.3): neither does xltb
        with pytest.raises(NoPairing):
            _xltb(name, rnd, text)
        return
    assert _xltb(name, rnd, text) == gacrux


def test_no_legal_pairing_as_gacrux() -> None:
    """The corpus's one round without a legal pairing: 8 teams, round 7 of 7, [C1] leaves none."""
    empty = [(name, rnd, text) for name, rnd, text, pairs in _rounds(1) if not pairs]
    assert [(name, rnd) for name, rnd, _ in empty] == [("0006-t8-b5-r7-typea-mp", 7)]
    with pytest.raises(NoPairing, match="round 7"):
        _xltb(*empty[0])


def test_corpus_is_every_event_of_the_script() -> None:
    spec = importlib.util.spec_from_file_location("pairing_team_corpus", ROOT / "benchmarks" / "pairing_team_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with zipfile.ZipFile(CORPUS) as z:
        stored = {n[:-4] for n in z.namelist() if n.endswith(".trf")}
    assert stored == {s.name for s in module.specs()}


def test_one_round_paired_live_by_gacrux(tmp_path: Path) -> None:
    """A round of the corpus paired again by gacrux itself, now: the stored answer is gacrux's."""
    pytest.importorskip("gacrux")
    name, rnd, text, stored = SAMPLE[len(SAMPLE) // 2]
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    model = name.split("-")[4]
    primary = "mp+gp" if name.endswith("-mp") else "gp+mp"
    run = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-m", f"fideteam-{model}-{primary}",
                          "-i", str(path), "-p", "-n", str(rnd)], capture_output=True, text=True, check=True)
    assert json.loads(run.stdout)["pairingResult"]["pairs"] == stored == _xltb(name, rnd, text)


def test_check_pairings_of_a_team_event() -> None:
    """xltb check --pairings on a team file that carries every round: each round said, no absolute
    criterion of C.04.6 broken."""
    event = read_event(ROOT / "tests" / "data" / "team" / "held-team14.trf")[0]
    report = check_pairings(event)
    assert [r.round for r in report.rounds] == list(range(1, 8))
    assert all(r.system is not None and r.system.value == "fide-team" for r in report.rounds)
    assert not any(r.breaches for r in report.rounds)


def test_board_one_colour_when_board_one_is_forfeited() -> None:
    """1.6.1: a match played whose board 1 was forfeited still gives the team the colour board 1 was
    scheduled to play: here worked out from board 2 and the boards' pattern (TRF 352)."""
    from xltb.model import BoardGame, Match, RoundResult
    from xltb.pairing.team_colours import board_one_colour

    r = RoundResult(7, Kind.DRAW, 10, Colour.NONE, Fraction(1),
                    Match(Fraction(2), (BoardGame(1, 1, None, Kind.FORFEIT_WIN, Fraction(1)),
                                        BoardGame(2, 5, 42, Kind.LOSS, Fraction(0), Colour.BLACK))))
    assert board_one_colour(r, "WBWB") is Colour.WHITE
    assert board_one_colour(r, "WWBB") is Colour.BLACK
    assert board_one_colour(r, "") is Colour.WHITE  # alternating by default


@pytest.mark.parametrize("code, model", [
    ("FIDE_TEAM_TYPEA_MP_GP", ColourModel.TYPE_A), ("FIDE_TEAM_TYPEB_GP_MP", ColourModel.TYPE_B),
    ("FIDE_TEAM_MP_GP", ColourModel.NONE), ("FIDE_TEAM", ColourModel.TYPE_A), ("FIDE_TEAM_BAKU", ColourModel.TYPE_A),
    ("FIDE_TEAM_NOCOLOR_MP_GP", ColourModel.NONE), ("", ColourModel.TYPE_A),
])
def test_colour_model_of_the_file(code: str, model: ColourModel) -> None:
    from xltb.pairing.team_colours import colour_model

    from xltb.model.team import TeamTournament

    event = read_event(ROOT / "tests" / "data" / "team" / "held-team14.trf")[0]
    assert isinstance(event, TeamTournament)
    assert colour_model(event._replace(type_code=code)) is model


def test_xltb_pair_of_a_team_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``xltb pair TEAMFILE``: the next round by C.04.6 (the file's 192), the team named in the list; a
    requested team bye listed; -o OUT.trf refused for a team event, the list written instead."""
    from xltb.cli.main import main

    path = ROOT / "tests" / "data" / "team" / "26_sharly_trf26_team_240_bye.trf"
    assert main(["pair", str(path), "-f", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["system"]["value"] == "fide-team" and got["system"]["origin"] == "file"
    assert [(b["white"], b["black"], b["white_name"]) for b in got["boards"]] == [(1, 3, "Team1"), (4, 2, "Team4")]
    assert [(y["no"], y["kind"]) for y in got["byes"]] == [(5, "HPB")]
    assert main(["pair", str(path), "--explain", "--lang", "de"]) == 0
    assert "Mannschaft 1 hat Weiß am ersten Brett" in capsys.readouterr().out
    assert main(["pair", str(path), "-o", str(tmp_path / "out.trf")]) == 2
    assert "not written into a TRF" in capsys.readouterr().err
    assert not (tmp_path / "out.trf").exists()


def test_team_system_refused_for_an_individual_event() -> None:
    event = read_event(ROOT / "tests" / "data" / "pairing" / "plans-after5.trf")[0]
    with pytest.raises(XltbError, match="pairs team events"):
        pair(event, system="team")


def test_acceleration_of_a_team_file_is_read_and_paired_as_gacrux() -> None:
    """TRF 250 of a team event (C.04.7 1; 2025-07 C.04.5.1): the match points of columns 5-8 when match
    points are the primary score. The TEC sample's four records, written out: teams 1-2 and 4-25 +2 in
    round 1, teams 1-25 +2 in rounds 2-4 and +1 in rounds 5-7; team 3 none in round 1; teams 26-50 none."""
    from xltb.model.team import TeamTournament

    path = ROOT / "tests" / "data" / "team" / "19_tec_grandmommys_cup_trf25_sample_team.trf"
    event = read_event(path)[0]
    assert isinstance(event, TeamTournament) and event.primary == "MP"
    virtual = {a.start_no: a for a in event.plans.acceleration}
    two, one, zero = Fraction(2), Fraction(1), Fraction(0)
    assert [virtual[1].at(r) for r in range(1, 9)] == [two, two, two, two, one, one, one, zero]
    assert [virtual[3].at(r) for r in range(1, 9)] == [zero, two, two, two, one, one, one, zero]
    assert virtual[25].at(1) == two and 26 not in virtual and 50 not in virtual
    from xltb.writers.trf import write_trf

    text = write_trf(event).text  # written back in the match points' columns, and read the same
    assert "\n250  2.0      001 004 0001 0002" in text
    again = read_event("again.trf", data=text.encode("utf-8"))[0]
    assert again.plans.acceleration == event.plans.acceleration
    # round 2, accelerated: the matches gacrux pairs from the same file (benchmarks/pairing_team_corpus.py
    # --files compares every round of it live); the virtual points decide the brackets
    rp = pair(event, 2, system="fide-team", edition="2026-02")
    plain = pair(event._replace(plans=event.plans._replace(acceleration=())), 2, system="fide-team",
                 edition="2026-02")
    assert [(b.white, b.black) for b in rp.boards] != [(b.white, b.black) for b in plain.boards]


def test_an_accelerated_team_round_paired_live_by_gacrux() -> None:
    """A round of the TEC sample accelerated by its 250 records, paired by gacrux itself now and by xltb."""
    pytest.importorskip("gacrux")
    path = ROOT / "tests" / "data" / "team" / "19_tec_grandmommys_cup_trf25_sample_team.trf"
    run = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-m", "fideteam", "-i", str(path), "-p",
                          "-n", "3"], capture_output=True, text=True, check=True)
    theirs = [(int(w), int(b)) for w, b in json.loads(run.stdout)["pairingResult"]["pairs"]]
    rp = pair(read_event(path)[0], 3, system="fide-team", edition="2026-02")
    mine = [(b.white, b.black) for b in rp.boards] + [(y.start_no, 0) for y in rp.byes if y.kind is Kind.PAB]
    assert sorted(mine) == sorted(theirs)  # the same matches, colours and PAB
    # the order: C.04.2 4.9 on the standings points, where gacrux sorts by the accelerated score (C.04.5.1 1.5:
    # the pairing score defines and sorts the scoregroups; docs/pairing-dutch.md, "Board order")
    keys = [(-max(b.white_points, b.black_points), -(b.white_points + b.black_points)) for b in rp.boards]
    assert keys == sorted(keys) and mine != theirs


def test_one_state_for_players_and_teams() -> None:
    """The state before a round is built once for both kinds (xltb.pairing.state.base_state): every team of
    every corpus round has the facts of a player whose rounds score the team's primary score (C.04.6 1.2)
    with board 1's colour (1.6.1), but for what C.04.6 says differently: a round without a match is no float
    for a team (1.5), where a player's half-point bye is a downfloat (C.04.3 1.4.3); the PAB is barred by
    the kinds of [C2] (a team's half-point bye worth a match won does not bar it)."""
    from xltb.model.team import TeamTournament
    from xltb.model.tournament import Player, RoundResult, Tournament
    from xltb.pairing.state import Float, base_state
    from xltb.pairing.team_colours import board_one_colour

    bye_floats = 0
    with zipfile.ZipFile(CORPUS) as z:
        for name in sorted(n for n in z.namelist() if n.endswith(".trf")):
            team = read_event(name, data=z.read(name))[0]
            assert isinstance(team, TeamTournament)
            players = tuple(Player(t.start_no, t.name, tuple(
                RoundResult(r.round, r.kind, r.opponent,
                            board_one_colour(r, team.board_colours) if r.played else r.colour,
                            r.mp if team.primary == "MP" else r.gp) for r in t.results)) for t in team.teams)
            alike = Tournament(players=players, rounds=team.rounds, info=team.info)
            for rnd in range(1, team.rounds + 1):
                theirs, mine = base_state(team, rnd), base_state(alike, rnd)
                assert [(a.start_no, a.kind) for a in theirs.absent] == [(a.start_no, a.kind) for a in mine.absent]
                assert (theirs.rounds, theirs.first_colour) == (mine.rounds, mine.first_colour)
                assert len(theirs.entrants) == len(mine.entrants)
                for t, p in zip(theirs.entrants, mine.entrants):
                    assert t._replace(floats=p.floats, pab_allowed=p.pab_allowed) == p, (name, rnd, t.start_no)
                    for back, (tf, pf) in enumerate(zip(t.floats, p.floats), start=1):
                        if tf is not pf:  # 1.5: only the round before without a match
                            assert tf is Float.NONE and not team.team(t.start_no).results[rnd - 1 - back].played
                            bye_floats += 1
                    history = team.team(t.start_no).results[:rnd - 1]
                    assert t.pab_allowed is not any(r.kind in (Kind.PAB, Kind.FORFEIT_WIN, Kind.FULL_BYE)
                                                    for r in history)
    assert bye_floats > 0  # the corpus has teams with a half-point bye the round before
