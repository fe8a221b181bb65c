"""Standings workbooks (.xlsx) that can be printed, posted and e-mailed.

Every cell holds a computed value, never a formula, so that the workbook reads the same in Excel
without the add-in, in LibreOffice and on phones. Sheets:

* **Standings**: rank, no., title, name, federation, rating, points and each tie-break with its
  own precision (:func:`xltb.report.numbers.decimals`);
* **Crosstable**: every round (``12w1`` = against no. 12 with white, won; ``PAB 1``, ``HPB ½``...);
* **Details**: per participant and tie-break, the contribution of each round, what was cut (shown
  in parentheses) and why, and the articles applied, so that a player's question can be answered
  on paper;
* **Event**: source file, rules edition and why, tie-break list, scoring, warnings.

Team events (when the team engine gives standings whose participants are teams) add the team
crosstable and the players' standings by board; see :func:`write_workbook`.

Print setup on every sheet: the header row repeated on each page, fit to the page width,
landscape when the table is wide, A4, a footer with the event name, the edition of the rules and
"page N of M". Text that a spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``) is
stored as text with a quote prefix (it stays text when the cell is edited).

openpyxl is imported inside the functions (the engine does not need it).
"""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Iterable

from .. import __version__
from ..files import write_atomic
from ..model import Colour, Kind
from ..ranking.standings import Standings
from ..tiebreaks.codes import ACRONYMS
from .numbers import decimals, format_value
from .xlsx import Book, Sheet, row_height

_KIND_TEXT = {Kind.PAB: "PAB", Kind.FULL_BYE: "FPB", Kind.HALF_BYE: "HPB", Kind.ZERO_BYE: "ZPB",
              Kind.ABSENT: "abs"}
_RESULT_CHAR = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-", Kind.NOT_PLAYED: "?"}
#: sources of a contribution that need no note (a game played over the board, a counted round...)
_PLAIN_SOURCES = {"game", "count", "round", "opponent", "koya", "std", "opponent-value"}

CROSSTABLE_LEGEND = ("Crosstable: 12w1 = against no. 12 with white, won (½ drawn, 0 lost); + and - forfeits won and "
                     "lost; PAB pairing-allocated bye, FPB full-point bye, HPB half-point bye, ZPB zero-point bye, "
                     "abs absent; ? no result yet.")
DETAILS_LEGEND = ("Details: the contribution of each round to the value; a value in parentheses was cut (Cut or "
                  "Median, C.07 14) and the note says why; notes name unplayed rounds and the articles applied.")


def points_text(value: Fraction) -> str:
    """Points as printed in a crosstable: ``1``, ``½``, ``2½``, ``0``."""
    if value.denominator == 2:
        whole = value.numerator // 2
        return ("" if whole == 0 else str(whole)) + "½"
    return format_value("X", value) if value.denominator != 1 else str(value.numerator)


def round_text(r, colour_letters: bool = True) -> str:
    """One crosstable cell."""
    if r.opponent is None:
        label = _KIND_TEXT.get(r.kind, "-")
        return f"{label} {points_text(r.points)}" if r.kind is not Kind.ABSENT else "abs"
    result = _RESULT_CHAR.get(r.kind) or points_text(r.points)
    if not colour_letters:  # an event without colours (e.g. a SwissPerfect export): "27 1", not "271"
        return f"{r.opponent} {result}"
    colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(r.colour, "-")
    return f"{r.opponent}{colour}{result}"


def number_format(code: str, values: Iterable[Fraction | None]) -> str:
    """The number format of a tie-break column: its fixed precision, else as many decimals as the values
    need (at least one, at most four), as :func:`xltb.report.numbers.format_value` prints them."""
    places = decimals(code)
    if places is None:
        places = 1
        for d in {v.denominator for v in values if v is not None}:
            p = next((p for p in (1, 2, 3, 4) if 10**p % d == 0), 2)
            places = max(places, p)
    return "0" if places == 0 else "0." + "0" * places


def _text_width(values: Iterable[str], minimum: float, maximum: float) -> float:
    longest = max((len(v) for v in values if v), default=0)
    return float(min(max(minimum, longest + 1.5), maximum))


