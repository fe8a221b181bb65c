"""Crosstable sheets in arbiter / chess-results notation -> the tournament model."""

from __future__ import annotations

from pathlib import Path

import pytest

from xltb.ranking import compute
from xltb.sheets.crosstable import CellError, Origin, format_cell, from_tournament, parse_cell, to_tournament
from helpers import read_trf
from xltb.model import Colour, EventType, Kind

SEED = Path(__file__).parent / "data" / "seed"

# The Swiss of Held's "Exercises in tie-breaking" (2.1), exactly as the book prints it.
BOOK_SWISS = """\
2 Bruno 2150 4.0 +B10 +W7 =B1 +W16 =B3
1 Alyx 2200 3.5 +W9 =B13 =W2 +B15 =W4
3 Charline 2100 3.5 =W11 +B6 +W8 =B4 =W2
4 David 2050 3.5 +B12 =BYE +W13 =W3 =B1
16 Stephan 1450 3.5 =W8 +B11 +W7 -B2 +W15
6 Franck 1950 3.0 -B14 -W3 +BYE +W10 +B8
5 Helene 2000 2.5 -W13 -B15 +W11 =B7 +W10
8 Irina 1850 2.5 =B16 +W14 -B3 +W13 -W6
11 Maria 1700 2.5 =B3 -W16 -B5 +F9 +W7
12 Nick 1650 2.0 -W4 +BYE +F14 . .
14 Paul 1550 2.0 +W6 -B8 -F12 ZPB +B13
15 Reine 1500 2.0 -B7 +W5 +B10 -W1 -B16
7 Genevieve 1900 1.5 +W15 -B2 -B16 =W5 -B11
9 Jessica 1800 1.5 -B1 -W10 =BYE -F11 +BYE
13 Opal 1600 1.5 +B5 =W1 -B4 -B8 -W14
10 Lais 1750 1.0 -W2 +B9 -W15 -B6 -B5
"""


def book_rows(text: str = BOOK_SWISS) -> list[list]:
    rows: list[list] = [["#", "NAME", "ELO", "SCORE", "1", "2", "3", "4", "5"]]
    for line in text.splitlines():
        no, name, elo, score, *rounds = line.split()
        rows.append([float(no), name, float(elo), score] + [None if r == "." else r for r in rounds])
    return rows


def _key(st):
    return [(r.rank, r.start_no, r.points, tuple(r.values.items())) for r in st.rows]


@pytest.mark.parametrize("text, expected", [
    ("+W9", (Kind.WIN, 9, Colour.WHITE)),
    ("=b13", (Kind.DRAW, 13, Colour.BLACK)),
    ("-W2", (Kind.LOSS, 2, Colour.WHITE)),
    ("+?4", (Kind.WIN, 4, Colour.NONE)),
    ("+F9", (Kind.FORFEIT_WIN, 9, Colour.NONE)),
    ("-F12", (Kind.FORFEIT_LOSS, 12, Colour.NONE)),
    ("+BYE", (Kind.PAB, None, Colour.NONE)),
    ("PAB", (Kind.PAB, None, Colour.NONE)),
    ("=BYE", (Kind.HALF_BYE, None, Colour.NONE)),
    ("HPB", (Kind.HALF_BYE, None, Colour.NONE)),
    ("ZPB", (Kind.ZERO_BYE, None, Colour.NONE)),
    ("FPB", (Kind.FULL_BYE, None, Colour.NONE)),
    ("", (Kind.ABSENT, None, Colour.NONE)),
    (None, (Kind.ABSENT, None, Colour.NONE)),
    ("W7", (Kind.NOT_PLAYED, 7, Colour.WHITE)),
    # chess-results cells
    ("9w1", (Kind.WIN, 9, Colour.WHITE)),
    ("13b½", (Kind.DRAW, 13, Colour.BLACK)),
    (" 22w½", (Kind.DRAW, 22, Colour.WHITE)),
    ("5s0", (Kind.LOSS, 5, Colour.BLACK)),
    ("12w+", (Kind.FORFEIT_WIN, 12, Colour.WHITE)),  # a forfeit keeps the colour of its pairing
    ("5b-", (Kind.FORFEIT_LOSS, 5, Colour.BLACK)),
    ("+FW9", (Kind.FORFEIT_WIN, 9, Colour.WHITE)),
    ("-fb12", (Kind.FORFEIT_LOSS, 12, Colour.BLACK)),
    ("+F?9", (Kind.FORFEIT_WIN, 9, Colour.NONE)),
    ("-1", (Kind.PAB, None, Colour.NONE)),
    (-1.0, (Kind.PAB, None, Colour.NONE)),
    ("-½", (Kind.HALF_BYE, None, Colour.NONE)),
    (-0.5, (Kind.HALF_BYE, None, Colour.NONE)),
    ("-0", (Kind.ZERO_BYE, None, Colour.NONE)),
    ("0", (Kind.ABSENT, None, Colour.NONE)),
])
def test_notation(text, expected):
    assert parse_cell(text) == expected


