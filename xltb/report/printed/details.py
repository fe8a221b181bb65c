"""The Details sheet (every value's contributions, cuts and notes) and the Event sheet (what was computed,
from what, under which rules), and the rows behind them (the HTML page shows the same)."""

from __future__ import annotations

import os
from typing import Any, Iterable

from ... import __version__
from ...ranking.standings import Standings
from ...books.workbook import ODS, XLSX
from ...tiebreaks.base import Contribution, Evaluation
from ...readers.registry import KIND_LABELS, TRF, TRF_TEAM
from ...tiebreaks.codes import tiebreak_of
from .grid import prints_grid
from ..i18n import Language, language
from ...tiebreaks.display import decimals, value_text
from ...tiebreaks.display import number_format as places_format
from .layout import Layout, crosstable_legend, text_width
from ..titles import withdrawn, withdrawn_legend
from .xlsx import Book, row_height
from ..explain import how_message

#: sources of a contribution that need no note (a game played over the board, a counted round...)
PLAIN_SOURCES = {"game", "count", "round", "opponent", "koya", "std", "opponent-value"}
#: the labels of what a file was read as (xltb.readers.registry), by the key of their text
_KINDS = {TRF: "trf", TRF_TEAM: "trf_team", XLSX: "workbook_xlsx", ODS: "workbook_ods",
          **{label: key for key, label in KIND_LABELS.items()}}
#: the Details sheet's font size and its notes column (text wraps inside it, the row grows to hold it)
DETAILS_FONT = 9.0
NOTES_WIDTH = 58.0


def contribution_note(c: Contribution, lang: Language | None = None) -> str:
    """What a contribution's note says: its explanation and article unless it is a plain game, a voluntarily
    unplayed round, and what was cut."""
    lang = lang or language()
    if c.source not in PLAIN_SOURCES or c.vur:
        return lang.render(how_message(c, cut="cut"))
    return lang("cut_note", why=lang.render(c.cut)) if c.cut else ""


def details_rows(st: Standings, lang: Language | None = None) -> Iterable[tuple[list[Any], dict[int, bool]]]:
    """Per participant (in rank order) and tie-break: rank, no., name (on the participant's first line only),
    the tie-break with its article, the value, the contribution of each round and the notes; with the rounds
    whose contribution was cut."""
    lang = lang or language()
    t = st.event
    participants = st.participants
    index = {p.start_no: i for i, p in enumerate(participants)}
    rounds = t.rounds
    undefined, not_applied = lang("undefined"), lang("not_applied")
    codes = st.codes
    # what depends on the tie-break only, asked once per code rather than once per participant
    records = {code: tiebreak_of(code) for code in codes}
    direct = {code: st.direct(code) for code in codes}
    for row in st.rows:
        i = index[row.start_no]
        for k, code in enumerate(codes):
            tb = records[code]
            contributions: list[Any] = [None] * rounds
            cut_cols: dict[int, bool] = {}
            notes: list[str] = []
            column = st.evaluations.get(code)  # (a default list made here cost a list of every participant a row)
            ev = None if column is None else column[i]
            article = ev.article if ev is not None and ev.article else \
                (f"C.07 {tb.article}" if tb is not None else "")
            value = row.values[code]  # st.shown(code, row.start_no), from the row at hand
            if tb is not None and tb.acronym == "DE":
                notes = [lang.render(step.message()) for step in st.encounter_steps(code, row.start_no)]
            elif ev is not None:
                notes = _contributions(ev, code, contributions, cut_cols, lang)
                notes.extend(lang.render(n) for n in ev.notes)
                if value is None:
                    notes.insert(0, undefined)
            if value is None and direct[code]:  # C.07 6: no standing among the tied (Standings.shown)
                notes = [not_applied] + [n for n in notes if n != undefined]
            who = [row.rank, row.start_no, row.participant.name] if k == 0 else [None, None, None]
            label = f"{code} ({article})" if article else code
            yield who + [label, value] + contributions + ["\n".join(notes)], cut_cols


