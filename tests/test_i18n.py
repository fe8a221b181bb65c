"""What the engine says to a reader, in the reader's language: messages (id and parameters) rendered by the
faces from the language files, English the fallback a federation's own file overrides; and no English
sentence left on a page printed in another language."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xltb.cli.main import main
from xltb.decide import decide
from xltb.ranking import rank
from xltb.messages import Message, render
from xltb.report.i18n import LANG_FOLDER, Language, available
from xltb.report.printed.layout import sheet_name
from xltb.report.printed.workbook import build_workbook

DATA = Path(__file__).parent / "data"
EN = json.loads((LANG_FOLDER / "en.json").read_text("utf-8"))
_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::[^{}]*)?\}")

#: events whose Event and Details sheets say much: an individual Swiss with voluntarily unplayed rounds and
#: cuts (16.5), a team Swiss, a league, a chess-results export (the legend's reasons, the edition's date),
#: a lichess file that ended a round early, an Irish export with blank byes (the readers' warnings)
EVENTS = [DATA / "seed" / "held-swiss16.trf", DATA / "seed" / "held-team14.trf",
          DATA / "team" / "12_icu_armstrong_cup_2010_11_team_league.tab",
          DATA / "csv" / "2021-World-Blitz-Chess-Championship-Open.csv",
          DATA / "real" / "04_lichess_swiss_bullet_112p_2020.trf",
          DATA / "real" / "06_icu_bunratty_masters_2011.tab"]


def _fields(template: str) -> list[str]:
    return sorted(m.group(1) for m in _FIELD.finditer(template) if m.group(1))


def english_phrases() -> set[str]:
    """The English catalogue's sentences, as the fragments between their fields that hold three words or more
    (a fragment shorter than that, "PAB", "TRF 212/202", a formula, may be the same in any language)."""
    out = set()
    for template in [*EN["messages"].values(), *EN["text"].values()]:
        for part in _FIELD.split(template):
            if part and len(re.findall(r"[A-Za-z']{3,}", part)) >= 3:
                out.add(part.strip(" ;:,.()"))
    return out


def english_patterns() -> dict[str, list[str]]:
    """Each English template with ten letters or more outside its fields, as its literal parts in order: ``win
    1, draw 0.5, loss 0, ...`` is found though no fragment of it is three words long (:func:`_has`)."""
    out = {}
    for key, template in [*EN["messages"].items(), *EN["text"].items()]:
        parts = _FIELD.split(template)
        literal = [p.replace("{{", "{").replace("}}", "}") for i, p in enumerate(parts) if i % 2 == 0]
        if sum(len(re.findall(r"[A-Za-z]", p)) for p in literal) >= 10 and \
                len(re.findall(r"[A-Za-z]{2,}", " ".join(literal))) >= 2:
            out[key] = [p for p in literal if p]
    return out


def _has(text: str, parts: list[str], gap: int = 200) -> bool:
    """Whether ``text`` holds the parts in order, each within ``gap`` characters of the one before (a field)."""
    start = text.find(parts[0])
    while start >= 0:
        end = start + len(parts[0])
        for part in parts[1:]:
            at = text.find(part, end, end + gap + len(part))
            if at < 0:
                break
            end = at + len(part)
        else:
            return True
        start = text.find(parts[0], start + 1)
    return False


@pytest.mark.parametrize("code", available())
def test_every_text_and_message_is_translated_with_the_same_fields(code):
    doc = json.loads((LANG_FOLDER / f"{code}.json").read_text("utf-8"))
    for section in ("text", "messages"):
        assert set(doc[section]) == set(EN[section]), (code, section, set(EN[section]) ^ set(doc[section]))
        for key, template in doc[section].items():
            assert _fields(template) == _fields(EN[section][key]), (code, section, key)


def test_the_engine_says_only_what_the_english_file_holds():
    """Every message id in the code has an English text (the ids built from a name: every source of a
    contribution, origin of a choice, event type and direct-encounter step)."""
    from xltb.model import EventType
    from xltb.model.choice import ORIGINS
    from xltb.tiebreaks.base import SOURCES
    from xltb.tiebreaks.direct import OUTCOMES

    root = Path(__file__).parents[1] / "xltb"
    said = set()
    for path in root.rglob("*.py"):
        if path.name == "i18n.py":  # renders the language file's other sections (dates, tie-break names)
            continue
        said |= set(re.findall(r'Message\(\s*"([a-z_.\-0-9]+)"', path.read_text("utf-8")))
    said |= {f"source.{s}" for s in SOURCES} | {f"origin.{o}" for o in ORIGINS}
    said |= {f"event.{e.value}" for e in EventType}
    said |= {f"step.{o.replace('-', '_')}" for o in OUTCOMES}
    said |= {f"step.{o}_team" for o in ("equal", "separated", "ahead", "undecided")}
    assert said - set(EN["messages"]) == set()
    assert len(said) > 100


@pytest.fixture(scope="module")
def ranked():
    """The events above, each read and ranked once, with what it was read as."""
    out = []
    for source in EVENTS:
        decision = decide(str(source))
        out.append((source, decision.kind, rank(decision)))
    return out


@pytest.mark.parametrize("code", [c for c in available() if c != "en"])
def test_a_workbook_in_another_language_has_no_english_sentence(ranked, code):
    """The Event sheet and the Details notes of every event above, in each language: no sentence of the
    English catalogue (choices' reasons, scoring, warnings, notes, breakdowns, legends)."""
    phrases, patterns = english_phrases(), english_patterns()
    lang = Language(code)
    for source, kind, st in ranked:
        data = build_workbook(st, input_kind=kind, lang=lang, sheets=("details", "event"))
        wb = load_workbook(io.BytesIO(data), read_only=True)
        texts = []
        event = wb[sheet_name(lang, "event", st.team)]
        texts += [str(c) for row in event.iter_rows(values_only=True) for c in row if isinstance(c, str)]
        details = wb[sheet_name(lang, "details", st.team)]
        texts += [row[-1] for row in details.iter_rows(values_only=True) if row and isinstance(row[-1], str)]
        found = sorted({p for p in phrases for t in texts if p in t})
        found += sorted({key for key, parts in patterns.items() for t in texts if _has(t, parts)})
        assert not found, (source.name, code, found[:5])
        assert any("\n" in t or len(t) > 40 for t in texts)  # notes and reasons were there to be read


def test_english_is_the_english_catalogue():
    """str() of a message is its English text: the command line's outputs read as before."""
    cut = Message("cut.least", step=Message("cut.step", n=1, k=1))
    assert str(cut) == "Cut-1, cut 1: least significant value (C.07 14.1)"
    assert str(Message("note.tpr", aro=1888, score=Fraction(3), games=4, p=Fraction(3, 4), dp=193)) == \
        "ARO 1888, score 3/4, p = 0.75, dp = +193 (B.02 8.1a)"
    assert str(Message("list.legend", parts=(Message("list.legend_column", column="TB1", code="BH/C1"),
                                             Message("list.legend_column", column="TB2", code="BH")))) == \
        "the export's legend: TB1 = BH/C1; TB2 = BH"


def test_a_language_renders_numbers_with_its_decimal_mark():
    de = Language("de")
    assert de.render(Message("note.koya", limit=Fraction(9, 2), maximum=9)) == \
        "Grenze: 4,5 Punkte (50 % der höchstmöglichen Punktzahl 9)"
    assert de.render(Message("step.members_more", shown=("#1", "#2"), more=12345)) == "#1, #2 und 12.345 weitere"


def test_a_template_cannot_reach_into_the_program():
    """A language file is data: only {name} fields, no attribute or index look-up, no format on a text."""
    texts = {"x": "{n.__class__} {n[0]} {n!r} {n} {missing} {{n}}"}
    assert render(Message("x", n="abc"), texts) == "{n.__class__} {n[0]} {n!r} abc {missing} {n}"
    assert render(Message("unknown", a=1), texts) == "unknown a=1"  # an id nobody knows still says something


def test_a_federation_overrides_some_texts_of_a_shipped_language(tmp_path):
    own = {"language": "Deutsch (DSB)", "base": "de",
           "messages": {"origin.default": "Vorgabe des Programms"},
           "text": {"final_standings": "Abschlusstabelle"}}
    path = tmp_path / "dsb.json"
    path.write_text(json.dumps(own), encoding="utf-8")
    lang = Language(str(path))
    assert lang("final_standings") == "Abschlusstabelle" and lang("standings") == "Rangliste"  # the rest: German
    assert lang.render(Message("origin.why", origin=Message("origin.default"), why=Message("edition.where_legend"))) \
        == "Vorgabe des Programms: der Legende"
    assert lang.decimal == ","
    out = tmp_path / "x.xlsx"
    assert main(["export", str(EVENTS[0]), "-o", str(out), "--lang", str(path)]) == 0
    ws = load_workbook(out)["Turnier"]
    values = [c for row in ws.iter_rows(values_only=True) for c in row if isinstance(c, str)]
    assert any("Vorgabe des Programms" in v for v in values) and any("Abschlusstabelle" in v for v in values)


def test_a_broken_language_file_is_refused_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"base": "xx", "text": {}}), encoding="utf-8")
    assert main(["export", str(EVENTS[0]), "-o", str(tmp_path / "x.xlsx"), "--lang", str(bad)]) == 2
    assert "\"base\" must name a shipped language" in capsys.readouterr().err
    odd = tmp_path / "odd.json"  # values that are not texts are left out, English (or the base) used
    odd.write_text(json.dumps({"text": {"standings": 3}, "messages": {"origin.file": ["x"]}}), encoding="utf-8")
    lang = Language(str(odd))
    assert lang("standings") == "Standings" and lang.render(Message("origin.file")) == "from the file"


