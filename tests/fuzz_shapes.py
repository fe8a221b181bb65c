"""Hostile shapes for the fuzzing of ``recalc`` and ``check`` (issue 22), beside the seeded mutations of
``tests/fuzzing.py``: workbooks with sheet names Excel never writes, array formulas and functions that
ask for huge arrays, text builders asked for gigabytes, document type declarations, parts that are not
XML; check JSON with repeated, huge or odd rows; devices and FIFOs as inputs and outputs.

Each ``*_case`` function draws one input from ``rng`` and returns what to run; the harness
(:func:`fuzzing.fuzz_one`) runs it and checks the outcome (exit 0 or 2, ``check`` also 1; a refusal
names the file; a workbook written is well-formed).
"""

from __future__ import annotations

import io
import json
import os
import random
import threading
import zipfile
from pathlib import Path
from typing import Callable

#: formulas that ask the engine for much: text builders, array builders, huge ranges, slow patterns
TEXT_BUILDERS = [
    '=REPT("x",2^31)', '=REPT(REPT("x",30000),30000)', '=REPT("ab",16384)', '=REPT("é",32767)',
    '=SUBSTITUTE(REPT("x",30000),"x",REPT("y",30000))', '=SUBSTITUTE(REPT("ab",10000),"a",REPT("c",5))',
    '=CONCAT(REPT("x",20000),REPT("y",20000))', '=CONCAT(A1:Z200)', '=CONCATENATE(REPT("x",30000),"yy")',
    '=TEXTJOIN(",",TRUE,REPT("x",20000),REPT("y",20000))', '=TEXTJOIN(REPT("-",30000),FALSE,A1:J10)',
    '=REPT("x",20000)&REPT("y",20000)', '=A1&A1&A1&A1&A1&A1&A1&A1&A1&A1', '=REPT(A1,1000)&REPT(A1,1000)',
    '=REPLACE(REPT("x",30000),1,0,REPT("y",30000))', '=_xlfn.REGEXREPLACE(REPT("x",30000),"x","yy")',
    '=_xlfn.REGEXTEST(REPT("a",40)&"b","(a+)+$")', '=_xlfn.REGEXEXTRACT(REPT("a",5000),"(a|aa)*c")',
    '=UPPER(REPT(REPT("x",2),20000))', '=_xlfn.ARRAYTOTEXT(A1:Z100)', '=REPT(REPT(REPT("x",100),100),100)',
    '=LEN(REPT("x",32767))', '=TEXT(1,REPT("0",30000))', '=_xlfn.TEXTSPLIT(REPT("a,",16000),",")',
]
ARRAY_BUILDERS = [
    "=SUM(A1:A2000+TRANSPOSE(A1:A2000))", "=_xlfn.EXPAND(1,1048576,16384)", "=_xlfn.MUNIT(100000)",
    "=_xlfn.MAKEARRAY(100000,100000,_xlfn.LAMBDA(r,c,r*c))", "=_xlfn.HSTACK(A1:A1048576,A1:XFD1)",
    "=_xlfn.VSTACK(A1:XFD1,A1:XFD1,A1:XFD1)", "=_xlfn.CHOOSEROWS(A1:XFD1,1,1,1,1,1,1,1,1,1,1)",
    "=SUM(A:XFD)", "=SUMPRODUCT(A1:XFD61)", '=COUNTIF(A1:Z100,">0")', "=ROWS(A:A)*COLUMNS(1:1)",
    "=_xlfn.SEQUENCE(100000,100000)", "=_xlfn.TOCOL(A1:XFD100)", "=MMULT(A1:J10,A1:J10)",
]
ARRAY_REFS = ["A1:XFD1048576", "A1:XFD61", "A1:A1048576", "B2:C3", "A1:XFD1", "Z1:A100"]


