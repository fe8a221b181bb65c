"""The worksheet functions: every function of the catalogue exists and agrees with the engine;
bad cells give error values, not exceptions; the classic add-in path reads the workbook's names."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xltb.ranking import compute
from xltb.functions import core
from xltb.hosts.book import fit
from xltb.hosts import classic as udfs
from xltb.functions.catalogue import CODES, INDIVIDUAL_CODES, TEAM_CODES, formula_for, function_name
from xltb.sheets.crosstable import from_tournament
from helpers import read_trf
from xltb.tiebreaks.codes import ACRONYMS, parse_code

SEED = Path(__file__).parent / "data" / "seed"
SWISS = read_trf(SEED / "held-swiss16.trf")
ROWS = from_tournament(SWISS)
SETTINGS = [["Tiebreaks", "BH/C1,BH,SB,DE,WIN"], ["Edition", "2024"], ["StartDate", "2024-10-24"]]


def cell(value):
    """What the engine's value becomes in a cell."""
    if value is None:
        return ""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def test_every_code_has_its_function():
    names = {function_name(c) for c in CODES}
    assert {"TB_BH", "TB_BH_C1", "TB_BH_M2", "TB_SB_C1", "TB_ARO_C1", "TB_PTP", "TB_KS", "TB_DE", "TB_EGGSB_C1",
            "TB_BH_GP_C1", "TB_SSSC", "TB_MPVGP"} <= names
    for name in names:
        assert callable(getattr(udfs, name)), name
    for name in ("TB", "TB_RANK", "TB_EXPLAIN", "TB_STANDINGS"):
        assert callable(getattr(udfs, name))
    # every acronym of C.07 is reachable through a named function
    assert {parse_code(c).acronym for c in CODES} == set(ACRONYMS)
    assert formula_for("KS/L-1", "A2") == 'TB("KS/L-1",A2)'
    assert formula_for("BH-C1", "$A2") == "TB_BH_C1($A2)"
    assert formula_for("GE", "A2") == "TB_REP(A2)"


@pytest.mark.parametrize("rules", ["2024", "2026"])
def test_functions_agree_with_the_engine(rules):
    settings = [["Tiebreaks", "BH/C1,BH,SB,DE,WIN"], ["Edition", rules]]
    for code in INDIVIDUAL_CODES:
        spec = parse_code(code)
        if spec.acronym == "PTS":
            continue
        parse_code(code, strict=True)  # the catalogue has only combinations C.07 14 defines
        st = compute(SWISS, ["BH/C1", "BH", "SB", "DE", "WIN"] + ([spec.code] if spec.code not in
                                                                ("BH/C1", "BH", "SB", "DE", "WIN") else []), rules)
        func = getattr(udfs, function_name(code))
        for row in st.rows:
            assert func(row.start_no, ROWS, settings) == cell(row.values[spec.code]), (code, row.start_no)
    st = compute(SWISS, "BH/C1,BH,SB,DE,WIN", rules)
    for row in st.rows:
        assert udfs.TB_RANK(row.start_no, ROWS, settings) == row.rank
        assert udfs.TB_PTS(row.start_no, ROWS, settings) == cell(row.points)
        assert udfs.TB("sb-c1", float(row.start_no), ROWS, settings) == udfs.TB_SB_C1(row.start_no, ROWS, settings)


def test_team_codes_need_a_team_event():
    for code in TEAM_CODES:  # EDE, EGGSB ... and BH:GP (a score reference is refused for individuals)
        value = getattr(udfs, function_name(code))(1, ROWS, SETTINGS)
        assert value == "#NUM!", code


def test_standings_table():
    table = udfs.TB_STANDINGS(ROWS, SETTINGS)
    st = compute(SWISS, "BH/C1,BH,SB,DE,WIN", "2024")
    assert table[0] == ["Rank", "No", "Name", "Rating", "Pts", "BH/C1", "BH", "SB", "DE", "WIN"]
    assert [r[:2] for r in table[1:]] == [[r.rank, r.start_no] for r in st.rows]
    assert [r[5:] for r in table[1:]] == [[cell(r.values[c]) for c in st.codes] for r in st.rows]


def test_explain():
    text = udfs.TB_EXPLAIN(4, "SB/C1", ROWS, SETTINGS)
    assert text.startswith("SB/C1 of #4 David") and "value: 8" in text and "CUT" in text
    assert udfs.TB_EXPLAIN(4, "PTS", ROWS, SETTINGS).startswith("PTS of #4 David: 3.5 points")


