"""Check the tie-breaks another program published, and explain every difference.

Sources of published figures (:func:`~xltb.check.sources.load_source`):

* a chess-results / Swiss-Manager crosstable export (CSV): the ``TB1..TBn`` columns, named by the
  legend lines (read by :mod:`xltb.ranking.legend`, or the codes given with ``--tiebreaks``:
  :mod:`xltb.check.legend`), the rank column and the points;
* a TRF file: its rank column (columns 86-89) under the file's 202/212 list (or ``--tiebreaks``);
* a previous ``xltb standings -f json`` output: its values and ranks, recomputed from the event file.

For every participant and tie-break the published value is compared with xltb's, to the published
precision (a value printed with two decimals is compared rounded to two decimals; a JSON number
exactly: :mod:`xltb.check.precision`). For every difference the report gives the breakdown of xltb's
value (contributions, cuts, the article) and the known *variants* that reproduce the published
figure exactly (:mod:`xltb.check.variants`): another edition of C.07, forfeits counted as played
games (``/P``), another Cut/Median/limit modifier, another rating for unrated players, and the
conventions other programs are known to follow where the 2011 annex left room
(:data:`xltb.check.conventions.CONVENTIONS`). A variant is recomputed, never guessed: it is named
only when its value, rounded as the export prints it, is the published figure.

Rank differences are classified: the published rank follows from the published values (so it
differs because a value differs), from different points, or from nothing published (an edited rank
column, or a tie-break the export does not print).

The modules: :mod:`~xltb.check.precision` (published precision), :mod:`~xltb.check.conventions`
(other programs' conventions), :mod:`~xltb.check.variants` (the variants of a code),
:mod:`~xltb.check.recompute` (a variant's values), :mod:`~xltb.check.sources` (loaders),
:mod:`~xltb.check.compare` (the comparison), :mod:`~xltb.check.report` (the report and its writers),
:mod:`~xltb.check.cell` (the spreadsheet's single-cell check). Nothing outside ``xltb check`` and the
spreadsheet's ``TB_CHECK`` imports this package, so ``xltb standings`` never loads it.
"""

from __future__ import annotations

from .cell import check_value
from .compare import check_source
from .precision import published_number
from .report import CheckReport
from .sources import cut_source, load_source


def check_file(path: str, *, tiebreaks: str | None = None, rules: str | None = None,
               unrated_rating: int | None = None, event_path: str | None = None,
               event_type: str | None = None, after_round: int | None = None) -> CheckReport:
    """Read ``path`` (chess-results CSV, TRF or xltb JSON) and check it; with ``after_round``, as it
    stood after that round (:func:`~xltb.check.sources.cut_source`)."""
    source = load_source(path, tiebreaks=tiebreaks, event_path=event_path, event_type=event_type)
    if after_round is not None:
        source = cut_source(source, after_round)
    return check_source(source, rules=rules, unrated_rating=unrated_rating)


__all__ = ["CheckReport", "check_file", "check_source", "check_value", "load_source", "published_number"]
