"""``xltb check --pairings``: the pairings an event played, round by round, against those its system makes
from the state before each round, and the absolute criteria of C.04.1 that the played pairings break.

For every round with results, the event is cut before it (:func:`xltb.pairing.pair.state_before`: the rounds
from it on cut away, the players who had a requested bye or were absent in it kept out as the plans say) and
paired again by the event's system (:func:`xltb.pairing.pair.pair`); the round is "identical" when it gives
the same games with the same colours and the same pairing-allocated bye, else each difference is listed.

Whatever the system, the played pairings of a Swiss are checked against the absolute rules every Swiss
system shares (C.04.1): a game repeated (2), a second pairing-allocated bye (4: after a PAB, or a win's points
in one round without playing), a colour difference beyond 2 (6) and the same colour three times in a row (7),
these two outside the last round, where each system may make exceptions. Only games played over the board
count (a forfeit is no game: the players may meet again, and its colour is not a colour played).
"""

from __future__ import annotations

from typing import NamedTuple

from ..messages import Message, Text
from ..model import Colour, EventType, Kind, Tournament
from ..model.choice import Choice
from ..model.event import Event
from ..model.rounds import progress
from ..pairing.pair import NoPairing, pair
from ..pairing.result import RoundPairing
from .pairings_criteria import Verdict, judge


class PlayedRound(NamedTuple):
    """What a round's pairing was: its games as (white, black), the pairing-allocated byes."""

    games: frozenset[tuple[int, int]]
    """Every pairing of two players (forfeits too), white first (a pair without colours as written)."""
    pab: frozenset[int]
    """Who had the pairing-allocated bye."""


class RoundCheck(NamedTuple):
    """One round: the played pairing against the system's, and the absolute criteria it breaks."""

    round: int
    """The round."""
    differences: tuple[Message, ...]
    """Each difference between the played pairing and the system's (empty: identical)."""
    breaches: tuple[Message, ...] = ()
    """Each absolute criterion of C.04.1 the played pairing breaks (whatever the system)."""
    error: Text | None = None
    """Why the system could not pair the round (no legal pairing ...); None when it did."""
    system: Choice | None = None
    """The system that paired it and where that came from."""
    edition: Choice | None = None
    """The edition of C.04 applied and where that came from."""
    verdicts: tuple[Verdict, ...] = ()
    """When the round differs and the system is the Dutch: the criterion on which the played pairing first
    does worse than the engine's (:func:`xltb.check.pairings_criteria.judge`)."""

    @property
    def identical(self) -> bool:
        return not self.differences and self.error is None


class PairingsReport(NamedTuple):
    """Every round of an event checked."""

    source: str | None
    """The event file."""
    rounds: tuple[RoundCheck, ...]
    """The rounds with results, in order."""
    notes: tuple[Message, ...] = ()
    """What the check took from the file besides the rounds (the first round's colour)."""

    @property
    def ok(self) -> bool:
        """Every round identical, no absolute criterion broken."""
        return all(r.identical and not r.breaches for r in self.rounds)


def played_round(event: Event, rnd: int) -> PlayedRound:
    """The pairing of round ``rnd`` as the event has it (of a team event: the matches, board 1's colour)."""
    games: set[tuple[int, int]] = set()
    pab: set[int] = set()
    for p in event.participants:
        if len(p.results) < rnd:
            continue
        r = p.result(rnd)
        if r.kind is Kind.PAB:
            pab.add(p.start_no)
        elif r.opponent is not None and (r.colour is Colour.WHITE or (r.colour is Colour.NONE
                                                                       and p.start_no < r.opponent)):
            games.add((p.start_no, r.opponent))
    return PlayedRound(frozenset(games), frozenset(pab))


def differences(played: PlayedRound, rp: RoundPairing) -> tuple[Message, ...]:
    """What the system's pairing does otherwise than the played one, game by game, then the PAB."""
    mine = {(b.white, b.black) for b in rp.boards}
    board_of = {frozenset((b.white, b.black)): b.number for b in rp.boards}
    out: list[Message] = []
    unordered = {frozenset(g): g for g in mine}
    for white, black in sorted(played.games):
        if (white, black) in mine:
            continue
        other = unordered.get(frozenset((white, black)))
        if other is not None:
            out.append(Message("pair.check_colours", white=white, black=black,
                               board=board_of[frozenset(other)]))
        else:
            out.append(Message("pair.check_played_only", white=white, black=black))
    played_unordered = {frozenset(g) for g in played.games}
    for b in rp.boards:
        if frozenset((b.white, b.black)) not in played_unordered:
            out.append(Message("pair.check_system_only", board=b.number, white=b.white, black=b.black))
    system_pab = {y.start_no for y in rp.byes if y.kind is Kind.PAB}
    if system_pab != set(played.pab):
        out.append(Message("pair.check_pab", played=tuple(str(n) for n in sorted(played.pab)) or "-",
                           system=tuple(str(n) for n in sorted(system_pab)) or "-"))
    return tuple(out)


