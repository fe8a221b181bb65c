"""Structure-aware mutations of xltb's workbooks given as event files (issue 32), for the fuzzing test
(``tests/test_fuzz.py``) and the larger run (``benchmarks/fuzz.py --kinds book``): the template
workbooks of an individual and a team event, as ``.xlsx``, ``.xlsm`` and ``.ods``, changed at each
level a hostile or broken program could change them:

- the zip package: an entry flagged as encrypted, an entry with no name or a name leading out of the
  package, an entry removed or doubled, a compression method no spreadsheet uses, bytes overwritten;
- the sheet XML: a dimension, a merged area or a row number beyond any sheet, a style index out of
  range, a defined name over a whole column or sheet, or naming a sheet that is not there;
- the cells of the blocks (Settings, Crosstable, Teams, Matches, Prizes): numbers ``1e999``, ``NaN``,
  ``1e20``, ``99999999``, round ``100000``, board ``1e9``, booleans, shared-text indexes out of range,
  dates that are not dates, texts that look like formulas, control characters; in an ``.ods`` the same
  values, and rows and columns repeated a million times.

Each input goes through one command that reads workbooks (:data:`COMMANDS`, in turn), run in-process;
the harness checks what :func:`fuzzing.check` checks (exit 0 or 2, ``check`` also 1; a refusal names the
file; no Python exception's words in a message: :data:`PYTHON_WORDS`), that the input was not modified,
that a refusal leaves no file behind, and that a workbook written holds no formula made of the file's text."""

from __future__ import annotations

import random
import re
import shutil
import struct
from pathlib import Path

import book_edits
from fuzzing import DATA, MARKER, check, formulas_from_file, run

#: the commands that read a workbook as an event file (and recalc, which reads the same files as workbooks)
COMMANDS = ("standings", "trf", "export", "prizes", "check", "template", "explain", "recalc")
#: the seed workbooks: (kind, suffix); each kind from an event of usual size and from a small one (the
#: ``roundrobin`` template from a small one only), the small ones drawn four times in five: an input's time is
#: mostly the reading of its blocks and of the sheets the commands write, which grow with the event
SEEDS = [(kind, suffix) for kind in ("individual", "team", "roundrobin") for suffix in (".xlsx", ".xlsm", ".ods")]
SMALL_SHARE = 0.8
#: words of Python's own exceptions that must never be a message's (a reader is told what is wrong in
#: the file, not what went wrong in the program)
PYTHON_WORDS = re.compile(r"Traceback|Error:|Exception|invalid literal|index out of range|object has no attribute|"
                          r"NoneType|not subscriptable|unsupported operand|KeyError|site-packages|could not convert|"
                          r"cannot convert float|codec can't|expected str|takes \d+ positional|must be real number|"
                          r"unhashable|is not iterable|\bint\(\)|\bfloat\(\)")

_NUMBERS = ["1e999", "-1e999", "NaN", "nan", "INF", "1e20", "1e100", "99999999", "100000", "1e9", "-1", "0", "0.5",
            "1e-300", "2958466", "1.7976931348623157e308", "abc", "", " ", "1,5", "0x10", "1_000", "٣", "²"]
_TEXTS = [f"={MARKER}()", f"+{MARKER}", f'=HYPERLINK("http://{MARKER}")', "\x01\x02", "\u202e" + MARKER, "PTS",
          "PTS,PTS", "BH/C1," * 200, "Team Swiss", "Round robin", "2026-03", "9999-99-99", "+W1", "=B2", "-F3",
          "+BYE", "PAB", "1-0", "½-½", "+-", "x" * 40000, "GP", "MP", "WB" * 600, "Open", "Rating<1900", "U18&Women"]