def test_bad_cells_give_error_values():
    bad = [list(r) for r in ROWS]
    bad[3][9] = "+Q13"  # #3, round 2 (after No, Name, Title, Rating, Fed, FIDE id, Sex, Born and round 1)
    assert udfs.TB_BH(1, bad, SETTINGS) == "#VALUE!"
    assert udfs.TB_RANK(1, bad, SETTINGS) == "#VALUE!"
    table = udfs.TB_STANDINGS(bad, SETTINGS)  # one mistake: the header stays, one row says why
    assert table[0] == ["Rank", "No", "Name", "Rating", "Pts", "BH/C1", "BH", "SB", "DE", "WIN"] and len(table) == 2
    assert table[1][:2] == ["#VALUE!", ""] and table[1][2].startswith("Crosstable!J4: cannot read '+Q13'")
    why = udfs.TB_EXPLAIN(1, "BH", bad, SETTINGS)
    assert why.startswith("#VALUE! Crosstable!J4: cannot read '+Q13'")
    assert udfs.TB_STATUS(bad, SETTINGS) == why  # the status cell: the same text as TB_EXPLAIN's
    assert udfs.TB_STATUS(ROWS, SETTINGS) == "ok" and udfs.TB_VERSION().startswith("xltb ")
    assert udfs.TB_BH(99, ROWS, SETTINGS) == "#N/A"
    assert "no participant has pairing number 99" in udfs.TB_EXPLAIN(99, "BH", ROWS, SETTINGS)
    assert udfs.TB_BH("Alyx", ROWS, SETTINGS) == "#VALUE!"
    assert udfs.TB("XYZ", 1, ROWS, SETTINGS) == "#NAME?"
    assert udfs.TB_BH(None, ROWS, SETTINGS) == ""  # a spare row
    assert udfs.TB_BH(1, None, SETTINGS) == "#VALUE!"  # no crosstable
    assert udfs.TB_BH(1, ROWS, [["Edition", "1999"]]) == "#VALUE!"
    assert "Settings Edition" in udfs.TB_EXPLAIN(1, "BH", ROWS, [["Edition", "1999"]])


def test_rating_based_without_unrated_rating():
    rows = [list(r) for r in ROWS]
    rows[1][3] = None  # #1 unrated
    assert udfs.TB_ARO(2, rows, SETTINGS) == "#NUM!"
    assert "unrated" in udfs.TB_EXPLAIN(2, "ARO", rows, SETTINGS)
    assert isinstance(udfs.TB_ARO(2, rows, SETTINGS + [["UnratedRating", 1500]]), int)


def test_settings_change_the_values():
    bh_2012 = udfs.TB_BH(9, ROWS, [["Edition", "2012"]])
    bh_2024 = udfs.TB_BH(9, ROWS, [["Edition", "2024"]])
    assert bh_2012 == cell(compute(SWISS, "BH", "2012").row(9).values["BH"])
    assert bh_2024 == cell(compute(SWISS, "BH", "2024").row(9).values["BH"])
    pab_draw = udfs.TB_PTS(6, ROWS, [["PointsPAB", 0.5]])
    assert pab_draw == 2.5  # Franck's PAB worth a draw


# --------------------------------------------------------------------------- the classic add-in path
class FakeRange:
    def __init__(self, sheet, row, column, values):
        self.sheet, self.row, self.column, self._values = sheet, row, column, values
        self.reads = 0

    def options(self, **kwargs):
        assert kwargs == {"ndim": 2}
        return self

    @property
    def value(self):
        self.reads += 1
        return [list(r) for r in self._values]  # a fresh copy, as COM gives

    @property
    def shape(self):
        return (len(self._values), len(self._values[0]))


class FakeName:
    def __init__(self, name, rng):
        self.name, self.refers_to_range = name, rng


class FakeBook:
    def __init__(self, names):
        self.names = names


class FakeSheet:
    def __init__(self, name, book=None):
        self.name, self.book = name, book


def fake_caller(rows, settings, shape=(1, 1)):
    ct_sheet, set_sheet = FakeSheet("Crosstable"), FakeSheet("Settings")
    book = FakeBook([FakeName("Crosstable", FakeRange(ct_sheet, 1, 1, rows)),
                     FakeName("Settings", FakeRange(set_sheet, 2, 1, settings))])
    caller = FakeRange(FakeSheet("Standings", book), 2, 4, [[None] * shape[1]] * shape[0])
    return caller


