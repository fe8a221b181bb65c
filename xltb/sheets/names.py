"""The blocks of a workbook found by its defined names, and the event they hold: the rule every
host and the workbook reader follow, in one place.

A worksheet function needs the blocks around its cell, whatever the host; a workbook file read by
``xltb standings held.xlsx`` needs the same blocks. Both find them by the workbook's defined names:
``Crosstable`` (team events ``Matches`` and ``Teams``) and ``Settings`` (without a Settings block,
the one-cell names of its keys: ``Edition``, ``Tiebreaks``, ...). Whoever reads a workbook says how
it reads a defined name by implementing :class:`Names`; :func:`resolve` is the rule, and
:func:`build_event` turns the blocks into the event, once for the functions
(:mod:`xltb.functions.core`) and the readers (:mod:`xltb.books.workbook`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from ..model import Tournament
from ..model.event import Event
from .crosstable import Origin, to_tournament
from .settings import ALL_FIELDS, EventSettings, parse_settings, settings_from_pairs
from .typed import Formulas, blank_games, read_formulas

#: the one-cell names a workbook may give its settings by, when it has no Settings block
SETTING_NAMES: tuple[str, ...] = tuple(ALL_FIELDS)

Rows = list[list[Any]]


@dataclass(frozen=True)
class Block:
    """A defined name's cells as the functions read them."""

    rows: Rows
    """The cells, row by row (plain values: numbers, text, None for an empty cell)."""
    origin: Origin
    """Where the block starts (sheet, row, column), for messages that name a cell."""
    formulas: Formulas = field(default_factory=dict)
    """The block's cells that hold a formula, as a workbook file stores it (:mod:`xltb.sheets.typed`);
    empty where a host passes values only."""


class Names(Protocol):
    """What a host gives of its workbook: the block a defined name refers to."""

    def named(self, name: str) -> Block | None:
        """The block of the workbook's name ``name`` (any case), None when there is no such name or
        it refers to no range."""


class NoCrosstable(Exception):
    """The formula names no crosstable and the workbook has no name for one."""

    MESSAGE = "no crosstable: pass the range, or define the name 'Crosstable' (team events: 'Matches' and 'Teams')"


@dataclass(frozen=True)
class TeamSheets:
    """Where a team event's Teams block is (its rows come with the call, the Matches block is the
    crosstable argument)."""

    rows: Any = None
    origin: Origin = Origin("Teams")


@dataclass(frozen=True)
class Blocks:
    """The blocks a worksheet function computes from, each given or read through the workbook."""

    crosstable: Rows
    """The Crosstable block (team events: the Matches block), header first."""
    settings: Rows | None
    """The Settings block as (key, value) rows; None when neither given nor named."""
    origin: Origin
    """Where the crosstable starts."""
    teams: TeamSheets | None
    """A team event's Teams block (``TeamSheets(None)``: a team workbook without one), else None."""
    formulas: Formulas = field(default_factory=dict)
    """The crosstable's formula cells (:attr:`Block.formulas`)."""


def resolve(book: Names | None, crosstable: Block | None, settings: Rows | None,
            teams: Block | None) -> Blocks:
    """The blocks of a call: those given, and for those left out the workbook's names.

    A crosstable left out is ``Crosstable``, else ``Matches`` (then the event is a team event and a
    Teams block left out is ``Teams``); settings left out are ``Settings``, else the one-cell names
    of its keys. Raises :class:`NoCrosstable` when no crosstable is given or named.
    """
    team_default = False
    if crosstable is None:
        found = book.named("Crosstable") if book is not None else None
        if found is None and book is not None:
            found = book.named("Matches")
            team_default = found is not None
        if found is None:
            raise NoCrosstable(NoCrosstable.MESSAGE)
        crosstable = found
    if settings is None and book is not None:
        block = book.named("Settings")
        if block is not None:
            settings = block.rows
        else:
            settings = [[key, one.rows[0][0]] for key in SETTING_NAMES
                        if (one := book.named(key)) is not None and one.rows and one.rows[0]]
    if teams is not None:
        team_sheets: TeamSheets | None = TeamSheets(teams.rows, teams.origin)
    elif team_default:
        found = book.named("Teams") if book is not None else None
        team_sheets = TeamSheets(found.rows, found.origin) if found is not None else TeamSheets(None)
    else:
        team_sheets = None
    return Blocks(crosstable.rows, settings, crosstable.origin, team_sheets, crosstable.formulas)


