"""What a TRF file says of the rounds not paired yet (:class:`~xltb.model.plans.Plans`): the facts the next
round's pairing needs, which never reach a score or a tie-break.

* requested byes: TRF-2026 ``240`` records (``F``, ``H``, ``Z``) for a round without pairings; the
  round's own entries ``0000 - H`` / ``0000 - Z`` / ``0000 - F`` in the last round of the 001 lines when
  nobody has a game or a pairing-allocated bye in it (how bbpPairings, JaVaFo and gacrux take a file to
  pair: JaVaFo's "unusual info extension"); JaVaFo's ``XXZ`` (players absent from the round to pair,
  a zero-point bye);
* the first round's colour: TRF-2026 ``152`` (``W`` or ``B``, the initial colour) or JaVaFo's ``XXC
  white1`` / ``black1``;
* acceleration: TRF-2026 ``250`` (fictitious points, rounds, a range of pairing numbers) and JaVaFo's
  ``XXA`` (a player's fictitious points round by round, from column 10 in five columns each).

Neither TRF-16 nor TRF-2026 has a record for a withdrawal or a late entry: a withdrawn player has a
zero-point bye (``Z``, or blank, "known absence") in the rounds he is not paired, a late entry in the
rounds before he arrived (C.04.2 3.2.2); the rounds played are results, the rounds to come requested
byes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ..errors import InputError
from ..model import Colour, Kind
from ..model.plans import Acceleration, Plans, RequestedBye
from .numbers import ascii_fraction, digits

#: the result code of a round to pair, without an opponent, that asks for a bye (TRF06's = and + too)
ROUND_TO_PAIR: dict[str, Kind] = {"H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE, "F": Kind.FULL_BYE, "-": Kind.ZERO_BYE,
                                  "=": Kind.HALF_BYE, "+": Kind.FULL_BYE}
#: 240's type of bye (TRF-2026: F, H, Z; blank read as Z)
BYE_240: dict[str, Kind] = {"H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "Z": Kind.ZERO_BYE, " ": Kind.ZERO_BYE}


def bye_240_kind(code: str, number: int, source: str) -> Kind:
    """The bye a 240 record asks for (:data:`BYE_240`; a player's or, in a team file, a team's), else the
    error naming its line."""
    kind = BYE_240.get(code)
    if kind is None:
        raise InputError(f"240: unknown bye type {code!r} (expected H, F or Z)", file=source, line=number)
    return kind


#: a raw round block as the TRF reader holds it: (opponent, colour, result code)
Block = tuple[int | None, Colour, str]


class PlanLines:
    """The records of a TRF file that speak of rounds not played, collected while it is read."""

    __slots__ = ("colour", "acceleration", "absent")

    def __init__(self) -> None:
        self.colour: list[tuple[int, str, Colour]] = []  # (line, record, colour)
        self.acceleration: list[tuple[int, str]] = []  # (line, text) of 250 and XXA records
        self.absent: list[tuple[int, str]] = []  # (line, text) of XXZ records

    def take(self, tag: str, line: str, number: int, source: str) -> bool:
        """Keep a record of the rounds to come; False when ``tag`` is not one."""
        if tag == "152":
            code = line[4:].strip().upper()[:1]
            if code not in ("W", "B"):
                raise InputError(f"152: initial colour {line[4:].strip()!r} (expected W or B)", file=source,
                                 line=number)
            self.colour.append((number, "152", Colour.WHITE if code == "W" else Colour.BLACK))
        elif tag == "XXC":
            for token in line[4:].lower().split():
                if token in ("white1", "black1"):
                    self.colour.append((number, "XXC", Colour.WHITE if token == "white1" else Colour.BLACK))
        elif tag in ("250", "XXA"):
            self.acceleration.append((number, line))
        elif tag == "XXZ":
            self.absent.append((number, line))
        else:
            return False
        return True


def round_to_pair(rounds: Mapping[int, Sequence[Block]], count: int) -> bool:
    """Whether round ``count`` (the last of the 001 lines) is a round to pair rather than a round paired:
    nobody has an opponent or a pairing-allocated bye in it, and somebody asks for a bye in it."""
    asked = False
    for blocks in rounds.values():
        if len(blocks) < count:
            continue
        opponent, _, code = blocks[count - 1]
        if opponent is not None:
            return False
        if code in ROUND_TO_PAIR:
            asked = True
        elif code not in ("", " "):
            return False  # a PAB (U) or a result: the round was paired
    return asked


def plans(lines: PlanLines, entries: Iterable[RequestedBye], byes_240: Iterable[tuple[int, str, int, list[int]]],
          paired: int, players: Mapping[int, object], source: str) -> Plans:
    """The plans of the file: the requested byes (the round to pair's own entries, 240 records for the rounds
    after ``paired``, XXZ for the round after it), the first round's colour and the acceleration."""
    byes: dict[tuple[int, int], RequestedBye] = {}

    def add(bye: RequestedBye) -> None:
        if bye.start_no not in players:
            raise InputError(f"pairing number {bye.start_no} has no 001 line", file=source, line=bye.line)
        key = (bye.start_no, bye.round)
        known = byes.get(key)
        if known is not None and known.kind is not bye.kind:
            raise InputError(f"round {bye.round}: player {bye.start_no} asks for two byes ({known.kind.value} on line "
                             f"{known.line}, {bye.kind.value} here)", file=source, line=bye.line)
        byes.setdefault(key, bye)

    for bye in entries:
        add(bye)
    for number, code, rnd, ids in byes_240:
        if rnd <= paired:
            continue
        kind = bye_240_kind(code, number, source)
        for sno in ids:
            add(RequestedBye(sno, rnd, kind, number))
    for number, line in lines.absent:
        for token in line[4:].replace(",", " ").split():
            if not digits(token):
                raise InputError(f"XXZ: {token!r} is not a pairing number", file=source, line=number)
            if int(token):
                add(RequestedBye(int(token), paired + 1, Kind.ZERO_BYE, number))
    return Plans(first_colour=first_colour(lines.colour, source), requested_byes=tuple(sorted(
        byes.values(), key=lambda b: (b.round, b.start_no))), acceleration=acceleration(lines.acceleration, players,
                                                                                         source))


