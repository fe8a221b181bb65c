"""The classic .xlsm's macro *Pair next round*, its Python side (xltb.hosts.classic.pair_next_round, which the
VBA Sub PairNextRound calls through xlwings' RunPython): run here against a stand-in for xlwings' API (the
calling book from ``xw.Book.caller()``, its names, ``Range.value`` as COM gives it, ``App.alert``), built from a
template's own cells. Excel cannot run here: the VBA text is checked in tests/test_excel_vba.py, and the
round trip VBA -> Python -> Excel is not run.

Round after round: what the macro writes is what ``xltb pair WORKBOOK -o OUT`` writes for the same workbook
(xltb.recalc.enter.pair_workbook), with Excel's apostrophe before ``+BYE`` (a text, not a formula); refused,
with the reason in the message box and nothing written, while the round entered has no results."""

from __future__ import annotations

import contextlib
import io
import random
import re

import pytest
from openpyxl import load_workbook

from helpers import set_cells
from xltb.cells import column_index
from xltb.functions import core
from xltb.hosts import classic
from xltb.model import Player, Tournament
from xltb.recalc.enter import pair_workbook
from xltb.templates.build import render


class FakeRange:
    """A range of xlwings' API as the macro uses it: ``value`` read (numbers as floats, as COM gives them;
    empty cells None) and written, ``options(ndim=2)``, ``sheet``, ``row``, ``column``."""

    def __init__(self, book: "FakeBook", sheet: str, row: int, column: int, height: int = 1, width: int = 1):
        self.book, self.row, self.column, self.height, self.width = book, row, column, height, width
        self.sheet = FakeSheet(book, sheet)

    def options(self, **kwargs):
        assert kwargs == {"ndim": 2}
        return self

    @property
    def value(self):
        ws = self.book.cells[self.sheet.name]
        return [[_com(ws.get((r, c))) for c in range(self.column, self.column + self.width)]
                for r in range(self.row, self.row + self.height)]

    @value.setter
    def value(self, value):
        assert (self.height, self.width) == (1, 1)
        self.book.writes.append((self.sheet.name, self.row, self.column, "value", value))
        self.book.cells[self.sheet.name][(self.row, self.column)] = value

    @property
    def formula(self):
        raise AssertionError("the macro writes no formula")

    @formula.setter
    def formula(self, value):
        raise AssertionError(f"the macro writes no formula: {value!r}")


def _com(value):
    """A cell's value as Excel's COM gives it to xlwings: numbers as floats."""
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


class FakeSheet:
    def __init__(self, book: "FakeBook", name: str):
        self.book, self.name = book, name

    def __getitem__(self, address: str) -> FakeRange:
        m = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", address)
        assert m, address
        return FakeRange(self.book, self.name, int(m[2]), column_index(m[1]))


class FakeName:
    def __init__(self, name: str, rng: FakeRange):
        self.name, self.refers_to_range = name, rng


class FakeApp:
    def __init__(self, book: "FakeBook"):
        self.book = book
        self.alerts: list[tuple[str, str | None, str | None]] = []
        self.calculation, self.screen_updating = "automatic", True

    @contextlib.contextmanager
    def properties(self, **kwargs):
        """xlwings' App.properties: the properties set in the block, set back after it."""
        before = {k: getattr(self, k) for k in kwargs}
        for k, v in kwargs.items():
            setattr(self, k, v)
        self.book.writes.append(("app", kwargs))
        try:
            yield self
        finally:
            for k, v in before.items():
                setattr(self, k, v)
            self.book.writes.append(("app", before))

    def alert(self, prompt, title=None, buttons="ok", mode=None, callback=None):
        self.alerts.append((prompt, title, mode))
        return "ok"


class FakeBook:
    """The calling workbook: its cells (values only, as openpyxl reads the template's cached values), its
    defined names, ``sheets[name][cell]``, ``app``; every write recorded."""

    def __init__(self, data: bytes):
        wb = load_workbook(io.BytesIO(data), data_only=True)
        self.cells = {ws.title: {(c.row, c.column): c.value for row in ws.iter_rows() for c in row
                                 if c.value is not None} for ws in wb.worksheets}
        self.writes: list[tuple] = []
        self.app = FakeApp(self)
        self.names = []
        for name, defined in wb.defined_names.items():
            sheet, ref = defined.attr_text.split("!")
            first, _, last = ref.replace("$", "").partition(":")
            (r1, c1), (r2, c2) = _place(first), _place(last or first)
            self.names.append(FakeName(name, FakeRange(self, sheet, r1, c1, r2 - r1 + 1, c2 - c1 + 1)))
        self.sheets = {ws.title: FakeSheet(self, ws.title) for ws in wb.worksheets}


