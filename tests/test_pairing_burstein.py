"""The Burstein system (C.04.4.2): its rules written out by hand from the text (the seeding rounds, the
Index under the system's own definitions, the PAB's assignee, the order of the pairings, the criteria
[C3], [C6], [C7], [C8], the colour rules), and properties over random tournaments: events of gacrux's
generator (the stored corpus, tests/data/pairing/corpus.tar.xz) paired round by round by the system with
random results, no absolute criterion ever broken, and the pairing checker reproducing every round.

The text gives no worked example of its own; the cases below are built so that each article decides."""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from xltb.check.pairings import check_pairings
from xltb.cli.main import main
from xltb.messages import Message
from xltb.model import Kind, RoundResult, Tournament
from xltb.model.results import Colour
from xltb.pairing.c044.burstein import allocate, may_meet, pair_burstein, pair_round, seeding_rounds
from xltb.pairing.c044.burstein_index import Index, indices
from xltb.pairing.dutch import pair_dutch
from xltb.pairing.pair import pair, state_before, with_pairing
from xltb.pairing.state import Entrant, Float, RoundState, preference
from xltb.rules.swiss import NEWEST_SWISS
from xltb.writers.trf import write_trf

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import pairing_corpus  # noqa: E402

W, B = Colour.WHITE, Colour.BLACK


