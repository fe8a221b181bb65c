"""Reader for FIDE Tournament Report Files (TRF-16 and TRF-2026), individual events.

Files are read as they are found in the wild: LF, CRLF or CR-only line ends; UTF-8 with or
without BOM, Latin-1 as the fallback; lines that end early; blank or ``0000`` opponents;
lichess' blank-opponent byes; TRF06's ``0000 - =`` and ``0000 - +``. Header counts, dates and
the rank column are not trusted: the number of rounds comes from the pairings, and every
player's points are recomputed and compared with columns 81-84.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final, Mapping, NamedTuple

from ..errors import InputError
from ..messages import Message, Text
from ..model import Colour, EventType, Kind, Player, RoundResult, Scoring, Tournament
from ..model.plans import RequestedBye
from ..events import builder
from . import trf_plans, trf_records
from .trf_header import Records, TrfHeader, describing, record
from .numbers import ascii_fraction, ascii_int, digits, int_or_none

#: result code with an opponent -> kind
_WITH_OPPONENT = {
    "1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS,
    "W": Kind.UNRATED_WIN, "D": Kind.UNRATED_DRAW, "L": Kind.UNRATED_LOSS,
    "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, " ": Kind.NOT_PLAYED,
    "X": Kind.NOT_PLAYED, "?": Kind.NOT_PLAYED,  # a result not known yet (TRF-2026 162 X: an adjourned game)
    "w": Kind.UNRATED_WIN, "d": Kind.UNRATED_DRAW, "l": Kind.UNRATED_LOSS,  # codes are read in either case
}
#: result code without an opponent -> kind (TRF06 wrote byes as 0000 - = and 0000 - +)
_WITHOUT_OPPONENT = {
    "U": Kind.PAB, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE, " ": Kind.ABSENT,
    "-": Kind.ABSENT, "+": Kind.FULL_BYE, "=": Kind.HALF_BYE, "1": Kind.FULL_BYE, "0": Kind.ZERO_BYE,
    "W": Kind.FULL_BYE, "D": Kind.HALF_BYE, "L": Kind.ZERO_BYE, "w": Kind.FULL_BYE, "d": Kind.HALF_BYE,
    "l": Kind.ZERO_BYE,
}

#: colour column: w, b (German s for black), - or blank
_COLOURS = {"w": Colour.WHITE, "W": Colour.WHITE, "b": Colour.BLACK, "B": Colour.BLACK, "s": Colour.BLACK,
            "S": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}

#: a round block "  oooo c r": opponent (digits, right-aligned), colour, result; the fast path of the
#: reader takes lines made only of such blocks, anything else goes through the careful path
_BLOCK = re.compile(r"  ( {0,3}\d{1,4}) ([wbWB]) ([10=+\-WDLwdl])", re.ASCII)
_ROUNDS_FAST = re.compile(r"(?:  (?: {0,3}\d{1,4}) [wbWB] [10=+\-WDLwdl])*", re.ASCII)


#: a round block as read: (opponent or None, colour, result code); plain tuples, 20,000 of them for a big event
_RawRound = tuple[int | None, Colour, str]
_OPP: Final = 0
_COL: Final = 1
_CODE: Final = 2
#: fields of a RoundResult, read by position in the reader's loops
_R_KIND: Final = 1
_R_OPP: Final = 2


class _RawPlayer(NamedTuple):
    line: int
    start_no: int
    text: str
    rounds: list[_RawRound]


def detect(text: str) -> bool:
    """True when a player record (a line starting with ``001``) is among the first 400 lines."""
    return any(line.startswith("001 ") or line.rstrip() == "001" for line in text.split("\n", 400)[:400])


def has_team_records(text: str) -> bool:
    """A line starting with 013 (TRF-16) or 310 (TRF-2026) team records (a plain substring search: a
    regular expression over a large file costs milliseconds)."""
    return text.startswith(("013", "310")) or "\n013" in text or "\n310" in text


def read(text: str, source: str = "<text>", *, event_type: EventType | None = None,
         primary: str | None = None) -> Tournament:
    """The individual event of a TRF text (``primary`` is for team events; not used). Team records
    are ignored here (:mod:`xltb.readers.trf_team` reads them)."""
    return parse(text, source, event_type=event_type)[0]


def parse(text: str, source: str = "<text>", *, event_type: EventType | None = None,
          ignore: frozenset[str] = frozenset()) -> tuple[Tournament, frozenset[int]]:
    """The individual event of a TRF text, without the records tagged in ``ignore`` (the team reader
    reads 240 and 299 itself: they name teams), and the positions in its warnings of those about the
    players' lines only (the header's number of rounds against the pairings'; totals not checked in a
    team file), which the team reader replaces with its own."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    header = TrfHeader()
    raw: list[_RawPlayer] = []
    records = Records()
    seen: dict[int, int] = {}
    for number, line in enumerate(lines, start=1):
        tag = line[:3]
        if len(line) > 3 and line[3] not in " \t":
            continue  # not a record: a record's code is followed by a blank (e.g. a ruler line 0123456789...)
        if tag == "001":  # most lines: read first, without the header records' work
            player = _player_line(line, number, source)
            if player.start_no in seen:
                raise InputError(f"pairing number {player.start_no} is used twice (first on line {seen[player.start_no]})",
                                 file=source, line=number)
            seen[player.start_no] = number
            raw.append(player)
            continue
        if not line.strip() or tag in ignore:
            continue
        body = line[4:].strip() if len(line) > 3 else ""
        if not describing(header, tag, body, line, number):
            record(header, records, tag, body, line, number, source)
    if not raw:
        raise InputError("no player records (lines starting with 001): is this a TRF file?", file=source)
    scoring = trf_records.scoring_of(records.scoring_fields)
    return _build(raw, header, scoring, records.byes_240, records.records_299, source, event_type, records.plans)


