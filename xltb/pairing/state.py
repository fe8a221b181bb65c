"""The state of an event before the round to pair, built once for both kinds of event: per participant (a
player, or a team) the score, the colours played and the preference, the floats, the participants met,
whether it may take the PAB, the games (matches) played; who is not paired in the round, and why.

One builder (:func:`base_state`) reads the event through what both kinds share (``event.participants``,
each participant's ``results``: round, kind, opponent, colour, played) and asks ``event.is_team`` only
where the rules differ: a team's score is its primary score (C.04.6 1.2), its colour board 1's (1.6.1), a
bye is no float for a team (1.5), and a team may not have the PAB after a forfeit win or a full-point bye
([C2]). Two thin layers make the records each system reads: :func:`build_state` the individual systems'
(C.04.3 1.2-1.8: the colour preference of 1.6.2, the topscorers of 1.7), :func:`build_team_state` the team
Swiss system's (C.04.6: the secondary score of 1.2, the colour preferences of type A or B of 1.7).

Only played games count where the colour sequence or the opponents met matter (C.04.2 4.5, 4.6); an
unplayed round that scored more than a loss is a downfloat (C.04.3 1.4.3); acceleration's virtual points
(C.04.5.1 1.5; C.04.7 1.5) are part of the pairing score only, never of the score shown.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ..model.event import Event
from ..model.results import Colour, Kind
from ..model.tournament import RoundResult, Tournament
from .team_colours import ColourModel, TeamPreference, board_one_colour, colour_model, secondary_used, team_preference

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import TeamTournament

#: the round's own entries that keep a participant out of it (requested byes); a blank entry is a round not
#: paired yet, as in a file written to be paired
_NOT_PAIRED = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE})
#: a team's: a team-level bye, or a round the team is entered as absent in (its 310 record's round written)
_TEAM_NOT_PAIRED = _NOT_PAIRED | {Kind.ABSENT}
#: C.04.6 [C2]: the unplayed rounds after which a team may not have the PAB
_TEAM_NO_PAB = frozenset({Kind.PAB, Kind.FORFEIT_WIN, Kind.FULL_BYE})


class Strength(Enum):
    """How strongly a participant wants a colour (C.04.3 1.6.2)."""

    NONE = 0
    """No game played yet (1.6.2.4)."""
    MILD = 1
    """Colour difference 0: alternate (1.6.2.3)."""
    STRONG = 2
    """Colour difference +1 or -1 (1.6.2.2)."""
    ABSOLUTE = 3
    """Colour difference beyond +-1, or the same colour in the last two games (1.6.2.1)."""

    __hash__ = object.__hash__


class Float(Enum):
    """A float received in a round (C.04.3 1.4.2, 1.4.3; C.04.6 1.5)."""

    NONE = 0
    DOWN = 1
    UP = 2

    __hash__ = object.__hash__


class Preference(NamedTuple):
    """A colour preference (C.04.3 1.6.2)."""

    colour: Colour
    """The colour wanted (:attr:`Colour.NONE` when none)."""
    strength: Strength
    """How strongly."""


class BaseEntrant(NamedTuple):
    """One participant to pair, what its rounds before the round say: the same for a player and a team."""

    start_no: int
    """The pairing number (the start number of the event; a team's TPN, C.04.6 1.1)."""
    tpn: int
    """The rank among those paired so far or now (C.04.3 5.2.5)."""
    points: Fraction
    """The score before the round (C.04.3 1.2.1; a team's primary score, C.04.6 1.2)."""
    score: Fraction
    """The pairing score: ``points`` plus acceleration's virtual points (C.04.5.1 1.5; C.04.7 1.5)."""
    colours: tuple[Colour, ...]
    """The colours of the games played, in order (C.04.2 4.5: unplayed rounds left out; a team's: board 1's,
    C.04.6 1.6.1)."""
    floats: tuple[Float, Float]
    """The float of the previous round and of the round before it (C.04.3 1.4; C.04.6 1.5)."""
    met: frozenset[int]
    """The opponents met over the board (C.04.1 2; C.04.2 4.6: a game not played does not count)."""
    pab_allowed: bool
    """Whether it may have the PAB (C.04.1 4, [C2]; C.04.6 [C2])."""
    games: int
    """The games (a team's matches) played over the board before the round."""


class Absence(NamedTuple):
    """A participant not paired in the round, and why."""

    start_no: int
    """The participant's pairing number."""
    kind: Kind
    """The requested bye (half, zero, full point) or :attr:`Kind.ABSENT` (withdrawn, absent)."""
    points: Fraction
    """What the round gives the participant (a team: its primary score)."""


class BaseState(NamedTuple):
    """The event before the round to pair, as both kinds of pairing read it."""

    rounds: int
    """The rounds the event has (C.04.1 1): the last-round rules read it."""
    entrants: tuple[BaseEntrant, ...]
    """The participants to pair, by pairing number."""
    absent: tuple[Absence, ...]
    """The participants not paired (requested byes, withdrawn)."""
    first_colour: Colour
    """The initial colour (C.04.3 5.1; C.04.6 4.1)."""
    pab_points: Fraction
    """What the PAB gives (C.04.1 3; a team's primary score, C.04.6 1.4.1)."""


class Entrant(NamedTuple):
    """One participant as the pairing of the round sees it."""

    start_no: int
    """The pairing number (the start number of the event)."""
    tpn: int
    """The pairing number the colour rules read (C.04.3 5.2.5): the rank among those paired so far or now."""
    rating: int | None
    """The rating (for the record only: the order is the pairing number's)."""
    points: Fraction
    """The score before the round (C.04.3 1.2.1)."""
    score: Fraction
    """The pairing score: points plus acceleration's virtual points (C.04.5.1 1.5)."""
    colours: tuple[Colour, ...]
    """The colours of the games played, in order (C.04.2 4.5: unplayed rounds left out)."""
    preference: Preference
    """The colour preference (C.04.3 1.6.2)."""
    floats: tuple[Float, Float]
    """The float of the previous round and of the round before it (C.04.3 1.4)."""
    met: frozenset[int]
    """The opponents met over the board (C.04.1 2; C.04.2 4.6: a game not played does not count)."""
    pab_allowed: bool
    """False after a PAB or an unplayed round that scored a win (C.04.1 4, [C2])."""
    unplayed: int
    """Rounds before this one without a game played over the board ([C9])."""
    topscorer: bool
    """A score over half the maximum when the last round is paired (C.04.3 1.7)."""

    @property
    def colour_difference(self) -> int:
        """Games with white minus games with black (C.04.3 1.6.1)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


class RoundState(NamedTuple):
    """Everything the pairing of one round reads."""

    round: int
    """The round to pair."""
    rounds: int
    """The rounds the event has (C.04.1 1): the last-round rules read it."""
    entrants: tuple[Entrant, ...]
    """The participants to pair, by pairing number."""
    absent: tuple[Absence, ...]
    """The participants not paired (requested byes, withdrawn)."""
    first_colour: Colour
    """The initial colour (C.04.3 5.1): the colour of the first board's higher-ranked player in round 1."""
    pab_points: Fraction
    """What the PAB gives (C.04.1 3)."""
    win: Fraction
    """A win's points (1.7 topscorers, C.04.1 4)."""


class TeamEntrant(NamedTuple):
    """One team as the team pairing of the round sees it (C.04.6)."""

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
    """It played an opponent with another pairing score in the previous round (1.5; a bye is no float)."""
    met: frozenset[int]
    """The teams met in a match played ([C1])."""
    pab_allowed: bool
    """False after a PAB, a forfeit win or a full-point bye ([C2])."""
    matches: int
    """Matches played (3.4.3 / 2.1.3; 4.3.1)."""

    @property
    def colour_difference(self) -> int:
        """Matches with White minus matches with Black (1.6.2)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


class TeamState(NamedTuple):
    """Everything the team pairing of one round reads (C.04.6)."""

    round: int
    """The round to pair."""
    rounds: int
    """The rounds the event has (the last-two-rounds exceptions, type B's last round)."""
    entrants: tuple[TeamEntrant, ...]
    """The teams to pair, by pairing number."""
    absent: tuple[Absence, ...]
    """The teams not paired (requested byes, withdrawn, absent), with the primary score the round gives."""
    first_colour: Colour
    """The initial colour (4.1)."""
    model: ColourModel
    """The colour preferences used (1.7)."""
    secondary_used: bool
    """Whether 4.2.2 reads the secondary score (1.2.2: by default it does)."""
    pab_points: Fraction
    """The primary score the PAB gives (1.4.1: a drawn match's, unless the event says otherwise)."""


def requested_absences(event: Event, round_no: int) -> dict[int, Kind]:
    """Who (which player, or which team of a team event) is not paired in ``round_no`` and why: the event's
    plans (requested byes, withdrawals), and, while the readers leave them there, the round's own entries
    without an opponent (``0000 - H``, ``Z``, ``F``; a team's round entered as absent too) as bbpPairings and
    gacrux write a file to pair (a player's blank entry: not paired yet). The one place that reads them."""
    plans = event.plans
    not_paired = _TEAM_NOT_PAIRED if event.is_team else _NOT_PAIRED
    out: dict[int, Kind] = {}
    for p in event.participants:
        if round_no <= len(p.results):
            r = p.results[round_no - 1]
            if r.opponent is None and r.kind in not_paired:
                out[p.start_no] = r.kind
    out.update(plans.byes_for(round_no))
    for no in plans.withdrawn_by(round_no):
        out[no] = Kind.ABSENT
    return out


def preference(colours: tuple[Colour, ...]) -> Preference:
    """C.04.3 1.6.2: the colour preference after these played colours. The definitions are tried in the
    article's order (absolute, strong, mild), the first that fits decides, as gacrux reads it."""
    cod = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last2 = colours[-2:]
    both_black = len(last2) == 2 and last2[0] is last2[1] is Colour.BLACK
    both_white = len(last2) == 2 and last2[0] is last2[1] is Colour.WHITE
    if cod <= -2 or (cod <= 1 and both_black):
        return Preference(Colour.WHITE, Strength.ABSOLUTE)
    if cod >= 2 or (cod >= -1 and both_white):
        return Preference(Colour.BLACK, Strength.ABSOLUTE)
    if cod == -1:
        return Preference(Colour.WHITE, Strength.STRONG)
    if cod == 1:
        return Preference(Colour.BLACK, Strength.STRONG)
    if colours:
        return Preference(Colour.WHITE if colours[-1] is Colour.BLACK else Colour.BLACK, Strength.MILD)
    return Preference(Colour.NONE, Strength.NONE)


def _rounds(event: Event) -> dict[int, tuple[RoundResult, ...]]:
    """Each participant's rounds as the pairing reads them: a player's as they are; a team's match with its
    primary score (C.04.6 1.2) and, when played, board 1's colour (1.6.1)."""
    if not event.is_team:
        return {p.start_no: p.results for p in event.players}
    mp, pattern = event.primary == "MP", event.board_colours
    return {t.start_no: tuple(
        RoundResult(round=r.round, kind=r.kind, opponent=r.opponent, points=r.mp if mp else r.gp,
                    colour=board_one_colour(r, pattern) if r.played and r.opponent is not None else r.colour)
        for r in t.results) for t in event.teams}


def _virtual(event: Event, round_no: int) -> dict[int, list[Fraction]]:
    """Acceleration's virtual points of each participant in rounds 1..``round_no`` (TRF 250, XXA; every record
    of a participant added up, as gacrux reads overlapping records: the readers write one per participant)."""
    out: dict[int, list[Fraction]] = {}
    for a in event.plans.acceleration:
        row = out.setdefault(a.start_no, [Fraction(0)] * round_no)
        for t in range(1, round_no + 1):
            row[t - 1] += a.at(t)
    return out


def _scores(rounds: dict[int, tuple[RoundResult, ...]], virtual: dict[int, list[Fraction]], round_no: int
            ) -> dict[int, list[Fraction]]:
    """Pairing score of each participant before each round 1..round_no (index t-1: before round t)."""
    out: dict[int, list[Fraction]] = {}
    for no, results in rounds.items():
        extra = virtual.get(no)
        acc = Fraction(0)
        seq = []
        for t in range(1, round_no + 1):
            seq.append(acc + extra[t - 1] if extra is not None else acc)
            if t <= len(results) and t < round_no:
                acc += results[t - 1].points
        out[no] = seq
    return out


def _float(no: int, results: tuple[RoundResult, ...], t: int, scores: dict[int, list[Fraction]], loss: Fraction,
           pab_downfloats: bool, team: bool) -> Float:
    if t < 1 or t > len(results):
        return Float.NONE
    r = results[t - 1]
    if r.played and r.opponent is not None and r.opponent in scores:
        own, opp = scores[no][t - 1], scores[r.opponent][t - 1]
        return Float.DOWN if own > opp else Float.UP if own < opp else Float.NONE
    if team:  # C.04.6 1.5: a team floats only against an opponent of another score (a bye is no float)
        return Float.NONE
    # C.04.3 1.4.3: more than a loss's points without playing; 2026-02 1.4.3: any PAB too
    if r.played or (pab_downfloats and r.kind is Kind.PAB) or r.points > loss:
        return Float.DOWN
    return Float.NONE


def _unplayed(event: Event, kind: Kind) -> Fraction:
    """What a round without a game gives (C.04.1 3); a team's primary score (C.04.6 1.4.1)."""
    if not event.is_team:
        return event.scoring.points(kind)
    mp, gp = event.match_scoring.unplayed(kind, event.boards, event.scoring)
    return mp if event.primary == "MP" else gp


def base_state(event: Event, round_no: int, *, pab_downfloats: bool = True, first_colour: Colour | None = None
               ) -> BaseState:
    """The state before ``round_no`` (the rounds before it played; the round's own requested byes read), of
    the players or of the teams. ``pab_downfloats``: every PAB is a downfloat (C.04.3 1.4.3 of 2026-02);
    False: only one worth more than a loss (1.4.3 of 2025-07); a team's bye is no float. ``first_colour``:
    the initial colour drawn by lot when the event does not say it."""
    win, loss = event.scoring.win, event.scoring.loss
    team = event.is_team
    rounds = _rounds(event)
    away = requested_absences(event, round_no)
    scores = _scores(rounds, _virtual(event, round_no), round_no)
    entrants: list[BaseEntrant] = []
    absent: list[Absence] = []
    tpn = 0
    for no in sorted(rounds):
        history = rounds[no][:round_no - 1]
        if no in away:
            absent.append(Absence(no, away[no], _unplayed(event, away[no])))
            if any(r.played or r.opponent is not None or r.kind is Kind.PAB for r in history):
                tpn += 1  # C.04.3 5.2.5: paired before
            continue
        tpn += 1
        played = [r for r in history if r.played and r.opponent is not None]
        if team:  # C.04.6 [C2]: no PAB after a PAB, a forfeit win or a full-point bye
            pab_allowed = not any(r.kind in _TEAM_NO_PAB for r in history)
        else:  # C.04.1 4, [C2]: no PAB after a PAB or an unplayed round that scored a win
            pab_allowed = not any(r.kind is Kind.PAB or (not r.played and r.points >= win) for r in history)
        entrants.append(BaseEntrant(
            start_no=no, tpn=tpn, points=sum((r.points for r in history), Fraction(0)),
            score=scores[no][round_no - 1],
            colours=tuple(r.colour for r in played if r.colour is not Colour.NONE),
            floats=(_float(no, rounds[no], round_no - 1, scores, loss, pab_downfloats, team),
                    _float(no, rounds[no], round_no - 2, scores, loss, pab_downfloats, team)),
            met=frozenset(r.opponent for r in played if r.opponent is not None),
            pab_allowed=pab_allowed, games=len(played)))
    return BaseState(max(event.rounds_planned or 0, event.rounds, round_no), tuple(entrants), tuple(absent),
                     first_colour or event.plans.first_colour or Colour.WHITE, _unplayed(event, Kind.PAB))


def build_state(event: Tournament, round_no: int, *, pab_downfloats: bool = True) -> RoundState:
    """The state before ``round_no`` as the individual systems read it (C.04.3 1.2-1.8).
    ``pab_downfloats``: every PAB is a downfloat (C.04.3 1.4.3 of 2026-02, the edition's
    ``pab_always_downfloats``); False: only one worth more than a loss (1.4.3 of 2025-07)."""
    win = event.scoring.win
    base = base_state(event, round_no, pab_downfloats=pab_downfloats)
    rating = {p.start_no: p.rating for p in event.players}
    last = round_no == base.rounds
    entrants = tuple(Entrant(
        start_no=s.start_no, tpn=s.tpn, rating=rating[s.start_no], points=s.points, score=s.score,
        colours=s.colours, preference=preference(s.colours), floats=s.floats, met=s.met,
        pab_allowed=s.pab_allowed, unplayed=round_no - 1 - s.games,
        topscorer=last and round_no > 1 and s.score > win * (round_no - 1) / 2)  # C.04.3 1.7
        for s in base.entrants)
    return RoundState(round_no, base.rounds, entrants, base.absent, base.first_colour, base.pab_points, win)


def build_team_state(event: TeamTournament, round_no: int, first_colour: Colour | None = None) -> TeamState:
    """The state before ``round_no`` as the Swiss team system reads it (C.04.6); ``first_colour``: the initial
    colour drawn by lot (4.1) when the event does not say it."""
    base = base_state(event, round_no, first_colour=first_colour)
    model = colour_model(event)
    mp = event.secondary == "MP"
    secondary = {t.start_no: sum(((r.mp if mp else r.gp) for r in t.results[:round_no - 1]), Fraction(0))
                 for t in event.teams}  # 1.2: the other score
    entrants = tuple(TeamEntrant(
        start_no=s.start_no, points=s.points, score=s.score, secondary=secondary[s.start_no], colours=s.colours,
        preference=team_preference(s.colours, model, round_no == base.rounds),  # 1.7
        floated=s.floats[0] is not Float.NONE,  # 1.5: the previous round
        met=s.met, pab_allowed=s.pab_allowed, matches=s.games) for s in base.entrants)
    return TeamState(round_no, base.rounds, entrants, base.absent, base.first_colour, model, secondary_used(event),
                     base.pab_points)


__all__ = ["Absence", "BaseEntrant", "BaseState", "Entrant", "Float", "Preference", "RoundState", "Strength",
           "TeamEntrant", "TeamState", "base_state", "build_state", "build_team_state", "preference",
           "requested_absences"]
