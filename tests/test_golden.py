"""Golden outputs: what the commands print for a few events, byte for byte, as the release before
the redesign printed them (``tests/data/golden``). A change that alters any of these outputs on
purpose regenerates them with ``XLTB_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`` and
says why in its commit; ``benchmarks/golden.py`` compares every file under tests/data the same way."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import DATA

GOLDEN = DATA / "golden"
CASES = {
    "swiss-standings.text": ["standings", "seed/held-swiss16.trf"],
    "swiss-standings.json": ["standings", "seed/held-swiss16.trf", "--format", "json"],
    "swiss-standings.csv": ["standings", "seed/held-swiss16.trf", "--format", "csv", "--rules", "2012"],
    "swiss-long.text": ["standings", "seed/held-swiss16.trf", "-t", "BH/C1,BH/M1,SB/C1,DE,WIN,PS,KS,ARO/C1,TPR,PTP,"
                        "APRO,APPO,AOB,FB", "--unrated-rating", "1400", "--rules", "2024"],
    "rr-standings.text": ["standings", "seed/held-rr6.trf"],
    "team-standings.text": ["standings", "seed/held-team14.trf", "-t", "EDE,EMGSB/C1,BH:MP/C1,MPvGP,EDET,BC,SSSC"],
    "team-players.csv": ["standings", "seed/held-team14.trf", "--players", "--format", "csv"],
    "chess-results.json": ["standings", "csv/2014-sinquefield-cup.csv", "--format", "json"],
    "swissperfect.text": ["standings", "real/06_icu_bunratty_masters_2011.tab"],
    "explain-sb.text": ["explain", "seed/held-swiss16.trf", "4", "SB/C1", "--rules", "2026"],
    "explain-de.text": ["explain", "seed/held-swiss16.trf", "7", "DE", "-t", "DE,BH", "--rules", "2024"],
    "explain-ede.text": ["explain", "seed/held-team14.trf", "11", "EDEBT", "--rules", "2024"],
    "check-blitz.text": ["check", "check/2021-World-Blitz-Chess-Championship-Open.csv"],
    "check-json.text": ["check", "check/held-2024-wrong.json", "--all"],
}


def run(args: list[str]) -> str:
    resolved = [str(DATA / a) if "/" in a and (DATA / a).exists() else a for a in args]
    proc = subprocess.run([sys.executable, "-m", "xltb", *resolved], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "100"})
    out = f"$ xltb {' '.join(args)}\nexit {proc.returncode}\n--- stdout\n{proc.stdout}--- stderr\n{proc.stderr}"
    return out.replace(str(DATA), "DATA")


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_is_unchanged(name):
    got = run(CASES[name])
    path = GOLDEN / name
    if os.environ.get("XLTB_UPDATE_GOLDEN"):
        path.write_text(got)
    assert got == path.read_text()
