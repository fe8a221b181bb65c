"""The drawing of lots for the initial colour: C.04.3 5.1 ("the initial-colour is the colour determined by
drawing of lots before the pairing of the first round"; the same in C.04.4.1, C.04.4.2 and C.04.6 4.1).

When the event does not say it (TRF ``152`` / ``XXC white1`` / ``black1``, a workbook's Settings), ``--lots
SEED`` draws it: ``random.Random(SEED).choice((white, black))``, the colour of the top player on board 1 of
round 1. The same seed always draws the same colour, on every machine and Python version (the seeded
Mersenne Twister and ``choice`` are stable), so any arbiter can repeat the draw; the seed and the colour drawn
are said in the pairing's notes.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..messages import Message
from ..model.results import Colour


class Lot(NamedTuple):
    """The initial colour drawn by lot for a round to pair."""

    colour: Colour
    """The colour the top player has in round 1 (C.04.3 5.1)."""
    note: Message
    """What the pairing's notes say of it (``pairing.lots.first_colour``: the seed and the colour)."""


def draw_colour(seed: int) -> Colour:
    """The initial colour drawn by lot with ``seed``: ``random.Random(seed).choice((white, black))``."""
    return random.Random(seed).choice((Colour.WHITE, Colour.BLACK))


def first_colour(given: Colour | None, lots: int | None) -> Lot | None:
    """The initial colour drawn with the seed ``lots`` and the note that says so; None when the event says
    its own (``given``: a lot drawn already) or no seed is given."""
    if given is not None or lots is None:
        return None
    colour = draw_colour(lots)
    return Lot(colour, Message("pairing.lots.first_colour", seed=lots,
                               colour=Message(f"pair.colour_{colour.name.lower()}")))


__all__ = ["Lot", "draw_colour", "first_colour"]
