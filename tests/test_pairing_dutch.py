"""The FIDE (Dutch) system (C.04.3): the rules written out by hand on small cases, the matching it rests
on, and agreement with gacrux 1.11.65 (FIDE's program): a sample of the stored corpus of rounds gacrux
paired (tests/data/pairing/corpus.tar.xz, made by benchmarks/pairing_corpus.py) and a few rounds paired by
gacrux live."""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import xltb
from xltb.errors import InputError
from xltb.model.results import Colour, Kind
from xltb.pairing.acceleration import baku
from xltb.pairing.colours import allocate
from xltb.pairing.dutch import build_graph, pair_dutch
from xltb.pairing.matching import max_weight_matching
from xltb.pairing.state import Entrant, Float, Preference, RoundState, Strength, preference
from xltb.rules.swiss import NEWEST_SWISS, SWISS_EDITIONS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import pairing_corpus  # noqa: E402

W, B = Colour.WHITE, Colour.BLACK


def trf(rows: list[tuple[int, int, list[tuple[int, str, str]]]], rounds: int, first: str = "W") -> str:
    """A TRF of players (number, rating, rounds as (opponent or 0, colour, result))."""
    lines = ["012 test", f"062 {len(rows)}", "092 Individual: Swiss-System", f"142 {rounds}", f"152 {first}"]
    for no, rating, games in rows:
        cells = [" "] * 91
        for col, text in ((1, "001"), (5, f"{no:4d}"), (15, f"Player {no}"), (49, f"{rating:4d}"), (86, f"{no:4d}")):
            cells[col - 1:col - 1 + len(text)] = list(text)
        for opp, colour, result in games:
            cells += list(f"{opp:04d} {colour} {result}  " if opp == 0 else f"{opp:4d} {colour} {result}  ")
        lines.append("".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def event_of(text: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    return pairing_corpus.load(text, "case.trf")


def entrant(no: int, colours: tuple[Colour, ...] = (), score: Fraction = Fraction(0), topscorer: bool = False,
            tpn: int | None = None) -> Entrant:
    return Entrant(no, tpn or no, None, score, score, colours, preference(colours), (Float.NONE, Float.NONE),
                   frozenset(), True, 0, topscorer)


# -- the matching ----------------------------------------------------------------------------------------

def _brute(n: int, edges: list[tuple[int, int, int]]) -> tuple[int, int]:
    best = (0, 0)
    for k in range(len(edges) + 1):
        for chosen in itertools.combinations(edges, k):
            seen = [v for e in chosen for v in e[:2]]
            if len(seen) == len(set(seen)):
                best = max(best, (k, sum(e[2] for e in chosen)))
    return best


def test_matching_has_the_most_pairs_then_the_most_weight() -> None:
    rnd = random.Random(7)
    for _ in range(150):
        n = rnd.randint(2, 7)
        edges = [(i, j, rnd.choice((1, 5, 10**20 + rnd.randint(0, 9))))
                 for i in range(n) for j in range(i + 1, n) if rnd.random() < 0.6]
        mate = max_weight_matching(n, edges)
        weight = {(i, j): w for i, j, w in edges}
        got = [(v, mate[v]) for v in range(n) if mate[v] > v]
        assert all(mate[mate[v]] == v for v in range(n) if mate[v] >= 0)
        assert (len(got), sum(weight[p] for p in got)) == _brute(n, edges)


# -- colour preferences and colour allocation (C.04.3 1.6.2, 5.2) ----------------------------------------

def test_colour_preferences() -> None:
    assert preference(()) == Preference(Colour.NONE, Strength.NONE)  # 1.6.2.4
    assert preference((W,)) == Preference(B, Strength.STRONG)  # difference +1
    assert preference((W, B)) == Preference(W, Strength.MILD)  # difference 0: alternate
    assert preference((B, B)) == Preference(W, Strength.ABSOLUTE)  # the same colour twice
    assert preference((W, W, B, W)) == Preference(B, Strength.ABSOLUTE)  # difference +2
    assert preference((W, W, B, B)) == Preference(W, Strength.ABSOLUTE)  # twice black, difference 0


def test_colour_allocation_rules_in_order() -> None:
    # 5.2.1 both preferences granted
    a, b = entrant(1, (B, W, B)), entrant(2, (W, B, W))
    assert allocate(a, b, W)[:3] == (1, 2, "5.2.1")
    # 5.2.2 the stronger preference: absolute white beats strong white
    a, b = entrant(1, (W, B, B)), entrant(2, (B,))
    assert allocate(a, b, W)[:3] == (1, 2, "5.2.2")
    # 5.2.2 both absolute (topscorers): the wider colour difference gets its colour
    a = entrant(1, (B, W, B, B), topscorer=True)  # -2
    b = entrant(2, (B, B, W, B, B), topscorer=True)  # -3
    assert allocate(a, b, W)[:3] == (2, 1, "5.2.2")
    # 5.2.3 same mild preference (white): back to the last round in which they differed
    a = entrant(1, (B, W, B, W, W, B))
    b = entrant(2, (W, B, W, B))
    assert allocate(a, b, W)[:3] == (2, 1, "5.2.3")  # then 1 had white, 2 black: now the reverse
    # 5.2.4 identical histories: the higher-ranked player's preference
    a, b = entrant(1, (W, B), Fraction(1)), entrant(2, (W, B), Fraction(2))
    assert allocate(a, b, W)[:3] == (2, 1, "5.2.4")
    # 5.2.5 no games: the initial colour to an odd pairing number, the other to an even one
    assert allocate(entrant(1), entrant(5), W)[:3] == (1, 5, "5.2.5")
    assert allocate(entrant(1), entrant(5), B)[:3] == (5, 1, "5.2.5")
    assert allocate(entrant(2), entrant(6), W)[:3] == (6, 2, "5.2.5")


def test_same_absolute_preference_meets_only_among_topscorers() -> None:
    """[C3]: non-topscorers with the same absolute preference do not meet; topscorers (last round) may."""
    def graph(top: bool):  # type: ignore[no-untyped-def]
        a = entrant(1, (B, B), Fraction(2), topscorer=top)
        b = entrant(2, (W, B, B), Fraction(2), topscorer=top)
        return build_graph(RoundState(3, 3, (a, b), (), W, Fraction(1), Fraction(1)))
    assert graph(False).adj[0] == frozenset()
    assert graph(True).adj[0] == frozenset({1})


# -- whole rounds, written out by hand ------------------------------------------------------------------

def test_pab_goes_to_the_lowest_score_that_completes_the_round(tmp_path: Path) -> None:
    """Round 1: 1-3 1-0, 4-2 draw, 5 PAB. Round 2: 5 may not have the PAB again ([C2]); 3 (score 0) can
    take it ([C5]). 1 and 5 (1 point) cannot both meet and leave the rest pairable (2 and 4 met): both
    float ([C4]) into the half-point bracket, heterogeneous: S1 = MDPs 1, 5; S2 = residents 2, 4; the first
    transposition gives 1-2, 5-4 (C.04.3 2.3.3, 4.2). Colours: 5.2.1 (2 and 5 want white... 2 had black)."""
    text = trf([(1, 2400, [(3, "w", "1")]), (2, 2300, [(4, "b", "=")]), (3, 2200, [(1, "b", "0")]),
                (4, 2100, [(2, "w", "=")]), (5, 2000, [(0, "-", "U")])], rounds=3)
    out = pair_dutch(event_of(text, tmp_path), 2, NEWEST_SWISS)
    assert [(b.white, b.black) for b in out.boards] == [(2, 1), (5, 4)]
    assert [(b.start_no, b.kind, b.points) for b in out.byes] == [(3, Kind.PAB, Fraction(1))]
    assert [(n.residents, n.moved_down) for n in out.brackets] == [((1, 5), ()), ((2, 4), (1, 5)), ((3,), ())]
    assert "pairing.bracket.relaxed" in [m.id for m in out.brackets[0].notes if not isinstance(m, str)]


def test_first_round_top_half_against_bottom_half(tmp_path: Path) -> None:
    """Round 1 (C.04.3 2.3, 5.2.5): 1-4, 2-5, 3-6 in a homogeneous bracket of six, colours alternating from
    the initial colour; the seventh player (the lowest) takes the PAB."""
    rows = [(no, 2500 - 10 * no, []) for no in range(1, 8)]
    out = pair_dutch(event_of(trf(rows, 5, first="B"), tmp_path), 1, NEWEST_SWISS)
    assert [(b.white, b.black) for b in out.boards] == [(4, 1), (2, 5), (6, 3)]
    assert [b.start_no for b in out.byes] == [7]


def test_requested_byes_are_not_paired(tmp_path: Path) -> None:
    rows = [(1, 2400, [(0, "-", "H")]), (2, 2300, []), (3, 2200, []), (4, 2100, [(0, "-", "Z")]), (5, 2000, [])]
    out = pair_dutch(event_of(trf(rows, 5), tmp_path), 1, NEWEST_SWISS)
    assert [(b.white, b.black) for b in out.boards] == [(2, 3)]
    assert [(b.start_no, b.kind) for b in out.byes] == [(5, Kind.PAB), (1, Kind.HALF_BYE), (4, Kind.ZERO_BYE)]


def test_no_legal_pairing_is_an_input_error(tmp_path: Path) -> None:
    rows = [(1, 2400, [(2, "w", "1")]), (2, 2300, [(1, "b", "0")])]
    with pytest.raises(InputError, match="round 2"):
        pair_dutch(event_of(trf(rows, 3), tmp_path), 2, NEWEST_SWISS)


def test_baku_virtual_points_as_gacrux_writes_them() -> None:
    name = next(n for n in pairing_corpus.names() if n.endswith("-baku.trf"))
    event = pairing_corpus.load(pairing_corpus.read(name))
    rounds = event.rounds_planned or event.rounds
    made = {a.start_no: a.points for a in baku(event, SWISS_EDITIONS["2025-07"], rounds,
                                                 frozenset(p.start_no for p in event.players
                                                           if p.results[0].opponent is not None
                                                           or p.results[0].kind is Kind.PAB))}
    given = {a.start_no: tuple(a.points[:len(next(iter(made.values())))]) for a in event.plans.acceleration}
    assert made == given


# -- agreement with gacrux -------------------------------------------------------------------------------

def _agree(event, round_no: int) -> None:  # type: ignore[no-untyped-def]
    pairs, pab = pairing_corpus.played(event, round_no)
    out = pair_dutch(event, round_no, NEWEST_SWISS)
    assert frozenset((b.white, b.black) for b in out.boards) == pairs
    assert next((b.start_no for b in out.byes if b.kind is Kind.PAB), None) == pab


#: the first corpus's small events, every 4th (tests/test_pairing_corpus.py samples the second part)
SAMPLE = [n for n in pairing_corpus.names() if int(n[:4]) < pairing_corpus.FIRST
          and pairing_corpus.players_of(n) <= 40][::4] if pairing_corpus.CORPUS.exists() else []


@pytest.mark.parametrize("name", SAMPLE)
def test_corpus_sample_agrees_with_gacrux(name: str) -> None:
    event = pairing_corpus.load(pairing_corpus.read(name))
    for r in range(1, event.rounds + 1):
        _agree(event, r)


@pytest.mark.skipif(importlib.util.find_spec("gacrux") is None, reason="gacrux is not installed")
def test_rounds_paired_by_gacrux_live(tmp_path: Path) -> None:
    """gacrux pairs three rounds of two corpus events now; xltb must give the same pairs and PAB."""
    names = [n for n in pairing_corpus.names() if int(n.split("-p")[1].split("-")[0]) <= 30][1:3]
    for name in names:
        text = pairing_corpus.read(name)
        path = tmp_path / name
        path.write_text(text)
        event = pairing_corpus.load(text)
        for r in (2, 3, event.rounds):
            out = tmp_path / f"{r}.json"
            subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-n", str(r),
                            "-o", str(out)], check=True, capture_output=True, timeout=300)
            want = json.loads(out.read_text())["pairingResult"]["pairs"]
            got = pair_dutch(event, r, NEWEST_SWISS)
            assert {(w, b) for w, b in want if b} == {(b.white, b.black) for b in got.boards}
            assert [w for w, b in want if not b] == [b.start_no for b in got.byes if b.kind is Kind.PAB]
