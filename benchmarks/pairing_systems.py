"""Pair the events of the pairing corpus round by round with one of xltb's systems (random results, a
seeded generator), check that no absolute criterion is broken and that ``check --pairings`` reproduces
every round, and optionally measure the agreement with py4swiss (PyPI; not a dependency: give the path
of its ``py4swiss`` command, installed in a scratch environment).

    python benchmarks/pairing_systems.py --system burstein [--max-players 60] [--first 0 --last 100]
                                         [--py4swiss /path/to/venv/bin/py4swiss] [--bbp /path/to/bbpPairings.exe]
    python benchmarks/pairing_systems.py --system lim --pairing-core    # pairing-core installed (PyPI)

py4swiss pairs the round after the last one its file holds: it is given the state before each round
(the requested byes of the round written as the round's own entries), after the seeding rounds only for
Burstein (its Dutch system follows other rules). bbpPairings (``--bbp``: the path of its executable, built
from its source apart from the project) is given the same states, Burstein only (``--burstein``).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pairing_corpus  # noqa: E402

from xltb.check.pairings import check_pairings  # noqa: E402
from xltb.model import Kind, Tournament  # noqa: E402
from xltb.model.results import Colour  # noqa: E402
from xltb.pairing.pair import pair, state_before, with_pairing  # noqa: E402
from xltb.pairing.state import Float, build_state  # noqa: E402
from xltb.writers.trf import write_trf  # noqa: E402

ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
REQUESTED = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE)


def play(event: Tournament, round_no: int, rng: random.Random) -> Tournament:
    """Random results for the round's games: 3% forfeits, then 42% white wins, 30% draws, the rest black."""
    outcome: dict[int, tuple[Kind, Fraction]] = {}
    for p in event.players:
        r = p.results[round_no - 1]
        if r.kind is Kind.NOT_PLAYED and r.colour is Colour.WHITE and r.opponent is not None:
            u = rng.random()
            k = ((Kind.FORFEIT_WIN, ONE, Kind.FORFEIT_LOSS, ZERO) if u < 0.03 else
                 (Kind.WIN, ONE, Kind.LOSS, ZERO) if u < 0.45 else
                 (Kind.DRAW, HALF, Kind.DRAW, HALF) if u < 0.75 else (Kind.LOSS, ZERO, Kind.WIN, ONE))
            outcome[p.start_no], outcome[r.opponent] = (k[0], k[1]), (k[2], k[3])
    players = []
    for p in event.players:
        rows = list(p.results)
        if p.start_no in outcome:
            kind, points = outcome[p.start_no]
            rows[round_no - 1] = rows[round_no - 1]._replace(kind=kind, points=points)
        players.append(p._replace(results=tuple(rows)))
    return event._replace(players=tuple(players))


def simulate(name: str, system: str, seed: int = 0) -> Tournament:
    event = pairing_corpus.load(pairing_corpus.read(name))
    now = state_before(event, 1)
    rng = random.Random(seed)
    for r in range(1, (event.rounds_planned or event.rounds) + 1):
        now = play(with_pairing(now, pair(now, r, system=system)), r, rng)
    return now


def _same_score_last_round(event: Tournament) -> set[int]:
    """The players whose last-round game met an opponent of the same score (Lim, C.04.4.3 6: the colour
    rules yield there)."""
    last = event.rounds_planned or event.rounds
    before = {p.start_no: sum((r.points for r in p.results[:last - 1]), Fraction(0)) for p in event.players}
    out = set()
    for p in event.players:
        if len(p.results) >= last:
            r = p.results[last - 1]
            if r.played and r.opponent is not None and before.get(r.opponent) == before[p.start_no]:
                out.add(p.start_no)
    return out


def breaches(event: Tournament, system: str = "burstein") -> list[str]:
    """C.04.1 2 and 4, and the colour difference beyond 2, three in a row (Burstein, Dubov: [C3] in every
    round; Lim: 2.1, but not for a last-round game between players of the same score, 6)."""
    out = []
    exempt = _same_score_last_round(event) if system == "lim" else set()
    last = event.rounds_planned or event.rounds
    for p in event.players:
        games = [r for r in p.results if r.played and r.opponent is not None]
        if p.start_no in exempt and len(p.results) >= last and p.results[last - 1] in games:
            games_checked = games[:-1]
        else:
            games_checked = games
        if len({r.opponent for r in games}) != len(games):
            out.append(f"{p.start_no}: a game repeated")
        for k, r in enumerate(p.results):
            earlier = p.results[:k]
            if r.kind is Kind.PAB and any(x.kind is Kind.PAB or (not x.played and x.points >= ONE) for x in earlier):
                out.append(f"{p.start_no}: a second PAB")
        cd = 0
        for k, g in enumerate(games_checked):
            cd += 1 if g.colour is Colour.WHITE else -1
            if abs(cd) > 2 or (k >= 2 and games[k].colour is games[k - 1].colour is games[k - 2].colour):
                out.append(f"{p.start_no}: colours after game {k + 1}")
    return out