def trf(rows: list[tuple[int, list[tuple[int, str, str]]]], rounds: int, first: str = "W") -> str:
    """A TRF of players (number, rounds as (opponent or 0, colour, result)); ratings fall with the number."""
    lines = ["012 test", f"062 {len(rows)}", "092 Individual: Swiss-System", f"142 {rounds}", f"152 {first}"]
    for no, games in rows:
        cells = [" "] * 91
        for col, text in ((1, "001"), (5, f"{no:4d}"), (15, f"Player {no}"), (49, f"{2500 - 10 * no:4d}"),
                          (86, f"{no:4d}")):
            cells[col - 1:col - 1 + len(text)] = list(text)
        for opp, colour, result in games:
            cells += list(f"{opp:04d} {colour} {result}  " if opp == 0 else f"{opp:4d} {colour} {result}  ")
        lines.append("".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def entrant(no: int, colours: tuple[Colour, ...] = (), score: Fraction = Fraction(1), met: tuple[int, ...] = (),
            pab: bool = True, unplayed: int = 0) -> Entrant:
    return Entrant(no, no, None, score, score, colours, preference(colours), (Float.NONE, Float.NONE),
                   frozenset(met), pab, unplayed, False)


def state_of(entrants: list[Entrant], round_no: int = 5) -> RoundState:
    return RoundState(round_no, 9, tuple(entrants), (), W, Fraction(1), Fraction(1))


def index_by_order(order: list[int]) -> dict[int, Index]:
    """An Index for each player such that ``order`` is the ranking (1.7): the first has the highest Buchholz."""
    return {no: Index(Fraction(100 - k), Fraction(0)) for k, no in enumerate(order)}


def paired(entrants: list[Entrant], order: list[int]) -> set[frozenset[int]]:
    rnd = pair_round(state_of(entrants), index_by_order(order))
    return {frozenset((rnd.entrants[v].start_no, rnd.entrants[w].start_no)) for br in rnd.brackets for v, w in br.pairs}


# -- 1.5 seeding rounds ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rounds", "seeding"), [(3, 1), (5, 2), (7, 3), (8, 4), (9, 4), (13, 4)])
def test_seeding_rounds_are_half_the_rounds_at_most_four(rounds: int, seeding: int) -> None:
    assert seeding_rounds(rounds) == seeding  # 1.5.2


def test_a_seeding_round_is_paired_by_the_dutch_system() -> None:
    event = pairing_corpus.load(pairing_corpus.read(pairing_corpus.names()[0]))  # 9 rounds: 4 seeding rounds
    for r in (1, 4):
        got = pair_burstein(event, r, NEWEST_SWISS)
        dutch = pair_dutch(event, r, NEWEST_SWISS)
        assert [(b.white, b.black) for b in got.boards] == [(b.white, b.black) for b in dutch.boards]
        assert Message("pairing.burstein.seeding", round=r, seeding=4) in got.notes
    assert not any(isinstance(n, Message) and n.id == "pairing.burstein.seeding"
                   for n in pair_burstein(event, 5, NEWEST_SWISS).notes)


# -- 1.6 the Index -----------------------------------------------------------------------------------------

def test_index_counts_an_unplayed_round_against_oneself_and_a_trailing_zero_bye_as_a_draw() -> None:
    # R1: 1-2 1-0, 3-4 draw, 5 PAB; R2: 5-1 0-1, 2-3 draw, 4 a zero-point bye.
    # Scores: 1: 2, 2: 1/2, 3: 1, 4: 1/2 (seen by its opponents as 1: the bye of R2 a draw), 5: 1.
    text = trf([(1, [(2, "w", "1"), (5, "b", "1")]), (2, [(1, "b", "0"), (3, "w", "=")]),
                (3, [(4, "w", "="), (2, "b", "=")]), (4, [(3, "b", "="), (0, "-", "Z")]),
                (5, [(0, "-", "U"), (1, "w", "0")])], 4)
    event = pairing_corpus.load(text, "index.trf")
    got = indices(event, 3)
    h = Fraction(1, 2)
    assert got[1] == Index(h + 1, 1 * h + 1 * 1)
    assert got[2] == Index(Fraction(2) + 1, 0 * 2 + h * 1)
    assert got[3] == Index(1 + h, h * 1 + h * h)  # 4 counts 1, not 1/2 (1.6.2.1's exception)
    assert got[4] == Index(1 + h, h * 1 + 0 * h)  # its own bye: a game against itself (own score 1/2)
    assert got[5] == Index(1 + Fraction(2), 1 * 1 + 0 * 2)  # the PAB: a win against itself (own score 1)


# -- 2.1 the PAB -------------------------------------------------------------------------------------------

def test_pab_goes_to_the_lowest_score_then_most_games_then_lowest_ranking() -> None:
    zero = Fraction(0)
    players = [entrant(1, (W, B)), entrant(2, (B, W)), entrant(3, (W,), zero, unplayed=1),
               entrant(4, (B, W), zero), entrant(5, (W, B), zero), entrant(6, (W, B), Fraction(-1), pab=False),
               entrant(7, (B, W))]
    # 6 has the lowest score but had a PAB ([C2]); 3, 4, 5 score 0; 3 played fewer games; 4 ranks below 5
    rnd = pair_round(state_of(players, 3), index_by_order([1, 2, 7, 6, 3, 5, 4]))
    assert rnd.entrants[rnd.pab].start_no == 4
    rnd = pair_round(state_of(players, 3), index_by_order([1, 2, 7, 6, 3, 4, 5]))
    assert rnd.entrants[rnd.pab].start_no == 5


def test_pab_leaves_the_others_a_complete_pairing() -> None:
    zero = Fraction(0)
    # 5 would take the PAB (lowest score) but then 6 and 7 are left, and they have met: [C4] moves it to the
    # lower-ranked of them, 7, and 5 meets 6
    players = [entrant(5, (B,), zero), entrant(6, (W,), met=(7,)), entrant(7, (B,), met=(6,))]
    rnd = pair_round(state_of(players, 2), index_by_order([6, 7, 5]))
    assert rnd.entrants[rnd.pab].start_no == 7
    got = [(rnd.entrants[v].start_no, rnd.entrants[w].start_no) for br in rnd.brackets for v, w in br.pairs]
    assert got == [(6, 5)]


# -- 3, 4 the criteria and the order of the pairings -----------------------------------------------------------

def test_top_against_bottom_in_a_bracket() -> None:
    players = [entrant(n) for n in range(1, 7)]
    order = [3, 1, 6, 2, 5, 4]  # the ranking by the Index, not by number
    assert paired(players, order) == {frozenset((3, 4)), frozenset((1, 5)), frozenset((6, 2))}


def test_a_repeated_game_moves_bsn_1_to_the_next_lowest() -> None:
    players = [entrant(1, met=(6,)), entrant(2), entrant(3), entrant(4), entrant(5), entrant(6, met=(1,))]
    # BSN 1 cannot meet BSN 6 ([C1]): it gets BSN 5; BSN 2 then the lowest left, BSN 6
    assert paired(players, [1, 2, 3, 4, 5, 6]) == {frozenset((1, 5)), frozenset((2, 6)), frozenset((3, 4))}


def test_colour_preferences_come_before_the_order() -> None:
    # mild preferences (colour difference 0): 1, 3, 6 want white; 2, 4, 5 want black
    to_white, to_black = (W, B, W, B, W, B), (B, W, B, W, B, W)  # mild: alternate from the last game
    assert preference(to_white).colour is W and preference(to_black).colour is B
    players = [entrant(1, to_white), entrant(2, to_black), entrant(3, to_white), entrant(4, to_black),
               entrant(5, to_black), entrant(6, to_white)]
    # top-bottom (1-6, 2-5, 3-4) denies two preferences; [C8] wants none denied: 1's lowest opponent wanting
    # black is 5, then 2 (black) takes the lowest left wanting white, 6
    assert paired(players, [1, 2, 3, 4, 5, 6]) == {frozenset((1, 5)), frozenset((2, 6)), frozenset((3, 4))}


def test_same_absolute_preference_never_meets() -> None:
    a, b = entrant(1, (B, B)), entrant(2, (W, B, B))
    assert not may_meet(a, b)  # [C3]: both must have white
    assert may_meet(a, entrant(3, (W, W)))
    assert may_meet(a, entrant(4, (B,)))  # a strong preference only


def test_an_incoming_floater_is_paired_before_the_order() -> None:
    two = Fraction(2)
    # 1 (score 2) floats into the bracket of 1 point; it ranks last by the Index, and has met 4, the lowest:
    # [C6] still pairs it, with the lowest resident it may meet
    players = [entrant(1, score=two, met=(4,)), entrant(2), entrant(3), entrant(4, met=(1,))]
    assert paired(players, [2, 3, 1, 4]) == {frozenset((1, 3)), frozenset((2, 4))}


def test_the_floater_is_chosen_for_the_next_bracket() -> None:
    two, zero = Fraction(2), Fraction(0)
    # bracket of 2 points: 1, 2, 3; 4.3 alone pairs 1-3 and floats 2, who has met 4, the only player of the
    # next bracket; [C7] floats 3 instead, so that the next bracket has its pair (3-4)
    players = [entrant(1, score=two), entrant(2, score=two, met=(4,)), entrant(3, score=two),
               entrant(4, met=(2,)), entrant(5, score=zero), entrant(6, score=zero)]
    assert paired(players, [1, 2, 3, 4, 5, 6]) == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}


