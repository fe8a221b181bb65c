"""The writer of cached values into a sheet's XML (:func:`xltb.templates.sheetxml.edit_sheet`) writes,
byte for byte, what the writer before it wrote (kept as the oracle in ``sheetxml_oracle.py``), or
fails with the same message: on the bundled workbooks recalculated, the templates, hand-made edge
cases and sheets and edits made at random (fixed seeds)."""

from __future__ import annotations

import io
import random
import re
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

import writer_oracle as sheetxml_oracle
from helpers import SEED, read_team_event, read_trf
from xltb.recalc import package
from xltb.templates import scan, sheetxml
from xltb.cells import ExcelError
from xltb.templates.sheetxml import Edit, SheetXmlError, edit_sheet

ROOT = Path(__file__).parent.parent
BOOKS = sorted((ROOT / "workbooks").glob("*.xls?")) + sorted((ROOT / "templates").glob("*.xlsx")) + sorted(
    (ROOT / "tests" / "data" / "workbooks").glob("*.xlsx"))


def outcome(fn, xml: str, edits: dict[tuple[int, int], Edit], cm: str | None) -> tuple[str, str]:
    try:
        return "ok", fn(xml, edits, cm)
    except SheetXmlError as err:
        return "error", str(err)


def same(xml: str, edits: dict[tuple[int, int], Edit], cm: str | None = "1") -> tuple[str, str]:
    new = outcome(edit_sheet, xml, edits, cm)
    old = outcome(sheetxml_oracle.edit_sheet, xml, edits, cm)
    assert new == old, (xml[:300], edits)
    return new


# ---------------------------------------------------------------------------------------------------
# the bundled workbooks, recalculated, and the templates


@pytest.fixture(scope="module")
def recalculated() -> list[tuple[str, bytes, list[tuple[str, str]], dict[str, dict[tuple[int, int], Edit]]]]:
    """(name, workbook, its sheets, the edits xltb recalc makes) of every bundled workbook."""
    import xltb.recalc.run as run

    calls: list[tuple[bytes, list[tuple[str, str]], dict[str, dict[tuple[int, int], Edit]]]] = []
    real = run.write

    def capture(data, sheets, edits):
        calls.append((data, sheets, edits))
        return real(data, sheets, edits)

    run.write = capture
    try:
        for path in BOOKS:
            run.recalc_bytes(path.read_bytes())
    finally:
        run.write = real
    return [(path.name, *call) for path, call in zip(BOOKS, calls)]


class _Clock:
    """zipfile's clock, stopped: a part added (xl/metadata.xml) has the same date in both workbooks."""

    localtime = staticmethod(time.localtime)

    @staticmethod
    def time() -> float:
        return 1_700_000_000.0


def test_recalculated_workbooks_are_written_as_before(recalculated, monkeypatch) -> None:
    """Each bundled workbook recalculated: the zip, byte for byte, that the writer before wrote."""
    assert len(recalculated) == len(BOOKS) >= 9
    monkeypatch.setattr(zipfile, "time", _Clock)
    for name, data, sheets, edits in recalculated:
        assert sum(map(len, edits.values())) > 0, name
        assert package.write(data, sheets, edits) == sheetxml_oracle.write(data, sheets, edits), name


def test_recalculated_sheets_with_other_values(recalculated) -> None:
    """The cells recalc edits in each bundled workbook, given values of every kind (random, fixed seed)."""
    rng = random.Random(23)
    for name, data, sheets, edits in recalculated:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for sheet, part in sheets:
                if not edits[sheet]:
                    continue
                xml = z.read(part).decode("utf-8")
                for cm in ("1", "2", None):
                    changed = {k: Edit(e.kind, random_value(rng), e.area, rng.random() < 0.5, e.becomes_array)
                               for k, e in edits[sheet].items()}
                    assert same(xml, changed, cm)[0] == "ok", (name, sheet)


@pytest.mark.parametrize("kind, options", [
    ("individual", {}), ("roundrobin", {}), ("team", {}), ("individual", {"macros": True}),
    ("individual", {"event": "swiss16"}), ("team", {"event": "team14"}),
])
def test_templates_are_written_as_before(kind: str, options: dict[str, Any], monkeypatch) -> None:
    from xltb.templates.build import render

    if "event" in options:
        read = read_trf if kind == "individual" else read_team_event
        options["event"] = read(SEED / f"held-{options.pop('event')}.trf")
    new = render(kind, **options)
    monkeypatch.setattr(sheetxml, "edit_sheet", sheetxml_oracle.edit_sheet)
    assert new == render(kind, **options)