# --------------------------------------------------------------------------- 001 lines
def _player_line(line: str, number: int, source: str) -> _RawPlayer:
    padded = line.ljust(99)
    try:
        start_no = ascii_int(padded[4:8])
    except ValueError:
        raise InputError(f"pairing number {padded[4:8].strip()!r} (columns 5-8) is not a number", file=source,
                         line=number) from None
    area = line[89:].rstrip()
    if _ROUNDS_FAST.fullmatch(area):  # the common case: every block well formed
        colours = _COLOURS
        fast: list[_RawRound] = [(int(o) or None, colours[c], res)
                                 for o, c, res in _BLOCK.findall(area)]  # 0000: no opponent
        return _RawPlayer(number, start_no, padded, fast)
    rounds: list[_RawRound] = []
    r = 0
    empty: _RawRound = (None, Colour.NONE, "")
    colours = _COLOURS
    while 91 + 10 * r < len(line):
        block = line[91 + 10 * r: 99 + 10 * r]
        r += 1
        if len(block) < 8:
            block = block.ljust(8)
        if block.isspace():
            rounds.append(empty)
            continue
        opp_text = block[0:4].strip()
        if opp_text in ("", "0000", "0"):
            opponent = None
        elif digits(opp_text):
            opponent = int(opp_text)
        else:
            raise InputError(f"round {r}: opponent {opp_text!r} (columns {92 + 10 * (r - 1)}-{95 + 10 * (r - 1)}) "
                             "is not a pairing number", file=source, line=number)
        colour = colours.get(block[5])
        if colour is None:
            raise InputError(f"round {r}: unknown colour {block[5]!r} (expected w, b or -)", file=source, line=number)
        rounds.append((opponent, colour, block[7].upper()))
    while rounds and rounds[-1][_CODE] == "" and rounds[-1][_OPP] is None:
        rounds.pop()
    return _RawPlayer(number, start_no, padded, rounds)


def _points_text(text: str) -> Fraction | None:
    """Columns 81-84 as a number (None when blank or unreadable); the few distinct texts of a file
    are parsed once each."""
    try:
        return _POINTS_SEEN[text]
    except KeyError:
        t = text.strip()
        try:
            found = ascii_fraction(t) if t else None
        except (ValueError, ZeroDivisionError):
            found = None
        if len(_POINTS_SEEN) < 10_000:
            _POINTS_SEEN[text] = found
    return found


