"""Where a decision about an event came from: the file (or a workbook's Settings sheet), the user or
xltb's own default."""

from __future__ import annotations

from typing import Iterator, Literal, NamedTuple

from ..messages import Message, Text

#: where a decision came from
Origin = Literal["file", "workbook", "user", "default"]

#: the origins of a decision, as the output names them (English; the messages ``origin.<origin>``)
ORIGINS: dict[str, str] = {"file": "from the file", "workbook": "from the workbook", "user": "given by the user",
                           "default": "xltb's default"}


class Choice(NamedTuple):
    """One decision about how an event is ranked (edition, tie-break list, event type, primary score),
    and where it came from, for every output. Readers make the event type's and the primary score's;
    :mod:`xltb.ranking.choices` the edition's and the list's."""

    value: str  # "2012", "BH/C1,BH,ARO/C1,DE", "swiss", "MP"
    origin: Origin  # "file", "workbook" (its Settings sheet), "user" or "default" (xltb's own): a key of ORIGINS
    reason: Text = ""  # why: a message (xltb.messages), "" when the origin says it all

    def message(self) -> Message:
        """``from the file: ...``, ``given by the user: ...``, ``xltb's default: ...`` as a message, which
        the faces render in the reader's language."""
        head = Message(f"origin.{self.origin}")
        return Message("origin.why", origin=head, why=self.reason) if self.reason else head

    @property
    def text(self) -> str:
        """:meth:`message` in English."""
        return str(self.message())


class Choices(NamedTuple):
    """Every choice an event is ranked by, each with where it came from: the edition of C.07
    (``rules``), the tie-break list, the event type and, for a team event, the primary score."""

    rules: Choice
    tiebreaks: Choice
    event_type: Choice
    primary: Choice | None = None  # team events only

    def items(self) -> Iterator[tuple[str, Choice]]:
        """(name, choice) in output order: rules, tiebreaks, event_type and, for teams, primary."""
        for name in self._fields:
            choice = getattr(self, name)
            if choice is not None:
                yield name, choice


class Provisions(NamedTuple):
    """What an event's own file says of how it is ranked beyond the event's fields: an xltb workbook's
    Settings sheet (the edition, the rating of unrated players, the seed of the lots), with the cell
    of each setting for the choices' reasons. Read by the one decision
    (:func:`xltb.ranking.choices.resolve`, :func:`xltb.decide.decide`) where the caller gives none;
    the event's :class:`~xltb.model.tournament.EventInfo` carries them."""

    origin: Origin  # the Choice origin of the event's own provisions: "workbook"
    edition: str | None = None  # Settings Edition (overrides the start date's)
    unrated_rating: int | None = None  # Settings UnratedRating (C.07 10)
    lots: int | None = None  # Settings Lots
    cells: tuple[tuple[str, str], ...] = ()  # (setting, "Settings!B5") for every setting read
    language: str | None = None  # Settings Language: the language of the printed words (``de``)
    pairing_system: str | None = None  # Settings PairingSystem (``dutch``, ``berger``): the pairing's system
    pairing_edition: str | None = None  # Settings PairingEdition (``2025-07``): the edition of C.04

    def cell(self, key: str) -> str:
        """``Settings Edition (Settings!B5)``: a setting and its cell, for a reason."""
        where = dict(self.cells).get(key)
        return f"Settings {key} ({where})" if where else f"Settings {key}"


__all__ = ["Choice", "Choices", "Origin", "ORIGINS", "Provisions"]
