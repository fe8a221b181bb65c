"""Where a decision about an event came from: the file, the user or xltb's own default."""

from __future__ import annotations

from typing import Iterator, Literal, NamedTuple

#: where a decision came from
Origin = Literal["file", "user", "default"]

#: the origins of a decision, as the output names them
ORIGINS: dict[str, str] = {"file": "from the file", "user": "given by the user", "default": "xltb's default"}


class Choice(NamedTuple):
    """One decision about how an event is ranked (edition, tie-break list, event type, primary score),
    and where it came from, for every output. Readers make the event type's and the primary score's;
    :mod:`xltb.ranking.choices` the edition's and the list's."""

    value: str  # "2012", "BH/C1,BH,ARO/C1,DE", "swiss", "MP"
    origin: Origin  # "file", "user" or "default" (xltb's own choice): a key of ORIGINS
    reason: str  # why, in words

    @property
    def text(self) -> str:
        """``from the file: ...``, ``given by the user: ...``, ``xltb's default: ...``."""
        head = ORIGINS[self.origin]
        return f"{head}: {self.reason}" if self.reason else head


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


__all__ = ["Choice", "Choices", "Origin", "ORIGINS"]