def first_colour(found: Sequence[tuple[int, str, Colour]], source: str) -> Colour | None:
    """The initial colour (152, XXC), which all the records that give it must agree on."""
    if not found:
        return None
    number, tag, colour = found[0]
    for other, other_tag, other_colour in found[1:]:
        if other_colour is not colour:
            raise InputError(f"{other_tag} gives the first round's colour as {other_colour.value}, {tag} on line "
                             f"{number} as {colour.value}", file=source, line=other)
    return colour


def _number(text: str, what: str, number: int, source: str) -> int:
    t = text.strip()
    if not digits(t):
        raise InputError(f"{what}: {t!r} is not a number", file=source, line=number)
    return int(t)


def _points(text: str, what: str, number: int, source: str) -> Fraction:
    try:
        return ascii_fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what}: {text.strip()!r} is not a number of points", file=source, line=number) from None


def acceleration(records: Sequence[tuple[int, str]], players: Mapping[int, object], source: str,
                 match_points: bool = False) -> tuple[Acceleration, ...]:
    """Each player's fictitious points round by round, from 250 (points in columns 10-13, rounds 15-17 to
    19-21, players 23-26 to 28-31) and XXA (the player in 5-8, round r's points from column 10 + 5 (r - 1)).
    ``match_points``: a team event whose primary score is match points reads the 250's match points
    (columns 5-8) instead of its game points (10-13)."""
    points: dict[int, dict[int, Fraction]] = {}
    for number, line in records:
        if line.startswith("250"):
            padded = line.ljust(31)
            value = (_points(padded[4:8], "250 match points (columns 5-8)", number, source) if match_points
                     else _points(padded[9:13], "250 points (columns 10-13)", number, source))
            first = _number(padded[14:17], "250 first round (columns 15-17)", number, source)
            last = _number(padded[18:21], "250 last round (columns 19-21)", number, source) \
                if padded[18:21].strip() else first
            low = _number(padded[22:26], "250 first player (columns 23-26)", number, source)
            high = _number(padded[27:31], "250 last player (columns 28-31)", number, source) \
                if padded[27:31].strip() else low
            if last < first or high < low or first < 1:
                raise InputError("250: the rounds or the players are not a range", file=source, line=number)
            for sno in range(low, high + 1):
                if sno in players:
                    for rnd in range(first, last + 1):
                        points.setdefault(sno, {})[rnd] = value
        else:
            sno = _number(line[4:8], "XXA pairing number (columns 5-8)", number, source)
            rnd = 0
            for start in range(9, len(line.rstrip()), 5):
                rnd += 1
                text = line[start:start + 4]
                if text.strip():
                    points.setdefault(sno, {})[rnd] = _points(text, f"XXA round {rnd}", number, source)
            if sno not in players:
                raise InputError(f"XXA: pairing number {sno} has no 001 line", file=source, line=number)
    out = []
    for sno, rounds in sorted(points.items()):
        top = max(rounds)
        values = tuple(rounds.get(r, Fraction(0)) for r in range(1, top + 1))
        if any(values):
            out.append(Acceleration(sno, values))
    return tuple(out)


__all__ = ["BYE_240", "Block", "PlanLines", "ROUND_TO_PAIR", "acceleration", "first_colour", "plans", "round_to_pair"]
