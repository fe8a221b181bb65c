"""A prize list for people: text, JSON and CSV (``xltb prizes``), the Prizes sheet of a workbook and the
prizes section of the HTML page (``xltb export --prizes``). The reasons and the rules are the engine's
(:mod:`xltb.prizes`, messages), rendered in the reader's language with its decimal mark; a reason or a rule
starts with a capital, as a sentence does."""

from __future__ import annotations

import csv
import io
import json
from html import escape
from typing import Any

from ..messages import Message, Text
from ..prizes import Award, PrizeList
from ..prizes.reasons import money_text
from ..prizes.rows import TIED_HEADING, award_cells, award_row, money, notes, tie_lines
from ..ranking.standings import Standings
from .formats import choices_dict, event_dict, header_lines, text_render
from .i18n import Language, language
from .printed.layout import Layout, number_format, text_width
from ..tiebreaks.display import value_text
from .numbers import safe_cell
from .printed.xlsx import Book, row_height

#: the Prizes sheet's font size and its reason column (text wraps inside it)
PRIZES_FONT = 9.0
REASON_WIDTH = 60.0
#: how the money of players tied on points is shared, as a printed page says it (no option spelling)
SHARE_WORDS: dict[str, Text] = {"none": Message("prize.share_words_none"), "equal": Message("prize.share_words_equal"),
                                "hort": Message("prize.share_words_hort")}


def _money(pl: PrizeList, cents: int | None, lang: Language) -> str:
    return "" if cents is None else lang.render(money_text(cents, pl.with_cents))


def _points(p: Any, lang: Language) -> str:
    return lang.number(value_text("PTS", p.points)) if p else ""


def sentence(text: str) -> str:
    """A line of a list as a sentence starts: its first letter a capital (a rule, a reason)."""
    return text[:1].upper() + text[1:]


def prizes_to_text(pl: PrizeList, lang: Language | None = None) -> str:
    lang = lang or language()
    table = pl.table
    said = text_render(lang)
    lines = header_lines(pl.standings, lang)
    source = f"{table.source}, " if table.source else ""
    lines.append(lang("cli_prizes", source=source, n=len(table.prizes), share=lang(f"cli_share_{pl.share}"),
                      option=pl.share))
    lines.append(lang("cli_prize_rules"))
    lines += [f"  - {sentence(said(rule))}" for rule in pl.rules]
    lines += [lang("cli_warning", warning=said(w)) for w in pl.warnings]
    heads = [lang("prize"), lang("category"), lang("amount"), lang("short_no"), lang("name"), lang("short_rank"),
             lang("short_points"), lang("paid")]
    body = []
    for a in pl.awards:
        prize, category, amount = award_cells(pl, a)
        p = a.player
        body.append([lang.render(prize), category, lang.render(amount), str(p.start_no) if p else "",
                     p.name if p else lang.render(Message("prize.not_awarded")), str(p.rank) if p else "",
                     _points(p, lang), _money(pl, a.paid, lang)])
    widths = [max(len(h), *(len(r[i]) for r in body)) for i, h in enumerate(heads)]
    left = {0, 1, 4}

    def fmt(cells: list[str]) -> str:
        padded = (c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
        return "  ".join(padded).rstrip()

    lines += ["", fmt(heads), fmt(["-" * w for w in widths])] + [fmt(r) for r in body]
    lines += ["", lang("cli_why")] + [f"  {sentence(said(a.reason))}" for a in pl.awards]
    ties = tie_lines(pl)
    lines += ["", lang("cli_tied")]
    lines += [f"  {said(t)}" for t in ties] if ties else [f"  {said(Message('prize.nobody'))}"]
    return "\n".join(lines) + "\n"


def award_dict(a: Award, lang: Language | None = None) -> dict[str, Any]:
    lang = lang or language()
    p = a.player
    category = a.prize.category if a.prize else a.pool.category if a.pool else None
    return {
        "prize": a.prize.name if a.prize else None,
        "category": category.text if category else None,
        "amount": money(a.prize.amount) if a.prize else None,
        "start_no": p.start_no if p else None,
        "name": p.name if p else None,
        "rank": p.rank if p else None,
        "points": float(p.points) if p else None,
        "share": money(a.paid),
        "reason": sentence(lang.render(a.reason)),
    }


def prizes_to_json(pl: PrizeList, lang: Language | None = None) -> str:
    lang = lang or language()
    st = pl.standings
    doc: dict[str, Any] = {
        "event": event_dict(st),
        "rules": st.edition.key,
        "tiebreaks": st.codes,
        "choices": choices_dict(st),
        "share": pl.share,
        "prize_rules": [sentence(lang.render(r)) for r in pl.rules],
        "prizes": [award_dict(a, lang) for a in pl.awards],
        "tied": [{"category": t.category.text,
                  "last_winner": {"start_no": t.last.start_no, "name": t.last.name, "rank": t.last.rank,
                                  "points": float(t.last.points), "prize": t.prize.name},
                  "players": [{"start_no": x.player.start_no, "name": x.player.name, "rank": x.player.rank,
                               "points": float(x.player.points), "outcome": lang.render(x.outcome)}
                              for x in t.players]}
                 for t in pl.ties],
        "warnings": [lang.render(w) for w in st.warnings] + [lang.render(w) for w in pl.warnings],
    }
    return json.dumps(doc, ensure_ascii=False) + "\n"


def prizes_to_csv(pl: PrizeList, lang: Language | None = None) -> str:
    lang = lang or language()
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["prize", "category", "amount", "start_no", "name", "rank", "points", "share", "reason"])
    for a in pl.awards:
        d = award_dict(a, lang)
        prize, category, amount = award_cells(pl, a)
        w.writerow([safe_cell(lang.render(prize)), safe_cell(category), "" if a.prize is None else lang.render(amount),
                    d["start_no"] or "", safe_cell(d["name"] or ""), d["rank"] or "", _points(a.player, lang),
                    _money(pl, a.paid, lang), safe_cell(d["reason"])])
    return out.getvalue()


