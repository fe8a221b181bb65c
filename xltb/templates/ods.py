"""The template workbooks as LibreOffice spreadsheets (``.ods``): ``xltb template KIND -o FILE.ods``.

The workbook is the one :func:`xltb.templates.build.build` makes for the ``.xlsx`` (same sheets,
defined names, headers, cells, styles and cached values); this module serialises it as an
OpenDocument spreadsheet (ODF 1.3, the version LibreOffice 7.4 writes) whose formulas call the
LibreOffice extension (:mod:`xltb.hosts.libreoffice`): every formula goes through
:mod:`xltb.templates.openformula`, which refuses what it does not know, so no formula is written with
another meaning. The package: ``mimetype`` first and stored, ``META-INF/manifest.xml``,
``content.xml`` (sheets, automatic styles, named ranges, validations), ``styles.xml`` (page
layouts: orientation, A4, fit to width, header and footer) and ``meta.xml``; entries carry a fixed
date, so the same input gives the same bytes.

* Every formula cell carries its value (``office:value`` / ``office:string-value``), so Calc shows
  numbers when it opens the file, with or without the extension.
* ``TB_STANDINGS`` is a matrix formula (``table:number-matrix-rows/columns-spanned``): LibreOffice
  7.4 has no dynamic arrays. The matrix is the room the ``.xlsx`` keeps for its table (the
  participants' block's rows, spare rows included; at least ``5 + VIEW_TIEBREAKS`` columns); the
  add-in pads the table with empty cells to that size (:func:`xltb.hosts.libreoffice.dispatch.pad`).
* Text from a file is always a text cell (a formula is only ever a ``table:formula`` attribute
  xltb wrote), cleaned of characters XML cannot hold (:func:`xltb.cells.clean`).

Written with the standard library rather than odfpy (Apache-2.0): odfpy builds the same elements
from Python classes but knows nothing of formulas, number formats or the spreadsheet layout, writes
a new timestamp into each file, and its last release is from 2020; the XML below is the few
elements a spreadsheet needs, escaped by :mod:`xml.sax.saxutils`.
"""

from __future__ import annotations

import datetime as _dt
import re
import zipfile
from io import BytesIO
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .. import __version__
from ..cells import ExcelError, clean, column_index, column_letters
from ..model import Tournament
from ..model.team import TeamTournament
from ..tiebreaks.display import LIVE_FORMAT
from .openformula import translate
from .build import build

MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
_DATE = (2024, 1, 1, 0, 0, 0)
#: LibreOffice's width of one Excel character width (what its .xlsx import gives: 6 -> 0.5835in)
_INCH_PER_CHAR = 0.09722

_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "number": "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "of": "urn:oasis:names:tc:opendocument:xmlns:of:1.2",
    "calcext": "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0",
    "meta": "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
}
_XMLNS = " ".join(f'xmlns:{k}="{v}"' for k, v in _NS.items())


def render(kind: str, event: Tournament | TeamTournament | None = None, **options: Any) -> bytes:
    """The template as .ods bytes (deterministic for the same input)."""
    if options.get("macros"):
        raise ValueError("an .ods template has no macros")
    return write(build(kind, event, calc=True, **options))


def write(wb: Any) -> bytes:
    """The openpyxl workbook ``wb`` made by :func:`xltb.templates.build.build` (with its cached values
    and its matrix) as .ods bytes."""
    named = next((ws.oddHeader.left.text for ws in wb.worksheets if ws.oddHeader.left.text), "")
    return package(_Writer(wb).content(), styles_xml(named.replace("&&", "&")), meta_xml())


