"""``=TB_PAIRINGS(Crosstable, Settings)`` and ``=TB_PAIRINGS_BY_NAME(Crosstable, Settings)``: the next
round's pairings as the event's system pairs them (:func:`xltb.pairing.pair`), recomputed as results are
typed, as tables that spill.

The round paired is the one after the rounds completed (:func:`xltb.sheets.progress.to_pair`): while a
round is paired but not played, it is that round again (what the system pairs, to set beside what was
entered); once its results are in, the next. By board: a title row (``Round 5 pairings``), the header,
one line a board (board, White's number, name and points, Black's number, name and points, the reasons
in ``TB_EXPLAIN``'s way), then the PAB, the requested byes and the players not paired. By name: every
player in alphabetical order, with the board, the colour (or the bye) and the opponent, as arbiters post
it. The texts are in the language of the Settings row ``Language`` (en, de, fr, it, es).

A team workbook (``TB_PAIRINGS(Matches,Settings,Teams)``) is paired by the team Swiss (C.04.6,
:mod:`xltb.functions.team_pairing`): a line a match (team A, team B with their points), the team PAB below.

What cannot be paired comes back as in ``TB_STANDINGS``: the title and header stay, the row below holds
the error value and the reason (the crosstable's cell, a setting, the system's own reason).
"""

from __future__ import annotations

import weakref
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..errors import XltbError
from ..model import Kind
from ..pairing.result import RoundPairing
from ..sheets.crosstable import Origin
from ..sheets.names import TeamSheets
from ..sheets.progress import to_pair
from .core import NA, VALUE, Event, ExcelError, cell_number, event_for
from .team_pairing import pair_team_round, team_board_rows, team_name_rows

if TYPE_CHECKING:
    from ..model import Tournament
    from ..report.i18n import Language

#: the columns of the list by board, and of the list by name
BOARD_WIDTH, NAME_WIDTH = 8, 6
_BYE_TEXT = {Kind.PAB: "pairings_bye_pab", Kind.HALF_BYE: "pairings_bye_hpb", Kind.ZERO_BYE: "pairings_bye_zpb",
             Kind.FULL_BYE: "pairings_bye_fpb"}
#: the pairing of each event, computed once (the events are cached by content in xltb.functions.core)
_PAIRED: weakref.WeakKeyDictionary[Event, RoundPairing | ExcelError | str] = weakref.WeakKeyDictionary()


def _language(code: str) -> Language | ExcelError:
    from ..report.i18n import available, language  # noqa: PLC0415 - the texts: only when pairings are shown

    key = (code or "en").strip().lower()
    if key not in available():
        return ExcelError(VALUE, f"Settings Language: {code!r} is not one of {', '.join(available())}")
    return language(key)


def round_pairing(event: Event) -> RoundPairing | ExcelError | str:
    """The pairing of the event's next round (cached per event), or why there is none: an error, or a text
    when nothing is left to pair."""
    found = _PAIRED.get(event)
    if found is None:
        found = _PAIRED[event] = _pair(event)
    return found


def _pair(event: Event) -> RoundPairing | ExcelError | str:
    if event.event.is_team:  # the team Swiss (C.04.6)
        return pair_team_round(event)
    settings = event.settings
    done, round_no = to_pair(event.event)
    planned = settings.pairing.rounds
    if planned is not None and round_no > planned:  # not a mistake: the list says so
        return f"all {planned} rounds are played (Settings Rounds)"
    from ..pairing.pair import FROM_SETTINGS, pair  # noqa: PLC0415 - the pairing engine: only when a pairing is shown

    try:  # the system and edition the Settings name are said to come from the workbook
        return pair(done, round_no, system=settings.pairing.system, edition=settings.pairing.edition,
                    lots=settings.lots, by=FROM_SETTINGS)
    except (XltbError, RuntimeError) as err:  # RuntimeError: a system's pairing refused by the checks
        return ExcelError(VALUE, str(err))


def _points(value: Fraction) -> int | float | str:
    return cell_number(value)


def _name(event: Tournament, number: int) -> str:
    try:
        return event.player(number).name
    except KeyError:
        return ""


def _join(lang: Language, said: tuple[Any, ...]) -> str:
    return "; ".join(lang.render(s) for s in said)