def prize_rows(pl: PrizeList, lang: Language | None = None) -> list[list[Any]]:
    """The Prizes sheet's rows: prize, category, amount, no., name, rank, points, paid, why (numbers as numbers;
    the texts in the reader's language)."""
    lang = lang or language()
    rows = [award_row(pl, a, lang.render) for a in pl.awards]
    for r in rows:
        why = r[8]
        assert isinstance(why, str)  # the award's reason, rendered
        r[8] = sentence(why)
    return rows


def prizes_sheet(book: Book, st: Standings, layout: Layout, pl: PrizeList) -> None:
    lang = layout.lang
    rows = prize_rows(pl, lang)
    headers = [lang("prize"), lang("category"), lang("amount"), lang("no"), lang("name"), lang("rank"),
               lang("points"), lang("paid"), lang("why")]
    money_format = "0.00" if pl.with_cents else "0"
    widths = [text_width((r[0] for r in rows), 10, 24), text_width((r[1] for r in rows), 10, 24), 8.5, 5,
              text_width((r[4] for r in rows), 14, 28), 5.5, 6.5, 8.5, REASON_WIDTH]
    columns = [(None, "wrap"), (None, "wrap"), (money_format, None), (None, None), (None, "wrap"), (None, None),
               (number_format("PTS", [a.player.points for a in pl.awards if a.player]), None), (money_format, None),
               (None, "wrap")]
    legend = [lang("legend_prizes"), lang.render(SHARE_WORDS[pl.share])] + \
        [f"{sentence(lang.render(r))}." for r in pl.rules]
    sheet = layout.sheet(book, st, "prizes", headers, widths, columns, legend=legend, stretch=8,
                         orientation="landscape", font_size=PRIZES_FONT, freeze="A2")
    for r in rows:
        sheet.append(r, height=_height([r[0], r[1], r[4]], [widths[0], widths[1], widths[4]], r[8]))
    for said in notes(pl):
        line = lang("tied_with_last") if said == TIED_HEADING else lang.render(said)
        sheet.append([None] * 8 + [line], height=_height([], [], line))


def _height(texts: list[Any], widths: list[float], reason: Any) -> float | None:
    """The height of a row of the Prizes sheet: its fullest cell wrapped; the reason counted with a wide
    margin (the reasons are long and LibreOffice fits fewer characters on a line than Excel), the short
    columns with the usual one (a wide margin would leave a 10-unit column no room at all)."""
    heights = [row_height(texts, widths, PRIZES_FONT), row_height([reason], [REASON_WIDTH], PRIZES_FONT, pad=12)]
    return max((h for h in heights if h is not None), default=None)


def prizes_section(pl: PrizeList, lang: Language) -> str:
    """The prizes section of the HTML page."""
    heads = [lang("prize"), lang("category"), lang("amount"), lang("no"), lang("name"), lang("rank"), lang("points"),
             lang("paid"), lang("why")]
    left = {0, 1, 4, 8}
    body = []
    for a in pl.awards:
        prize, category, amount = award_cells(pl, a)
        p = a.player
        cells = [lang.render(prize), category, lang.render(amount), str(p.start_no) if p else "", p.name if p else "",
                 str(p.rank) if p else "", _points(p, lang), _money(pl, a.paid, lang), sentence(lang.render(a.reason))]
        body.append("<tr>" + "".join(f'<td class="{"why" if i == 8 else "l" if i in left else ""}">{escape(c)}</td>'
                                     for i, c in enumerate(cells)) + "</tr>")
    head = "".join(f'<th class="{"l" if i in left else ""}">{escape(h)}</th>' for i, h in enumerate(heads))
    rules = "".join(f"<li>{escape(sentence(lang.render(r)))}.</li>" for r in pl.rules)
    ties = tie_lines(pl)
    tied = "".join(f"<li>{escape(lang.render(t))}</li>" for t in ties) or "<li>-</li>"
    warnings = "".join(f'<p class="legend">{escape(lang("warning"))}: {escape(lang.render(w))}</p>'
                       for w in pl.warnings)
    return (f'<section id="prizes"><h2>{escape(lang("prizes"))}</h2>'
            f'<p class="legend">{escape(lang("legend_prizes"))} {escape(lang.render(SHARE_WORDS[pl.share]))}</p>'
            f'{warnings}'
            f'<div class="scroll"><table class="prizes"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}'
            f'</tbody></table></div><h3>{escape(lang("tied_with_last"))}</h3><ul class="ties">{tied}</ul>'
            f'<h3>{escape(lang("prize_rules"))}</h3><ul class="legend">{rules}</ul></section>')


__all__ = ["prizes_to_text", "prizes_to_json", "prizes_to_csv", "prize_rows", "prizes_sheet", "prizes_section",
           "award_dict", "award_cells", "tie_lines"]
