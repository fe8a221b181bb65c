"""The single-cell check of the spreadsheet (``=TB_CHECK``): :func:`check_value`."""

from __future__ import annotations

from typing import Any

from ..errors import XltbError
from ..ranking.standings import Standings
from ..tiebreaks.codes import parse_code
from .precision import published_number, same_figure, show
from .recompute import Recomputer
from .variants import variants_for


def check_value(standings: Standings, start_no: int, code: str, published: Any, *, decimals: int | None = None,
                search: bool = True, unrated_rating: int | None = None) -> str:
    """``=TB_CHECK(cell, published_cell, code)``: ``"ok"`` or a short reason.

    ``published`` is a number (compared exactly) or the text of the published cell (``"46,5"``,
    ``"12½"``), compared to the decimals it is printed with (``"13"`` exactly;
    :func:`~xltb.check.precision.published_number`) unless ``decimals`` is given. With ``search`` the
    known variants are recomputed and the nearest one that reproduces the figure is named
    (``unrated_rating``: the rating the standings were computed with, for rating-based codes).
    """
    try:
        spec = parse_code(str(code), strict=False)
    except XltbError as err:
        return f"error: {err.message}"
    code = spec.code
    if code not in standings.codes:
        return f"error: {code} is not computed in these standings ({', '.join(standings.codes)})"
    try:
        row = standings.row(int(start_no))
    except (KeyError, ValueError, TypeError):
        return f"error: no participant {start_no}"
    try:
        pub, places = published_number(published)
    except ValueError:
        return f"error: cannot read the published value {published!r}"
    if decimals is not None:
        places = decimals
    value = row.values.get(code)
    if spec.acronym == "DE":
        return "ok" if pub is None or value is None or same_figure(pub, places, value) else \
            f"DE: published {show(pub)}, xltb {show(value)} (exports print DE differently; compare the ranks)"
    if same_figure(pub, places, value):
        return "ok"
    reason = f"differs: xltb {show(value)}, published {show(pub)}"
    if value is not None and pub is not None:
        reason += f" ({'+' if pub > value else '-'}{show(abs(pub - value))})"
    if not search:
        return reason
    t = standings.event
    rec = Recomputer(t)
    unrated = unrated_rating
    has_unrated = any(p.rating is None for p in t.players)
    for v in variants_for(code, standings.edition, unrated, has_unrated=has_unrated):
        vals = rec.values(v)
        if not isinstance(vals, str) and same_figure(pub, places, vals.get(row.start_no)):
            return f"{reason}; reproduced by {v.describe()}"
    return reason + "; no known variant reproduces it"
