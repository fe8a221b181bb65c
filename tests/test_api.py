"""The Python API: read an event, compute its standings, explain a value, get a DataFrame."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

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


def test_the_api_exports_the_types_its_results_hold():
    """What read_event, compute and rank return is made of types the API names: a user annotates with
    them (``xltb.Tournament``, ``xltb.Evaluation``...) and tests with isinstance."""
    for name in xltb.__all__[1:]:
        assert getattr(xltb, name) is not None, name
    event, kind = xltb.read_event(SEED / "held-swiss16.trf")
    assert isinstance(event, xltb.Tournament) and kind == "TRF"
    player = event.players[0]
    assert isinstance(player, xltb.Player) and isinstance(player.results[0], xltb.RoundResult)
    assert isinstance(player.results[0].kind, xltb.Kind) and isinstance(player.results[0].colour, xltb.Colour)
    assert isinstance(event.event_type, xltb.EventType) and isinstance(event.scoring, xltb.Scoring)
    decision = xltb.decide(SEED / "held-swiss16.trf", tiebreaks="BH/C1,SB,DE", rules="2026")
    assert isinstance(decision, xltb.Decision)
    st = xltb.rank(decision)
    assert isinstance(st, xltb.Standings) and isinstance(st.edition, xltb.Edition)
    assert all(isinstance(s, xltb.TieBreakSpec) for s in st.specs) and st.specs[0].code == "BH/C1"
    assert isinstance(st.choices, xltb.Choices) and isinstance(st.choices.rules, xltb.Choice)
    assert st.choices.rules.origin in ("file", "workbook", "user", "default")
    ev = st.evaluation(player.start_no, "SB")
    assert isinstance(ev, xltb.Evaluation) and ev.value == st.row(player.start_no).values["SB"]
    assert all(isinstance(c, xltb.Contribution) for c in ev.breakdown())
    assert isinstance(st.rows[0], xltb.Row) and isinstance(st.entry(st.rows[0].participant), xltb.Entry)
    team_event = xltb.read_event(SEED / "held-team14.trf")[0]
    assert isinstance(team_event, xltb.TeamTournament) and isinstance(team_event.teams[0], xltb.Team)


def test_the_exported_types_are_the_engines():
    """Each name of the API is the object of the module that defines it (not a copy)."""
    from xltb.model import EventType, Kind, Player, Tournament
    from xltb.rules import Edition
    from xltb.tiebreaks.base import Evaluation
    from xltb.tiebreaks.codes import TieBreakSpec

    assert (xltb.Tournament, xltb.Player, xltb.Kind, xltb.EventType) == (Tournament, Player, Kind, EventType)
    assert (xltb.Edition, xltb.TieBreakSpec, xltb.Evaluation) == (Edition, TieBreakSpec, Evaluation)


def test_a_program_typed_with_the_api_passes_mypy_strict(tmp_path):
    """A user's program annotated with the exported types type-checks (the package ships py.typed): the
    names resolve to the engine's types, and what the functions return is typed."""
    api = pytest.importorskip("mypy.api")
    program = tmp_path / "user_program.py"
    program.write_text('''import xltb


def best(path: str) -> tuple[str, xltb.Evaluation | None]:
    event, kind = xltb.read_event(path)
    st: xltb.Standings = xltb.compute(event, "BH/C1,SB", rules="2026")
    edition: xltb.Edition = st.edition
    spec: xltb.TieBreakSpec = st.specs[0]
    first = st.rows[0]
    return f"{kind} {edition.key} {spec.code}", st.evaluation(first.start_no, spec.code)


def players(event: xltb.Tournament) -> list[xltb.Player]:
    return [p for p in event.players if p.results and p.results[0].kind is xltb.Kind.WIN]


def is_swiss(event: xltb.Tournament) -> bool:
    return event.event_type is xltb.EventType.SWISS
''', encoding="utf-8")
    cache = tmp_path / "cache"
    out, err, status = api.run(["--strict", "--cache-dir", str(cache), "--no-error-summary",
                                "--python-version", "3.11", str(program)])
    assert status == 0, out + err


def test_all_names_the_api():
    """``__all__`` (a literal list, as type checkers read it) names exactly the API."""
    assert xltb.__all__ == ["__version__", *xltb._API]
