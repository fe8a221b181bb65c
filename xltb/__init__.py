"""xltb: FIDE C.07 tie-breaks for chess arbiters.

Data flows one way: file -> reader (:mod:`xltb.readers`) -> event (:mod:`xltb.model`) ->
ranking under an edition and a tie-break list (:mod:`xltb.ranking`) -> :class:`Standings`
(values and their breakdowns) -> writers (:mod:`xltb.report`), worksheet functions
(:mod:`xltb.functions`) and checks (:mod:`xltb.check`).

The Python API, for notebooks and scripts::

    import xltb

    event, kind = xltb.read_event("held-swiss16.trf")    # TRF, chess-results / SwissPerfect export, xltb workbook
    st = xltb.compute(event, "BH/C1,BH,SB,DE", rules="2026")
    for row in st.rows:
        print(row.rank, row.participant.name, row.points, row.values["BH/C1"])
    print(xltb.explain(st, 4, "BH/C1"))                   # the breakdown, round by round
    frame = xltb.to_dataframe(st)                         # pandas, loaded only here
    prizes = xltb.award_prizes(st, xltb.read_prizes("prizes.csv"), share="hort")  # docs/prizes.md
    for award in prizes.awards:
        print(award.prize and award.prize.name, award.player and award.player.name, award.paid, award.reason)

Values are exact (:class:`fractions.Fraction`; rating-based values are whole ``int`` rating
points); ``None`` is a value the rules leave undefined. The engine imports no pandas, openpyxl or
xlwings: these names are loaded when first used.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:  # the names below are loaded on first use (see __getattr__)
    from .decide import decide
    from .model import Choice, Choices, Colour, EventType, Kind, Player, RoundResult, Scoring, Tournament
    from .model.team import Team, TeamTournament
    from .rules import Edition
    from .tiebreaks.base import Contribution, Evaluation
    from .tiebreaks.codes import TieBreakSpec
    from .prizes import PrizeList, PrizeTable, award_prizes, read_prizes
    from .ranking import compute, rank
    from .ranking.decision import Decision
    from .ranking.standings import Entry, Row, Standings
    from .readers.registry import read_event
    from .report.explain import explain_text as explain
    from .report.frames import to_dataframe

#: public name -> (module, attribute), imported on first use so that ``import xltb`` stays cheap
_API = {
    "read_event": ("xltb.readers.registry", "read_event"),
    "compute": ("xltb.ranking", "compute"),
    "rank": ("xltb.ranking", "rank"),
    "decide": ("xltb.decide", "decide"),
    "Decision": ("xltb.ranking.decision", "Decision"),
    "explain": ("xltb.report.explain", "explain_text"),
    "to_dataframe": ("xltb.report.frames", "to_dataframe"),
    "Standings": ("xltb.ranking.standings", "Standings"),
    "Row": ("xltb.ranking.standings", "Row"),
    "Entry": ("xltb.ranking.standings", "Entry"),
    "read_prizes": ("xltb.prizes", "read_prizes"),
    "award_prizes": ("xltb.prizes", "award_prizes"),
    "PrizeTable": ("xltb.prizes", "PrizeTable"),
    "PrizeList": ("xltb.prizes", "PrizeList"),
    # the types the results hold: the event as read, the edition and tie-break list it is ranked by, a value
    "Tournament": ("xltb.model", "Tournament"),
    "Player": ("xltb.model", "Player"),
    "RoundResult": ("xltb.model", "RoundResult"),
    "Kind": ("xltb.model", "Kind"),
    "Colour": ("xltb.model", "Colour"),
    "EventType": ("xltb.model", "EventType"),
    "Scoring": ("xltb.model", "Scoring"),
    "TeamTournament": ("xltb.model.team", "TeamTournament"),
    "Team": ("xltb.model.team", "Team"),
    "Choice": ("xltb.model", "Choice"),
    "Choices": ("xltb.model", "Choices"),
    "Edition": ("xltb.rules", "Edition"),
    "TieBreakSpec": ("xltb.tiebreaks.codes", "TieBreakSpec"),
    "Evaluation": ("xltb.tiebreaks.base", "Evaluation"),
    "Contribution": ("xltb.tiebreaks.base", "Contribution"),
}

# a literal list, as type checkers read it (tests/test_api.py: the names of _API)
__all__ = ["__version__", "read_event", "compute", "rank", "decide", "Decision", "explain", "to_dataframe",
           "Standings", "Row", "Entry", "read_prizes", "award_prizes", "PrizeTable", "PrizeList", "Tournament",
           "Player", "RoundResult", "Kind", "Colour", "EventType", "Scoring", "TeamTournament", "Team",
           "Choice", "Choices", "Edition", "TieBreakSpec", "Evaluation", "Contribution"]


def __getattr__(name: str) -> object:
    try:
        module, attribute = _API[name]
    except KeyError:
        raise AttributeError(f"module 'xltb' has no attribute {name!r}") from None
    import importlib  # noqa: PLC0415 - the API is loaded lazily (see _API)

    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


class _Package(types.ModuleType):
    """The module ``xltb``: importing a submodule binds it as an attribute of its package, and the
    submodule ``xltb.decide`` would then hide the function ``xltb.decide`` of the API (``'module'
    object is not callable`` in a program that imported ``xltb.decide`` first). A name of the API
    keeps its API value."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _API and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
