"""One record per tie-break (xltb/tiebreaks/catalogue.py): the code tables, the catalogues of functions
and the precision are derived from it; one rounding and one display precision
(xltb/tiebreaks/display.py)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xltb.errors import TieBreakError
from xltb.rules import EDITIONS
from xltb.tiebreaks import catalogue, display, registry, team
from xltb.tiebreaks.codes import parse_code, tiebreak_of


def test_every_record_says_how_it_is_computed():
    for acronym, tb in catalogue.TIEBREAKS.items():
        module, _, name = tb.computed_by.partition(".")
        assert module in ("own", "buchholz", "rating", "direct", "team") and name, acronym
        if tb.events == "team":
            if not tb.direct:
                assert team.team_info(parse_code(acronym))[0].__name__ == name
        else:
            info = registry.CATALOGUE[acronym]
            assert info.record is tb
            assert (info.compute is None) == (tb.kind == "A")
            if info.compute is not None:
                assert info.compute.__name__ == name


def test_the_tables_are_the_records():
    assert catalogue.ACRONYMS["BH"] == ("8.1", "Buchholz") and catalogue.MODIFIERS["KS"] == "LP"
    assert catalogue.DIRECT == {"DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB"}
    assert catalogue.EDE_CHAINS["EDEBT"] == ("BC", "TBR") and catalogue.EDE_CHAINS["EDE"] == ()
    assert catalogue.ALIASES == {"GE": "REP", "ESB": "EMMSB"}
    assert {a for a, t in catalogue.TIEBREAKS.items() if t.rating_based} == {"ARO", "TPR", "PTP", "APRO", "APPO",
                                                                            "RTNG"}
    # C.07 5's table: Cut-1 where it marks it (plus the sums 14 lets it cut)
    assert {"ARO", "BH", "FB", "SB", "PS", "EMMSB"} <= catalogue.CUTTABLE
    assert not {"DE", "KS", "WIN", "EDE"} & catalogue.CUTTABLE


def test_a_code_is_read_through_its_record():
    assert tiebreak_of("BH:MP/C1").acronym == "BH"
    assert tiebreak_of("ge").acronym == "REP" and tiebreak_of("ARO-C1").acronym == "ARO"
    assert tiebreak_of("MPvGP").spelt == "MPvGP" and tiebreak_of("XYZ") is None
    assert parse_code("EDEBT").tiebreak.chain == ("BC", "TBR")
    with pytest.raises(TieBreakError, match="not defined for KS"):
        parse_code("KS/F")


def test_editions_that_define_a_tie_break():
    std = catalogue.TIEBREAKS["STD"]
    assert [e.key for e in EDITIONS.values() if std.defined_in(e)] == ["2026-03"]
    assert all(catalogue.TIEBREAKS["BH"].defined_in(e) for e in EDITIONS.values())


@pytest.mark.parametrize("value, places, text", [
    (Fraction(37, 8), 2, "4.63"), (Fraction(-37, 8), 2, "-4.63"), (Fraction(1, 8), 2, "0.13"),
    (Fraction(5, 2), 0, "3"), (Fraction(-5, 2), 0, "-3"), (Fraction(1, 3), 2, "0.33"), (12, 1, "12.0"),
])
def test_one_rounding_half_away_from_zero(value, places, text):
    assert display.fixed(value, places) == text
    assert display.round_half_away(value, places) == Fraction(text)


def test_fixed_in_integers_is_the_exact_rounding():
    """fixed() rounds in integers; it writes what round_half_away's exact value is, for every sign,
    tie and precision (a tiny negative value that rounds to zero has no minus sign)."""
    import random

    rng = random.Random(23)
    values = [Fraction(rng.randint(-10**6, 10**6), rng.randint(1, 10**4)) for _ in range(3000)]
    values += [rng.randint(-10**5, 10**5) for _ in range(300)]
    values += [Fraction(-1, 1000), Fraction(1, 2000), Fraction(-1, 2000), Fraction(-5, 1000), 0, Fraction(-3, 8)]
    for value in values:
        for places in range(6):
            exact = display.round_half_away(value, places)
            text = display.fixed(value, places)
            assert Fraction(text) == exact
            assert text.startswith("-") == (exact < 0)
            assert len(text.split(".")[1]) == places if places else "." not in text


def test_one_display_precision():
    # the record's fixed precision, else as many decimals as needed (1..4), else two
    assert display.value_text("TPR", 1969) == "1969" and display.value_text("AOB", Fraction(107, 8)) == "13.38"
    assert display.value_text("BH", Fraction(25, 2)) == "12.5" and display.value_text("SB", Fraction(39, 4)) == "9.75"
    assert display.value_text("BH", 12) == "12.0" and display.value_text("SB", Fraction(1, 3)) == "0.33"
    assert display.value_text("EMGSB", Fraction(1, 16)) == "0.0625" and display.value_text("BH", None) == ""
    assert display.column_places("SB", [Fraction(1, 2), Fraction(3, 4), None]) == 2
    assert display.column_places("ARO", [Fraction(1, 2)]) == 0
    assert display.live_format("ARO") == "0" and display.live_format("SSSC") == "0.00"
    assert display.live_format("BH") == display.LIVE_FORMAT
    # a published figure printed to two decimals is compared rounded to two
    assert display.same_figure(Fraction("9.38"), 2, Fraction(75, 8))
    assert not display.same_figure(Fraction("9.37"), 2, Fraction(75, 8))
    assert display.printed_decimals("12,50") == 2 and display.printed_decimals("12½") == 1


def test_the_worksheet_functions_are_the_records():
    """Which TB_ functions exist follows from the records: every tie-break (and alias) has one, with the
    Cut and Median variants its record takes, /R where it takes it; team events: the team tie-breaks
    (ESB with Cut-1) and BH, FB, SB on :MP and :GP (C.07 13), in the catalogue's order."""
    from xltb.functions.catalogue import INDIVIDUAL_CODES, TEAM_CODES

    def variants(tb: catalogue.TieBreak, cuts: tuple[str, ...], medians: tuple[str, ...]) -> list[str]:
        return [""] + (list(cuts) if tb.takes("C") else []) + (list(medians) if tb.takes("M") else [])

    individual, teams = set(), set()
    for tb in catalogue.TIEBREAKS.values():
        if tb.events == "team":
            teams.update(tb.acronym + v for v in variants(tb, ("/C1",), ()))
            continue
        individual.update((*tb.aliases, *(tb.acronym + v for v in variants(tb, ("/C1", "/C2"), ("/M1", "/M2")))))
        individual.update([tb.acronym + "/R"] if tb.takes("R") else [])
        if tb.events == "both" and not tb.direct and tb.acronym != "PTS":
            teams.update(f"{tb.acronym}:{s}{v}" for s in ("MP", "GP") for v in variants(tb, ("/C1", "/C2"), ("/M1",)))
    assert set(INDIVIDUAL_CODES) == individual
    assert set(TEAM_CODES) == teams