def py4swiss_round(command: str, event: Tournament, round_no: int, system: str) -> set[tuple[int, int]]:
    """py4swiss's pairs of ``round_no`` from the state before it ((white, black); (no, 0): the PAB)."""
    players = tuple(p._replace(results=p.results[:round_no - 1] + tuple(
        x for x in p.results[round_no - 1:round_no] if x.kind in REQUESTED), declared_points=None, declared_rank=None)
        for p in event.players)
    state = event._replace(players=players, rounds=round_no - 1, plans=event.plans._replace(requested_byes=()))
    text = write_trf(state).text
    if "\nXXR" not in text:
        text += f"XXR {event.rounds_planned or event.rounds}\n"
    # py4swiss wants a blank sex and a rank on every player line, and no comment lines
    text = "\n".join(line[:9] + " " + line[10:85] + line[4:8] + line[89:] if line.startswith("001") else line
                     for line in text.splitlines() if not line.startswith("###")) + "\n"
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "in.trf").write_text(text)
        done = subprocess.run([command, "-t", f"{tmp}/in.trf", "-e", system, "-p", f"{tmp}/out.txt"],
                              capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(done.stderr.strip().splitlines()[-1])
        lines = Path(tmp, "out.txt").read_text().splitlines()[1:]
    return {(int(a), int(b)) for a, b in (line.split() for line in lines if line.strip())}


def bbp_round(command: str, event: Tournament, round_no: int) -> set[tuple[int, int]]:
    """bbpPairings' (``--burstein``) pairs of ``round_no`` from the state before it ((white, black); (no, 0):
    the PAB). The same file as py4swiss's without its 162 (point system) and 192 (pairing system) lines, which
    bbpPairings refuses or checks against its flag, and with one XXA line of zero: without any, it adds the
    acceleration of an earlier Burstein text to the first two rounds (its README). A crash (a signal: a
    negative exit) is counted as a round it refused."""
    players = tuple(p._replace(results=p.results[:round_no - 1] + tuple(
        x for x in p.results[round_no - 1:round_no] if x.kind in REQUESTED), declared_points=None, declared_rank=None)
        for p in event.players)
    state = event._replace(players=players, rounds=round_no - 1, plans=event.plans._replace(requested_byes=()))
    text = "\n".join(line for line in write_trf(state).text.splitlines()
                     if not line.startswith(("###", "162", "192"))) + "\n"
    if "\nXXR" not in text:
        text += f"XXR {event.rounds_planned or event.rounds}\n"
    if "\nXXA" not in text:
        text += f"XXA {event.players[0].start_no:4d}  0.0\n"
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "in.trf").write_text(text)
        done = subprocess.run([command, "--burstein", f"{tmp}/in.trf", "-p", f"{tmp}/out.txt"],
                              capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"exit {done.returncode}: " + (done.stderr.strip().splitlines() or [""])[-1])
        lines = Path(tmp, "out.txt").read_text().splitlines()[1:]
    return {(int(a), int(b)) for a, b in (line.split() for line in lines if line.strip())}


def pairing_core_round(event: Tournament, round_no: int) -> set[tuple[int, int]]:
    """pairing-core's (PyPI, its ``lim-2026`` ruleset) pairs of ``round_no`` from xltb's state before it:
    the players to pair with their pairing numbers, scores, colours by round ('u': no game), opponents met,
    floats and PAB eligibility ((white, black); (no, 0): the PAB)."""
    from pairing_core.fide2026.api import pair_2026  # noqa: PLC0415 - not a dependency
    from pairing_core.fide2026.models import P26Player, P26Request  # noqa: PLC0415

    state = build_state(state_before(event, round_no), round_no)
    by_no = {p.start_no: p for p in event.players}
    letter = {Float.DOWN: "D", Float.UP: "U", Float.NONE: ""}
    players = []
    ids = frozenset(e.start_no for e in state.entrants)
    for e in state.entrants:
        rows = by_no[e.start_no].results[:round_no - 1]
        colours = "".join("W" if r.played and r.colour is Colour.WHITE else "B" if r.played and
                          r.colour is Colour.BLACK else "u" for r in rows)
        players.append(P26Player(id=e.start_no, tpn=e.tpn, score=float(e.score), rating=e.rating, colors=colours,
                                 opponents=tuple(sorted(e.met & ids)), unplayed=e.unplayed,
                                 last_float=letter[e.floats[0]], prev_float=letter[e.floats[1]],
                                 got_pab=not e.pab_allowed, played=len(e.colours)))
    first = "W" if state.first_colour is Colour.WHITE else "B"
    got = pair_2026(P26Request(players=tuple(players), ruleset="lim-2026", round_number=round_no,
                               total_rounds=state.rounds, is_last_round=round_no >= state.rounds,
                               initial_colour=first))
    out = {(x.white_id, x.black_id) for x in got.pairs}
    if got.bye_id is not None:
        out.add((got.bye_id, 0))
    return out