# ---------------------------------------------------------------------------------------------------
# hand-made edge cases

HEAD = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:C3"/>'


def sheet(rows: str, head: str = HEAD) -> str:
    return f"{head}<sheetData>{rows}</sheetData><pageMargins/></worksheet>"


F = Edit("formula", 1.5)
CASES: list[tuple[str, dict[tuple[int, int], Edit]]] = [
    (sheet('<row r="1"><c r="A1"><f>1+1</f><v>0</v></c></row>'), {(1, 1): Edit("formula", 2)}),
    (sheet('<row r="1" spans="1:3"><c r="A1" s="2" t="str"><f>X</f><v>a</v></c></row>'), {(1, 1): F}),
    (sheet('<row r="1"><c r="A1"><f>1</f></c></row>'), {(1, 1): Edit("formula", "a<b&c\"d'")}),
    (sheet('<row r="1"><c r="A1"><f>1</f><v/></c></row>'), {(1, 1): Edit("formula", True)}),
    (sheet('<row r="1"><c r="A1"><f>1</f> <v>3</v><extLst/></c></row>'), {(1, 1): Edit("formula", ExcelError("#N/A"))}),
    (sheet('<row r="1"><c r="A1"><f t="shared" ref="A1:A3" si="0">1</f><v>3</v></c>'
           '<c r="A2"><f t="shared" si="0"/><v>3</v></c></row>'), {(1, 1): F, (1, 2): F}),
    # an array that spills over existing cells, and past them (cells and a row inserted)
    (sheet('<row r="1"><c r="A1" s="1"><f>SEQ()</f><v>1</v></c><c r="B1" s="4" t="inlineStr"><is><t>x</t></is></c>'
           '</row><row r="3"><c r="B3"/></row>'),
     {(1, 1): Edit("formula", 1, "A1:C3", True, True), (1, 2): Edit("value", 2), (1, 3): Edit("value", "t"),
      (2, 1): Edit("value", None), (2, 2): Edit("value", 1e300), (3, 2): Edit("value", float("nan"))}),
    (sheet('<row r="1"><c r="A1"><f t="array" ref="A1:A4">X</f><v>1</v></c></row><row r="2"><c r="A2" s="5"><v>2'
           '</v></c></row><row r="4"><c r="A4" s="5" t="str"><v>4</v></c></row>'),
     {(1, 1): Edit("formula", 1, "A1:A2", True), (2, 1): Edit("value", 2), (3, 1): Edit("clear"),
      (4, 1): Edit("clear")}),
    (sheet('<row r="1"><c r="A1" cm="1"><f t="array" ref="A1:B1"/><v>1</v></c></row>'),
     {(1, 1): Edit("formula", 1, "A1:A1", True)}),
    # self-closing cells and rows, empty sheetData, rows and cells missing
    (sheet('<row r="2"/><row r="4" spans="1:2"></row><row r="5"><c r="A5"/></row>'),
     {(1, 1): Edit("value", 1), (2, 3): Edit("value", 2), (3, 1): Edit("clear"), (4, 2): Edit("value", -0.0),
      (5, 1): Edit("value", 3), (6, 2): Edit("clear"), (7, 1): Edit("value", 10 ** 20)}),
    (HEAD + '<sheetData/></worksheet>', {(2, 2): Edit("value", "x")}),
    (HEAD + '<sheetData />', {(2, 2): Edit("clear")}),
    (HEAD + '<sheetData></sheetData>', {(1, 1): Edit("value", 1)}),
    # cells out of order, duplicated, with whitespace and comments between them, attributes in any order
    (sheet('<row r="1">\n  <c r="C1"><f>3</f></c> <!-- x --> <c r="A1"><f>1</f></c><c r="A1"><f>2</f></c></row>'),
     {(1, 1): F}),
    (sheet('<row r="1"><c t="str" s="3" r="A1" ><f>1</f><v>x</v></c><c s="1"  r = "B1"/></row>'),
     {(1, 1): F, (1, 2): Edit("value", 1)}),
    (sheet('<row spans="1:2" r="1" x14ac:dyDescent="0.25"><c r="A1" s="1" t="e" vm="1"><f>1</f><v>#N/A</v></c>'
           '</row>'), {(1, 1): F}),
    (sheet('<row r="1"><c r="A1"><v>1</v></c></row>'), {(1, 2): F}),  # no formula cell
    (sheet('<row r="1"><c r="A1"><v>1</v></c></row>'), {(1, 1): F}),  # no formula in the cell
    (sheet('<row r="1"><c r="A1"/></row>'), {(1, 1): F}),
    (sheet('<row r="2"/><row r="1"/>'), {(1, 1): Edit("value", 1)}),  # rows not in order
    (sheet('<row><c r="A1"/></row>'), {(1, 1): Edit("value", 1)}),  # a row without its number
    (sheet('<row r="1"><c><v>1</v></c></row>'), {(1, 1): Edit("value", 1)}),  # a cell without its reference
    (sheet('<row r="1">text</row>'), {(1, 1): Edit("value", 1)}),
    (sheet("<row r='1'><c r='A1'/></row>"), {(1, 1): Edit("value", 1)}),  # quotes Excel never writes
    (sheet('<row r="1"><c r="A1" t=\'s\'><f>1</f></c></row>'), {(1, 1): F}),
    (sheet('<row r="1"><c r="A1" x=">"><f>1</f></c></row>'), {(1, 1): F}),  # ">" in an attribute
    (sheet('<row r="1"><c r="A1" x="/>"><f>1</f></c></row>'), {(1, 1): F}),
    (sheet('<row r="1" x=">"><c r="A1"><f>1</f></c></row>'), {(1, 1): F}),
    (sheet('<row r="1"><c r="A1"><f>1</f><v>1</v></c></row>'), {}),
    (sheet('<row r="1"><c r="A1"><f>1</f><v>1</v></c></row>'), {(9, 9): Edit("clear")}),
    ('<x:worksheet xmlns:x="urn:x"><x:sheetData><x:row r="1"/></x:sheetData></x:worksheet>', {(1, 1): F}),
    ('<worksheet><sheetDataX/><sheetData><row r="1"><c r="A1"><f>1</f></c></row></sheetData></worksheet>',
     {(1, 1): F}),
    ('<worksheet><dimension ref="B2"/><sheetData><row r="1"><c r="A1"><f>1</f></c></row></sheetData>',
     {(1, 1): F, (5, 30): Edit("value", 1)}),
    ('<worksheet><sheetData><rowx/><row r="1"><cx/><c r="A1"><fx/><f>1</f></c></row></sheetData>', {(1, 1): F}),
    ('<worksheet><sheetData><row r="1"><c r="A1"><f>1</f><v>2</v></c></row><row r="2"><c r="A2"><f>1',
     {(1, 1): F}),  # not well-formed: the writer's own output is checked by the caller
    ('<worksheet><sheetData><row r="1"><c r="A1"><f>1</f></c>', {(1, 1): F}),
    ('<worksheet><sheetData><row r="1"><c r="A1"><f>1</f><v>2</v></c></row><row r="2"><c r="A2"><f>1',
     {(1, 1): F}),
    (sheet('<row r="١"><c r="A1"/></row>'), {(1, 1): Edit("value", 1)}),  # a number in other digits
    (sheet('<row r="1"><c r="A1"><f>1</f></c></row>'), {(1, 1): Edit("other", 1)}),
]


