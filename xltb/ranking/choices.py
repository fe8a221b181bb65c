"""What an event is ranked by: individual or team, the edition of C.07 and the tie-break list, each
with where it came from. One rule for every command and every face: :func:`xltb.decide.decide`
reads a file and asks these functions; :func:`resolve` asks them for an event already read."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Iterable, TypeGuard

from ..errors import TieBreakError
from ..messages import Message, Text
from ..model import Choice, Choices, EventType
from ..model.choice import Origin
from ..model.event import Event
from ..rules import Edition, edition_for_date, parse_edition
from ..tiebreaks.codes import TieBreakSpec, parse_list
from .decision import Decision

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import TeamTournament

#: Default tie-break lists when neither the user nor the file gives one, by (team event?, event type).
#: Team events: the list of FIDE's TRF-2026 team sample; round robins without the Buchholz family
#: (C.07 Art. 8 note).
DEFAULT_LISTS: dict[tuple[bool, EventType], str] = {
    (False, EventType.SWISS): "BH/C1,BH,SB,DE,WIN",
    (False, EventType.ROUND_ROBIN): "DE,WIN,SB,KS",
    (False, EventType.DOUBLE_ROUND_ROBIN): "DE,WIN,SB,KS",
    (True, EventType.SWISS): "EDE,EMGSB/C1,BH:MP/C1,MPvGP",
    (True, EventType.ROUND_ROBIN): "EDE,MPvGP,EMGSB",
    (True, EventType.DOUBLE_ROUND_ROBIN): "EDE,MPvGP,EMGSB",
}


def resolve(event: "Event", tiebreaks: str | Iterable[str | TieBreakSpec] | None = None,
            rules: str | Edition | None = None, *, unrated_rating: int | None = None,
            lots: int | None = None) -> Decision:
    """The decision for an event already read: the user's ``tiebreaks``, ``rules``,
    ``unrated_rating`` and ``lots``, else the event's own (TRF 212/202, the start date; a workbook's
    Settings sheet: its ``provisions``), else xltb's defaults (:func:`choose_edition`,
    :func:`choose_list`, :func:`own_settings`)."""
    edition, rules_choice = choose_edition(event, rules)
    specs, list_choice = choose_list(event, tiebreaks)
    unrated, seed = own_settings(event, unrated_rating, lots)
    return Decision(event, edition, specs, event_choices(event, rules_choice, list_choice), unrated, lots=seed)


def own_settings(event: "Event", unrated_rating: int | None, lots: int | None) -> tuple[int | None, int | None]:
    """The rating of unrated participants (C.07 10) and the seed of the lots: the user's, else the
    event's own (a workbook's Settings UnratedRating and Lots), else None."""
    own = event.provisions
    if own is None:
        return unrated_rating, lots
    return (own.unrated_rating if unrated_rating is None else unrated_rating,
            own.lots if lots is None else lots)


def event_choices(event: "Event", rules: Choice, tiebreaks: Choice) -> Choices:
    """The choices of a decision: the edition's and the list's, with the event type's and (teams) the
    primary score's, which the readers made."""
    event_type = event.event_type_choice or Choice(event.event_type.value, "file", "")
    primary = None
    if event.is_team:
        primary = event.primary_choice or Choice(event.primary, "file", "")
    return Choices(rules, tiebreaks, event_type, primary)


def is_team(event: object) -> TypeGuard[TeamTournament]:
    """Whether ``event`` is a team event, for a caller holding something that may not be an event (an
    :data:`~xltb.model.event.Event` says it itself: ``event.is_team``, which the type checker narrows on)."""
    return getattr(event, "is_team", False) is True


def default_list(event_type: EventType, team: bool = False) -> str:
    return DEFAULT_LISTS[team, event_type]


