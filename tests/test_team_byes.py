"""Team pairing-allocated byes without a 320 record: read as the file's 310 totals imply."""

from __future__ import annotations

from helpers import DATA
from xltb.ranking import compute
from xltb.readers.registry import read_event

SAMPLE = DATA / "team" / "19_tec_grandmommys_cup_trf25_sample_team.trf"


def _without_320(tmp_path, path, change=None):
    lines = [l for l in path.read_text(encoding="utf-8").splitlines() if not l.startswith("320")]
    if change:
        lines = [change(l) for l in lines]
    out = tmp_path / path.name
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def _table(st):
    return [(r.start_no, r.rank, r.points, dict(r.values)) for r in st.rows]


def test_fide_sample_without_320_agrees_with_its_310_totals(tmp_path):
    with_320 = read_event(SAMPLE)[0]
    without = read_event(_without_320(tmp_path, SAMPLE))[0]
    assert all(t.mp == t.declared_mp and t.gp == t.declared_gp for t in without.teams)
    notes = [str(w) for w in without.warnings if "no 320 record" in str(w)]
    assert len(notes) == 1 and "1 MP and 2 GP each" in notes[0] and "round 10 team 36" in notes[0]
    assert not [str(w) for w in without.warnings if "310 record says" in str(w)]
    assert _table(compute(without)) == _table(compute(with_320))


def test_held_team_event_without_320(tmp_path):
    path = DATA / "seed" / "held-team14.trf"
    codes = "EDE,EMGSB/C1,BH:MP/C1,MPvGP,SSSC"
    assert _table(compute(read_event(_without_320(tmp_path, path))[0], codes)) == \
        _table(compute(read_event(path)[0], codes))


def test_totals_that_imply_no_single_bye_value_are_not_guessed(tmp_path):
    # Brazil's 310 says 1 GP more than a bye of the others' value would give: nothing inferred, warned
    def change(line):
        return line.replace("    6     13.5 ", "    6     14.5 ") if line.startswith("310  36 ") else line
    without = read_event(_without_320(tmp_path, SAMPLE, change))[0]
    assert not [str(w) for w in without.warnings if "no 320 record" in str(w)]
    assert [str(w) for w in without.warnings if "310 record says" in str(w)]
