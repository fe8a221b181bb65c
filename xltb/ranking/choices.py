"""What an event is ranked by: individual or team, the edition of C.07 and the tie-break list.

The one place that decides these for every command and every face."""

from __future__ import annotations

from typing import Iterable

from ..errors import TieBreakError
from ..model import Choice, EventType
from ..model.choice import ORIGINS  # noqa: F401 - part of this module's API
from ..rules import Edition, edition_for_date, parse_edition
from ..tiebreaks.codes import TieBreakSpec, parse_list

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


def initial_choices(event, rules: Choice, tiebreaks: Choice) -> dict[str, Choice]:
    """What the ranking itself can say of its choices (:func:`xltb.decide.decide` says more: the
    legend of an export, ...): rules, tie-breaks, event type and, for teams, the primary score."""
    out = {"rules": rules, "tiebreaks": tiebreaks}
    out["event_type"] = getattr(event, "event_type_choice", None) or Choice(event.event_type.value, "file", "")
    if is_team(event):
        out["primary"] = event.primary_choice or Choice(event.primary, "file", "")
    return out


def is_team(event) -> bool:
    """A team event has teams (asked without loading the team model, which individual events never need)."""
    return getattr(event, "teams", None) is not None


def default_list(event_type: EventType, team: bool = False) -> str:
    return DEFAULT_LISTS[team, event_type]


def choose_edition(event, rules: str | Edition | None) -> tuple[Edition, Choice]:
    """The edition to apply, and where it came from and why (for the output)."""
    if isinstance(rules, Edition):
        return rules, Choice(rules.key, "user", "")
    if rules:
        edition = parse_edition(rules)
        return edition, Choice(edition.key, "user", "")
    own = getattr(event, "provisions", None)
    origin = own.origin if own is not None else "file"  # a workbook's Settings: "from the workbook"
    if own is not None and own.edition:
        edition = parse_edition(own.edition)
        return edition, Choice(edition.key, origin, own.cell("Edition"))
    if event.start_date is None:
        edition = edition_for_date(None)
        return edition, Choice(edition.key, "default", f"the event has no start date: newest edition {edition.key} used")
    edition = edition_for_date(event.start_date)
    if event.start_date < edition.starts:
        return edition, Choice(edition.key, origin, (
            f"the event started on {event.start_date.isoformat()}, before the {edition.key} rules; the oldest edition "
            "xltb knows is used (the earlier rule, an unplayed game as a draw against the player himself, 2011 annex "
            "F.a, is not implemented)"))
    dated = f", {own.cell('StartDate')}" if own is not None else ""
    return edition, Choice(edition.key, origin, f"in force on the start date {event.start_date.isoformat()}{dated}")


def file_tiebreaks(event) -> tuple[TieBreakSpec, ...] | None:
    """The event's own list (TRF 212/202), without PTS (the primary score anyway); None when it has none."""
    if not event.tiebreaks:
        return None
    try:
        specs = parse_list(list(event.tiebreaks))
    except TieBreakError as err:
        provisions = getattr(event, "provisions", None)
        record = provisions.cell("Tiebreaks") if provisions is not None else "the file's tie-break list (TRF 212/202)"
        raise TieBreakError(f"{record}: {err.message}", file=event.source,
                            line=getattr(event, "tiebreaks_line", None)) from None
    return tuple(s for s in specs if s.acronym != "PTS") or specs


def choose_tiebreaks(event, tiebreaks: str | Iterable[str] | None) -> tuple[TieBreakSpec, ...]:
    """The user's list, else the event's own (TRF 212/202), else the default for the event type."""
    return choose_list(event, tiebreaks)[0]


def choose_list(event, tiebreaks: str | Iterable[str] | None) -> tuple[tuple[TieBreakSpec, ...], Choice]:
    """:func:`choose_tiebreaks` and where the list came from."""
    if tiebreaks:
        specs = parse_list(tiebreaks if isinstance(tiebreaks, str) else list(tiebreaks))
        return specs, Choice(",".join(s.code for s in specs), "user", "")
    own = file_tiebreaks(event)
    if own:
        provisions = getattr(event, "provisions", None)
        if provisions is not None:
            return own, Choice(",".join(s.code for s in own), provisions.origin, provisions.cell("Tiebreaks"))
        line = getattr(event, "tiebreaks_line", None)
        where = f", line {line}" if line else ""
        return own, Choice(",".join(s.code for s in own), "file", f"the event's list (TRF 212/202{where})")
    team = is_team(event)
    text = default_list(event.event_type, team)
    why = (f"the file names no tie-breaks; the list xltb uses for {'team' if team else 'individual'} "
           f"{event.event_type.value} events")
    return parse_list(text), Choice(text, "default", why)


def refuse_buchholz_in_round_robin(spec: TieBreakSpec, edition: Edition, event_type: EventType) -> None:
    """C.07 Art. 8 note (2026-03): the Buchholz family must not be used in round robins."""
    if edition.no_buchholz_in_rr and event_type.predetermined and spec.acronym in ("BH", "AOB", "FB"):
        raise TieBreakError(f"{spec.code}: Buchholz, AOB and FB must not be used in round robins "
                            f"(C.07 Art. 8 note, {edition.key}); choose another tie-break or an older edition")