def event_title(st: Standings) -> str:
    t = st.event
    return t.name or (os.path.splitext(os.path.basename(t.source))[0] if t.source else "event")


def standings_rows(st: Standings) -> list[list]:
    """The Standings sheet's rows (values, not text): rank, no., title, name, fed, rating, points, tie-breaks."""
    out = []
    for row in st.rows:
        _, title, name, fed, rating = st.entry(row.participant)
        out.append([row.rank, row.start_no, title, name, fed, rating, row.points]
                   + [row.values[c] for c in st.codes] + (["lot"] if row.by_lot else []))
    return out


def _standings_sheet(book: Book, st: Standings, footer: tuple[str, str], labels: dict[str, str]) -> None:
    rows = standings_rows(st)
    lots = any(r.by_lot for r in st.rows)
    headers = ["Rank", labels.get("no", "No."), "Title", labels.get("name", "Name"), "Fed", "Rating", "Points"] \
        + st.codes + (["Lots"] if lots else [])
    columns = [(None, None), (None, None), (None, "indent"), (None, "indent"), (None, "indent"), (None, None),
               (number_format("PTS", [r.points for r in st.rows]), None)]
    columns += [(number_format(c, [r.values[c] for r in st.rows]), None) for c in st.codes]
    columns += [(None, "center")] if lots else []
    widths = [6, 6, 7, _text_width((r[3] for r in rows), 16, 40), 6, 7, 7] \
        + [max(7.0, len(c) + 2.0) for c in st.codes] + ([6] if lots else [])
    sheet = Sheet(book, "Standings", headers, widths, columns, footer_left=footer[0], footer_center=footer[1],
                   freeze="E2")
    for r in rows:
        sheet.append(r)


def _crosstable_sheet(book: Book, st: Standings, footer: tuple[str, str], labels: dict[str, str]) -> None:
    t = st.event
    colours = any(r.colour is not Colour.NONE for p in t.players for r in p.results)
    cells = [[round_text(r, colours) for r in row.participant.results] for row in st.rows]
    rounds = max((len(c) for c in cells), default=t.rounds)
    headers = ["Rank", labels.get("no", "No."), labels.get("name", "Name"), "Rating"] \
        + [f"R{i}" for i in range(1, rounds + 1)] + ["Points"]
    width = max(5.5, max((len(c) for row in cells for c in row), default=4) + 2.0)
    widths = [6, 6, _text_width((r.participant.name for r in st.rows), 16, 32), 7] + [width] * rounds + [7]
    columns = [(None, None), (None, None), (None, "indent"), (None, None)] + [(None, "center")] * rounds \
        + [(number_format("PTS", [r.points for r in st.rows]), None)]
    sheet = Sheet(book, "Crosstable", headers, widths, columns, footer_left=footer[0], footer_center=footer[1],
                   freeze="D2", repeat_columns=3)
    for row, texts in zip(st.rows, cells):
        _, _, name, _, rating = st.entry(row.participant)
        sheet.append([row.rank, row.start_no, name, rating] + texts + [""] * (rounds - len(texts)) + [row.points])


