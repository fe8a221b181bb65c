"""Hand-built team events, one rule at a time: team PAB, forfeited match, team bye in the last
round, GP as primary score, out-of-order line-up, reserves, 362/320/299 records."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from xltb.cli.main import main
from xltb.readers.trf_team import read as parse_team_trf
from xltb.model import Kind
from xltb.model.team import TeamTournament
from xltb.ranking import compute
from xltb.ranking.players import player_standings
from xltb.tiebreaks.team import normalising_factor


def line001(no: int, name: str, rating: int, cells: list[str]) -> str:
    """A 001 line; a cell is ``"<opp> <colour> <result>"`` (e.g. ``"4 w 1"``) or ``"- <code>"``."""
    head = f"001 {no:>4}      {name:<33} {rating:>4} {'':>3} {'':>11} {'':>10} {'':>4} {'':>4}"
    blocks = []
    for cell in cells:
        opp, colour, result = cell.split(" ") if cell.count(" ") == 2 else ("0000", "-", cell.split(" ")[-1])
        blocks.append(f"  {opp:>4} {colour} {result}")
    return head + "".join(blocks)


def line310(no: int, name: str, ids: list[int], mp: str = "", gp: str = "") -> str:
    return f"310 {no:>3} {name:<32} {name[:3].upper():<5} {'':>6} {mp:>6} {gp:>6} {'':>3}  " + \
        " ".join(f"{p:>4}" for p in ids)


PLAYERS = [
    # T1: 1, 2, reserve 3
    (1, "One, A", 2000, ["4 w 1", "6 w +", "9 b 0"]),
    (2, "Two, A", 1900, ["5 b =", "7 b +", "- -"]),  # round 3: a reserve who did not play (not a forfeit)
    (3, "Three, A", 1800, ["- -", "- -", "8 w 1"]),
    # T2
    (4, "One, B", 1950, ["1 b 0", "10 w 0", "- Z"]),
    (5, "Two, B", 1850, ["2 w =", "11 b =", "- Z"]),
    # T3
    (6, "One, C", 1940, ["8 b 0", "1 b -", "10 w 1"]),
    (7, "Two, C", 1840, ["9 w 0", "2 w -", "11 b 1"]),
    # T4
    (8, "One, D", 1930, ["6 w 1", "- -", "3 b 0"]),
    (9, "Two, D", 1830, ["7 b 1", "- -", "1 w 1"]),
    # T5
    (10, "One, E", 1920, ["- -", "4 b 1", "6 b 0"]),
    (11, "Two, E", 1820, ["- -", "5 w =", "7 w 0"]),
]


PAB_320 = "320" + " " * 11 + "  5   4   0"  # cols 5-8 and 10-13 blank (default values), teams of rounds 1-3


def event_text(*, pab: str = PAB_320, lineup: bool = True, extra: tuple[str, ...] = (),
               type_code: str = "FIDE_TEAM_MP_GP") -> str:
    lines = ["012 Hand-built team Swiss", "042 2024/10/01", "092 Team Swiss", "142 3", f"192 {type_code}",
             "352 WB", "362 TW  2.0   TD  1.0   TL  0.0"]
    lines += [line001(no, name, rating, cells) for no, name, rating, cells in PLAYERS]
    lines += [line310(1, "Team One", [1, 2, 3]), line310(2, "Team Two", [4, 5]), line310(3, "Team Three", [6, 7]),
              line310(4, "Team Four", [8, 9]), line310(5, "Team Five", [10, 11])]
    if pab:
        lines.append(pab)
    lines.append("330 +-   2   1   3")  # round 2: Team One wins by forfeit against Team Three
    lines.append("240 Z   3    2")  # round 3 (the last): Team Two asked for a zero-point bye
    if lineup:
        lines.append("300   3   1   4    3    1")  # round 3: Team One fields 3 on board 1, 1 on board 2
    lines += list(extra)
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def event() -> TeamTournament:
    tt = parse_team_trf(event_text(), source="hand-built")
    assert isinstance(tt, TeamTournament)
    return tt


def rounds(tt, team):
    return [(r.kind, r.opponent, r.mp, r.gp) for r in tt.team(team).results]


def test_matches_and_totals(event):
    F = Fraction
    assert rounds(event, 1) == [(Kind.WIN, 2, 2, F(3, 2)), (Kind.FORFEIT_WIN, 3, 2, 2), (Kind.DRAW, 4, 1, 1)]
    assert rounds(event, 2) == [(Kind.LOSS, 1, 0, F(1, 2)), (Kind.LOSS, 5, 0, F(1, 2)), (Kind.ZERO_BYE, None, 0, 0)]
    assert rounds(event, 3) == [(Kind.LOSS, 4, 0, 0), (Kind.FORFEIT_LOSS, 1, 0, 0), (Kind.WIN, 5, 2, 2)]
    assert rounds(event, 4) == [(Kind.WIN, 3, 2, 2), (Kind.PAB, None, 1, 1), (Kind.DRAW, 1, 1, 1)]
    assert rounds(event, 5) == [(Kind.PAB, None, 1, 1), (Kind.WIN, 2, 2, F(3, 2)), (Kind.LOSS, 3, 0, 0)]
    assert [(t.mp, t.gp) for t in event.teams] == [(5, F(9, 2)), (0, 1), (2, 2), (4, 4), (3, F(5, 2))]


def test_team_pab_default_is_a_draw_and_configurable():
    """C.04.6 1.4.1: a draw's MP and GP unless the regulations (TRF 320) say otherwise."""
    tt = parse_team_trf(event_text(pab="320  2.0  1.5   5   4   0"), source="pab")
    assert rounds(tt, 5)[0] == (Kind.PAB, None, 2, Fraction(3, 2))
    assert tt.team(4).mp == 5


