"""The checks every individual reader applies once it has parsed its own syntax into rounds.

A reader (TRF, chess-results export, SwissPerfect export, the Crosstable sheet) turns each
participant's round cells into :class:`~xltb.model.RoundResult` rows, then calls, in order:

* :func:`check_pairings`: both sides of a game name each other in the same round, with mirrored
  results (:data:`MIRROR`);
* :func:`mark_double_forfeits`: a forfeit loss on both sides is a double forfeit;
* :func:`explain_points`: the computed totals against the declared ones, with the file-wide
  conventions (:data:`ALTERNATIVES`) that may explain them, and :func:`points_error`;
* :func:`event_type`: the declared pairing system, else a (double) round robin when the
  pairings show one (C.07 15.2), else a Swiss.

Messages stay each reader's own (they name a TRF line, an export's cell, a sheet's address): the
checks take the reader's words or a function that builds its error.
"""

from __future__ import annotations

import os
from fractions import Fraction
from math import gcd
from operator import itemgetter
from typing import Callable, Final, Iterable, Mapping, Sequence, TypeVar

from ..errors import InputError
from ..messages import Message, Param, Text
from ..model import Choice, Colour, EventType, Kind, Player, RoundResult, Scoring
from ..model.tournament import Paired, pairing_system

#: what the opponent's side must say for each result. One table for every reader: a reader that
#: cannot produce a kind (the exports have no NOT_PLAYED, the Crosstable sheet no unrated games)
#: simply never looks it up, so the union is correct for all of them.
MIRROR: dict[Kind, frozenset[Kind]] = {
    Kind.WIN: frozenset({Kind.LOSS}), Kind.LOSS: frozenset({Kind.WIN}), Kind.DRAW: frozenset({Kind.DRAW}),
    Kind.UNRATED_WIN: frozenset({Kind.UNRATED_LOSS}), Kind.UNRATED_LOSS: frozenset({Kind.UNRATED_WIN}),
    Kind.UNRATED_DRAW: frozenset({Kind.UNRATED_DRAW}),
    Kind.FORFEIT_WIN: frozenset({Kind.FORFEIT_LOSS}),
    Kind.FORFEIT_LOSS: frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}),  # both '-': a double forfeit
    Kind.NOT_PLAYED: frozenset({Kind.NOT_PLAYED}),
}
_NOTHING: frozenset[Kind] = frozenset()

#: file-wide scoring conventions that may explain declared totals the default scoring does not
ALTERNATIVES: list[tuple[Message, Scoring]] = [
    (Message("points.pab_draw"), Scoring(pab=Fraction(1, 2))),
    (Message("points.pab_nothing"), Scoring(pab=Fraction(0))),
    (Message("points.three_one"), Scoring(win=Fraction(3), draw=Fraction(1))),
]

