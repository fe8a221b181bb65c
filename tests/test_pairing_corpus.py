"""The pairing corpus (tests/data/pairing/corpus.tar.xz, made by benchmarks/pairing_corpus.py: random events of
gacrux 1.11.65's generator paired round by round by gacrux, with withdrawals added), a sample of its second
part paired again by xltb, withdrawals as both programs read them, and the editions of C.04 as data.

The whole corpus is compared by ``python benchmarks/pairing_compare.py --jobs 1`` (docs/pairing-dutch.md,
"Agreement with gacrux")."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from xltb.model.results import Kind
from xltb.pairing.dutch import pair_dutch
from xltb.pairing.state import Float, build_state
from xltb.rules.swiss import NEWEST_SWISS, SWISS_EDITIONS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import pairing_compare  # noqa: E402
import pairing_corpus  # noqa: E402

STORED = pairing_corpus.names() if pairing_corpus.CORPUS.exists() else []
SECOND = [n for n in STORED if int(n[:4]) >= pairing_corpus.FIRST]
GONE = [n for n in SECOND if pairing_corpus.withdrawals_of(n) and pairing_corpus.players_of(n) <= 40]
#: a sample of the second part: every 60th small event and the first withdrawals
SAMPLE = sorted(set([n for n in SECOND if pairing_corpus.players_of(n) <= 40][::60] + GONE[:8]))


def test_every_stored_event_is_one_of_the_script_s() -> None:
    made = {s.name: s for s in pairing_corpus.specs()}
    assert STORED and set(STORED) <= set(made)
    first = [s.name for s in pairing_corpus.specs() if s.number < pairing_corpus.FIRST]
    assert set(first) <= set(STORED)  # the first corpus, which other systems' tests use, is kept whole
    sizes = {size: sum(1 for n in STORED if lo <= pairing_corpus.players_of(n) <= hi)
             for size, lo, hi in (("small", 9, 40), ("medium", 41, 150), ("large", 151, 500))}
    assert all(sizes.values()), sizes
    for size, (start, count) in pairing_corpus.CLASSES.items():  # each size's first events, none skipped
        numbers = sorted(int(n[:4]) for n in STORED if start <= int(n[:4]) < start + count)
        assert numbers == list(range(start, start + len(numbers))), size
    assert any(pairing_corpus.withdrawals_of(n) for n in STORED) and any("-baku" in n for n in SECOND)


def test_a_name_says_its_withdrawals_and_players() -> None:
    spec = next(s for s in pairing_corpus.specs() if len(s.withdrawals) > 1)
    assert pairing_corpus.withdrawals_of(spec.name) == spec.withdrawals
    assert pairing_corpus.players_of(spec.name) == spec.players
    assert pairing_corpus.withdrawals_of("0007-p20-r9-baku.trf") == ()


@pytest.mark.parametrize("name", SAMPLE)
def test_the_sample_is_paired_as_gacrux_paired_it(name: str) -> None:
    _, _, diffs, rounds = pairing_compare.compare(name, pairing_corpus.read(name))
    assert rounds >= 5 and diffs == []


def test_a_withdrawn_player_is_blank_from_his_round_and_in_the_plans() -> None:
    name = GONE[0]
    no, rnd = pairing_corpus.withdrawals_of(name)[0]
    text = pairing_corpus.read(name)
    row = next(line for line in text.splitlines() if line.startswith("001") and int(line[4:8]) == no)
    assert row[91 + 10 * (rnd - 1):91 + 10 * rnd].split() == ["0000", "-", "Z"]  # as gacrux made the event
    event = pairing_corpus.load(text, name)
    player = next(p for p in event.players if p.start_no == no)
    assert all(r.opponent is None and r.kind is not Kind.PAB for r in player.results[rnd - 1:])
    assert no in event.plans.withdrawn_by(rnd) and no not in event.plans.withdrawn_by(rnd - 1)


def test_without_the_withdrawal_in_the_plans_xltb_would_pair_him() -> None:
    """The blank entries alone say "not paired yet": the plans are what leave him out (C.04.2)."""
    name = next(n for n in GONE if any(r < int(n.split("-r")[1].split("-")[0]) for _, r in
                                       pairing_corpus.withdrawals_of(n)))
    event = pairing_corpus.load(pairing_corpus.read(name), name)
    no, rnd = pairing_corpus.withdrawals_of(name)[0]
    kept = event._replace(info=event.info._replace(plans=event.plans._replace(withdrawals=())))
    paired = {x for b in pair_dutch(kept, rnd, NEWEST_SWISS).boards for x in (b.white, b.black)}
    left_out = {x for b in pair_dutch(event, rnd, NEWEST_SWISS).boards for x in (b.white, b.black)}
    assert no in paired and no not in left_out


@pytest.mark.skipif(importlib.util.find_spec("gacrux") is None, reason="gacrux is not installed")
def test_gacrux_leaves_a_blank_entry_unpaired(tmp_path: Path) -> None:
    """The TRF xltb's corpus gives both programs: the withdrawn player's entries blank from his withdrawal
    (gacrux reads a blank round as an unplayed one of no points, not to be paired)."""
    name = GONE[0]
    no, rnd = pairing_corpus.withdrawals_of(name)[0]
    text = pairing_corpus.read(name)
    path = tmp_path / "gone.trf"
    path.write_text(pairing_corpus.blank_withdrawn(text, pairing_corpus.withdrawals_of(name)))
    out = tmp_path / "out.json"
    subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-n", str(rnd),
                    "-o", str(out)], check=True, capture_output=True, timeout=300)
    want = json.loads(out.read_text())["pairingResult"]["pairs"]
    assert no not in {x for pair in want for x in pair}
    event = pairing_corpus.load(text, name)
    assert {(w, b) for w, b in want if b} == set(pairing_corpus.played(event, rnd)[0])


# -- the editions ------------------------------------------------------------------------------------------

def test_the_editions_cite_their_own_articles() -> None:
    old, new = SWISS_EDITIONS["2025-07"], SWISS_EDITIONS["2026-02"]
    assert (old.pab_criterion_article, new.pab_criterion_article) == ("C.04.3 3.3.1", "C.04.3 2.3.1")
    assert (old.pab_unplayed_article, new.pab_unplayed_article) == ("C.04.3 3.4.4", "C.04.3 2.4.4")
    assert (old.preference_article, new.preference_article) == ("C.04.3 1.6.2", "C.04.3 1.7")
    assert (old.topscorer_article, new.topscorer_article) == ("C.04.3 1.7", "C.04.3 1.8")
    assert (old.colour_history_article, new.colour_history_article) == ("C.04.2 4.5", "C.04.2 3.4")
    assert (old.board_order_article, new.board_order_article) == ("C.04.2 4.9", "C.04.2 3.6")
    assert (old.withdrawal_article, new.withdrawal_article) == ("C.04.2 4.3", "C.04.2 3.2")
    assert not old.baku_virtual_win and new.baku_virtual_win
    assert not old.pab_always_downfloats and new.pab_always_downfloats
    assert not old.colour_exceptions_any_round and new.colour_exceptions_any_round


def _zero_pab_event():  # type: ignore[no-untyped-def]
    """Three players, round 1 played, the PAB worth nothing (TRF-2026 162: P 0.0)."""
    lines = ["012 zero PAB", "062 3", "092 Individual: Swiss-System", "142 3",
             "162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.0    X 0.5"]
    for no, rating, entry in ((1, 2400, "   2 w 1"), (2, 2300, "   1 b 0"), (3, 2200, "0000 - U")):
        cells = [" "] * 91
        for col, text in ((1, "001"), (5, f"{no:4d}"), (15, f"Player {no}"), (49, f"{rating:4d}"), (86, f"{no:4d}")):
            cells[col - 1:col - 1 + len(text)] = list(text)
        lines.append("".join(cells) + entry)
    return pairing_corpus.load("\n".join(lines) + "\n", "case.trf")


def test_a_pab_worth_nothing_is_a_downfloat_from_2026_only() -> None:
    """C.04.3 1.4.3: 2025-07, a downfloat for scoring more than a loss without playing; 2026-02 adds any PAB."""
    event = _zero_pab_event()
    assert next(p for p in event.players if p.start_no == 3).results[0].kind is Kind.PAB
    for edition, float_ in (("2025-07", Float.NONE), ("2026-02", Float.DOWN)):
        state = build_state(event, 2, pab_downfloats=SWISS_EDITIONS[edition].pab_always_downfloats)
        assert next(e for e in state.entrants if e.start_no == 3).floats[0] is float_