def test_out_of_order_lineup(event):
    """300: the reserve plays board 1; the opposing boards follow the pairings."""
    boards = [(b.board, b.player, b.opponent, b.kind) for b in event.team(1).result(3).boards]
    assert boards == [(1, 3, 8, Kind.WIN), (2, 1, 9, Kind.LOSS)]
    assert [(b.board, b.player) for b in event.team(4).result(3).boards] == [(1, 8), (2, 9)]
    assert event.team(1).result(3).lineup_declared
    # without the 300 record the roster order is assumed: 1 on board 1, 3 on board 2
    plain = parse_team_trf(event_text(lineup=False), source="no-300")
    assert [(b.board, b.player) for b in plain.team(1).result(3).boards] == [(1, 1), (2, 3)]


def test_reserve_not_on_a_board_is_not_a_forfeit(event):
    players = [b.player for b in event.team(1).result(3).boards]
    assert 2 not in players
    line = {x.player.start_no: x for x in player_standings(event)}
    assert (line[2].games, line[2].points) == (2, Fraction(3, 2))  # draw and forfeit win; round 3 not counted
    assert (line[1].games, line[1].played, line[1].points) == (3, 2, 2)
    assert (line[3].board, line[3].games, line[3].points) == (3, 1, 1)


@pytest.mark.parametrize("rules,bh_mp,bh_gp", [("2024", 10, Fraction(21, 2)), ("2026", 7, 8)])
def test_forfeited_match_dummy(event, rules, bh_mp, bh_gp):
    """Team One's forfeit win: a dummy with its own score (16.4); from 2026 at most Team Three's
    adjusted score (16.4.1). Team Two's opponents count its last-round ZPB as a draw (16.3.2)."""
    st = compute(event, "BH:MP,BH:GP,EMGSB,EMGSB/C1", rules)
    assert st.evaluation(1, "BH:MP").value == bh_mp  # 1 (Team Two adjusted) + dummy + 4
    assert st.evaluation(1, "BH:GP").value == bh_gp
    dummy = 5 if rules == "2024" else 2
    assert st.evaluation(1, "EMGSB").value == Fraction(3, 2) * 1 + 2 * dummy + 1 * 4
    # 14.1.2: Cut-1 drops the opponent with the lowest MP (Team Two, adjusted 1)
    assert st.evaluation(1, "EMGSB/C1").value == 2 * dummy + 1 * 4


@pytest.mark.parametrize("rules,expected", [("2024", 11), ("2026", 10)])
def test_team_pab_dummy_cap(event, rules, expected):
    """Team Four's PAB: a dummy with its own 4 MP; 2026 caps it at a draw's MP times the rounds (3)."""
    st = compute(event, "BH:MP", rules)
    assert st.evaluation(4, "BH:MP").value == expected


def test_bye_in_last_round(event):
    """Team Two's ZPB in the last round: 16.2.5 for its opponents (a draw), its own dummy gives 0."""
    st = compute(event, "BH:MP,BH:MP/C1", "2024")
    elements = st.evaluation(2, "BH:MP").breakdown()
    assert [(c.round, c.opponent, c.score) for c in elements] == [(1, 1, 5), (2, 5, 3), (3, None, 0)]
    assert elements[2].vur
    # 16.5: the voluntarily unplayed round is cut first
    assert st.evaluation(2, "BH:MP/C1").value == 8


