"""Pairing the next round by FIDE's Swiss rules (Handbook C.04): pure Python, no spreadsheet library,
importable in Pyodide. The state after the last completed round is built from the event model; each
system pairs it into a :class:`~xltb.pairing.result.RoundPairing` whose boards and byes carry their
reasons."""

from .result import Board, BracketNote, Bye, Pairs, RoundPairing

__all__ = ["Board", "BracketNote", "Bye", "Pairs", "RoundPairing"]
