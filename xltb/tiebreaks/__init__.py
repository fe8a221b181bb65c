"""Tie-breaks of C.07, one module per family, and the catalogue that maps codes to them."""

from .base import Contribution, Evaluation, TieBreakInfo
from .codes import TieBreakSpec, parse_code, parse_list
from .registry import CATALOGUE, info

__all__ = ["Contribution", "Evaluation", "TieBreakInfo", "TieBreakSpec", "parse_code", "parse_list", "CATALOGUE", "info"]