#: TRF-2026 299's result types (column 5): the kind of round whose points a record sets, for a player (the
#: points) or a team (its MP and GP); blank is a bonus or penalty
RESULT_TYPES_299: Final = {
    "W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE,
    "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "U": Kind.PAB}
_V = TypeVar("_V")


def result_type_299(code: str, line: int, source: str) -> Kind:
    """The kind of round a 299 record names (:data:`RESULT_TYPES_299`), else the error naming its line."""
    kind = RESULT_TYPES_299.get(code.upper())
    if kind is None:
        raise InputError(f"299: unknown result type {code!r}", file=source, line=line)
    return kind


def most_specific(overrides: Mapping[tuple[int | None, int | None, Kind], _V], who: int, rnd: int, kind: Kind
                  ) -> _V | None:
    """What the 299 records set for a round of ``kind``: the most particular record (this participant and round,
    this participant, this round, every participant and round); None when none names the kind."""
    for key in ((who, rnd, kind), (who, None, kind), (None, rnd, kind), (None, None, kind)):
        if key in overrides:
            return overrides[key]
    return None


#: fields of a RoundResult, read by position in the loops (a big event has 100,000 of them)
_KIND: Final = 1
_OPP: Final = 2
_COLOUR: Final = 3
_POINTS_OF = itemgetter(4)

#: what check_pairings found wrong, passed to the reader's ``problem`` function
SELF, UNKNOWN, UNPAIRED, CONTRADICTION, SAME_COLOUR = "self", "unknown", "unpaired", "contradiction", "colour"

Rows = dict[int, list[RoundResult]]


def check_pairings(order: Iterable[int], rows: Rows, problem: Callable[[str, int, int, int], Exception], *,
                   colours: bool = False) -> None:
    """Both sides of every game must agree: ``rows[opp][r]`` names ``me`` and has a mirrored result
    (:data:`MIRROR`); with ``colours``, the two sides must not have the same colour. ``order`` is
    the reading order (the first problem found is the one raised); ``problem(what, me, r, opp)``
    builds the reader's error (``r`` 0-based; ``what`` one of SELF, UNKNOWN, UNPAIRED,
    CONTRADICTION, SAME_COLOUR)."""
    mirror = MIRROR
    none = Colour.NONE
    for me in order:
        for r, result in enumerate(rows[me]):
            opp = result[_OPP]
            if opp is None:
                continue
            if opp == me:
                raise problem(SELF, me, r, opp)
            other_row = rows.get(opp)
            if other_row is None:
                raise problem(UNKNOWN, me, r, opp)
            other = other_row[r]
            if other[_OPP] != me:
                raise problem(UNPAIRED, me, r, opp)
            if other[_KIND] not in mirror.get(result[_KIND], _NOTHING):
                raise problem(CONTRADICTION, me, r, opp)
            if colours and result[_COLOUR] is not none and result[_COLOUR] is other[_COLOUR]:
                raise problem(SAME_COLOUR, me, r, opp)


def mark_double_forfeits(order: Iterable[int], rows: Rows, table: dict[Kind, Fraction]) -> None:
    """A forfeit loss on both sides of a pairing (both absent) is a double forfeit: a forfeit loss for
    each. Found first on the rows as read, then marked on both sides."""
    forfeit_loss = Kind.FORFEIT_LOSS
    doubles = [(me, r) for me in order for r, result in enumerate(rows[me])
               if result[_KIND] is forfeit_loss and result[_OPP] is not None
               and rows[result[_OPP]][r][_KIND] is forfeit_loss]
    points = table[Kind.DOUBLE_FORFEIT]
    for me, r in doubles:
        rows[me][r] = rows[me][r]._replace(kind=Kind.DOUBLE_FORFEIT, points=points)


def rescored(rows: Rows, scoring: Scoring) -> Rows:
    """The same rounds scored another way."""
    table = scoring.table()
    return {me: [r._replace(points=table[r.kind]) for r in row] for me, row in rows.items()}


def first_mismatch(players: Sequence[Player]) -> tuple[Player, Fraction] | None:
    """The first player whose results (and points not tied to a round) do not add up to the declared
    total, with the computed total; players without a declared total are not checked."""
    values: dict[int, Fraction] = {}  # id of a points value -> the value (readers share the values)
    q = 1
    for p in players:
        for r in p.results:
            if id(r.points) not in values:
                values[id(r.points)] = r.points
                q = q * r.points.denominator // gcd(q, r.points.denominator)
    units = {key: int(value * q) for key, value in values.items()}
    unit_of = units.__getitem__
    for p in players:
        if p.declared_points is None:
            continue
        total = sum(map(unit_of, map(id, map(_POINTS_OF, p.results))))
        declared = p.declared_points
        if p.extra_points:
            declared -= p.extra_points
        if total * declared.denominator != declared.numerator * q:
            return p, p.points
    return None


def explain_points(players: list[Player], scoring: Scoring, players_for: Callable[[Scoring], list[Player]],
                   warnings: list[Text], *, declared_as: Message, alternatives: bool = True,
                   blank_rounds: bool = False, source: str | None = None, blank_column: bool = False
                   ) -> tuple[list[Player], Scoring, tuple[Player, Fraction] | None]:
    """Compare the computed totals with the declared ones. When they differ, a file-wide convention
    (:data:`ALTERNATIVES`, tried only when ``alternatives``) that explains every total is adopted,
    with a warning ("``declared_as`` are explained only if ..."); then, with ``blank_rounds``,
    blank rounds are read as the byes the totals need (:func:`blank_byes`). Returns the players,
    the scoring and the first mismatch left (None: every total agrees).

    Totals that are 0 for every participant (or blank, with ``blank_column``: a column every line of
    the format has) while the results give points were never filled in: read as not given, with one
    warning naming the file (``source``)."""
    mismatch = first_mismatch(players)
    unfilled = all(not p.declared_points for p in players) and (blank_column or all(
        p.declared_points is not None for p in players))
    if unfilled and any(p.points for p in players):
        # every total 0 or blank: written before the totals were filled in, not a contradiction
        players = [p._replace(declared_points=None) for p in players]
        if source:
            warnings.append(Message("warn.points_blank_file", file=os.path.basename(source), what=declared_as))
        else:
            warnings.append(Message("warn.points_blank", what=declared_as))
        return players, scoring, None
    if mismatch is not None and alternatives:
        for label, alt_scoring in ALTERNATIVES:
            alt = players_for(alt_scoring)
            if first_mismatch(alt) is None:
                players, scoring = alt, alt_scoring
                warnings.append(Message("warn.points_explained", what=declared_as, how=label))
                mismatch = None
                break
    if mismatch is not None and blank_rounds:
        players = blank_byes(players, scoring, warnings)
        mismatch = first_mismatch(players)
    return players, scoring, mismatch


def points_error(mismatch: tuple[Player, Fraction], source: str, *, rounds: str, declared_by: str,
                 tail: str = "") -> InputError:
    """The error for a total that nothing explains, naming the file and the participant's line."""
    p, computed = mismatch
    return InputError(f"player {p.start_no}: the {rounds} add up to {fmt(computed)} points but {declared_by} "
                      f"{fmt(p.declared_points)}{tail}", file=source, line=p.line)


def blank_byes(players: list[Player], scoring: Scoring, warnings: list[Text]) -> list[Player]:
    """Some exports (the Irish ones among them) write byes as blank rounds without an opponent, like an
    absence. Where a line's total is short by a win and it has one such round, that round is read as the
    pairing-allocated bye; where it is short by k draws and it has at least k such rounds, the first k are
    read as half-point byes. A warning names each line read so."""
    out = []
    draw = scoring.points(Kind.HALF_BYE) - scoring.points(Kind.ABSENT)
    for p in players:
        if p.declared_points is None or p.points == p.declared_points or draw <= 0:
            out.append(p)
            continue
        blanks = [i for i, r in enumerate(p.results) if r.kind is Kind.ABSENT]
        gap = p.declared_points - p.points
        results = list(p.results)
        if len(blanks) == 1 and gap == scoring.points(Kind.PAB) - scoring.points(Kind.ABSENT):
            i = blanks[0]  # a lone blank round worth a win: the pairing-allocated bye
            results[i] = results[i]._replace(kind=Kind.PAB, points=scoring.points(Kind.PAB))
            warnings.append(Message("warn.blank_pab", line=line_param(p.line), player=p.start_no, round=i + 1))
            out.append(p._replace(results=tuple(results)))
            continue
        short = gap / draw
        if short.denominator != 1 or not 0 < short <= len(blanks):
            out.append(p)
            continue
        chosen = blanks[: int(short)]
        for i in chosen:
            results[i] = results[i]._replace(kind=Kind.HALF_BYE, points=scoring.points(Kind.HALF_BYE))
        rounds = tuple(i + 1 for i in chosen)
        warnings.append(Message("warn.blank_hpb" if len(chosen) == len(blanks) else "warn.blank_hpb_first",
                                line=line_param(p.line), player=p.start_no, rounds=rounds))
        out.append(p._replace(results=tuple(results)))
    return out


#: the warnings when the pairings show a round robin: TRF files (individual and team) ...
TRF_INFERRED = {
    EventType.ROUND_ROBIN: Message("type.trf_once"),
    EventType.DOUBLE_ROUND_ROBIN: Message("type.trf_twice"),
}
#: ... and the exports, which never name the system
EXPORT_INFERRED = {
    EventType.ROUND_ROBIN: Message("type.export_once"),
    EventType.DOUBLE_ROUND_ROBIN: Message("type.export_twice"),
}
#: what the pairings showed, for the event type's reason
_MET = {EventType.ROUND_ROBIN: Message("type.met_once"), EventType.DOUBLE_ROUND_ROBIN: Message("type.met_twice")}


def line_param(line: int | None) -> Param:
    """A line number as a message's parameter (a participant read from a file has one)."""
    return "" if line is None else line


def event_type(declared: EventType | None, participants: Sequence[Paired], warnings: list[Text],
               inferred: dict[EventType, Message] = TRF_INFERRED) -> EventType:
    """The declared pairing system; else a (double) round robin when every two participants met once
    (twice), said in a warning (C.07 15.2 then applies); else a Swiss."""
    if declared is not None:
        return declared
    found = pairing_system(participants)
    if found is not None:
        warnings.append(inferred[found])
        return found
    return EventType.SWISS


def chosen_event_type(given: EventType | None, participants: Sequence[Paired], warnings: list[Text], *,
                      type_text: str = "", type_code: str = "",
                      inferred: dict[EventType, Message] = TRF_INFERRED) -> tuple[EventType, Choice]:
    """The event type of an individual or a team event and where it came from: the user's (``given``), else the
    file's (TRF 092 text, TRF-2026 192 code), else what the pairings show (C.07 15.2, a warning from
    ``inferred``), else a Swiss (:func:`event_type`, :func:`type_choice`)."""
    declared = declared_event_type(type_text, type_code)
    found = given or event_type(declared, participants, warnings, inferred)
    return found, type_choice(given, declared, declared_by(type_text, type_code), found)


def type_choice(given: EventType | None, declared: EventType | None, declared_by: str, found: EventType) -> Choice:
    """Where the event type ``found`` came from, for the output: the user, the file (declared, or seen in
    the pairings) or xltb's default (see :func:`event_type`)."""
    if given is not None:
        return Choice(found.value, "user", "--event-type")
    if declared is not None:
        return Choice(found.value, "file", declared_by)  # the file's own words (TRF 092 'Swiss-System')
    if found is not EventType.SWISS:
        return Choice(found.value, "file", Message("type.pairings", how=_MET[found]))
    return Choice(found.value, "default", Message("type.default_swiss"))


def rounds_warning(declared: int | None, found: int, *, team: bool = False) -> Message | None:
    """The header declares ``declared`` rounds (TRF 062/142, XXR), the pairings of the players (the
    matches of the teams) have ``found``: None when they agree or nothing is declared. Fewer pairings:
    the event is under way, or ended early (a lichess Swiss stopped after 20 of its 21 rounds); the
    printout says "after round 20 of 21", and the warning says how to print the final standings instead
    (``xltb export --rounds 20``)."""
    if declared is None or declared == found:
        return None
    if declared > found:
        return Message("warn.rounds_fewer_team" if team else "warn.rounds_fewer", declared=declared, found=found)
    return Message("warn.rounds_more_team" if team else "warn.rounds_more", declared=declared, found=found)


def fmt(value: Fraction | None) -> str:
    """Points in a message: ``7.5``, ``?`` when unknown."""
    return "?" if value is None else f"{float(value):g}"


# C.07 15.2 / 16: the pairing system decides which rules apply; a file declares it in TRF 092 (text)
# or TRF-2026 192 (code)
def declared_by(type_text: str, type_code: str) -> str:
    """The record that declares the pairing system, as the output names it: ``TRF 192 'FIDE_DUTCH_2025'``."""
    if declared_event_type("", type_code) is not None:
        return f"TRF 192 {type_code.strip()!r}"
    return f"TRF 092 {type_text.strip()!r}"


def declared_event_type(type_text: str, type_code: str) -> EventType | None:
    """The pairing system a file declares (TRF 092 text, TRF-2026 192 code), or None."""
    code = type_code.upper()
    text = type_text.lower()
    if "DOUBLEROUNDROBIN" in code or ("double" in text and ("robin" in text or "berger" in text)):
        return EventType.DOUBLE_ROUND_ROBIN
    if "ROUNDROBIN" in code or "robin" in text or "berger" in text or "rundenturnier" in text:
        return EventType.ROUND_ROBIN
    if "swiss" in text or "SWISS" in code or "DUTCH" in code or "BURSTEIN" in code or "DUBOV" in code \
            or code.startswith("FIDE_TEAM_TYPE") or "schweizer" in text:
        return EventType.SWISS
    return None
