"""Speed of the LibreOffice Calc add-in in a real headless LibreOffice (issue 12).

    python benchmarks/bench_libreoffice.py [PLAYERS] [ROUNDS]

A generated Swiss (default 500 participants, 9 rounds) written as an individual template
(``xltb template individual --from``), opened in LibreOffice with the extension installed, and:

* per-cell formulas: one row per participant with TB_RANK, TB_PTS and the event's five
  tie-breaks (``=TB("BH/C1";$A2;$Crosstable.$A$1:...;$Settings.$A$2:$B$12)``): a full
  recalculation (``calculateAll``); every call receives the whole crosstable from Calc;
* the array formula ``TB_STANDINGS`` for the same event, entered first (it parses and computes);
* the same event as an ``.ods`` template (``xltb template individual --from ... -o FILE.ods``):
  opening it, a full recalculation (its one ``TB_STANDINGS`` matrix and the per-row
  ``INDEX``/``MATCH`` cells), and one result edited (Calc recalculates by itself);

and checks every value against ``xltb standings --format json``. No target is set. Measured on
the shared 2-core test machine (LibreOffice 7.4.7), 500 x 9: per-cell 3.7-4.7 ms per call (13-16 s for
3,500 calls), of which xltb's side is about 0.1 ms: Calc builds the crosstable argument for every
call and the bridge converts it. ``TB_STANDINGS`` is one call, for large events the way to go.
The ``.ods`` template of the same event (one ``TB_STANDINGS`` matrix, per-row INDEX/MATCH): opened in
0.2 s, recalculated in 0.04 s, a result edited and the sheet recalculated in 0.03 s.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import lo_host  # noqa: E402
from generate import generate  # noqa: E402

from xltb.hosts.libreoffice import EXTENSION_ID, oxt  # noqa: E402


def column(index: int) -> str:
    name = ""
    while True:
        name = chr(ord("A") + index % 26) + name
        index = index // 26 - 1
        if index < 0:
            return name


def main() -> int:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    why = lo_host.unavailable()
    if why:
        print(f"cannot run: {why}")
        return 2
    work = Path(tempfile.mkdtemp(prefix="xltb-bench-lo-"))
    event = work / "bench.trf"
    event.write_text(generate(players, rounds, 7))
    book = work / "bench.xlsx"
    subprocess.run([sys.executable, "-m", "xltb", "template", "individual", "--from", str(event), "-o", str(book)],
                   check=True, cwd=ROOT)
    expected = json.loads(subprocess.run([sys.executable, "-m", "xltb", "standings", str(event), "--format", "json"],
                                         check=True, capture_output=True, text=True, cwd=ROOT).stdout)
    codes = expected["tiebreaks"]
    ods = work / "bench.ods"
    subprocess.run([sys.executable, "-m", "xltb", "template", "individual", "--from", str(event), "-o", str(ods)],
                   check=True, cwd=ROOT, capture_output=True)
    (work / "xltb.oxt").write_bytes(oxt.build())
    office = lo_host.Office(work / "profile").start()
    try:
        office.add_extension(work / "xltb.oxt")
        doc = office.load(book)
        cursor = doc.Sheets.getByName("Crosstable").createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        blocks = f"$Crosstable.$A$1:${column(end.EndColumn)}${end.EndRow + 1};$Settings.$A$2:$B$12"
        doc.Sheets.insertNewByName("LO", doc.Sheets.getCount())
        sheet = doc.Sheets.getByName("LO")
        formulas = tuple((f"=$Crosstable.A{r}", f"=TB_RANK($A{r};{blocks})", f"=TB_PTS($A{r};{blocks})",
                          *(f'=TB("{c}";$A{r};{blocks})' for c in codes)) for r in range(2, players + 2))
        area = sheet.getCellRangeByPosition(0, 1, len(formulas[0]) - 1, players)
        table = sheet.getCellRangeByPosition(20, 0, 20 + 4 + len(codes), players)
        t0 = time.perf_counter()  # first: the event is parsed and computed in this call
        table.setArrayFormula(f"=TB_STANDINGS({blocks})")
        array = time.perf_counter() - t0
        rows = table.getDataArray()
        area.setFormulaArray(formulas)
        t0 = time.perf_counter()
        doc.calculateAll()
        cells = time.perf_counter() - t0
        got = {int(row[0]): row[1:] for row in area.getDataArray()}
        doc.close(True)
        t0 = time.perf_counter()
        doc = office.load(ods)
        opened = time.perf_counter() - t0
        t0 = time.perf_counter()
        doc.calculateAll()
        ods_full = time.perf_counter() - t0
        standings = doc.Sheets.getByName("Standings")
        # the per-row block: from the sheet's row 4 (rows 1-2: xltb's version and the status, row 3: the header)
        left = standings.getCellRangeByPosition(0, 3, 4 + len(codes), players + 2).getDataArray()
        # participant 1's round-1 game changed in both players' cells (a decided game drawn, a draw won by
        # participant 1); Calc recalculates by itself
        ct = doc.Sheets.getByName("Crosstable")
        mine = ct.getCellByPosition(6, 1)
        text = mine.getString()  # e.g. +W37
        if text[:1] not in ("+", "-", "=") or text[1:2] not in ("W", "B"):
            raise SystemExit(f"participant 1's round 1 is {text!r}: not a game")
        theirs = ct.getCellByPosition(6, int(text[2:]))
        swap = {"+": "=", "-": "=", "=": "+"}
        value = {"+": 1.0, "=": 0.5, "-": 0.0}
        points = standings.getCellByPosition(4, 3).getValue()
        t0 = time.perf_counter()
        mine.setString(swap[text[0]] + text[1:])
        other = theirs.getString()
        theirs.setString({"+": "=", "-": "=", "=": "-"}[other[0]] + other[1:])
        changed = standings.getCellByPosition(4, 3).getValue()
        ods_edit = time.perf_counter() - t0
        edit_wrong = changed != points - value[text[0]] + value[swap[text[0]]]
        doc.close(True)
        office.remove_extension(EXTENSION_ID)
    finally:
        office.stop()
    wrong = int(edit_wrong)
    for i, s in enumerate(expected["standings"], start=1):
        values = tuple("" if s["tiebreaks"][c] is None else float(s["tiebreaks"][c]) for c in codes)
        wrong += got[s["start_no"]] != (float(s["rank"]), float(s["points"]), *values)
        wrong += rows[i][:2] != (float(s["rank"]), float(s["start_no"])) or rows[i][5:] != values
    for row in left:  # the .ods template's per-row block: No, Name, Rating, Rank, Pts, tie-breaks
        s = next(x for x in expected["standings"] if x["start_no"] == int(row[0]))
        values = tuple("" if s["tiebreaks"][c] is None else float(s["tiebreaks"][c]) for c in codes)
        wrong += (row[3], row[4], *row[5:]) != (float(s["rank"]), float(s["points"]), *values)
    calls = players * (2 + len(codes))
    print(f"{players} participants x {rounds} rounds; LibreOffice with the xltb extension")
    print(f"per-cell formulas, {calls} calls (TB_RANK, TB_PTS, {', '.join(codes)}): calculateAll {cells:.2f} s "
          f"({cells / calls * 1000:.2f} ms per call)")
    print(f"array formula TB_STANDINGS ({players + 1} rows), entered first (parse + compute): {array:.2f} s")
    print(f".ods template: opened in {opened:.2f} s, calculateAll {ods_full:.2f} s, one result edited and the "
          f"sheet recalculated in {ods_edit:.2f} s (participant 1's points {points:g} -> {changed:g})")
    print(f"values differing from xltb standings: {wrong}")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