def details_rows(st: Standings) -> Iterable[tuple[list, dict[int, bool]]]:
    """Per participant (in rank order) and tie-break: rank, no., name (on the participant's first line only),
    the tie-break with its article, the value, the contribution of each round and the notes; with the rounds
    whose contribution was cut."""
    t = st.event
    participants = st.participants
    index = {p.start_no: i for i, p in enumerate(participants)}
    rounds = t.rounds
    for row in st.rows:
        i = index[row.start_no]
        for k, code in enumerate(st.codes):
            acronym = code.split("/")[0].split(":")[0].upper()
            contributions: list = [None] * rounds
            cut_cols: dict[int, bool] = {}
            notes: list[str] = []
            ev = st.evaluations.get(code, [None] * len(participants))[i]
            article = ev.article if ev is not None and ev.article else \
                (f"C.07 {ACRONYMS[acronym][0]}" if acronym in ACRONYMS else "")
            value = row.values.get(code)
            if acronym == "DE":
                notes = [step.text() for step in st.encounter_steps(code, row.start_no)]
                if value is None:
                    notes.insert(0, "not applied (no tie to break)")
            elif ev is not None:
                for c in ev.breakdown():
                    source, rnd, vur, cut = c.source, c.round, c.vur, c.cut
                    text = ""
                    if source not in _PLAIN_SOURCES or vur:
                        text = c.explanation + (f" [{c.article}]" if c.article else "")
                        if vur:
                            text += "; voluntarily unplayed round"
                    if cut:
                        text += ("; " if text else "") + f"cut: {cut}"
                    share = c.value
                    amount = share.numerator // share.denominator if share.denominator == 1 else \
                        share.numerator / share.denominator
                    slot = (rnd - 1) if rnd is not None and 0 < rnd <= rounds else None
                    if slot is not None and contributions[slot] is None:
                        contributions[slot] = amount
                        if cut:
                            cut_cols[slot] = True
                        if text:
                            notes.append(f"R{rnd}: {text}")
                    else:
                        opponent = c.opponent
                        where = f"R{rnd}" if rnd is not None else (f"#{opponent}" if opponent else "")
                        notes.append(f"{where}{' ' if where else ''}{format_value(code, share)}"
                                     f"{' (cut)' if cut else ''}{': ' + text if text else ''}")
                notes.extend(ev.notes)
                if value is None:
                    notes.insert(0, "undefined")
            who = [row.rank, row.start_no, row.participant.name] if k == 0 else [None, None, None]
            label = f"{code} ({article})" if article else code
            yield who + [label, value] + contributions + ["\n".join(notes)], cut_cols


def _details_sheet(book: Book, st: Standings, footer: tuple[str, str], labels: dict[str, str]) -> None:
    rounds = st.event.rounds
    headers = ["Rank", labels.get("no", "No."), labels.get("name", "Name"), "Tie-break", "Value"] \
        + [f"R{i}" for i in range(1, rounds + 1)] + ["Notes"]
    label_width = max((len(c) for c in st.codes), default=4) + 12
    notes_width = 60.0
    widths = [6, 6, _text_width((r.participant.name for r in st.rows), 14, 40), label_width, 8] \
        + [6.5] * rounds + [notes_width]
    columns = [(None, None), (None, None), (None, "indent"), (None, "indent"), (None, None)] \
        + [(None, None)] * rounds + [(None, "wrap")]
    sheet = Sheet(book, "Details", headers, widths, columns, footer_left=footer[0], footer_center=footer[1],
                   freeze="E2", repeat_columns=5)
    per_code = {}
    for code in st.codes:
        value_format = number_format(code, [r.values[code] for r in st.rows])
        contribution = "0" if decimals(code) == 0 else "0.0#"
        cut = f'"("{contribution}")"'
        per_code[code] = {
            False: ({4: book.style(value_format)}, book.style(contribution), book.style(cut, grey=True)),
            True: ({4: book.style(value_format, top=True)}, book.style(contribution, top=True),
                   book.style(cut, top=True, grey=True)),
        }
    ncodes = len(st.codes)
    for k, (values, cut_cols) in enumerate(details_rows(st)):
        code = st.codes[k % ncodes]
        first = k % ncodes == 0
        base, plain, cut = per_code[code][first]
        styles = dict(base)
        for r in range(rounds):
            styles[5 + r] = cut if cut_cols.get(r) else plain
        notes = values[-1]
        height = row_height([notes], [notes_width]) if notes else None
        sheet.append(values, styles=styles, top=first, height=height)


