"""The team Swiss (C.04.6) in the team workbook: ``TB_PAIRINGS(Matches,Settings,Teams)`` and "Pair next round".

The event is the Teams and Matches sheets' (:mod:`xltb.sheets.teams`), its rounds complete only: a round
whose matches are paired but not played (board lines without results) counts for nothing yet. The round
paired is the one after them (while a round is paired, that round again: what the system pairs, to set
beside what was entered), by the system of the Settings row ``PairingSystem`` (blank: ``fide-team``,
:data:`xltb.pairing.systems.TEAM_LOADERS`), the edition ``PairingEdition``, the rounds planned ``Rounds``
(the last rounds' colour rules), the initial colour ``FirstColour`` (blank: by lot with ``Lots``, else
White), the primary score ``PrimaryScore`` (MP or GP) and the PAB's points (``PABMatchPoints``,
``PABGamePoints``; blank: a drawn match's, C.04.6 1.4.1).

A match is written by "Pair next round" as pending lines of the Matches sheet, one a board: ``Round``,
``Board``, ``Team A`` (the team with the first colour of ``BoardColours`` on board 1), ``Team B``, the players
``Player A`` / ``Player B`` in roster order (board k: roster position k; the arbiter changes a line-up where it
differs) and ``Result`` blank; the PAB is one line, Team B blank, ``PAB``. The lines go below the last line
written, inside the name ``Matches``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from ..cells import column_letters
from ..errors import XltbError
from ..model import Kind
from ..pairing.lots import draw_colour
from ..pairing.result import RoundPairing
from ..sheets.crosstable import Origin, cell_text
from ..sheets.names import TeamSheets
from ..sheets.team_cells import match_columns, read_match_lines, read_teams
from .core import VALUE, Event, ExcelError, cell_number
from .edits import CellEdit

if TYPE_CHECKING:
    from ..model.team import TeamTournament
    from ..report.i18n import Language

#: the notation of a team's bye in the Matches sheet (xltb.sheets.team_cells)
BYE_CELL = {Kind.PAB: "PAB", Kind.HALF_BYE: "HPB", Kind.ZERO_BYE: "ZPB", Kind.FULL_BYE: "FPB"}


def planned_event(event: Event) -> TeamTournament:
    """The team event as it is paired: the rounds complete, with the Settings' pairing rows (rounds planned and
    first colour: :func:`xltb.sheets.names.build_event`; the byes asked for rounds not played yet:
    :mod:`xltb.sheets.teams`) and the first colour drawn by lot (``Lots``) when ``FirstColour`` is blank."""
    team = event.event
    assert team.is_team  # a team workbook's event
    plans = team.plans
    if plans.first_colour is None and event.settings.lots is not None:  # C.04.6 4.1: the initial colour by lot
        first = draw_colour(event.settings.lots)  # random.Random(seed).choice, as xltb pair --lots
        return team._replace(plans=plans._replace(first_colour=first))
    return team


def pair_team_round(event: Event) -> RoundPairing | ExcelError | str:
    """The pairing of the team event's next round, or why there is none (a text when all rounds are played)."""
    from ..model.rounds import progress  # noqa: PLC0415 - with the pairing engine, only when pairings are shown
    from ..pairing.pair import pair_team_event

    team = planned_event(event)
    settings = event.settings
    planned = settings.pairing.rounds
    if planned is not None and progress(team).played + 1 > planned:
        return f"all {planned} rounds are played (Settings Rounds)"
    system = settings.pairing.system
    try:
        return pair_team_event(team, system=system, edition=settings.pairing.edition, lots=settings.lots)
    except (XltbError, RuntimeError) as err:  # RuntimeError: the system's pairing refused by the checks
        return ExcelError(VALUE, str(err))


def first_named(event: TeamTournament, pairing: RoundPairing) -> list[tuple[int, int, int]]:
    """(match, team A, team B) of each board of the pairing: team A has the first colour of the event's
    ``BoardColours`` on board 1 (white unless it starts with B), as the Matches sheet names them."""
    black_first = (event.board_colours or "W")[:1].upper() == "B"
    return [(b.number, b.black, b.white) if black_first else (b.number, b.white, b.black) for b in pairing.boards]


def _score(team: TeamTournament, no: int) -> Fraction:
    t = team.team(no)
    return t.mp if team.primary == "MP" else t.gp


# --------------------------------------------------------------------------- Pair next round
class Refusal(Exception):
    """Why the round is not written (the message names the cell)."""


def pending_round(rows: Sequence[Sequence[Any]], origin: Origin, teams: TeamSheets) -> int | None:
    """The first round of the Matches block with a match paired but not played (None: every round complete)."""
    by_no = {t.no: t for t in read_teams(teams.rows, teams.origin)}
    pending = read_match_lines(rows, by_no, origin)[1]
    return pending[0] if pending else None


