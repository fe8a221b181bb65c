"""What will make the paper wrong or thin, found before it is printed: ``xltb check WORKBOOK`` and the
Standings sheet's Status cell.

* a prize category in use whose data is missing for some or all participants: the sex of ``Women``/``Men``,
  the birth date of ``U18``/``Senior``/``Born...``, the rating of ``Rating...`` (unless Settings
  UnratedRating counts unrated players), the federation of ``Federation=XXX``: a participant without it
  cannot win the prize, and with none entered the category is "not awarded" for everyone;
* a round played by others with games left blank (:func:`xltb.sheets.typed.blank_games`, said by the
  reader);
* participants without a rating where a rating-based tie-break (ARO, TPR, ...) is in the list (C.07 10);
* a start date written as text whose day and month could be either (``05/02/2026``): which reading was
  taken, the other one, and the editions of C.07 each gives.

Each finding is a :class:`~xltb.messages.Message`; none is an error (the standings are computed as the
workbook says).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from ..messages import Message
from ..model import Player
from ..model.event import Event
from ..prizes.conditions import (Age, BornBound, BornRange, Condition, Federation, RatingBound, RatingRange, Sex,
                                 birth_date, title_of, WOMEN_TITLES)
from ..prizes.table import PrizeTable
from ..rules import edition_for_date
from ..sheets.settings import date_readings
from ..tiebreaks.codes import tiebreak_of


#: participants named in a finding at most (then "+N")
SHOWN = 12
_SEXES = ("w", "f", "woman", "female", "m", "man", "male")


class Completeness(NamedTuple):
    """The findings of one event, and what was looked at."""

    source: str
    """The file (or sheet) read."""
    participants: int
    """How many participants the event has."""
    findings: tuple[Message, ...]
    """What will make the paper wrong or thin, in the order above; empty: nothing."""

    def to_text(self, render: Any = str) -> str:
        head = str(render(Message("complete.head", source=self.source, participants=self.participants)))
        if not self.findings:
            return head + "\n" + str(render(Message("complete.nothing"))) + "\n"
        return head + "\n" + "".join(f"- {render(f)}\n" for f in self.findings)

    def to_json(self) -> str:
        import json

        return json.dumps({"source": self.source, "participants": self.participants,
                           "findings": [{"id": f.id, "text": str(f)} for f in self.findings]}, ensure_ascii=False,
                          indent=2) + "\n"


def _who(players: Sequence[Player]) -> tuple[str, ...]:
    shown = tuple(f"#{p.start_no}" for p in players[:SHOWN])
    return shown + ((f"+{len(players) - SHOWN}",) if len(players) > SHOWN else ())


def _has_sex(player: Player) -> bool:
    return player.sex.strip().lower() in _SEXES or title_of(player) in WOMEN_TITLES


def _field(condition: Condition, unrated_rating: int | None) -> tuple[str, str] | None:
    """(the field a condition reads, the Crosstable column it is entered in); None when nothing is missing
    that the condition could read (a title, Unrated, a rating when unrated players are counted)."""
    if isinstance(condition, Sex):
        return "sex", "Sex"
    if isinstance(condition, (BornBound, BornRange, Age)):
        return "birth", "Born"
    if isinstance(condition, (RatingBound, RatingRange)) and unrated_rating is None:
        return "rating", "Rating"
    if isinstance(condition, Federation):
        return "federation", "Fed"
    return None


_MISSING = {
    "sex": lambda p: not _has_sex(p),
    "birth": lambda p: birth_date(p.birth) is None,
    "rating": lambda p: p.rating is None,
    "federation": lambda p: not p.federation.strip(),
}


def prize_findings(players: Sequence[Player], table: PrizeTable, unrated_rating: int | None = None) -> list[Message]:
    """One finding per prize category and field that some or all participants lack."""
    out: list[Message] = []
    seen: set[tuple[tuple[str, ...], str]] = set()
    for prize in table.prizes:
        category = prize.category
        for condition in category.conditions:
            found = _field(condition, unrated_rating)
            if found is None or (category.key, found[0]) in seen:
                continue
            seen.add((category.key, found[0]))
            field, column = found
            missing = [p for p in players if _MISSING[field](p)]
            if not missing:
                continue
            prizes = tuple(p.name for p in table.prizes if p.category.key == category.key)
            if len(missing) == len(players):
                out.append(Message("complete.prize_none", category=category.text, prizes=prizes,
                                   field=Message(f"complete.field_{field}"), column=column))
            else:
                out.append(Message("complete.prize_some", category=category.text, prizes=prizes,
                                   field=Message(f"complete.field_{field}"), missing=len(missing),
                                   players=len(players), who=_who(missing), column=column))
    return out


def unrated_findings(players: Sequence[Player], codes: Sequence[str],
                     unrated_rating: int | None) -> list[Message]:
    """Participants without a rating where the list has rating-based tie-breaks (C.07 10)."""
    rated = tuple(code for code in codes if (record := tiebreak_of(code)) is not None and record.rating_based)
    missing = [p for p in players if p.rating is None]
    if not rated or not missing:
        return []
    if unrated_rating is None:
        return [Message("complete.unrated_refused", codes=rated, missing=len(missing), players=len(players),
                        who=_who(missing))]
    return [Message("complete.unrated_counted", codes=rated, missing=len(missing), players=len(players),
                    who=_who(missing), rating=unrated_rating)]


def date_findings(value: Any, cell: str) -> list[Message]:
    """A text start date whose day and month could be either: the reading taken, the other, their editions."""
    readings = date_readings(value)
    if readings is None:
        return []
    read, other = readings
    return [Message("complete.date", cell=cell, text=str(value).strip(), read=read.isoformat(),
                    edition=edition_for_date(read).key, other=other.isoformat(),
                    other_edition=edition_for_date(other).key)]


def findings(event: Event, *, codes: Sequence[str], unrated_rating: int | None,
             prizes: PrizeTable | None = None, start_date_text: Any = None,
             start_date_cell: str = "Settings StartDate") -> tuple[Message, ...]:
    """Every finding of an individual event (a team event: its dates and blank games only)."""
    out: list[Message] = []
    players = [] if event.is_team else list(event.players)
    if prizes is not None and players:
        out += prize_findings(players, prizes, unrated_rating)
    out += [w for w in event.warnings if isinstance(w, Message) and w.id == "warn.blank_game"]
    if players:
        out += unrated_findings(players, codes, unrated_rating)
    out += date_findings(start_date_text, start_date_cell)
    return tuple(out)


def check_workbook(path: str) -> Completeness:
    """The findings of an xltb workbook: its event as the standings read it, its Settings and Prizes sheets."""
    from ..books.workbook import named_blocks
    from ..decide import decide
    from ..prizes.table import prizes_from_rows
    from ..sheets.settings import settings_from_pairs

    decision = decide(path)
    event = decision.event
    blocks = named_blocks(path, "PrizeTable", "Settings", "StartDate")
    table = None
    if (block := blocks.get("PRIZETABLE")) is not None:
        table = prizes_from_rows(block.rows, f"{path}: {block.origin.sheet} sheet", block.origin.row)
    text: Any = None
    cell = "Settings StartDate"
    if (settings := blocks.get("SETTINGS")) is not None:
        text = settings_from_pairs(settings.rows).get("StartDate")
    elif (one := blocks.get("STARTDATE")) is not None and one.rows and one.rows[0]:
        text = one.rows[0][0]
    if event.provisions is not None:
        cell = event.provisions.cell("StartDate")
    codes = [spec.code for spec in decision.specs]
    found = findings(event, codes=codes, unrated_rating=decision.unrated_rating, prizes=table,
                     start_date_text=text, start_date_cell=cell)
    count = len(event.participants)
    return Completeness(path, count, found)


__all__ = ["Completeness", "check_workbook", "findings", "prize_findings", "unrated_findings", "date_findings"]
