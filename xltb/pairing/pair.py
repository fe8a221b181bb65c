"""Pair one round of an event: the one entry every face calls (``xltb pair``, the pairing checker, the
worksheet function).

:func:`pair` takes the event as it stands, finds the round to pair (the first without results), checks that
the rounds before it are complete and consistent, chooses the system (``dutch`` for a Swiss, ``berger`` for
a round robin) and the edition of C.04 (from the start date), each with where the choice came from, pairs
the round from the state before it (:func:`state_before`) and checks what the system returns against the
absolute criteria before anyone sees it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, NamedTuple

from ..errors import InputError, XltbError
from ..messages import Message, Text
from ..model import Colour, EventType, Kind, RoundResult, Tournament
from ..model.choice import Choice, Origin
from ..model.event import Event
from ..model.plans import RequestedBye
from ..model.rounds import after_round, progress
from ..model.team import TeamTournament
from ..rules.swiss import SwissEdition, parse_swiss_edition, swiss_edition_for_date
from .result import Pairs, RoundPairing
from .systems import system as system_named, team_system

#: the TRF 192 codes that name a system, and the system's name here
FILE_SYSTEMS = {"FIDE_DUTCH": "dutch", "FIDE_ROUNDROBIN": "berger", "FIDE_DOUBLE_ROUNDROBIN": "berger"}
#: the kinds of a round a player had without being paired (requested byes, absences): not available then
NOT_PAIRED = {Kind.HALF_BYE: Kind.HALF_BYE, Kind.FULL_BYE: Kind.FULL_BYE, Kind.ZERO_BYE: Kind.ZERO_BYE,
              Kind.ABSENT: Kind.ZERO_BYE}


class Given(NamedTuple):
    """Where a system and an edition given to :func:`pair` come from (the user's options by default)."""

    origin: Origin = "user"
    """``user`` (a command's options), ``workbook`` (its Settings sheet): a key of ORIGINS."""
    system: Text = ""
    """Where the system was given (``Settings PairingSystem``), "" when the origin says it all."""
    edition: Text = ""
    """Where the edition was given (``Settings PairingEdition``), "" when the origin says it all."""


#: a workbook's Settings rows (xltb.sheets.pairing_settings), as the decisions name them
FROM_SETTINGS = Given("workbook", "Settings PairingSystem", "Settings PairingEdition")


class NoPairing(InputError):
    """The system found no pairing for the round (no legal pairing, a table that does not fit)."""


def _error(event: Tournament, round_no: int, message: Message) -> InputError:
    return InputError(str(Message("pair.round_error", round=round_no, error=message)), file=event.source)


def default_round(event: Tournament) -> int:
    """The first round without results (a round paired but not played yet is paired again). A player not
    paired (an empty cell: the rest of a round robin's odd field, laid out ahead) is no result."""
    last = 0
    for p in event.players:
        for r in p.results:
            if r.round > last and r.kind is not Kind.NOT_PLAYED and r.kind is not Kind.ABSENT:
                last = r.round
    return last + 1


def state_before(event: Tournament, round_no: int) -> Tournament:
    """The event as it stood before round ``round_no`` was paired: the rounds from it on cut away, and the
    requested byes and absences those rounds held (players not paired) kept as the plans say them."""
    if round_no <= 1:
        cut = event._replace(players=tuple(p._replace(results=(), declared_points=None, declared_rank=None)
                                           for p in event.players), rounds=0,
                             rounds_planned=max(event.rounds_planned or event.rounds, event.rounds))
    elif round_no - 1 < event.rounds:
        cut = after_round(event, round_no - 1)
    else:
        return event
    asked = {(b.start_no, b.round) for b in event.plans.requested_byes}
    later = [RequestedBye(p.start_no, r.round, NOT_PAIRED[r.kind], p.line) for p in event.players
             for r in p.results[round_no - 1:] if r.kind in NOT_PAIRED and (p.start_no, r.round) not in asked]
    byes = tuple(sorted(event.plans.requested_byes + tuple(later), key=lambda b: (b.round, b.start_no)))
    return cut._replace(plans=cut.plans._replace(requested_byes=byes))


def check_rounds(event: Tournament, last: int) -> None:
    """The rounds 1 to ``last`` must be complete and agree with themselves: every game with a result on both
    sides, no player paired with two opponents."""
    by_no = {p.start_no: p for p in event.players}
    for rnd in range(1, last + 1):
        claimed: dict[int, int] = {}
        for p in event.players:
            if len(p.results) < rnd:
                continue
            r = p.result(rnd)
            if r.opponent is None:
                continue
            if r.opponent in claimed:
                raise _error(event, rnd, Message("pair.paired_twice", no=r.opponent, a=claimed[r.opponent],
                                                 b=p.start_no))
            claimed[r.opponent] = p.start_no
            other = by_no.get(r.opponent)
            mine_open = r.kind is Kind.NOT_PLAYED
            theirs = other.result(rnd) if other is not None and len(other.results) >= rnd else None
            if theirs is None or theirs.opponent != p.start_no:
                raise _error(event, rnd, Message("pair.one_sided", no=p.start_no, opponent=r.opponent))
            if mine_open != (theirs.kind is Kind.NOT_PLAYED):
                raise _error(event, rnd, Message("pair.result_one_side", no=p.start_no, opponent=r.opponent))
            if mine_open and p.start_no < r.opponent:
                raise _error(event, rnd, Message("pair.no_result", no=p.start_no, opponent=r.opponent))


def choose_system(event: Tournament, given: str | None, by: Given = Given()) -> Choice:
    """The system: the one given (the user's, a workbook's Settings: ``by`` says which), else the one a workbook
    read as the event names (its Settings PairingSystem, with the cell), else the one the file names (TRF 192),
    else Dutch for a Swiss and Berger for a round robin."""
    if given:
        return Choice(given.strip().lower(), by.origin, by.system)
    own = event.provisions
    if own is not None and own.pairing_system:  # a workbook's Settings PairingSystem, with its cell
        return Choice(own.pairing_system, own.origin, own.cell("PairingSystem"))
    code = event.type_code.upper()
    for prefix, name in FILE_SYSTEMS.items():
        if code.startswith(prefix):
            return Choice(name, "file", Message("pair.system_file", code=event.type_code))
    if event.event_type.predetermined:
        return Choice("berger", "default", Message("pair.system_round_robin"))
    return Choice("dutch", "default", Message("pair.system_swiss"))


def choose_edition(event: Event, given: str | SwissEdition | None, by: Given = Given()
                   ) -> tuple[SwissEdition, Choice]:
    """The edition of C.04: the one given (the user's, a workbook's Settings: ``by`` says which), else the one a
    workbook read as the event names (Settings PairingEdition, with the cell), else the one in force on the start
    date, else the newest."""
    if given is not None:
        edition = given if isinstance(given, SwissEdition) else parse_swiss_edition(given)
        return edition, Choice(edition.key, by.origin, by.edition)
    own = event.provisions
    if own is not None and own.pairing_edition:  # a workbook's Settings PairingEdition, with its cell
        edition = parse_swiss_edition(own.pairing_edition)
        return edition, Choice(edition.key, own.origin, own.cell("PairingEdition"))
    edition = swiss_edition_for_date(event.start_date)
    if event.start_date is None:
        return edition, Choice(edition.key, "default", Message("pair.edition_no_date", edition=edition.key))
    if event.start_date < edition.starts:  # before 2025-07: the oldest text xltb has is used, and said
        return edition, Choice(edition.key, "default", Message("pair.edition_older", date=event.start_date,
                                                               edition=edition.key))
    # the start date is the file's, or the workbook's (its Settings StartDate) when the workbook gave the choices
    dated: Origin = own.origin if own is not None else "workbook" if by.origin == "workbook" else "file"
    return edition, Choice(edition.key, dated, Message("edition.start_date", date=event.start_date))


def pair(event: Event, round_no: int | None = None, *, system: str | None = None,
         edition: str | SwissEdition | None = None, lots: int | None = None, by: Given = Given()) -> RoundPairing:
    """The pairings of round ``round_no`` (by default the first round without results); ``by`` says where the
    system and the edition given come from (the user's options, a workbook's Settings)."""
    if event.is_team:
        return pair_team_event(event, round_no, system=system, edition=edition, lots=lots, by=by)
    first_open = default_round(event)
    n = first_open if round_no is None else round_no
    if n < 1:
        raise XltbError(str(Message("pair.round_number", round=n)))
    if n > first_open:
        raise _error(event, n, Message("pair.round_not_reached", played=first_open - 1, next=first_open))
    planned = event.rounds_planned
    if planned is not None and n > planned:
        raise _error(event, n, Message("pair.beyond_planned", planned=planned))
    check_rounds(event, n - 1)
    if lots is None and event.provisions is not None:  # a workbook's Settings Lots, as TB_PAIRINGS takes it
        lots = event.provisions.lots
    chosen_system = choose_system(event, system, by)
    chosen_edition, edition_choice = choose_edition(event, edition, by)
    state = state_before(event, n)
    function = system_named(chosen_system.value)
    try:
        pairs = function(state, n, chosen_edition, lots=lots)
    except InputError as err:  # the system's own words (they name the round): said as the round's
        raise NoPairing(err.message, file=err.file or event.source, line=err.line) from None
    except XltbError as err:  # no legal pairing, a table too small ...: the file and the round named
        raise NoPairing(str(Message("pair.round_error", round=n, error=Message(
            "pair.system_refused", system=chosen_system.value, why=err.message))), file=event.source) from None
    check_pairs(state, n, pairs, swiss=state.event_type is EventType.SWISS)
    return RoundPairing(n, chosen_system, edition_choice, pairs.boards, pairs.byes, pairs.brackets, pairs.notes)


def pair_team_event(event: TeamTournament, round_no: int | None = None, *, system: str | None = None,
                    edition: str | SwissEdition | None = None, lots: int | None = None, by: Given = Given()
                    ) -> RoundPairing:
    """The pairings of round ``round_no`` of a team event by the Swiss team system (C.04.6), checked as
    :func:`pair` checks an individual one: every team once, no match repeated ([C1]), no second PAB ([C2])."""
    first_open = progress(event).played + 1
    n = first_open if round_no is None else round_no
    if n < 1:
        raise XltbError(str(Message("pair.round_number", round=n)))
    if n > first_open:
        raise InputError(str(Message("pair.round_error", round=n, error=Message(
            "pair.round_not_reached", played=first_open - 1, next=first_open))), file=event.source)
    if event.rounds_planned is not None and n > event.rounds_planned:
        raise InputError(str(Message("pair.round_error", round=n, error=Message(
            "pair.beyond_planned", planned=event.rounds_planned))), file=event.source)
    if system:
        chosen = Choice(system.strip().lower(), by.origin, by.system)
    elif event.type_code.upper().startswith("FIDE_TEAM"):
        chosen = Choice("fide-team", "file", Message("pair.system_file", code=event.type_code))
    else:
        chosen = Choice("fide-team", "default", Message("pairing.team.system_default"))
    chosen_edition, edition_choice = choose_edition(event, edition, by)
    function = team_system(chosen.value)
    try:
        pairs = function(event, n, chosen_edition, lots=lots)
    except InputError as err:  # no legal pairing (C.04.6 1.9.3): the round's NoPairing, as for individuals
        raise NoPairing(err.message, file=err.file or event.source, line=err.line) from None
    check_team_pairs(event, n, pairs)
    return RoundPairing(n, chosen, edition_choice, pairs.boards, pairs.byes, pairs.brackets, pairs.notes)


def check_team_pairs(event: TeamTournament, round_no: int, pairs: Pairs) -> None:
    """What the team system returned, against C.04.6's absolute criteria: every team once, [C1] no match
    repeated, [C2] no PAB to a team that had one, a forfeit win or a full-point bye (an internal error)."""
    seen = [no for no in _paired(pairs)]
    if sorted(seen) != sorted(t.start_no for t in event.teams):
        raise RuntimeError(f"round {round_no}: the team system did not pair every team once: {sorted(seen)}")
    met = {(t.start_no, r.opponent) for t in event.teams for r in t.results[:round_no - 1]
           if r.opponent is not None and r.kind.played}
    barred = {t.start_no for t in event.teams for r in t.results[:round_no - 1]
              if r.kind in (Kind.PAB, Kind.FORFEIT_WIN, Kind.FULL_BYE)}
    if any((b.white, b.black) in met for b in pairs.boards) or any(
            y.kind is Kind.PAB and y.start_no in barred for y in pairs.byes):
        raise RuntimeError(f"round {round_no}: the team system broke [C1] or [C2] of C.04.6")


def with_pairing(event: Tournament, rp: RoundPairing) -> Tournament:
    """The event as it stood before round ``rp.round``, with that round's pairings entered: each game without
    a result yet (TRF: the opponent and colour, the result blank), each bye with its kind and points; the
    byes asked for that round leave the plans (they are in the round now)."""
    state = state_before(event, rp.round)
    rounds: dict[int, RoundResult] = {}
    for b in rp.boards:
        rounds[b.white] = RoundResult(rp.round, Kind.NOT_PLAYED, b.black, Colour.WHITE, Fraction(0))
        rounds[b.black] = RoundResult(rp.round, Kind.NOT_PLAYED, b.white, Colour.BLACK, Fraction(0))
    for y in rp.byes:
        rounds[y.start_no] = RoundResult(rp.round, y.kind, None, Colour.NONE, y.points)
    players = tuple(p._replace(results=p.results + (rounds.get(p.start_no) or RoundResult(rp.round, Kind.ABSENT),),
                               declared_points=None, declared_rank=None) for p in state.players)
    plans = state.plans._replace(requested_byes=tuple(b for b in state.plans.requested_byes if b.round != rp.round))
    return state._replace(players=players, rounds=rp.round, plans=plans,
                          rounds_planned=max(state.rounds_planned or rp.round, rp.round))


def check_pairs(state: Tournament, round_no: int, pairs: Pairs, *, swiss: bool) -> None:
    """What a system returned, against the absolute criteria: every player once (boards and byes); in a Swiss
    (``swiss``) no game repeated (C.04.1 2), at most one pairing-allocated bye and to a player who had none
    (C.04.1 4). A breach is a defect of the system, never shown nor written (an internal error)."""
    seen: dict[int, int] = {}
    for no in _paired(pairs):
        seen[no] = seen.get(no, 0) + 1
    twice = sorted(no for no, count in seen.items() if count > 1)
    known = {p.start_no for p in state.players}
    if twice or set(seen) != known:  # Pairs.byes lists the requested byes and the players not paired too
        missing = sorted(known - set(seen))
        raise RuntimeError(f"round {round_no}: the system paired {twice} twice, left out {missing}, or named "
                           f"unknown players {sorted(set(seen) - known)}")
    if not swiss:
        return
    met = {(p.start_no, r.opponent) for p in state.players for r in p.results if r.opponent is not None and r.played}
    repeated = [b for b in pairs.boards if (b.white, b.black) in met]
    pabs = [b for b in pairs.byes if b.kind is Kind.PAB]
    had = {p.start_no for p in state.players  # C.04.1 4: a PAB, or a win's points in one round without playing
           if any(r.kind is Kind.PAB or (not r.played and r.points >= state.scoring.win) for r in p.results)}
    if repeated or len(pabs) > 1 or any(b.start_no in had for b in pabs):
        raise RuntimeError(f"round {round_no}: the system broke an absolute criterion (repeated game or second PAB)")


def _paired(pairs: Pairs) -> Iterable[int]:
    for b in pairs.boards:
        yield b.white
        yield b.black
    for bye in pairs.byes:
        yield bye.start_no


__all__ = ["FILE_SYSTEMS", "FROM_SETTINGS", "Given", "NoPairing", "check_pairs", "check_rounds", "choose_edition", "choose_system",
           "check_team_pairs", "default_round", "pair", "pair_team_event", "state_before", "with_pairing"]