def _cell(rng: random.Random) -> str:
    """The attributes and content of a hostile ``<c>`` element (after ``r``)."""
    choice = rng.randrange(8)
    if choice <= 2:
        return f't="n"><v>{rng.choice(_NUMBERS)}</v>'
    if choice == 3:
        return f't="b"><v>{rng.choice(["1", "0", "2", "true", ""])}</v>'
    if choice == 4:
        return f't="s"><v>{rng.choice(["99999", "-1", "0", "x"])}</v>'
    if choice == 5:
        return f't="{rng.choice(["d", "e", "zz", "str"])}"><v>{rng.choice(["2024-13-45", "#N/A", "1e999", "x"])}</v>'
    if choice == 6:
        return f's="{rng.choice(["999", "-1", "x"])}" t="n"><v>1</v>'
    text = rng.choice(_TEXTS).replace("&", "&amp;").replace("<", "&lt;")
    text = "".join(ch for ch in text if ch in "\t\n" or ord(ch) >= 32)  # what XML can hold
    return f't="inlineStr"><is><t>{text}</t></is>'


def _xlsx_cells(data: bytes, rng: random.Random) -> bytes:
    """A few cells of the blocks' sheets replaced by hostile ones."""
    sheets = [s for s in ("Settings", "Crosstable", "Teams", "Matches", "Prizes") if f'name="{s}"'.encode() in
              dict(book_edits.parts(data))["xl/workbook.xml"]]
    for _ in range(rng.randint(1, 3)):
        sheet = rng.choice(sheets)
        part = book_edits.sheet_part(data, sheet)
        refs = re.findall(rb'<c r="([A-Z]+\d+)"', dict(book_edits.parts(data))[part])[:400]
        if not refs:
            continue
        data = book_edits.set_cell(data, sheet, rng.choice(refs).decode(), _cell(rng))
    return data


def _xlsx_structure(data: bytes, rng: random.Random) -> bytes:
    """A change to a sheet's or the workbook's XML: dimensions, merges, rows, names."""
    choice = rng.randrange(6)
    sheet = rng.choice(["Settings", "Crosstable", "Teams", "Matches"])
    if sheet.encode() not in dict(book_edits.parts(data))["xl/workbook.xml"]:
        sheet = "Settings"
    part = book_edits.sheet_part(data, sheet)
    if choice == 0:
        ref = rng.choice(["A1:XFD1048576", "A1:O2000000", "A1:XFD1", "A1:A1048576", "ZZZZ1:A1"])
        return book_edits.edit_part(data, part, lambda b: re.sub(rb'<dimension ref="[^"]*"', f'<dimension ref="{ref}"'
                                                                 .encode(), b, count=1))
    if choice == 1:
        ref = rng.choice(["A1:XFD1048576", "A1:XFD100", "A1:B2", "B2:A1", "A1:A1048576"])
        style = rng.choice([True, False])

        def merge(b: bytes) -> bytes:
            b = b.replace(b"</sheetData>", f'</sheetData><mergeCells count="1"><mergeCell ref="{ref}"/></mergeCells>'
                          .encode(), 1)
            return re.sub(rb'(<c r="[A-Z]+\d+") s="\d+"', rb'\1 s="9999"', b, count=1) if style else b
        return book_edits.edit_part(data, part, merge)
    if choice == 2:
        row = rng.choice(["1048577", "0", "-1", "99999999999", "x", "3"])
        return book_edits.edit_part(data, part, lambda b: re.sub(rb'<row r="\d+"', f'<row r="{row}"'.encode(), b,
                                                                 count=1))
    if choice == 3:
        name = rng.choice(["Crosstable", "Settings", "Teams", "Matches", "PointsDraw", "StartDate", "Boards"])
        value = rng.choice([f"{sheet}!$A:$O", f"{sheet}!$1:$1048576", "Nowhere!$A$1:$B$2", "#REF!", "1+1",
                            f"{sheet}!$A$1:$XFD$1048576", f"'{sheet}'!$B$2", f"{sheet}!$A$1,{sheet}!$B$2", ""])
        body = dict(book_edits.parts(data))["xl/workbook.xml"]
        if f'definedName name="{name}"'.encode() in body:
            return book_edits.defined_name(data, name, value)
        return data
    if choice == 4:  # many rows of a block: a crosstable or Matches sheet far larger than any event
        n = rng.choice([2_000, 20_000, 260_000])
        extra = "".join(f'<row r="{r}"><c r="A{r}" t="n"><v>{r}</v></c></row>' for r in range(2000, 2000 + n))
        return book_edits.edit_part(data, part, lambda b: b.replace(b"</sheetData>", extra.encode() + b"</sheetData>",
                                                                    1))
    return book_edits.edit_part(data, part, lambda b: b[:rng.randrange(len(b))])  # cut short


