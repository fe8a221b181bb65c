"""Which worksheet functions exist: one per common tie-break code, named ``TB_`` + the code
with ``_`` for ``/`` and ``:`` (``BH/C1`` -> ``TB_BH_C1``, ``BH:GP/C1`` -> ``TB_BH_GP_C1``).

Any other code (``KS/L-1``, ``DE/P``, ...) is computed by ``=TB("KS/L-1", A2)``.
"""

from __future__ import annotations

import re

from ..tiebreaks.catalogue import ACRONYMS, TIEBREAKS, TieBreak
from ..tiebreaks.codes import parse_code


def _variants(tb: TieBreak, cuts: tuple[str, ...] = ("/C1", "/C2"),
              medians: tuple[str, ...] = ("/M1", "/M2")) -> tuple[str, ...]:
    """The plain code and its Cut and Median variants, where the tie-break takes them (C.07 14;
    :attr:`~xltb.tiebreaks.catalogue.TieBreak.modifiers`)."""
    return ("",) + (cuts if tb.takes("C") else ()) + (medians if tb.takes("M") else ())


#: a function for every tie-break of individual events (the catalogue's order): the plain code, its Cut-1/2
#: and Median-1/2 where it takes them, the reverse order (/R) where it takes it, and its former acronym
#: (GE, REP before 2026-03)
INDIVIDUAL_CODES: tuple[str, ...] = tuple(
    code for tb in TIEBREAKS.values() if tb.events != "team"
    for code in (*(tb.acronym + v for v in _variants(tb)), *tb.aliases, *((tb.acronym + "/R",) if tb.takes("R") else ())))

#: a function for every team tie-break (plain, and Cut-1 where it takes a Cut: C.07 14.1.2), then the
#: tie-breaks named for both kinds of event on a team's match or game points (C.07 13: plain, Cut-1/2,
#: Median-1)
TEAM_CODES: tuple[str, ...] = (
    tuple(tb.acronym + v for tb in TIEBREAKS.values() if tb.events == "team" for v in _variants(tb, ("/C1",), ()))
    + tuple(f"{tb.acronym}:{score}{v}" for tb in TIEBREAKS.values() if tb.events == "both" and tb.cuttable
            for score in ("MP", "GP") for v in _variants(tb, medians=("/M1",)))
)

CODES = INDIVIDUAL_CODES + TEAM_CODES


def function_name(code: str) -> str:
    """``BH/C1`` -> ``TB_BH_C1``; ``BH:GP/C1`` -> ``TB_BH_GP_C1``."""
    return "TB_" + re.sub(r"[/:]", "_", code.upper())


#: function name -> the code as written in the catalogue
FUNCTIONS: dict[str, str] = {function_name(c): c for c in CODES}


def code_of_function(name: str) -> str | None:
    """The tie-break code a ``TB_...`` function computes (None for TB, TB_RANK, ...)."""
    return FUNCTIONS.get(name.upper())


def formula_for(code: str, cell: str) -> str:
    """The formula that computes ``code`` for the participant in ``cell``: a named function when
    the catalogue has one, else ``TB("code", cell)``."""
    spec = parse_code(code)
    name = function_name(spec.code)
    if name in FUNCTIONS and parse_code(FUNCTIONS[name]).code == spec.code:
        return f"{name}({cell})"
    return f'TB("{spec.code}",{cell})'


def describe(code: str) -> str:
    """One line for the function wizard."""
    spec = parse_code(code)
    article, _ = ACRONYMS[spec.acronym]
    score = {"MP": " (match points)", "GP": " (game points)"}.get(spec.score or "", "")
    extra = " in reverse order" if spec.reverse else ""
    return f"{spec.name}{score}{extra} (FIDE C.07 {article}) of the participant whose pairing number is in the cell."
