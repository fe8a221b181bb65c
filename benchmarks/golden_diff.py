"""What differs between two folders written by ``benchmarks/golden.py``, grouped so that a change made
once (a reworded message, a new sheet) is read once, however many outputs it touches.

    python benchmarks/golden_diff.py BEFORE AFTER [--examples 3] [--list]

Prints the outputs compared, identical and different per kind of output (``standings.json``,
``export``, ``template``...), then every change with the number of outputs it is in and one of them:
a workbook's dump (``export``, ``template``) compared sheet by sheet with its rows aligned, so that a
row that only moved (a line added above it) is no difference; a text output line by line. ``--list``
prints the names of the different outputs instead, one a line (what ``golden.py --only`` reads).
"""

from __future__ import annotations

import argparse
import collections
import difflib
import re
import sys
from pathlib import Path

CELL = re.compile(r"([A-Z]+)([0-9]+)\t(.*)$")


def kind(name: str) -> str:
    """The kind of output a file of golden.py holds, from its name."""
    if ".explain." in name:
        return "explain"
    if ".template-" in name:
        return "template"
    if ".prizes-" in name:
        return "prizes." + name.rsplit(".", 1)[-1]
    last = name.rsplit(".", 2)
    if last[-1] in ("export", "trf", "html"):
        return last[-1]
    return ".".join(last[-2:])


def sections(text: str) -> dict[str, list[tuple[str, ...]]]:
    """A dump's parts: the command log and each sheet (``## NAME DIMENSION``), as rows of cells; a sheet
    name met again (the recalculated workbook) gets a prime."""
    parts: dict[str, dict[object, list[str]]] = {"log": {}}
    current = "log"
    for number, line in enumerate(text.splitlines()):
        if line.startswith("## "):
            current = "names" if line.startswith("## names") else line[3:].rsplit(" ", 1)[0]
            while current in parts:
                current += "'"
            parts[current] = {}
            if current.startswith("names"):
                parts[current][0] = [line]
            continue
        match = CELL.match(line)
        if match and current != "log":
            parts[current].setdefault(int(match[2]), []).append(f"{match[1]}\t{match[3]}")
        else:
            parts[current].setdefault(("line", number), []).append(line)
    return {name: [tuple(row) for row in rows.values()] for name, rows in parts.items()}


def changes(before: str, after: str) -> list[tuple[str, str, str]]:
    """(part, before, after) for every cell or line that differs, rows aligned; a cell's column kept."""
    old, new = sections(before), sections(after)
    found = []
    for part in [*old, *(p for p in new if p not in old)]:
        label = part.rstrip("'")
        if part not in old or part not in new:
            found.append((label, "(no such part)" if part not in old else "(part)",
                          "(part)" if part not in old else "(no such part)"))
            continue
        matcher = difflib.SequenceMatcher(None, old[part], new[part], autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                continue
            cells_b = [c for row in old[part][i1:i2] for c in row]
            cells_a = [c for row in new[part][j1:j2] for c in row]
            same_places = [c.split("\t")[0] for c in cells_b] == [c.split("\t")[0] for c in cells_a]
            if len(cells_b) == len(cells_a) and same_places:
                found += [(label, b.split("\t", 1)[-1], a.split("\t", 1)[-1]) for b, a in zip(cells_b, cells_a)
                          if b != a]
            else:
                found += [(label, c.split("\t", 1)[-1], "") for c in cells_b]
                found += [(label, "", c.split("\t", 1)[-1]) for c in cells_a]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--examples", type=int, default=1, help="outputs named for each change")
    parser.add_argument("--list", action="store_true", help="only the names of the different outputs")
    args = parser.parse_args()
    names = sorted({p.name for p in args.before.iterdir()} | {p.name for p in args.after.iterdir()})
    compared: collections.Counter[str] = collections.Counter()
    different: collections.Counter[str] = collections.Counter()
    seen: dict[tuple[str, str, str, str], list[str]] = collections.defaultdict(list)
    for name in names:
        b, a = args.before / name, args.after / name
        compared[kind(name)] += 1
        if b.exists() and a.exists() and b.read_bytes() == a.read_bytes():
            continue
        different[kind(name)] += 1
        if args.list:
            print(name)
            continue
        text_b = b.read_text(encoding="utf-8") if b.exists() else "(missing)\n"
        text_a = a.read_text(encoding="utf-8") if a.exists() else "(missing)\n"
        for part, old, new in dict.fromkeys(changes(text_b, text_a)):
            seen[(kind(name), part, old[:160], new[:160])].append(name)
    if args.list:
        return 0
    total = sum(compared.values())
    print(f"{total} outputs, {total - sum(different.values())} identical, {sum(different.values())} different")
    for k in sorted(compared):
        print(f"  {k}: {compared[k]} compared, {compared[k] - different[k]} identical, {different[k]} different")
    print("changes (outputs, kind, part: before -> after):")
    for (k, part, old, new), where in sorted(seen.items(), key=lambda item: (-len(item[1]), item[0])):
        print(f"  {len(where)} {k} {part}: {old!r} -> {new!r}  e.g. {', '.join(where[:args.examples])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
