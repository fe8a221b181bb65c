"""The add-in's functions and their arguments: the worksheet-function catalogue
(:mod:`xltb.functions.catalogue`) plus ``TB``, ``TB_RANK``, ``TB_EXPLAIN``, ``TB_CHECK``,
``TB_STANDINGS``, ``TB_PRIZES``, ``TB_PAIRINGS``, ``TB_PAIRINGS_BY_NAME``, ``TB_STATUS`` and ``TB_VERSION`` (no
argument), each taking the blocks
as arguments like the value-passing hosts (xlwings Lite, xlwings Server): the pairing number cell, the
Crosstable block (team events: the Matches block),
the Settings block (optional) and, for team events, the Teams block.

Calc passes a range as rows of values (``sequence<sequence<any>>``) and treats every argument of
type ``any`` as optional; the crosstable is declared as a range so that Calc asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...functions.catalogue import CODES, describe, function_name

ANY = "any"
RANGE = "sequence< sequence< any > >"


@dataclass(frozen=True)
class Param:
    name: str
    idl_type: str
    doc: str


@dataclass(frozen=True)
class Function:
    name: str  # the Excel name, also the IDL method name: TB_SB_C1
    params: tuple[Param, ...]
    returns: str  # IDL type
    doc: str
    code: str | None = None  # the tie-break a catalogue function computes


CELL = Param("cell", ANY, "The cell holding the participant's pairing number (team events: the team number).")
CODE = Param("code", ANY, 'A tie-break code in TRF-2026 or Handbook spelling: "BH/C1", "KS/L-1", "SB-C1".')
PUBLISHED = Param("published", ANY, "The cell with the figure another program published (46,5 or 8.25).")
CROSSTABLE = Param("crosstable", RANGE, "The Crosstable range: header row and one row per participant "
                                        "(team events: the Matches range).")
SETTINGS = Param("settings", ANY, "Optional: the Settings block (key, value rows): tie-break list, start date, "
                                  "scoring.")
TEAMS = Param("teams", ANY, "Team events: the Teams range (rosters in board order).")
BLOCKS = (CROSSTABLE, SETTINGS, TEAMS)
PRIZES = Param("prizes", RANGE, "The prize table: header Prize, Category, Amount and one row per prize "
                                "(the Prizes sheet's PrizeTable).")
SHARE = Param("share", ANY, 'How players tied on points share money: "none" (blank), "equal" or "hort" '
                            "(the Prizes sheet's PrizeSharing).")


def _functions() -> tuple[Function, ...]:
    out = [
        Function("TB_STANDINGS", BLOCKS, RANGE,
                 "The whole standings table in rank order (Rank, No, Name, Rating, Pts, tie-breaks; teams: Rank, "
                 "No, Team, MP, GP, tie-breaks), as an array formula."),
        Function("TB_STATUS", BLOCKS, ANY,
                 '"ok", or the first mistake of the crosstable or settings: the error value, the cell and why.'),
        Function("TB_VERSION", (), ANY,
                 '"xltb" and its version: the extension is installed (#NAME? when it is not).'),
        Function("TB_RANK", (CELL,) + BLOCKS, ANY,
                 "Final place of the participant (FIDE C.07 4.2) by the event's tie-break list (Settings "
                 "Tiebreaks)."),
        Function("TB", (CODE, CELL) + BLOCKS, ANY, "Any tie-break (FIDE C.07) of the participant, by its code."),
        Function("TB_EXPLAIN", (CELL, CODE) + BLOCKS, ANY,
                 "How a tie-break value was obtained, round by round, as text; or which cell is wrong and why."),
        Function("TB_CHECK", (CELL, PUBLISHED, CODE) + BLOCKS, ANY,
                 '"ok" when the published figure is xltb\'s value to the published precision, else why not.'),
        Function("TB_PRIZES", (PRIZES, SHARE) + BLOCKS, RANGE,
                 "The prize list: each prize to the best-placed player of its category not yet awarded, by the "
                 "standings and their tie-breaks, with the money paid and the reason, as an array formula."),
        Function("TB_PAIRINGS", BLOCKS, RANGE,
                 "The next round's pairings by the event's system (FIDE C.04), by board: White and Black with their "
                 "numbers and points, the PAB and the byes below, the reason for each board, as an array formula."),
        Function("TB_PAIRINGS_BY_NAME", BLOCKS, RANGE,
                 "The next round's pairings by name: each player's board, colour (or bye) and opponent, in "
                 "alphabetical order, as an array formula."),
    ]
    out += [Function(function_name(c), (CELL,) + BLOCKS, ANY, describe(c), code=c) for c in CODES]
    return tuple(out)


#: every function of the add-in, in the order the function wizard lists them
FUNCTIONS: tuple[Function, ...] = _functions()
BY_NAME: dict[str, Function] = {f.name: f for f in FUNCTIONS}
