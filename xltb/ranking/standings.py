"""Final standings: ranked rows, and every value with its breakdown."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, Protocol, Sequence

from ..model import Player, Tournament
from ..rules import Edition
from ..tiebreaks.base import Evaluation
from ..tiebreaks.codes import TieBreakSpec
from ..tiebreaks.direct import EncounterStep


class Participant(Protocol):
    """What a row shows of a participant: a player (individual events) or a team (team events)."""

    start_no: int
    name: str
    title: str
    federation: str
    rating: int | None


class Row(NamedTuple):
    """One line of the standings."""

    rank: int
    participant: Player | Participant
    points: Fraction
    values: dict[str, Fraction | None]
    by_lot: bool = False  # the place was decided by drawing of lots

    @property
    def start_no(self) -> int:
        return self.participant.start_no


class Standings:
    """The result of a computation: ranked rows, every value with its breakdown."""

    __slots__ = ("tournament", "edition", "edition_reason", "specs", "rows", "evaluations", "encounters", "warnings",
                 "lots_seed", "unrated_rating", "_index")

    def __init__(self, tournament: Tournament, edition: Edition, edition_reason: str, specs: tuple[TieBreakSpec, ...],
                 rows: list[Row], evaluations: dict[str, Sequence[Evaluation | None]],
                 encounters: dict[str, list[EncounterStep]] | None = None, warnings: list[str] | None = None,
                 lots_seed: int | None = None, unrated_rating: int | None = None):
        self.tournament = tournament
        self.edition = edition
        self.edition_reason = edition_reason
        self.specs = specs
        self.rows = rows
        self.evaluations = evaluations  # code -> per participant (in file order)
        self.encounters = {} if encounters is None else encounters  # DE code -> the steps of Art. 6 taken
        self.warnings = [] if warnings is None else warnings
        self.lots_seed = lots_seed
        self.unrated_rating = unrated_rating  # the rating given for unrated participants (C.07 10), if any
        self._index: dict[int, int] | None = None  # start number -> position in the file, made when first needed

    def __repr__(self) -> str:
        return f"Standings({self.tournament.name!r}, {self.edition.key}, {len(self.rows)} rows, {self.codes})"

    @property
    def codes(self) -> list[str]:
        return [s.code for s in self.specs]

    def evaluation(self, start_no: int, code: str) -> Evaluation | None:
        if self._index is None:
            self._index = {p.start_no: i for i, p in enumerate(self.tournament.players)}
        try:
            index = self._index[start_no]
        except KeyError:
            raise ValueError(f"{start_no} is not a start number of this event") from None
        return self.evaluations[code][index]

    def encounter_steps(self, code: str, start_no: int) -> list[EncounterStep]:
        """The steps of direct encounter (``code``: DE, EDE...) that concerned a participant."""
        return [step for step in self.encounters.get(code, ()) if start_no in step.members]

    def row(self, start_no: int) -> Row:
        for row in self.rows:
            if row.start_no == start_no:
                return row
        raise KeyError(start_no)
