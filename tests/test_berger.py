"""FIDE's Berger tables (Handbook C.05 Annex 1): the published tables written out here by hand, compared with
the ones xltb makes, and ``xltb pair`` of a round robin."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from xltb.cli.main import main
from xltb.errors import XltbError
from xltb.pairing.berger import berger_round, berger_schedule
from xltb.pairing.pair import pair
from xltb.readers.registry import read_event

#: the tables as FIDE publishes them (C.05 Annex 1, "Berger Tables for Round-Robin Tournaments"): one line a
#: round, white first; for an odd number of players the highest number counts as a bye
PUBLISHED = {
    4: """1-4 2-3
          4-3 1-2
          2-4 3-1""",
    6: """1-6 2-5 3-4
          6-4 5-3 1-2
          2-6 3-1 4-5
          6-5 1-4 2-3
          3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5
          8-5 6-4 7-3 1-2
          2-8 3-1 4-7 5-6
          8-6 7-5 1-4 2-3
          3-8 4-2 5-1 6-7
          8-7 1-6 2-5 3-4
          4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6
           10-6 7-5 8-4 9-3 1-2
           2-10 3-1 4-9 5-8 6-7
           10-7 8-6 9-5 1-4 2-3
           3-10 4-2 5-1 6-9 7-8
           10-8 9-7 1-6 2-5 3-4
           4-10 5-3 6-2 7-1 8-9
           10-9 1-8 2-7 3-6 4-5
           5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7
           12-7 8-6 9-5 10-4 11-3 1-2
           2-12 3-1 4-11 5-10 6-9 7-8
           12-8 9-7 10-6 11-5 1-4 2-3
           3-12 4-2 5-1 6-11 7-10 8-9
           12-9 10-8 11-7 1-6 2-5 3-4
           4-12 5-3 6-2 7-1 8-11 9-10
           12-10 11-9 1-8 2-7 3-6 4-5
           5-12 6-4 7-3 8-2 9-1 10-11
           12-11 1-10 2-9 3-8 4-7 5-6
           6-12 7-5 8-4 9-3 10-2 11-1""",
    14: """1-14 2-13 3-12 4-11 5-10 6-9 7-8
           14-8 9-7 10-6 11-5 12-4 13-3 1-2
           2-14 3-1 4-13 5-12 6-11 7-10 8-9
           14-9 10-8 11-7 12-6 13-5 1-4 2-3
           3-14 4-2 5-1 6-13 7-12 8-11 9-10
           14-10 11-9 12-8 13-7 1-6 2-5 3-4
           4-14 5-3 6-2 7-1 8-13 9-12 10-11
           14-11 12-10 13-9 1-8 2-7 3-6 4-5
           5-14 6-4 7-3 8-2 9-1 10-13 11-12
           14-12 13-11 1-10 2-9 3-8 4-7 5-6
           6-14 7-5 8-4 9-3 10-2 11-1 12-13
           14-13 1-12 2-11 3-10 4-9 5-8 6-7
           7-14 8-6 9-5 10-4 11-3 12-2 13-1""",
}


def published(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(tuple(tuple(int(x) for x in game.split("-")) for game in line.split())  # type: ignore[misc]
                 for line in PUBLISHED[size].splitlines())


@pytest.mark.parametrize("players", range(3, 15))
def test_the_tables_are_fides(players):
    size = players + players % 2  # an odd number plays the next even number's table, its highest number the bye
    assert berger_schedule(players) == published(size)


@pytest.mark.parametrize("players", range(3, 25))
def test_every_table_meets_everybody_once_with_balanced_colours(players):
    """Up to 24 players (the sizes the handbook's construction covers beyond the tables above): every pair
    once, each round everybody once, whites and blacks differing by at most one."""
    size = players + players % 2
    rounds = berger_schedule(players)
    assert len(rounds) == size - 1
    games = [g for rnd in rounds for g in rnd]
    assert sorted(tuple(sorted(g)) for g in games) == sorted(combinations(range(1, size + 1), 2))
    for rnd in rounds:
        assert sorted(n for g in rnd for n in g) == list(range(1, size + 1))
    for n in range(1, size + 1):
        whites = sum(1 for w, _ in games if w == n)
        assert abs(whites - (size - 1 - whites)) <= 1
    # the rule the tables follow: round r + 1 is round r plus n/2, modulo n - 1, but for the board of n
    for r in range(1, size - 1):
        moved = {(w + size // 2 - 1) % (size - 1) + 1 for w, b in berger_round(players, r)[1:]}
        assert moved == {w for w, _ in berger_round(players, r + 1)[1:]}


def test_a_double_round_robin_reverses_the_colours():
    double = berger_schedule(6, double=True)
    assert double[5:] == tuple(tuple((b, w) for w, b in rnd) for rnd in published(6))


def test_sizes_outside_the_tables_are_refused():
    with pytest.raises(XltbError, match="3 to 24"):
        berger_round(25, 1)
    with pytest.raises(XltbError, match="has 5 rounds"):
        berger_round(6, 6)


def trf_round_robin(tmp_path, players: int, played: int, double: bool = False):
    """A round robin of ``players`` with the table's first ``played`` rounds played (white wins)."""
    rounds = berger_schedule(players, double)[:played]
    blocks = {n: [] for n in range(1, players + 1)}
    for rnd in rounds:
        seen = set()
        for w, b in rnd:
            if max(w, b) > players:
                rest = min(w, b)
                blocks[rest].append("0000 -  ")
                seen.add(rest)
                continue
            blocks[w].append(f"{b:4d} w 1")
            blocks[b].append(f"{w:4d} b 0")
            seen |= {w, b}
    kind = "Double Round-Robin" if double else "Round-Robin"
    lines = ["012 Berger test", "042 2025/09/01", f"092 Individual: {kind}",
             f"XXR {(players + players % 2 - 1) * (2 if double else 1)}"]
    for n in range(1, players + 1):
        pts = sum(1 for blk in blocks[n] if blk.endswith("w 1"))
        lines.append(f"001 {n:4d}      {'Player ' + str(n):<33} 2000{'':28}{pts:>4.1f}{'':7}" + "  ".join(blocks[n]))
    path = tmp_path / f"rr{players}.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("players,played", [(6, 2), (7, 3), (8, 0), (5, 4)])
def test_pair_gives_the_next_round_of_the_table(tmp_path, players, played):
    path = trf_round_robin(tmp_path, players, played)
    event = read_event(str(path))[0]
    rp = pair(event)
    assert rp.round == played + 1
    assert (rp.system.value, rp.system.origin) == ("berger", "default")
    expected = [g for g in berger_round(players, played + 1) if max(g) <= players]
    assert [(b.white, b.black) for b in rp.boards] == expected
    assert [y.start_no for y in rp.byes] == [min(g) for g in berger_round(players, played + 1) if max(g) > players]


def test_pair_cli_json_and_a_trf_to_go_on_from(tmp_path, capsys):
    path = trf_round_robin(tmp_path, 6, 2)
    assert main(["pair", str(path), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["round"] == 3 and doc["system"]["value"] == "berger"
    assert [(b["board"], b["white"], b["black"]) for b in doc["boards"]] == [(1, 2, 6), (2, 3, 1), (3, 4, 5)]
    out = tmp_path / "next.trf"
    assert main(["pair", str(path), "-o", str(out)]) == 0
    again = read_event(str(out))[0]
    assert again.rounds == 3 and again.player(2).result(3).opponent == 6
    capsys.readouterr()
    assert main(["pair", str(out), "-f", "json"]) == 0  # round 3 without results: paired again, the same
    assert json.loads(capsys.readouterr().out)["boards"] == doc["boards"]
    # a result entered on one board only: round 3 is not complete, round 4 cannot be paired
    from fractions import Fraction
    from xltb.errors import InputError
    from xltb.model import Kind
    won = again.player(2)._replace(results=again.player(2).results[:2] + (
        again.player(2).result(3)._replace(kind=Kind.WIN, points=Fraction(1)),))
    lost = again.player(6)._replace(results=again.player(6).results[:2] + (
        again.player(6).result(3)._replace(kind=Kind.LOSS),))
    partial = again._replace(players=tuple(won if p.start_no == 2 else lost if p.start_no == 6 else p
                                           for p in again.players))
    with pytest.raises(InputError, match="round 3: the game 1 - 3 has no result yet") as err:
        pair(partial)
    assert err.value.file == str(out)


def test_a_double_round_robin_second_cycle(tmp_path):
    path = trf_round_robin(tmp_path, 4, 3, double=True)
    rp = pair(read_event(str(path))[0])
    assert rp.round == 4 and [(b.white, b.black) for b in rp.boards] == [(4, 1), (3, 2)]


@pytest.mark.parametrize("players", range(3, 25))
def test_the_tables_are_those_of_fides_program(players):
    """FIDE's reference program gacrux builds the tables its own way (a test dependency): the same rounds,
    boards and colours for every size the handbook covers."""
    gacrux = pytest.importorskip("gacrux.berger")
    theirs = gacrux.bergertables(players)["pairing"]
    size = players + players % 2
    assert berger_schedule(players) == tuple(
        tuple((theirs[r][b]["white"], theirs[r][b]["black"]) for b in range(1, size // 2 + 1)) for r in range(1, size))
