"""TRF-2026 records a reader can miss, each read as the text says or reported in one warning, never a
refusal of the whole file: NRS national ratings with 172, 162 scoring (P, X), 250 acceleration, ###
comments, the extension lines of other programs. Each with a small file written for it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import SEED
from xltb.decide import decide
from xltb.ranking import rank
from xltb.writers.trf import Ranking, write_trf

HELD = (SEED / "held-swiss16.trf").read_text(encoding="utf-8")


def line001(no: int, name: str, rating: int | None, points: str, *blocks: str) -> str:
    """A 001 line in the TRF-2026 columns: number 5-8, name 15-47, rating 49-52, points 81-84, rounds from 92."""
    return f"001 {no:4d}      {name:<33} {rating or '':>4}{'':28}{points:>4}{'':7}" + "  ".join(blocks)


def nrs(federation: str, no: int, rating: int | None) -> str:
    """An NRS line: a federation instead of 001, the columns of the 001 line's static part."""
    return f"{federation:<3} {no:4d}      {'National ' + str(no):<33} {rating or '':>4} ROM"


#: a four-player round robin: 1 beat 2 and 3, drew 4; ...
GAMES = {1: ("   2 w 1", "   3 b 1", "   4 w ="), 2: ("   1 b 0", "   4 w 1", "   3 b ="),
         3: ("   4 b 0", "   1 w 0", "   2 w ="), 4: ("   3 w 1", "   2 b 0", "   1 b =")}
POINTS = {1: "2.5", 2: "1.5", 3: "0.5", 4: "1.5"}


def small(tmp_path, extra: list[str], ratings=None, name="event.trf", points=None) -> str:
    ratings = ratings or {1: 2000, 2: 1900, 3: None, 4: 1700}
    points = points or POINTS
    lines = ["012 Four players", "042 2026/04/01", "092 Individual: Round-Robin", *extra]
    lines += [line001(n, f"Player {n}", ratings[n], points[n], *GAMES[n]) for n in GAMES]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def standings(path: str, tiebreaks: str = "DE,WIN,SB,KS", lots: int | None = None, **kwargs):
    return rank(decide(path, tiebreaks=tiebreaks, **kwargs), lots=lots)


def values(st) -> list:
    return [(r.rank, r.start_no, r.points, r.values) for r in st.rows]


# --------------------------------------------------------------------------- NRS + 172
@pytest.mark.parametrize("method, expected", [
    ("NRO", {1: 2100, 2: 1900, 3: 1500, 4: 1650}),  # 2 has no NRS line: his FIDE rating
    ("FIDON", {1: 2000, 2: 1900, 3: 1500, 4: 1700}),
    ("NIDOF", {1: 2100, 2: 1900, 3: 1500, 4: 1650}),
    ("HBFN", {1: 2100, 2: 1900, 3: 1500, 4: 1700}),
    ("LBFN", {1: 2000, 2: 1900, 3: 1500, 4: 1650}),
    ("FIDE", {1: 2000, 2: 1900, 3: None, 4: 1700}),
])
def test_national_ratings_with_172(tmp_path, method, expected):
    """The NRS lines give national ratings; 172 says which rating the event's players have: ARO uses it."""
    path = small(tmp_path, [f"172 ROU {method}"] + [nrs("ROU", 1, 2100), nrs("ROU", 3, 1500), nrs("ROU", 4, 1650)])
    event = decide(path).event
    assert {p.start_no: p.rating for p in event.players} == expected
    assert {p.start_no: p.fide_rating for p in event.players if p.national} == {1: 2000, 3: None, 4: 1700}
    said = [str(w) for w in event.warnings if str(w).startswith("172 ROU")]
    assert len(said) == (0 if method == "FIDE" else 1)
    st = standings(path, "ARO", unrated_rating=1000)
    rating = {n: (r if r is not None else 1000) for n, r in expected.items()}
    for row in st.rows:  # every player met the three others
        others = [rating[n] for n in GAMES if n != row.start_no]
        assert row.values["ARO"] == (sum(others) * 2 + 3) // 6  # C.07 10.1: rounded, 0.5 up


def test_national_ratings_are_written_back(tmp_path):
    path = small(tmp_path, ["172 ROU NIDOF", nrs("ROU", 1, 2100)])
    decision = decide(path)
    text = write_trf(decision.event, Ranking({}, (), "2026-03")).text
    assert "172 ROU NIDOF" in text.splitlines()
    again = tmp_path / "again.trf"
    again.write_text(text, encoding="utf-8")
    back = decide(str(again)).event
    assert [(p.rating, p.fide_rating, p.national) for p in back.players] == \
        [(p.rating, p.fide_rating, p.national) for p in decision.event.players]
    first = next(x for x in text.splitlines() if x.startswith("001    1"))
    assert first[48:52] == "2000"  # the 001 line keeps the FIDE rating


def test_nrs_lines_that_name_nobody_or_without_172(tmp_path):
    path = small(tmp_path, [nrs("ITA", 1, 2300), nrs("ITA", 9, 2000), "ITA    2      National 2 without rating   xx"])
    event = decide(path).event
    text = " | ".join(str(w) for w in event.warnings)
    assert "name no player of the event or no rating" in text and "without a 172 record" in text
    assert event.player(1).rating == 2000  # FIDE, as nothing says otherwise