def _contributions(ev: Evaluation, code: str, contributions: list[Any], cut_cols: dict[int, bool],
                   lang: Language) -> list[str]:
    """Each contribution of a value into its round's cell of ``contributions`` (those cut marked in
    ``cut_cols``), and the notes: what a round's contribution says, and the contributions no round's cell
    holds (a second one in a round, or one without a round)."""
    rounds = len(contributions)
    round_word, cut_mark = lang("round"), lang("cut_mark")
    notes: list[str] = []
    for c in ev.breakdown():
        rnd, cut = c.round, c.cut
        # most contributions are plain games with nothing cut: no note, without the call
        plain = not cut and not c.vur and c.source in PLAIN_SOURCES
        text = "" if plain else contribution_note(c, lang)
        share = c.value
        numerator, denominator = share.numerator, share.denominator  # (properties: read once)
        amount = numerator if denominator == 1 else numerator / denominator
        slot = (rnd - 1) if rnd is not None and 0 < rnd <= rounds else None
        if slot is not None and contributions[slot] is None:
            contributions[slot] = amount
            if cut:
                cut_cols[slot] = True
            if text:
                notes.append(f"{round_word}{rnd}: {text}")
        else:
            opponent = c.opponent
            where = f"{round_word}{rnd}" if rnd is not None else (f"#{opponent}" if opponent else "")
            notes.append(f"{where}{' ' if where else ''}{lang.number(value_text(code, share))}"
                         f"{' ' + cut_mark if cut else ''}{': ' + text if text else ''}")
    return notes


def details_sheet(book: Book, st: Standings, layout: Layout) -> None:
    lang = layout.lang
    rounds = st.event.rounds
    headers = [lang("rank"), lang("no"), lang("team") if st.team else lang("name"), lang("tiebreak"), lang("value")] \
        + [f"{lang('round')}{i}" for i in range(1, rounds + 1)] + [lang("notes")]
    label_width = max((len(c) for c in st.codes), default=4) + 12
    widths = [5.5, 5, text_width((r.participant.name for r in st.rows), 14, 32), label_width, 7.5] \
        + [6] * rounds + [NOTES_WIDTH]
    columns = [(None, None), (None, None), (None, "wrap"), (None, "indent"), (None, None)] \
        + [(None, None)] * rounds + [(None, "wrap")]
    sheet = layout.sheet(book, st, "details", headers, widths, columns, legend=[lang("legend_details")],
                         freeze="E2", repeat_columns=5, font_size=DETAILS_FONT)
    size = DETAILS_FONT
    per_code: dict[str, dict[bool, tuple[dict[int, int], int, int]]] = {}
    for code in st.codes:
        value_format = places_format(st.places(code))
        contribution = "0" if decimals(code) == 0 else "0.0#"
        cut_format = f'"("{contribution}")"'
        per_code[code] = {
            top: ({4: book.style(value_format, top=top, size=size)}, book.style(contribution, top=top, size=size),
                  book.style(cut_format, top=top, grey=True, size=size))
            for top in (False, True)
        }
    uncut = {code: {top: {**base, **{5 + r: plain for r in range(rounds)}}
                    for top, (base, plain, _cut) in by_top.items()}
             for code, by_top in per_code.items()}
    codes = st.codes  # (a copy of the list at each call)
    ncodes = len(codes)
    for k, (values, cut_cols) in enumerate(details_rows(st, lang)):
        code = codes[k % ncodes]
        first = k % ncodes == 0
        base, plain, cut = per_code[code][first]
        if cut_cols:
            styles = dict(base)
            for r in range(rounds):
                styles[5 + r] = cut if cut_cols.get(r) else plain
        else:  # nothing cut (most rows): the styles made once for the code (append only reads them)
            styles = uncut[code][first]
        notes = values[-1]
        height = row_height([values[2] or "", notes], [widths[2], NOTES_WIDTH], size) if notes or values[2] else None
        sheet.append(values, styles=styles, top=first, height=height)