# -- 5 colours -----------------------------------------------------------------------------------------------

def test_colour_rules_in_their_order() -> None:
    def white(high: Entrant, low: Entrant, first: Colour = W) -> tuple[int, str]:
        c = allocate(high, low, first)
        return c.white.start_no, c.rule

    # 5.2.1 neither has played: the higher-ranked player with an odd pairing number has the initial colour
    assert white(entrant(1), entrant(2)) == (1, "5_2_1")
    assert white(entrant(1), entrant(2), B) == (2, "5_2_1")
    assert white(entrant(2), entrant(1)) == (1, "5_2_1")  # 2 ranks higher, even: the opposite colour
    # 5.2.2 both preferences granted; one without a preference: the other's
    assert white(entrant(1, (W,)), entrant(2, (B, W, B))) == (2, "5_2_2")
    assert white(entrant(1), entrant(2, (W,))) == (1, "5_2_2")
    # 5.2.3 the stronger preference: 2 has black twice (absolute) against 1's strong preference
    assert white(entrant(1, (B,)), entrant(2, (W, B, B))) == (2, "5_2_3")
    # 5.2.4 both mild for white: the last time they differed (third game from the end) 1 had white
    assert white(entrant(1, (B, W, W, B)), entrant(2, (W, B, W, B))) == (2, "5_2_4")
    # 5.2.5 the same histories: the higher-ranked player's preference
    assert white(entrant(1, (W, B)), entrant(2, (W, B))) == (1, "5_2_5")
    assert white(entrant(2, (W, B)), entrant(1, (W, B))) == (2, "5_2_5")


