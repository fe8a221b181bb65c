"""Participants, rounds and the tournament."""

from __future__ import annotations

from datetime import date
from enum import Enum
from fractions import Fraction
from typing import Any, ClassVar, Literal, NamedTuple, Protocol, Sequence

from ..messages import Message, Text
from .choice import Choice, Provisions
from .match import BoardGame, Match
from .plans import Plans
from .results import Colour, Kind
from .scoring import Scoring


class EventType(Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"

    @property
    def predetermined(self) -> bool:
        """C.07 15.2: tournaments with pre-determined pairings."""
        return self is not EventType.SWISS


class Meeting(Protocol):
    """A round of a participant, as far as the pairings go: its opponent (a start number) or None."""

    @property
    def opponent(self) -> int | None: ...


class Paired(Protocol):
    """A participant (a player, a team) as far as the pairings go."""

    @property
    def start_no(self) -> int: ...

    @property
    def results(self) -> Sequence[Meeting]: ...


def pairing_system(participants: Sequence[Paired]) -> EventType | None:
    """What the pairings show when nothing else says: every two participants met exactly once (a round
    robin) or twice (a double round robin); None otherwise. ``participants`` have ``start_no`` and
    ``results`` whose items have ``opponent``."""
    if len(participants) < 3:
        return None
    met: dict[tuple[int, int], int] = {}
    for p in participants:
        for r in p.results:
            if r.opponent is not None and p.start_no < r.opponent:
                key = (p.start_no, r.opponent)
                met[key] = met.get(key, 0) + 1
    if len(met) != len(participants) * (len(participants) - 1) // 2:
        return None
    counts = set(met.values())
    if counts == {1}:
        return EventType.ROUND_ROBIN
    if counts == {2}:
        return EventType.DOUBLE_ROUND_ROBIN
    return None


_NO_POINTS = Fraction(0)


class RoundResult(NamedTuple):
    """One participant's round, a player's or a team's (issue 29: one record for both): opponent (pairing
    number) or none, colour, kind and points; a team's round carries its :class:`~xltb.model.match.Match`
    (game points, boards) besides.

    A named tuple: immutable, and cheap enough to make by the hundred thousand (a player's round adds
    nothing for the team fields but an empty slot).
    """

    round: int
    """The round number (1: the first round)."""
    kind: Kind
    """What happened: a game (match) won, drawn, lost, forfeited, a bye, absent, not played yet. A team's
    round: a played match is ``WIN``/``DRAW``/``LOSS`` from the team's side; a forfeited match
    ``FORFEIT_WIN``/``FORFEIT_LOSS``/``DOUBLE_FORFEIT``; ``PAB``, the requested byes and ``ABSENT`` are
    team-level unplayed rounds."""
    opponent: int | None = None
    """The opponent's pairing number, a player's or a team's (None: no opponent)."""
    colour: Colour = Colour.NONE
    """The colour played (a team's: the colour of its first board)."""
    points: Fraction = _NO_POINTS
    """What the round gives at the participant's level: a player's game points; a team's match points
    (C.07 11.1.1, the event's :class:`~xltb.model.team.MatchScoring` of the round's kind, as a player's
    are its :class:`~xltb.model.scoring.Scoring`'s), whichever score the event ranks first (its
    ``primary``: the ranking reads :attr:`mp` or :attr:`gp` by it, never ``points``)."""
    match: Match | None = None
    """A team's round: its game points and boards (None: a player's round)."""

    @property
    def played(self) -> bool:
        """C.07 15.1: a game (a match) was played over the board; individual forfeits inside a played
        match do not change that."""
        return self.kind.played

    @property
    def mp(self) -> Fraction:
        """A team's match points of the round (its :attr:`points`); 0 for a player's round."""
        return self.points if self.match is not None else _NO_POINTS

    @property
    def gp(self) -> Fraction:
        """A team's game points of the round (its match's); 0 for a player's round."""
        return self.match.gp if self.match is not None else _NO_POINTS

    @property
    def boards(self) -> tuple[BoardGame, ...]:
        """A team's board games of the round, in board order; none for a player's round."""
        return self.match.boards if self.match is not None else ()

    @property
    def lineup_declared(self) -> bool:
        """A team's round whose boards a TRF 300 line-up gave; False for a player's round."""
        return self.match is not None and self.match.lineup_declared


#: what a source cannot tell, said when the event is written in another format (``xltb trf``): an export
#: whose participants are numbered by their final rank has no pairing numbers; one without colours
Lack = Literal["pairing numbers", "colours"]


class NationalRating(NamedTuple):
    """A national rating record of a player (TRF-2026 NRS line: a federation code instead of 001, the
    columns of the 001 line's static part)."""

    federation: str  # the rating federation (columns 1-3)
    rating: int | None  # columns 49-52 (None: none)
    sex: str = ""  # column 10
    classification: str = ""  # columns 11-13
    name: str = ""  # columns 15-47
    origin: str = ""  # columns 54-56 (federation, state, region...)
    number: str = ""  # columns 58-68
    birth: str = ""  # columns 70-79


#: TRF-2026 172: how a federation's players are rated in the event (the rating the rating-based
#: tie-breaks use): FIDE rating only, national only, FIDE else national, national else FIDE, the
#: higher, the lower; OTHER (an uncodified method) cannot be applied
RATING_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")


def rating_by_method(method: str, fide: int | None, national: int | None) -> int | None:
    """The rating a TRF-2026 172 method gives a player with this FIDE and national rating (None: unrated)."""
    if method == "NRO":
        return national
    if method == "FIDON":
        return fide if fide is not None else national
    if method == "NIDOF":
        return national if national is not None else fide
    if method in ("HBFN", "LBFN"):
        known = [r for r in (fide, national) if r is not None]
        if not known:
            return None
        return max(known) if method == "HBFN" else min(known)
    return fide  # FIDE (and OTHER, which names no rule: said in a warning by the reader)


class Player(NamedTuple):
    """A participant of an individual event (or a player inside a team event)."""

    start_no: int
    name: str
    results: tuple[RoundResult, ...] = ()
    rating: int | None = None  # None: unrated
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    round_ratings: tuple[int | None, ...] = ()  # optional per-round ratings
    declared_points: Fraction | None = None  # columns 81-84 of the TRF line, as written
    declared_rank: int | None = None
    extra_points: Fraction = Fraction(0)  # TRF-2026 299 abnormal points, not tied to a round
    line: int | None = None  # where the player was read from
    #: TRF-2026 NRS records of the player; with them, ``fide_rating`` is the 001 line's rating and ``rating``
    #: the one the event's 172 method gives (the rating-based tie-breaks use it)
    national: tuple[NationalRating, ...] = ()
    fide_rating: int | None = None

    @property
    def known_fide_id(self) -> str:
        """The FIDE id, or "" for a player without one: blank, or ``0`` as pairing programs write it (the
        file's own text stays in :attr:`fide_id`, which a TRF written back keeps)."""
        return self.fide_id if self.fide_id.strip("0") else ""

    @property
    def points(self) -> Fraction:
        return sum((r.points for r in self.results), Fraction(0)) + self.extra_points

    def result(self, round_no: int) -> RoundResult:
        return self.results[round_no - 1]


class EventInfo(NamedTuple):
    """What a file says of an event beside its participants and results: the fields an individual
    event (:class:`Tournament`) and a team event (:class:`~xltb.model.team.TeamTournament`) share,
    read on the event itself (``event.name``, ``event.start_date``...)."""

    name: str = ""
    """The event's name (TRF 012)."""
    start_date: date | None = None
    """The first day (TRF 042): names the edition of C.07 in force."""
    end_date: date | None = None
    """The last day (TRF 052)."""
    city: str = ""
    """Where it is played (TRF 022)."""
    federation: str = ""
    """The organising federation (TRF 032)."""
    chief_arbiter: str = ""
    """The chief arbiter (TRF 102)."""
    rounds_planned: int | None = None
    """The rounds the event has (TRF 142, XXR), for "after round N of M"; None: not said."""
    tiebreaks: tuple[str, ...] = ()
    """The event's own tie-break list (TRF 212, else 202), as written."""
    tiebreaks_line: int | None = None
    """Where that list was read from."""
    source: str | None = None
    """The file (or sheet) it was read from."""
    warnings: tuple[Text, ...] = ()
    """What reading it found and said (totals that do not add up, records left out...)."""
    event_type_choice: Choice | None = None
    """Where the event type came from (:func:`xltb.events.builder.type_choice`); None: the file's own
    (a workbook's Settings)."""
    type_text: str = ""
    """TRF 092 as written."""
    type_code: str = ""
    """TRF 192 as written."""
    rating_methods: tuple[tuple[str, str], ...] = ()
    """TRF-2026 172 records: (federation, method), which rating the players of that federation have."""
    round_dates: tuple[str, ...] = ()
    """TRF 132: each round's date as written (TRF-2026: YY/MM/DD)."""
    provisions: Provisions | None = None
    """What a workbook's Settings sheet says beyond the fields above (edition, unrated rating, lots),
    with each setting's cell; None: any other file (TRF, an export), whose choices the fields above give."""
    plans: Plans = Plans()
    """What the file says of rounds not played yet (requested byes, first-round colour, acceleration,
    withdrawals): read by pairing and written back by ``xltb trf``, never by the tie-breaks."""
    deputies: tuple[str, ...] = ()
    """The deputy chief arbiters (TRF 112, one record each), for the rating report."""
    time_control: str = ""
    """The time control as written (TRF 122), for the rating report."""


class Described:
    """The fields of :class:`EventInfo`, read on the event itself (``event.name``): a mixin of
    :class:`Tournament` and :class:`~xltb.model.team.TeamTournament`, which hold them in ``info``."""

    __slots__ = ()
    info: EventInfo

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def start_date(self) -> date | None:
        return self.info.start_date

    @property
    def end_date(self) -> date | None:
        return self.info.end_date

    @property
    def city(self) -> str:
        return self.info.city

    @property
    def federation(self) -> str:
        return self.info.federation

    @property
    def chief_arbiter(self) -> str:
        return self.info.chief_arbiter

    @property
    def rounds_planned(self) -> int | None:
        return self.info.rounds_planned

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        return self.info.tiebreaks

    @property
    def tiebreaks_line(self) -> int | None:
        return self.info.tiebreaks_line

    @property
    def source(self) -> str | None:
        return self.info.source

    @property
    def warnings(self) -> tuple[Text, ...]:
        return self.info.warnings

    @property
    def event_type_choice(self) -> Choice | None:
        return self.info.event_type_choice

    @property
    def type_text(self) -> str:
        return self.info.type_text

    @property
    def type_code(self) -> str:
        return self.info.type_code

    @property
    def rating_methods(self) -> tuple[tuple[str, str], ...]:
        return self.info.rating_methods

    @property
    def round_dates(self) -> tuple[str, ...]:
        return self.info.round_dates

    @property
    def deputies(self) -> tuple[str, ...]:
        return self.info.deputies

    @property
    def time_control(self) -> str:
        return self.info.time_control

    @property
    def provisions(self) -> Provisions | None:
        return self.info.provisions

    @property
    def plans(self) -> Plans:
        return self.info.plans


def split_changes(changes: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the changes of the event's own fields, the changes of its :class:`EventInfo`)."""
    info = {k: changes.pop(k) for k in list(changes) if k in EventInfo._fields}
    return changes, info


class _TournamentRecord(NamedTuple):
    info: EventInfo
    players: tuple[Player, ...]
    rounds: int
    event_type: EventType = EventType.SWISS
    scoring: Scoring = Scoring()
    lacks: frozenset[Lack] = frozenset()  # what the source cannot tell


class Tournament(_TournamentRecord, Described):
    """An individual event: players by start number, the number of rounds and its provisions, what
    the source cannot tell (``lacks``), and what the file says of the event (:class:`EventInfo`, read
    as ``event.name``...).

    Made as before the event fields had their own record: ``Tournament(name=..., players=...,
    rounds=..., start_date=..., ...)``; ``_replace`` takes either kind of field."""

    __slots__ = ()
    #: an individual event (:attr:`TeamTournament.is_team <xltb.model.team.TeamTournament.is_team>` is True):
    #: the one test of an event's kind, which narrows ``Event`` for the type checker
    is_team: ClassVar[Literal[False]] = False

    def __new__(cls, name: str = "", players: tuple[Player, ...] = (), rounds: int = 0,
                event_type: EventType = EventType.SWISS, start_date: date | None = None, scoring: Scoring = Scoring(),
                tiebreaks: tuple[str, ...] = (), tiebreaks_line: int | None = None, source: str | None = None,
                warnings: tuple[Text, ...] = (), city: str = "", federation: str = "", end_date: date | None = None,
                chief_arbiter: str = "", rounds_planned: int | None = None, event_type_choice: Choice | None = None,
                type_text: str = "", type_code: str = "", rating_methods: tuple[tuple[str, str], ...] = (),
                lacks: frozenset[Lack] = frozenset(), round_dates: tuple[str, ...] = (), *,
                provisions: Provisions | None = None, info: EventInfo | None = None) -> "Tournament":
        if info is None:
            info = EventInfo(name, start_date, end_date, city, federation, chief_arbiter, rounds_planned,
                             tuple(tiebreaks), tiebreaks_line, source, tuple(warnings), event_type_choice, type_text,
                             type_code, tuple(rating_methods), tuple(round_dates), provisions)
        return tuple.__new__(cls, (info, tuple(players), rounds, event_type, scoring, frozenset(lacks)))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self)._make, (tuple(self),)

    def _replace(self, **changes: Any) -> "Tournament":
        own, info = split_changes(changes)
        if info:
            own["info"] = self.info._replace(**info)
        return super()._replace(**own)

    def player(self, start_no: int) -> Player:
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise KeyError(start_no)

    @property
    def participants(self) -> tuple[Player, ...]:
        """The participants ranked and paired: the players (a team event's are its teams)."""
        return self.players

    def participant(self, start_no: int) -> Player:
        """The participant with this pairing number (KeyError: none)."""
        return self.player(start_no)

    def describe_scoring(self) -> Message:
        """The points of a game, as a message (a team event's: match and game points and the primary score)."""
        return self.scoring.describe()

    @property
    def has_unrated(self) -> bool:
        return any(p.rating is None for p in self.players)

    @property
    def max_score(self) -> Fraction:
        """The maximum possible tournament score (C.07 9.2): a win in every round of a Swiss (a
        pairing-allocated bye is worth a win); in a round robin a win against every other participant
        (once, or twice in a double round robin), the rest round of an odd number being worth nothing."""
        if self.event_type.predetermined and len(self.players) > 1:
            cycles = 2 if self.event_type is EventType.DOUBLE_ROUND_ROBIN else 1
            return self.scoring.win * (len(self.players) - 1) * cycles
        return self.scoring.win * self.rounds


__all__ = ["EventType", "RoundResult", "Player", "Tournament", "EventInfo", "Described", "split_changes", "Colour", "Kind",
           "Lack", "NationalRating", "RATING_METHODS", "rating_by_method"]
