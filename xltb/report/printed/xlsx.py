"""A fast xlsx writer for tables of values: openpyxl lays out the package (workbook, styles, column
widths, print setup, panes, headers and footers) with empty sheets, and the rows are serialised here
as XML (numbers, inline strings, style indices), about ten times faster than one openpyxl cell
object per value (``benchmarks/bench_export.py``).

It depends on how openpyxl writes an empty sheet (``<sheetData/>``) and on its cell-style table;
``tests/test_xlsx_writer.py`` fails when a new openpyxl changes either (the dependency is pinned
to 3.1 in ``pyproject.toml``).
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from fractions import Fraction
from typing import Any, Sequence

from ...calcpr import current
from ...messages import cell_number
from ...cells import header_text
from .textfit import lines_needed

#: characters per printed line that fit a portrait A4 page at 100% (Calibri 11)
PORTRAIT_CHARS = 95
#: the widest table (in character widths) printed on one landscape A4 page: beyond, type gets too small
LANDSCAPE_CHARS = 200
#: a crosstable's: its short cells stay legible smaller (10 points at 260 units prints at about 7.7), and one
#: page wide keeps the whole round-by-round line, and the title block above it, on the page pinned on the wall
CROSSTABLE_CHARS = 260
#: a printed line of wrapped text, in points per point of type: Calibri's and Carlito's line spacing is
#: 1.22 em, DejaVu Sans' 1.16 em
Column = tuple[str | None, str | None]  # a column's (number format, alignment)
LINE_HEIGHT = 1.25


_ILLEGAL_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: the types of a cell's value that are numbers (checked by identity before any isinstance)
_NUMBERS = (int, float, Fraction)
_SHEET_DATA = re.compile(rb"<sheetData\s*/>|<sheetData>\s*</sheetData>")


#: what xml_text changes: most texts hold none of it and are returned as they are
_XML_CHANGED = re.compile(r"[&<>\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(text: str) -> str:
    if _XML_CHANGED.search(text) is None:
        return text
    text = _ILLEGAL_XML.sub("", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def column_letters(n: int) -> list[str]:
    from openpyxl.utils import get_column_letter

    return [get_column_letter(i) for i in range(1, n + 1)]


class Sheet:
    """A worksheet: openpyxl sets up the sheet (column widths, print setup, panes) and writes the package;
    the rows are serialised here, as values with their style (inline strings, numbers), which is ten times
    faster than one openpyxl cell object per value (see benchmarks/bench_export.py).

    ``columns`` gives each column's style: a number format for numbers, and an alignment
    (``center``, ``indent``, ``wrap``) for the column's cells.
    """

    def __init__(self, book: "Book", title: str, headers: list[str], widths: list[float],
                 columns: Sequence[Column], *, footer_left: str, footer_center: str,
                 freeze: str | None = None, repeat_columns: int = 0, preamble: Sequence[tuple[str, str]] = (),
                 orientation: str | None = None, page_label: str = "page", page_of: str | None = "of",
                 font_size: float | None = None, page_chars: float = LANDSCAPE_CHARS):
        from openpyxl.worksheet.properties import PageSetupProperties

        self.book = book
        self.ws = ws = book.wb.create_sheet(title)
        book.sheets.append(self)
        self.letters = column_letters(max(len(headers), len(widths)) + 1)
        self.widths = widths
        self.columns = columns
        self.rows: list[str] = []
        # each column's default styles once made (see _column_style), by [top][column]: text without a quote
        # prefix (and empty cells), numbers
        ncolumns = len(self.letters)
        self._text_styles: tuple[list[int | None], ...] = ([None] * ncolumns, [None] * ncolumns)
        self._number_styles: tuple[list[int | None], ...] = ([None] * ncolumns, [None] * ncolumns)
        self.font_size = font_size
        for letter, w in zip(self.letters, widths):
            ws.column_dimensions[letter].width = w
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        # fit to the page width while the type stays readable; wider tables (the Details of a long event)
        # print across more pages, with the participant columns repeated on each
        pages_wide = max(1, math.ceil(sum(widths) / page_chars))
        ws.page_setup.fitToWidth = pages_wide
        ws.page_setup.fitToHeight = 0
        ws.page_setup.paperSize = "9"  # A4
        ws.page_setup.orientation = orientation or ("landscape" if sum(widths) > PORTRAIT_CHARS else "portrait")
        # the title block (event, place, dates, round, edition, legend) and the header row on every printed page
        self.preamble = len(preamble)
        ws.print_title_rows = f"1:{self.preamble + 1}"
        if pages_wide > 1 and repeat_columns:
            ws.print_title_cols = f"A:{self.letters[repeat_columns - 1]}"
        ws.page_margins.left = ws.page_margins.right = 0.4
        ws.page_margins.top = 0.45
        ws.page_margins.bottom = 0.55
        ws.page_margins.header = 0.2
        ws.page_margins.footer = 0.25
        # page numbers start again on each sheet: a PDF of several sheets numbers each one's pages
        ws.page_setup.firstPageNumber = 1
        ws.page_setup.useFirstPageNumber = True
        # the event on the left; the sheet, the rules edition and "page N of M" on the right
        ws.oddFooter.left.text = header_text(footer_left, 60)
        ws.oddFooter.left.size = 8
        pages = f"{page_label} &P" + (f" {page_of} &N" if page_of else "")
        ws.oddFooter.right.text = header_text(f"{title} \u2013 {footer_center}", 120) + " \u2013 " + pages
        ws.oddFooter.right.size = 8
        if freeze:
            letters = "".join(ch for ch in freeze if ch.isalpha())
            ws.freeze_panes = f"{letters}{int(freeze[len(letters):]) + self.preamble}"
        for text, kind in preamble:
            self.append([text], styles={0: book.style(None, kind, size=font_size)},
                        height={"title": 21.0, "subtitle": 14.0}.get(kind, 12.5))
        header = book.style(None, "header", size=font_size)
        self.append(list(headers), styles={i: header for i in range(len(headers))}, height=row_height(headers, widths, font_size or 11, pad=1.5, bold=True))

    def _column_style(self, i: int, top: bool, quote: bool, number: bool) -> int:
        """The style of a cell of column ``i`` without one of its own: the column's alignment at the sheet's
        font size, with the column's number format for a number. Remembered per sheet (but for quoted text,
        rare): a large sheet asks for the same few styles hundreds of thousands of times, and each
        :meth:`Book.style` call builds its key. Made when first asked for, so the workbook's styles are
        numbered in the order they are first used, as before."""
        fmt, align = self.columns[i] if i < len(self.columns) else (None, None)
        index = self.book.style(fmt if number else None, align, quote=quote, top=top, size=self.font_size)
        if not quote:
            (self._number_styles if number else self._text_styles)[top][i] = index
        return index

    def _empty_cell(self, ref: str, i: int, s: int | None, top: bool) -> str:
        """An empty cell: written only with a style of its own (a shaded diagonal), or under a rule above the
        row; "" otherwise."""
        if s is None:
            if not top:
                return ""
            s = self._text_styles[True][i]
            if s is None:
                s = self._column_style(i, True, False, False)
        return f'<c r="{ref}" s="{s}"/>'

    def append(self, values: list[Any], *, styles: dict[int, int] | None = None, top: bool = False,
               height: float | None = None) -> None:
        """A row: numbers get the column's number format (or the style ``styles[i]``), text stays text.
        ``top``: a rule above the row (each participant's block); ``height`` in points (wrapped text)."""
        r = len(self.rows) + 1
        out = [f'<row r="{r}" ht="{height}" customHeight="1">' if height else f'<row r="{r}">']
        letters = self.letters
        columns = self.columns
        style = self._column_style
        texts, numbers = self._text_styles[top], self._number_styles[top]
        if top and len(values) < len(columns):  # the rule runs across every column
            values = list(values) + [None] * (len(columns) - len(values))
        for i, v in enumerate(values):
            s = styles.get(i) if styles else None
            # the exact types first: isinstance against Fraction goes through the numbers ABCs, and
            # ``v == ""`` through Fraction.__eq__, a measurable part of a large Details sheet
            kind = type(v)
            if kind is Fraction or (v is not None and kind not in _NUMBERS and kind is not str
                                    and isinstance(v, Fraction)):
                v = cell_number(v)  # the one rounding for a cell (beyond a float's range: text)
                kind = type(v)
            text = kind is str or (v is not None and kind not in _NUMBERS and isinstance(v, str))
            if v is None or (text and not v):
                empty = self._empty_cell(f"{letters[i]}{r}", i, s, top)
                if empty:
                    out.append(empty)
                continue
            if text:
                if s is None:
                    # text that looks like a formula stays text, with a quote prefix when edited
                    s = style(i, top, True, False) if v[0] in "=+-@" else texts[i]
                    if s is None:
                        s = style(i, top, False, False)
                out.append(f'<c r="{letters[i]}{r}" s="{s}" t="inlineStr"><is><t xml:space="preserve">'
                           f'{xml_text(v)}</t></is></c>')
                continue
            if s is None:
                s = numbers[i]
                if s is None:
                    s = style(i, top, False, True)
            out.append(f'<c r="{letters[i]}{r}" s="{s}"><v>{v!r}</v></c>')
        out.append("</row>")
        self.rows.append("".join(out))


def row_height(texts: list[Any], widths: list[float], size: float = 11, pad: float = 4.0, bold: bool = False) -> float | None:
    """The height in points of a row whose text wraps: the lines of the fullest cell, or None when everything
    fits on one line. The lines are counted by wrapping each text at its spaces into its column, less ``pad``
    units (the cell's margins and its indent), with the widths of :mod:`xltb.report.printed.textfit` (on the safe
    side for Calibri, Carlito and the DejaVu Sans LibreOffice falls back to), so that wrapped text never
    runs into the next row when printed, in any language."""
    lines = 1
    for text, width in zip(texts, widths):
        if isinstance(text, str) and text:
            lines = max(lines, lines_needed(text, max(1.0, width - pad), size, bold))
    return None if lines == 1 else round(lines * size * LINE_HEIGHT + 2, 2)


class Book:
    """A workbook being written. ``number_locale``: the Windows locale id (``407``) every number format names,
    so that LibreOffice prints numbers with the language's decimal mark (``12,5``); empty for a decimal point.
    (Excel shows a number with the decimal mark of the reader's system whatever the format says.)"""

    def __init__(self, number_locale: str = "") -> None:
        from openpyxl import Workbook

        self.number_locale = number_locale
        self.wb = Workbook(write_only=True)
        self.sheets: list[Sheet] = []
        self._styles: dict[tuple[Any, ...], int] = {}
        self._probe = self.wb.create_sheet("probe")
        self.wb._sheets.remove(self._probe)  # only a holder for the style prototypes

    def style(self, number_format: str | None, align: str | None = None, *, quote: bool = False, top: bool = False,
              grey: bool = False, size: float | None = None, shade: bool = False) -> int:
        """The index of a cell style (made once per workbook). ``align``: center, indent, wrap, header, or
        the title block's title, subtitle and legend; ``size`` the font size (default 11); ``shade`` a grey
        background (the diagonal of a round-robin grid)."""
        key = (number_format, align, quote, top, grey, size, shade)
        index = self._styles.get(key)
        if index is None:
            from openpyxl.cell import WriteOnlyCell
            from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

            cell = WriteOnlyCell(self._probe, None)
            if number_format:
                locale = f"[$-{self.number_locale}]" if self.number_locale and number_format != "@" else ""
                cell.number_format = locale + number_format
            font = {"name": "Calibri", "size": size or 11}
            if align == "title":
                cell.font = Font(name="Calibri", bold=True, size=14)
                cell.alignment = Alignment(vertical="center")
            elif align == "subtitle":
                cell.font = Font(name="Calibri", size=10)
                cell.alignment = Alignment(vertical="center")
            elif align == "legend":
                cell.font = Font(name="Calibri", size=8, italic=True, color="FF333333")
                cell.alignment = Alignment(vertical="center")
            elif align == "header":
                cell.font = Font(name="Calibri", bold=True, size=size or 11)
                cell.fill = PatternFill("solid", fgColor="FFDDE4EE")
                cell.border = Border(bottom=Side(style="thin"))
                cell.alignment = Alignment(horizontal="center", vertical="bottom", wrap_text=True)
            elif align == "center":
                cell.alignment = Alignment(horizontal="center", vertical="top")
            elif align == "indent":
                cell.alignment = Alignment(horizontal="left", indent=1, vertical="top")
            elif align == "wrap":
                cell.alignment = Alignment(horizontal="left", indent=1, wrap_text=True, vertical="top")
            else:
                cell.alignment = Alignment(vertical="top")
            if quote:
                cell.quotePrefix = True
            if top:
                cell.border = Border(top=Side(style="thin", color="FF999999"))
            if align not in ("title", "subtitle", "legend", "header"):
                cell.font = Font(**font, color="FF808080") if grey else Font(**font)
            if shade:
                cell.fill = PatternFill("solid", fgColor="FFBFBFBF")
            index = self._styles[key] = self.wb._cell_styles.add(cell._style)
        return index

    def bytes(self) -> bytes:
        """Save: openpyxl writes the package with empty sheets, then each sheet's rows are put in."""
        buf = io.BytesIO()
        for sheet in self.sheets:  # the table and its title block, nothing beyond (no blank pages)
            sheet.ws.print_area = f"A1:{sheet.letters[max(len(sheet.widths), 1) - 1]}{max(len(sheet.rows), 1)}"
        self.wb.save(buf)
        out = io.BytesIO()
        parts = {f"xl/worksheets/sheet{k}.xml": sheet for k, sheet in enumerate(self.sheets, start=1)}
        with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as src, \
                zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as dst:
            for info in src.infolist():
                data = src.read(info.filename)
                part = parts.get(info.filename)
                if part is not None:
                    rows = ("<sheetData>" + "".join(part.rows) + "</sheetData>").encode("utf-8")
                    data, count = _SHEET_DATA.subn(lambda _: rows, data, count=1)
                    if count != 1:
                        raise RuntimeError(f"unexpected worksheet layout from openpyxl in {info.filename}")
                elif info.filename == "xl/workbook.xml":
                    data = current(data)  # current Excel's calculation engine id (xltb.calcpr)
                dst.writestr(info.filename, data)
        return out.getvalue()
