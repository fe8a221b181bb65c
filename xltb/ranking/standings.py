"""Final standings: ranked rows, and every value with its breakdown."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, Sequence

from ..model import Player, Tournament
from ..rules import Edition
from ..tiebreaks.base import Evaluation
from ..tiebreaks.codes import TieBreakSpec
from ..tiebreaks.direct import EncounterStep

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import Team, TeamTournament


class Entry(NamedTuple):
    """What a line of the standings shows of a participant. A player: title, name, federation,
    rating. A team: its name, its short name in the federation column and its strength (TRF 310,
    e.g. the average rating) as the rating; teams have no title."""

    start_no: int
    title: str
    name: str
    federation: str
    rating: int | None


class Row(NamedTuple):
    """One line of the standings."""

    rank: int
    participant: "Player | Team"
    points: Fraction
    values: dict[str, Fraction | None]
    by_lot: bool = False  # the place was decided by drawing of lots

    @property
    def start_no(self) -> int:
        return self.participant.start_no


class Standings:
    """The result of a computation: ranked rows, every value with its breakdown."""

    __slots__ = ("event", "team", "edition", "specs", "rows", "evaluations", "encounters", "warnings",
                 "lots_seed", "unrated_rating", "choices", "_index", "_steps", "_codes")

    def __init__(self, event: "Tournament | TeamTournament", edition: Edition, specs: tuple[TieBreakSpec, ...],
                 rows: list[Row], evaluations: dict[str, Sequence[Evaluation | None]],
                 encounters: dict[str, list[EncounterStep]] | None = None, warnings: list[str] | None = None,
                 lots_seed: int | None = None, unrated_rating: int | None = None):
        self.event = event  # the individual or team event ranked
        self.team = getattr(event, "teams", None) is not None  # a team event (see ranking.choices.is_team)
        self.edition = edition
        self.specs = specs
        self.rows = rows
        self.evaluations = evaluations  # code -> per participant (in file order)
        self.encounters = {} if encounters is None else encounters  # DE code -> the steps of Art. 6 taken
        self.warnings = [] if warnings is None else warnings
        self.lots_seed = lots_seed
        self.unrated_rating = unrated_rating  # the rating given for unrated participants (C.07 10), if any
        self._index: dict[int, int] | None = None  # start number -> position in the file, made when first needed
        #: where each choice came from: "rules", "tiebreaks", "event_type", "primary" (teams) -> Choice
        #: (ranking.choices); the ranking fills it, xltb.decide.Decision.compute says more
        self.choices: dict = {}
        self._steps: dict[str, dict[int, list[EncounterStep]]] = {}  # DE code -> start number -> its steps
        self._codes: tuple[tuple, list[str]] | None = None  # (specs, their codes): asked for on every row written

    def __repr__(self) -> str:
        return f"Standings({self.event.name!r}, {self.edition.key}, {len(self.rows)} rows, {self.codes})"

    @property
    def edition_reason(self) -> str:
        """Where the edition came from and why: ``from the file: in force on the start date ...``."""
        return self.choices["rules"].text

    @property
    def participants(self) -> "tuple[Player, ...] | tuple[Team, ...]":
        """The ranked participants in file order: the players, or the teams of a team event."""
        return self.event.teams if self.team else self.event.players

    @property
    def scoring_text(self) -> str:
        """The event's scoring in words (team events: match and game points, the primary score and why)."""
        if self.team:
            primary = self.choices.get("primary")
            return f"{self.event.describe_scoring()} ({primary.text})"
        return self.event.scoring.describe()

    def entry(self, participant: "Player | Team") -> Entry:
        """What the standings show of a participant."""
        if self.team:
            return Entry(participant.start_no, "", participant.name, participant.short_name, participant.strength)
        return Entry(participant.start_no, participant.title, participant.name, participant.federation,
                     participant.rating)

    @property
    def codes(self) -> list[str]:
        if self._codes is None or self._codes[0] is not self.specs:
            self._codes = (self.specs, [s.code for s in self.specs])
        return list(self._codes[1])

    def evaluation(self, start_no: int, code: str) -> Evaluation | None:
        if self._index is None:
            self._index = {p.start_no: i for i, p in enumerate(self.participants)}
        try:
            index = self._index[start_no]
        except KeyError:
            raise ValueError(f"{start_no} is not a start number of this event") from None
        return self.evaluations[code][index]

    def encounter_steps(self, code: str, start_no: int) -> list[EncounterStep]:
        """The steps of direct encounter (``code``: DE, EDE...) that concerned a participant."""
        by_member = self._steps.get(code)
        if by_member is None:  # indexed once: the Details sheet asks for every participant
            by_member = {}
            for step in self.encounters.get(code, ()):
                for n in step.members:
                    steps = by_member.setdefault(n, [])
                    if not steps or steps[-1] is not step:  # a start number is listed once per step
                        steps.append(step)
            self._steps[code] = by_member
        return list(by_member.get(start_no, ()))

    def row(self, start_no: int) -> Row:
        for row in self.rows:
            if row.start_no == start_no:
                return row
        raise KeyError(start_no)
