"""``xltb check WORKBOOK``: what will make the paper wrong or thin, each finding from a small workbook made here
(xltb.check.complete): prize data missing for some or all participants, a game left blank in a round played,
unrated participants where a rating-based tie-break is in the list, a start date with two readings."""

from __future__ import annotations

import json

from helpers import event, set_cells
from xltb.check.complete import check_workbook
from xltb.cli.main import main
from xltb.prizes.table import parse_prizes
from xltb.templates.build import render

#: 4 players, 2 rounds (the template's Crosstable: ratings in D, sex in G, born in H, rounds in I and J)
EVENT = event([(1, 2000, "2w1 3b="), (2, 1900, "1b0 4w1"), (3, 1800, "4b= 1w="), (4, 1700, "3w= 2b0")])
TABLE = parse_prizes("Prize,Category,Amount\n1st,Open,100\nBest woman,Women,\nBest U1850,Rating<1850,20\n"
                     "Best junior,U18,\nBest local,Federation=ITA,\n")


def _book(tmp_path, crosstable: dict | None = None, settings: dict | None = None, prizes=TABLE, name="e.xlsx",
          **options):
    data = render("individual", EVENT, prizes=prizes, **options)
    if crosstable:
        data = set_cells(data, "Crosstable", crosstable)
    if settings:
        data = set_cells(data, "Settings", settings)
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def _ids(found) -> list[str]:
    return [f.id for f in found.findings]


def test_prize_categories_whose_data_is_missing(tmp_path):
    """No sex entered at all (Women: nobody can win it), no birth dates (U18), two ratings missing (Rating<1850
    counts them out without UnratedRating); the federations are all FID, so Federation=ITA finds its data."""
    path = _book(tmp_path, {"G2": None, "G3": None, "G4": None, "G5": None, "D2": None, "D4": None})
    found = check_workbook(path)
    by_id = {(f.id, f.get("category")): f for f in found.findings}
    women = by_id[("complete.prize_none", "Women")]
    assert str(women) == ("prize category Women (Best woman): no participant's sex is entered (Crosstable column "
                          "Sex): nobody can win it")
    assert ("complete.prize_none", "U18") in by_id
    rating = by_id[("complete.prize_some", "Rating<1850")]
    assert (rating.get("missing"), rating.get("players"), rating.get("who")) == (2, 4, ("#1", "#3"))
    assert not any(f.get("category") == "Federation=ITA" for f in found.findings)
    assert found.participants == 4


def test_a_sex_given_by_a_woman_title_and_unrated_players_counted(tmp_path):
    path = _book(tmp_path, {"G2": None, "C2": "WIM", "G3": "w", "G4": "m", "G5": "M", "D2": None},
                 unrated_rating=1400)
    found = check_workbook(path)
    assert not any(f.get("category") in ("Women", "Rating<1850") for f in found.findings)


def test_a_game_left_blank_in_a_round_played(tmp_path):
    found = check_workbook(_book(tmp_path, {"J3": None, "J5": None}, prizes=None))
    (blank,) = [f for f in found.findings if f.id == "warn.blank_game"]
    assert blank.get("cells") == ("Crosstable!J3", "Crosstable!J5")


def test_unrated_participants_with_rating_based_tie_breaks(tmp_path):
    refused = check_workbook(_book(tmp_path, {"D3": None}, {"B6": "ARO,BH,TPR"}, prizes=None))
    assert _ids(refused) == ["complete.unrated_refused"]
    assert str(refused.findings[0]).startswith("ARO, TPR in the tie-break list use ratings, and 1 of 4 "
                                               "participants have none (#2): the standings cannot be computed")
    counted = check_workbook(_book(tmp_path, {"D3": None}, {"B6": "ARO,BH"}, prizes=None, name="c.xlsx",
                                   unrated_rating=1000))
    assert [(f.id, f.get("rating")) for f in counted.findings] == [("complete.unrated_counted", 1000)]
    assert check_workbook(_book(tmp_path, {"D3": None}, {"B6": "BH,SB"}, prizes=None, name="n.xlsx")).findings == ()


def test_a_start_date_with_two_readings(tmp_path):
    """05/02/2026 typed as text: read day first (5 February: C.07 2024-08); month first it would be 2 May,
    under the 2026-03 edition."""
    found = check_workbook(_book(tmp_path, settings={"B4": "05/02/2026"}, prizes=None))
    (date,) = found.findings
    assert str(date) == ("Settings StartDate (Settings!B4): '05/02/2026' was read day first as 2026-02-05 (C.07 "
                         "edition 2024-08); month first it is 2026-05-02 (edition 2026-03): write 2026-02-05 to "
                         "leave no doubt")
    for clear in ("13/02/2026", "2026-02-05", "02/02/2026"):
        assert check_workbook(_book(tmp_path, settings={"B4": clear}, prizes=None, name="d.xlsx")).findings == ()


def test_the_command(tmp_path, capsys):
    path = _book(tmp_path, {"G2": None, "G3": None, "G4": None, "G5": None})
    assert main(["check", path]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"before printing {path} (4 participants):\n- prize category Women (Best woman)")
    assert main(["check", path, "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["participants"] == 4 and doc["findings"][0]["id"] == "complete.prize_none"
    clean = _book(tmp_path, prizes=None, name="clean.xlsx")
    assert main(["check", clean]) == 0
    assert "nothing missing" in capsys.readouterr().out
    ods = tmp_path / "e.ods"
    assert main(["template", "individual", "-o", str(ods)]) == 0
    capsys.readouterr()
    assert main(["check", str(ods)]) == 2  # a blank template: nothing to check, said in one line
    assert "the crosstable has no participants yet" in capsys.readouterr().err


def test_the_status_cell_says_the_first_finding(tmp_path):
    """The Standings sheet's Status (=TB_STATUS(Crosstable,Settings), through xltb recalc): ok, and before
    printing the first finding of the Crosstable and Settings with how many more."""
    from helpers import recalc_data

    data = set_cells(set_cells(render("individual", EVENT), "Crosstable", {"J3": None, "J5": None}), "Settings",
                     {"B4": "05/02/2026"})
    values, _, _ = recalc_data(data)
    status = values["Standings"]["B2"].value
    assert status.startswith("ok; before printing: round 2 was played, but the cells of #2, #4 are empty")
    assert status.endswith("(and 1 more: xltb check WORKBOOK lists them)")
    values, _, _ = recalc_data(set_cells(render("individual", EVENT), "Settings", {"B4": "05/02/2026"}))
    assert values["Standings"]["B2"].value.startswith("ok; before printing: Settings StartDate: '05/02/2026' was "
                                                      "read day first as 2026-02-05")


def test_the_committed_example_is_made_as_the_tests_make_it(tmp_path):
    """tests/data/workbooks/before-printing.xlsx (the example of docs/check.md) says what a workbook made here
    the same way says."""
    from helpers import DATA

    made = check_workbook(_book(tmp_path, {"G2": None, "G3": None, "G4": None, "G5": None}, {"B4": "05/02/2026"}))
    committed = check_workbook(str(DATA / "workbooks" / "before-printing.xlsx"))
    assert committed.findings == made.findings and len(made.findings) == 3
