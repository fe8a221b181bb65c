"""Matchings of general graphs for the pairing engines: the maximum-weight matching (:mod:`.weighted`,
Edmonds' blossoms with Galil's primal-dual method), which states a bracket's criteria as weights, and the
perfect-matching test (:mod:`.cardinality`), which answers "can these players all be paired" without
weights or a list of edges."""

from __future__ import annotations

from .cardinality import has_perfect_matching
from .weighted import Edge, max_weight_matching

__all__ = ["Edge", "has_perfect_matching", "max_weight_matching"]