def board_rows(pairing: RoundPairing, event: Tournament, lang: Language) -> list[list[Any]]:
    """The list by board: title, header, a line a board, then the byes (a pure function of the pairing)."""
    rows: list[list[Any]] = [[lang("pairings_title", round=pairing.round)] + [""] * (BOARD_WIDTH - 1),
                             [lang("board"), lang("no"), lang("pairings_white"), lang("pairings_points"), lang("no"),
                              lang("pairings_black"), lang("pairings_points"), lang("pairings_reason")]]
    for b in pairing.boards:
        rows.append([b.number, b.white, _name(event, b.white), _points(b.white_points), b.black,
                     _name(event, b.black), _points(b.black_points), _join(lang, b.reasons)])
    scores = {p.start_no: p.points for p in event.players}
    for bye in pairing.byes:
        what = lang(_BYE_TEXT[bye.kind]) if bye.kind in _BYE_TEXT else lang("pairings_not_paired")
        given: Any = _points(bye.points) if bye.kind in _BYE_TEXT else ""
        rows.append(["", bye.start_no, _name(event, bye.start_no), _points(scores.get(bye.start_no, Fraction(0))),
                     "", what, given, _join(lang, bye.reasons)])
    return rows


def name_rows(pairing: RoundPairing, event: Tournament, lang: Language) -> list[list[Any]]:
    """The list by name: title, header, every player of the round in alphabetical order with the board, the
    colour (or the bye) and the opponent (a pure function of the pairing)."""
    lines: list[list[Any]] = []
    for b in pairing.boards:
        lines.append([_name(event, b.white), b.white, b.number, lang("pairings_white"), _name(event, b.black),
                      b.black])
        lines.append([_name(event, b.black), b.black, b.number, lang("pairings_black"), _name(event, b.white),
                      b.white])
    for bye in pairing.byes:
        what = lang(_BYE_TEXT[bye.kind]) if bye.kind in _BYE_TEXT else lang("pairings_not_paired")
        lines.append([_name(event, bye.start_no), bye.start_no, "", what, "", ""])
    lines.sort(key=lambda line: (str(line[0]).casefold(), line[1]))
    return [[lang("pairings_by_name", round=pairing.round)] + [""] * (NAME_WIDTH - 1),
            [lang("name"), lang("no"), lang("board"), lang("pairings_colour"), lang("pairings_opponent"),
             lang("no")]] + lines


def _table(crosstable: Any, settings: Any, origin: Origin, teams: TeamSheets | None, by_name: bool
           ) -> list[list[Any]]:
    width = NAME_WIDTH if by_name else BOARD_WIDTH
    event = event_for(crosstable, settings, origin, teams)
    code = event.settings.language if isinstance(event, Event) else _language_row(settings)
    lang = _language(code)
    if isinstance(lang, ExcelError):
        return [["Pairings"] + [""] * (width - 1), [lang, "", lang.message] + [""] * (width - 3)]
    title = [lang("pairings_pairings")] + [""] * (width - 1)
    header = ([lang("name"), lang("no"), lang("board"), lang("pairings_colour"), lang("pairings_opponent"),
               lang("no")] if by_name else
              [lang("board"), lang("no"), lang("pairings_white"), lang("pairings_points"), lang("no"),
               lang("pairings_black"), lang("pairings_points"), lang("pairings_reason")])
    if isinstance(event, ExcelError):
        return [title, header] if event.code == NA else [title, header, [event, "", event.message] + [""] * (width - 3)]
    pairing = round_pairing(event)
    if isinstance(pairing, str):
        return [title, header, ["", "", pairing] + [""] * (width - 3)]
    if isinstance(pairing, ExcelError):
        return [title, header, [pairing, "", pairing.message] + [""] * (width - 3)]
    held = event.event
    if held.is_team:  # the rounds complete only: the scores before the round
        return (team_name_rows if by_name else team_board_rows)(pairing, held, lang)
    done, _ = to_pair(held)  # the scores before the round
    return (name_rows if by_name else board_rows)(pairing, done, lang)


def _language_row(settings: Any) -> str:
    """The Language row of a Settings block that could not be read as a whole."""
    for row in settings or ():
        if isinstance(row, (list, tuple)) and len(row) >= 2 and str(row[0] or "").strip().lower() == "language":
            return str(row[1] or "")
    return ""


def tb_pairings(crosstable: Any, settings: Any = None, origin: Origin = Origin(),
                teams: TeamSheets | None = None) -> list[list[Any]]:
    """The next round's pairings by board (title, header, boards, byes); a host fits it to the caller's range."""
    return _table(crosstable, settings, origin, teams, by_name=False)


def tb_pairings_by_name(crosstable: Any, settings: Any = None, origin: Origin = Origin(),
                        teams: TeamSheets | None = None) -> list[list[Any]]:
    """The next round's pairings by name (title, header, a line a player)."""
    return _table(crosstable, settings, origin, teams, by_name=True)


__all__ = ["BOARD_WIDTH", "NAME_WIDTH", "board_rows", "name_rows", "round_pairing", "tb_pairings",
           "tb_pairings_by_name"]
