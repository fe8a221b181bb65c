"""C.07 Art. 14 modifiers (Cut-n, Median-n) and the 16.5 exception for voluntarily unplayed rounds."""

from __future__ import annotations

from typing import Sequence

from ..rules import Edition
from ..messages import Message
from .base import KEY, VALUE, VUR, Raw


def apply_cuts(elements: Sequence[Raw], cut: int, median: int, edition: Edition, *,
               vur_exception: bool) -> dict[int, Message]:
    """Decide which elements a Cut-n or Median-n modifier removes.

    Returns ``{element index: reason}`` (a message: ``Cut-1, cut 1: least significant value (C.07 14.1)``). The least significant value is the element with
    the smallest ``key`` (for Buchholz the lowest opponent score; for Sonneborn-Berger the
    opponent with the lowest score and, among those, the worst result, 14.1.1.d).

    C.07 16.5 (2023 onwards, Swiss only): when a participant has voluntarily unplayed
    rounds, the lowest contribution of such a round is cut instead, as long as it is not
    lower than the least significant value; 16.5.2 applies this again for every further cut.
    Median order: 2023-09 and 2024-08 cut the least, then the most significant values;
    2024-04 cuts the most, then the least (14.3, 14.4).
    """
    if not median and not (vur_exception and any(e[VUR] for e in elements)):
        # the common case, Cut-n without voluntarily unplayed rounds: the n least significant values
        ranked = [(e[KEY], e[VALUE], i) for i, e in enumerate(elements)]
        order = [min(ranked)] if cut == 1 and ranked else sorted(ranked)[:cut]
        return {i: Message("cut.least", step=Message("cut.step", n=cut, k=n + 1)) for n, (_, _, i) in enumerate(order)}
    remaining = list(range(len(elements)))
    cuts: dict[int, Message] = {}

    def least(step: Message) -> None:
        if not remaining:
            return
        lsv = min(remaining, key=lambda i: (elements[i][KEY], elements[i][VALUE], i))
        if vur_exception:
            vurs = [i for i in remaining if elements[i][VUR]]
            if vurs:
                v = min(vurs, key=lambda i: (elements[i][VALUE], elements[i][KEY], i))
                if elements[v][VALUE] >= elements[lsv][VALUE]:
                    # C.07 16.5: the voluntarily unplayed round's contribution, unless lower than the LSV
                    _take(v, Message("cut.vur_lsv" if v == lsv else "cut.vur", step=step))
                    return
                _take(lsv, Message("cut.vur_lower", step=step))
                return
        _take(lsv, Message("cut.least", step=step))

    def most(step: Message) -> None:
        if not remaining:
            return
        # among equal most significant values, cut the one from a voluntarily unplayed round first
        msv = max(remaining, key=lambda i: (elements[i][KEY], elements[i][VALUE], elements[i][VUR], -i))
        _take(msv, Message("cut.most", step=step))

    def _take(i: int, reason: Message) -> None:
        remaining.remove(i)
        cuts[i] = reason

    for n in range(cut):
        least(Message("cut.step", n=cut, k=n + 1))
    if median:
        label = Message("cut.median", n=median)
        if edition.median_most_first:  # 2024-04: Most, then Least
            for _ in range(median):
                most(label)
            for _ in range(median):
                least(label)
        else:
            for _ in range(median):
                least(label)
            for _ in range(median):
                most(label)
    return cuts
