"""Seeded mutations of real inputs, and hostile shapes (``tests/fuzz_shapes.py``: sheet names Excel never
writes, huge arrays and texts, DTDs, broken parts, check JSON with repeated or huge rows, devices and
FIFOs), run through the commands in-process (``xltb.cli.main.main``): what the fuzzing test
(``tests/test_fuzz.py``) and the larger run (``benchmarks/fuzz.py``) share.

Every run of a command on a mutated file must end with exit status 0 or 2 (``check``: 0, 1 or 2),
never an internal error; a refusal (2) names the file; a workbook written holds well-formed XML and
no formula made of the file's text (the mutations plant :data:`MARKER` in names and cells: no
``<f>`` element may contain it; an ``export`` workbook has no formula at all).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from xltb.cells import put_text
from xltb.cli.main import main

import fuzz_shapes

DATA = Path(__file__).parent / "data"
#: text planted by the mutations; a formula holding it came from a file
MARKER = "XLTBEVIL"

#: (kind, file) of the real inputs mutated
SEEDS = {
    "trf": [DATA / "seed" / "held-swiss16.trf", DATA / "seed" / "held-rr6.trf",
            DATA / "real" / "29_sharly_trf26_indiv_299_bonus.trf", DATA / "real" / "02_lichess_swiss_mai_5plus0_2020.trf"],
    "team": [DATA / "seed" / "held-team14.trf", DATA / "team" / "24_sharly_trf26_team_299_all.trf",
             DATA / "team" / "28_sharly_trf26_team_320_pab_forfeit.trf"],
    "csv": [DATA / "csv" / "2014-sinquefield-cup.csv", DATA / "check" / "held-2024.csv"],
    "swissperfect": [DATA / "real" / "06_icu_bunratty_masters_2011.tab", DATA / "real" / "15_icu_encoding_latin1.tab"],
    "json": [DATA / "check" / "held-2024.json"],
}

#: characters a hostile or broken file may hold where a number or a name is expected
_ODD = ["²", "①", "٣", "５", "\x00", "\x1b[31m", "\x1a", "\x1f", "\ufffe", "\uffff", "\u202e", "\r", "\t", '"',
        ";", "\\", "'", "=", "+", "-", "@", "½", "1e999", "99999999999999999999", "-1", "0", " ", "\x85", "\u2028"]
_FORMULAS = [f'=HYPERLINK("http://{MARKER}","x")', f"=1+1+{MARKER}", f"@SUM({MARKER})", f"+{MARKER}",
             f"-{MARKER}", f'=cmd|"/c {MARKER}"!A1']


def _mutate_text(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(10)
        k = rng.randrange(len(lines)) if lines else 0
        line = lines[k] if lines else ""
        if op == 0 and line:  # a character replaced by an odd one
            i = rng.randrange(len(line))
            lines[k] = line[:i] + rng.choice(_ODD) + line[i + 1:]
        elif op == 1 and line:  # a digit replaced by a Unicode digit
            spots = [i for i, c in enumerate(line) if c.isdigit()]
            if spots:
                i = rng.choice(spots)
                lines[k] = line[:i] + rng.choice("²①٣５߂") + line[i + 1:]
        elif op == 2:  # a line deleted or doubled
            if rng.random() < 0.5 and len(lines) > 1:
                del lines[k]
            else:
                lines.insert(k, line)
        elif op == 3 and line:  # a name or cell made a formula
            i = rng.randrange(len(line))
            lines[k] = line[:i] + rng.choice(_FORMULAS) + line[i + len(_FORMULAS[0]):]
        elif op == 4 and line:  # cut short
            lines[k] = line[:rng.randrange(len(line))]
        elif op == 5:  # the file cut short
            lines = lines[:max(1, k)]
        elif op == 6 and line:  # a number made huge or odd
            lines[k] = re.sub(r"\d+", lambda m: rng.choice(["99999", "1e999", "0", "-3", "100.5", "٣"]), line, count=1)
        elif op == 7 and line:  # an unbalanced quote, or a quoted field across lines
            i = rng.randrange(len(line))
            lines[k] = line[:i] + '"' + line[i:]
        elif op == 8 and line:  # a long line
            lines[k] = line + line[-10:] * rng.choice([3, 50, 3000])
        elif op == 9 and len(lines) > 2:  # two lines swapped
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
    return "\n".join(lines)


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """A mutated copy of a text file's bytes: text-level mutations, and now and then a stray byte."""
    text = data.decode("utf-8", errors="surrogateescape")
    out = _mutate_text(text, rng).encode("utf-8", errors="surrogateescape")
    if rng.random() < 0.15 and out:
        i = rng.randrange(len(out))
        out = out[:i] + bytes([rng.choice([0x80, 0xff, 0xc3, 0xe2, 0x00, 0x1b])]) + out[i + 1:]
    return out


