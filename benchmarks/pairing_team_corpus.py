"""The team pairing corpus: random team Swiss events paired round by round by gacrux 1.11.65's team
module (``-m fideteam``, C.04.6 as applied from 1 February 2026), kept in
``tests/data/pairing/team_corpus.zip``.

    python benchmarks/pairing_team_corpus.py [--jobs 2]      # (re)generate the corpus (minutes)
    python benchmarks/pairing_team_corpus.py --compare       # xltb against every round of it

gacrux's generator does not make team events (its ``-T`` only shapes the results), so the events are
made here: a seeded random generator draws the teams (4 to 29), the boards (2 to 6), the rounds (3 to 9),
the colour preferences (type A, type B, none: C.04.6 1.7), the primary score (match or game points, 1.2),
and requested half-point byes of teams; then, round by round, gacrux pairs the round from the file as it
stands (``python -m gacrux.pairingchecker -m fideteam-... -p -n R``), the boards' results are drawn from
the players' ratings, and the round is written in. Each TRF (TRF-2026 team records 310, 320, 240, 352,
362, 192) therefore holds every round as gacrux paired it, board 1's colour the team's (1.6.1); the JSON
beside it holds gacrux's own answer per round (``[white team, black team]``, ``[team, 0]`` for the PAB; an
empty list when gacrux finds no legal pairing, and the event then has no more rounds).
Re-pairing round r from the state before it must give the same pairs, PAB and colours
(tests/test_pairing_team.py; ``--compare`` here for the whole corpus).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import random
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "pairing" / "team_corpus.zip"
MODELS = ("typea", "typeb", "nocolor")


class Spec(NamedTuple):
    """One generated team event."""

    number: int
    """The event's number (its results' seed: number * 7919 + 11)."""
    teams: int
    boards: int
    rounds: int
    model: str
    """The colour preferences (C.04.6 1.7): typea, typeb, nocolor."""
    primary: str
    """MP or GP (C.04.6 1.2)."""
    hpb: float
    """The chance of a requested half-point bye per team and round (rounds before the last two)."""

    @property
    def name(self) -> str:
        return f"{self.number:04d}-t{self.teams}-b{self.boards}-r{self.rounds}-{self.model}-{self.primary.lower()}"

    @property
    def code(self) -> str:
        """TRF 192: the system, the colour model (no code names 'none': see gacrux's -m) and the scores."""
        model = {"typea": "_TYPEA", "typeb": "_TYPEB", "nocolor": "_NOCOLOR"}[self.model]
        return "FIDE_TEAM" + model + ("_MP_GP" if self.primary == "MP" else "_GP_MP")

    @property
    def method(self) -> str:
        return f"fideteam-{self.model}-{'mp+gp' if self.primary == 'MP' else 'gp+mp'}"


def specs() -> list[Spec]:
    """The corpus: 48 events drawn by a seeded generator (40 of 4 to 16 teams, 8 of 17 to 30), not picked."""
    rnd = random.Random(20260206)
    out = []
    for number in range(48):
        teams = rnd.randint(4, 16) if number < 40 else rnd.randint(17, 30)
        rounds = min(rnd.randint(5, 9), teams - 1 if teams % 2 == 0 else teams)
        model = MODELS[0] if rnd.random() < 0.5 else MODELS[1] if rnd.random() < 0.6 else MODELS[2]
        primary = "MP" if rnd.random() < 0.75 else "GP"
        hpb = 0.0 if rnd.random() < 0.6 else 0.04
        out.append(Spec(number, teams, rnd.choice((2, 3, 4, 4, 5, 6)), max(rounds, 3), model, primary, hpb))
    return out


class Game(NamedTuple):
    opponent: int
    colour: str
    result: str


def _player_line(no: int, rating: int, games: list[Game | str]) -> str:
    line = list(f"001 {no:4d}      {'P' + str(no):<33} {rating:4d}".ljust(89))
    for k, g in enumerate(games):
        text = g if isinstance(g, str) else f"{g.opponent:4d} {g.colour} {g.result}"
        line += list(f"  {text}")
    return "".join(line).rstrip()


def trf_text(spec: Spec, ratings: list[int], games: dict[int, list[Game | str]], pabs: list[int],
             byes: list[tuple[int, int]], first: str) -> str:
    """The event as a TRF-2026 team file: every round played so far."""
    b = spec.boards
    lines = [f"012 Team corpus {spec.name}", "042 2026/03/01", "092 Team Swiss", f"142 {spec.rounds}",
             f"152 {first}", f"192 {spec.code}", "352 " + ("WB" * b)[:b], "362 TW 2.0   TD 1.0   TL 0.0",
             "320  1.0 " + f"{b / 2:4.1f}" + "".join(f"{t:4d}" for t in pabs).ljust(0)]
    for rnd_no, team in byes:
        lines.append(f"240 H {rnd_no:3d} {team:4d}")
    for no in range(1, spec.teams * b + 1):
        lines.append(_player_line(no, ratings[no - 1], games[no]))
    for t in range(1, spec.teams + 1):
        roster = "".join(f" {(t - 1) * b + k:4d}" for k in range(1, b + 1))
        lines.append(f"310 {t:3d} {'Team ' + str(t):<32} {'':5} {'':>6} {'':>6} {'':>6} {'':>3} " + roster)
    return "\n".join(lines) + "\n"


def gacrux_round(text: str, rnd_no: int, method: str) -> list[list[int]]:
    """gacrux's pairing of round ``rnd_no`` of the event ``text``: [white team, black team] (0: the PAB)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.trf"
        path.write_text(text, encoding="utf-8")
        run = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-m", method, "-i", str(path), "-p",
                              "-n", str(rnd_no)], capture_output=True, text=True, check=True)
    answer = json.loads(run.stdout)
    if answer["status"]["error"]:
        raise RuntimeError(f"gacrux: {answer['status']['error']}")
    return [list(p) for p in answer["pairingResult"]["pairs"]]


def make(spec: Spec) -> tuple[str, str]:
    """The event's TRF with every round, and gacrux's answers as JSON."""
    rnd = random.Random(spec.number * 7919 + 11)
    b = spec.boards
    ratings = [2400 - 600 * (no // b) // max(spec.teams, 1) + rnd.randint(-150, 150)
               for no in range(spec.teams * b)]
    games: dict[int, list[Game | str]] = {no: [] for no in range(1, spec.teams * b + 1)}
    pabs: list[int] = []
    byes: list[tuple[int, int]] = []
    first = "W" if spec.number % 2 == 0 else "B"
    answers = []
    for rnd_no in range(1, spec.rounds + 1):
        away = [t for t in range(1, spec.teams + 1) if rnd_no < spec.rounds - 1 and rnd.random() < spec.hpb]
        byes += [(rnd_no, t) for t in away]
        try:
            pairs = gacrux_round(trf_text(spec, ratings, games, pabs, byes, first), rnd_no, spec.method)
        except (RuntimeError, subprocess.CalledProcessError, KeyError, ValueError):
            break  # no legal pairing of this round (a small field): the event ends with the round before
        answers.append(pairs)
        pab = 0
        for white, black in pairs:
            if black == 0:
                pab = white
                for k in range(1, b + 1):
                    games[(white - 1) * b + k].append("0000 - U")
                continue
            for k in range(1, b + 1):  # board k: board 1's colour to the white team, then alternating
                pw, pb = (white - 1) * b + k, (black - 1) * b + k
                if k % 2 == 0:
                    pw, pb = pb, pw
                expected = 1 / (1 + 10 ** ((ratings[pb - 1] - ratings[pw - 1]) / 400))
                draw = 0.3
                x = rnd.random()
                res = "1" if x < expected - draw / 2 else "=" if x < expected + draw / 2 else "0"
                other = {"1": "0", "0": "1", "=": "="}[res]
                games[pw].append(Game(pb, "w", res))
                games[pb].append(Game(pw, "b", other))
        pabs.append(pab)
        for t in away:
            for k in range(1, b + 1):
                games[(t - 1) * b + k].append("0000 - H")
    byes = [(r, t) for r, t in byes if r <= len(answers)]
    return trf_text(spec, ratings, games, pabs, byes, first), json.dumps(answers)


def generate(jobs: int) -> None:
    todo = specs()
    CORPUS.parent.mkdir(parents=True, exist_ok=True)
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        made = list(pool.map(make, todo))
    with zipfile.ZipFile(CORPUS, "w", zipfile.ZIP_DEFLATED) as z:
        for spec, (text, answers) in zip(todo, made):
            z.writestr(spec.name + ".trf", text)
            z.writestr(spec.name + ".json", answers)
    print(f"wrote {CORPUS} ({len(todo)} events)")


class Round(NamedTuple):
    """One round of the corpus to compare."""

    name: str
    round: int
    text: str
    gacrux: tuple[tuple[int, int], ...]


def rounds() -> list[Round]:
    """Every round of the corpus with gacrux's answer."""
    out = []
    with zipfile.ZipFile(CORPUS) as z:
        names = sorted(n[:-4] for n in z.namelist() if n.endswith(".trf"))
        for name in names:
            text = z.read(name + ".trf").decode("utf-8")
            answers = json.loads(z.read(name + ".json"))
            for k, pairs in enumerate(answers, start=1):
                out.append(Round(name, k, text, tuple((int(w), int(b)) for w, b in pairs)))
    return out


def xltb_round(r: Round, edition: str = "2026-02") -> tuple[tuple[int, int], ...]:
    """xltb's pairing of the round from the state before it, as gacrux writes it."""
    sys.path.insert(0, str(ROOT))
    from xltb.model.results import Kind
    from xltb.pairing.pair import pair
    from xltb.readers.registry import read_event

    event = read_event(r.name + ".trf", data=r.text.encode("utf-8"))[0]
    rp = pair(event, r.round, system="fide-team", edition=edition)
    return tuple([(b.white, b.black) for b in rp.boards] + [(y.start_no, 0) for y in rp.byes if y.kind is Kind.PAB])


def compare() -> int:
    total = same = 0
    for r in rounds():
        total += 1
        try:
            mine = xltb_round(r)
        except Exception as err:  # noqa: BLE001 - reported, counted as a difference unless gacrux found none
            if not r.gacrux and "no pairing" in str(err):
                same += 1  # C.04.6 1.9.3 / 3.3.3: neither finds a legal pairing (gacrux answers [])
                continue
            print(f"{r.name} round {r.round}: {err}")
            continue
        if mine == r.gacrux:
            same += 1
        else:
            print(f"{r.name} round {r.round}:\n  xltb   {mine}\n  gacrux {r.gacrux}")
    print(f"{same} of {total} rounds identical (pairs, PAB, colours, board order)")
    return 0 if same == total else 1


def compare_files() -> int:
    """The team files under tests/data that carry rounds: each round paired by gacrux (``-m fideteam``, the
    file's own 192 read) and by xltb from the state before it."""
    sys.path.insert(0, str(ROOT))
    from xltb.readers.registry import read_event
    from xltb.model.team import TeamTournament

    total = same = 0
    for path in sorted((ROOT / "tests" / "data" / "team").glob("*.trf")):
        text = path.read_text(encoding="utf-8", errors="replace")
        event = read_event(path)[0]
        if not isinstance(event, TeamTournament):
            continue
        for rnd_no in range(1, event.rounds + 1):
            run = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-m", "fideteam", "-i", str(path),
                                  "-p", "-n", str(rnd_no)], capture_output=True, text=True)
            try:
                theirs = tuple((int(w), int(b)) for w, b in json.loads(run.stdout)["pairingResult"]["pairs"])
            except (ValueError, KeyError):
                print(f"{path.name} round {rnd_no}: gacrux gives no pairing")
                continue
            total += 1
            try:
                mine = xltb_round(Round(path.stem, rnd_no, text, theirs), edition="2026-02")
            except Exception as err:  # noqa: BLE001 - reported
                print(f"{path.name} round {rnd_no}: xltb: {err}")
                continue
            if mine == theirs:
                same += 1
            else:
                print(f"{path.name} round {rnd_no}:\n  xltb   {mine}\n  gacrux {theirs}")
    print(f"{same} of {total} rounds identical")
    return 0 if same == total else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compare", action="store_true", help="xltb against every round of the corpus")
    parser.add_argument("--files", action="store_true", help="xltb against gacrux on the team files of tests/data")
    args = parser.parse_args()
    if args.compare:
        return compare()
    if args.files:
        return compare_files()
    generate(args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
