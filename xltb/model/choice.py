"""Where a decision about an event came from: the file, the user or xltb's own default."""

from __future__ import annotations

from typing import NamedTuple

#: the origins of a decision, as the output names them
ORIGINS = {"file": "from the file", "workbook": "from the workbook", "user": "given by the user",
           "default": "xltb's default"}


class Choice(NamedTuple):
    """One decision about how an event is ranked (edition, tie-break list, event type, primary score),
    and where it came from, for every output. Readers make the event type's and the primary score's;
    :mod:`xltb.ranking.choices` the edition's and the list's."""

    value: str  # "2012", "BH/C1,BH,ARO/C1,DE", "swiss", "MP"
    origin: str  # "file", "workbook" (its Settings sheet), "user" or "default" (xltb's own choice): a key of ORIGINS
    reason: str  # why, in words

    @property
    def text(self) -> str:
        """``from the file: ...``, ``given by the user: ...``, ``xltb's default: ...``."""
        head = ORIGINS[self.origin]
        return f"{head}: {self.reason}" if self.reason else head


class Provisions(NamedTuple):
    """What an event's own file says of how it is ranked beyond the event's fields: an xltb workbook's
    Settings sheet (the edition, the rating of unrated players, the seed of the lots), with the cell
    of each setting for the choices' reasons. The ranking uses them when the caller gives none."""

    origin: str  # the Choice origin of the event's own provisions: "workbook"
    edition: str | None = None  # Settings Edition (overrides the start date's)
    unrated_rating: int | None = None  # Settings UnratedRating (C.07 10)
    lots: int | None = None  # Settings Lots
    cells: tuple[tuple[str, str], ...] = ()  # (setting, "Settings!B5") for every setting read

    def cell(self, key: str) -> str:
        """``Settings Edition (Settings!B5)``: a setting and its cell, for a reason."""
        where = dict(self.cells).get(key)
        return f"Settings {key} ({where})" if where else f"Settings {key}"