def package(content: str, styles: str, meta: str) -> bytes:
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.3">\n'
        f' <manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="{MIMETYPE}"/>\n'
        ' <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>\n'
        ' <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>\n'
        ' <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>\n'
        '</manifest:manifest>\n')
    out = BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        # ODF 1.3 part 2, 3.3: "mimetype" first, uncompressed, no extra field
        for name, body, method in (("mimetype", MIMETYPE, zipfile.ZIP_STORED),
                                   ("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED),
                                   ("meta.xml", meta, zipfile.ZIP_DEFLATED),
                                   ("styles.xml", styles, zipfile.ZIP_DEFLATED),
                                   ("content.xml", content, zipfile.ZIP_DEFLATED)):
            info = zipfile.ZipInfo(name, _DATE)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            z.writestr(info, body.encode("utf-8"))
    return out.getvalue()


def meta_xml() -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<office:document-meta {_XMLNS} office:version="1.3"><office:meta>'
            f'<meta:generator>xltb/{escape(__version__)}</meta:generator>'
            '<meta:initial-creator>xltb</meta:initial-creator><meta:creation-date>2024-01-01T00:00:00'
            '</meta:creation-date><dc:date>2024-01-01T00:00:00</dc:date></office:meta></office:document-meta>\n')


def _master(name: str, layout: str, heading: bool, event_name: str = "") -> str:
    if not heading:
        return (f'<style:master-page style:name="{name}" style:page-layout-name="{layout}">'
                '<style:header style:display="false"/><style:footer style:display="false"/></style:master-page>')
    left = f'<style:region-left><text:p>{escape(clean(event_name))}</text:p></style:region-left>' if event_name else ""
    return (f'<style:master-page style:name="{name}" style:page-layout-name="{layout}">'
            f'<style:header>{left}<style:region-right><text:p><text:sheet-name>???</text:sheet-name></text:p>'
            '</style:region-right></style:header>'
            '<style:footer><style:region-center><text:p>Page <text:page-number>1</text:page-number></text:p>'
            '</style:region-center>'
            '<style:region-right><text:p>xltb (FIDE C.07)</text:p></style:region-right></style:footer>'
            '</style:master-page>')


def styles_xml(event_name: str = "") -> str:
    """The default cell style and the page styles: A4 portrait or landscape, fit to one page wide,
    the event's name and the sheet's above and 'Page N' below (as the .xlsx's print setup)."""
    layouts = []
    for name, orientation, (w, h) in (("PL", "portrait", ("21cm", "29.7cm")),
                                      ("LL", "landscape", ("29.7cm", "21cm"))):
        layouts.append(
            f'<style:page-layout style:name="{name}"><style:page-layout-properties fo:page-width="{w}" '
            f'fo:page-height="{h}" style:print-orientation="{orientation}" fo:margin-top="1.3cm" '
            'fo:margin-bottom="1.3cm" fo:margin-left="1.5cm" fo:margin-right="1.5cm" style:scale-to-X="1" '
            'style:print="charts drawings objects zero-values"/>'
            '<style:header-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-bottom="0.25cm"/>'
            '</style:header-style><style:footer-style><style:header-footer-properties fo:min-height="0.6cm" '
            'fo:margin-top="0.25cm"/></style:footer-style></style:page-layout>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<office:document-styles {_XMLNS} office:version="1.3">'
            '<office:font-face-decls><style:font-face style:name="Liberation Sans" '
            'svg:font-family="&apos;Liberation Sans&apos;" style:font-family-generic="swiss"/>'
            '</office:font-face-decls>'
            '<office:styles><style:default-style style:family="table-cell"><style:text-properties '
            'style:font-name="Liberation Sans" fo:font-size="10pt"/></style:default-style>'
            '<style:style style:name="Default" style:family="table-cell"/></office:styles>'
            '<office:automatic-styles>' + "".join(layouts) + '</office:automatic-styles>'
            '<office:master-styles>' + _master("Portrait", "PL", False) + _master("Landscape", "LL", True, event_name)
            + _master("PortraitHeaded", "PL", True, event_name) + '</office:master-styles></office:document-styles>\n')