def team_edits(rows: Sequence[Sequence[Any]], origin: Origin, teams: TeamSheets, event: Event,
               pairing: RoundPairing) -> tuple[CellEdit, ...]:
    """The Matches sheet's cells that enter ``pairing`` as pending matches (module docstring); :class:`Refusal`
    when the number of boards is unknown or the block has no room."""
    team = event.event
    assert team.is_team  # a team workbook's event
    by_no = {t.no: t for t in read_teams(teams.rows, teams.origin)}
    # the team size: the Settings', else the most boards fielded in the rounds played (not a roster's length:
    # a roster may hold reserves)
    boards = event.settings.boards or (team.boards if team.rounds else None)
    if not boards:
        raise Refusal("Settings Boards: the boards of a match are needed to write the matches (the team size)")
    cols = match_columns(rows[0], origin)
    lines: list[dict[str, Any]] = []
    for _, a, b in first_named(team, pairing):
        for board in range(1, boards + 1):
            pa = board if board <= len(by_no[a].roster) else None
            pb = board if board <= len(by_no[b].roster) else None
            if pa is None and pb is None:
                continue  # neither team has a player for it
            lines.append({"round": pairing.round, "board": board, "a": a, "b": b, "pa": pa, "pb": pb})
    for bye in pairing.byes:
        if bye.kind is Kind.PAB:
            lines.append({"round": pairing.round, "a": bye.start_no, "result": BYE_CELL[bye.kind]})
    last = max((r for r in range(1, len(rows)) if any(cell_text(v) for v in rows[r])), default=0)
    room = len(rows) - 1 - last
    if room < len(lines):
        raise Refusal(f"the Matches block has room for {room} more lines, round {pairing.round} needs {len(lines)}: "
                      f"insert lines inside the name 'Matches' (above {origin.address(len(rows) - 1, 0)})")
    out = []
    for k, line in enumerate(lines, start=last + 1):
        for field, value in line.items():
            cell = f"{column_letters(origin.column + cols[field])}{origin.row + k}"
            out.append(CellEdit(origin.sheet, cell, value))
    return tuple(sorted(out, key=lambda e: e.place))


# --------------------------------------------------------------------------- the lists
def team_board_rows(pairing: RoundPairing, event: TeamTournament, lang: Language) -> list[list[Any]]:
    """The list by match: title, header (match, team A's number, name and points, team B's, the reasons), a
    line a match, then the PAB and the teams not paired (a pure function of the pairing)."""
    rows: list[list[Any]] = [[lang("pairings_title", round=pairing.round)] + [""] * 7,
                             [lang("pairings_match"), lang("no"), lang("pairings_team_a"), lang("pairings_points"),
                              lang("no"), lang("pairings_team_b"), lang("pairings_points"), lang("pairings_reason")]]
    reasons = {b.number: b.reasons for b in pairing.boards}
    for match, a, b in first_named(event, pairing):
        rows.append([match, a, event.team(a).name, _number(_score(event, a)), b, event.team(b).name,
                     _number(_score(event, b)), "; ".join(lang.render(s) for s in reasons[match])])
    for bye in pairing.byes:
        text = {Kind.PAB: "pairings_bye_pab", Kind.HALF_BYE: "pairings_bye_hpb", Kind.ZERO_BYE: "pairings_bye_zpb",
                Kind.FULL_BYE: "pairings_bye_fpb"}.get(bye.kind, "pairings_not_paired")
        rows.append(["", bye.start_no, event.team(bye.start_no).name, _number(_score(event, bye.start_no)), "",
                     lang(text), _number(bye.points) if bye.kind in BYE_CELL else "",
                     "; ".join(lang.render(s) for s in bye.reasons)])
    return rows


def team_name_rows(pairing: RoundPairing, event: TeamTournament, lang: Language) -> list[list[Any]]:
    """The list by name: every team in alphabetical order with its match, its colour on board 1 (or the bye)
    and the other team."""
    lines: list[list[Any]] = []
    for b in pairing.boards:
        for no, other, colour in ((b.white, b.black, "pairings_white"), (b.black, b.white, "pairings_black")):
            lines.append([event.team(no).name, no, b.number, lang(colour), event.team(other).name, other])
    for bye in pairing.byes:
        text = "pairings_bye_pab" if bye.kind is Kind.PAB else "pairings_not_paired"
        lines.append([event.team(bye.start_no).name, bye.start_no, "", lang(text), "", ""])
    lines.sort(key=lambda line: (str(line[0]).casefold(), line[1]))
    return [[lang("pairings_by_name", round=pairing.round)] + [""] * 5,
            [lang("name"), lang("no"), lang("pairings_match"), lang("pairings_colour"), lang("pairings_opponent"),
             lang("no")]] + lines


def _number(value: Fraction) -> int | float | str:
    return cell_number(value)


__all__ = ["BYE_CELL", "Refusal", "first_named", "pair_team_round", "pending_round", "planned_event",
           "team_board_rows", "team_edits", "team_name_rows"]