#: literal collections of codes outside the catalogue that are not facts of a tie-break, each with its reason
#: (module, the name it is assigned to, or the function it stands in)
NOT_CATALOGUE_LISTS = {
    ("xltb.check.sources", "RANK_CANDIDATES"): "lists pairing programs commonly rank with: data of the programs, "
                                               "not of a tie-break",
    ("xltb.ranking.legend", "_VARIANTS"): "what Swiss-Manager's 'variable' names stand for, most likely first: its "
                                          "conventions (SB/M1, which C.07 does not define), not C.07's",
    ("xltb.ranking.legend", "UNNAMED_CANDIDATES"): "the codes exports print without a name, most common first: "
                                                   "data of the exports",
    ("xltb.ranking.legend", "interpret"): "(BH) and (SB) printed after a Swiss-Manager name: the name, not the "
                                          "bracket, says the variant",
}


def _code_lists() -> dict[tuple[str, str], list[int]]:
    """(module, the name a literal tuple, list or set of tie-break codes is assigned to or the function it is in)
    -> its lines, for every such literal of two codes or more outside the catalogue."""
    import ast

    root = Path(catalogue.__file__).resolve().parent.parent

    def is_code(value: object) -> bool:
        return isinstance(value, str) and 2 <= len(value) <= 16 and " " not in value and value[:1].isupper() \
            and tiebreak_of(value) is not None

    found: dict[tuple[str, str], list[int]] = {}
    for path in sorted(root.rglob("*.py")):
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts).removesuffix(".__init__")
        if module == "xltb.tiebreaks.catalogue":
            continue
        tree = ast.parse(path.read_text())
        owners: dict[ast.AST, str] = {}
        for top in tree.body:
            name = top.name if isinstance(top, (ast.FunctionDef, ast.ClassDef)) else \
                next((t.id for t in getattr(top, "targets", [getattr(top, "target", None)]) if isinstance(t, ast.Name)), "")
            for node in ast.walk(top):
                owners.setdefault(node, name)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
                if len(values) >= 2 and len(values) == len(node.elts) and all(is_code(v) for v in values):
                    found.setdefault((module, owners.get(node, "")), []).append(node.lineno)
    return found


def test_no_code_is_listed_by_hand_outside_the_catalogue():
    """Which codes exist, their variants, which have worksheet functions, which a legend may print: made
    from the catalogue's records; a literal list of codes elsewhere is data of another program, with its reason."""
    assert set(_code_lists()) == set(NOT_CATALOGUE_LISTS)


def test_the_finder_of_code_lists_sees_one():
    assert ("xltb.check.sources", "RANK_CANDIDATES") in _code_lists()


def test_the_legend_and_the_function_wizard_say_the_same_name():
    """One English name per tie-break: the printed legend's (the English language file), the catalogue's,
    the function wizard's and ``xltb codes``'."""
    import json

    from xltb.functions.catalogue import CODES, describe
    from xltb.report.i18n import Language

    english = Language("en")
    names = json.loads((Path(catalogue.__file__).parent.parent / "report" / "lang" / "en.json").read_text("utf-8"))
    assert set(names["tiebreaks"]) >= set(catalogue.TIEBREAKS)
    for acronym, tb in catalogue.TIEBREAKS.items():
        assert tb.name == names["tiebreaks"][acronym] == english.tiebreak_name(tb.spelt), acronym
    for code in CODES:
        spec = parse_code(code)
        assert describe(code).startswith(catalogue.TIEBREAKS[spec.acronym].name), code