def event_rows(st: Standings, *, input_kind: str = "", extra: Iterable[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    """The Event sheet: what was computed, from what, under which rules."""
    t = st.event
    rows = [("Event", t.name or "")]
    if t.source:
        rows.append(("Source file", os.path.basename(t.source)))
    if input_kind:
        rows.append(("Read as", input_kind))
    # team events: place and end date not shown yet (as before the redesign; the printed title block will)
    if t.city and not st.team:
        rows.append(("Place", t.city))
    dates = " to ".join(d.isoformat() for d in (t.start_date, None if st.team else t.end_date) if d)
    rows.append(("Dates", dates or "not given"))
    rows.append(("Type", t.event_type.value))
    rows.append(("Rounds", str(t.rounds)))
    rows.append(("Participants", str(len(st.rows))))
    rows.append(("Scoring", st.scoring_text))
    rows.append(("Rules", f"FIDE C.07, edition {st.edition.key} ({st.edition_reason})"))
    for k, code in enumerate(st.codes, start=1):
        acronym = code.split("/")[0].split(":")[0].upper()
        article, name = ACRONYMS.get(acronym, ("", acronym))
        rows.append((f"Tie-break {k}", f"{code}: {name} (C.07 {article})"))
    if st.lots_seed is not None:
        rows.append(("Drawing of lots", f"remaining ties broken by lot, seed {st.lots_seed} (Lots column)"))
    else:
        rows.append(("Remaining ties", "share the place (1, 2, 2, 4)"))
    rows.extend(extra)
    for w in st.warnings:
        rows.append(("Warning", w))
    rows.append(("Legend", CROSSTABLE_LEGEND))
    rows.append(("Legend", DETAILS_LEGEND))
    rows.append(("Computed by", f"xltb {__version__}: values, not formulas"))
    return rows


def _event_sheet(book: Book, rows: list[tuple[str, str]], footer: tuple[str, str]) -> None:
    widths = [16.0, 76.0]
    sheet = Sheet(book, "Event", ["Item", "Value"], widths, [(None, "indent"), (None, "wrap")],
                   footer_left=footer[0], footer_center=footer[1])
    for key, value in rows:
        sheet.append([key, value], height=row_height([key, value], widths))


def footer_texts(st: Standings) -> tuple[str, str]:
    return event_title(st), f"FIDE C.07 edition {st.edition.key}"


def team_event(st: Standings):
    """The team event behind standings whose participants are teams (None for an individual event)."""
    return st.event if st.team else None


def build_workbook(st: Standings, *, input_kind: str = "") -> bytes:
    """The workbook of an event as bytes: Standings, Crosstable, Details, Event; for a team event Team
    standings, Team crosstable, Players by board, Details, Event."""
    book = Book()
    footer = footer_texts(st)
    team = team_event(st)
    if team is None:
        labels = {"no": "No.", "name": "Name"}
        _standings_sheet(book, st, footer, labels)
        _crosstable_sheet(book, st, footer, labels)
    else:
        labels = {"no": "No.", "name": "Team"}
        _team_standings_sheet(book, st, team, footer)
        _team_crosstable_sheet(book, st, team, footer)
        _players_sheet(book, team, footer)
    _details_sheet(book, st, footer, labels)
    _event_sheet(book, event_rows(st, input_kind=input_kind), footer)
    return book.bytes()


# --------------------------------------------------------------------------- team events
def team_standings_rows(st: Standings, team) -> list[list]:
    """Rank, no., team, short name, rating (team strength), primary score, secondary score, tie-breaks."""
    secondary = team.secondary
    out = []
    for row in st.rows:
        t = row.participant
        scores = {"MP": t.mp, "GP": t.gp}
        out.append([row.rank, t.start_no, t.name, t.short_name, t.strength, row.points, scores[secondary]]
                   + [row.values[c] for c in st.codes] + (["lot"] if row.by_lot else []))
    return out


def _team_standings_sheet(book: Book, st: Standings, team, footer) -> None:
    rows = team_standings_rows(st, team)
    lots = any(r.by_lot for r in st.rows)
    headers = ["Rank", "No.", "Team", "Short", "Rating", team.primary, team.secondary] + st.codes \
        + (["Lots"] if lots else [])
    columns = [(None, None), (None, None), (None, "indent"), (None, "indent"), (None, None),
               (number_format("PTS", [r[5] for r in rows]), None), (number_format("PTS", [r[6] for r in rows]), None)]
    columns += [(number_format(c, [r.values[c] for r in st.rows]), None) for c in st.codes]
    columns += [(None, "center")] if lots else []
    widths = [6, 6, _text_width((r[2] for r in rows), 16, 40), _text_width((r[3] or "" for r in rows), 7, 14), 7, 7, 7] \
        + [max(7.0, len(c) + 2.0) for c in st.codes] + ([6] if lots else [])
    sheet = Sheet(book, "Team standings", headers, widths, columns, footer_left=footer[0], footer_center=footer[1],
                   freeze="D2")
    for r in rows:
        sheet.append(r)


def team_round_text(r) -> str:
    """A team crosstable cell: ``12w 2½`` (opponent, colour of board 1, game points), ``12w +`` (forfeit won),
    ``PAB 2`` (a team bye and its game points)."""
    if r.opponent is None:
        label = _KIND_TEXT.get(r.kind, "-")
        return "abs" if r.kind is Kind.ABSENT else f"{label} {points_text(r.gp)}"
    colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(r.colour, "")
    if r.kind.forfeit:
        return f"{r.opponent}{colour} {_RESULT_CHAR[r.kind]}"
    return f"{r.opponent}{colour} {points_text(r.gp)}"


def _team_crosstable_sheet(book: Book, st: Standings, team, footer) -> None:
    cells = [[team_round_text(r) for r in row.participant.results] for row in st.rows]
    rounds = max((len(c) for c in cells), default=team.rounds)
    headers = ["Rank", "No.", "Team"] + [f"R{i}" for i in range(1, rounds + 1)] + ["MP", "GP"]
    width = max(6.0, max((len(c) for row in cells for c in row), default=4) + 2.0)
    widths = [6, 6, _text_width((r.participant.name for r in st.rows), 16, 32)] + [width] * rounds + [6, 6]
    mp = [r.participant.mp for r in st.rows]
    gp = [r.participant.gp for r in st.rows]
    columns = [(None, None), (None, None), (None, "indent")] + [(None, "center")] * rounds \
        + [(number_format("PTS", mp), None), (number_format("PTS", gp), None)]
    sheet = Sheet(book, "Team crosstable", headers, widths, columns, footer_left=footer[0],
                   footer_center=footer[1], freeze="D2")
    for row, texts, m, g in zip(st.rows, cells, mp, gp):
        sheet.append([row.rank, row.start_no, row.participant.name] + texts + [""] * (rounds - len(texts)) + [m, g])


def players_by_board_rows(team) -> list[list]:
    """The players of a team event by board (roster position), each board ranked (percentage, games, TPR);
    players who took no board last: board, board rank, no., name, rating, team, points, games, played, %,
    TPR, overall rank."""
    from ..ranking.players import player_standings  # the team model: team events only

    lines = player_standings(team)
    lines.sort(key=lambda x: (x.board is None or not x.games, x.board or 0, x.board_rank or 0, x.rank,
                              x.player.start_no))
    out = []
    for x in lines:
        pct = None if x.percentage is None else x.percentage * 100
        out.append([x.board, x.board_rank, x.player.start_no, x.player.name, x.player.rating,
                    x.team.name if x.team else "", x.points, x.games, x.played, pct, x.tpr, x.rank])
    return out


def _players_sheet(book: Book, team, footer) -> None:
    rows = players_by_board_rows(team)
    headers = ["Board", "Board rank", "No.", "Name", "Rating", "Team", "Points", "Games", "Played", "%", "TPR",
               "Overall rank"]
    widths = [6, 7, 6, _text_width((r[3] for r in rows), 16, 32), 7, _text_width((r[5] for r in rows), 12, 28),
              7, 7, 7, 7, 7, 8]
    columns = [(None, None), (None, None), (None, None), (None, "indent"), (None, None), (None, "indent"),
               (number_format("PTS", [r[6] for r in rows]), None), (None, None), (None, None), ("0.0", None),
               ("0", None), (None, None)]
    sheet = Sheet(book, "Players by board", headers, widths, columns, footer_left=footer[0],
                   footer_center=footer[1], freeze="E2")
    previous = None
    for k, r in enumerate(rows):
        board = r[0] if r[7] else None
        sheet.append(r, top=k > 0 and board != previous)  # a rule between boards
        previous = board


def write_workbook(st: Standings, path: str | os.PathLike, *, input_kind: str = "", force: bool = False) -> None:
    """Write the workbook atomically (a temporary file put in place at the end: never half a file);
    an existing file is replaced only with ``force``."""
    write_atomic(path, build_workbook(st, input_kind=input_kind), force=force)


__all__ = ["build_workbook", "write_workbook", "standings_rows", "details_rows", "event_rows", "number_format",
           "round_text", "points_text"]
