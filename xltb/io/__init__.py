"""Readers and writers. The TRF reader needs only the standard library."""

from .trf import read_trf, parse_trf

__all__ = ["read_trf", "parse_trf"]