# --------------------------------------------------------------------------- number formats
def _number_style(name: str, fmt: str) -> str:
    """``number:*-style`` elements for the formats the templates use (Excel format codes)."""
    def number(places: int, min_places: int) -> str:
        replace = ' number:decimal-replacement=""' if min_places < places else ""
        return (f'<number:number number:decimal-places="{places}" number:min-decimal-places="{min_places}" '
                f'number:min-integer-digits="1"{replace}/>')

    simple = {"0": number(0, 0), "0.00": number(2, 2), LIVE_FORMAT: number(3, 1), "0.0": number(1, 1)}
    if fmt in simple:
        return f'<number:number-style style:name="{name}">{simple[fmt]}</number:number-style>'
    if fmt == "@":
        return f'<number:text-style style:name="{name}"><number:text-content/></number:text-style>'
    if fmt == "yyyy-mm-dd":
        return (f'<number:date-style style:name="{name}"><number:year number:style="long"/><number:text>-'
                '</number:text><number:month number:style="long"/><number:text>-</number:text>'
                '<number:day number:style="long"/></number:date-style>')
    if fmt == "0;-0;;@":  # zero shows nothing (a spare row), text as it is
        return (f'<number:number-style style:name="{name}P0" style:volatile="true">{number(0, 0)}</number:number-style>'
                f'<number:number-style style:name="{name}P1" style:volatile="true"><number:text>-</number:text>'
                f'{number(0, 0)}</number:number-style>'
                f'<number:number-style style:name="{name}P2" style:volatile="true"><number:text/></number:number-style>'
                f'<number:text-style style:name="{name}"><number:text-content/>'
                f'<style:map style:condition="value()&gt;0" style:apply-style-name="{name}P0"/>'
                f'<style:map style:condition="value()&lt;0" style:apply-style-name="{name}P1"/>'
                f'<style:map style:condition="value()=0" style:apply-style-name="{name}P2"/></number:text-style>')
    raise ValueError(f"number format {fmt!r} is not translated to ODF")


# --------------------------------------------------------------------------- cells
_SPACES = re.compile(r"( {2,}|\t)")


def _paragraphs(text: str) -> str:
    """``text`` as ``text:p`` elements: lines, runs of spaces and tabs kept (ODF collapses white space)."""
    out = []
    for line in text.split("\n"):
        parts = []
        for i, piece in enumerate(_SPACES.split(line)):
            if i % 2 == 0:
                parts.append(escape(piece))
            elif piece == "\t":
                parts.append("<text:tab/>")
            else:
                parts.append(" " + f'<text:s text:c="{len(piece) - 1}"/>')
        out.append("<text:p>" + "".join(parts) + "</text:p>")
    return "".join(out)


def _number_text(value: float | int) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


def _value_attrs(value: Any, formula: bool) -> tuple[str, str]:
    """(attributes, paragraphs) of a cell's value; ``formula``: the value is a formula's cached result."""
    if value is None or value == "" and not formula:
        return "", ""
    if isinstance(value, ExcelError):  # an error value (a text such as "#N/A" is a text)
        return ' office:value-type="string" office:string-value="" calcext:value-type="error"', _paragraphs(value.code)
    if isinstance(value, bool):
        text = "TRUE" if value else "FALSE"
        return f' office:value-type="boolean" office:boolean-value="{text.lower()}"', _paragraphs(text)
    if isinstance(value, (int, float)):
        n = _number_text(value)
        return f' office:value-type="float" office:value="{n}" calcext:value-type="float"', _paragraphs(n)
    if isinstance(value, _dt.datetime):
        value = value.date() if value.time() == _dt.time() else value
    if isinstance(value, _dt.date):
        iso = value.isoformat()
        return f' office:value-type="date" office:date-value="{iso}" calcext:value-type="date"', _paragraphs(iso)
    text = clean(str(value))
    if formula:
        return (f' office:value-type="string" office:string-value={quoteattr(text)} calcext:value-type="string"',
                _paragraphs(text))
    return ' office:value-type="string" calcext:value-type="string"', _paragraphs(text)


def _split(coord: str) -> tuple[int, int]:
    m = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", coord)
    if m is None:
        raise ValueError(f"not a cell: {coord}")
    return int(m[2]), column_index(m[1])


def _range_address(attr_text: str) -> str:
    """``Sheet!$A$1:$B$2`` -> ``$Sheet.$A$1:.$B$2`` (a named range's address)."""
    sheet, _, cells = attr_text.rpartition("!")
    sheet = sheet.strip("'").replace("''", "'")
    quoted = sheet if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", sheet) else "'" + sheet.replace("'", "''") + "'"
    first, _, last = cells.partition(":")
    return f"${quoted}.{first}" + (f":.{last}" if last else "")


