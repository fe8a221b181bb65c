"""``xltb recalc``'s shortcuts give the engine's own values: every formula of the bundled workbooks and
templates, a sheet of lookups, and a fuzzing corpus evaluated twice, once as ``xltb recalc`` runs (each
compiled formula as a straight-line program of the engine's functions, MATCH's exact lookups through a
table) and once through ``formulas``' dispatcher and its own MATCH; the recalculated workbooks and the
lists of error values and formulas not evaluated hold the same lines (a group of cells is listed together),
each part of the file is identical byte for byte."""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from fuzzing import mutate_workbook, template_seed
from xltb.errors import InputError
from xltb.hosts import engine as engine_functions
from xltb.recalc import columns as recalc_columns
from xltb.recalc import engine as recalc_engine
from xltb.recalc import groups as recalc_groups
from xltb.recalc.bulk import bulk, bulk_column
from xltb.recalc.program import program
from xltb.recalc.run import recalc_bytes

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted([*(ROOT / "workbooks").glob("*.xls[xm]"), *(ROOT / "templates").glob("*.xlsx")])


def _both(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object, int]:
    """(the fast result, the dispatcher's result, how many distinct formulas ran as programs)."""
    made: list[bool] = []

    def counted(pipe):
        out = program(pipe)
        made.append(out is not None)
        return out

    def run() -> object:
        try:
            r = recalc_bytes(data)
        except InputError as why:
            return ("refused", str(why))
        with zipfile.ZipFile(io.BytesIO(r.data)) as z:  # each part's bytes (not the zip's own dates)
            parts = {name: z.read(name) for name in z.namelist()}
        return (r.formulas, r.evaluated, r.errors, r.unevaluated, parts)

    with monkeypatch.context() as m:
        m.setattr(recalc_engine, "program", counted)
        fast = run()
    with monkeypatch.context() as m:
        m.setattr(recalc_engine, "program", lambda pipe: None)
        m.setattr(engine_functions, "EXACT_LOOKUP", False)
        m.setattr(recalc_columns, "BULK", False)
        m.setattr(recalc_groups, "GROUPS", False)
        slow = run()
    return fast, slow, sum(made)


def _same(fast: object, slow: object) -> None:
    """The same workbook, counts and lists; the lists of error values and of formulas not evaluated may
    come in another order (a group's cells are reached together, cell by cell they are reached row by
    row), and in the fast one every cell comes after the cell whose failure it names."""
    if not (isinstance(fast, tuple) and isinstance(slow, tuple) and len(fast) == 5 == len(slow)):
        assert fast == slow
        return
    assert fast[:2] == slow[:2] and fast[4] == slow[4]
    assert sorted(fast[2]) == sorted(slow[2]) and sorted(fast[3]) == sorted(slow[3])
    seen: set[str] = set()
    for line in fast[3]:
        cell, why = line.split(": ", 1)
        if why.startswith("it reads ") and why.endswith(", which was not evaluated"):
            assert why[len("it reads "):-len(", which was not evaluated")] in seen, line
        seen.add(cell)


