"""The engine's records of one round: the round as a graph, and what each bracket fixed."""

from __future__ import annotations

from typing import NamedTuple

from .state import Entrant


class Graph(NamedTuple):
    """The round as a graph: vertex i < n is ``entrants[i]``; vertex n (when the number is odd) the PAB."""

    entrants: tuple[Entrant, ...]
    """The participants to pair, by pairing number."""
    levels: tuple[int, ...]
    """The score level of each vertex (0: the PAB's dummy)."""
    adj: tuple[frozenset[int], ...]
    """Who each vertex may meet ([C1] [C2] [C3])."""


class Fixed(NamedTuple):
    """A bracket's outcome."""

    level: int
    """The bracket's score level."""
    residents: tuple[int, ...]
    """Its resident players (vertices of the graph)."""
    moved_down: tuple[int, ...]
    """The MDPs it received (vertices)."""
    pairs: tuple[tuple[int, int], ...]
    """The pairs it made (vertices)."""
    c9: bool
    """Whether [C9] applied in it (the PAB decided there)."""


__all__ = ["Fixed", "Graph"]
