"""The initial colour drawn by lot (C.04.3 5.1, C.04.4.1/C.04.4.2 5.1, C.04.6 4.1): ``--lots SEED`` is a
documented draw, ``random.Random(SEED).choice((white, black))``, said in the pairing's notes; the event's own
colour (152 / XXC) wins over any seed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from xltb.cli.main import main
from xltb.messages import Message
from xltb.model.results import Colour
from xltb.pairing.dutch import pair_dutch
from xltb.pairing.lots import draw_colour, first_colour
from xltb.pairing.pair import pair
from xltb.report.i18n import language
from xltb.rules.swiss import NEWEST_SWISS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import pairing_corpus  # noqa: E402

SEEDS = range(40)


def unpaired(players: int = 10, first: str | None = None) -> str:
    """A TRF of ``players`` players before round 1, the initial colour said (152) or not."""
    lines = ["012 lots", f"062 {players}", "092 Individual: Swiss-System", "142 5"] + ([f"152 {first}"] if first else [])
    for no in range(1, players + 1):
        cells = [" "] * 91
        for col, text in ((1, "001"), (5, f"{no:4d}"), (15, f"Player {no}"), (49, f"{2400 - 10 * no:4d}"),
                          (86, f"{no:4d}")):
            cells[col - 1:col - 1 + len(text)] = list(text)
        lines.append("".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def top_colour(pairs) -> Colour:  # type: ignore[no-untyped-def]
    """The colour of player 1 (the top player) on board 1."""
    board = pairs.boards[0]
    assert 1 in (board.white, board.black)
    return Colour.WHITE if board.white == 1 else Colour.BLACK


def test_the_draw_is_the_seeded_generator_s_choice_and_both_colours_come_up() -> None:
    drawn = [draw_colour(s) for s in SEEDS]
    assert drawn == [random.Random(s).choice((Colour.WHITE, Colour.BLACK)) for s in SEEDS]
    assert set(drawn) == {Colour.WHITE, Colour.BLACK}
    assert [draw_colour(s) for s in SEEDS] == drawn  # the same seed, the same colour


def test_the_event_s_own_colour_wins_over_the_seed() -> None:
    assert first_colour(Colour.BLACK, 1) is None and first_colour(None, None) is None
    drawn = first_colour(None, 3)
    assert drawn is not None and drawn.colour is draw_colour(3) and drawn.note.get("seed") == 3


@pytest.mark.parametrize("seed", [s for s in SEEDS if s < 12])
def test_round_one_gives_the_top_player_the_colour_drawn(seed: int) -> None:
    event = pairing_corpus.load(unpaired(), "lots.trf")
    pairs = pair_dutch(event, 1, NEWEST_SWISS, lots=seed)
    assert top_colour(pairs) is draw_colour(seed)
    # 5.2.5: the odd pairing numbers of S1 take the initial colour, the even ones the other
    for board in pairs.boards:
        high = min(board.white, board.black)
        assert (board.white == high) is ((draw_colour(seed) is Colour.WHITE) is (high % 2 == 1))
    assert [n.id for n in pairs.notes if isinstance(n, Message)] == ["pairing.lots.first_colour"]


def test_a_colour_in_the_file_is_kept_and_no_lot_is_said() -> None:
    seed = next(s for s in SEEDS if draw_colour(s) is Colour.WHITE)
    event = pairing_corpus.load(unpaired(first="B"), "lots.trf")
    pairs = pair_dutch(event, 1, NEWEST_SWISS, lots=seed)
    assert top_colour(pairs) is Colour.BLACK and pairs.notes == ()


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim"])
def test_every_individual_system_draws_the_same_colour(system: str) -> None:
    event = pairing_corpus.load(unpaired(), "lots.trf")
    for seed in (0, 1):
        rp = pair(event, 1, system=system, lots=seed)
        assert top_colour(rp) is draw_colour(seed)
        assert "pairing.lots.first_colour" in [n.id for n in rp.notes if isinstance(n, Message)]


def test_the_lot_is_said_in_the_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lots.trf"
    path.write_text(unpaired())
    black = next(s for s in SEEDS if draw_colour(s) is Colour.BLACK)
    assert main(["pair", str(path), "--lots", str(black)]) == 0
    out = capsys.readouterr().out
    said = language("en").render(first_colour(None, black).note)  # type: ignore[union-attr]
    assert said in out and f"seed {black}: black" in out
    assert main(["pair", str(path), "--lots", str(black), "--format", "json"]) == 0
    assert f"seed {black}" in capsys.readouterr().out