def test_team_240_read_as_a_players_240():
    """A team's 240 is read by the players' 240 reader (trf_records.bye_240, trf_plans.bye_240_kind): one
    table of bye types, one error naming the line; a team's 240 needs a round."""
    from xltb.errors import InputError

    text = event_text()
    with pytest.raises(InputError, match="240: unknown bye type 'X' \\(expected H, F or Z\\)") as bad:
        parse_team_trf(text.replace("240 Z   3    2", "240 X   3    2"), source="bad-240")
    assert bad.value.line == text.split("\n").index("240 Z   3    2") + 1
    with pytest.raises(InputError, match="240: no round in columns 7-9"):
        parse_team_trf(text.replace("240 Z   3    2", "240 Z   0    2"), source="bad-240")
    lower = parse_team_trf(text.replace("240 Z   3    2", "240 h   3    2"), source="lower-240")
    assert rounds(lower, 2)[2] == (Kind.HALF_BYE, None, 1, 1)


def test_gp_as_primary_score():
    tt = parse_team_trf(event_text(type_code="FIDE_TEAM_GP_MP"), source="gp")
    assert tt.primary == "GP"
    st = compute(tt, "MPvGP,BH", "2024")
    assert [r.start_no for r in st.rows] == [1, 4, 5, 3, 2]
    assert st.row(4).points == 4 and st.evaluation(4, "MPvGP").value == 4
    assert st.evaluation(1, "BH").value == Fraction(21, 2)  # BH on the primary score: GP
    # the user may override the file
    assert parse_team_trf(event_text(), source="x", primary="GP").primary == "GP"


def test_board_count_and_pab_boards(event):
    """Art. 12: individual forfeits count as results; a PAB gives each board a win's points."""
    st = compute(event, "BC", "2024")
    assert st.evaluation(1, "BC").value == 1 * 3 + 2 * Fraction(3, 2)
    assert st.evaluation(4, "BC").value == 1 * 2 + 2 * 3


def test_sssc_factor_and_override(event):
    assert normalising_factor(event) == 3  # 2 MP x 3 rounds / 2 boards
    st = compute(event, "SSSC,SSSC/K2", "2024")
    assert st.evaluation(1, "SSSC").value == Fraction(9, 2) + Fraction(10, 3)
    assert st.evaluation(1, "SSSC/K2").value == Fraction(9, 2) + 5


def test_362_record_by_token():
    for record in ("362 TW 3     TD 1     TL 0 ", "362 TW  3.0   TD  1.0   TL  0.0", "362  W 3.0    D 1.0    L 0.0"):
        tt = parse_team_trf(event_text().replace("362 TW  2.0   TD  1.0   TL  0.0", record), source="362")
        assert (tt.match_scoring.win, tt.match_scoring.draw) == (3, 1)
        assert tt.team(1).mp == 3 + 3 + 1


def test_299_forfeit_loss_points():
    tt = parse_team_trf(event_text(extra=("299 -   1.0",)), source="299")
    assert rounds(tt, 3)[1] == (Kind.FORFEIT_LOSS, 1, 1, 0)


def test_match_of_forfeits_without_330_is_a_forfeited_match():
    text = event_text().replace("330 +-   2   1   3\n", "")
    tt = parse_team_trf(text, source="no-330")
    assert rounds(tt, 1)[1][0] is Kind.FORFEIT_WIN
    assert any("read as a forfeited match" in str(w) for w in tt.warnings)


def test_declared_totals_are_checked():
    text = event_text().replace(line310(2, "Team Two", [4, 5]), line310(2, "Team Two", [4, 5], "1.0", "1.0"))
    tt = parse_team_trf(text, source="declared")
    assert any("team 2 (Team Two): the matches add up to 0 MP, the 310 record says 1" in str(w) for w in tt.warnings)


def test_not_team_matches_falls_back_to_individual():
    text = event_text().replace(line310(5, "Team Five", [10, 11]), "")
    tt = parse_team_trf(text, source="fallback")
    assert not isinstance(tt, TeamTournament)
    assert "read as an individual event" in str(tt.warnings[-1])


def test_cli_team_standings_json(tmp_path, capsys):
    path = tmp_path / "team.trf"
    path.write_text(event_text())
    assert main(["standings", str(path), "-t", "EDE,BH:MP/C1,MPvGP", "--format", "json", "--rules", "2026"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [r["start_no"] for r in doc["standings"]] == [1, 4, 5, 3, 2]
    assert doc["standings"][0]["name"] == "Team One" and doc["event"]["participants"] == 5
    assert main(["standings", str(path), "--players", "--format", "json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert players[0]["start_no"] in (1, 9) and {p["board"] for p in players} == {1, 2, 3}
    assert main(["explain", str(path), "1", "BH:MP", "--rules", "2026"]) == 0
    out = capsys.readouterr().out
    assert "16.4.1" in out and "BH:MP of #1 Team One" in out
    assert main(["standings", str(path), "--players", "-f", "csv", "-o", str(tmp_path / "p.csv")]) == 0
    assert (tmp_path / "p.csv").read_text().startswith("rank,start_no,name")