# -- properties over random tournaments ------------------------------------------------------------------------

def _play(event: Tournament, round_no: int, rng: random.Random) -> Tournament:
    """Random results for the round's games (a forfeit now and then)."""
    outcome: dict[int, tuple[Kind, Fraction]] = {}
    one, half, zero = Fraction(1), Fraction(1, 2), Fraction(0)
    for p in event.players:
        r = p.results[round_no - 1]
        if r.kind is Kind.NOT_PLAYED and r.colour is W and r.opponent is not None:
            u = rng.random()
            kinds = ((Kind.FORFEIT_WIN, one, Kind.FORFEIT_LOSS, zero) if u < 0.03 else
                     (Kind.WIN, one, Kind.LOSS, zero) if u < 0.45 else
                     (Kind.DRAW, half, Kind.DRAW, half) if u < 0.75 else (Kind.LOSS, zero, Kind.WIN, one))
            outcome[p.start_no] = kinds[0], kinds[1]
            outcome[r.opponent] = kinds[2], kinds[3]
    players = []
    for p in event.players:
        rows = list(p.results)
        if p.start_no in outcome:
            kind, points = outcome[p.start_no]
            rows[round_no - 1] = rows[round_no - 1]._replace(kind=kind, points=points)
        players.append(p._replace(results=tuple(rows)))
    return event._replace(players=tuple(players))


def _absolute_breaches(event: Tournament) -> list[str]:
    """[C1], [C2] and [C3] of C.04.4.2 on every round (no last-round exception in this system)."""
    out = []
    for p in event.players:
        rows: tuple[RoundResult, ...] = p.results
        games = [r for r in rows if r.played and r.opponent is not None]
        if len({r.opponent for r in games}) != len(games):
            out.append(f"{p.start_no}: a game repeated")
        for k, r in enumerate(rows):
            if r.kind is Kind.PAB and any(x.kind is Kind.PAB or (not x.played and x.points >= 1) for x in rows[:k]):
                out.append(f"{p.start_no}: a second PAB")
        cd = 0
        for k, g in enumerate(games):
            cd += 1 if g.colour is W else -1
            if abs(cd) > 2 or (k >= 2 and games[k].colour is games[k - 1].colour is games[k - 2].colour):
                out.append(f"{p.start_no}: colours after game {k + 1}")
    return out


def simulate(name: str, seed: int) -> Tournament:
    event = pairing_corpus.load(pairing_corpus.read(name))
    rounds = event.rounds_planned or event.rounds
    now = state_before(event, 1)
    rng = random.Random(seed)
    for r in range(1, rounds + 1):
        now = _play(with_pairing(now, pair(now, r, system="burstein")), r, rng)
    return now


SMALL = [n for n in pairing_corpus.names() if int(n.split("-p")[1].split("-")[0]) <= 24][:8]


@pytest.mark.parametrize("name", SMALL)
def test_random_events_break_no_absolute_criterion_and_the_checker_reproduces_them(name: str) -> None:
    event = simulate(name, seed=len(name))
    assert _absolute_breaches(event) == []
    report = check_pairings(event, system="burstein")
    assert report.ok, [(r.round, [str(d) for d in r.differences]) for r in report.rounds if not r.identical]
    later = [r for r in report.rounds if r.round > seeding_rounds(event.rounds_planned or event.rounds)]
    assert later and all(r.system is not None and r.system.value == "burstein" for r in later)


def test_check_pairings_command_reproduces_a_burstein_event(tmp_path: Path) -> None:
    event = simulate(SMALL[0], seed=3)
    path = tmp_path / "burstein.trf"
    path.write_text(write_trf(event).text)
    assert main(["check", "--pairings", "--system", "burstein", str(path)]) == 0
    assert main(["check", "--pairings", "--system", "dutch", str(path)]) == 1  # another system: other pairs