def _bulk_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the columns evaluated in bulk in this test (bulk's result not declined): kept cells of
    one column (xltb.recalc.columns) or groups (xltb.recalc.groups)."""
    sizes: list[int] = []

    def counted(plan, rows, varying):
        out = bulk(plan, rows, varying)
        if out is not None:
            sizes.append(len(rows))
        return out

    def counted_column(plan, inputs, n, memo=None):
        out = bulk_column(plan, inputs, n, memo)
        if out is not None:
            sizes.append(n)
        return out

    monkeypatch.setattr(recalc_columns, "bulk", counted)
    monkeypatch.setattr(recalc_groups, "bulk_column", counted_column)
    return sizes


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_workbooks_give_the_dispatchers_values(path, monkeypatch):
    sizes = _bulk_counted(monkeypatch)
    fast, slow, programs = _both(path.read_bytes(), monkeypatch)
    _same(fast, slow)
    assert programs > 0  # the shortcut was taken, not only the dispatcher compared with itself
    if path.parent.name == "templates":
        assert sizes  # and the columns of the standings were evaluated in bulk


def _lookups() -> bytes:
    """MATCH and INDEX over every kind of value: numbers and their text, text in both cases, booleans,
    errors, empty cells, duplicates, wildcards, values not found, and sorted lookups."""
    wb = Workbook()
    ws = wb.active
    column = [3, "3", "Abc", "abc", True, 1, 1.0, "=1/0", None, "x*y", 2.5, 3, "ABC", False, 0, "", "=NA()"]
    for i, v in enumerate(column, start=1):
        ws.cell(row=i, column=1, value=v)
        ws.cell(row=i, column=2, value=i * 10)
    probes = ["3", '"3"', '"abc"', '"ABC"', "TRUE", "FALSE", "1", "1.0", '"x*y"', '"x~*y"', '"a*"', '"?bc"', "2.5",
              "0", '""', "99", '"nope"', "1/0", "NA()", "C1", "C2", "C30"]
    for j, probe in enumerate(probes, start=1):
        ws.cell(row=j, column=4, value=f"=MATCH({probe},$A$1:$A$17,0)")
        ws.cell(row=j, column=5, value=f"=INDEX($B:$B,MATCH({probe},$A:$A,0))")
        ws.cell(row=j, column=6, value=f"=MATCH({probe},$A$1:$A$17,1)")
        ws.cell(row=j, column=7, value=f"=IFERROR(MATCH({probe},$A$1:$A$17,0),-1)")
    ws["C1"], ws["C2"] = "abc", 3
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_lookups_of_every_kind_of_value_give_the_dispatchers_values(monkeypatch):
    fast, slow, programs = _both(_lookups(), monkeypatch)
    _same(fast, slow)
    assert programs > 0


def _columns() -> bytes:
    """The templates' shapes down columns, over every kind of value a row may hold: numbers, their text,
    text in both cases, booleans, errors, empty cells, 0, values not found, duplicates; plus shapes bulk
    must decline or treat per row (an absolute cell, ranges that move with the row, INDEX of two
    columns, a column whose cells are read by the next row)."""
    wb = Workbook()
    ws = wb.active
    keys = [3, "3", "Abc", "abc", True, 1, 1.0, "=1/0", None, "x*y", 2.5, 3, "ABC", False, 0, "", "=NA()", 99,
            "nope", '=""', "=A2", 7]
    table = [3, "abc", True, 1, 2.5, 0, "x*y", False, "", 7, "3", 1.5]
    for i, v in enumerate(table, start=1):
        ws.cell(row=i, column=16, value=v)  # P: the keys looked up
        ws.cell(row=i, column=15, value=f"o{i}" if i % 3 else i * 1.5)  # O: what is found
        ws.cell(row=i, column=19, value=None if i % 4 == 0 else ("=1/0" if i == 6 else -i))  # S
    for r, v in enumerate(keys * 4, start=2):  # more than 64 rows: the whole columns are shared ranges
        ws.cell(row=r, column=1, value=v)
        ws.cell(row=r, column=2, value=f'=IF($A{r}=0,"",INDEX($O:$O,MATCH($A{r},$P:$P,0)))')
        ws.cell(row=r, column=3, value=f'=IF($A{r}=0,"",INDEX($S:$S,MATCH($A{r},$P:$P,0)))')
        ws.cell(row=r, column=4, value=f"=A{r}")
        ws.cell(row=r, column=5, value=f"=MATCH(A{r},$P$1:$P$12,0)")
        ws.cell(row=r, column=6, value=f'=IF(A{r}>2,"big",A{r}<>"x")')
        ws.cell(row=r, column=7, value=f"=INDEX($O$1:$S$12,MATCH($A{r},$P:$P,0),1)")
        ws.cell(row=r, column=8, value=f"=A{r}=$Z$1")
        ws.cell(row=r, column=9, value=f"=MATCH(A{r},P{r}:P{r + 3},0)")
        ws.cell(row=r, column=10, value=f"=IF(J{r - 1}=0,A{r},J{r - 1})" if r > 2 else "=A2")
        ws.cell(row=r, column=11, value=f"=INDEX($O:$O,A{r})")
        ws.cell(row=r, column=12, value=f"=IF(D{r}=0,A{r},D{r})")  # D: evaluated row by row, as L reads it
        # M and N read each other a row up: as groups a circle, cell by cell none (evaluated again alone)
        ws.cell(row=r, column=13, value=f"=N{r - 1}=1" if r > 2 else "=1")
        ws.cell(row=r, column=14, value=f"=IF(M{r - 1}=TRUE,1,0)" if r > 2 else "=1")
        # Q reads R's row, R reads Q in row 40 only: a true circle at row 40 through a group
        ws.cell(row=r, column=17, value=f"=R{r}=1")
        ws.cell(row=r, column=18, value="=Q40" if r == 40 else f"=T{r}=0")
        # U reads W, which is not evaluated in row 30 (an unknown function): each U cell names what it reads
        ws.cell(row=r, column=21, value=f"=IF(W{r}=1,1,2)")
        ws.cell(row=r, column=23, value="=NOSUCHFUNCTION(1)" if r == 30 else f"=A{r}=3")
        # X reads rows off the sheet's top in its first rows: no group there, the rest may be one
        ws.cell(row=r, column=24, value=f"=A{r - 3}=3" if r > 4 else f"=A{r}=3")
    ws["Z1"] = "abc"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_columns_of_one_shape_in_bulk_give_each_cells_values(monkeypatch):
    sizes = _bulk_counted(monkeypatch)
    starts: list[int] = []
    reset = recalc_engine.Engine._reset

    def counted_reset(self):
        starts.append(1)
        reset(self)

    monkeypatch.setattr(recalc_engine.Engine, "_reset", counted_reset)
    fast, slow, _ = _both(_columns(), monkeypatch)
    _same(fast, slow)
    assert sizes.count(88) >= 4  # whole columns were evaluated in bulk, not declined
    assert len(starts) > 2  # the groups' circle (M, N) made the fast run start again without them


@pytest.fixture(scope="module")
def seed_template(tmp_path_factory) -> Path:
    return template_seed(tmp_path_factory.mktemp("seed"))


@pytest.mark.parametrize("seed", range(8))
def test_fuzzed_workbooks_give_the_dispatchers_values(seed, seed_template, tmp_path, monkeypatch):
    out = tmp_path / "mutated.xlsx"
    mutate_workbook(seed_template, random.Random(f"program-{seed}"), out)
    fast, slow, _ = _both(out.read_bytes(), monkeypatch)
    _same(fast, slow)