def _ods_cells(data: bytes, rng: random.Random) -> bytes:
    """Values, types and repeats of an ``.ods``'s cells and rows changed."""
    def edit(body: bytes) -> bytes:
        text = body.decode("utf-8")
        for _ in range(rng.randint(1, 3)):
            choice = rng.randrange(5)
            if choice == 0:
                spots = [m.start() for m in re.finditer(r'office:value="', text)]
                if spots:
                    i = rng.choice(spots) + len('office:value="')
                    j = text.index('"', i)
                    text = text[:i] + rng.choice(_NUMBERS) + text[j:]
            elif choice == 1:
                text = text.replace('office:value-type="float"', 'office:value-type="boolean" '
                                    f'office:boolean-value="{rng.choice(["true", "x"])}"', 1) \
                    if rng.random() < 0.5 else text.replace('office:value-type="string"',
                                                            'office:value-type="date" office:date-value="'
                                                            f'{rng.choice(["99999-01-01", "x", "2024-02-30"])}"', 1)
            elif choice == 2:
                key = rng.choice(["number-rows-repeated", "number-columns-repeated"])
                n = rng.choice(["1048576", "16384", "100000000", "-5", "x", "0"])
                spots = [m.start() for m in re.finditer(r"<table:table-(?:row|cell)\b", text)]
                if spots:
                    i = rng.choice(spots)
                    end = text.index(" ", i)
                    text = text[:end] + f' table:{key}="{n}"' + text[end:]
            elif choice == 3:
                spots = [m.start(1) for m in re.finditer(r'table:cell-range-address="([^"]*)"', text)]
                if spots:
                    i = rng.choice(spots)
                    j = text.index('"', i)
                    text = text[:i] + rng.choice(["$Crosstable.$A$1:.$XFD$1048576", "$Nowhere.$A$1",
                                                  "$Settings.$A$1:.$B$99999", "x", ""]) + text[j:]
            else:
                spots = [m.end() for m in re.finditer(r"<text:p>", text)]
                if spots:
                    i = rng.choice(spots)
                    j = text.index("<", i)
                    value = rng.choice(_TEXTS).replace("&", "&amp;").replace("<", "&lt;")
                    text = text[:i] + "".join(c for c in value if c in "\t\n" or ord(c) >= 32) + text[j:]
        return text.encode("utf-8")

    return book_edits.edit_part(data, "content.xml", edit)


