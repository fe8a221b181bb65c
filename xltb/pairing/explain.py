"""Why each pairing is what it is (C.04.1 9: the person in charge of the pairing can explain it), as
messages: the bracket a pair comes from, why a player floats, why a colour, why the PAB, and per bracket
which criteria could not all be met."""

from __future__ import annotations

from typing import Sequence

from ..messages import Message, Text
from .colours import Allocation
from .records import Fixed, Graph
from .state import Entrant, Float, RoundState, Strength


def board_reasons(white: Entrant, black: Entrant, alloc: Allocation) -> tuple[Text, ...]:
    """Why these two meet, and why white is white (C.04.3 5.2)."""
    out: list[Text] = []
    if white.score == black.score:
        out.append(Message("pairing.board.same_score", white=white.start_no, black=black.start_no, score=white.score))
    else:
        high, low = (white, black) if white.score > black.score else (black, white)
        out.append(Message("pairing.board.float", high=high.start_no, low=low.start_no, high_score=high.score,
                           low_score=low.score))
    out.append(Message(f"pairing.colour.{alloc.rule.replace('.', '_')}", white=white.start_no, black=black.start_no))
    return tuple(out)


def bye_reasons(e: Entrant, state: RoundState) -> tuple[Text, ...]:
    """Why this player has the PAB (C.04.1 3-4; C.04.3 [C2], [C5], [C9])."""
    return (Message("pairing.pab.why", no=e.start_no, score=e.score, unplayed=e.unplayed, points=state.pab_points),)


def _missed(fixed: Fixed, graph: Graph, white_of: dict[int, int]) -> list[Text]:
    """The quality criteria the bracket's pairs leave unmet ([C12]-[C16]), each with its count."""
    entrants = graph.entrants
    c12 = c13 = 0
    for v, w in fixed.pairs:
        for x in (v, w):
            e = entrants[x]
            pref = e.preference
            if pref.strength is Strength.NONE:
                continue
            got_white = white_of.get(e.start_no) == e.start_no
            if (pref.colour.value == "w") != got_white:
                c12 += 1
                if pref.strength.value >= Strength.STRONG.value:
                    c13 += 1
    paired = {x for p in fixed.pairs for x in p}
    floaters = [x for x in fixed.residents + fixed.moved_down if x not in paired]
    c14 = sum(1 for x in floaters if x < len(entrants) and entrants[x].floats[0] is Float.DOWN)
    c16 = sum(1 for x in floaters if x < len(entrants) and entrants[x].floats[1] is Float.DOWN)
    out: list[Text] = []
    for code, count in (("C12", c12), ("C13", c13), ("C14", c14), ("C16", c16)):
        if count:
            out.append(Message(f"pairing.criterion.{code}", count=count))
    return out


def bracket_notes(fixed: Sequence[Fixed], graph: Graph, white_of: dict[int, int]) -> list[tuple[Text, ...]]:
    """Per bracket: its pairs and floaters, the MDPs it could not pair, [C9], the criteria left unmet."""
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
        notes += _missed(f, graph, white_of)
        out.append(tuple(notes))
    return out


__all__ = ["board_reasons", "bracket_notes", "bye_reasons"]
