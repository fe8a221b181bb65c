"""What FIDE's rating report needs of an event that a workbook's Settings sheet leaves empty: one warning per
setting, naming its cell (``xltb trf WORKBOOK``). A TRF or an export says what it says; only a workbook,
whose Settings rows are there to be filled (:data:`~xltb.sheets.settings.REPORT_FIELDS`), is asked."""

from __future__ import annotations

from typing import Any

from ..messages import Message
from ..model.event import Event
from ..sheets.settings import REPORT_REQUIRED


#: the Settings row -> (the event's field, the TRF record)
_FIELDS = {"City": ("city", "022"), "Federation": ("federation", "032"), "StartDate": ("start_date", "042"),
           "EndDate": ("end_date", "052"), "ChiefArbiter": ("chief_arbiter", "102"),
           "TimeControl": ("time_control", "122"), "RoundDates": ("round_dates", "132")}


def report_gaps(event: Event) -> tuple[Message, ...]:
    """One warning per setting of :data:`~xltb.sheets.settings.REPORT_REQUIRED` the workbook leaves empty;
    nothing for an event not read from a workbook."""
    provisions = event.provisions
    if provisions is None or provisions.origin != "workbook":
        return ()
    out = []
    for key in REPORT_REQUIRED:
        attribute, record = _FIELDS[key]
        value: Any = getattr(event, attribute)
        if value is None or value == "" or value == ():
            out.append(Message("warn.report_field", cell=provisions.cell(key), record=record))
    return tuple(out)


__all__ = ["report_gaps"]
