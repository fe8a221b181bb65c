"""The shape of ``xltb standings -f json``, object by object: written by :func:`xltb.report.formats.to_json`,
read back by ``xltb check`` (:class:`xltb.check.json_input.StandingsRow`, what it accepts of a row)."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class EventJson(TypedDict):
    """The event: its name, file, type, start date, rounds held and planned, participants, scoring."""
    name: str
    source: str | None
    type: str
    start_date: str | None
    rounds: int
    rounds_planned: int
    participants: int
    scoring: str


class ChoiceJson(TypedDict):
    """A choice, where it came from (file, user, default ...) and why (English)."""
    value: str
    origin: str
    reason: str


class RowJson(TypedDict):
    """A participant's line: the values as numbers, null where undefined."""
    rank: int
    start_no: int
    name: str
    federation: str | None
    rating: int | None
    points: float | None
    tiebreaks: dict[str, float | None]


class OptionsJson(TypedDict):
    """What the values depend on beyond the file and the rules."""
    unrated_rating: int


class StandingsJson(TypedDict):
    """The whole document."""
    event: EventJson
    rules: str
    rules_reason: str
    tiebreaks: list[str]
    choices: dict[str, ChoiceJson]
    standings: list[RowJson]
    warnings: list[str]
    lots_seed: NotRequired[int]
    options: NotRequired[OptionsJson]


__all__ = ["EventJson", "ChoiceJson", "RowJson", "OptionsJson", "StandingsJson"]