class NoTeamsSheet(Exception):
    """A team event (Settings EventType) whose Teams block is neither given nor named."""

    MESSAGE = ("a team event needs its Teams sheet: define the name 'Teams' (and 'Matches') or pass the Teams range "
               "after the Settings range")


def read_settings(settings_rows: Sequence[Sequence[Any]] | None) -> EventSettings:
    """A workbook's Settings block, read once on the way from a typed cell to the standings (the
    worksheet functions, the workbook reader). Raises :class:`~xltb.errors.InputError` naming the setting."""
    return parse_settings(settings_from_pairs(settings_rows))


def build_event(crosstable: Sequence[Sequence[Any]], settings: EventSettings, origin: Origin = Origin(),
                teams: TeamSheets | None = None, formulas: Formulas | None = None) -> Event:
    """The event of a workbook's blocks under its settings (:func:`read_settings`): a
    :class:`~xltb.model.Tournament` from the Crosstable, or (Settings ``EventType`` a team type) a
    :class:`~xltb.model.team.TeamTournament` from the Teams and Matches blocks. Raises
    :class:`~xltb.sheets.crosstable.CellError` naming the cell, :class:`NoTeamsSheet`. ``formulas``: the
    crosstable's formula cells, read by :func:`~xltb.sheets.typed.read_formulas`; the rounds played with
    blank cells are said (:func:`~xltb.sheets.typed.blank_games`)."""
    if settings.team:
        if teams is None or teams.rows is None:
            raise NoTeamsSheet(NoTeamsSheet.MESSAGE)
        from .teams import to_team_tournament  # the team model: team workbooks only

        matches_origin = Origin("Matches") if origin == Origin() else origin
        built = to_team_tournament(teams.rows, crosstable, settings, teams_origin=teams.origin,
                                   matches_origin=matches_origin)
        pairing = settings.pairing  # the Settings' pairing rows (the team Swiss): rounds planned, first colour
        if pairing.rounds is not None:
            built = built._replace(rounds_planned=pairing.rounds)
        if pairing.first_colour is not None:
            built = built._replace(plans=built.plans._replace(first_colour=pairing.first_colour))
        if pairing.baku:  # Settings Acceleration: the teams' virtual match points (C.04.7 1)
            from ..rules.swiss import parse_swiss_edition, swiss_edition_for_date
            from .pairing_settings import team_baku

            edition = parse_swiss_edition(pairing.edition) if pairing.edition else \
                swiss_edition_for_date(settings.start_date)
            ms = built.match_scoring
            virtual = team_baku(pairing, [t.start_no for t in built.teams], pairing.rounds, edition, built.primary,
                                ms.win, ms.draw, ms.loss)
            built = built._replace(plans=built.plans._replace(acceleration=virtual))
        return built
    rows, notes = read_formulas(crosstable, formulas or {}, origin)
    event: Tournament = to_tournament(rows, name=settings.name, event_type=settings.event_type,
                                      scoring=settings.scoring, start_date=settings.start_date, tiebreaks=(),
                                      origin=origin)
    said = notes + blank_games(rows, event.rounds, origin)
    if said:
        event = event._replace(warnings=tuple(event.warnings) + said)
    from .progress import with_plans  # the Settings' pairing rows: the event's plans

    return with_plans(event, settings.pairing)


__all__ = ["Block", "Blocks", "Names", "NoCrosstable", "NoTeamsSheet", "TeamSheets", "SETTING_NAMES", "resolve",
           "build_event", "read_settings"]