def test_172_other_or_unknown(tmp_path):
    path = small(tmp_path, ["172 ROU OTHER", "172 ROU XYZZY", nrs("ROU", 1, 2100)])
    event = decide(path).event
    assert event.player(1).rating == 2000
    assert sum("OTHER names no rule" in str(w) for w in event.warnings) == 1
    assert sum("is not a federation and a rating method" in str(w) for w in event.warnings) == 1


# --------------------------------------------------------------------------- 162
def test_162_pab_not_worth_a_win_and_std(tmp_path):
    """P 0.5: a pairing-allocated bye is worth a draw; STD then gives it 1/2 (C.07 7.7: as much as a draw)."""
    lines = [line001(1, "A", 2000, "1.5", "   2 w 1", "0000 - U"),
             line001(2, "B", 1900, "1.0", "   1 b 0", "   3 w 1"),
             line001(3, "C", 1800, "0.5", "0000 - U", "   2 b 0")]
    path = tmp_path / "p.trf"
    path.write_text("012 P\n042 2026/04/01\n162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5\n"
                    + "\n".join(lines) + "\n", encoding="utf-8")
    st = standings(str(path), "STD")
    assert st.event.scoring.pab == Fraction(1, 2)
    assert {r.start_no: (r.points, r.values["STD"]) for r in st.rows} == {
        1: (Fraction(3, 2), Fraction(3, 2)), 2: (1, 1), 3: (Fraction(1, 2), Fraction(1, 2))}


def test_162_x_unknown_result(tmp_path):
    """X gives the points of a result not known yet; such a game (result X or blank) is a round not played
    yet here, and X is kept to be written back."""
    lines = [line001(1, "A", 2000, "1.0", "   2 w 1", "   3 b X"),
             line001(2, "B", 1900, "1.0", "   1 b 0", "0000 - U"),
             line001(3, "C", 1800, "1.0", "0000 - U", "   1 w X")]
    path = tmp_path / "x.trf"
    path.write_text("012 X\n162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5\n" + "\n".join(lines) + "\n",
                    encoding="utf-8")
    decision = decide(str(path))
    assert decision.event.scoring.unknown == Fraction(1, 2)
    assert decision.event.player(1).results[1].kind.name == "NOT_PLAYED"
    assert decision.event.player(1).points == 1
    assert "X 0.5" in write_trf(decision.event, Ranking({}, (), "2026-03")).text


# --------------------------------------------------------------------------- 250, ###, extension lines
def test_250_acceleration_never_reaches_a_tie_break(tmp_path):
    plain = small(tmp_path, [], name="plain.trf")
    accelerated = small(tmp_path, ["### MMMM GGGG RRF RRL PPPF PPPL", "250      01.0 001 002 0001 0002",
                                   "XXA    1  1.0  1.0"], name="accelerated.trf")
    a, b = standings(plain, "KS,SB,WIN", unrated_rating=1000), standings(accelerated, "KS,SB,WIN", unrated_rating=1000)
    assert values(a) == values(b) and not [str(w) for w in b.warnings if "not read" in str(w)]


def test_comments_do_not_change_the_list(tmp_path):
    """A commented-out tie-break list (### before the 202) is a comment: the list is the one in force."""
    path = small(tmp_path, ["### 202 BH,SB", "###202 KS", "202 SB,KS", "### the list was changed"])
    st = rank(decide(path))
    assert st.codes == ["SB", "KS"] and st.choices.tiebreaks.origin == "file"


def test_extension_lines_of_other_programs(tmp_path):
    """XXS and bbpPairings' BBx set the scoring; XXA, XXZ, XXP, XXC and DAT carry pairing data (or a player's
    data): none of them refuses the file, none changes the standings."""
    plain = small(tmp_path, [], name="plain.trf")
    extended = small(tmp_path, ["XXR 3", "XXS W=1 D=0.5", "BBW 1.0", "BBD 0.5", "BBL 0.0", "BBZ 0.0", "BBF 0.0",
                                "BBU 1.0", "XXA 0001  1.0", "XXZ 3 4", "XXP 1 2", "XXC white1",
                                "DAT 0001 EMAIL player1@example.org", "DAT 1 ID:TORNELO 39d162db"], name="ext.trf")
    a, b = standings(plain, "DE,WIN,SB,KS"), standings(extended, "DE,WIN,SB,KS")
    assert values(a) == values(b)
    assert not [str(w) for w in b.warnings if "not read" in str(w)]


def test_scoring_from_extension_lines(tmp_path):
    """bbpPairings' BBW/BBD: 3 points a win, 1 a draw; the totals (columns 81-84) say so."""
    path = small(tmp_path, ["BBW 3.0", "BBD 1.0"], name="three.trf", points={1: "7.0", 2: "4.0", 3: "1.0", 4: "4.0"})
    event = decide(path).event
    assert (event.scoring.win, event.scoring.draw) == (3, 1)
    assert {p.start_no: p.points for p in event.players} == {1: 7, 2: 4, 3: 1, 4: 4}


def test_records_xltb_does_not_know_are_one_warning(tmp_path):
    path = small(tmp_path, ["ZZ1 something", "QQQ 1 2 3", "QQQ 4 5 6"], name="odd.trf")
    st = standings(path)
    said = [str(w) for w in st.warnings if "not read" in str(w)]
    assert len(said) == 1 and "'QQQ' (line 5, 6)" in said[0]
    assert values(st) == values(standings(small(tmp_path, [], name="plain.trf")))
