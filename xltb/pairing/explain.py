"""Why each pairing is what it is (C.04.1 9: the person in charge of the pairing can explain it), as
messages: the bracket a pair comes from, why a player floats, why a colour, why the PAB."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..messages import Message, Text
from .colours import Allocation
from .state import Entrant, RoundState

if TYPE_CHECKING:  # the engine's records, read only
    from .dutch import Fixed, Graph


def board_reasons(white: Entrant, black: Entrant, alloc: Allocation) -> tuple[Text, ...]:
    """Why these two meet, and why white is white (C.04.3 5.2)."""
    out: list[Text] = []
    if white.score == black.score:
        out.append(Message("pairing.board.same_score", score=white.score))
    else:
        high, low = (white, black) if white.score > black.score else (black, white)
        out.append(Message("pairing.board.float", high=high.start_no, low=low.start_no, high_score=high.score,
                           low_score=low.score))
    out.append(Message(f"pairing.colour.{alloc.rule.replace('.', '_')}", white=white.start_no, black=black.start_no))
    return tuple(out)


def bye_reasons(e: Entrant, state: RoundState) -> tuple[Text, ...]:
    """Why this player has the PAB (C.04.1 3-4; C.04.3 [C2], [C5], [C9])."""
    return (Message("pairing.pab.why", no=e.start_no, score=e.score, unplayed=e.unplayed),)


def bracket_notes(fixed: Sequence[Fixed], graph: Graph) -> list[tuple[Text, ...]]:
    """Per bracket: how many pairs and floaters, and whether [C9] applied."""
    out: list[tuple[Text, ...]] = []
    for f in fixed:
        size = len(f.residents) + len(f.moved_down)
        floaters = size - 2 * len(f.pairs)
        notes: list[Text] = [Message("pairing.bracket.summary", pairs=len(f.pairs), floaters=floaters,
                                     mdps=len(f.moved_down))]
        if f.moved_down:
            paired = sum(1 for v, w in f.pairs if v in f.moved_down or w in f.moved_down)
            if paired < len(f.moved_down):
                notes.append(Message("pairing.bracket.mdp_float", paired=paired, mdps=len(f.moved_down)))
        if floaters > (size % 2):
            notes.append(Message("pairing.bracket.relaxed", floaters=floaters))
        if f.c9:
            notes.append(Message("pairing.bracket.c9"))
        out.append(tuple(notes))
    return out


__all__ = ["board_reasons", "bracket_notes", "bye_reasons"]