@pytest.mark.parametrize("source, codes", [
    ("seed/held-team14.trf", "EDE,BC,TBR,BBE,EMGSB/C1,BH:MP/C1,MPvGP,SSSC,SB:GP,PS:MP"),
    ("seed/held-swiss16.trf", "BH/C1,BH/M1,SB/C1,DE,WIN,BPG,PS,KS,ARO/C1,TPR,PTP,APRO,APPO,AOB,FB")])
def test_every_contribution_says_what_it_is_in_every_language(source, codes):
    """Each contribution of each tie-break (a game, a dummy opponent, a team's board line: C.07 12) is
    explained in words of the language file, never by a message id (an id no file knows would show as
    ``source.board 2``)."""
    st = rank(decide(str(DATA / source), tiebreaks=codes))
    explanations = {c.explanation for ev in st.evaluations.values() for e in ev if e is not None for c in e.breakdown()}
    assert explanations
    for code in available():
        lang = Language(code)
        for message in explanations:
            text = lang.render(message)
            assert text and not text.startswith(message.id), (code, message)


def test_a_workbook_s_settings_choose_the_language(tmp_path, capsys):
    """Settings Language (``DE``): ``xltb export`` of the workbook prints in German without ``--lang``
    (``--lang`` still wins), and ``TB_PRIZES`` spills its header, reasons and notes in German with the
    decimal mark's numbers as numbers; a language xltb does not ship is refused naming the cell."""
    from openpyxl import load_workbook

    from xltb.cli.main import main
    from xltb.functions.prizes import tb_prizes

    book = tmp_path / "event.xlsx"
    assert main(["template", "individual", "--from", str(DATA / "seed" / "held-swiss16.trf"), "-o", str(book)]) == 0
    wb = load_workbook(book)
    ws = wb["Settings"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Language")
    ws.cell(row, 2).value = "DE"
    wb.save(book)
    out = tmp_path / "out.xlsx"
    assert main(["export", str(book), "-o", str(out)]) == 0
    assert load_workbook(out, read_only=True).sheetnames[:2] == ["Rangliste", "Fortschrittstabelle"]
    event = [r for r in load_workbook(out, read_only=True)["Turnier"].iter_rows(values_only=True)]
    assert ("Gelesen als", "xltb-Arbeitsmappe (.xlsx)") in event  # what the file was read as, in the language
    assert main(["export", str(book), "-o", str(out), "--lang", "fr", "--force"]) == 0
    assert load_workbook(out, read_only=True).sheetnames[0] == "Classement"
    ws.cell(row, 2).value = "xx"
    wb.save(book)
    assert main(["export", str(book), "-o", str(out), "--force"]) == 2
    assert "Settings Language (Settings!" in capsys.readouterr().err

    crosstable = [list(r) for r in load_workbook(book, data_only=True)["Crosstable"].iter_rows(values_only=True)]
    prizes = [["Prize", "Category", "Amount"], ["1st", "Open", 100], ["2nd", "Open", 50]]
    rows = tb_prizes(prizes, "equal", crosstable, [["Language", "de"]])
    assert rows[0][0] == "Preis" and rows[0][-1] == "Begründung"
    assert rows[1][-1] == "1st: Bruno (Rang 1, 4 Punkte)" and rows[2][-1].startswith("2nd: Charline (Rang 2, 3,5 Punkte)")
    assert rows[1][2] == 100 and rows[1][6] == 4  # numbers stay numbers
    english = tb_prizes(prizes, "equal", crosstable, [["Language", ""]])
    assert english[0][0] == "Prize" and english[1][-1] == "1st: Bruno (rank 1, 4 points)"


def test_standings_and_prizes_print_in_the_language_asked(capsys):
    """--lang for xltb standings and xltb prizes, in capitals too: the words, the decimal mark, no English."""
    swiss = str(DATA / "seed" / "held-swiss16.trf")
    assert main(["standings", swiss, "--lang", "DE"]) == 0
    out = capsys.readouterr().out
    assert "Schweizer System, 16 Teilnehmer, 5 Runden" in out and "Rg  Nr  Name" in out and " 4,0 " in out
    assert "participants" not in out and " 4.0 " not in out
    assert main(["prizes", swiss, "--prizes", str(DATA / "prizes" / "seed.csv"), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "  1st: Bruno (puesto 1, 4 puntos)" in out and "3,5 puntos" in out and "rank" not in out
    assert main(["prizes", swiss, "--prizes", str(DATA / "prizes" / "seed.csv"), "--lang", "xx"]) == 2
    assert "--lang xx: no such language" in capsys.readouterr().err


@pytest.mark.parametrize("code, names", [
    ("de", {"DE": "Direkter Vergleich", "WIN": "Anzahl Siege", "BH": "Buchholz", "SB": "Sonneborn-Berger",
            "PS": "Fortschrittswertung", "BC": "Berliner Wertung"}),
    ("fr", {"DE": "Confrontation directe", "WIN": "Nombre de victoires", "PS": "Cumulatif"}),
    ("es", {"DE": "Resultado particular", "WIN": "Número de victorias", "ARO": "Valoración media de los oponentes"})])
def test_the_federations_tie_break_names_each_with_its_source(code, names):
    doc = json.loads((LANG_FOLDER / f"{code}.json").read_text("utf-8"))
    lang = Language(code)
    assert {acronym: lang.tiebreak_name(acronym) for acronym in names} == names
    codes = [c for c in EN["tiebreaks"]]
    sources = doc["tiebreak_sources"]
    assert set(sources) == set(codes)  # every code: its source, or that the federation has none
    for acronym in codes:
        if acronym in doc["tiebreaks"]:
            assert "FIDE's English" not in sources[acronym] or acronym in ("cut", "median"), acronym
        else:  # FIDE's English stays, and the file says so
            assert "no " in sources[acronym] and "FIDE's English" in sources[acronym], acronym
            assert lang.tiebreak_name(acronym) == EN["tiebreaks"][acronym]


def test_titles_as_arbiters_write_them():
    from xltb.report.formats import to_csv, to_text
    from xltb.report.numbers import title_text
    from xltb.report.printed.workbook import standings_rows

    assert [title_text(t) for t in ("g", "m", "f", "c", "wg", "wm", "wf", "wc", "GM", "im", "", "AFM")] == \
        ["GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "GM", "IM", "", "AFM"]
    st = rank(decide(str(DATA / "real" / "01_fide_example1_karl_mala_gedenkturnier_2005.trf")))
    titles = {row[2] for row in standings_rows(st)} - {""}
    assert titles == {"GM", "IM", "FM", "WFM"}
    assert "GM " in to_text(st) and ",GM," in to_csv(st) and ",g," not in to_csv(st)


def test_colour_letters_of_each_language_in_the_crosstable_and_its_legend():
    from xltb.report.printed.layout import crosstable_legend, round_text

    st = rank(decide(str(DATA / "seed" / "held-swiss16.trf")))
    bruno = next(r for r in st.rows if r.start_no == 2).participant.results
    cells = {code: [round_text(r, True, Language(code), st) for r in bruno[:2]] for code in ("en", "de", "fr", "it")}
    assert cells == {"en": ["10b1", "7w1"], "de": ["10s1", "7w1"], "fr": ["10n1", "7b1"], "it": ["10n1", "7b1"]}
    assert crosstable_legend(Language("fr"), "legend_crosstable").startswith("12b1 = contre le n° 12 avec les blancs")
    assert "n avec les noirs" in crosstable_legend(Language("fr"), "legend_crosstable")
    assert "s mit Schwarz" in crosstable_legend(Language("de"), "legend_crosstable")
    assert "b with black" in crosstable_legend(Language("en"), "legend_crosstable")


def test_the_settings_sheet_rows_hold_their_wrapped_help(tmp_path):
    """LibreOffice keeps an imported row's height: a help text on two lines needs a row as tall."""
    out = tmp_path / "t.xlsx"
    assert main(["template", "individual", "-o", str(out)]) == 0
    ws = load_workbook(out)["Settings"]
    long_rows = [r for r in range(2, ws.max_row + 1) if len(str(ws.cell(r, 3).value or "")) > 100]
    assert long_rows and all((ws.row_dimensions[r].height or 0) >= 28 for r in long_rows)
    short = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "PointsWin")
    assert ws.row_dimensions[short].height is None