def _save(wb) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def small_book(rng: random.Random, marker: str) -> bytes:
    """A small workbook of two or three sheets with a few values and formulas."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Data"
    for r in range(1, rng.randint(2, 30)):
        ws.cell(row=r, column=1, value=rng.choice([1, 2.5, "x", marker, "#N/A", "", None]))
        ws.cell(row=r, column=2, value=f"=A{r}*2" if rng.random() < 0.5 else r)
    other = wb.create_sheet(rng.choice(["Sheet2", "O'Brien", "A<B", "Q\"x", "Ünï"]))
    other["A1"] = "=SUM(Data!B1:B10)"
    if rng.random() < 0.3:
        wb.create_sheet("Third")["A1"] = "=Data!A1"
    return _save(wb)


def rewrite(data: bytes, edit: Callable[[str, bytes], bytes | None], add: dict[str, bytes] | None = None) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            new = edit(info.filename, body)
            dst.writestr(info, body if new is None else new)
        for name, body in (add or {}).items():
            dst.writestr(name, body)
    return out.getvalue()


def _sheet_names(rng: random.Random, data: bytes) -> bytes:
    """Two sheets of one name (maybe of another case), or a sheet without a name."""
    import re

    def edit(name: str, body: bytes) -> bytes | None:
        if name != "xl/workbook.xml":
            return None
        names = re.findall(rb'<sheet [^>]*name="([^"]*)"', body)
        if len(names) < 2:
            return None
        new = rng.choice([names[0], names[0].upper(), names[0].lower(), b"", b" "])
        return body.replace(b'name="' + names[-1] + b'"', b'name="' + new + b'"', 1)

    return rewrite(data, edit)


def _formulas(rng: random.Random, data: bytes) -> bytes:
    """Formulas that ask for huge texts or arrays, array formulas over huge ranges, a far cell."""
    from openpyxl import load_workbook
    from openpyxl.worksheet.formula import ArrayFormula

    try:
        wb = load_workbook(io.BytesIO(data))
    except Exception:  # noqa: BLE001 - a shape before broke it already: it stays as it is
        return data
    ws = rng.choice(wb.worksheets)
    for _ in range(rng.randint(1, 4)):
        row, col = rng.randint(1, 40), rng.randint(3, 12)
        choice = rng.random()
        if choice < 0.45:
            ws.cell(row=row, column=col).value = rng.choice(TEXT_BUILDERS)
        elif choice < 0.75:
            ws.cell(row=row, column=col).value = rng.choice(ARRAY_BUILDERS)
        elif choice < 0.9:
            ref = rng.choice(ARRAY_REFS)
            anchor = ref.split(":")[0]
            ws[anchor] = ArrayFormula(ref, rng.choice(["=1", "=A1:B2", '=REPT("x",100)', "=ROW(A1:A10)"]))
        else:  # a far cell: whole rows and columns now reach it
            ws[rng.choice(["XFD61", "A1048576", "XFD1048576", "ZZ2000"])] = rng.choice([1, "x" * 40])
    if rng.random() < 0.2:  # a text longer than a cell holds
        ws["A1"] = "y" * rng.choice([32767, 32768, 200_000])
    return _save(wb)


def _parts(rng: random.Random, data: bytes) -> bytes:
    """A document type declaration, a part that is not well-formed, a VML drawing as Excel writes it."""
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    xml = [n for n in names if n.endswith((".xml", ".rels"))]
    target = rng.choice(xml)
    choice = rng.randrange(6)
    dtd = rng.choice([b'<!DOCTYPE w SYSTEM "http://example.invalid/w.dtd">',
                      b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
                      b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'])

    def edit(name: str, body: bytes) -> bytes | None:
        if name != target:
            return None
        if choice == 0:
            return dtd + body if not body.startswith(b"<?xml") else body.replace(b"?>", b"?>" + dtd, 1)
        if choice == 1:
            return body[:rng.randrange(1, max(2, len(body)))]
        if choice == 2:
            return body.replace(b">", b">\x00", 1)
        if choice == 3:
            return body + b"<extra/>"
        return None

    add = {}
    if choice == 4:
        add["customXml/item1.xml"] = rng.choice([b"<a><b></a>", b"<ok/>", b"\xff\xfe<x/>", dtd + b"<x/>"])
    if choice == 5:
        add["xl/drawings/vmlDrawing9.vml"] = rng.choice([b"<xml><v:shape><div>a<br>b</div></v:shape></xml>",
                                                         dtd + b"<xml/>"])
    return rewrite(data, edit, add)


def workbook_case(rng: random.Random, seed: Path, marker: str) -> bytes:
    """One hostile workbook: the seed template or a small workbook, with one or two hostile shapes."""
    data = seed.read_bytes() if rng.random() < 0.4 else small_book(rng, marker)
    for _ in range(rng.randint(1, 2)):
        data = rng.choice([_sheet_names, _formulas, _formulas, _parts])(rng, data)
    return data


def json_case(rng: random.Random, seed: Path, marker: str) -> bytes:
    """One hostile check JSON: rows repeated, many or huge rows, odd types, unknown event types."""
    doc = json.loads(seed.read_text())
    rows = doc["standings"]
    choice = rng.randrange(9)
    if choice == 0:
        doc["standings"] = rows + rows
    elif choice == 1:
        rows.insert(rng.randrange(len(rows)), dict(rng.choice(rows)))
    elif choice == 2:  # many rows: more than the event has
        doc["standings"] = [dict(rows[0], start_no=k, rank=1) for k in range(1, rng.choice([100, 20_000, 250_000]))]
    elif choice == 3:  # huge rows
        for row in rows:
            row["name"] = marker * rng.choice([10, 10_000])
            row["tiebreaks"] = {f"X{k}": 1.0 for k in range(rng.choice([10, 5000]))}
    elif choice == 4:
        doc["event"]["type"] = rng.choice(["blitz", "", "SWISS", 7, None, "team-swiss", "round-robin"])
    elif choice == 5:  # the standings as a list of empty objects, nested lists
        return ("{\"tiebreaks\": [], \"standings\": [" + ",".join(["{}"] * rng.choice([10, 200_000])) + "]}").encode()
    elif choice == 6:
        return (b'{"standings": ' + b"[" * rng.choice([50, 100_000]) + b"]" * 3 + b"}")
    elif choice == 7:
        doc["tiebreaks"] = doc["tiebreaks"] * rng.choice([2, 1000])
    else:
        rows[rng.randrange(len(rows))]["start_no"] = rng.choice([0, -1, 10 ** 12, 2.0, "2", True, rows[0]["start_no"]])
    return json.dumps(doc).encode()


# --------------------------------------------------------------------------- devices and FIFOs
DEVICES = ["/dev/zero", "/dev/urandom", "/dev/null"]


class Fifo:
    """A FIFO fed by a thread: ``data`` once, or zeros until the reader stops reading (``endless``)."""

    def __init__(self, path: Path, data: bytes | None, endless: bool = False):
        self.path = path
        os.mkfifo(path)
        self.thread: threading.Thread | None = None
        if data is not None or endless:
            self.thread = threading.Thread(target=self._feed, args=(data, endless), daemon=True)
            self.thread.start()

    def _feed(self, data: bytes | None, endless: bool) -> None:
        try:
            with open(self.path, "wb") as fh:
                if data:
                    fh.write(data)
                while endless:
                    fh.write(b"\0" * (1 << 20))
        except OSError:
            pass  # the reader stopped reading (the size limit): what an endless input is for

    def close(self) -> None:
        if self.thread is not None and self.thread.is_alive():  # nobody opened it for reading: open and drop it
            try:
                fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
                os.close(fd)
            except OSError:
                pass
            self.thread.join(5)


__all__ = ["TEXT_BUILDERS", "ARRAY_BUILDERS", "DEVICES", "Fifo", "json_case", "workbook_case"]
