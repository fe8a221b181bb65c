"""A round robin laid out at creation: ``xltb template roundrobin --players N [--double]`` writes every round
of FIDE's Berger table (C.05 Annex 1, :mod:`xltb.pairing.berger`) into the Crosstable as pending games, so
that typing the results is all that is left.

Each game of the table is a pending game in the crosstable's notation (:mod:`xltb.sheets.crosstable`):
``W9`` in White's row, ``B5`` in Black's, no result yet. With an odd number of players the table of the next
even number is played, its highest number a bye: the player it pairs rests, his cell stays empty (not
paired, C.05 Annex 1). A double round robin plays the table twice, the second cycle with the colours
reversed. The standings count the rounds complete ("after round N of M", :mod:`xltb.sheets.progress`), and
``TB_PAIRINGS`` / ``xltb pair`` give the next round from the same table.

A template filled from a round robin (``--from FILE --lay-out``) gets the rounds not played yet laid out the
same way when the rounds played are the table's (the participants in pairing-number order are the table's numbers); an
event paired otherwise keeps its later rounds empty (:func:`follows_table` says why).
"""

from __future__ import annotations

from typing import Any

from ..errors import XltbError
from ..model import Colour, EventType, Tournament
from ..model.team import TeamTournament
from ..pairing.berger import LARGEST, SMALLEST, berger_schedule
from ..sheets.crosstable import HEADER

Schedule = tuple[tuple[tuple[int, int], ...], ...]


def schedule(players: int, double: bool) -> Schedule:
    """Every round of the Berger table for ``players`` (table numbers; the bye's number above ``players``)."""
    if not SMALLEST <= players <= LARGEST:
        raise XltbError(f"--players {players}: FIDE's Berger tables cover {SMALLEST} to {LARGEST} players")
    return berger_schedule(players, double)


def berger_rows(players: int, double: bool) -> list[list[Any]]:
    """The Crosstable rows (header first) of a round robin of ``players`` not started: the pairing numbers
    1..N (names to type) and every round of the table as pending games."""
    rounds = schedule(players, double)
    rows: list[list[Any]] = [HEADER + [f"R{i}" for i in range(1, len(rounds) + 1)]]
    rows += [[no] + [None] * (len(HEADER) - 1 + len(rounds)) for no in range(1, players + 1)]
    lay_out(rows, list(range(1, players + 1)), list(range(1, players + 1)), rounds, 1)
    return rows


def lay_out(rows: list[list[Any]], numbers: list[int], lines: list[int], rounds: Schedule, first: int) -> None:
    """Write rounds ``first``.. of ``rounds`` into ``rows`` as pending games: table number k is the pairing
    number ``numbers[k - 1]`` on row ``lines[k - 1]``; the player paired with the bye keeps an empty cell."""
    column = len(HEADER) - 1
    for r in range(first, len(rounds) + 1):
        for white, black in rounds[r - 1]:
            if max(white, black) > len(numbers):  # C.05 Annex 1: the highest number of an odd field is a bye
                continue
            rows[lines[white - 1]][column + r] = f"W{numbers[black - 1]}"
            rows[lines[black - 1]][column + r] = f"B{numbers[white - 1]}"


def follows_table(event: Tournament) -> str | None:
    """None when every round played of ``event`` is the Berger table's round (the participants in
    pairing-number order as the table's numbers, colours as the table gives them), else why not."""
    order = sorted(p.start_no for p in event.players)
    if not SMALLEST <= len(order) <= LARGEST:
        return f"{len(order)} players: FIDE's Berger tables cover {SMALLEST} to {LARGEST}"
    rounds = schedule(len(order), event.event_type is EventType.DOUBLE_ROUND_ROBIN)
    if event.rounds > len(rounds):
        return f"{event.rounds} rounds played, the table has {len(rounds)}"
    for r in range(1, event.rounds + 1):
        table = {(order[w - 1], order[b - 1]) for w, b in rounds[r - 1] if max(w, b) <= len(order)}
        played = set()
        for p in event.players:
            res = p.results[r - 1] if r <= len(p.results) else None
            if res is not None and res.opponent is not None and res.colour is Colour.WHITE:
                played.add((p.start_no, res.opponent))
        if played != table:
            return f"round {r} is not the Berger table's round {r}"
    return None


def lay_out_event(rows: list[list[Any]], event: Tournament, double: bool) -> None:
    """Lay out the rounds of the table after those ``event`` played (:func:`follows_table`) into the rows
    made from it, more round columns added when needed."""
    order = sorted(p.start_no for p in event.players)
    rounds = schedule(len(order), double)
    width = len(HEADER) + len(rounds)
    have = sum(1 for head in rows[0][len(HEADER):] if head is not None)
    for i in range(have, len(rounds)):
        rows[0].append(f"R{i + 1}")
    for row in rows[1:]:
        row.extend([None] * (max(width, len(rows[0])) - len(row)))
    line_of = {row[0]: i for i, row in enumerate(rows) if i and row[0] is not None}
    lay_out(rows, order, [line_of[no] for no in order], rounds, event.rounds + 1)


def plan(kind: str, event: Tournament | TeamTournament | None, players: int | None, double: bool,
         from_file: bool) -> tuple[int, bool] | None:
    """(players, double) of the round robin to lay out: ``--players N`` of a blank ``roundrobin`` template, or
    (``from_file``: ``--lay-out``) the participants of a round robin filled from a file whose rounds played
    follow the table, rounds left to play; else None."""
    if players is not None and (kind != "roundrobin" or event is not None):
        raise XltbError("--players and --double lay out a blank round robin: 'xltb template roundrobin --players N'"
                        + (" (with --from, the file's participants are the players)" if event is not None else ""))
    if kind != "roundrobin" or (event is not None and event.is_team) or event is not None and not from_file:
        return None
    if event is None:
        return None if players is None else (players, double)
    double = double or event.event_type is EventType.DOUBLE_ROUND_ROBIN
    if follows_table(event) is not None or event.rounds >= len(schedule(len(event.players), double)):
        return None  # paired otherwise, or every round played: nothing to lay out
    return len(event.players), double


def settings(values: dict[str, Any], players: int, double: bool) -> None:
    """The Settings of a round robin laid out: its type, the rounds planned, the Berger tables."""
    values["EventType"] = "Double round robin" if double else "Round robin"
    values["Rounds"] = len(schedule(players, double))
    values["PairingSystem"] = "Berger"


__all__ = ["berger_rows", "follows_table", "lay_out", "lay_out_event", "plan", "schedule", "settings"]
