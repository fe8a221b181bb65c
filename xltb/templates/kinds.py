"""The template kinds (``xltb template KIND``) and which events each can hold: the templates' own rule,
asked of a decision made on the file (:func:`xltb.decide.decide`) by ``xltb template KIND --from FILE``."""

from __future__ import annotations

from ..errors import XltbError
from ..ranking.decision import Decision

#: the template kinds (``xltb template KIND --from FILE``) and the events each can hold
KINDS = ("individual", "roundrobin", "team")


def check_template_kind(decision: Decision, kind: str) -> list[str]:
    """Refuse a template kind that contradicts the file (:class:`~xltb.errors.XltbError`), or return
    the warnings to print: a round-robin template from a Swiss, an individual template from a team
    file (it would rank the players as a Swiss), a team template from an individual event. The
    event type said is the decision's, with where it came from."""
    if kind not in KINDS:
        raise XltbError(f"unknown template kind {kind!r} (expected {', '.join(KINDS)})")
    event = decision.event
    source = event.source
    etype = decision.choices.event_type
    if kind == "team" and not decision.team:
        raise XltbError("not a team event: an individual event (no team records 013/310 describing team matches); use "
                        "'xltb template individual' or 'roundrobin'", file=source)
    if kind != "team" and decision.team:
        raise XltbError(f"this is a team event ({len(event.participants)} teams): use 'xltb template team'; "
                        f"an {kind} template would rank its players as individuals", file=source)
    if kind == "roundrobin" and not event.event_type.predetermined:
        raise XltbError(f"the event is a {event.event_type.value} ({etype.text}): a round-robin template would "
                        "apply the round-robin rules (C.07 15.2) to it; use 'xltb template individual', or "
                        "--event-type round-robin if the file is wrong", file=source)
    warnings = []
    if kind == "individual" and event.event_type.predetermined:
        warnings.append(f"the event is a {event.event_type.value} ({etype.text}): 'xltb template roundrobin' "
                        "holds it with the round-robin defaults")
    return warnings


__all__ = ["KINDS", "check_template_kind"]