def mutate_json(data: bytes, rng: random.Random) -> bytes:
    """A check JSON with values of the wrong type or range (strings, infinities, odd ranks)."""
    try:
        doc = json.loads(data)
    except ValueError:
        return data
    odd = ["x", "", None, float("inf"), float("-inf"), float("nan"), -1, 0, 10 ** 30, 2.5, [], {}, True, "1e999",
           "²", f"=HYPERLINK(\"{MARKER}\")"]
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                paths.append(path + [key])
                walk(value, path + [key])
        elif isinstance(node, list):
            for i, value in enumerate(node):
                paths.append(path + [i])
                walk(value, path + [i])

    walk(doc, [])
    for _ in range(rng.randint(1, 3)):
        if not paths:
            break
        path = rng.choice(paths)
        node = doc
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = rng.choice(odd)
        except (KeyError, IndexError, TypeError):
            pass
    return json.dumps(doc, allow_nan=True).encode()


def mutate_workbook(path: Path, rng: random.Random, out: Path) -> None:
    """A template workbook with mutated formulas and cells (deep nesting, huge ranges, references
    outside a sheet, odd numbers, formula-like names) or, now and then, broken zip bytes."""
    if rng.random() < 0.15:
        data = bytearray(path.read_bytes())
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        out.write_bytes(bytes(data))
        return
    from openpyxl import load_workbook

    wb = load_workbook(path)
    sheets = wb.worksheets
    for _ in range(rng.randint(1, 4)):
        ws = rng.choice(sheets)
        row, col = rng.randint(1, min(ws.max_row + 1, 40)), rng.randint(1, min(ws.max_column + 1, 12))
        choice = rng.randrange(8)
        cell = ws.cell(row=row, column=col)
        if choice == 0:
            cell.value = "=" + "TB(" * rng.choice([5, 150, 400]) + ")" * 3
        elif choice == 1:
            cell.value = "=TB_STANDINGS(Crosstable!A1:XFD1048576)"
        elif choice == 2:
            cell.value = rng.choice(["=TB_RANK(Crosstable!A0)", "=TB_RANK(Crosstable!A2000000)", "=TB_RANK(1e999)",
                                     "=TB_BH(A2,,,,,)", "=TB(\"BH\"", "=TB_PTS(ZZZ99)", "=TB_RANK(Settings!B2)",
                                     # recalc's engine: whole columns, mixed, unsupported, circular, errors
                                     "=SUM(A:A)", "=IF(TB_SB(A2)>1,SUM($P:$P),\"\")", "=HYPERLINK(\"x\")",
                                     "=INDEX($P:$P,MATCH(A2,$M:$M,0))", "=OFFSET(A1,1,1)", "=1/0", "=A1+B1",
                                     "=TB_STANDINGS()", "=L1#", "=SUM(1:1048576)", "=[1]Sheet1!A1"])
        elif choice == 3:  # a formula-like name, as text (as a template holds it)
            put_text(cell, rng.choice(_FORMULAS))
        elif choice == 4:
            cell.value = rng.choice(["²", "\u202e" + MARKER, "1e999", -1, 10 ** 20, "", None])
        elif choice == 5:  # a chain of references
            for r in range(1, rng.choice([10, 200])):
                ws.cell(row=r, column=30).value = f"=AD{r + 1}"
            cell.value = "=TB_RANK(AD1)"
        elif choice == 6 and len(sheets) > 1:
            wb.remove(rng.choice(sheets))
            sheets = wb.worksheets
        else:
            cell.value = rng.choice(["+W99", "=B13", "-F3", "1-0", "½", "W²"])
    wb.save(out)


@dataclass
class Outcome:
    command: list[str]
    code: int
    stdout: str
    stderr: str


