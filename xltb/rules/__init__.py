"""Editions of FIDE C.07 (the tie-breaks) and C.04 (the Swiss rules): which text of the rules applies."""

from .editions import EDITIONS, Edition, edition_for_date, parse_edition
from .swiss import SWISS_EDITIONS, SwissEdition, parse_swiss_edition, swiss_edition_for_date

__all__ = ["EDITIONS", "Edition", "edition_for_date", "parse_edition", "SWISS_EDITIONS", "SwissEdition",
           "parse_swiss_edition", "swiss_edition_for_date"]