@pytest.mark.parametrize("xml, edits", CASES)
@pytest.mark.parametrize("cm", ["1", "3", None])
def test_edge_cases(xml: str, edits: dict[tuple[int, int], Edit], cm: str | None) -> None:
    same(xml, edits, cm)


# ---------------------------------------------------------------------------------------------------
# sheets and edits made at random


def random_value(rng: random.Random) -> Any:
    return rng.choice([
        lambda: rng.randint(-5, 5), lambda: rng.random() * 100, lambda: float(rng.randint(-3, 3)), lambda: -0.0,
        lambda: float("inf"), lambda: float("nan"), lambda: 10 ** 17 + 0.5, lambda: rng.random() < 0.5,
        lambda: None, lambda: ExcelError(rng.choice(["#N/A", "#DIV/0!", "#BOGUS"])), lambda: "",
        lambda: rng.choice(["x", "a<b", "&amp;", "\"q\"", "#N/A", " sp ", "\x01ctl", "é€", "a--b", "]]>", "?>"])
        * rng.randint(1, 3),
    ])()


ATTRS = [' s="1"', ' s="17"', ' t="str"', ' t="n"', ' t="e"', ' t="b"', ' t="inlineStr"', ' cm="1"', ' vm="2"',
         ' ph="1"', ' t = "s"', ' x:y="z"', '  s="2"', "\ts=\"3\""]