def _zip(data: bytes, rng: random.Random) -> bytes:
    """A change to the zip package itself."""
    names = [n for n, _ in book_edits.parts(data)]
    choice = rng.randrange(7)
    if choice == 0:
        return book_edits.flag_encrypted(data, rng.choice(names))
    if choice == 1:
        return book_edits.with_entry(data, rng.choice(["", "../evil.xml", "/abs.xml", "a\\..\\b.xml", "dup"]))
    if choice == 2:
        return book_edits.package([(n, b) for n, b in book_edits.parts(data) if n != rng.choice(names)])
    if choice == 3:  # an entry twice
        entries = book_edits.parts(data)
        return book_edits.package(entries + [rng.choice(entries)])
    if choice == 4:  # a compression method no spreadsheet uses, in the central directory
        out = bytearray(data)
        i = out.find(b"PK\x01\x02")
        if i >= 0:
            struct.pack_into("<H", out, i + 10, rng.choice([1, 12, 14, 99]))
        return bytes(out)
    out = bytearray(data)
    for _ in range(rng.randint(1, 10)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def mutate_book(data: bytes, suffix: str, rng: random.Random) -> bytes:
    """One hostile change (or two) to a workbook's bytes."""
    for _ in range(rng.choice([1, 1, 2])):
        level = rng.random()
        try:
            if level < 0.15:
                data = _zip(data, rng)
            elif suffix == ".ods":
                data = _ods_cells(data, rng)
            elif level < 0.35:
                data = _xlsx_structure(data, rng)
            else:
                data = _xlsx_cells(data, rng)
        except (KeyError, ValueError, AssertionError, IndexError, OSError, RuntimeError, struct.error):
            pass  # a package already broken by the first change: keep it as it is
        except Exception:  # noqa: BLE001 - zipfile's errors on a broken package: the mutation is what it is
            pass
    return data


_SEEDS: dict[tuple[str, str], tuple[bytes, ...]] = {}


def seeds(folder: Path) -> dict[tuple[str, str], tuple[bytes, ...]]:
    """The seed workbooks' bytes: (kind, suffix) -> (the small event's, the usual one's); made once a process."""
    if not _SEEDS:
        folder.mkdir(parents=True, exist_ok=True)
        for kind, suffix in SEEDS:
            _SEEDS[(kind, suffix)] = tuple(book_edits.template(kind, suffix, folder, small).read_bytes()
                                           for small in (True, False) if (kind, small) in book_edits.EVENTS)
    return dict(_SEEDS)


def _args(command: str, source: Path, work: Path, kind: str, rng: random.Random) -> list[str]:
    out = work / "out"
    if command == "standings":
        return ["standings", str(source), *rng.choice([[], ["--players"], ["-f", "json"], ["--tiebreaks", "PTS"]])] \
            if kind == "team" else ["standings", str(source), *rng.choice([[], ["-f", "json"], ["--tiebreaks", "PTS"]])]
    if command == "trf":
        return ["trf", str(source), "-o", str(out.with_suffix(".trf")),
                *rng.choice([[], ["--tiebreaks", "PTS"], ["--tiebreaks", "BH,SB"]])]
    if command == "export":
        return ["export", str(source), "-o", str(out.with_suffix(".xlsx"))]
    if command == "prizes":
        return ["prizes", str(source), "--prizes", str(DATA / "prizes" / "seed.csv")]
    if command == "check":  # a check JSON whose event is the workbook (a workbook alone publishes nothing)
        return ["check", str(DATA / "check" / "held-2024.json"), "--event", str(source)] if rng.random() < 0.8 else \
            ["check", str(source)]
    if command == "template":
        return ["template", kind, "--from", str(source), "-o", str(out.with_suffix(rng.choice([".xlsx", ".ods"])))]
    if command == "explain":
        return ["explain", str(source), str(rng.randint(1, 16)), rng.choice(["BH", "SB", "PTS", "DE", "MPvGP"])]
    return ["recalc", str(source), "-o", str(out.with_suffix(".xlsx"))]


def fuzz_book(seed_books: dict[tuple[str, str], tuple[bytes, ...]], rng: random.Random, work: Path,
              command: str) -> list[str]:
    """One mutated workbook through ``command``; the problems found."""
    for leftover in work.iterdir():
        if leftover.is_dir():
            shutil.rmtree(leftover)
        else:
            leftover.unlink()
    kind, suffix = rng.choice(SEEDS)
    if command == "recalc" and suffix == ".ods":
        suffix = rng.choice([".xlsx", ".xlsm"])
    source = work / f"event{suffix}"
    variants = seed_books[(kind, suffix)]
    data = mutate_book(variants[0] if len(variants) == 1 or rng.random() < SMALL_SHARE else variants[1], suffix, rng)
    source.write_bytes(data)
    args = _args(command, source, work, kind, rng)
    outcome = run(args)
    problems = check(outcome, source, allowed=(0, 1, 2) if command == "check" else (0, 2))
    if outcome.code == 2 and PYTHON_WORDS.search(outcome.stderr):
        problems.append(f"{' '.join(args)}: Python's words in the message: {outcome.stderr.strip()[-300:]!r}")
    if source.read_bytes() != data:
        problems.append(f"{' '.join(args)}: the input was modified")
    left = sorted(p.name for p in work.iterdir() if p != source)
    if outcome.code == 2 and left:  # a refusal writes nothing, and leaves no temporary file
        problems.append(f"{' '.join(args)}: refused, but left {left[:3]}")
    if outcome.code == 0:
        for written in work.glob("out.*"):
            if written.suffix in (".xlsx", ".ods"):
                problems += formulas_from_file(written)
    return problems


__all__ = ["COMMANDS", "SEEDS", "PYTHON_WORDS", "mutate_book", "seeds", "fuzz_book"]
