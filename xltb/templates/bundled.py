"""The workbooks kept in the repository (``templates/`` and ``workbooks/``), made from the generator:
a test compares the files with these bytes, so a change of the generator shows as a change of them."""

from __future__ import annotations

import os
from typing import Any

from ..errors import XltbError
from ..prizes import parse_prizes
from ..readers.registry import read_event
from . import ods
from .build import render
from .kinds import KINDS
from .xlsm import xlwings_standalone

#: blank templates also shipped as ready-to-open .xlsm (workbooks/xltb-KIND.xlsm)
MACRO_WORKBOOKS = ("individual", "team")

#: example workbooks: file in workbooks/ -> (template kind, exercise-book event file[, tie-break list])
EXAMPLES = {
    "held-swiss16.xlsx": ("individual", "held-swiss16.trf"),
    "held-rr6.xlsx": ("roundrobin", "held-rr6.trf"),
    "held-team14.xlsx": ("team", "held-team14.trf", "EDE,EGGSB/C1,BH:GP/C1,SSSC,MPvGP"),
}


#: the prize table of the example Swiss (its Prizes sheet; docs/prizes.md works it out), shared equally
EXAMPLE_PRIZES = ("Prize,Category,Amount\n1st,Open,500\n2nd,Open,300\n3rd,Open,200\n1st U1900,Rating<1900,80\n"
                  "Best U1600,Rating<1600,50\nBest woman,Women,\n")
EXAMPLE_SHARE = {"held-swiss16.xlsx": "equal"}


def bundled(seed_dir: str) -> dict[str, bytes]:
    """The files kept in the repository: ``templates/*.xlsx`` and ``templates/*.ods`` (blank) and
    ``workbooks/*.xlsx`` / ``workbooks/*.ods`` (the exercise-book events of ``seed_dir`` filled in).
    A test compares them with these bytes."""
    out = {f"templates/{kind}.xlsx": render(kind) for kind in KINDS}
    out.update({f"templates/{kind}.ods": ods.render(kind) for kind in KINDS})
    try:
        xlwings_standalone()
    except XltbError:
        pass  # no xlwings: no packaged workbooks
    else:
        for kind in MACRO_WORKBOOKS:
            out[f"workbooks/xltb-{kind}.xlsm"] = render(kind, macros=True)
    for name, (kind, source, *tiebreaks) in EXAMPLES.items():
        event = read_event(os.path.join(seed_dir, source))[0]
        options: dict[str, Any] = {"tiebreaks": tiebreaks[0] if tiebreaks else None}
        if name in EXAMPLE_SHARE:
            options.update(prizes=parse_prizes(EXAMPLE_PRIZES, "example prizes"), share=EXAMPLE_SHARE[name])
        out[f"workbooks/{name}"] = render(kind, event, **options)
        out[f"workbooks/{name[:-5]}.ods"] = ods.render(kind, event, **options)
    return out
