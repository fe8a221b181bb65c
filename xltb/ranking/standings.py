"""Final standings: ranked rows, every value with its breakdown, and what each face shows of them."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, NamedTuple, Sequence

from ..messages import Message, Text
from ..model import Choices, Player
from ..model.event import Event, Participant
from ..rules import Edition
from ..tiebreaks.base import Evaluation, Value
from ..tiebreaks.codes import TieBreakSpec
from ..tiebreaks.direct import EncounterStep
from ..tiebreaks.display import column_places, value_text


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
    participant: Participant
    points: Fraction
    values: Mapping[str, Value | None]  # code -> value (None: undefined); rating-based values are whole ints
    by_lot: bool = False  # the place was decided by drawing of lots

    @property
    def start_no(self) -> int:
        return self.participant.start_no


class _Indexes:
    """What :class:`Standings` works out once, when first asked: the codes, each column's decimals, start
    number -> position, the direct-encounter steps by member, start number -> row."""

    __slots__ = ("codes", "places", "index", "steps", "rows")

    def __init__(self) -> None:
        self.codes: list[str] | None = None
        self.places: dict[str, int] = {}
        self.index: dict[int, int] | None = None
        self.steps: dict[str, dict[int, list[EncounterStep]]] = {}
        self.rows: dict[int, Row] | None = None


class Standings:
    """The result of a ranking (:func:`xltb.ranking.rank`): ranked rows, every value with its
    breakdown, and the one rule of what a value shows (:meth:`shown`), which every face asks.

    Immutable: its fields are set once, when the ranking makes it (a plain class with slots, as the
    engine's records are: ``xltb standings`` does not load ``dataclasses``)."""

    __slots__ = ("event", "edition", "specs", "rows", "evaluations", "choices", "encounters", "warnings",
                 "lots_seed", "unrated_rating", "_memo")

    event: Event  # the individual or team event ranked
    edition: Edition  # the edition of C.07 applied
    specs: tuple[TieBreakSpec, ...]  # the tie-break list, in order
    rows: tuple[Row, ...]  # the participants in ranking order
    #: code -> every participant's evaluation (in file order), made when first asked for
    evaluations: Mapping[str, Sequence[Evaluation | None]]
    #: where the edition, the list, the event type and (teams) the primary score came from
    choices: Choices
    encounters: Mapping[str, tuple[EncounterStep, ...]]  # DE code -> the steps of Art. 6 / 13.3 taken
    warnings: tuple[Text, ...]  # what the reading and the ranking warn of (messages)
    lots_seed: int | None  # the seed of the drawing of lots that broke the ties left, if any
    unrated_rating: int | None  # the rating given for unrated participants (C.07 10), if any
    _memo: _Indexes  # indexes made when first needed (start number -> position, steps...)

    def __init__(self, event: Event, edition: Edition, specs: tuple[TieBreakSpec, ...],
                 rows: tuple[Row, ...], evaluations: Mapping[str, Sequence[Evaluation | None]], choices: Choices,
                 encounters: Mapping[str, tuple[EncounterStep, ...]] | None = None, warnings: tuple[Text, ...] = (),
                 lots_seed: int | None = None, unrated_rating: int | None = None):
        put = object.__setattr__
        for name, value in (("event", event), ("edition", edition), ("specs", tuple(specs)), ("rows", tuple(rows)),
                            ("evaluations", evaluations), ("choices", choices), ("encounters", encounters or {}),
                            ("warnings", tuple(warnings)), ("lots_seed", lots_seed),
                            ("unrated_rating", unrated_rating), ("_memo", _Indexes())):
            put(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Standings are immutable: {name} is set by the ranking (xltb.ranking.rank)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Standings are immutable: {name} cannot be deleted")

    def __repr__(self) -> str:
        return f"Standings({self.event.name!r}, {self.edition.key}, {len(self.rows)} rows, {self.codes})"

    @property
    def team(self) -> bool:
        """A team event."""
        return self.event.is_team

    @property
    def edition_reason(self) -> str:
        """Where the edition came from and why: ``from the file: in force on the start date ...`` (English)."""
        return self.choices.rules.text

    @property
    def edition_said(self) -> Message:
        """:attr:`edition_reason` as a message, for the faces to render in the reader's language."""
        return self.choices.rules.message()

    @property
    def participants(self) -> Sequence[Participant]:
        """The ranked participants in file order: the players, or the teams of a team event."""
        return self.event.participants

    @property
    def scoring_text(self) -> str:
        """The event's scoring in words (English; :attr:`scoring_said` for the faces)."""
        return str(self.scoring_said)

    @property
    def scoring_said(self) -> Message:
        """The event's scoring as a message (team events: match and game points, the primary score and why)."""
        described = self.event.describe_scoring()
        primary = self.choices.primary
        if self.event.is_team and primary:
            return Message("scoring.team_why", scoring=described, why=primary.message())
        return described

    def entry(self, participant: Participant) -> Entry:
        """What the standings show of a participant."""
        if isinstance(participant, Player):
            return Entry(participant.start_no, participant.title, participant.name, participant.federation,
                         participant.rating)
        return Entry(participant.start_no, "", participant.name, participant.short_name, participant.strength)

    @property
    def codes(self) -> list[str]:
        """The codes of the list, in order (TRF-2026 spelling)."""
        codes = self._memo.codes
        if codes is None:
            codes = self._memo.codes = [s.code for s in self.specs]
        return list(codes)

    # ----------------------------------------------------------------- what a value shows
    def shown(self, code: str, start_no: int) -> Value | None:
        """The value of ``code`` every face shows for a participant; None: an empty cell.

        The one rule (``docs/tiebreak-values.md``): a tie-break's value where the rules define one.
        Direct encounter (DE, EDE) has a value only where Art. 6 gives the participant a standing
        among the tied: all of them met (6.2: the score in their separate standings, also when the
        scores are equal and nothing is decided), or Art. 6 placed it apart from the others (6.3);
        the ranking records exactly those (:func:`xltb.tiebreaks.direct.keep_decided`), and no face
        blanks or adds any."""
        return self.row(start_no).values[code]

    def direct(self, code: str) -> bool:
        """Whether ``code`` (of the list) is of the direct-encounter family (DE, EDE and its chains)."""
        return any(s.tiebreak.direct for s in self.specs if s.code == code)

    def shown_values(self, row: Row) -> dict[str, Value | None]:
        """A row's values as every face shows them (:meth:`shown`), by code."""
        return {code: row.values[code] for code in self.codes}

    def places(self, code: str) -> int:
        """The decimals a column of ``code`` is shown with, so that its numbers line up
        (:func:`xltb.tiebreaks.display.column_places`)."""
        found = self._memo.places.get(code)
        if found is None:
            found = self._memo.places[code] = column_places(code, (r.values[code] for r in self.rows))
        return found

    @staticmethod
    def text(code: str, value: Value | None) -> str:
        """A value as text, to the tie-break's precision (:func:`xltb.tiebreaks.display.value_text`)."""
        return value_text(code, value)

    # ----------------------------------------------------------------- look-ups
    def evaluation(self, start_no: int, code: str) -> Evaluation | None:
        index = self._memo.index
        if index is None:
            everyone: Sequence[Participant] = self.participants
            index = self._memo.index = {p.start_no: i for i, p in enumerate(everyone)}
        try:
            position = index[start_no]
        except KeyError:
            raise ValueError(f"{start_no} is not a start number of this event") from None
        return self.evaluations[code][position]

    def encounter_steps(self, code: str, start_no: int) -> list[EncounterStep]:
        """The steps of direct encounter (``code``: DE, EDE...) that concerned a participant."""
        by_member = self._memo.steps.get(code)
        if by_member is None:  # indexed once: the Details sheet asks for every participant
            by_member = {}
            for step in self.encounters.get(code, ()):
                for n in step.members:
                    steps = by_member.setdefault(n, [])
                    if not steps or steps[-1] is not step:  # a start number is listed once per step
                        steps.append(step)
            self._memo.steps[code] = by_member
        return list(by_member.get(start_no, ()))

    def row(self, start_no: int) -> Row:
        rows = self._memo.rows
        if rows is None:
            rows = self._memo.rows = {r.start_no: r for r in self.rows}
        try:
            return rows[start_no]
        except KeyError:
            raise KeyError(start_no) from None


__all__ = ["Entry", "Row", "Standings"]
