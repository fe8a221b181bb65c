"""What the Swiss team system's colours read (C.04.6), rules of the team event alone: board 1's colour in
a match played (1.6.1), the colour preferences of type A or B or none (1.7) and whether the secondary score
decides the first-team (1.2, 4.2.2). The pairing state (:mod:`xltb.pairing.state`) applies them to each
team; the colour allocation (4.3, :func:`xltb.pairing.team.allocate`) reads what they give.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Protocol, Sequence

from ..model.results import Colour

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import TeamTournament


class BoardColour(Protocol):
    """What 1.6.1 reads of one board of a match: its number and the colour played on it."""

    @property
    def board(self) -> int:
        """The board (1: the first)."""

    @property
    def colour(self) -> Colour:
        """The colour the team's player had (:attr:`Colour.NONE`: none, e.g. a forfeit)."""


class MatchColours(Protocol):
    """What 1.6.1 reads of a team's round: board 1's colour and the boards."""

    @property
    def colour(self) -> Colour:
        """Board 1's colour (:attr:`Colour.NONE`: not known from board 1)."""

    @property
    def boards(self) -> Sequence[BoardColour]:
        """The boards of the match."""


class ColourModel(Enum):
    """Which colour preferences the competition uses (C.04.6 1.7)."""

    TYPE_A = "typea"
    """1.7.1, the default: one strength."""
    TYPE_B = "typeb"
    """1.7.2: strong and mild."""
    NONE = "nocolor"
    """1.7: no colour preferences at all."""

    __hash__ = object.__hash__


class TeamPreference(NamedTuple):
    """A team's colour preference (C.04.6 1.7)."""

    colour: Colour
    """The colour wanted (:attr:`Colour.NONE`: no preference)."""
    strong: bool
    """Type A's simple preference and type B's strong one (True); type B's mild one (False)."""


def colour_model(event: TeamTournament) -> ColourModel:
    """1.7: type A unless the competition says type B or no preferences. TRF 192 as gacrux reads TRF-2026's
    team codes: ``FIDE_TEAM_TYPEA_...`` type A, ``FIDE_TEAM_TYPEB_...`` type B, a code naming its scores but
    no type (``FIDE_TEAM_MP_GP``, ``FIDE_TEAM_GP``, ...) no colour preferences, ``FIDE_TEAM`` and
    ``FIDE_TEAM_BAKU`` alone type A (the default); xltb also reads ``..._NOCOLOR...``."""
    code = event.type_code.upper()
    tokens = set(code.split("_"))
    if "TYPEB" in tokens:
        return ColourModel.TYPE_B
    if "TYPEA" in tokens:
        return ColourModel.TYPE_A
    if "NOCOLOR" in tokens or "NOCOLOUR" in tokens or (code.startswith("FIDE_TEAM") and tokens & {"MP", "GP"}):
        return ColourModel.NONE
    return ColourModel.TYPE_A


def secondary_used(event: TeamTournament) -> bool:
    """1.2.1-1.2.2: the secondary score is used for the colours (4.2.2) unless the competition names one
    score only (TRF 192 ``FIDE_TEAM_..._MP`` without ``_GP``)."""
    tokens = set(event.type_code.upper().split("_"))
    return not (("MP" in tokens) != ("GP" in tokens))


def team_preference(colours: tuple[Colour, ...], model: ColourModel, last_round: bool) -> TeamPreference:
    """C.04.6 1.7 after these played colours."""
    none = TeamPreference(Colour.NONE, False)
    if model is ColourModel.NONE:
        return none
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last2 = colours[-2:]
    if cd < -1 or (cd in (0, -1) and len(last2) == 2 and last2[0] is last2[1] is Colour.BLACK):
        return TeamPreference(Colour.WHITE, True)  # 1.7.1.1 / 1.7.2.1
    if cd > 1 or (cd in (0, 1) and len(last2) == 2 and last2[0] is last2[1] is Colour.WHITE):
        return TeamPreference(Colour.BLACK, True)  # 1.7.1.2 / 1.7.2.2
    if model is ColourModel.TYPE_A:
        return none  # 1.7.1.3
    if cd == -1:
        return TeamPreference(Colour.WHITE, False)  # 1.7.2.3
    if cd == 1:
        return TeamPreference(Colour.BLACK, False)  # 1.7.2.4
    if colours and not last_round:  # 1.7.2.3-4: CD 0, not the last round: alternate
        return TeamPreference(Colour.WHITE if colours[-1] is Colour.BLACK else Colour.BLACK, False)
    return none  # 1.7.2.5


def board_one_colour(r: MatchColours, pattern: str) -> Colour:
    """1.6.1: the colour board 1 was scheduled to play in a match played: the match's own when board 1 has
    one, else worked out from another board's colour and the boards' colour pattern (TRF 352, by default
    alternating: board 1's colour on the odd boards)."""
    if r.colour is not Colour.NONE:
        return r.colour
    for b in r.boards:
        if b.colour is not Colour.NONE and b.board >= 1:
            k = b.board - 1
            same = (pattern[k] == pattern[0]) if pattern and k < len(pattern) else k % 2 == 0
            return b.colour if same else (Colour.BLACK if b.colour is Colour.WHITE else Colour.WHITE)
    return Colour.NONE


__all__ = ["BoardColour", "ColourModel", "MatchColours", "TeamPreference", "board_one_colour", "colour_model",
           "secondary_used", "team_preference"]
