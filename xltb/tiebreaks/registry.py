"""The catalogue: which function computes each individual tie-break, and how it ranks."""

from __future__ import annotations

from ..errors import TieBreakError
from . import buchholz, own, rating
from .base import TieBreakInfo
from .codes import TieBreakSpec


CATALOGUE: dict[str, TieBreakInfo] = {
    "PTS": TieBreakInfo(own.points),
    "DE": TieBreakInfo(None, kind="A"),  # type A: ranks the tied set (direct.py), no value of its own
    "WIN": TieBreakInfo(own.wins),
    "WON": TieBreakInfo(own.games_won),
    "BPG": TieBreakInfo(own.black_games),
    "BWG": TieBreakInfo(own.black_wins),
    "PS": TieBreakInfo(own.progressive),
    "REP": TieBreakInfo(own.elected_rounds),
    "STD": TieBreakInfo(own.standard_points, note="2026"),
    "TPN": TieBreakInfo(own.pairing_number, higher_is_better=False, note="2026"),
    "BH": TieBreakInfo(buchholz.buchholz, kind="C"),
    "AOB": TieBreakInfo(buchholz.average_opponents_buchholz, kind="CC"),
    "FB": TieBreakInfo(buchholz.fore_buchholz, kind="D"),
    "SB": TieBreakInfo(buchholz.sonneborn_berger, kind="BC"),
    "KS": TieBreakInfo(buchholz.koya, kind="BC"),
    "ARO": TieBreakInfo(rating.average_rating, kind="D", rating_based=True),
    "TPR": TieBreakInfo(rating.performance, kind="D", rating_based=True),
    "PTP": TieBreakInfo(rating.perfect_performance, kind="D", rating_based=True),
    "APRO": TieBreakInfo(rating.average_performance, kind="BD", rating_based=True),
    "APPO": TieBreakInfo(rating.average_perfect_performance, kind="BD", rating_based=True),
    "RTNG": TieBreakInfo(rating.own_rating, kind="D", rating_based=True, note="2026"),
}


def info(spec: TieBreakSpec) -> TieBreakInfo:
    try:
        return CATALOGUE[spec.acronym]
    except KeyError:
        raise TieBreakError(f"{spec.code} is a team tie-break (C.07 11-13): it needs a team event") from None
