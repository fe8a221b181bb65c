"""A direct-encounter value only where Art. 6 gave the participant a standing among the tied
(xltb.tiebreaks.direct.keep_decided): all of the tied group met (6.2), or Art. 6 placed it apart
(6.3). Tied players who never met get no value (a 0 read as "lost")."""

from __future__ import annotations

from fractions import Fraction

from helpers import DATA
from xltb.ranking import compute
from xltb.readers.registry import read_event


def test_tied_players_who_did_not_all_meet_get_no_value():
    st = compute(read_event(DATA / "seed" / "held-swiss16.trf")[0], "DE,BH", "2024")
    steps = st.encounter_steps("DE", 7)
    assert steps and all(s.outcome == "undecided" for s in steps)  # 6.3: nobody sure to stay ahead
    assert st.row(7).values["DE"] is None  # was 0.0
    assert all(st.row(no).values["DE"] is None for no in steps[0].members)


def test_all_met_gives_the_separate_scores_also_when_equal():
    st = compute(read_event(DATA / "csv" / "2014-sinquefield-cup.csv")[0], "DE,WIN", "2012")
    # #4 and #5 on 4 points met twice: 6.1.2 averages the two games: 0.75 and 0.25
    assert (st.row(4).values["DE"], st.row(5).values["DE"]) == (Fraction(3, 4), Fraction(1, 4))
    assert st.row(1).values["DE"] is None  # alone on its points: Art. 6 not applied


def test_team_ede_blank_where_it_decided_nothing():
    st = compute(read_event(DATA / "seed" / "held-team14.trf")[0], "EDE,EMGSB/C1,BH:MP/C1,MPvGP,EDET,BC,SSSC",
                 "2024")
    for no in (9, 13, 7):  # tied on 6 MP, not all met, nobody sure to stay ahead
        assert st.row(no).values["EDE"] is None
    decided = [r for r in st.rows if r.values["EDE"] is not None]
    assert decided and all(any(s.outcome != "undecided" for s in st.encounter_steps("EDE", r.start_no))
                           for r in decided)


def test_explain_says_why_and_how(capsys):
    from xltb.cli.main import main

    main(["explain", str(DATA / "csv" / "2014-sinquefield-cup.csv"), "4", "DE"])
    out = capsys.readouterr().out
    assert "value: 0.75" in out and "average of their games (C.07 6.1.2)" in out
    main(["explain", str(DATA / "seed" / "held-team14.trf"), "1", "EDE"])
    out = capsys.readouterr().out
    assert "EDE is not in the event's list (MPvGP)" in out and "value: undefined" not in out
    assert "value: none: it is not tied with anyone" in out
    main(["explain", str(DATA / "seed" / "held-swiss16.trf"), "1", "ARO"])
    out = capsys.readouterr().out
    assert " Rd   Opp  rating  result" in out  # ratings are not headed "score"


def test_rating_breakdowns_name_the_rounds_not_counted(capsys):
    from xltb.cli.main import main

    main(["explain", str(DATA / "csv" / "2021-World-Blitz-Chess-Championship-Open.csv"), "4", "ARO/C1"])
    out = capsys.readouterr().out
    assert "rules: C.07 edition 2012" in out
    assert "note: not counted, not played over the board (C.07 10; forfeits only with /P): R1 forfeit loss, " \
           "R13 forfeit win; a Cut falls on the games that count" in out
