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
    never = [w for w in event.warnings if "never filled in" in w]
    if written.strip():
        assert len(never) == 1 and "columns 81-84" in never[0]
    else:  # blank: not given at all, nothing to say
        assert not never
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