@pytest.mark.parametrize("text", ["+X9", "W", "++W9", "9x1", "BYE", "1-0", "+W", "=F9"])
def test_bad_notation(text):
    with pytest.raises(ValueError, match="cannot read"):
        parse_cell(text)


def test_book_crosstable_gives_the_trf_standings():
    """The book's crosstable, row order and all, computes exactly what the TRF file does."""
    t = to_tournament(book_rows())
    trf = read_trf(SEED / "held-swiss16.trf")
    assert t.rounds == 5 and len(t.players) == 16
    for codes in ("BH/C1,BH,SB,DE,WIN", "ARO,TPR,PTP,APRO,APPO,KS,PS/C1,REP,BPG,BWG,AOB,FB/C1,SB/C1,BH/M2"):
        for rules in ("2012", "2024", "2026"):
            assert _key(compute(t, codes, rules)) == _key(compute(trf, codes, rules))


@pytest.mark.parametrize("name", ["held-swiss16.trf", "held-swiss16-r9.trf", "held-rr6.trf"])
def test_round_trip_through_the_notation(name):
    trf = read_trf(SEED / name)
    rows = from_tournament(trf)
    t = to_tournament(rows, event_type=trf.event_type)
    assert [p.start_no for p in t.players] == [p.start_no for p in trf.players]
    for a, b in zip(t.players, trf.players):
        assert (a.name, a.rating, a.federation) == (b.name, b.rating, b.federation)
        for x, y in zip(a.results, b.results):
            assert (x.opponent, x.points) == (y.opponent, y.points)
            # a withdrawal written 0000 - Z and an empty cell are the same (C.07 16.1.1)
            assert x.kind == y.kind or {x.kind, y.kind} <= {Kind.ZERO_BYE, Kind.ABSENT}
    for codes in ("BH/C1,BH,SB,DE,WIN,KS,PS,ARO,TPR", "SB/C1,KS,WIN,PS,DE"):
        if trf.event_type.predetermined and "BH" in codes:
            continue
        assert _key(compute(t, codes, "2024")) == _key(compute(trf, codes, "2024"))


def test_format_cell_inverts_parse_cell():
    for p in read_trf(SEED / "held-swiss16.trf").players:
        for r in p.results:
            kind, opp, colour = parse_cell(format_cell(r))
            assert opp == r.opponent
            assert kind == r.kind or {kind, r.kind} <= {Kind.ZERO_BYE, Kind.ABSENT}


def test_chess_results_rows():
    rows = [["No", "Name", "1.Rd", "2.Rd"], [1, "A", "2w1", "3b½"], [2, "B", "1b0", "-1"], [3, "C", "-½", "1w½"]]
    t = to_tournament(rows)
    assert [p.points for p in t.players] == [1.5, 1, 1]


def test_rounds_not_played_yet_and_spare_rows():
    rows = [["No", "Name", "R1", "R2", "R3"], [1, "A", "+W2", None, None], [2, "B", "-B1", None, None],
            [None, None, None, None, None]]
    t = to_tournament(rows)
    assert t.rounds == 1 and len(t.players) == 2


