"""The Python API: read an event, compute its standings, explain a value, get a DataFrame."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import xltb
from helpers import SEED


def test_read_compute_explain():
    event = xltb.read_event(SEED / "held-swiss16.trf")[0]
    st = xltb.compute(event, "BH/C1,BH,SB,DE", rules="2026")
    assert isinstance(st, xltb.Standings)
    first = st.rows[0]
    assert first.rank == 1 and isinstance(first.points, Fraction)
    assert st.evaluation(first.start_no, "SB").value == first.values["SB"]
    text = xltb.explain(st, 4, "BH/C1")
    assert text.startswith("BH/C1 of #4 ") and "C.07" in text


def test_team_events_through_the_same_compute():
    event = xltb.read_event(SEED / "held-team14.trf")[0]
    st = xltb.compute(event, "EDE,EMGSB/C1")
    assert st.team and len(st.rows) == len(event.teams)
    assert st.entry(st.rows[0].participant).name == st.rows[0].participant.name


def test_api_names_survive_their_submodules_import():
    """xltb.decide is the function even after the submodule xltb.decide was imported."""
    import xltb.decide  # noqa: F401 - the submodule; it binds nothing over the API's name
    from xltb.decide import Decision

    assert callable(xltb.decide) and not isinstance(xltb.decide, type(sys))
    assert xltb.Decision is Decision
    assert xltb.rank(xltb.decide(SEED / "held-swiss16.trf")).rows


def test_dataframe_matches_the_rows():
    st = xltb.compute(xltb.read_event(SEED / "held-swiss16.trf")[0], "BH/C1,SB", rules="2024")
    frame = xltb.to_dataframe(st)
    assert list(frame.columns[-2:]) == ["BH/C1", "SB"] and len(frame) == len(st.rows)
    for (_, line), row in zip(frame.iterrows(), st.rows):
        assert line["start_no"] == row.start_no and line["SB"] == float(row.values["SB"])
    assert frame.attrs["rules"] == st.edition.key


def test_importing_xltb_loads_no_engine_or_heavy_library():
    code = "import sys, xltb; print(sorted(m for m in sys.modules if m.startswith(('xltb.', 'pandas', 'openpyxl'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_typed_package():
    from importlib.resources import files

    assert files("xltb").joinpath("py.typed").is_file()