_POINTS_SEEN: dict[str, Fraction | None] = {}
_NOT_SEEN = object()


def _build(raw: list[_RawPlayer], header: TrfHeader, scoring: Scoring,
           byes_240: list[tuple[int, str, int, list[int]]], records_299: list[tuple[int, str]], source: str,
           event_type: EventType | None, plan_lines: trf_plans.PlanLines) -> tuple[Tournament, frozenset[int]]:
    by_no = {p.start_no: p for p in raw}
    rounds, entries = _round_to_pair(raw)
    asked = {b.start_no: b.kind for b in entries}  # JaVaFo counts them in columns 81-84 already
    warnings: list[Text] = list(header.warnings)
    players_only: list[int] = []  # positions of the warnings about the players' lines only
    if header.unknown:
        warnings.append(_unknown_records(header.unknown))
    rounds_said = builder.rounds_warning(header.rounds_declared, rounds)
    if rounds_said is not None:
        players_only.append(len(warnings))
        warnings.append(rounds_said)
    extra_kind = _requested_byes(byes_240, rounds, by_no, source)  # 240 byes fill rounds that have no pairing
    table = scoring.table()
    rows = _rounds(raw, rounds, by_no, source, extra_kind, table)
    # both lines of a game must agree; a forfeit loss on both is a double forfeit
    order = [p.start_no for p in raw]

    def problem(what: str, me: int, r: int, opp: int) -> Exception:
        mine, other = rows[me][r], rows[opp][r]
        if what == builder.UNPAIRED:
            said = f"has {other[_R_OPP]}" if other[_R_OPP] is not None else "has no opponent"
            return InputError(f"round {r + 1}: {me} is paired with {opp}, but the line of {opp} "
                              f"(line {by_no[opp].line}) {said} in that round", file=source, line=by_no[me].line)
        if what == builder.CONTRADICTION:
            return InputError(f"round {r + 1}: the results of {me} and {opp} contradict each other "
                              f"({_code(mine[_R_KIND])} against {_code(other[_R_KIND])})", file=source,
                              line=by_no[me].line)
        return AssertionError(what)  # opponents were checked when the rounds were read (_kind)

    builder.check_pairings(order, rows, problem)
    builder.mark_double_forfeits(order, rows, table)
    overrides, bonus = trf_records.abnormal_299(records_299, by_no, source)
    for p in raw:
        written = p.text[80:84].strip()
        if written and _points_text(written) is None:
            warnings.append(Message("warn.points_unreadable", line=p.line, text=repr(written)))
    players, scoring, mismatch = builder.explain_points(
        _players(raw, rows, scoring, overrides, bonus, asked), scoring,
        lambda alt: _players(raw, builder.rescored(rows, alt), alt, overrides, bonus, asked), warnings,
        declared_as=Message("points.trf"), alternatives=scoring == Scoring(), blank_rounds=True, source=source,
        blank_column=True)
    if mismatch is not None:
        error = builder.points_error(mismatch, source, rounds="results", declared_by="columns 81-84 say",
                                     tail=", and no scoring record (162, XXS, BBx, 299) explains it")
        if not header.team_records:
            raise error
        players_only.append(len(warnings))
        warnings.append(Message("warn.team_totals", line=error.line if error.line is not None else "",
                                error=error.message))
    if header.national or header.methods:
        players = trf_records.apply_national(players, header.national, header.methods, warnings)
    etype, type_choice = builder.chosen_event_type(event_type, players, warnings, type_text=header.type_text,
                                                   type_code=header.type_code)
    tiebreaks = header.tiebreaks_212 or header.tiebreaks_202
    tiebreaks_line = header.line_212 if header.tiebreaks_212 else header.line_202
    return Tournament(
        name=header.name, players=tuple(sorted(players, key=lambda p: p.start_no)), rounds=rounds, event_type=etype,
        start_date=header.start_date, scoring=scoring, tiebreaks=tiebreaks, tiebreaks_line=tiebreaks_line,
        source=source,
        warnings=tuple(warnings), event_type_choice=type_choice, city=header.city, federation=header.federation,
        end_date=header.end_date,
        chief_arbiter=header.chief_arbiter, rounds_planned=header.rounds_declared, type_text=header.type_text,
        type_code=header.type_code, rating_methods=tuple(sorted(header.methods.items())),
        round_dates=header.round_dates)._replace(
            deputies=tuple(header.deputies), time_control=header.time_control, plans=trf_plans.plans(plan_lines, entries, byes_240, rounds, by_no, source)), frozenset(players_only)