def test_every_board_and_bracket_says_why() -> None:
    event = simulate(SMALL[1], seed=5)
    r = (event.rounds_planned or event.rounds)
    got = pair(state_before(event, r), r, system="burstein")
    assert got.boards and all(len(b.reasons) == 2 for b in got.boards)
    ids = {m.id for b in got.boards for m in b.reasons if isinstance(m, Message)}
    assert "pairing.burstein.pair" in ids and any(i.startswith("pairing.burstein.colour.5_2_") for i in ids)
    assert got.brackets and all(any(isinstance(n, Message) and n.id == "pairing.burstein.bracket" for n in br.notes)
                                for br in got.brackets)
    for b in got.boards:
        for m in b.reasons:
            assert "{" not in str(m)


# -- the editions: 2025-07 3.3.2-3.3.3 against 2026-02 2.3.2-2.3.3 --------------------------------------------

def test_the_editions_floater_criteria_choose_the_same_pairing() -> None:
    """[C6]/[C7] as worded in 2025-07 (first the number, then the scores, of the incoming floaters paired) and
    in 2026-02 (the outgoing floaters' scores, in descending order, minimised): with [C5] settling the number of
    pairs, the players a bracket can pair are expected to form the bases of a matroid, whose greedy base by
    descending score pairs, for every score, the most players of that score or higher (Gale): the most incoming
    floaters and the least outgoing scores at once. Random brackets (scores, games already played, rankings)
    paired by both."""
    from xltb.pairing.c044.burstein import NoPairing
    from xltb.rules.swiss import SWISS_EDITIONS

    old, new = SWISS_EDITIONS["2025-07"], SWISS_EDITIONS["2026-02"]
    assert old.burstein_floaters_counted and not new.burstein_floaters_counted
    rng, compared = random.Random(7), 0
    for _ in range(150):
        n = rng.choice([8, 10, 12])
        scores = sorted((Fraction(rng.randint(0, 8), 2) for _ in range(n)), reverse=True)
        met: dict[int, set[int]] = {i: set() for i in range(1, n + 1)}
        for i in range(1, n + 1):
            for j in range(i + 1, n + 1):
                if rng.random() < 0.45:
                    met[i].add(j)
                    met[j].add(i)
        players = [entrant(i, score=scores[i - 1], met=tuple(met[i])) for i in range(1, n + 1)]
        order = list(range(1, n + 1))
        rng.shuffle(order)
        try:
            got = [pair_round(state_of(players), index_by_order(order), e) for e in (old, new)]
        except NoPairing:
            continue
        compared += 1
        a, b = ({(r.entrants[v].start_no, r.entrants[w].start_no) for br in r.brackets for v, w in br.pairs}
                for r in got)
        assert a == b
    assert compared > 100


def test_folding_the_players_below_changes_no_pairing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The players below the next bracket folded into sinks (``_folded``) pair every bracket as one matching of
    every player still to pair does: random rounds of 16 to 40 players, many scores, some games played."""
    from xltb.pairing.c044 import burstein
    from xltb.pairing.c044.burstein import NoPairing

    rng, compared = random.Random(11), 0
    for _ in range(40):
        n = rng.choice([16, 24, 30, 40])
        scores = sorted((Fraction(rng.randint(0, 10), 2) for _ in range(n)), reverse=True)
        met: dict[int, set[int]] = {i: set() for i in range(1, n + 1)}
        for i in range(1, n + 1):
            for j in range(i + 1, n + 1):
                if rng.random() < 0.15:
                    met[i].add(j)
                    met[j].add(i)
        players = [entrant(i, score=scores[i - 1], met=tuple(met[i])) for i in range(1, n + 1)]
        order = list(range(1, n + 1))
        rng.shuffle(order)
        try:
            folded = pair_round(state_of(players), index_by_order(order))
        except NoPairing:
            continue
        with monkeypatch.context() as m:
            m.setattr(burstein, "_folded", lambda rem, adj, weight, keep: burstein._matching(rem, adj, weight))
            whole = pair_round(state_of(players), index_by_order(order))
        compared += 1
        assert [b.pairs for b in folded.brackets] == [b.pairs for b in whole.brackets]
    assert compared > 30