def xltb_round(event: Tournament, round_no: int) -> set[tuple[int, int]]:
    out = set()
    for p in event.players:
        r = p.results[round_no - 1]
        if r.kind is Kind.PAB:
            out.add((p.start_no, 0))
        elif r.opponent is not None and r.colour is Colour.WHITE:
            out.add((p.start_no, r.opponent))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--system", default="burstein")
    parser.add_argument("--max-players", type=int, default=60)
    parser.add_argument("--min-players", type=int, default=0)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=100)
    parser.add_argument("--py4swiss", default=None)
    parser.add_argument("--bbp", default=None, help="path of bbpPairings' executable (built apart; Burstein only)")
    parser.add_argument("--pairing-core", action="store_true",
                        help="compare with pairing-core (installed in the environment; Lim only)")
    args = parser.parse_args()
    events = broken = unchecked = same = compared = failed = unordered = 0
    for name in pairing_corpus.names()[args.first:args.last]:
        if not args.min_players <= int(name.split("-p")[1].split("-")[0]) <= args.max_players:
            continue
        event = simulate(name, args.system)
        events += 1
        bad = breaches(event, args.system)
        broken += bool(bad)
        report = check_pairings(event, system=args.system)
        unchecked += not report.ok
        if bad or not report.ok:
            print(name, "breaches", bad[:3], "check", report.ok, flush=True)
        if args.pairing_core and "baku" not in name:  # pairing-core's Lim is given no acceleration
            for r in range(1, (event.rounds_planned or event.rounds) + 1):
                compared += 1
                try:
                    theirs = pairing_core_round(event, r)
                except Exception as err:  # noqa: BLE001 - its refusals are counted, the run goes on
                    failed += 1
                    print(name, r, "pairing-core:", type(err).__name__, err, flush=True)
                    continue
                ours = xltb_round(event, r)
                same += theirs == ours
                unordered += {frozenset(x) for x in theirs} == {frozenset(x) for x in ours}
                if theirs != ours:
                    print(name, "round", r, "only xltb", sorted(ours - theirs), "only pairing-core",
                          sorted(theirs - ours), flush=True)
        rounds = event.rounds_planned or event.rounds
        first = min(rounds // 2, 4) + 1 if args.system == "burstein" else 1
        if args.bbp is not None and "baku" not in name:  # Baku's virtual points are not written for it
            for r in range(first, rounds + 1):
                try:
                    theirs = bbp_round(args.bbp, event, r)
                except RuntimeError as err:
                    failed += 1
                    print(name, r, "bbpPairings:", err, flush=True)
                    continue
                compared += 1
                ours = xltb_round(event, r)
                same += theirs == ours
                unordered += {frozenset(x) for x in theirs} == {frozenset(x) for x in ours}
                if theirs != ours:
                    print(name, "round", r, "only xltb", sorted(ours - theirs), "only bbpPairings",
                          sorted(theirs - ours), flush=True)
        if args.py4swiss is None or "baku" in name:  # py4swiss reads no acceleration
            continue
        for r in range(first, rounds + 1):
            try:
                theirs = py4swiss_round(args.py4swiss, event, r, args.system)
            except RuntimeError as err:  # e.g. a round 1: it reads no player line without a round
                failed += 1
                print(name, r, "py4swiss:", err, flush=True)
                continue
            compared += 1
            ours = xltb_round(event, r)
            if theirs == ours:
                same += 1
            else:
                print(name, "round", r, "only xltb", sorted(ours - theirs), "only py4swiss", sorted(theirs - ours),
                      flush=True)
    print(f"{events} events: {broken} with an absolute criterion broken, {unchecked} not reproduced by the checker")
    if args.py4swiss is not None:
        print(f"py4swiss: {same}/{compared} rounds identical ({failed} rounds it could not read)")
    if args.bbp is not None:
        print(f"bbpPairings: {same}/{compared} rounds identical, {unordered} with the same pairs whatever the "
              f"colours ({failed} rounds it refused)")
    if args.pairing_core:
        print(f"pairing-core: {same}/{compared} rounds identical, {unordered} with the same pairs whatever the "
              f"colours ({failed} rounds it refused)")
    return 0 if not broken and not unchecked else 1


if __name__ == "__main__":
    sys.exit(main())
