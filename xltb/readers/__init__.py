"""Readers: an event file of any supported kind -> a :class:`~xltb.model.Tournament` (or a team
event). :func:`read_event` picks the reader from the content."""

from .registry import read_event

__all__ = ["read_event"]