def _place(cell: str) -> tuple[int, int]:
    m = re.fullmatch(r"([A-Z]+)(\d+)", cell)
    return int(m[2]), column_index(m[1])


@pytest.fixture
def caller(monkeypatch):
    """``xw.Book.caller()`` giving the book the test sets."""
    holder: dict = {}
    monkeypatch.setattr(classic.xw.Book, "caller", classmethod(lambda cls: holder["book"]))
    return holder


def test_round_after_round_as_xltb_pair(tmp_path, caller):
    """A Swiss of 11 players (a PAB each round) over 4 rounds: each round the macro writes exactly the cells
    ``xltb pair WORKBOOK -o OUT`` writes (the same pairing), "+BYE" after Excel's apostrophe, and says so; random
    results typed between rounds; run again before the results, it refuses and writes nothing."""
    rng = random.Random(7)
    players = tuple(Player(start_no=i, name=f"P{i:02d}", results=(), rating=2400 - 20 * i) for i in range(1, 12))
    path = tmp_path / "r0.xlsx"
    path.write_bytes(render("individual", Tournament(name="Open", players=players, rounds=0, rounds_planned=4)))
    for rnd in range(1, 5):
        core.clear_cache()
        expected = pair_workbook(path)
        book = caller["book"] = FakeBook(path.read_bytes())
        said = classic.pair_next_round()
        assert book.app.alerts == [(said, "xltb", "info")]
        assert said.startswith(f"Round {rnd} entered: 5 boards, 11 cells.")
        # Excel's calculation manual while the cells are written (one recalculation after them), then as it was
        assert book.writes[0] == ("app", {"calculation": "manual", "screen_updating": False})
        assert book.writes[-1] == ("app", {"calculation": "automatic", "screen_updating": True})
        written = {(s, r, c): v for s, r, c, _, v in book.writes[1:-1]}
        assert written == {("Crosstable", *e.place): ("'" + e.value if e.value.startswith("+") else e.value)
                           for e in expected.edits}
        assert len(book.writes) - 2 == len(written) == 11  # each cell once, nothing else
        again = caller["book"] = FakeBook(expected.data)  # the round entered, no result yet: refused
        core.clear_cache()
        refused = classic.pair_next_round()
        assert again.writes == [] and again.app.alerts == [(refused, "xltb", "critical")]
        assert refused.startswith(f"Pair next round: not entered: round {rnd} is not complete: 5 games without a "
                                  "result (first Crosstable!")
        cells = {}
        for b in expected.pairing.boards:
            outcome = rng.choice("+=-")
            cells[_address(expected, b.white)] = f"{outcome}W{b.black}"
            cells[_address(expected, b.black)] = f"{ {'+': '-', '=': '=', '-': '+'}[outcome]}B{b.white}"
        path = tmp_path / f"r{rnd}.xlsx"
        path.write_bytes(set_cells(expected.data, "Crosstable", cells))


def _address(paired, number: int) -> str:
    """The cell the pairing wrote for ``number`` (its pending game)."""
    return next(e.cell for e in paired.edits if paired.pairing and _player_of(paired, e) == number)


def _player_of(paired, edit) -> int:
    """The player whose row ``edit`` writes: the opponent named in the partner's cell."""
    for b in paired.pairing.boards:
        if edit.value == f"W{b.black}":
            return b.white
        if edit.value == f"B{b.white}":
            return b.black
    return -1


def test_without_a_crosstable_it_says_so(caller):
    book = FakeBook(render("individual"))
    book.names = [n for n in book.names if n.name != "Crosstable"]
    caller["book"] = book
    assert classic.pair_next_round() == ("Pair next round: this workbook has no range named Crosstable "
                                         "(xltb template individual).")
    assert book.writes == [] and book.app.alerts[0][2] == "critical"