def test_classic_add_in_reads_the_named_ranges():
    core.clear_cache()
    caller = fake_caller(ROWS, SETTINGS)
    st = compute(SWISS, "BH/C1,BH,SB,DE,WIN", "2024")
    for row in st.rows:
        assert udfs.TB_BH_C1(row.start_no, caller=caller) == cell(row.values["BH/C1"])
        assert udfs.TB_RANK(row.start_no, None, None, caller=caller) == row.rank
    table = udfs.TB_STANDINGS(caller=fake_caller(ROWS, SETTINGS, shape=(20, 12)))
    assert len(table) == 20 and all(len(r) == 12 for r in table)
    assert table[17] == [""] * 12 and table[1][:2] == [1, 2]
    bad = [list(r) for r in ROWS]
    bad[5][8] = "=X"  # #5, round 3: cell I6 of the sheet
    caller = fake_caller(bad, SETTINGS)
    assert udfs.TB_SB(1, caller=caller) == "#VALUE!"  # no pywin32 here: the error's text
    assert udfs.TB_EXPLAIN(1, "SB", caller=caller).startswith("#VALUE! Crosstable!I6: cannot read '=X'")


def test_each_distinct_crosstable_is_parsed_once(monkeypatch):
    core.clear_cache()
    calls = []
    real = core._build
    monkeypatch.setattr(core, "_build", lambda *a: calls.append(1) or real(*a))
    copies = [[list(r) for r in ROWS] for _ in range(3)]
    for rows in copies:
        for no in range(1, 17):
            udfs.TB_SB(no, rows, SETTINGS)
    assert len(calls) == 1  # same content, three different objects
    changed = [list(r) for r in ROWS]
    changed[1][12] = "-W4"
    changed[4][12] = "+B1"
    assert udfs.TB_PTS(1, changed, SETTINGS) == 3 and len(calls) == 2


def test_tb_check_does_not_round_a_whole_published_number():
    """=TB_CHECK with a whole number (cell or text) is not xltb's 12.5 or 3.5 rounded (C.07 values are exact)."""
    st = compute(SWISS, "BH/C1,BH,SB,DE,WIN", "2024")
    assert st.row(1).values["BH"] == Fraction(25, 2) and st.row(1).points == Fraction(7, 2)
    for published in (13, "13", 12, 13.0):
        assert core.tb_check(1, published, "BH", ROWS, SETTINGS).startswith("differs: xltb 12.5"), published
    assert core.tb_check(1, 12.5, "BH", ROWS, SETTINGS) == "ok"
    assert core.tb_check(1, "12,5", "BH", ROWS, SETTINGS) == "ok"
    for published in (4, "4", 3):
        assert core.tb_check(1, published, "PTS", ROWS, SETTINGS).startswith("differs: xltb 3.5"), published
    assert core.tb_check(1, "3½", "PTS", ROWS, SETTINGS) == "ok"
    assert core.tb_check(1, "x", "PTS", ROWS, SETTINGS).startswith("error: cannot read")


def test_tb_standings_in_one_cell_is_the_whole_table():
    """Excel 365 enters =TB_STANDINGS() in one cell and spills the result: a 1x1 caller gets the whole
    table; a multi-cell (legacy array) caller gets it cut or padded to its size."""
    core.clear_cache()
    whole = udfs.TB_STANDINGS(ROWS, SETTINGS)
    assert len(whole) == 17 and whole[0][:5] == ["Rank", "No", "Name", "Rating", "Pts"]
    assert udfs.TB_STANDINGS(caller=fake_caller(ROWS, SETTINGS, shape=(1, 1))) == whole
    assert fit(core.tb_standings(ROWS, SETTINGS), (1, 1)) == whole
    cut = udfs.TB_STANDINGS(caller=fake_caller(ROWS, SETTINGS, shape=(3, 2)))
    assert cut == [r[:2] for r in whole[:3]]


def test_error_values_are_their_text_even_with_pywin32(monkeypatch):
    """The classic add-in gets the error's text, as Lite/Server do: a VARIANT(VT_ERROR) returned through
    xlwings' VBA wrapper does not become a cell error (xlwings issue #776), so none is made."""
    import sys
    import types

    pythoncom = types.ModuleType("pythoncom")
    pythoncom.VT_ERROR = 10
    client = types.ModuleType("win32com.client")
    client.VARIANT = lambda vt, value: ("VARIANT", vt, value)
    win32com = types.ModuleType("win32com")
    win32com.client = client
    for name, module in (("pythoncom", pythoncom), ("win32com", win32com), ("win32com.client", client)):
        monkeypatch.setitem(sys.modules, name, module)
    core.clear_cache()
    bad = [list(r) for r in ROWS]
    bad[5][8] = "=X"
    assert udfs.TB_SB(1, caller=fake_caller(bad, SETTINGS)) == "#VALUE!"
    assert udfs.TB_SB(99, caller=fake_caller(ROWS, SETTINGS)) == "#N/A"
    assert udfs.TB_STANDINGS(caller=fake_caller(bad, SETTINGS))[1][0] == "#VALUE!"  # text, under the header
