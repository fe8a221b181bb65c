"""FIDE's reference tie-break program, ``gacrux`` (PyPI, MIT; a test dependency), run as its users run
it: ``python -m gacrux.tiebreakchecker -i FILE -t CODES...``, one process per file, its JSON output
read back as {code: {participant: value}}.

The edition of C.07 is chosen per tie-break with gacrux's ``/V2024`` and ``/V2026`` modifiers, so one
run gives a file's values under both editions."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

#: gacrux's spelling of xltb's codes where they differ
GACRUX_NAMES = {"MPvGP": "MPVGP"}
EDITIONS = {"2024-08": "V2024", "2026-03": "V2026"}


def unavailable() -> str | None:
    """Why gacrux cannot be run here (None: it can)."""
    try:
        import gacrux.tiebreakchecker  # noqa: F401
    except ImportError:
        return "gacrux is not installed (pip install gacrux==1.11.65, in the test extra)"
    return None


def gacrux_code(code: str, edition: str | None) -> str:
    acronym, sep, rest = code.partition("/")
    head, colon, score = acronym.partition(":")
    name = GACRUX_NAMES.get(head, head) + colon + score + sep + rest
    return name + (f"/{EDITIONS[edition]}" if edition else "")


class Failed(Exception):
    """gacrux did not read the file (its status and message)."""


def run(path: str | Path, codes: list[str], editions: tuple[str, ...] = ("2024-08", "2026-03"), *,
        unrated: int = 1000, rounds: int | None = None, encoding: str | None = None, timeout: float = 120
        ) -> dict[tuple[str, str], dict[int, Decimal | None]]:
    """gacrux's values of ``codes`` under each edition: (code, edition) -> participant -> value.
    ``rounds``: the number of rounds (gacrux's -N; without it, gacrux takes the rounds a file declares,
    142/XXR, and counts the rounds not played yet as unplayed rounds of every participant). ``encoding``:
    gacrux's -b (it reads TRF as Latin-1 unless told)."""
    asked = ["PTS"] + [gacrux_code(c, e) for e in editions for c in codes]
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-u", str(unrated)]
    if rounds is not None:
        command += ["-N", str(rounds)]
    if encoding is not None:
        command += ["-b", encoding]
    proc = subprocess.run(command + ["-t", *asked], capture_output=True, text=True, timeout=timeout)
    try:
        doc = json.loads(proc.stdout)
    except ValueError:
        raise Failed((proc.stdout + proc.stderr).strip()[-300:]) from None
    status = doc.get("status", {})
    if status.get("code") or "tiebreakResult" not in doc:
        raise Failed(f"status {status.get('code')}: {status.get('error') or status.get('info')}")
    result = doc["tiebreakResult"]
    out: dict[tuple[str, str], dict[int, Decimal | None]] = {}
    keys = [("PTS", "")] + [(c, e) for e in editions for c in codes]
    for i, key in enumerate(keys):
        out[key] = {}
        for comp in result["competitors"]:
            value = comp["tiebreakScore"][i]
            out[key][int(comp["cid"])] = None if value is None or value == "" else Decimal(str(value))
    out[("RANK", "")] = {int(c["cid"]): Decimal(c["rank"]) for c in result["competitors"]}
    return out


def precision(value: Decimal | None) -> int:
    """The decimals gacrux printed."""
    if value is None:
        return 0
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