def _unknown_records(unknown: dict[str, list[int]]) -> Text:
    """The warning about the records xltb does not know (five of them, three lines each)."""
    shown = tuple(Message("warn.record_lines_more" if len(lines) > 3 else "warn.record_lines", tag=repr(tag),
                          lines=tuple(lines[:3])) for tag, lines in list(unknown.items())[:5])
    return Message("warn.unknown_records_more" if len(unknown) > 5 else "warn.unknown_records", records=shown)


def _requested_byes(byes_240: list[tuple[int, str, int, list[int]]], rounds: int, by_no: Mapping[int, _RawPlayer],
                    source: str) -> dict[tuple[int, int], Kind]:
    """(pairing number, round) -> the bye a 240 record gives in a round that was paired (a round after them is
    a plan: trf_plans)."""
    extra_kind: dict[tuple[int, int], Kind] = {}
    for number, code, rnd, ids in byes_240:
        if rnd > rounds:  # asked for a round not paired yet: not a result but a plan (trf_plans)
            continue
        kind = trf_plans.bye_240_kind(code, number, source)
        for sno in ids:
            if sno not in by_no:
                raise InputError(f"240: pairing number {sno} has no 001 line", file=source, line=number)
            extra_kind[(sno, rnd)] = kind
    return extra_kind


def _rounds(raw: list[_RawPlayer], rounds: int, by_no: Mapping[int, _RawPlayer], source: str,
            extra_kind: dict[tuple[int, int], Kind], table: Mapping[Kind, Fraction]) -> dict[int, list[RoundResult]]:
    """Each player's rounds as RoundResult tuples, scored with the file's scoring (a plain game at once, anything
    else checked by :func:`_kind`)."""
    rows: dict[int, list[RoundResult]] = {}
    with_opponent = _WITH_OPPONENT
    empty: _RawRound = (None, Colour.NONE, "")
    new = tuple.__new__
    for p in raw:
        me = p.start_no
        rr = p.rounds
        if len(rr) < rounds:
            rr = rr + [empty] * (rounds - len(rr))
        row = []
        for r, (opp, colour, code) in enumerate(rr, start=1):
            kind = with_opponent.get(code) if opp is not None else None
            if kind is None or opp == me or opp not in by_no:  # not a plain game: checked, or an error
                kind, opp, colour = _kind(p, r, (opp, colour, code), by_no, source, extra_kind)
            row.append(new(RoundResult, (r, kind, opp, colour, table[kind], None)))  # no match: a player's round
        rows[me] = row
    return rows


def _round_to_pair(raw: list[_RawPlayer]) -> tuple[int, list[RequestedBye]]:
    """The rounds paired, and the byes asked for in the rounds after them: a last round in which nobody has a
    game or a pairing-allocated bye, only ``0000 - H`` / ``Z`` / ``F`` entries, is a round to pair (taken out
    of the players' rounds)."""
    rounds = max((len(p.rounds) for p in raw), default=0)
    entries: list[RequestedBye] = []
    while rounds and trf_plans.round_to_pair({p.start_no: p.rounds for p in raw}, rounds):
        for p in raw:
            if len(p.rounds) >= rounds:
                code = p.rounds[rounds - 1][_CODE]
                if code in trf_plans.ROUND_TO_PAIR:
                    entries.append(RequestedBye(p.start_no, rounds, trf_plans.ROUND_TO_PAIR[code], p.line))
                del p.rounds[rounds - 1:]
        rounds = max((len(p.rounds) for p in raw), default=0)
    return rounds, entries


