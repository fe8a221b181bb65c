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
:mod:`xltb.functions.team_pairing`) with the same lists, words for teams: a line a match (team A, team B with
their points before the round in the primary score), the PAB and the teams not paired below; by name, every
team with its match, its colour on board 1 (or the bye) and the other team.

What cannot be paired comes back as in ``TB_STANDINGS``: the title and header stay, the row below holds
the error value and the reason (the crosstable's cell, a setting, the system's own reason).
"""

from __future__ import annotations

import weakref
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from ..errors import XltbError
from ..model import Kind
from ..pairing.result import RoundPairing
from ..sheets.crosstable import Origin
from ..sheets.names import TeamSheets
from ..sheets.progress import to_pair
from .core import NA, VALUE, Event, ExcelError, cell_number, event_for
from .team_pairing import first_named, planned_event

if TYPE_CHECKING:
    from ..model import Tournament
    from ..model.event import Event as Held
    from ..model.team import TeamTournament
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
    """The next round of the rounds complete, by the system and edition the Settings name: the players' (the
    crosstable's rounds complete, :func:`xltb.sheets.progress.to_pair`) or the teams' (C.04.6, the Matches
    sheet's rounds complete with the Settings' plans, :func:`xltb.functions.team_pairing.planned_event`)."""
    from ..model.rounds import progress  # noqa: PLC0415 - with the pairing engine, only when pairings are shown

    settings = event.settings
    held = event.event
    team: TeamTournament | None = None
    done: Tournament | None = None
    if held.is_team:
        team = planned_event(event)
        round_no = progress(team).played + 1
    else:
        done, round_no = to_pair(held)
    planned = settings.pairing.rounds
    if planned is not None and round_no > planned:  # not a mistake: the list says so
        return f"all {planned} rounds are played (Settings Rounds)"
    from ..pairing.pair import FROM_SETTINGS, pair, pair_team_event  # noqa: PLC0415 - the pairing engine: as above

    system, edition = settings.pairing.system, settings.pairing.edition
    try:  # the system and edition the Settings name are said to come from the workbook
        if team is not None:
            return pair_team_event(team, system=system, edition=edition, lots=settings.lots)
        assert done is not None  # an individual event: the rounds complete
        return pair(done, round_no, system=system, edition=edition, lots=settings.lots, by=FROM_SETTINGS)
    except (XltbError, RuntimeError) as err:  # RuntimeError: a system's pairing refused by the checks
        return ExcelError(VALUE, str(err))


class _Named(NamedTuple):
    """How the lists name and score the participants: the players of the crosstable or the teams."""

    team: bool
    """A list of matches (team A, team B, the colour on board 1) rather than boards (White, Black)."""
    name: Callable[[int], str]
    """The name of a pairing number ("" when none)."""
    score: Callable[[int], Fraction]
    """The points before the round of a pairing number (a team's in the primary score, C.07 11)."""


def _named(event: Held) -> _Named:
    if event.is_team:
        names = {t.start_no: t.name for t in event.teams}
        scores = {t.start_no: t.mp if event.primary == "MP" else t.gp for t in event.teams}
        return _Named(True, lambda no: names.get(no, ""), lambda no: scores.get(no, Fraction(0)))
    names = {p.start_no: p.name for p in event.players}
    points = {p.start_no: p.points for p in event.players}
    return _Named(False, lambda no: names.get(no, ""), lambda no: points.get(no, Fraction(0)))


def _points(value: Fraction) -> int | float | str:
    return cell_number(value)


def _join(lang: Language, said: tuple[Any, ...]) -> str:
    return "; ".join(lang.render(s) for s in said)


def _header(lang: Language, by_name: bool, team: bool) -> list[Any]:
    """The header of the list by board (by match) or by name, in words for players or teams."""
    board = lang("pairings_match" if team else "board")
    if by_name:
        return [lang("name"), lang("no"), board, lang("pairings_colour"), lang("pairings_opponent"), lang("no")]
    first, second = ("pairings_team_a", "pairings_team_b") if team else ("pairings_white", "pairings_black")
    return [board, lang("no"), lang(first), lang("pairings_points"), lang("no"), lang(second),
            lang("pairings_points"), lang("pairings_reason")]


def board_rows(pairing: RoundPairing, event: Held, lang: Language) -> list[list[Any]]:
    """The list by board: title, header, a line a board (White, Black with their points in the pairing), then
    the PAB, the requested byes and those not paired (a pure function of the pairing). Of a team event
    (``event`` its rounds complete), the list by match: team A (the first colour of ``BoardColours`` on board
    1, :func:`~xltb.functions.team_pairing.first_named`) and team B with their points before the round."""
    named = _named(event)
    rows: list[list[Any]] = [[lang("pairings_title", round=pairing.round)] + [""] * (BOARD_WIDTH - 1),
                             _header(lang, False, named.team)]
    if event.is_team:
        reasons = {b.number: b.reasons for b in pairing.boards}
        lines = [(match, a, named.score(a), b, named.score(b), reasons[match])
                 for match, a, b in first_named(event, pairing)]
    else:
        lines = [(b.number, b.white, b.white_points, b.black, b.black_points, b.reasons) for b in pairing.boards]
    for number, a, a_points, b, b_points, said in lines:
        rows.append([number, a, named.name(a), _points(a_points), b, named.name(b), _points(b_points),
                     _join(lang, said)])
    for bye in pairing.byes:
        what = lang(_BYE_TEXT.get(bye.kind, "pairings_not_paired"))
        given: Any = _points(bye.points) if bye.kind in _BYE_TEXT else ""
        rows.append(["", bye.start_no, named.name(bye.start_no), _points(named.score(bye.start_no)), "", what, given,
                     _join(lang, bye.reasons)])
    return rows


def name_rows(pairing: RoundPairing, event: Held, lang: Language) -> list[list[Any]]:
    """The list by name: title, header, every player (team) of the round in alphabetical order with the board
    (match), the colour (on board 1) or the bye, and the opponent (a pure function of the pairing)."""
    named = _named(event)
    lines: list[list[Any]] = []
    for b in pairing.boards:
        for no, other, colour in ((b.white, b.black, "pairings_white"), (b.black, b.white, "pairings_black")):
            lines.append([named.name(no), no, b.number, lang(colour), named.name(other), other])
    for bye in pairing.byes:
        lines.append([named.name(bye.start_no), bye.start_no, "", lang(_BYE_TEXT.get(bye.kind, "pairings_not_paired")),
                      "", ""])
    lines.sort(key=lambda line: (str(line[0]).casefold(), line[1]))
    return [[lang("pairings_by_name", round=pairing.round)] + [""] * (NAME_WIDTH - 1),
            _header(lang, True, named.team)] + lines


def _table(crosstable: Any, settings: Any, origin: Origin, teams: TeamSheets | None, by_name: bool
           ) -> list[list[Any]]:
    width = NAME_WIDTH if by_name else BOARD_WIDTH
    event = event_for(crosstable, settings, origin, teams)
    code = event.settings.language if isinstance(event, Event) else _language_row(settings)
    lang = _language(code)
    if isinstance(lang, ExcelError):
        return [["Pairings"] + [""] * (width - 1), [lang, "", lang.message] + [""] * (width - 3)]
    title = [lang("pairings_pairings")] + [""] * (width - 1)
    # the players' words until a list is shown, for a team workbook too (its cached values in workbooks/ hold them)
    header = _header(lang, by_name, False)
    if isinstance(event, ExcelError):
        return [title, header] if event.code == NA else [title, header, [event, "", event.message] + [""] * (width - 3)]
    pairing = round_pairing(event)
    if isinstance(pairing, str):
        return [title, header, ["", "", pairing] + [""] * (width - 3)]
    if isinstance(pairing, ExcelError):
        return [title, header, [pairing, "", pairing.message] + [""] * (width - 3)]
    held = event.event  # a team event: its rounds complete already; the players': the rounds before the round
    return (name_rows if by_name else board_rows)(pairing, held if held.is_team else to_pair(held)[0], lang)


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