BODIES = ["<f>A1</f><v>1</v>", "<f>A1</f>", "<f>A1</f><v/>", '<f t="shared" si="0"/><v>2</v>',
          '<f t="shared" ref="B1:B9" si="0">A1</f><v>2</v>', "<v>1</v>", "<is><t>x</t></is>", "",
          '<f t="array" ref="A1:B2">X</f><v>1</v>', "<f>1</f> <v>1</v>", "<f>1</f><v>1</v><extLst/>",
          "<f aca=\"1\">IF(A1&gt;0,1,2)</f><v>x</v>", "<f>A1</f>\n<v>1</v>", "<is><t>y</t></is><f>1</f>"]


def random_cell(rng: random.Random, r: int, c: int) -> str:
    from xltb.cells import column_letters

    attrs = rng.sample(ATTRS, rng.randint(0, 3))
    ref = f' r="{column_letters(c)}{r}"'
    if rng.random() < 0.03:
        ref = f' r="{column_letters(c)}{r + 1}"'  # a reference of another row
    attrs.insert(0 if rng.random() < 0.85 else len(attrs), ref)
    tag = "<c" + "".join(attrs) + (" " if rng.random() < 0.05 else "")
    if rng.random() < 0.15:
        return tag + "/>"
    return tag + ">" + rng.choice(BODIES) + "</c>"


def random_sheet(rng: random.Random) -> tuple[str, list[tuple[int, list[int]]]]:
    """A sheet, and the (row, columns) it has."""
    layout: list[tuple[int, list[int]]] = []
    r = 0
    parts = []
    for _ in range(rng.randint(0, 8)):
        r += rng.choice([1, 1, 1, 2, 3])
        cols = sorted(rng.sample(range(1, 12), rng.randint(0, 6)))
        if rng.random() < 0.1 and cols:
            cols.reverse()
        if rng.random() < 0.05 and cols:
            cols.append(cols[0])
        layout.append((r, cols))
        attrs = [f' r="{r}"'] + rng.sample([' spans="1:5"', ' ht="20"', ' customHeight="1"'], rng.randint(0, 2))
        rng.shuffle(attrs)
        sep = rng.choice(["", "", "", " ", "\n  "])
        cells = sep.join(random_cell(rng, r, c) for c in cols)
        if not cells and rng.random() < 0.5:
            parts.append("<row" + "".join(attrs) + "/>")
        else:
            parts.append("<row" + "".join(attrs) + ">" + cells + "</row>")
    sep = rng.choice(["", "\n", "<!-- a comment -->"])
    dim = rng.choice(['<dimension ref="A1"/>', '<dimension ref="A1:D9"/>', '<dimension ref="C3:B2" />', ""])
    return f"<worksheet>{dim}<sheetData>" + sep.join(parts) + "</sheetData></worksheet>", layout


def random_edits(rng: random.Random, layout: list[tuple[int, list[int]]]) -> dict[tuple[int, int], Edit]:
    from xltb.cells import column_letters

    edits: dict[tuple[int, int], Edit] = {}
    cells = [(r, c) for r, cols in layout for c in cols]
    for _ in range(rng.randint(0, 8)):
        if cells and rng.random() < 0.8:
            key = rng.choice(cells)
        else:
            key = (rng.randint(1, 14), rng.randint(1, 13))
        kind = rng.choice(["formula", "value", "value", "clear"])
        area = None
        if kind == "formula" and rng.random() < 0.15:
            area = f"{column_letters(key[1])}{key[0]}:{column_letters(key[1] + 1)}{key[0] + 2}"
        edits[key] = Edit(kind, random_value(rng), area, rng.random() < 0.3, area is not None)
    return edits