@pytest.mark.parametrize("change, cell, message", [
    ((2, 5, "+W99"), "Crosstable!F3", "opponent 99 has no row"),
    ((2, 5, "+Q10"), "Crosstable!F3", r"cannot read '\+Q10'"),
    ((2, 5, "=B10"), "Crosstable!F3", "paired with #10, but #10's cell Crosstable!F17 says"),
    ((2, 5, "+B13"), "Crosstable!F3", "contradict"),
    ((2, 5, "+W3"), "Crosstable!F3", "paired with #3, but #3's cell"),
    ((3, 0, 1), "Crosstable!A4", "pairing number 1 is used twice"),
    ((2, 2, "x"), "Crosstable!C3", "rating 'x' is not a number"),
    ((3, 0, True), "Crosstable!A4", "pairing number is TRUE or FALSE, not a whole number"),  # it was read as 1
    ((2, 2, 2.5), "Crosstable!C3", "rating '2.5' is not a whole number"),
    ((3, 4, "=B11"), "Crosstable!E4", "same colour"),
])
def test_bad_cells_name_the_cell(change, cell, message):
    rows = book_rows()
    r, c, value = change
    rows[r][c] = value
    with pytest.raises(CellError, match=message) as info:
        to_tournament(rows)
    assert info.value.cell == cell
    assert str(info.value).startswith(cell)


def test_origin_moves_the_addresses():
    rows = book_rows()
    rows[2][5] = "+Q10"
    with pytest.raises(CellError) as info:
        to_tournament(rows, origin=Origin("My sheet", 4, 2))
    assert info.value.cell == "'My sheet'!G6"


def test_missing_columns():
    with pytest.raises(CellError, match="pairing number"):
        to_tournament([["Name", "R1"], ["A", ""]])
    with pytest.raises(CellError, match="round 2"):
        to_tournament([["No", "Name", "R1", "R3"], [1, "A", "", ""]])


def test_double_forfeit():
    rows = [["No", "Name", "R1"], [1, "A", "-F2"], [2, "B", "-F1"]]
    t = to_tournament(rows, event_type=EventType.SWISS)
    assert [p.results[0].kind for p in t.players] == [Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT]


def test_forfeits_keep_their_colour():
    """BPG/BWG count forfeits where forfeits count as games (round robins before 2026, /P): the crosstable
    keeps the colour of a forfeited pairing, and both cells must not claim the same colour."""
    rows = [["No", "Name", "R1", "R2"], [1, "A", "+FW2", "=B2"], [2, "B", "-FB1", "=W1"]]
    t = to_tournament(rows, event_type=EventType.ROUND_ROBIN)
    assert [r.colour for r in t.players[0].results] == [Colour.WHITE, Colour.BLACK]
    assert format_cell(t.players[0].results[0]) == "+FW2" and format_cell(t.players[1].results[0]) == "-FB1"
    st = compute(t, "BPG/P,BWG/P", "2026")
    assert st.row(2).values["BPG/P"] == 1 and st.row(1).values["BPG/P"] == 1
    rows[2][2] = "-FW1"
    with pytest.raises(CellError, match="same colour"):
        to_tournament(rows)
    rows[1][2], rows[2][2] = "+F2", "-F1"  # colour not known: still valid
    assert to_tournament(rows).players[0].results[0].colour is Colour.NONE


@pytest.mark.parametrize("name, kind, codes", [
    ("seed/held-rr6.trf", EventType.ROUND_ROBIN, "DE,WIN,SB,KS,BPG,BWG"),
    ("real/cr_ussa2026_closed_open_rr.trf", None, "BPG/P,BWG/P,BPG,BWG"),
    ("check/cr_world_blitz_2021_open.trf", None, "BPG/P,BWG/P"),
])
def test_forfeit_colours_survive_the_crosstable(name, kind, codes):
    trf = read_trf(Path(__file__).parent / "data" / name)
    assert any(r.kind.forfeit and r.colour is not Colour.NONE for p in trf.players for r in p.results)
    t = to_tournament(from_tournament(trf), event_type=kind or trf.event_type)
    for rules in ("2024", "2026"):
        a, b = compute(t, codes, rules), compute(trf, codes, rules)
        assert [(r.start_no, r.rank, r.values) for r in a.rows] == [(r.start_no, r.rank, r.values) for r in b.rows]
