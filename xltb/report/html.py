"""The standings as one self-contained HTML page: title block, standings, crosstable (the grid for a
round robin), and for every tie-break value its breakdown a click away (rounds, contributions, what
was cut and why, the article), from the same data as ``xltb explain`` and the Details sheet.

No network: no external script, style sheet, font or image; no script at all. A value is a link to
its breakdown (``#b-<no>-<k>``), which the style sheet shows while it is the page's target
(``:target``), so that the page works offline, in any browser, and a breakdown can be linked to.
A print style sheet prints the title block, the standings and the crosstable on A4.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, Iterable

from .. import __version__
from ..model import Colour
from ..prizes import PrizeList
from ..ranking.standings import Entry, Row, Standings
from .printed.details import event_rows
from .explain import how_message
from .printed.grid import grid_rows, prints_grid
from .i18n import Language, language
from ..tiebreaks.base import Value
from ..tiebreaks.codes import tiebreak_of
from ..tiebreaks.display import decimals, fixed, value_text
from .numbers import title_text
from .prizes import prizes_section
from .printed.team_sheets import players_by_board_rows
from ..ranking.views import player_of, team_event, team_of
from .titles import event_title, legend_lines, subtitle, withdrawn, withdrawn_text
from .printed.layout import crosstable_legend, round_text, team_round_text

_CSS = """
:root { --line: #c8d0da; --head: #dde4ee; --accent: #1d4e89; }
* { box-sizing: border-box; }
body { font: 14px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif;
       margin: 1.2em auto; max-width: 75em; padding: 0 1em; color: #111; }
header h1 { font-size: 1.6em; margin: 0 0 .15em; }
header p { margin: .1em 0; }
.legend { font-size: .85em; color: #333; font-style: italic; }
h2 { font-size: 1.2em; margin: 1.4em 0 .4em; border-bottom: 2px solid var(--accent); }
table { border-collapse: collapse; margin: .3em 0; }
th, td { padding: .15em .5em; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th { background: var(--head); text-align: center; }
td.l, th.l { text-align: left; }
td.c { text-align: center; }
td.diag { background: #bfbfbf; }
.scroll { overflow-x: auto; }
a.v { color: var(--accent); text-decoration: none; border-bottom: 1px dotted var(--accent); }
a.v.e { border: none; display: inline-block; min-width: 1.5em; }
a.v:hover, a.v:focus { background: #eef3fa; }
.bd { display: none; }
.bd:target { display: block; position: fixed; inset: 6vh 4vw auto 4vw; max-height: 86vh; overflow: auto;
             background: #fff; border: 2px solid var(--accent); border-radius: 6px; padding: .8em 1.2em;
             box-shadow: 0 8px 40px rgba(0,0,0,.35); z-index: 10; }
.bd h3 { margin: 0 0 .4em; font-size: 1.1em; }
.bd .close { float: right; }
.bd td.how { text-align: left; white-space: normal; }
.bd tr.cut td { color: #777; }
.prizes td.why { text-align: left; white-space: normal; min-width: 28em; font-size: .9em; }
.prizes td { vertical-align: top; }
ul.ties, ul.legend { margin: .2em 0; padding-left: 1.4em; }
tr.top td { border-top: 1px solid #999; }
.event th { text-align: left; background: none; vertical-align: top; }
.event td { text-align: left; white-space: normal; }
footer { margin-top: 2em; font-size: .8em; color: #555; }
@media print {
  @page { size: A4; margin: 14mm 12mm 14mm 12mm; }
  body { margin: 0; max-width: none; font-size: 10pt; }
  .bd, .bd:target, #event, .close, .noprint { display: none !important; }
  a.v { color: inherit; border: none; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  h2 { break-after: avoid; }
  .scroll { overflow: visible; }
  th, td { padding: .1em .35em; }
  th, td.diag { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  #prizes { break-before: page; page: wide; font-size: 8.5pt; }
  #crosstable, #players { break-before: page; font-size: 8.5pt; }
  #crosstable { page: wide; }
  @page wide { size: A4 landscape; }
  #breakdowns, footer { display: none; }
}
"""


def css_string(text: str) -> str:
    """A CSS string of any text (an event's name from a file): every character but letters, digits, spaces and
    a few marks written as a hexadecimal escape, so that nothing ends the string or the style element."""
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.-_()")
    return '"' + "".join(ch if ch in safe else f"\\{ord(ch):06x}" for ch in text if ch.isprintable()) + '"'


def _page_css(title: str, footer: str, lang: Language) -> str:
    """The printed pages' margins: the event on every page after the first (the first has the title block),
    the rules edition and "page N of M" at the foot of every page."""
    small = 'font: 8pt system-ui, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif; color: #555;'
    pages = f"{css_string(lang('page') + ' ')} counter(page) {css_string(' ' + lang('of') + ' ')} counter(pages)"
    return ("@media print {\n"
            f"  @page {{ @top-left {{ content: {css_string(title)}; {small} }}\n"
            f"          @bottom-left {{ content: {css_string(footer)}; {small} }}\n"
            f"          @bottom-right {{ content: {pages}; {small} }} }}\n"
            "  @page :first { @top-left { content: none; } }\n}\n")


def _num(value: Value | None, lang: Language) -> str:
    """A number as the page writes it: the language's decimal mark (``3,5``)."""
    return "" if value is None else lang.number(value_text("X", value))


def _cells(values: Iterable[Any], tag: str = "td", classes: dict[int, str] | None = None) -> str:
    classes = classes or {}
    return "".join(f'<{tag}{(" class=" + chr(34) + classes[i] + chr(34)) if i in classes else ""}>{v}</{tag}>'
                   for i, v in enumerate(values))


class _Said:
    """What the panels of one page repeat, made once per page: the figures (a page of 300 players
    formats some 60,000 of them, from a few hundred distinct values), the words of the tables, the
    tie-breaks' names, and each kind of contribution's explanation, escaped."""

    def __init__(self, lang: Language):
        self.lang = lang
        self.figures: dict[tuple[int | None, int, int], str] = {}
        self.places: dict[str, int | None] = {}
        self.names: dict[str, str] = {}
        self.hows: dict[tuple[object, ...], str] = {}
        self.close = escape(lang("close"))
        self.value = escape(lang("value"))
        self.heads = _cells([escape(h) for h in (lang("round_word"), lang("opponent"), lang("score"), lang("result"),
                                                 lang("value"), lang("how"))], "th")

    def figure(self, code: str, value: Fraction | int | None) -> str:
        """``lang.number(value_text(code, value))``: a tie-break's value as the page writes it."""
        if value is None:
            return ""
        places = self.places.get(code, -1)
        if places == -1:
            places = self.places[code] = decimals(code)
        key = (places, value.numerator, value.denominator)  # a Fraction's own hash costs ten times more
        text = self.figures.get(key)
        if text is None:
            text = self.figures[key] = self.lang.number(value_text(code, value))
        return text

    def name(self, code: str) -> str:
        text = self.names.get(code)
        if text is None:
            text = self.names[code] = escape(self.lang.tiebreak_name(code))
        return text

    def how(self, c: Any) -> str:
        """The contribution's explanation (``how_message``: its source, article, VUR and cut), escaped."""
        key = (c.source, c.article, c.vur, c.cut)
        text = self.hows.get(key)
        if text is None:
            text = self.hows[key] = escape(self.lang.render(how_message(c, cut="cut")))
        return text


def _breakdown(st: Standings, row: Any, k: int, code: str, said: _Said) -> str:
    """The panel of one value: contributions (or the steps of direct encounter) and notes."""
    lang = said.lang
    p = row.participant
    shown = st.shown(code, row.start_no)
    tb = tiebreak_of(code)
    head = (f'<a class="close" href="#standings">{said.close} \u2715</a>'
            f"<h3>{escape(code)} \u2013 {said.name(code)}: #{p.start_no} {escape(p.name)}</h3>")
    lines = []
    if st.direct(code):
        steps = st.encounter_steps(code, row.start_no)
        value = lang.number(value_text(code, shown)) if shown is not None else lang("not_applied")
        lines.append(f"<p>{said.value}: <b>{escape(value)}</b> (C.07 6)</p>")
        if steps:
            lines.append("<ul>" + "".join(f"<li>{escape(lang.render(s.message()))}</li>" for s in steps) + "</ul>")
        if (tb is not None and tb.acronym == "DE") or shown is None:
            return f'<section class="bd" id="b-{p.start_no}-{k}" role="dialog">{head}{"".join(lines)}</section>'
    ev = st.evaluation(row.start_no, code)
    if ev is None:
        lines.append(f"<p>{said.value}: {escape(lang('undefined'))}</p>")
    else:
        value = lang.number(value_text(code, ev.value)) or lang("undefined")
        lines.append(f"<p>{said.value}: <b>{escape(value)}</b> ({escape(ev.article)})</p>")
        parts = ev.breakdown()
        if parts:
            body = []
            for c in parts:
                # shown_score: the opponent's rating for rating-based tie-breaks, else the score used
                score = str(c.rating) if c.rating is not None and c.score is None else said.figure("X", c.score)
                v = said.figure(code, c.value)
                # the cells _cells(..., classes={5: "how"}) writes
                body.append(f'<tr{" class=cut" if c.cut else ""}><td>{c.round or ""}</td><td>{c.opponent or ""}</td>'
                            f'<td>{score}</td><td>{said.figure("X", c.result)}</td>'
                            f'<td>{f"({v})" if c.cut else v}</td><td class="how">{said.how(c)}</td></tr>')
            lines.append("<table><thead><tr>" + said.heads + "</tr></thead><tbody>" + "".join(body) + "</tbody></table>")
        for note in ev.notes:
            lines.append(f"<p>{escape(lang.render(note))}</p>")
    return f'<section class="bd" id="b-{p.start_no}-{k}" role="dialog">{head}{"".join(lines)}</section>'


def _standings(st: Standings, lang: Language) -> tuple[str, list[str]]:
    entries = [st.entry(r.participant) for r in st.rows]
    has = {"title": any(e.title for e in entries), "fed": any(e.federation for e in entries),
           "rating": any(e.rating for e in entries)}
    team = st.team
    marked = withdrawn(st)  # who withdrew: a column beside the name, when anybody did
    heads = [lang("rank"), lang("no")] + ([lang("title")] if has["title"] else []) \
        + [lang("team") if team else lang("name")] + ([lang("withdrawn_head")] if marked else []) \
        + ([lang("short") if team else lang("fed")] if has["fed"] else []) \
        + ([lang("rating")] if has["rating"] else [])
    if team:
        primary = team_event(st).primary
        heads += [lang("mp") if primary == "MP" else lang("gp"),
                  lang("gp") if primary == "MP" else lang("mp")]
    else:
        heads += [lang("points")]
    heads += st.codes
    left = {heads.index(lang("team") if team else lang("name"))}
    rows, panels = [], []
    places = {code: st.places(code) for code in st.codes}
    said = _Said(lang)
    for row, e in zip(st.rows, entries):
        cells = _standings_cells(st, row, e, has, marked, lang)
        shown = st.shown_values(row)
        for k, code in enumerate(st.codes):
            value = shown[code]
            text = "" if value is None else lang.number(fixed(value, places[code]))
            label = escape(f"{code} #{e.start_no}")
            # an empty value (DE that decided nothing) is still a link to its breakdown, without a mark on paper
            cells.append(f'<a class="v{"" if text else " e"}" href="#b-{e.start_no}-{k}" title="{label}">'
                         f'{text or "&nbsp;"}</a>')
            panels.append(_breakdown(st, row, k, code, said))
        rows.append(f'<tr data-no="{e.start_no}">' + _cells(cells, classes={i: "l" for i in left}) + "</tr>")
    table = ("<table id=standings-table><thead><tr>" + _cells([escape(str(h)) for h in heads], "th", {i: "l" for i in left})
             + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    return table, panels


def _standings_cells(st: Standings, row: Row, e: Entry, has: dict[str, bool], marked: dict[int, int],
                     lang: Language) -> list[Any]:
    """A standings row's cells before its tie-break values: rank, number, title, name, withdrawn, federation,
    rating (the optional ones when anybody has one), the points (a team's primary and secondary score)."""
    cells: list[Any] = [f"{row.rank}{'*' if row.by_lot else ''}", e.start_no]
    cells += [escape(title_text(e.title))] if has["title"] else []
    cells += [escape(e.name)]
    cells += [escape(withdrawn_text(e.start_no, marked, lang))] if marked else []
    cells += [escape(e.federation)] if has["fed"] else []
    cells += [e.rating or ""] if has["rating"] else []
    if st.team:
        t = team_of(row)
        cells += [_num(row.points, lang), _num(t.gp if team_event(st).primary == "MP" else t.mp, lang)]
    else:
        cells += [_num(row.points, lang)]
    return cells


def _crosstable(st: Standings, lang: Language) -> tuple[str, str]:
    heads, body, legend, diag = _grid(st, lang) if prints_grid(st) else _rounds(st, lang)
    out = []
    for k, cells in enumerate(body):
        classes = {2: "l"} | {i: "c" for i in range(3, len(cells))}
        if diag is not None:
            classes[diag + k] = "diag"
        out.append("<tr>" + _cells(cells, classes=classes) + "</tr>")
    table = ("<table><thead><tr>" + _cells([escape(str(h)) for h in heads], "th", {2: "l"}) + "</tr></thead><tbody>"
             + "".join(out) + "</tbody></table>")
    return table, legend


_Grid = tuple[list[str], list[list[Any]], str, int | None]


def _scores(st: Standings) -> list[str]:
    """The text keys of the scores after the rounds: a player's points, a team's MP and GP (C.07 11)."""
    return ["mp", "gp"] if st.team else ["points"]


def _grid(st: Standings, lang: Language) -> _Grid:
    """A round robin's crosstable: the player x player grid, or a league's team x team grid (its diagonal in
    column 3; a player's rating is not shown)."""
    order, rows = grid_rows(st, lang)
    first, k = (3 if st.team else 4), len(_scores(st))
    unplayed = any(r[-1] for r in rows)
    heads = [lang("rank"), lang("no"), lang("team" if st.team else "name")] + [str(n) for n in order] \
        + [lang(key) for key in _scores(st)] + ([lang("unplayed")] if unplayed else [])
    body = [[r[0], r[1], escape(r[2])] + [("" if c is None else escape(c)) for c in r[first:-1 - k]]
            + [_num(v, lang) for v in r[-1 - k:-1]] + ([escape(r[-1])] if unplayed else []) for r in rows]
    legend, diag = lang("legend_team_grid" if st.team else "legend_grid"), 3
    return heads, body, legend, diag


def _rounds(st: Standings, lang: Language) -> _Grid:
    """A Swiss's crosstable (a team Swiss's): each participant's games (matches) round by round."""
    if st.team:
        texts = [[team_round_text(x, lang) for x in team_of(r).results] for r in st.rows]
        scores = [[team_of(r).mp, team_of(r).gp] for r in st.rows]
    else:
        colours = any(x.colour is not Colour.NONE for p in st.participants for x in p.results)
        texts = [[round_text(x, colours, lang, st) for x in player_of(r).results] for r in st.rows]
        scores = [[r.points] for r in st.rows]
    rounds = max(len(r.participant.results) for r in st.rows)
    heads = [lang("rank"), lang("no"), lang("team" if st.team else "name")] \
        + [f"{lang('round')}{i}" for i in range(1, rounds + 1)] + [lang(key) for key in _scores(st)]
    body = [[r.rank, r.start_no, escape(r.participant.name)] + [escape(t) for t in row] + [_num(v, lang) for v in values]
            for r, row, values in zip(st.rows, texts, scores)]
    legend = crosstable_legend(lang, "legend_team_crosstable" if st.team else "legend_crosstable")
    return heads, body, legend, None


def _players(st: Standings, lang: Language) -> str:
    """A team event's players by board (as the workbook's sheet): each board ranked by percentage, games, TPR."""
    rows = players_by_board_rows(team_event(st))
    heads = [lang("board"), lang("board_rank"), lang("no"), lang("name"), lang("rating"), lang("team"),
             lang("points"), lang("games"), lang("played"), lang("percent"), lang("tpr"), lang("overall_rank")]
    keep = [i for i in range(len(heads)) if i not in (4, 10) or any(r[i] not in (None, "") for r in rows)]
    left = {keep.index(i) for i in (3, 5)}
    body = []
    previous = None
    for r in rows:
        board = r[0] if r[7] else None
        cells = []
        for i in keep:
            v = r[i]
            if v is None:
                v = ""
            elif i == 6:
                v = _num(v, lang)
            elif i == 9:
                v = lang.number(fixed(v, 1))
            cells.append(escape(str(v)))
        top = ' class="top"' if previous is not None and board != previous else ""
        body.append(f"<tr{top}>" + _cells(cells, classes={i: "l" for i in left}) + "</tr>")
        previous = board
    table = ("<table><thead><tr>" + _cells([escape(heads[i]) for i in keep], "th", {i: "l" for i in left})
             + "</tr></thead><tbody>" + "".join(body) + "</tbody></table>")
    return (f'<section id="players"><h2>{escape(lang("players_by_board"))}</h2>'
            f'<div class="scroll">{table}</div></section>\n')


def html_page(st: Standings, *, lang: str | Language | None = None, planned: int | None = None,
              input_kind: str = "", prizes: PrizeList | None = None) -> str:
    """The page as text (UTF-8 when written); with ``prizes``, the prize list after the standings."""
    lang = lang if isinstance(lang, Language) else language(lang)
    title = event_title(st)
    standings, panels = _standings(st, lang)
    crosstable, cross_legend = _crosstable(st, lang)
    legend = "".join(f'<p class="legend">{escape(line)}</p>' for line in legend_lines(st, lang, withdrawn(st)))
    players = _players(st, lang) if st.team else ""
    event = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>"
                    for k, v in event_rows(st, input_kind=input_kind, lang=lang))
    name_standings = lang("team_standings") if st.team else lang("standings")
    name_cross = lang("grid") if prints_grid(st) else lang("team_crosstable") if st.team else lang("crosstable")
    return f"""<!DOCTYPE html>
<html lang="{escape(lang.code)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="xltb {__version__}">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>{escape(title)}</title>
<style>{_CSS}{_page_css(title, lang("edition", edition=st.edition.key), lang)}</style>
</head>
<body>
<header>
<h1>{escape(title)}</h1>
<p>{escape(subtitle(st, lang, planned))}</p>
{legend}
</header>
<main>
<section id="standings"><h2>{escape(name_standings)}</h2><div class="scroll">{standings}</div></section>
{prizes_section(prizes, lang) if prizes is not None else ""}
<section id="crosstable"><h2>{escape(name_cross)}</h2><p class="legend">{escape(cross_legend)}</p>
<div class="scroll">{crosstable}</div></section>
{players}<section id="event"><h2>{escape(lang("event"))}</h2><table class="event">{event}</table></section>
</main>
<div id="breakdowns">{"".join(panels)}</div>
<footer>xltb {__version__}: FIDE C.07 \u2013 {escape(lang("values_not_formulas"))}</footer>
</body>
</html>
"""


__all__ = ["html_page"]
