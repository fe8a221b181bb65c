"""Which worksheet functions exist: one per common tie-break code, named ``TB_`` + the code
with ``_`` for ``/`` and ``:`` (``BH/C1`` -> ``TB_BH_C1``, ``BH:GP/C1`` -> ``TB_BH_GP_C1``).

Any other code (``KS/L-1``, ``DE/P``, ...) is computed by ``=TB("KS/L-1", A2)``.
"""

from __future__ import annotations

import re

from ..tiebreaks.catalogue import ACRONYMS, MODIFIERS
from ..tiebreaks.codes import parse_code


def _variants(acronym: str, cuts: tuple[str, ...] = ("/C1", "/C2"),
              medians: tuple[str, ...] = ("/M1", "/M2")) -> tuple[str, ...]:
    """The plain code and its Cut and Median variants, where the tie-break takes them (C.07 14;
    :data:`~xltb.tiebreaks.codes.MODIFIERS`)."""
    letters = MODIFIERS[acronym]
    return ("",) + (cuts if "C" in letters else ()) + (medians if "M" in letters else ())


INDIVIDUAL_CODES: tuple[str, ...] = (
    ("PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "GE", "STD", "TPN", "TPN/R", "RTNG", "RTNG/R", "KS", "PTP")
    + tuple(a + v for a in ("BH", "FB", "SB", "AOB", "PS", "ARO", "TPR", "APRO", "APPO") for v in _variants(a))
)

TEAM_CODES: tuple[str, ...] = (
    ("MPTS", "GPTS", "BC", "TBR", "BBE", "MPVGP", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "SSSC")
    + tuple(a + v for a in ("EMMSB", "EMGSB", "EGMSB", "EGGSB") for v in ("", "/C1"))
    + tuple(f"{a}:{s}{v}" for a in ("BH", "FB", "SB") for s in ("MP", "GP")
            for v in _variants(a, medians=("/M1",)))
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
