"""Readers for the CSV exports of results servers and pairing programs.

Two kinds are read, each into a :class:`~xltb.model.Tournament` plus what the export published
(:class:`Published`: rank, points and tie-break columns with their legend names), so that a
program can compare the published standings with xltb's:

* **chess-results** "Final Ranking crosstable" (``Export to Excel`` saved as CSV): ``;``-separated,
  banner lines above the header ``Rk.;;Name;Rtg;FED;1.Rd;...;Pts.;TB1;...``, opponents given by
  their *rank* (the first column), cells ``168w1``, ``138b½``, ``12w+``, ``5b-`` (German ``s`` and
  Dutch ``z`` for black), byes ``-1`` / ``-½`` / ``-0``, ``0`` for a round not paired, decimal
  comma or point, trailing ``#`` legend lines (``# Tie Break1: Buchholz ...``), UTF-8 or cp1252.
  The players' numbers in the tournament are the numbers of the first column (final ranks).
* **SwissPerfect** export (TAB-separated): header ``No<TAB>Name<TAB>[Feder, Intl Id, Loc Id, Rtg,
  Loc, Title, Total]<TAB>1<TAB>2...``, cells ``27:W`` (opponent:result, W/D/L, ``+``/``-``
  forfeits), ``0:W`` a bye worth a win, ``0:=``/``0:D`` a half-point bye, ``0:-``/``0:L``/``0:`` a
  zero-point bye, ``  :`` not in the event that round. The format has no colours, event name or date.

pandas is imported inside the functions that need it (the engine does not use pandas).
Every player's points are recomputed from the rounds and checked against the published total.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import InputError
from ..model import Colour, EventType, Kind, Player, RoundResult, Scoring, Tournament
from . import builder
from .text import encoding_note, errors_located, read_text

CHESS_RESULTS = "chess-results"
SWISSPERFECT = "swissperfect"

#: what each kind looks like, for error messages
EXPECTED = ("a chess-results crosstable export (';'-separated, a header like 'Rk.;;Name;Rtg;FED;1.Rd;...;Pts.') "
            "or a SwissPerfect export (TAB-separated, a header like 'No<TAB>Name<TAB>...<TAB>1<TAB>2')")


@dataclass(frozen=True)
class PublishedColumn:
    """A column of published values: its header as written, its legend name, values by player number."""

    key: str
    name: str
    values: dict[int, Fraction | None]
    texts: dict[int, str] = field(default_factory=dict)  # the cells as written


@dataclass(frozen=True)
class Published:
    """What an export published next to the results (to compare with xltb's standings)."""

    kind: str  # CHESS_RESULTS or SWISSPERFECT
    ranks: dict[int, int]  # player number -> published rank (empty when the export has no rank column)
    points: dict[int, Fraction | None]  # player number -> published points
    tiebreaks: tuple[PublishedColumn, ...]  # TB1..TBn in order, with their legend names when given
    legend: tuple[str, ...]  # the '#' lines at the end, without the '#'
    lines: dict[int, int]  # player number -> line of the file
    title: str = ""  # e.g. "Final Ranking crosstable after 21 Rounds"


def read_csv_export(path: str | os.PathLike, *, event_type: EventType | None = None) -> tuple[Tournament, Published]:
    """Read a chess-results or SwissPerfect export: (tournament, what the export published).

    Errors (:class:`InputError`) name the file and line; a file of neither kind is an error saying
    what was expected.
    """
    text, encoding = read_text(path)
    with errors_located(path):
        tournament, published = parse_csv_export(text, source=str(path), event_type=event_type)
    note = encoding_note(encoding)
    return (tournament._replace(warnings=tournament.warnings + note) if note else tournament), published


def parse_csv_export(text: str, source: str = "<text>", *,
                     event_type: EventType | None = None) -> tuple[Tournament, Published]:
    """Parse the text of an export (line ends normalised to ``\\n``)."""
    kind = detect_csv_kind(text)
    if kind == CHESS_RESULTS:
        return _chess_results(text, source, event_type)
    if kind == SWISSPERFECT:
        return _swissperfect(text, source, event_type)
    if kind == "chess-results-team":
        raise InputError("this is a team crosstable (team names and match game points, no boards): xltb reads team "
                         "events from TRF files; expected " + EXPECTED, file=source)
    raise InputError("not a known export: expected " + EXPECTED, file=source)


def detect_csv_kind(text: str) -> str | None:
    """``"chess-results"``, ``"swissperfect"``, ``"chess-results-team"`` or None (from the header line)."""
    lines = text.split("\n", 60)[:60]
    for i, line in enumerate(lines):
        if _SP_HEADER.match(line) and "\t" in line:
            return SWISSPERFECT
        if ";" in line and not line[:1].isspace():
            cells = [_norm(c) for c in _split_semicolons(line)]
            rounds = [c for c in cells if _ROUND_HEAD.match(c)]
            following = next((x for x in lines[i + 1:] if x.strip()), "")
            if not rounds or not _PLAYER_LINE.match(following):
                continue  # a header is followed by a player line: "1;GM;Vachier-Lagrave..."
            if any(c in _NAME_HEADS for c in cells):
                return CHESS_RESULTS
            if any(c in _TEAM_HEADS for c in cells):
                return "chess-results-team"
    return None


def is_csv_export(path: str | os.PathLike) -> bool:
    """True when the file looks like one of the exports read here (by its header line)."""
    try:
        text, _ = read_text(path)
    except InputError:
        return False
    return detect_csv_kind(text) in (CHESS_RESULTS, SWISSPERFECT, "chess-results-team")


# --------------------------------------------------------------------------- common
_PLAYER_LINE = re.compile(r"^\s{0,3}\d+\s*;")
_ROUND_HEAD = re.compile(r"^(\d{1,3})\s*\.?\s*(rd|rde|r|rnd|round|runde|ronde|ronda)?\.?$")
_NAME_HEADS = {"name", "naam", "nombre", "nom", "nome", "player", "spieler", "speler", "jugador", "joueur"}
_TEAM_HEADS = {"mannschaft", "team", "teams", "équipe", "equipe", "squadra", "equipo", "ploeg"}
_RANK_HEADS = {"rk", "rg", "rang", "pos", "pl", "platz", "place", "rank", "#", "plaats", "clas"}
_NUMBER_HEADS = {"sno", "snr", "nr", "no", "st.nr", "startnr", "n", "num", "number"}
_TITLE_HEADS = {"title", "tit", "titel", "titre", "titulo"}
_RATING_HEADS = {"rtg", "elo", "rating", "fide-elo", "elo int", "elo fide", "rtg int", "rtgi", "fide"}
_FED_HEADS = {"fed", "land", "federation", "country", "verband", "fide fed", "país", "pais"}
_POINTS_HEADS = {"pts", "pkt", "pnt", "punkte", "points", "ptos", "pt", "punten", "score", "total"}
_TB_HEAD = re.compile(r"^(tb|wtg|fw|tie ?break|desempate|wertung)\s*(\d+)$")
_LEGEND_TB = re.compile(r"^\s*(?:tie[\s-]*break|tb|wtg|feinwertung|wertung|desempate|tiebreak)\s*(\d+)\s*:\s*(.+?)\s*$",
                        re.IGNORECASE)


def _norm(cell: str) -> str:
    """A header cell for matching: stripped, lower case, without a trailing full stop."""
    return cell.strip().strip('"').strip().lower().rstrip(".").strip()


def _split_semicolons(line: str) -> list[str]:
    return line.split(";")


def _points(text: str) -> Fraction | None:
    """``8``, ``46,5``, ``6.5``, ``4½``, ``½``: a number of points (None when empty or not a number)."""
    t = text.strip().replace(",", ".")
    if not t:
        return None
    if t.endswith("½"):
        t = (t[:-1] or "0") + ".5"
    try:
        return Fraction(t)
    except (ValueError, ZeroDivisionError):
        return None


def _read_table(lines: list[str], sep: str):
    """The cells of ``lines`` as a pandas DataFrame of strings (quotes handled; nothing converted)."""
    import pandas as pd  # lazily: the engine must not import pandas

    width = max(len(line.split(sep)) for line in lines)
    frame = pd.read_csv(io.StringIO("\n".join(lines)), sep=sep, header=None, dtype=str, keep_default_na=False,
                        names=list(range(width)), engine="python", quoting=0, skip_blank_lines=False)
    return frame


# --------------------------------------------------------------------------- chess-results
_GAME_CELL = re.compile(r"^(\d+)\s*([wbszWBSZ])?\s*(1|0|½|=|\+|-|0[.,]5|1/2)$")
_BYE_CELL = re.compile(r"^-\s*(1|½|0|=|\+|0[.,]5|1/2)$")
_BANNER = re.compile(r"chess[- ]?results|https?://|crosstable|kreuztabelle|ranglijst|update|aktualisierung|"
                     r"toernooibestanden|tournament-database|turnierdatenbank", re.IGNORECASE)
_RESULT_KIND = {"1": Kind.WIN, "0": Kind.LOSS, "½": Kind.DRAW, "=": Kind.DRAW, "0.5": Kind.DRAW, "0,5": Kind.DRAW,
                "1/2": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
_BYE_KIND = {"1": Kind.PAB, "+": Kind.PAB, "½": Kind.HALF_BYE, "=": Kind.HALF_BYE, "0.5": Kind.HALF_BYE,
             "0,5": Kind.HALF_BYE, "1/2": Kind.HALF_BYE, "0": Kind.ZERO_BYE}
_COLOUR = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK, "z": Colour.BLACK}


@dataclass
class _Row:
    line: int
    number: int
    name: str
    title: str = ""
    rating: int | None = None
    federation: str = ""
    declared: Fraction | None = None
    rank: int | None = None
    cells: list[tuple[str, int | None, Colour, Kind]] = field(default_factory=list)  # (text, opp, colour, kind)


def _chess_results(text: str, source: str, event_type: EventType | None) -> tuple[Tournament, Published]:
    lines = text.split("\n")
    header_at = None
    for i, line in enumerate(lines):
        cells = [_norm(c) for c in _split_semicolons(line)]
        if any(_ROUND_HEAD.match(c) for c in cells) and any(c in _NAME_HEADS for c in cells):
            header_at = i
            break
    assert header_at is not None  # detect_csv_kind found it
    heads = [_norm(c) for c in _split_semicolons(lines[header_at])]
    raw_heads = [c.strip() for c in _split_semicolons(lines[header_at])]
    roles = _chess_results_roles(heads, source, header_at + 1)
    banner = [line.strip(" ;\t") for line in lines[:header_at]]
    name = next((b for b in banner if b and not _BANNER.search(b)), "")
    title = next((b for b in banner if re.search(r"crosstable|kreuztabelle|ranglijst", b, re.IGNORECASE)), "")
    body: list[tuple[int, str]] = []
    legend: list[str] = []
    for i in range(header_at + 1, len(lines)):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("#"):
            legend.append(stripped.lstrip("#").strip(" ;"))
            continue
        if not stripped.strip(";"):
            continue
        first = _split_semicolons(line)[0].strip()
        if not first.isdigit():
            if body:  # text after the table: a footer
                legend.append(stripped.strip(" ;"))
                continue
            raise InputError(f"expected a player line starting with a number, found {stripped[:40]!r}",
                             file=source, line=i + 1)
        body.append((i + 1, line))
    if not body:
        raise InputError("the crosstable has no player lines", file=source, line=header_at + 1)
    frame = _read_table([line for _, line in body], ";")
    rows: list[_Row] = []
    for k, (lineno, _) in enumerate(body):
        cells = ["" if v is None else str(v) for v in frame.iloc[k].tolist()]
        cells += [""] * (len(heads) - len(cells))
        rows.append(_chess_results_row(cells, roles, lineno, source))
    by_number: dict[int, _Row] = {}
    for row in rows:
        if row.number in by_number:
            raise InputError(f"number {row.number} appears twice (first on line {by_number[row.number].line}); the "
                             "opponents are given by this number, so the crosstable is ambiguous",
                             file=source, line=row.line)
        by_number[row.number] = row
    tb_names = {}
    for text_line in legend:
        m = _LEGEND_TB.match(text_line)
        if m:
            tb_names[int(m.group(1))] = m.group(2)
    columns = []
    for col in roles["tiebreaks"]:
        key = raw_heads[col]
        m = _TB_HEAD.match(heads[col])
        label = tb_names.get(int(m.group(2)), "") if m else ""
        texts = {}
        values = {}
        for k, row in enumerate(rows):
            cell = str(frame.iloc[k, col]).strip() if col < frame.shape[1] else ""
            texts[row.number] = cell
            values[row.number] = _points(cell)
        columns.append(PublishedColumn(key, label, values, texts))
    published = Published(
        kind=CHESS_RESULTS,
        ranks={r.number: r.rank for r in rows if r.rank is not None},
        points={r.number: r.declared for r in rows},
        tiebreaks=tuple(columns), legend=tuple(legend), lines={r.number: r.line for r in rows}, title=title)
    tournament = _tournament(rows, len(roles["rounds"]), name, source, event_type, [])
    return tournament, published


def _chess_results_roles(heads: list[str], source: str, line: int) -> dict:
    roles: dict = {"rounds": [], "tiebreaks": []}
    for i, h in enumerate(heads):
        if _ROUND_HEAD.match(h) and i > 0:
            roles["rounds"].append(i)
        elif h in _NAME_HEADS and "name" not in roles:
            roles["name"] = i
        elif i == 0 and (h in _RANK_HEADS or h in _NUMBER_HEADS):
            roles["number"] = i
            roles["rank_is_number"] = h in _RANK_HEADS
        elif h in _RANK_HEADS and "rank" not in roles:
            roles["rank"] = i
        elif h in _TITLE_HEADS:
            roles["title"] = i
        elif h in _RATING_HEADS and "rating" not in roles:
            roles["rating"] = i
        elif h in _FED_HEADS and "fed" not in roles:
            roles["fed"] = i
        elif h in _POINTS_HEADS and "points" not in roles:
            roles["points"] = i
        elif _TB_HEAD.match(h) or ("points" in roles and roles["rounds"] and h and i > roles["points"]):
            roles["tiebreaks"].append(i)
    if "number" not in roles:
        roles["number"] = 0
        roles["rank_is_number"] = True
    if "title" not in roles and "name" in roles and roles["name"] > 0 and heads[roles["name"] - 1] == "" \
            and roles["name"] - 1 != roles["number"]:
        roles["title"] = roles["name"] - 1  # chess-results leaves the title column unnamed
    if roles.get("rank_is_number"):
        roles["rank"] = roles["number"]
    # the round columns must be 1, 2, ... n
    numbers = [int(_ROUND_HEAD.match(heads[i]).group(1)) for i in roles["rounds"]]
    if numbers != list(range(1, len(numbers) + 1)):
        raise InputError(f"the round columns are numbered {numbers}, expected 1 to {len(numbers)}", file=source,
                         line=line)
    return roles


def _chess_results_row(cells: list[str], roles: dict, lineno: int, source: str) -> _Row:
    number = int(cells[roles["number"]].strip())
    row = _Row(line=lineno, number=number, name=cells[roles["name"]].strip() if "name" in roles else "")
    if "title" in roles:
        row.title = cells[roles["title"]].strip()
    if "rating" in roles:
        t = cells[roles["rating"]].strip()
        if t and not t.isdigit():
            raise InputError(f"rating {t!r} is not a number", file=source, line=lineno)
        row.rating = (int(t) or None) if t else None
    if "fed" in roles:
        row.federation = cells[roles["fed"]].strip()
    if "points" in roles:
        t = cells[roles["points"]]
        row.declared = _points(t)
        if t.strip() and row.declared is None:
            raise InputError(f"points {t.strip()!r} are not a number", file=source, line=lineno)
    if "rank" in roles:
        t = cells[roles["rank"]].strip()
        row.rank = int(t) if t.isdigit() else None
    for r, col in enumerate(roles["rounds"], start=1):
        cell = cells[col].strip()
        row.cells.append(_chess_results_cell(cell, r, lineno, source))
    return row


def _chess_results_cell(cell: str, rnd: int, lineno: int, source: str) -> tuple[str, int | None, Colour, Kind]:
    if cell in ("", "0"):
        return cell, None, Colour.NONE, Kind.ABSENT  # not paired (withdrawn or not yet in the event)
    m = _BYE_CELL.match(cell)
    if m:
        return cell, None, Colour.NONE, _BYE_KIND[m.group(1)]
    m = _GAME_CELL.match(cell)
    if m:
        opponent = int(m.group(1))
        if opponent == 0:
            return cell, None, Colour.NONE, _BYE_KIND.get(m.group(3), Kind.ABSENT)
        colour = _COLOUR.get((m.group(2) or "").lower(), Colour.NONE)
        return cell, opponent, colour, _RESULT_KIND[m.group(3)]
    raise InputError(f"round {rnd}: cannot read {cell!r} (expected opponent, colour and result such as 168w1, "
                     "138b½, 12w+, 5b-, or a bye -1, -½, -0, or 0 when not paired)", file=source, line=lineno)


# --------------------------------------------------------------------------- SwissPerfect
_SP_HEADER = re.compile(r"^\s*No\s*\t")
_SP_CELL = re.compile(r"^(\d*)\s*:\s*([-+=LWDlwd])?$")
_SP_WITH_OPP = {"W": Kind.WIN, "L": Kind.LOSS, "D": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
                "=": Kind.UNRATED_DRAW, "": Kind.LOSS}
_SP_NO_OPP = {"W": Kind.PAB, "+": Kind.FULL_BYE, "D": Kind.HALF_BYE, "=": Kind.HALF_BYE, "L": Kind.ZERO_BYE,
              "-": Kind.ZERO_BYE, "": Kind.ZERO_BYE}
_SP_COLUMNS = {"no": "number", "name": "name", "feder": "fed", "intl id": "fide", "loc id": "local_id",
               "rtg": "rating", "loc": "local_rating", "title": "title", "total": "points"}


def _swissperfect(text: str, source: str, event_type: EventType | None) -> tuple[Tournament, Published]:
    lines = text.split("\n")
    header_at = next(i for i, line in enumerate(lines) if _SP_HEADER.match(line) and "\t" in line)
    heads = [c.strip() for c in lines[header_at].split("\t")]
    roles: dict[str, int] = {}
    rounds: list[int] = []
    for i, h in enumerate(heads):
        key = h.lower()
        if key.isdigit():
            rounds.append(i)
            if int(key) != len(rounds):
                raise InputError(f"round column {h!r} out of order (expected {len(rounds)})", file=source,
                                 line=header_at + 1)
        elif key in _SP_COLUMNS:
            roles[_SP_COLUMNS[key]] = i
    if "name" not in roles:
        raise InputError("the SwissPerfect header has no 'Name' column", file=source, line=header_at + 1)
    if not rounds:
        raise InputError("the SwissPerfect header has no round columns (1, 2, ...)", file=source, line=header_at + 1)
    body = [(i + 1, line) for i, line in enumerate(lines) if i > header_at and line.strip()]
    if not body:
        raise InputError("the export has no player lines", file=source, line=header_at + 1)
    frame = _read_table([line for _, line in body], "\t")
    warnings: list[str] = []
    rows: list[_Row] = []
    local_used = False
    for k, (lineno, _) in enumerate(body):
        cells = [str(v) for v in frame.iloc[k].tolist()]
        cells += [""] * (len(heads) - len(cells))
        number_text = cells[roles.get("number", 0)].strip()
        if not number_text.isdigit():
            raise InputError(f"player number {number_text!r} is not a number", file=source, line=lineno)
        row = _Row(line=lineno, number=int(number_text), name=cells[roles["name"]].strip())
        row.title = cells[roles["title"]].strip() if "title" in roles else ""
        row.federation = cells[roles["fed"]].strip() if "fed" in roles else ""
        rating_text = cells[roles["rating"]].strip() if "rating" in roles else ""
        if not rating_text and "local_rating" in roles:
            rating_text = cells[roles["local_rating"]].strip()
            local_used = local_used or bool(rating_text)
        if rating_text and not rating_text.isdigit():
            raise InputError(f"rating {rating_text!r} is not a number", file=source, line=lineno)
        row.rating = (int(rating_text) or None) if rating_text else None
        if "points" in roles:
            t = cells[roles["points"]]
            row.declared = _points(t)
            if t.strip() and row.declared is None:
                raise InputError(f"total {t.strip()!r} is not a number", file=source, line=lineno)
        for r, col in enumerate(rounds, start=1):
            cell = cells[col].strip()
            m = _SP_CELL.match(cell) if cell else None
            if cell == "":
                row.cells.append((cell, None, Colour.NONE, Kind.ABSENT))
                continue
            if m is None:
                raise InputError(f"round {r}: cannot read {cell!r} (expected opponent:result such as 27:W, 5:D, "
                                 "3:L, 12:+, 8:-, or 0:W, 0:=, 0:- without an opponent)", file=source, line=lineno)
            opp = int(m.group(1)) if m.group(1) else 0
            code = (m.group(2) or "").upper()
            if not m.group(1):
                row.cells.append((cell, None, Colour.NONE, Kind.ABSENT))  # '  :' not in the event that round
            elif opp == 0:
                row.cells.append((cell, None, Colour.NONE, _SP_NO_OPP[code]))
            else:
                row.cells.append((cell, opp, Colour.NONE, _SP_WITH_OPP[code]))
        rows.append(row)
    if local_used:
        warnings.append("ratings: the local ratings (column Loc) are used where no FIDE rating (Rtg) is given")
    by_number: dict[int, _Row] = {}
    for row in rows:
        if row.number in by_number:
            raise InputError(f"player number {row.number} is used twice (first on line {by_number[row.number].line})",
                             file=source, line=row.line)
        by_number[row.number] = row
    name = os.path.splitext(os.path.basename(source))[0]
    if name.endswith(".spx"):
        name = name[:-4]
    warnings.append("a SwissPerfect export has no colours: colour-based tie-breaks (BPG, BWG) cannot be computed "
                    "from it")
    published = Published(kind=SWISSPERFECT, ranks={}, points={r.number: r.declared for r in rows}, tiebreaks=(),
                          legend=(), lines={r.number: r.line for r in rows})
    tournament = _tournament(rows, len(rounds), name, source, event_type, warnings)
    return tournament, published


# --------------------------------------------------------------------------- the model, through the builder
def _problem(rows: list[_Row], source: str):
    """The messages of :func:`builder.check_pairings` for an export: they quote the cells."""
    by_number = {row.number: row for row in rows}

    def problem(what: str, me: int, r: int, opp: int) -> Exception:
        row = by_number[me]
        cell = row.cells[r][0]
        if what == builder.SELF:
            return InputError(f"round {r + 1}: {me} is paired with himself ({cell!r})", file=source, line=row.line)
        if what == builder.UNKNOWN:
            return InputError(f"round {r + 1}: opponent {opp} ({cell!r}) does not exist", file=source, line=row.line)
        other = by_number[opp]
        other_cell = other.cells[r][0]
        if what == builder.UNPAIRED:
            said = f"says {other_cell!r}" if other_cell else "is empty"
            return InputError(f"round {r + 1}: {me} played {opp} ({cell!r}), but the line of {opp} "
                              f"(line {other.line}) {said}", file=source, line=row.line)
        return InputError(f"round {r + 1}: the results of {me} ({cell!r}) and {opp} ({other_cell!r}) "
                          "contradict each other", file=source, line=row.line)

    return problem


def _players(rows: list[_Row], results: builder.Rows) -> list[Player]:
    return [Player(start_no=row.number, name=row.name, results=tuple(results[row.number]), rating=row.rating,
                   title=row.title, federation=row.federation, declared_points=row.declared, declared_rank=row.rank,
                   line=row.line) for row in rows]


def _tournament(rows: list[_Row], rounds: int, name: str, source: str, event_type: EventType | None,
                warnings: list[str]) -> Tournament:
    """Both cells of every game must agree (names, mirrored results); the published points must be
    explained by the rounds."""
    scoring = Scoring()
    table = scoring.table()
    results: builder.Rows = {row.number: [RoundResult(r + 1, kind, opp, colour, table[kind])
                                          for r, (_, opp, colour, kind) in enumerate(row.cells)] for row in rows}
    order = [row.number for row in rows]
    builder.check_pairings(order, results, _problem(rows, source))
    builder.mark_double_forfeits(order, results, table)
    players, scoring, mismatch = builder.explain_points(
        _players(rows, results), scoring, lambda alt: _players(rows, builder.rescored(results, alt)), warnings,
        declared_as="the published points")
    if mismatch is not None:
        raise builder.points_error(mismatch, source, rounds="rounds", declared_by="the export says")
    etype = event_type or builder.event_type(None, players, warnings, builder.EXPORT_INFERRED)
    return Tournament(name=name, players=tuple(sorted(players, key=lambda p: p.start_no)), rounds=rounds,
                      event_type=etype, scoring=scoring, source=source, warnings=tuple(warnings))


__all__ = ["read_csv_export", "parse_csv_export", "detect_csv_kind", "is_csv_export", "Published",
           "PublishedColumn", "CHESS_RESULTS", "SWISSPERFECT", "EXPECTED"]
