"""Team events: teams and the team-level provisions (C.07 Art. 11-13).

A :class:`TeamTournament` holds the :class:`Team` records (pairing number, name, roster in
board order) and, per team and round, a :class:`~xltb.model.tournament.RoundResult`, the record of a
player's round too (issue 29): the opponent team (or none), the kind of the round (a played match is
``WIN``/``DRAW``/``LOSS`` from the team's side; a forfeited match ``FORFEIT_WIN``/``FORFEIT_LOSS``/
``DOUBLE_FORFEIT``; ``PAB``, ``FULL_BYE``, ``HALF_BYE``, ``ZERO_BYE``, ``ABSENT``: team-level unplayed
rounds), its match points (MP, the round's ``points``) and its :class:`~xltb.model.match.Match`: the game
points (GP) and the board games. The individual records stay in :attr:`TeamTournament.players` (the 001
lines, as for an individual event), so that player standings can be computed too.

Points are exact (:class:`fractions.Fraction`); MP and GP of unplayed rounds follow the event's
provisions (:class:`MatchScoring`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..messages import Message
from .choice import Choice
from .results import Kind
from .scoring import Scoring
from .tournament import Described, EventInfo, EventType, Player, RoundResult, split_changes


@dataclass(frozen=True, slots=True)
class MatchScoring:
    """Match points and the MP/GP of team-level unplayed rounds.

    ``win``/``draw``/``loss``: MP of a match (TRF 362; default 2/1/0). The GP of an unplayed
    round defaults to what the board games would give: ``boards`` times a game win (forfeit win,
    full-point bye), a draw (half-point bye) or nothing. A pairing-allocated bye gets, unless the
    regulations say otherwise (TRF 320), a draw's MP and a drawn match's GP (C.04.6 1.4.1).
    ``overrides`` (TRF 299 with a result type) replace the MP and/or GP of a kind of round.
    """

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    pab_mp: Fraction | None = None  # None: a draw's MP (C.04.6 1.4.1)
    pab_gp: Fraction | None = None  # None: a drawn match's GP
    overrides: tuple[tuple[Kind, Fraction | None, Fraction | None], ...] = ()

    def override(self, kind: Kind) -> tuple[Fraction | None, Fraction | None]:
        for k, mp, gp in self.overrides:
            if k is kind:
                return mp, gp
        return None, None

    def unplayed(self, kind: Kind, boards: int, games: Scoring) -> tuple[Fraction, Fraction]:
        """(MP, GP) of a team round without a played match."""
        if kind is Kind.PAB:
            mp = self.draw if self.pab_mp is None else self.pab_mp
            gp = games.draw * boards if self.pab_gp is None else self.pab_gp
        elif kind in (Kind.FORFEIT_WIN, Kind.FULL_BYE):
            mp, gp = self.win, games.win * boards
        elif kind is Kind.HALF_BYE:
            mp, gp = self.draw, games.draw * boards
        else:  # forfeit loss, double forfeit, zero-point bye, absent, not played
            mp, gp = self.loss if kind.forfeit else Fraction(0), Fraction(0)
        o_mp, o_gp = self.override(kind)
        return (mp if o_mp is None else o_mp), (gp if o_gp is None else o_gp)

    def describe(self) -> Message:
        """Match points and the team PAB, as a message (``match win 2, draw 1, loss 0 MP; team PAB 1 MP, ...``)."""
        mp = self.draw if self.pab_mp is None else self.pab_mp
        if self.pab_gp is None:
            return Message("scoring.match", win=self.win, draw=self.draw, loss=self.loss, pab_mp=mp)
        return Message("scoring.match_gp", win=self.win, draw=self.draw, loss=self.loss, pab_mp=mp, pab_gp=self.pab_gp)


@dataclass(frozen=True, slots=True)
class Team:
    """A team: pairing number, names, roster in board order and its rounds."""

    start_no: int
    name: str
    short_name: str = ""
    roster: tuple[int, ...] = ()  # player pairing numbers, in board order
    results: tuple[RoundResult, ...] = ()  # a match (or team-level unplayed round) per round
    strength: int | None = None  # TRF 310 cols 48-53 (e.g. the average rating)
    declared_mp: Fraction | None = None
    declared_gp: Fraction | None = None
    declared_rank: int | None = None
    extra_mp: Fraction = Fraction(0)  # TRF 299 bonus or penalty, not tied to a round
    extra_gp: Fraction = Fraction(0)
    line: int | None = None

    @property
    def mp(self) -> Fraction:
        return sum((r.mp for r in self.results), Fraction(0)) + self.extra_mp

    @property
    def gp(self) -> Fraction:
        return sum((r.gp for r in self.results), Fraction(0)) + self.extra_gp

    def result(self, round_no: int) -> RoundResult:
        return self.results[round_no - 1]


@dataclass(frozen=True, slots=True)
class TeamTournament(Described):
    """A team event: teams, their players (the individual records), rounds and provisions, and what
    the file says of the event (:class:`~xltb.model.tournament.EventInfo`, read as ``event.name``...,
    the fields it shares with an individual event)."""

    info: EventInfo
    teams: tuple[Team, ...]
    players: tuple[Player, ...]
    rounds: int
    boards: int  # team size: boards per match (TRF 352, else the most boards fielded)
    event_type: EventType = EventType.SWISS
    scoring: Scoring = field(default_factory=Scoring)  # game points of a board
    match_scoring: MatchScoring = field(default_factory=MatchScoring)
    primary: str = "MP"  # "MP" or "GP" (TRF 192 _MP_GP / _GP_MP)
    #: where the primary score came from (None: the file's own)
    primary_choice: Choice | None = None
    board_colours: str = ""  # TRF 352, e.g. WBWB
    #: a team event (:attr:`Tournament.is_team <xltb.model.tournament.Tournament.is_team>` is False)
    is_team: ClassVar[Literal[True]] = True

    @property
    def participants(self) -> tuple[Team, ...]:
        """The participants ranked and paired: the teams (the players stay in :attr:`players`)."""
        return self.teams

    def participant(self, start_no: int) -> Team:
        """The participant with this pairing number (KeyError: none)."""
        return self.team(start_no)

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    def team(self, start_no: int) -> Team:
        for t in self.teams:
            if t.start_no == start_no:
                return t
        raise KeyError(start_no)

    def player(self, start_no: int) -> Player:
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise KeyError(start_no)

    def team_of(self) -> dict[int, int]:
        """Player pairing number -> team pairing number."""
        return {p: t.start_no for t in self.teams for p in t.roster}

    def describe_scoring(self) -> Message:
        """Match and game points and the primary score, as a message."""
        return Message("scoring.team", match=self.match_scoring.describe(), games=self.scoring.describe(),
                       primary=self.primary)

    def _replace(self, **changes: Any) -> "TeamTournament":
        """A copy with some fields changed, its own or its :class:`EventInfo`'s (the same spelling as the
        individual records, which are named tuples)."""
        own, info = split_changes(changes)
        if info:
            own["info"] = self.info._replace(**info)
        return replace(self, **own)


__all__ = ["MatchScoring", "Team", "TeamTournament"]
