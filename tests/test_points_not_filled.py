"""Points columns never filled in (every total 0 or blank) are read as not given, with one warning;
a file where some totals disagree is still refused."""

from __future__ import annotations

import pytest

from helpers import DATA
from xltb.errors import InputError
from xltb.ranking import compute
from xltb.readers.registry import read_event

HELD = DATA / "seed" / "held-swiss16.trf"


def _with_points(tmp_path, points: dict[int, str] | str):
    lines = []
    for line in HELD.read_text(encoding="utf-8").splitlines():
        if line.startswith("001 "):
            no = int(line[4:8])
            text = points if isinstance(points, str) else points.get(no, line[80:84])
            line = line[:80] + f"{text:>4}" + line[84:]
        lines.append(line)
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("written", ["0.0", "   0", "    "])
def test_points_never_filled_in_read_with_one_warning(tmp_path, written):
    event = read_event(_with_points(tmp_path, written))[0]
    never = [str(w) for w in event.warnings if "never filled in" in str(w)]
    assert len(never) == 1 and "columns 81-84" in never[0] and never[0].startswith("event.trf: ")
    reference = compute(read_event(HELD)[0])
    st = compute(event)
    assert [(r.start_no, r.rank, r.points) for r in st.rows] == [(r.start_no, r.rank, r.points) for r in reference.rows]


def test_some_totals_disagreeing_still_refused(tmp_path):
    original = {int(l[4:8]): l[80:84] for l in HELD.read_text(encoding="utf-8").splitlines() if l.startswith("001 ")}
    wrong = dict(original)
    wrong[1] = " 0.0"  # one total 0, the others filled in
    with pytest.raises(InputError) as err:
        read_event(_with_points(tmp_path, wrong))
    assert "columns 81-84 say 0" in str(err.value) and "player 1" in str(err.value)


def _rewritten(source, target, points: str, rounds: int | None = None):
    """A copy of ``source`` with every total (columns 81-84) replaced by ``points`` and, with ``rounds``,
    the round columns after that round cut away (as a program writes a file before its totals are filled in)."""
    lines = []
    for line in source.read_text(encoding="latin-1").splitlines():
        if line.startswith("001 "):
            line = line[:80] + points + line[84:]
            if rounds is not None:
                line = line[:89 + 10 * rounds]
        lines.append(line)
    target.write_text("\n".join(lines) + "\n", encoding="latin-1")
    return target


@pytest.mark.parametrize("name, points, rounds", [
    ("01_fide_example1_karl_mala_gedenkturnier_2005.trf", " 0.0", None),  # every total 0.0
    ("cr_arad2026_open_a.trf", "    ", 5),  # the 209-player open cut after round 5, totals blank
])
def test_real_files_whose_totals_were_never_filled(tmp_path, name, points, rounds):
    path = _rewritten(DATA / "real" / name, tmp_path / f"unfilled-{name}", points, rounds)
    event = read_event(path)[0]
    never = [str(w) for w in event.warnings if "never filled in" in str(w)]
    assert len(never) == 1 and never[0].startswith(f"unfilled-{name}: ")
    assert all(p.declared_points is None for p in event.players)
    assert any(p.points for p in event.players)


def test_no_warning_before_any_points(tmp_path):
    """Totals all 0 before round 1 was played (pairings only): nothing was left unfilled."""
    def line(no: int, name: str, opp: int, colour: str) -> str:
        return f"001 {no:4d}      {name:<33} 2000{'':28} 0.0{'':7}{opp:4d} {colour}  "

    path = tmp_path / "paired.trf"
    path.write_text("012 Paired\n" + line(1, "A", 2, "w") + "\n" + line(2, "B", 1, "b") + "\n", encoding="utf-8")
    event = read_event(path)[0]
    assert [(p.rating, p.declared_points, p.results[0].opponent) for p in event.players] == [(2000, 0, 2), (2000, 0, 1)]
    assert not [w for w in event.warnings if "never filled in" in w]