def test_random_sheets_and_edits() -> None:
    rng = random.Random(2026)
    outcomes = {"ok": 0, "error": 0}
    for _ in range(3000):
        xml, layout = random_sheet(rng)
        edits = random_edits(rng, layout)
        outcomes[same(xml, edits, rng.choice(["1", "2", None]))[0]] += 1
    assert outcomes["ok"] > 1000 and outcomes["error"] > 100, outcomes  # both kinds of outcome were compared


def test_random_damaged_sheets() -> None:
    """Sheets cut, or with a character removed or doubled, edited at random: the same output or error."""
    rng = random.Random(7)
    for _ in range(1500):
        xml, layout = random_sheet(rng)
        k = rng.randrange(len(xml))
        xml = rng.choice([xml[:k], xml[:k] + xml[k + 1:], xml[:k] + xml[k] + xml[k:]])
        same(xml, random_edits(rng, layout), "1")


# ---------------------------------------------------------------------------------------------------
# the scanning that replaced the regular expressions


def test_elements_find_what_the_regular_expression_finds() -> None:
    rng = random.Random(11)
    alphabet = ["<c", "<c ", "</c>", "<c/>", ">", "/", "/>", "c", " ", "<", '"', "x", "<cx", "<c_", "<cé", "\n"]
    pattern = re.compile(r"<c\b[^>]*?/>|<c\b[^>]*>.*?</c>", re.S)
    for _ in range(20000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        pos, end = sorted((rng.randint(0, len(s)), rng.randint(0, len(s))))
        if rng.random() < 0.5:
            pos, end = 0, len(s)
        want = [(m.start(), m.start() + m[0].index(">"), m.end()) for m in pattern.finditer(s, pos, end)]
        assert list(scan.elements(s, "c", pos, end)) == want, (s, pos, end)


def test_sheet_data_found_as_the_regular_expression_finds_it() -> None:
    rng = random.Random(12)
    alphabet = ["<sheetData", "</sheetData>", ">", "/>", " ", "x", "<sheetData/>", "<sheetData />", "<sheetDatax>"]
    pattern = re.compile(r"<sheetData\s*/>|<sheetData\b[^>]*>(.*?)</sheetData>", re.S)
    for _ in range(5000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
        m = pattern.search(s)
        got = scan.sheet_data(s)
        if m is None:
            assert got is None, s
            continue
        start, opening, body, body_end, stop = got
        tag = m[0]
        assert (start, stop, s[body:body_end]) == (m.start(), m.end(), m[1] or ""), s
        assert opening == ("<sheetData>" if tag.endswith("/>") else tag[:tag.index(">") + 1]), s


def test_word_characters_are_those_of_the_regular_expression() -> None:
    """``\\w`` of a str pattern is str.isalnum() or "_", for every character."""
    every = "".join(map(chr, range(0x110000)))
    assert re.findall(r"\w", every) == [ch for ch in every if scan.word(ch)]


# ---------------------------------------------------------------------------------------------------
# the parts recalc does not change, copied as their compressed bytes


def _rezip(data: bytes, level: int, stored: set[str] = frozenset(), twice: str | None = None) -> bytes:
    """The workbook ``data`` compressed again at ``level`` (the parts ``stored`` not compressed; the part
    ``twice`` written twice, as a damaged or hostile package may have it)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            kind = zipfile.ZIP_STORED if info.filename in stored else zipfile.ZIP_DEFLATED
            dst.writestr(info, src.read(info), kind, level)
            if info.filename == twice:
                dst.writestr(info, src.read(info), kind, level)
    return out.getvalue()


def _members(data: bytes) -> list[tuple[Any, ...]]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return [(i.filename, i.date_time, i.compress_type, i.external_attr, i.create_system, i.extra, i.CRC,
                 i.file_size, z.read(i)) for i in z.infolist()]


def _compressed(data: bytes) -> dict[str, bytes]:
    """Each part's compressed bytes."""
    import struct

    out = {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for i in z.infolist():
            n, m = struct.unpack("<HH", data[i.header_offset + 26:i.header_offset + 30])
            start = i.header_offset + 30 + n + m
            out[i.filename] = data[start:start + i.compress_size]
    return out


@pytest.mark.parametrize("level", [1, 9])
def test_parts_compressed_otherwise_keep_their_bytes(recalculated, monkeypatch, level: int) -> None:
    """A workbook compressed otherwise than at zlib's default level (another writer): every part as the
    writer before wrote it (contents, names, dates, attributes, order), the parts recalc does not change
    with their own compressed bytes, a stored part stored."""
    monkeypatch.setattr(zipfile, "time", _Clock)
    name, data, sheets, edits = next(r for r in recalculated if r[0] == "held-swiss16.xlsx")
    other = _rezip(data, level, stored={"docProps/core.xml"})
    new, old = package.write(other, sheets, edits), sheetxml_oracle.write(other, sheets, edits)
    assert new != old  # the zip itself differs: the parts not changed are not compressed again
    assert _members(new) == _members(old)
    edited = {dict(sheets)[s] for s in edits if edits[s]} | {"xl/workbook.xml"}
    given, written = _compressed(other), _compressed(new)
    kept = [n for n in written if n not in edited]
    assert kept and all(written[n] == given[n] for n in kept)
    assert written["docProps/core.xml"] == zipfile.ZipFile(io.BytesIO(other)).read("docProps/core.xml")


def test_a_part_named_twice_is_written_as_before(recalculated, monkeypatch) -> None:
    """A name two parts have: each is read by its name (the last of them), as before."""
    import warnings

    monkeypatch.setattr(zipfile, "time", _Clock)
    name, data, sheets, edits = next(r for r in recalculated if r[0] == "held-swiss16.xlsx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name
        twice = _rezip(data, 6, twice="docProps/app.xml")
        assert package.write(twice, sheets, edits) == sheetxml_oracle.write(twice, sheets, edits)


# ---------------------------------------------------------------------------------------------------
# a sheet edited plainly is well-formed whenever it was: recalc does not check it again


HOSTILE_CELLS = [
    '<c r="{ref}"><is><t><![CDATA[<c r="{ref}"><f>1</f></c>]]></t></is></c>',
    '<c r="{ref}"><!-- <c r="{ref}"/> --><f>1</f><v>2</v></c>',
    '<c r="{ref}" x="a&gt;b&amp;"><f>1&amp;2</f><v>&#60;</v></c>',
    '<c r="{ref}" x="a>b"><f>1</f><v>2</v></c>',
    '<c r="{ref}" x="a/>"><f>1</f><v>2</v></c>',
    '<c r="{ref}" x="/"/>',
    '<c r="{ref}"\n\ts="1"\n><f\tt="shared" si="0"/></c>',
    "<c r='{ref}' s='1'><f>1</f></c>",
    '<c r="{ref}"><f x=">">1</f><v>2</v></c>',
    '<c r="{ref}"><f>1</f><v>2</v><x:c>3</x:c></c>',
    '<c r="{ref}"><?pi <c r="{ref}"/>?><f>1</f></c>',
    '<c r="{ref}"><is><r><t>a</t></r><cx/></is></c>',
]


def random_hostile_sheet(rng: random.Random) -> tuple[str, list[tuple[int, list[int]]]]:
    """A sheet (well-formed or not) with some of what a hostile workbook may hold."""
    from xltb.cells import column_letters

    xml, layout = random_sheet(rng)
    for _ in range(rng.randint(1, 3)):
        if not layout or not layout[0][1]:
            break
        r, cols = rng.choice(layout)
        if not cols:
            continue
        c = rng.choice(cols)
        ref = f"{column_letters(c)}{r}"
        found = re.search(rf'<c r="{ref}"[^>]*?/>|<c r="{ref}"[^>]*>.*?</c>', xml, re.S)
        if found:
            xml = xml[:found.start()] + rng.choice(HOSTILE_CELLS).format(ref=ref) + xml[found.end():]
    if rng.random() < 0.2:
        xml = rng.choice(['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
                          "<?xml version='1.0' encoding='UTF-8'?>", '<?xml version="1.0" encoding="ISO-8859-1"?>',
                          "<!-- a comment -->"]) + xml
    if rng.random() < 0.1:
        xml = xml.replace('<row r="', '<row x=">" r="', 1)
    if rng.random() < 0.3 and layout and layout[0][0] > 1:  # a row in a comment or an instruction
        r = layout[0][0] - 1
        fake = f'<row r="{r}"><c r="A{r}"><f>1</f></c><c r="B{r}"/></row>'
        wrap = rng.choice(["<!--{}-->", "<?pi {}?>", "<x><![CDATA[{}]]></x>"])
        at = xml.index("<row")
        xml = xml[:at] + wrap.format(fake) + xml[at:]
        layout.insert(0, (r, [1, 2]))
    return xml, layout


def test_a_sheet_edited_plainly_is_well_formed() -> None:
    from xltb.errors import InputError
    from xltb.recalc.package import check_xml

    rng = random.Random(99)
    plain = checked = 0
    for _ in range(5000):
        xml, layout = random_hostile_sheet(rng) if rng.random() < 0.6 else random_sheet(rng)
        try:
            check_xml(io.BytesIO(xml.encode("utf-8")), "sheet")
        except InputError:
            continue  # not well-formed: recalc refuses it before
        checked += 1
        try:
            out, ok = sheetxml.edit_sheet_plainly(xml, random_edits(rng, layout), rng.choice(["1", "2", None]))
        except SheetXmlError:
            continue
        if ok:
            plain += 1
            check_xml(io.BytesIO(out.encode("utf-8")), "sheet")  # raises if it is not well-formed
    assert checked > 1200 and plain > 150, (checked, plain)  # (a duplicated attribute makes many not well-formed)


def test_the_sheets_recalc_writes_are_edited_plainly(recalculated) -> None:
    """The bundled workbooks' sheets are edited plainly (not checked again), and are well-formed."""
    from xltb.recalc.package import check_xml

    for name, data, sheets, edits in recalculated:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for sheet, part in sheets:
                if edits[sheet]:
                    out, ok = sheetxml.edit_sheet_plainly(z.read(part).decode("utf-8"), edits[sheet], "1")
                    check_xml(io.BytesIO(out.encode("utf-8")), part)
                    assert ok, (name, sheet)


@pytest.mark.parametrize("wrap", ["<!--{}-->", "<?pi {}?>", "<x><![CDATA[{}]]></x>"])
def test_a_row_in_a_comment_is_not_edited_plainly(wrap: str) -> None:
    """A row in a comment, an instruction or a CDATA section is edited as before (its text written into
    them, which may end them early): such a sheet is checked again, not taken as well-formed."""
    from xltb.errors import InputError
    from xltb.recalc.package import check_xml

    fake = '<row r="1"><c r="A1"><f>1</f></c></row>'
    xml = sheet(wrap.format(fake) + '<row r="2"><c r="A2"><f>1</f></c></row>')
    check_xml(io.BytesIO(xml.encode()), "sheet")
    for value in ("a--b", "?>", "]]>"):
        edits = {(1, 1): Edit("formula", value), (2, 1): Edit("formula", 1)}
        out, ok = sheetxml.edit_sheet_plainly(xml, edits, "1")
        assert not ok and same(xml, edits)[1] == out
    if wrap.startswith("<!--"):
        with pytest.raises(InputError):  # what the check is for: "--" in a comment
            check_xml(io.BytesIO(sheetxml.edit_sheet(xml, {(1, 1): Edit("formula", "a--b")}).encode()), "s")


@pytest.mark.parametrize("xml, plain", [
    ("<worksheet><sheetData/></worksheet>", True),
    ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet/>', True),
    ('<?xml version="1.0"?><worksheet/>', True),
    ('<?xml version="1.0" encoding="ISO-8859-1"?><worksheet/>', False),
    ("<?xml version='1.0'?><worksheet/>", False),
    ('<?xml version="1.1"?><worksheet/>', False),
    ('\ufeff<?xml version="1.0"?><worksheet/>', False),
    ('<?xml version="1.0"?><worksheet><?pi x?></worksheet>', False),
    ("<worksheet><!-- x --></worksheet>", False),
    ("<worksheet><x><![CDATA[x]]></x></worksheet>", False),
])
def test_plain_markup(xml: str, plain: bool) -> None:
    assert scan.plain_markup(xml) is plain
