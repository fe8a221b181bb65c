"""The state of a team event before the round to pair, as the Swiss team system (C.04.6) reads it: the one
adapter from :class:`~xltb.model.team.TeamTournament` to the pairing.

Per team: the primary and secondary score (1.2: match or game points, as the event says), the colours of
its played matches (1.6.1: board 1's colour, only matches actually played), its colour difference (1.6.2)
and preference (1.7: type A, type B or none, as the event says), whether it floated in the previous round
(1.5), the teams met ([C1]), whether it may take the pairing-allocated bye ([C2]) and the matches played
(3.4.3 / 2.1.3). What is the same as for individuals (the round's requested byes and withdrawals, the
initial colour) is read from the same plans the Dutch system reads.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import NamedTuple

from ..model.results import Colour, Kind
from ..model.team import Team, TeamRound, TeamTournament
from .state import requested_absences

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


class TeamEntrant(NamedTuple):
    """One team as the pairing of the round sees it."""

    start_no: int
    """The team's pairing number (TPN, C.04.6 1.1)."""
    points: Fraction
    """The primary score before the round (1.2), as the standings have it."""
    score: Fraction
    """The pairing score: ``points`` with acceleration's virtual points when the event has them (C.04.7 1.5)."""
    secondary: Fraction
    """The secondary score (1.2; read by 4.2.2 only)."""
    colours: tuple[Colour, ...]
    """Board 1's colour in each match actually played, in order (1.6.1)."""
    preference: TeamPreference
    """The colour preference (1.7)."""
    floated: bool
    """It played an opponent with another primary score in the previous round (1.5; a bye is no float)."""
    met: frozenset[int]
    """The teams met in a match played ([C1])."""
    pab_allowed: bool
    """False after a PAB, a forfeit won or a full-point bye ([C2])."""
    matches: int
    """Matches played (3.4.3 / 2.1.3; 4.3.1)."""

    @property
    def colour_difference(self) -> int:
        """Matches with White minus matches with Black (1.6.2)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


class TeamAbsence(NamedTuple):
    """A team not paired in the round, and why."""

    start_no: int
    """The team's pairing number."""
    kind: Kind
    """The requested bye or :attr:`Kind.ABSENT`."""
    points: Fraction
    """The primary score the round gives it."""


class TeamState(NamedTuple):
    """Everything the team pairing of one round reads."""

    round: int
    """The round to pair."""
    rounds: int
    """The rounds the event has (the last-two-rounds exceptions, type B's last round)."""
    entrants: tuple[TeamEntrant, ...]
    """The teams to pair, by pairing number."""
    absent: tuple[TeamAbsence, ...]
    """The teams not paired."""
    first_colour: Colour
    """The initial colour (4.1)."""
    model: ColourModel
    """The colour preferences used (1.7)."""
    secondary_used: bool
    """Whether 4.2.2 reads the secondary score (1.2.2: by default it does)."""
    pab_points: Fraction
    """The primary score the PAB gives (1.4.1: a drawn match's, unless the event says otherwise)."""


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


def _score(team: Team, primary: str, upto: int) -> Fraction:
    rounds = team.results[:upto]
    return sum(((r.mp if primary == "MP" else r.gp) for r in rounds), Fraction(0))


def _virtual(event: TeamTournament, no: int, round_no: int) -> Fraction:
    """Acceleration's virtual points of team ``no`` in ``round_no``, as the event's plans give them (TRF 250;
    every record for the team added up, as gacrux reads overlapping records)."""
    return sum((a.at(round_no) for a in event.plans.acceleration if a.start_no == no), Fraction(0))


def board_one_colour(r: TeamRound, pattern: str) -> Colour:
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


def build_team_state(event: TeamTournament, round_no: int, first_colour: Colour | None = None) -> TeamState:
    """The state before ``round_no`` (the rounds before it played)."""
    primary = event.primary
    rounds = max(event.rounds_planned or 0, event.rounds, round_no)
    model = colour_model(event)
    away = requested_absences(event, round_no)
    secondary = "GP" if primary == "MP" else "MP"
    scores = {t.start_no: [_score(t, primary, k) for k in range(round_no)] for t in event.teams}
    entrants: list[TeamEntrant] = []
    absent: list[TeamAbsence] = []
    ms = event.match_scoring
    for t in sorted(event.teams, key=lambda x: x.start_no):
        if t.start_no in away:
            kind = away[t.start_no]
            mp, gp = ms.unplayed(kind, event.boards, event.scoring)
            absent.append(TeamAbsence(t.start_no, kind, mp if primary == "MP" else gp))
            continue
        history = t.results[:round_no - 1]
        played = [r for r in history if r.kind.played and r.opponent is not None]
        colours = tuple(c for c in (board_one_colour(r, event.board_colours) for r in played) if c is not Colour.NONE)
        floated = False
        if round_no >= 2 and len(history) >= round_no - 1:
            last = history[round_no - 2]
            if last.kind.played and last.opponent in scores:  # 1.5: a different (pairing) score then
                before = round_no - 1
                floated = (scores[t.start_no][before - 1] + _virtual(event, t.start_no, before)
                           != scores[last.opponent][before - 1] + _virtual(event, last.opponent, before))
        entrants.append(TeamEntrant(
            start_no=t.start_no,
            points=scores[t.start_no][round_no - 1],
            score=scores[t.start_no][round_no - 1] + _virtual(event, t.start_no, round_no),
            secondary=_score(t, secondary, round_no - 1),
            colours=colours,
            preference=team_preference(colours, model, round_no == rounds),
            floated=floated,
            met=frozenset(r.opponent for r in played if r.opponent is not None),
            pab_allowed=not any(r.kind in (Kind.PAB, Kind.FORFEIT_WIN, Kind.FULL_BYE) for r in history),
            matches=len(played)))
    pab_mp, pab_gp = ms.unplayed(Kind.PAB, event.boards, event.scoring)
    return TeamState(round_no, rounds, tuple(entrants), tuple(absent),
                     first_colour or event.plans.first_colour or Colour.WHITE, model,
                     secondary_used(event), pab_mp if primary == "MP" else pab_gp)


__all__ = ["ColourModel", "TeamAbsence", "TeamEntrant", "TeamPreference", "TeamState",
           "board_one_colour", "build_team_state", "colour_model", "secondary_used", "team_preference"]