def _sqref_cells(sqref: Any) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for rng in sqref.ranges:
        min_col, min_row, max_col, max_row = rng.bounds
        out.update((r, c) for r in range(min_row, max_row + 1) for c in range(min_col, max_col + 1))
    return out


class _Writer:
    def __init__(self, wb: Any):
        self.wb = wb
        self.names = frozenset(wb.defined_names.keys())
        self.cell_styles: dict[tuple[Any, ...], str] = {}
        self.number_styles: dict[str, str] = {}
        self.column_styles: dict[float, str] = {}
        self.row_styles: dict[float, str] = {}
        self.table_styles: dict[str, str] = {}
        self.validations: list[str] = []

    # styles -------------------------------------------------------------------
    def _number(self, fmt: str) -> str | None:
        if fmt in ("General", None):
            return None
        if fmt not in self.number_styles:
            self.number_styles[fmt] = f"N{len(self.number_styles) + 1}"
        return self.number_styles[fmt]

    def _cell_style(self, cell: Any) -> str | None:
        font, fill, al = cell.font, cell.fill, cell.alignment
        colour = fill.fgColor.rgb if fill is not None and fill.fill_type == "solid" else None
        key = (bool(font.b), float(font.sz or 11) if font.sz and font.sz != 11 else None,
               colour if isinstance(colour, str) else None, al.horizontal, al.vertical, bool(al.wrap_text),
               bool(cell.border.left.style), self._number(cell.number_format), cell.protection.locked is False)
        if key == (False, None, None, None, None, False, False, None, False):
            return None
        if key not in self.cell_styles:
            self.cell_styles[key] = f"ce{len(self.cell_styles) + 1}"
        return self.cell_styles[key]

    def _styles_xml(self) -> str:
        out = []
        for width, name in self.column_styles.items():
            out.append(f'<style:style style:name="{name}" style:family="table-column"><style:table-column-properties '
                       f'fo:break-before="auto" style:column-width="{width:.4f}in"/></style:style>')
        for height, name in self.row_styles.items():
            out.append(f'<style:style style:name="{name}" style:family="table-row"><style:table-row-properties '
                       f'style:row-height="{height:g}pt" style:use-optimal-row-height="false"/></style:style>')
        for master, name in self.table_styles.items():
            out.append(f'<style:style style:name="{name}" style:family="table" style:master-page-name="{master}">'
                       '<style:table-properties table:display="true"/></style:style>')
        for fmt, name in self.number_styles.items():
            out.append(_number_style(name, fmt))
        for (bold, size, colour, horizontal, vertical, wrap, border, number, unlocked), name in self.cell_styles.items():
            data = f' style:data-style-name="{number}"' if number else ""
            cell = []
            if colour:
                cell.append(f'fo:background-color="#{colour[-6:].lower()}"')
            if border:
                cell.append('fo:border="0.74pt solid #a6a6a6"')
            if wrap:
                cell.append('fo:wrap-option="wrap"')
            if vertical in ("top", "center", "bottom"):
                cell.append(f'style:vertical-align="{"middle" if vertical == "center" else vertical}"')
            if unlocked:
                cell.append('style:cell-protect="none"')
            if horizontal in ("center", "left", "right"):
                cell.append('style:text-align-source="fix"')
            props = f'<style:table-cell-properties {" ".join(cell)}/>' if cell else ""
            if horizontal in ("center", "left", "right"):
                align = {"center": "center", "left": "start", "right": "end"}[horizontal]
                props += f'<style:paragraph-properties fo:text-align="{align}"/>'
            text = []
            if bold:
                text.append('fo:font-weight="bold"')
            if size:
                text.append(f'fo:font-size="{size:g}pt"')
            if text:
                props += f'<style:text-properties {" ".join(text)}/>'
            out.append(f'<style:style style:name="{name}" style:family="table-cell" style:parent-style-name="Default"'
                       f'{data}>{props}</style:style>')
        return "".join(out)

    # sheets -------------------------------------------------------------------
    def content(self) -> str:
        tables = [self._table(ws) for ws in self.wb.worksheets]
        named = "".join(
            f'<table:named-range table:name={quoteattr(name)} table:base-cell-address='
            f'{quoteattr(_range_address(d.attr_text).partition(":")[0])} '
            f'table:cell-range-address={quoteattr(_range_address(d.attr_text))}/>'
            for name, d in sorted(self.wb.defined_names.items()))
        validations = ("<table:content-validations>" + "".join(self.validations) + "</table:content-validations>"
                       if self.validations else "")
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<office:document-content {_XMLNS} office:version="1.3">'
                '<office:automatic-styles>' + self._styles_xml() + '</office:automatic-styles>'
                '<office:body><office:spreadsheet>' + validations + "".join(tables)
                + '<table:named-expressions>' + named + '</table:named-expressions>'
                '</office:spreadsheet></office:body></office:document-content>\n')

    def _validations(self, ws: Any) -> dict[tuple[int, int], str]:
        """(row, column) -> the name of its content validation (list and custom validations)."""
        out = {}
        for dv in ws.data_validations.dataValidation:
            cells = _sqref_cells(dv.sqref)
            if not cells:
                continue
            row, col = min(cells)
            base = f"{_quote_sheet(ws.title)}.{column_letters(col)}{row}"
            if dv.type == "list":
                items = (dv.formula1 or "").strip('"').split(",")
                condition = "of:cell-content-is-in-list(" + ";".join(
                    '"' + i.replace('"', '""') + '"' for i in items) + ")"
                extra = ' table:display-list="unsorted"'
            elif dv.type == "custom":
                condition = "of:is-true-formula(" + translate("=" + dv.formula1, self.names)[4:] + ")"
                extra = ""
            else:
                raise ValueError(f"{ws.title}: a {dv.type} validation is not translated to ODF")
            name = f"val{len(self.validations) + 1}"
            body = ""
            if dv.prompt:
                body += (f'<table:help-message table:title={quoteattr(dv.promptTitle or "")} table:display="true">'
                         f'{_paragraphs(dv.prompt)}</table:help-message>')
            if dv.error and dv.showErrorMessage:
                kind = {"warning": "warning", "information": "information"}.get(dv.errorStyle, "stop")
                body += (f'<table:error-message table:message-type="{kind}" table:title={quoteattr(dv.errorTitle or "")}'
                         f' table:display="true">{_paragraphs(dv.error)}</table:error-message>')
            self.validations.append(
                f'<table:content-validation table:name="{name}" table:condition={quoteattr(condition)} '
                f'table:allow-empty-cell="{"true" if dv.allow_blank else "false"}"{extra} '
                f'table:base-cell-address="{base}">{body}</table:content-validation>')
            for cell in cells:
                out[cell] = name
        return out

    def _table(self, ws: Any) -> str:
        landscape = ws.page_setup.orientation == "landscape"
        headed = bool(ws.oddHeader.right.text)
        master = "Landscape" if landscape else ("PortraitHeaded" if headed else "Portrait")
        if master not in self.table_styles:
            self.table_styles[master] = f"ta{len(self.table_styles) + 1}"
        protected = ' table:protected="true"' if ws.protection.sheet else ""
        validation = self._validations(ws)
        matrix = getattr(self.wb, "xltb_matrix", {}).get(ws.title)
        spans: dict[tuple[int, int], tuple[int, int]] = {}
        inside: set[tuple[int, int]] = set()
        if matrix is not None:
            anchor, rows, cols = matrix
            r0, c0 = _split(anchor)
            spans[(r0, c0)] = (rows, cols)
            inside = {(r, c) for r in range(r0, r0 + rows) for c in range(c0, c0 + cols)}
        cached = getattr(self.wb, "xltb_cached", {}).get(ws.title, {})
        max_row, max_col = ws.max_row, ws.max_column
        if inside:
            max_row = max(max_row, max(r for r, _ in inside))
            max_col = max(max_col, max(c for _, c in inside))
        columns = []
        for c in range(1, max_col + 1):
            dim = ws.column_dimensions.get(column_letters(c))
            style = ""
            if dim is not None and dim.width:
                inch = round(dim.width * _INCH_PER_CHAR, 4)
                name = self.column_styles.setdefault(inch, f"co{len(self.column_styles) + 1}")
                style = f' table:style-name="{name}"'
            columns.append(f'<table:table-column{style}/>')
        first_title, _, last_title = (ws.print_title_rows or "0:-1").replace("$", "").partition(":")
        rows = []
        for r in range(1, max_row + 1):
            height = ws.row_dimensions[r].height if r in ws.row_dimensions else None
            style = ""
            if height:
                name = self.row_styles.setdefault(float(height), f"ro{len(self.row_styles) + 1}")
                style = f' table:style-name="{name}"'
            cells = [self._cell(ws, r, c, cached, spans, inside, validation) for c in range(1, max_col + 1)]
            while cells and cells[-1] == "<table:table-cell/>":
                cells.pop()
            row = f"<table:table-row{style}>" + _repeat(cells) + "</table:table-row>"
            if int(first_title) <= r <= int(last_title or first_title):  # rows printed on every page
                row = f"<table:table-header-rows>{row}</table:table-header-rows>"
            rows.append(row)
        printed = f' table:print-ranges="{_range_address(ws.print_area)}"' if ws.print_area else ""
        return (f'<table:table table:name={quoteattr(ws.title)} table:style-name="{self.table_styles[master]}"'
                f'{protected}{printed}>' + "".join(columns) + "".join(rows) + "</table:table>")

    def _cell(self, ws: Any, r: int, c: int, cached: dict[str, Any], spans: dict[tuple[int, int], tuple[int, int]],
              inside: set[tuple[int, int]], validation: dict[tuple[int, int], str]) -> str:
        from openpyxl.worksheet.formula import ArrayFormula

        cell = ws.cell(row=r, column=c)
        value = cell.value
        style = self._cell_style(cell)
        attrs = f' table:style-name="{style}"' if style else ""
        if (r, c) in validation:
            attrs += f' table:content-validation-name="{validation[(r, c)]}"'
        coordinate = cell.coordinate
        if (r, c) in spans:
            if not isinstance(value, ArrayFormula):
                raise ValueError(f"{ws.title}!{coordinate}: the matrix's anchor holds no array formula")
            rows, cols = spans[(r, c)]
            attrs += (f' table:number-matrix-columns-spanned="{cols}" table:number-matrix-rows-spanned="{rows}"'
                      f' table:formula={quoteattr(translate(value.text, self.names))}')
            more, text = _value_attrs(cached[coordinate], True)
        elif isinstance(value, ArrayFormula):
            raise ValueError(f"{ws.title}!{coordinate}: an array formula outside the matrix")
        elif cell.data_type == "f":
            if coordinate not in cached:
                raise ValueError(f"{ws.title}!{coordinate}: a formula without its value")
            attrs += f" table:formula={quoteattr(translate(value, self.names))}"
            more, text = _value_attrs(cached[coordinate], True)
        else:
            # a matrix cell the table leaves over shows "" (the add-in pads the table); text is never a formula
            pad = (r, c) in inside and value in (None, "")
            more, text = _value_attrs("" if pad else value, pad)
        return f"<table:table-cell{attrs}{more}>{text}</table:table-cell>" if attrs or more or text else \
            "<table:table-cell/>"


def _repeat(cells: list[str]) -> str:
    """Runs of the same empty cell as one element with ``table:number-columns-repeated``."""
    out, i = [], 0
    while i < len(cells):
        j = i
        while j + 1 < len(cells) and cells[j + 1] == cells[i] and "<text:p>" not in cells[i]:
            j += 1
        if j > i:
            out.append(cells[i].replace("<table:table-cell", f'<table:table-cell table:number-columns-repeated="'
                                                              f'{j - i + 1}"', 1))
        else:
            out.append(cells[i])
        i = j + 1
    return "".join(out)


def _quote_sheet(title: str) -> str:
    return title if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", title) else "'" + title.replace("'", "''") + "'"


__all__ = ["MIMETYPE", "render", "write"]