def run(args: list[str]) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 2
    return Outcome(args, code, out.getvalue(), err.getvalue())


def formulas_from_file(path: Path) -> list[str]:
    """Problems of a written workbook: parts that are not well-formed XML, and formulas holding the
    planted :data:`MARKER` (text of the file turned into a formula)."""
    problems = []
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if not name.endswith(".xml"):
                continue
            data = archive.read(name)
            try:  # expat with namespaces, as minidom parses, without building the tree (the fuzz run's time)
                expat.ParserCreate(namespace_separator=" ").Parse(data, True)
            except Exception as exc:  # noqa: BLE001 - any parser error is the finding
                problems.append(f"{name}: not well-formed XML ({exc})")
            # SpreadsheetML <f>, and OpenDocument's table:formula attribute (.ods)
            for formula in re.findall(rb"<f[^>]*>(.*?)</f>", data, re.DOTALL) + \
                    re.findall(rb'table:formula="([^"]*)"', data):
                if MARKER.encode() in formula:
                    problems.append(f"{name}: a formula made of the file's text: {formula[:80]!r}")
    return problems


def has_formula(path: Path) -> bool:
    with zipfile.ZipFile(path) as archive:
        return any(re.search(rb"<f[ >]", archive.read(n)) for n in archive.namelist()
                   if n.startswith("xl/worksheets/"))


def check(outcome: Outcome, source: Path, allowed=(0, 2)) -> list[str]:
    """What is wrong with one run (empty: nothing)."""
    problems = []
    if outcome.code not in allowed:
        problems.append(f"exit {outcome.code}")
    if "internal error" in outcome.stderr or "Traceback" in outcome.stderr:
        problems.append("internal error")
    if outcome.code == 2 and source.name not in outcome.stderr:
        problems.append("the message does not name the file")
    return [f"{' '.join(outcome.command)}: {p}: {outcome.stderr.strip()[:300]!r}" for p in problems]


def fuzz_one(kind: str, seed_file: Path, rng: random.Random, work: Path, *, heavy: bool) -> list[str]:
    """Mutate ``seed_file`` once and run the commands that read it; the problems found."""
    problems: list[str] = []
    for leftover in work.iterdir():
        if leftover.is_dir():
            shutil.rmtree(leftover)
        else:
            leftover.unlink()
    if kind == "json":
        shutil.copy(DATA / "check" / "held-swiss16.trf", work / "held-swiss16.trf")
        source = work / "mutated.json"
        source.write_bytes(mutate_json(seed_file.read_bytes(), rng))
        outcome = run(["check", str(source)])
        return check(outcome, source, allowed=(0, 1, 2))
    if kind == "xlsx":
        source = work / "mutated.xlsx"
        mutate_workbook(seed_file, rng, source)
        target = work / "out.xlsx"
        outcome = run(["recalc", str(source), "-o", str(target)])
        problems += check(outcome, source)
        if outcome.code == 0 and target.exists():
            problems += formulas_from_file(target)
        return problems
    suffix = {"trf": ".trf", "team": ".trf", "csv": ".csv", "swissperfect": ".tab"}[kind]
    source = work / f"mutated{suffix}"
    source.write_bytes(mutate_bytes(seed_file.read_bytes(), rng))
    problems += check(run(["standings", str(source)]), source)
    if kind in ("csv", "trf"):
        problems += check(run(["check", str(source)]), source, allowed=(0, 1, 2))
    if kind == "team":
        problems += check(run(["standings", str(source), "--players"]), source)
    if heavy:
        target = work / "export.xlsx"
        outcome = run(["export", str(source), "-o", str(target)])
        problems += check(outcome, source)
        if outcome.code == 0:
            problems += formulas_from_file(target)
            if has_formula(target):
                problems.append(f"export {source.name}: the workbook holds a formula")
        template = work / "template.xlsx"
        outcome = run(["template", "team" if kind == "team" else "individual", "--from", str(source), "-o",
                       str(template)])
        problems += check(outcome, source)
        if outcome.code == 0:
            problems += formulas_from_file(template)
            ods = work / "template.ods"  # the same workbook for LibreOffice
            outcome = run(["template", "team" if kind == "team" else "individual", "--from", str(source), "-o",
                           str(ods)])
            problems += check(outcome, source)
            if outcome.code == 0:
                problems += formulas_from_file(ods)
    return problems


