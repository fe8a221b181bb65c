"""One event, one reading: every command makes the same choices (xltb.decide) and says where each
came from (the file, the user or xltb's default)."""

from __future__ import annotations

import json

import pytest

from helpers import DATA
from xltb.cli.main import main
from xltb.decide import decide
from xltb.ranking import rank
from xltb.rules import EDITIONS
from xltb.readers.registry import read_event, read_published

EXPORTS = [DATA / "csv" / "2021-World-Blitz-Chess-Championship-Open.csv",
           DATA / "check" / "2021-World-Blitz-Chess-Championship-Open.csv",
           DATA / "csv" / "2014-sinquefield-cup.csv"]


@pytest.mark.parametrize("path", EXPORTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_standings_give_the_published_ranks_with_no_option(path, capsys):
    assert main(["standings", str(path), "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    published = read_published(path)[1].ranks
    assert {r["start_no"]: r["rank"] for r in doc["standings"]} == published
    assert doc["choices"]["tiebreaks"]["origin"] in ("file", "default")
    # the Sinquefield export (hand-converted) carries no date and names no edition: the newest, xltb's default
    assert doc["choices"]["rules"]["origin"] == ("default" if "sinquefield" in path.name else "file")


def test_world_blitz_reads_the_legend_and_the_date_as_check_does(capsys):
    d = decide(EXPORTS[0])
    assert d.edition.key == "2012" and [s.code for s in d.specs] == ["BH/C1", "BH", "ARO/C1", "DE"]
    assert d.choices.tiebreaks.origin == "file" and "legend" in str(d.choices.tiebreaks.reason)
    assert "last update" in str(d.choices.rules.reason)
    # the user still decides: a list given is the user's
    d = decide(EXPORTS[0], tiebreaks="BH,SB")
    assert d.choices.tiebreaks.origin == "user" and d.edition.key == "2012"


def test_export_gives_the_published_ranks(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "wb.xlsx"
    assert main(["export", str(EXPORTS[0]), "-o", str(out)]) == 0
    wb = openpyxl.load_workbook(out)
    ranks = {row[1]: row[0] for row in wb["Standings"].iter_rows(min_row=2, values_only=True)
             if isinstance(row[0], int) and isinstance(row[1], int)}
    assert ranks == read_published(EXPORTS[0])[1].ranks
    event = {row[0]: row[1] for row in wb["Event"].iter_rows(values_only=True)}
    assert event["Tie-break list"].startswith("From the file: the export's legend")  # a sentence's capital
    assert "edition 2012 (from the file" in event["Rules"] and "(xltb's default" in event["Type"]


def test_every_output_says_where_the_choices_came_from(capsys):
    swiss = str(DATA / "seed" / "held-swiss16.trf")
    main(["standings", swiss])
    head = capsys.readouterr().out.splitlines()[:5]
    assert head[2] == "event type: swiss (from the file: TRF 092 'Individual: Swiss-System')"
    assert head[3] == "rules: C.07 edition 2024-08 (from the file: in force on the start date 2024-10-24)"
    assert head[4].startswith("tie-breaks: BH/C1, BH, SB, DE, WIN (xltb's default: the file names no tie-breaks")
    main(["standings", swiss, "-t", "BH,SB", "-r", "2026"])
    head = capsys.readouterr().out.splitlines()[:5]
    assert head[3].endswith("(given by the user)") and head[4] == "tie-breaks: BH, SB (given by the user)"
    main(["standings", swiss, "-f", "csv"])
    captured = capsys.readouterr()
    assert captured.err.startswith("warning: tiebreaks BH/C1,BH,SB,DE,WIN: xltb's default")
    assert captured.out.startswith("rank,")


def test_team_primary_score_says_its_origin(capsys):
    main(["standings", str(DATA / "team" / "30_sharly_trf26_team_gp_primary.trf"), "-f", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["choices"]["primary"] == {"value": "GP", "origin": "file", "reason": "TRF 192 FIDE_TEAM_GP_MP"}
    main(["standings", str(DATA / "seed" / "held-team14.trf"), "-f", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["choices"]["primary"]["origin"] == "default"
    assert "default (match points)" not in doc["event"]["scoring"]


def test_decide_on_an_event_read_already():
    event = read_event(DATA / "seed" / "held-swiss16.trf")[0]
    d = decide(event, rules="2026")
    st = rank(d)
    assert st.edition.key == "2026-03" and st.choices.rules.origin == "user"
    assert st.choices.tiebreaks.origin == "default"


def test_codes_lists_every_code_in_the_terminal_and_the_readme(capsys):
    from xltb.cli.codes import text
    from xltb.tiebreaks.codes import ACRONYMS

    assert main(["codes"]) == 0
    out = capsys.readouterr().out
    for acronym in ACRONYMS:
        assert any(line.split()[0].upper() == acronym for line in out.splitlines()[2:] if line.strip()), acronym
    assert "BH        Buchholz" in out and "/Cn, /Mn, /P, /F" in out and "2026-03" in out
    manual = (DATA.parent.parent / "docs" / "tiebreaks.md").read_text(encoding="utf-8")
    assert text(markdown=True) in manual  # the manual's table is the command's


def test_a_template_kind_that_contradicts_the_file_is_refused_or_warned():
    from xltb.templates.kinds import check_template_kind
    from xltb.errors import XltbError

    swiss = decide(DATA / "seed" / "held-swiss16.trf")
    with pytest.raises(XltbError, match="round-robin template"):
        check_template_kind(swiss, "roundrobin")
    with pytest.raises(XltbError, match="individual event"):
        check_template_kind(swiss, "team")
    assert check_template_kind(swiss, "individual") == []
    team = decide(DATA / "seed" / "held-team14.trf")
    with pytest.raises(XltbError, match="team event .14 teams.: use 'xltb template team'"):
        check_template_kind(team, "individual")
    assert check_template_kind(team, "team") == []
    rr = decide(DATA / "seed" / "held-rr6.trf")
    assert check_template_kind(rr, "roundrobin") == []
    assert "roundrobin" in check_template_kind(rr, "individual")[0]
    # a team round robin gets the team round-robin list, as xltb standings does
    team_rr = decide(DATA / "seed" / "held-team14.trf", event_type="round-robin")
    assert [s.code for s in team_rr.specs] == ["MPvGP"]  # the file's own list (212) still wins
    assert team_rr.choices.event_type.origin == "user"


def _settings(path):
    import openpyxl

    wb = openpyxl.load_workbook(path)
    return {row[0]: row[1] for row in wb["Settings"].iter_rows(values_only=True) if row and row[0]}


def test_template_from_makes_the_choices_of_xltb_standings(tmp_path, capsys):
    """template --from decides as standings does: a team round robin gets the team round-robin list,
    an export its legend's list and the edition its date names; a kind against the file is refused."""
    team_rr = tmp_path / "team-rr.xlsx"
    assert main(["template", "team", "--from", str(DATA / "team" / "17_gre_crete_interclub_championship_2025_team.trf"),
                 "--event-type", "round-robin", "-o", str(team_rr)]) == 0
    assert _settings(team_rr)["Tiebreaks"] == "EDE,MPvGP,EMGSB"
    blitz = tmp_path / "blitz.xlsx"
    assert main(["template", "individual", "--from", str(EXPORTS[0]), "-o", str(blitz)]) == 0
    settings = _settings(blitz)
    assert settings["Tiebreaks"] == "BH/C1,BH,ARO/C1,DE" and settings["Edition"] == "2012"
    assert "the export's legend" in capsys.readouterr().err
    for kind, source, message in (("roundrobin", "seed/held-swiss16.trf", "round-robin template"),
                                  ("individual", "seed/held-team14.trf", "use 'xltb template team'"),
                                  ("team", "seed/held-swiss16.trf", "not a team event")):
        out = tmp_path / f"{kind}.xlsx"
        assert main(["template", kind, "--from", str(DATA / source), "-o", str(out)]) == 2
        assert message in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("path", [DATA / "real" / "cr_british2026_championship_after_r8.trf", EXPORTS[0], EXPORTS[2],
                                  DATA / "csv" / "2018-moscow-open.csv", DATA / "check" / "cr_world_blitz_2021_open.trf"],
                         ids=lambda p: p.name)
def test_check_compares_under_the_edition_every_command_uses(path):
    """One edition rule (ranking.choices.choose_edition): check takes the edition standings, export and
    explain take, with the same label; an edition that reproduces more figures is only a note."""
    from xltb.check import check_file

    d = decide(path)
    report = check_file(str(path))
    assert (report.edition, report.edition_reason) == (d.edition.key, d.choices.rules.text)


def test_no_date_and_no_named_edition_is_xltbs_default():
    d = decide(EXPORTS[2])  # the Sinquefield export says nothing of the edition, and has no date
    assert d.edition.key == "2026-03" and d.choices.rules.origin == "default"
    assert d.choices.rules.text.startswith("xltb's default")
    blitz = decide(EXPORTS[0])  # no start date; its last update names 2012
    assert blitz.choices.rules.text == "from the file: no start date; in force on 2021-12-30, the export's last update"


def test_the_ranking_takes_the_decision_as_it_is():
    """No second choice: a decision ranked as it is, even where the event would choose otherwise."""
    event = read_event(DATA / "seed" / "held-swiss16.trf")[0]
    d = decide(event)
    assert d.edition.key == "2024-08"
    other = d._replace(edition=EDITIONS["2012"])
    st = rank(other)
    assert st.edition.key == "2012" and st.choices is d.choices
    with pytest.raises(AttributeError, match="immutable"):
        st.choices = d.choices


def test_the_worksheet_route_reads_settings_and_the_list_once_and_decides_as_every_face(monkeypatch):
    """From the typed cells to TB_STANDINGS: the Settings block read once, the tie-break list parsed once
    (the ranking takes the parsed list), and the decision made by xltb.decide, as for a file."""
    from helpers import read_trf
    import importlib

    decide_module = importlib.import_module("xltb.decide")
    from xltb.functions import core
    from xltb.ranking import rank
    from xltb.sheets import names
    from xltb.sheets.crosstable import from_tournament
    from xltb.tiebreaks import codes

    swiss = read_trf(DATA / "seed" / "held-swiss16.trf")
    rows = from_tournament(swiss)
    settings = [["Tiebreaks", "BH/C1,BH,SB,DE,WIN"], ["Edition", "2024"], ["StartDate", "2024-10-24"]]
    counts = {"settings": 0, "codes": 0, "decide": 0}

    def counted(name, real):
        def run(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return run

    monkeypatch.setattr(names, "parse_settings", counted("settings", names.parse_settings))
    monkeypatch.setattr(codes, "parse_code", counted("codes", codes.parse_code))
    monkeypatch.setattr(decide_module, "resolve", counted("decide", decide_module.resolve))
    core.clear_cache()
    table = core.tb_standings(rows, settings)
    assert counts == {"settings": 1, "codes": 5, "decide": 1}
    expected = rank(decide(swiss, tiebreaks="BH/C1,BH,SB,DE,WIN", rules="2024"))
    assert [r[:2] for r in table[1:]] == [[r.rank, r.start_no] for r in expected.rows]
    core.clear_cache()


def test_a_file_is_read_once_then_decided_as_read():
    """The commands read the file (readers.registry.read_event_published: the event, its kind, what an
    export published) and decide on what was read; a path is the API's convenience for the same."""
    from xltb.errors import XltbError
    from xltb.readers.registry import EventFile, read_event_published

    for path in (EXPORTS[0], DATA / "seed" / "held-swiss16.trf"):
        read = read_event_published(path)
        assert isinstance(read, EventFile) and read.kind
        assert decide(read, tiebreaks=None) == decide(path)
    with pytest.raises(XltbError):
        decide(read_event_published(EXPORTS[0]), event_type="swiss")