def _pab_barred(event: Event, rnd: int) -> dict[int, int]:
    """Participant -> the first round before ``rnd`` after which it may not have the PAB: C.04.1 4 a PAB or an
    unplayed round that scored a win; C.04.6 [C2] (teams) a PAB, a match won by forfeit or a full-point bye."""
    out: dict[int, int] = {}
    if event.is_team:
        for t in event.teams:
            for e in t.results[:rnd - 1]:
                if e.kind in (Kind.PAB, Kind.FORFEIT_WIN, Kind.FULL_BYE):
                    out.setdefault(t.start_no, e.round)
        return out
    win = event.scoring.win
    for p in event.players:
        for r in p.results[:rnd - 1]:
            if r.kind is Kind.PAB or (not r.played and r.points >= win):
                out.setdefault(p.start_no, r.round)
    return out


def breaches(event: Event, rnd: int) -> tuple[Message, ...]:
    """The absolute criteria that round ``rnd`` as played breaks (Swiss events only): C.04.1 2 a game (a
    match) repeated, 4 a PAB after a PAB or an unplayed round that scored a win (C.04.6 [C1], [C2] for teams);
    C.04.1 6 and 7, the colours, for individuals only (they never apply to teams: C.04.6 0)."""
    if event.event_type is not EventType.SWISS:
        return ()
    colours = not event.is_team and rnd < progress(event).planned
    out: list[Message] = []
    met: dict[frozenset[int], int] = {}
    for p in event.participants:
        for e in p.results[:rnd - 1]:
            if e.opponent is not None and e.played:
                met.setdefault(frozenset((p.start_no, e.opponent)), e.round)
    barred = _pab_barred(event, rnd)
    for p in event.participants:
        if len(p.results) < rnd:
            continue
        r = p.result(rnd)
        if r.opponent is not None and r.played and p.start_no < r.opponent:
            before = met.get(frozenset((p.start_no, r.opponent)))
            if before is not None:  # C.04.1 2, C.04.6 [C1]
                out.append(Message("pair.breach_repeat", a=p.start_no, b=r.opponent, before=before))
        if r.kind is Kind.PAB and p.start_no in barred:  # C.04.1 4, C.04.6 [C2]
            out.append(Message("pair.breach_pab", no=p.start_no, before=barred[p.start_no]))
        if colours and r.played:
            out += _colour_breaches(p.start_no, [e.colour for e in p.results[:rnd] if e.played])
    return tuple(out)


def _colour_breaches(no: int, colours: list[Colour]) -> list[Message]:
    """C.04.1 6 (a colour difference beyond 2) and 7 (three times the same colour in a row) after the round."""
    out = []
    difference = sum(1 if c is Colour.WHITE else -1 if c is Colour.BLACK else 0 for c in colours)
    if abs(difference) > 2:
        out.append(Message("pair.breach_difference", no=no, difference=difference))
    if len(colours) >= 3 and colours[-1] is not Colour.NONE and colours[-1] is colours[-2] is colours[-3]:
        out.append(Message("pair.breach_three", no=no, colour=Message(f"pair.colour_{colours[-1].name.lower()}")))
    return out


def first_colour_played(event: Tournament) -> Colour | None:
    """The initial colour (C.04.3 5.1: drawn by lot before round 1) as round 1 shows it: the colour of the
    lower-numbered player of the round's game whose lower number is the lowest (None: no game with colours)."""
    best: tuple[int, Colour] | None = None
    for p in event.players:
        if not p.results:
            continue
        r = p.result(1)
        if r.opponent is not None and r.colour in (Colour.WHITE, Colour.BLACK) and p.start_no < r.opponent:
            if best is None or p.start_no < best[0]:
                best = (p.start_no, r.colour)
    return None if best is None else best[1]


def check_pairings(event: Event, *, system: str | None = None, edition: str | None = None,
                   lots: int | None = None) -> PairingsReport:
    """Every round with results paired again from the state before it, compared with the played one."""
    notes: list[Message] = []
    if lots is None and event.plans.first_colour is None and not event.is_team:
        # C.04.3 5.1: the lot drawn for round 1 is not in the file, but its outcome is
        seen = first_colour_played(event)
        if seen is not None:  # taken as the event's own: every round is paired again with it
            event = event._replace(info=event.info._replace(plans=event.plans._replace(first_colour=seen)))
            notes.append(Message("pair.check.first_colour", colour=Message(f"pair.colour_{seen.name.lower()}")))
    out = []
    for rnd in range(1, progress(event).played + 1):
        played = played_round(event, rnd)
        try:
            rp = pair(event, rnd, system=system, edition=edition, lots=lots)
        except NoPairing as err:  # the round cannot be paired again: said for that round, the others go on
            out.append(RoundCheck(rnd, (), breaches(event, rnd), err.message))
            continue
        found = differences(played, rp)
        verdicts: tuple[Verdict, ...] = ()
        if found and rp.system.value == "dutch" and not event.is_team:
            verdicts = judge(event, rnd, played.games, played.pab, edition=edition, lots=lots)
        out.append(RoundCheck(rnd, found, breaches(event, rnd), None, rp.system, rp.edition, verdicts))
    return PairingsReport(event.source, tuple(out), tuple(notes))


__all__ = ["PairingsReport", "PlayedRound", "RoundCheck", "breaches", "check_pairings", "differences",
           "first_colour_played", "played_round"]