def _kind(p: _RawPlayer, rnd: int, rr: _RawRound, by_no: Mapping[int, _RawPlayer], source: str,
          extra_kind: Mapping[tuple[int, int], Kind]) -> tuple[Kind, int | None, Colour]:
    opponent, colour, code = rr
    if opponent is not None:
        if opponent not in by_no:
            raise InputError(f"round {rnd}: opponent {opponent} does not exist (no 001 line has that pairing "
                             "number)", file=source, line=p.line)
        if opponent == p.start_no:
            raise InputError(f"round {rnd}: player {p.start_no} is paired with himself", file=source, line=p.line)
        kind = _WITH_OPPONENT.get(code)
        if kind is None:
            raise InputError(f"round {rnd}: unknown result code {code!r} for a game (expected 1 = 0 + - W D L, or X "
                             "or blank for a result not known yet)",
                             file=source, line=p.line)
        return kind, opponent, colour
    if code == "" and (p.start_no, rnd) in extra_kind:
        return extra_kind[(p.start_no, rnd)], None, Colour.NONE
    kind = _WITHOUT_OPPONENT.get(code or " ")
    if kind is None:
        raise InputError(f"round {rnd}: unknown result code {code!r} (expected U F H Z or blank without an "
                         "opponent)", file=source, line=p.line)
    if (p.start_no, rnd) in extra_kind and kind in (Kind.ABSENT, Kind.ZERO_BYE):
        kind = extra_kind[(p.start_no, rnd)]
    return kind, None, Colour.NONE


def _players(raw: list[_RawPlayer], rows: dict[int, list[RoundResult]], scoring: Scoring,
             overrides: trf_records.Overrides, bonus: Mapping[int, Fraction],
             asked: Mapping[int, Kind] | None = None) -> list[Player]:
    """Player records with the points of each round (299 records override the scoring). ``asked``: the byes of
    the round to pair written in the 001 lines, whose points JaVaFo wants in columns 81-84 already (its
    "unusual info extension"): a total that holds them is read without them."""
    out = []
    zero = Fraction(0)
    for p in raw:
        results = rows[p.start_no]
        if overrides:
            results = [r._replace(points=_override(overrides, p.start_no, r)) for r in results]
        t = p.text
        rating = _rating(t[48:52], p.line)
        out.append(Player(
            start_no=p.start_no, name=t[14:47].strip(), results=tuple(results), rating=rating,
            title=t[10:13].strip(), sex=t[9].strip(), federation=t[53:56].strip(), fide_id=t[57:68].strip(),
            birth=t[69:79].strip(), declared_points=_declared(t[80:84], results, bonus.get(p.start_no, zero),
                                                              scoring, (asked or {}).get(p.start_no)),
            declared_rank=int_or_none(t[85:89]),
            extra_points=bonus.get(p.start_no, zero), line=p.line))
    return out


def _declared(text: str, results: list[RoundResult], bonus: Fraction, scoring: Scoring, asked: Kind | None
              ) -> Fraction | None:
    """Columns 81-84, less the points of a bye asked for the round to pair when they hold them."""
    declared = _points_text(text)
    if declared is None or asked is None:
        return declared
    computed = sum((r.points for r in results), bonus)
    return declared - scoring.points(asked) if declared != computed and \
        declared - scoring.points(asked) == computed else declared


def _override(overrides: trf_records.Overrides, start_no: int, r: RoundResult) -> Fraction:
    """The points of a round that a 299 record sets (the most particular record first: this player and round,
    this player, this round, every round), else the scoring's."""
    points = builder.most_specific(overrides, start_no, r.round, r.kind)
    return r.points if points is None else points


def _rating(text: str, line: int) -> int | None:
    t = text.strip()
    if not t:
        return None
    if not digits(t):
        raise InputError(f"rating {t!r} (columns 49-52) is not a number", line=line)
    value = int(t)
    return value or None


def _code(kind: Kind) -> str:
    return {Kind.DOUBLE_FORFEIT: "-", Kind.NOT_PLAYED: "no result"}.get(kind, kind.value)