def choose_edition(event: "Event", rules: str | Edition | None, *, named: tuple[str, Text] | None = None,
                   dated: tuple[date, Text] | None = None) -> tuple[Edition, Choice]:
    """The edition to apply, and where it came from and why. The one rule of every command:

    1. the user's (``--rules``);
    2. the one a workbook's Settings sheet names (Settings Edition), with its cell;
    3. the one in force on the event's start date (TRF 042, an export's start date, a workbook's
       Settings StartDate: said from the workbook, with its cell);
    4. the one the file names (``named``: an export legend's ``(2023)``, the edition a JSON output
       was computed with), with where it names it;
    5. the one in force on another date the file carries (``dated``: an export's last update);
    6. else the newest edition, said to be xltb's default.

    ``xltb check`` compares under the same edition and reports another edition that reproduces more
    of the published figures as a finding."""
    if isinstance(rules, Edition):
        return rules, Choice(rules.key, "user", "")
    if rules:
        edition = parse_edition(rules)
        return edition, Choice(edition.key, "user", "")
    own = event.provisions
    origin: Origin = own.origin if own is not None else "file"  # a workbook's Settings: "from the workbook"
    if own is not None and own.edition:
        edition = parse_edition(own.edition)
        return edition, Choice(edition.key, origin, own.cell("Edition"))
    start = event.start_date
    if start is not None:
        edition = edition_for_date(start)
        if start < edition.starts:
            # the earlier rule, an unplayed game as a draw against the player himself (2011 annex F.a), is not
            # implemented: the oldest edition xltb knows is used, and said so
            if own is not None:
                return edition, Choice(edition.key, origin, Message("edition.too_old_cell", date=start,
                                                                    cell=own.cell("StartDate"), edition=edition.key))
            return edition, Choice(edition.key, origin, Message("edition.too_old", date=start, edition=edition.key))
        if own is not None:
            return edition, Choice(edition.key, origin, Message("edition.start_date_cell", date=start,
                                                                cell=own.cell("StartDate")))
        return edition, Choice(edition.key, origin, Message("edition.start_date", date=start))
    if named is not None:
        key, where = named
        edition = parse_edition(key)
        return edition, Choice(edition.key, "file", Message("edition.named", where=where))
    if dated is not None:
        day, where = dated
        edition = edition_for_date(day)
        return edition, Choice(edition.key, "file", Message("edition.hint", date=day, where=where))
    edition = edition_for_date(None)
    return edition, Choice(edition.key, "default", Message("edition.no_date", edition=edition.key))


def file_tiebreaks(event: "Event") -> tuple[TieBreakSpec, ...] | None:
    """The event's own list (TRF 212/202), without PTS (the primary score anyway); None when it has none."""
    if not event.tiebreaks:
        return None
    try:
        specs = parse_list(list(event.tiebreaks))
    except TieBreakError as err:
        raise TieBreakError(f"{list_record(event)}: {err.message}", file=event.source,
                            line=getattr(event, "tiebreaks_line", None)) from None
    # a list of PTS alone (TRF 212 "PTS,PTS", as a list of PTS is written): PTS once
    return tuple(s for s in specs if s.acronym != "PTS") or specs[:1]


def list_record(event: "Event") -> str:
    """Where the event's own list was read, for a message: a workbook's Settings cell, else TRF 212/202."""
    own = event.provisions
    return own.cell("Tiebreaks") if own is not None else "the file's tie-break list (TRF 212/202)"


def choose_list(event: "Event", tiebreaks: str | Iterable[str | TieBreakSpec] | None
                ) -> tuple[tuple[TieBreakSpec, ...], Choice]:
    """The user's list, else the event's own (TRF 212/202), else the default for the event type; and
    where the list came from."""
    if tiebreaks:
        specs = parse_list(tiebreaks if isinstance(tiebreaks, str) else list(tiebreaks))
        return specs, Choice(",".join(s.code for s in specs), "user", "")
    own = file_tiebreaks(event)
    if own:
        provisions = event.provisions
        if provisions is not None:
            return own, Choice(",".join(s.code for s in own), provisions.origin, provisions.cell("Tiebreaks"))
        line = getattr(event, "tiebreaks_line", None)
        why = Message("list.file_line", line=line) if line else Message("list.file")
        return own, Choice(",".join(s.code for s in own), "file", why)
    team = event.is_team
    text = default_list(event.event_type, team)
    kind = Message(f"event.{event.event_type.value}")
    why = Message("list.default_team" if team else "list.default", type=kind)
    return parse_list(text), Choice(text, "default", why)


def refuse_buchholz_in_round_robin(spec: TieBreakSpec, edition: Edition, event_type: EventType) -> None:
    """C.07 Art. 8 note (2026-03): the Buchholz family must not be used in round robins."""
    if edition.no_buchholz_in_rr and event_type.predetermined and spec.article.startswith("8."):
        raise TieBreakError(f"{spec.code}: Buchholz, AOB and FB must not be used in round robins "
                            f"(C.07 Art. 8 note, {edition.key}); choose another tie-break or an older edition")


__all__ = ["DEFAULT_LISTS", "resolve", "event_choices", "is_team", "default_list", "choose_edition", "file_tiebreaks",
           "choose_list", "list_record", "own_settings", "refuse_buchholz_in_round_robin"]
