"""xltb's values against gacrux's (FIDE's reference program, tests/gacrux_host.py), value by value.

Values are compared as gacrux prints them: xltb's exact value rounded half up to gacrux's decimals.
Where xltb has no value (AOB of a participant without opponents, DE that decided nothing) gacrux
prints 0. Direct encounter and the team tie-breaks that only order the tied (DE, EDE, TBR, BBE) are
printed differently by the two programs (gacrux: a place among the tied; xltb: the score or board that
decided), so they are compared by the ranks they give: the codes of the list up to that one, in xltb
(a list of those codes) and in gacrux (its columns sorted)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import NamedTuple

import gacrux_host

#: broad lists: every tie-break both programs compute. The order-only codes come first (gacrux places
#: the tied among those tied on every column before: see the module's text); Fore Buchholz last: gacrux
#: 1.11.65 computes the team SB:MP and SSSC after FB:MP on the Fore scores it left behind
INDIVIDUAL = ("DE", "BH/C1", "BH", "BH/M1", "SB", "SB/C1", "AOB", "WIN", "WON", "BPG", "BWG", "REP", "PS",
              "STD", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPN", "FB")
#: round robins: C.07 Art. 8 note (2026-03) forbids the Buchholz family there
ROUND_ROBIN = tuple(c for c in INDIVIDUAL if c.split("/")[0] not in ("BH", "FB", "AOB"))
TEAM = ("EDE", "DE", "TBR", "BBE", "MPvGP", "BC", "EMMSB", "EMGSB/C1", "EGMSB", "EGGSB", "BH:MP/C1", "BH:GP",
        "SB:MP", "SB:GP", "PS:MP", "SSSC", "FB:MP")
TEAM_ROUND_ROBIN = tuple(c for c in TEAM if c.split("/")[0].split(":")[0] not in ("BH", "FB"))
ORDER_ONLY = frozenset({"DE", "EDE", "TBR", "BBE"})
UNRATED = 1000  # the rating of unrated players, for both programs (C.07 10)


def broad_list(event) -> tuple[str, ...]:
    team = getattr(event, "teams", None) is not None
    rr = event.event_type.predetermined
    if team:
        return TEAM_ROUND_ROBIN if rr else TEAM
    return ROUND_ROBIN if rr else INDIVIDUAL


class Difference(NamedTuple):
    edition: str
    code: str
    participant: int
    xltb: str
    gacrux: str


def printed(value: Fraction | None, decimals: int) -> Decimal | None:
    """xltb's exact value as gacrux prints it (half up)."""
    if value is None:
        return None
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)


def competition_ranks(keys: dict[int, tuple]) -> dict[int, int]:
    """1, 2, 2, 4 over the participants sorted by their keys (smaller first)."""
    order = sorted(keys, key=lambda n: keys[n])
    ranks: dict[int, int] = {}
    for i, n in enumerate(order):
        ranks[n] = ranks[order[i - 1]] if i and keys[n] == keys[order[i - 1]] else i + 1
    return ranks


def compare(path, edition: str, codes: tuple[str, ...], gacrux: dict) -> list[Difference]:
    """Every value and order of ``codes`` under ``edition`` where xltb and gacrux differ."""
    from xltb.decide import decide
    from xltb.ranking import rank as ranked

    out: list[Difference] = []
    st = ranked(decide(str(path), tiebreaks=",".join(codes), rules=edition, unrated_rating=UNRATED))
    points = gacrux[("PTS", "")]
    order = [c for c in codes if c.split("/")[0].split(":")[0] in ORDER_ONLY]
    assert list(codes[:len(order)]) == order, "the order-only codes come first"
    differed: set[int] = set()  # a rank that differs after a code is reported there, not again after the next
    for i, code in enumerate(order):
        prefix = codes[:i + 1]
        mine = ranked(decide(str(path), tiebreaks=",".join(prefix), rules=edition, unrated_rating=UNRATED))
        ours = {row.start_no: row.rank for row in mine.rows}
        theirs = competition_ranks({n: (-points[n],) + tuple(gacrux[(c, edition)][n] or 0 for c in prefix)
                                    for n in points})
        for n, rank in ours.items():
            if theirs.get(n) != rank and n not in differed:
                differed.add(n)
                out.append(Difference(edition, code, n, f"rank {rank}", f"rank {theirs.get(n)}"))
    for code in codes[len(order):]:
        values = gacrux[(code, edition)]
        for row in st.rows:
            theirs_value = values.get(row.start_no)
            decimals = gacrux_host.precision(theirs_value)
            ours_value = printed(row.values[code], decimals)
            if ours_value == theirs_value or (ours_value is None and theirs_value == 0):
                continue
            out.append(Difference(edition, code, row.start_no, "-" if ours_value is None else str(ours_value),
                                  str(theirs_value)))
    return out
