"""FIDE's Berger tables for round robins (Handbook C.05, Annex 1) and the ``berger`` pairing system.

The table for an even number ``n`` of players (3 to 24 players: an odd number plays the table of the next
even number, the highest number counting as a bye, C.05 Annex 1) has ``n - 1`` rounds of ``n / 2`` boards:

* round 1: board ``k`` is ``k`` (white) against ``n + 1 - k``, so board 1 is ``1 - n``;
* each next round adds ``n / 2`` to every number but ``n``, counting from 1 to ``n - 1`` round and round
  (the numbers of round ``r + 1`` are those of round ``r`` plus ``n / 2``, modulo ``n - 1``); the boards
  keep their colours, but for board 1, where ``n`` has black in the odd rounds and white in the even ones.

A double round robin plays the table twice, the second cycle with the colours reversed (C.05 Annex 1); the
recommendation to switch the last two rounds of the first cycle (no three colours in a row) is the
organiser's choice and is not applied.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import XltbError
from ..messages import Message
from ..model import EventType, Kind, Tournament
from ..rules.swiss import SwissEdition
from .result import Board, Bye, Pairs

#: the sizes the handbook's tables cover
SMALLEST, LARGEST = 3, 24


def table_size(players: int) -> int:
    """The even size of the table that pairs ``players`` (the highest number a bye when they are odd)."""
    if not SMALLEST <= players <= LARGEST:
        raise XltbError(str(Message("pair.berger_size", players=players, low=SMALLEST, high=LARGEST)))
    return players + players % 2


def berger_round(players: int, round_no: int) -> tuple[tuple[int, int], ...]:
    """The (white, black) pairs of round ``round_no`` (1 to size - 1) of the table for ``players``, board by
    board; with an odd number of players the pair with the bye (the number ``players + 1``) included."""
    n = table_size(players)
    if not 1 <= round_no <= n - 1:
        raise XltbError(str(Message("pair.berger_round", round=round_no, rounds=n - 1, players=players)))
    shift = (round_no - 1) * (n // 2)  # C.05 Annex 1: each round adds n/2 (modulo n - 1) to the previous one's

    def moved(x: int) -> int:
        return (x - 1 + shift) % (n - 1) + 1

    pairs = []
    for k in range(1, n // 2 + 1):
        white, black = k, n + 1 - k
        if k == 1:  # the board of n: n has black in the odd rounds, white in the even ones
            other = moved(white)
            pairs.append((other, n) if round_no % 2 else (n, other))
        else:
            pairs.append((moved(white), moved(black)))
    return tuple(pairs)


def berger_schedule(players: int, double: bool = False) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every round of the table; a double round robin's second cycle with the colours reversed."""
    n = table_size(players)
    first = tuple(berger_round(players, r) for r in range(1, n))
    if not double:
        return first
    return first + tuple(tuple((b, w) for w, b in rnd) for rnd in first)


def pair_berger(event: Tournament, round_no: int, edition: SwissEdition, *, lots: int | None = None) -> Pairs:
    """Round ``round_no`` of a round robin from the Berger tables: the participants in the order of their
    pairing numbers are the table's numbers 1, 2, ...; the one the table pairs with the bye rests."""
    order = sorted(p.start_no for p in event.players)
    double = event.event_type is EventType.DOUBLE_ROUND_ROBIN
    n = table_size(len(order))
    cycle = n - 1
    if round_no > cycle * (2 if double else 1):
        raise XltbError(str(Message("pair.berger_round", round=round_no, rounds=cycle * (2 if double else 1),
                                    players=len(order))))
    reverse = round_no > cycle
    pairs = berger_round(len(order), round_no - cycle if reverse else round_no)
    points = {p.start_no: p.points for p in event.players}
    boards: list[Board] = []
    byes: list[Bye] = []
    for white, black in pairs:
        if reverse:
            white, black = black, white
        if max(white, black) > len(order):  # the highest number of an odd field: the bye
            rests = order[min(white, black) - 1]
            byes.append(Bye(rests, Kind.ABSENT, Fraction(0), (Message("pair.berger_rest", players=len(order)),)))
            continue
        w, b = order[white - 1], order[black - 1]
        reason = Message("pair.berger_board", table=n, round=round_no - cycle if reverse else round_no,
                         white=white, black=black)
        reasons = (reason, Message("pair.berger_reversed")) if reverse else (reason,)
        boards.append(Board(len(boards) + 1, w, b, points[w], points[b], reasons))
    resting = {bye.start_no for bye in byes}  # the table's own rest (an empty cell laid out ahead) is no request
    notes = tuple(Message("pair.berger_requested", no=bye.start_no) for bye in event.plans.requested_byes
                  if bye.round == round_no and bye.start_no not in resting)
    return Pairs(tuple(boards), tuple(byes), (), notes)


__all__ = ["LARGEST", "SMALLEST", "berger_round", "berger_schedule", "pair_berger", "table_size"]
