"""xltb: FIDE C.07 tie-breaks for chess arbiters.

Data flows one way: file -> reader -> :class:`~xltb.model.Tournament` ->
engine (edition, tie-break list) -> :class:`~xltb.ranking.standings.Standings` -> writers.
The engine imports no pandas, openpyxl or xlwings.
"""

__version__ = "0.1.0"