def fuzz_hostile(kind: str, rng: random.Random, work: Path, xlsx_seed: Path) -> list[str]:
    """One input of a hostile shape (``tests/fuzz_shapes.py``): ``xlsx-hostile`` through recalc,
    ``json-hostile`` through check, ``device`` a device or a FIFO as an input or an output."""
    for leftover in work.iterdir():
        if leftover.is_dir():
            shutil.rmtree(leftover)
        else:
            leftover.unlink()
    if kind == "xlsx-hostile":
        source = work / "hostile.xlsx"
        source.write_bytes(fuzz_shapes.workbook_case(rng, xlsx_seed, MARKER))
        target = work / "out.xlsx"
        outcome = run(["recalc", str(source), "-o", str(target)])
        problems = check(outcome, source)
        if outcome.code == 0 and target.exists():
            problems += formulas_from_file(target)
        return problems
    if kind == "json-hostile":
        shutil.copy(DATA / "check" / "held-swiss16.trf", work / "held-swiss16.trf")
        source = work / "hostile.json"
        source.write_bytes(fuzz_shapes.json_case(rng, SEEDS["json"][0], MARKER))
        return check(run(["check", str(source)]), source, allowed=(0, 1, 2))
    return _device_case(rng, work, xlsx_seed)


def _device_case(rng: random.Random, work: Path, xlsx_seed: Path) -> list[str]:
    import os

    choice = rng.randrange(4)
    command = rng.choice(["recalc", "check", "standings", "export"])
    out = work / ("out.xlsx" if command in ("recalc", "export") else "out.txt")
    tail = ["-o", str(out)] if command in ("recalc", "export") else []
    if choice == 0 and all(os.path.exists(d) for d in fuzz_shapes.DEVICES):  # a device as the input
        device = Path(rng.choice(fuzz_shapes.DEVICES))
        return check(run([command, str(device), *tail]), device, allowed=(0, 1, 2))
    if choice == 1 and hasattr(os, "mkfifo"):  # a FIFO as the input: a real file's bytes, mutated, or endless
        seed = {"recalc": xlsx_seed, "check": DATA / "check" / "held-2024.csv"}.get(command, SEEDS["trf"][0])
        data = seed.read_bytes()
        if rng.random() < 0.5 and command != "recalc":
            data = mutate_bytes(data, rng)
        endless = rng.random() < 0.3
        fifo = fuzz_shapes.Fifo(work / ("in" + seed.suffix), None if endless else data, endless=endless)
        try:
            return check(run([command, str(fifo.path), *tail]), fifo.path, allowed=(0, 1, 2))
        finally:
            fifo.close()
    if hasattr(os, "mkfifo"):  # a FIFO as the output: nobody reads it (standings, check), or it exists (export)
        source = SEEDS["trf"][0] if command != "check" else DATA / "check" / "held-2024.csv"
        if command == "recalc":
            command, source = "export", SEEDS["trf"][0]
        target = work / ("out.xlsx" if command == "export" else "out.txt")
        fifo = fuzz_shapes.Fifo(target, None)
        try:
            outcome = run([command, str(source), "-o", str(target), *(["--force"] if rng.random() < 0.5 else [])])
        finally:
            fifo.close()
        refused = ("no program reads it" in outcome.stderr or "exists; use --force" in outcome.stderr)
        if outcome.code != 2 or not refused:
            return [f"{' '.join(outcome.command)}: an output FIFO nobody reads: exit {outcome.code}: "
                    f"{outcome.stderr.strip()[:300]!r}"]
    return []


def template_seed(work: Path) -> Path:
    """A template workbook filled from a real event: the xlsx input that ``recalc`` fuzzing mutates."""
    path = work / "seed-template.xlsx"
    if not path.exists():
        outcome = run(["template", "individual", "--from", str(DATA / "seed" / "held-swiss16.trf"), "-o", str(path)])
        assert outcome.code == 0, outcome.stderr
    return path


__all__ = ["SEEDS", "MARKER", "mutate_bytes", "mutate_json", "mutate_workbook", "run", "check", "fuzz_one",
           "fuzz_hostile", "formulas_from_file", "template_seed"]
