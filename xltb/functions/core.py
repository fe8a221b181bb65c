"""The worksheet functions without a host: crosstable + settings -> value, rank, breakdown, table.

Every function here takes the crosstable as rows of cell values (header first) and the
Settings block as (key, value) rows, so that the xlwings layer, value-only hosts (xlwings
Lite / Server) and ``xltb recalc`` share one implementation. Each distinct crosstable is
parsed and computed once: events are cached by content (and, for speed, by the identity of
the objects last passed). Problems never raise: they come back as :class:`ExcelError`
values, whose ``message`` says which cell and why (``TB_EXPLAIN`` shows it).
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable, Sequence, Union

from .. import __version__
from .._gc import paused
from ..cells import ExcelError as ExcelError  # the one error value; the functions' callers name it here too
from ..errors import XltbError
from ..messages import cell_number as cell_number  # the one rounding for a cell; the functions name it here too
from ..tiebreaks.codes import parse_code, parse_list
from ..sheets.crosstable import CellError, EmptyCrosstable, Origin
from ..sheets.names import NoTeamsSheet, build_event, read_settings
from ..sheets.progress import round_note
from ..sheets.teams import team_round_note
from ..sheets.names import TeamSheets as TeamSheets  # the hosts' and the templates' name for it
from ..sheets.settings import settings_from_pairs
from .event import HEAD, Event as Event  # the parsed event; the functions' callers name it here too

#: a block of a sheet as a host passes it: rows of cell values (whatever the host holds: numbers,
#: text, dates, None), or nothing
Rows = Union[Sequence[Sequence[Any]], None]


VALUE, NA, NUM, NAME = "#VALUE!", "#N/A", "#NUM!", "#NAME?"


# --------------------------------------------------------------------------- cache
_MAX_EVENTS = 16
#: the key of an event's content: the blocks' cells as tuples, and where the blocks lie
_Key = tuple[tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...],
             tuple[Origin, "Origin | None"]]
_by_content: OrderedDict[_Key, Event | ExcelError] = OrderedDict()
#: (crosstable, settings, (where, teams rows), event) of the last blocks passed, compared by identity
_Seen = tuple[Rows, Rows, tuple[tuple[Origin, "Origin | None"], Rows], Event | ExcelError]
_by_identity: list[_Seen] = []


def clear_cache() -> None:
    _by_content.clear()
    _by_identity.clear()


def _freeze(rows: Rows) -> tuple[tuple[Any, ...], ...]:
    if rows is None:
        return ()
    try:
        key = tuple(map(tuple, rows))
        hash(key)
        return key
    except TypeError:  # unhashable cell values: their text stands for them
        pass
    out: list[tuple[Any, ...]] = []
    for row in rows:
        if isinstance(row, (list, tuple)):
            out.append(tuple(c if c is None or isinstance(c, (str, int, float)) else repr(c) for c in row))
        else:
            out.append((row if row is None or isinstance(row, (str, int, float)) else repr(row),))
    return tuple(out)


def _build(crosstable: Sequence[Sequence[Any]], settings_rows: Rows, origin: Origin,
           teams: TeamSheets | None = None) -> Event | ExcelError:
    try:
        settings = read_settings(settings_rows)  # once, on the way from the cells to the standings
        try:  # the list names only tie-breaks xltb knows: else every function says so (#NAME?, as TB("XX") does)
            specs = parse_list(settings.tiebreaks) if settings.tiebreaks else ()  # once: the ranking takes these
        except XltbError as err:
            return ExcelError(NAME, f"Settings Tiebreaks: {err}")
        event = build_event(crosstable, settings, origin, teams)
    except NoTeamsSheet as err:
        return ExcelError(VALUE, str(err))
    except EmptyCrosstable as err:
        return ExcelError(NA, str(err))
    except CellError as err:
        return ExcelError(VALUE, str(err))
    except XltbError as err:
        return ExcelError(VALUE, str(err))
    return Event(event, settings, specs=specs)


def event_for(crosstable: Sequence[Sequence[Any]] | None, settings: Sequence[Sequence[Any]] | None = None,
              origin: Origin = Origin(), teams: TeamSheets | None = None) -> Event | ExcelError:
    """The parsed event of a crosstable (cached: identity first, then content). For a team event the
    crosstable is the Matches block and ``teams`` the Teams block."""
    teams_rows = teams.rows if teams is not None else None
    org_key = (origin, teams.origin if teams is not None else None)
    for ct, st, (org, tr), event in _by_identity:
        if ct is crosstable and st is settings and tr is teams_rows and org == org_key:
            return event
    if crosstable is None or len(crosstable) == 0:
        return ExcelError(VALUE, "no crosstable: define the name 'Crosstable' (team events: 'Teams' and 'Matches') "
                                 "or pass the crosstable range")
    # a fresh copy of the same content (COM hands out new lists on every read): comparing with
    # the last crosstables is cheaper than hashing every cell
    for ct, st, (org, tr), event in _by_identity:
        if org == org_key and _same(ct, crosstable) and _same(st, settings) and _same(tr, teams_rows):
            _remember(crosstable, settings, (org_key, teams_rows), event)
            return event
    key = (_freeze(crosstable), _freeze(settings), _freeze(teams_rows), org_key)
    found = _by_content.get(key)
    if found is None:
        event = _by_content[key] = _build(crosstable, settings, origin, teams)
        while len(_by_content) > _MAX_EVENTS:
            _by_content.popitem(last=False)
    else:
        event = found
        _by_content.move_to_end(key)
    _remember(crosstable, settings, (org_key, teams_rows), event)
    return event


def _remember(crosstable: Rows, settings: Rows, where: tuple[tuple[Origin, Origin | None], Rows],
              event: Event | ExcelError) -> None:
    _by_identity.insert(0, (crosstable, settings, where, event))
    del _by_identity[4:]


def _same(a: Rows, b: Rows) -> bool:
    if a is b:
        return True
    if a is None or b is None or len(a) != len(b):
        return False
    try:
        return all(x == y for x, y in zip(a, b)) if not isinstance(a, list) or not isinstance(b, list) else a == b
    except Exception:  # values that do not compare (arrays of a host): no match
        return False


# --------------------------------------------------------------------------- functions
def _blank(cell: Any) -> bool:
    """An empty argument cell (a spare row): the functions show nothing."""
    while isinstance(cell, (list, tuple)) and len(cell) == 1:
        cell = cell[0]
    return cell is None or cell == "" or (isinstance(cell, (list, tuple)) and not cell) or \
        (not isinstance(cell, bool) and isinstance(cell, (int, float)) and cell == 0)


def _number(cell: Any, event: Event) -> int | None | ExcelError:
    """The pairing number in the argument cell; None for an empty cell (a spare row)."""
    if cell is None or cell == "" or (isinstance(cell, (list, tuple)) and not cell):
        return None
    if isinstance(cell, (list, tuple)):  # a one-cell range passed as a 1x1 array
        first = cell[0]
        return _number(first[0] if isinstance(first, (list, tuple)) else first, event)
    if isinstance(cell, bool):
        return ExcelError(VALUE, f"{cell!r} is not a pairing number")
    try:
        number = float(str(cell).strip()) if isinstance(cell, str) else float(cell)
    except (TypeError, ValueError):
        return ExcelError(VALUE, f"{cell!r} is not a pairing number")
    if number != int(number):
        return ExcelError(VALUE, f"{cell!r} is not a pairing number")
    number = int(number)
    if number == 0:
        return None  # a formula referring to an empty cell of a spare row
    if number not in event.numbers:
        return ExcelError(NA, f"no participant has pairing number {number} in the crosstable")
    return number


def _error(err: XltbError) -> ExcelError:
    """#NUM!: a value the rules leave uncomputable (C.07 10: rating-based with unrated players); the message in
    the words of the workbook (its Settings cell, not the command's option)."""
    return ExcelError(NUM, str(err).replace("--unrated-rating N", "a rating in Settings UnratedRating"))


def normal_code(code: Any) -> str | ExcelError:
    """A tie-break code in TRF spelling, or #NAME? with the reason: parsed once per spelling (a
    sheet passes the same few codes in every one of its cells)."""
    return _normal_code(str(code if code is not None else ""))


@lru_cache(maxsize=512)
def _normal_code(text: str) -> str | ExcelError:
    try:
        return parse_code(text).code
    except XltbError as err:
        return ExcelError(NAME, str(err))


def _participant(cell: Any, crosstable: Rows, settings: Rows, origin: Origin, teams: TeamSheets | None,
                 code: Any = "PTS") -> tuple[Event, int, str] | str | ExcelError:
    """(event, pairing number, code in TRF spelling) for a function's arguments; or what the cell
    shows instead: "" for a blank cell, an error value for a bad crosstable, number or code."""
    if _blank(cell):
        return ""
    event = event_for(crosstable, settings, origin, teams)
    if isinstance(event, ExcelError):
        return event
    number = _number(cell, event)
    if number is None or isinstance(number, ExcelError):
        return "" if number is None else number
    normal = normal_code(code)
    if isinstance(normal, ExcelError):
        return normal
    return event, number, normal


def tb_value(code: str, cell: Any, crosstable: Rows, settings: Rows = None, origin: Origin = Origin(),
             teams: TeamSheets | None = None) -> Any:
    """The value of tie-break ``code`` for the participant in ``cell`` (``=TB(code, cell)``)."""
    found = _participant(cell, crosstable, settings, origin, teams, code)
    if not isinstance(found, tuple):
        return found
    event, number, normal = found
    try:
        if normal == "PTS":
            return event.points()[number]
        return event.values(normal)[number]
    except XltbError as err:
        return _error(err)


def tb_rank(cell: Any, crosstable: Rows, settings: Rows = None, origin: Origin = Origin(), teams: TeamSheets | None = None) -> Any:
    """The final place of the participant (C.07 4.2), by the event's tie-break list."""
    found = _participant(cell, crosstable, settings, origin, teams)
    if not isinstance(found, tuple):
        return found
    event, number, _ = found
    try:
        return event.ranks()[number]
    except XltbError as err:
        return _error(err)


def tb_explain(cell: Any, code: Any, crosstable: Rows, settings: Rows = None, origin: Origin = Origin(),
               teams: TeamSheets | None = None) -> str:
    """The breakdown of one value as text, or why there is none (which cell and why)."""
    if _blank(cell):
        return ""
    event = event_for(crosstable, settings, origin, teams)
    if isinstance(event, ExcelError):
        return f"{event.code} {event.message}"
    number = _number(cell, event)
    if number is None:
        return ""
    if isinstance(number, ExcelError):
        return f"{number.code} {number.message}"
    normal = normal_code(code or "PTS")
    if isinstance(normal, ExcelError):
        return f"{normal.code} {normal.message}"
    try:
        st = event.standings_with(normal) if normal != "PTS" else event.standings
        from ..report.explain import explain_text  # noqa: PLC0415 - only when TB_EXPLAIN is computed

        if normal == "PTS":
            row = st.row(number)
            return f"PTS of #{number} {row.participant.name}: {cell_number(row.points)} points, rank {row.rank}"
        return explain_text(st, number, normal).rstrip("\n")
    except XltbError as err:
        return f"{NUM} {err}"


def tb_check(cell: Any, published: Any, code: Any, crosstable: Rows, settings: Rows = None, origin: Origin = Origin(),
             teams: TeamSheets | None = None) -> Any:
    """``=TB_CHECK(cell, published_cell, code)``: ``"ok"`` when the published figure is xltb's value
    (a number cell exactly; text to the decimals it is printed with, "13" exactly 13), else a short
    reason (and, for individual events, the known variant of the rules that reproduces the figure;
    :func:`xltb.check.check_value`)."""
    found = _participant(cell, crosstable, settings, origin, teams, code)
    if not isinstance(found, tuple):
        return found
    event, number, normal = found
    while isinstance(published, (list, tuple)) and len(published) == 1:
        published = published[0]
    # imported here: the checker is loaded only when a TB_CHECK cell is computed
    from ..check import check_value, published_number
    from ..check.precision import show
    from ..tiebreaks.display import same_figure

    try:
        st = event.standings_with(normal) if normal != "PTS" else event.standings
        if normal == "PTS":  # the score itself (C.07 4.2)
            try:  # a number cell exactly, text to its printed decimals ("4" is exactly 4)
                pub, places = published_number(published)
            except ValueError:
                return f"error: cannot read the published value {published!r}"
            value = st.row(number).points
            return "ok" if same_figure(pub, places, value) else f"differs: xltb {show(value)}, published {show(pub)}"
        return check_value(st, number, normal, published, search=not event.event.is_team,
                           unrated_rating=event.settings.unrated_rating)
    except XltbError as err:
        return _error(err)


def _listed(settings: Rows) -> list[str]:
    """The tie-break codes the Settings block lists (none when it cannot be read)."""
    try:
        text = read_settings(settings).tiebreaks
        return [spec.code for spec in parse_list(text)] if text else []
    except XltbError:
        return []


def _header(settings: Rows, teams: TeamSheets | None) -> list[Any]:
    """The table's header row as the Settings list gives it (the first five columns alone when the list
    cannot be read)."""
    return HEAD[teams is not None] + _listed(settings)


def tb_standings(crosstable: Rows, settings: Rows = None, origin: Origin = Origin(),
                 teams: TeamSheets | None = None) -> list[list[Any]]:
    """The whole standings table (header row, then rank order); a host fits it to the caller's range
    (:func:`xltb.hosts.book.fit`).

    The header is always there, so that one mistake does not blank the sheet: with no participants
    yet the table is the header alone; when the table cannot be computed (a cell of the crosstable or
    the settings that cannot be read, a tie-break that cannot be computed) its one row is the error
    value under Rank and the reason (:func:`tb_status`) under Name."""
    event = event_for(crosstable, settings, origin, teams)
    if isinstance(event, ExcelError) and event.code == NA:  # no participants yet: the header only
        return [_header(settings, teams)]
    if not isinstance(event, ExcelError):
        try:
            with paused():  # thousands of small lists, no cycles: the collector's scans cost more than the copy
                return [list(r) for r in event.table()]
        except XltbError as err:
            event = _error(err)
    header = _header(settings, teams)
    return [header, [event, "", event.message] + [""] * (len(header) - 3)]  # rectangular, as an array must be


#: what :func:`tb_status` says when nothing is wrong; every answer that is not a problem starts with it
OK = "ok"
NO_PARTICIPANTS = "ok (no participants yet)"


def tb_status(crosstable: Rows, settings: Rows = None, origin: Origin = Origin(),
              teams: TeamSheets | None = None, note: Callable[[Event], str] | None = None) -> str:
    """``ok``, or the first problem of the crosstable and settings as ``TB_EXPLAIN`` states it: the error
    value the table shows, the cell and the reason (``#VALUE! Crosstable!G2: round 1: #1 is paired with
    #4, but #4's cell Crosstable!G5 says '+B12'``). The crosstable is read cell by cell in the order of
    :func:`xltb.sheets.crosstable.to_tournament` (team events: the Teams, then the Matches sheet), so
    the first problem is the first that reader meets; a tie-break of the list that cannot be computed
    (C.07 10: rating-based with unrated players and no UnratedRating) is a problem too. When nothing is
    wrong but something will make the paper thin (:mod:`xltb.check.complete`: a game left blank in a round
    played, unrated players counted in a rating-based tie-break, a start date with two readings), ``ok;
    before printing: ...`` says the first of them and how many more ``xltb check`` lists. ``note`` adds a
    remark on the event, in the brackets after ``ok`` (:mod:`xltb.functions.status`: the round entered against
    the system's pairing)."""
    event = event_for(crosstable, settings, origin, teams)
    if isinstance(event, ExcelError):
        return NO_PARTICIPANTS if event.code == NA else f"{event.code} {event.message}"
    try:
        event.table()
    except XltbError as err:
        error = _error(err)
        return f"{error.code} {error.message}"
    remark = note(event) if note is not None else ""
    held = event.event
    if crosstable:  # a round paired, or half filled: the rounds counted and why (a team's: in the Matches block)
        if not held.is_team:
            counted = round_note(crosstable, origin, held)
        else:
            counted = "" if teams is None else \
                team_round_note(crosstable, teams.rows, teams.origin, origin, event.settings.pairing.rounds)
        if counted:
            return f"{OK} ({counted}; {remark})" if remark else f"{OK} ({counted})"
    from ..check.complete import findings  # the check package: only when the table was computed

    found = findings(held, codes=event.standings.codes,
                     unrated_rating=event.settings.unrated_rating,
                     start_date_text=settings_from_pairs(settings).get("StartDate"))
    head = f"{OK} ({remark})" if remark else OK
    if not found:
        return head
    from ..messages import Message

    more = len(found) - 1
    said = str(Message("complete.status_more", first=found[0], more=more) if more else
               Message("complete.status", first=found[0]))
    return head + said[len(OK):] if said.startswith(OK) else said


def tb_version() -> str:
    """``xltb`` and the version of the package computing: what a cell ``=TB_VERSION()`` shows when the
    functions are connected (Excel shows ``#NAME?`` when they are not)."""
    return f"xltb {__version__}"
