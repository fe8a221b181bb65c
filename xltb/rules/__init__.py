"""Editions of FIDE C.07 (which text of the rules applies)."""

from .editions import EDITIONS, Edition, edition_for_date, parse_edition

__all__ = ["EDITIONS", "Edition", "edition_for_date", "parse_edition"]