def event_rows(st: Standings, *, input_kind: str = "", extra: Iterable[tuple[str, str]] = (),
               lang: Language | None = None) -> list[tuple[str, str]]:
    """The Event sheet: what was computed, from what, under which rules."""
    lang = lang or language()
    t = st.event
    rows = [(lang("event"), t.name or "")]
    if t.source:
        rows.append((lang("source_file"), os.path.basename(t.source)))
    if input_kind:
        rows.append((lang("read_as"), kind_text(input_kind, lang)))
    city = getattr(t, "city", "")
    if city:
        rows.append((lang("place"), city))
    dates = lang.dates(t.start_date, getattr(t, "end_date", None))
    rows.append((lang("dates"), dates or lang("not_given")))
    kind = st.choices.event_type  # where the event type came from (xltb.decide)
    rows.append((lang("type"), lang(f"type_{t.event_type.value}") + f" ({lang.render(kind.message())})"))
    rows.append((lang("rounds").capitalize(), str(t.rounds)))
    rows.append((lang("participants").capitalize(), str(len(st.rows))))
    rows.append((lang("scoring"), sentence(lang.render(st.scoring_said))))
    rows.append((lang("rules"), lang("rules_value", edition=st.edition.key, why=lang.render(st.edition_said))))
    # where the list came from
    rows.append((lang("tiebreak_list"), sentence(lang.render(st.choices.tiebreaks.message()))))
    for k, code in enumerate(st.codes, start=1):
        rows.append((lang("tiebreak_n", n=k), lang.tiebreak_label(code)))
    if st.lots_seed is not None:
        rows.append((lang("drawing_of_lots"), lang("legend_lots", seed=st.lots_seed)))
    else:
        rows.append((lang("remaining_ties"), lang("share_place")))
    rows.extend(extra)
    for w in st.warnings:
        rows.append((lang("warning"), sentence(lang.render(w))))
    if any(st.direct(c) for c in st.codes):
        rows.append((lang("legend"), lang("legend_de")))
    if withdrawn(st):
        rows.append((lang("legend"), withdrawn_legend(lang)))
    crosstable = ("legend_team_grid" if prints_grid(st) else "legend_team_crosstable") if st.team else \
        ("legend_grid" if prints_grid(st) else "legend_crosstable")
    rows.append((lang("legend"), crosstable_legend(lang, crosstable)))
    rows.append((lang("legend"), lang("legend_details")))
    rows.append((lang("computed_by"), f"xltb {__version__}: {lang('values_not_formulas')}"))
    return rows


def sentence(text: str) -> str:
    """A value of the Event sheet as a sentence starts, with a capital (``Sieg 1, Remis 0,5``), but for a
    name written in small letters (``xltb's default``)."""
    return text if text.startswith("xltb") else text[:1].upper() + text[1:]


def kind_text(input_kind: str, lang: Language) -> str:
    """What the file was read as (``TRF``, ``chess-results crosstable export (CSV)``), in the language: the
    text ``kind_<reader>`` (``kind_trf``, ``kind_chessresults``...), else the reader's English label."""
    key = _KINDS.get(input_kind)
    return lang(f"kind_{key}") if key and f"kind_{key}" in lang.texts else input_kind


def event_sheet(book: Book, st: Standings, rows: list[tuple[str, str]], layout: Layout) -> None:
    lang = layout.lang
    widths = [20.0, 72.0]
    sheet = layout.sheet(book, st, "event", [lang("item"), lang("value")], widths, [(None, "wrap"), (None, "wrap")],
                         orientation="portrait", font_size=10.0)
    for key, value in rows:
        sheet.append([key, value], height=row_height([key, value], widths, 10.0))


__all__ = ["details_rows", "details_sheet", "event_rows", "event_sheet", "contribution_note", "PLAIN_SOURCES"]
