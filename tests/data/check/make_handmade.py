"""How the hand-made exports of this folder were made (run once; the tests read the files it wrote).

held-2024.csv: a chess-results "Final Ranking crosstable" export of held-swiss16.trf written from
xltb's 2024-08 standings (BH/C1, BH, SB, DE), with Swiss-Manager's 2023-style legend names; the
SB of the participant ranked 1st is then made 0.25 too high (the one deliberately wrong value).
held-2024.json / held-2024-wrong.json: ``xltb standings -f json`` of held-swiss16.trf, and a copy
whose BH of start number 6 is 0.5 too low.
wb-one-wrong-tb1.csv: the World Blitz 2021 export with TB1 of rank 10 raised from 256 to 256.5.
wb-rank-edited.trf: cr_world_blitz_2021_open.trf with the ranks of start numbers 5 and 6 swapped.
"""

import json
import os
import re
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", ".."))

from xltb.ranking import compute  # noqa: E402
from xltb.report.formats import to_json  # noqa: E402
from xltb.tiebreaks.display import value_text  # noqa: E402
from xltb.readers.registry import read_event  # noqa: E402
from xltb.model import Kind  # noqa: E402

CODES = ["BH/C1", "BH", "SB", "DE"]
LEGEND = ["Buchholz Tie-Break Variable (2023) (Gamepoints, Cut1)", "Buchholz Tie-Break Variable (2023) (Gamepoints)",
          "Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)", "Direct Encounter (DE)"]
RESULT = {Kind.WIN: "1", Kind.LOSS: "0", Kind.DRAW: "½", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-"}
BYE = {Kind.PAB: "-1", Kind.FULL_BYE: "-1", Kind.HALF_BYE: "-½", Kind.ZERO_BYE: "-0"}


def crosstable() -> None:
    t = read_event(os.path.join(HERE, "held-swiss16.trf"))[0]
    st = compute(t, CODES, "2024-08")
    rank_of = {}
    for i, row in enumerate(st.rows, start=1):
        rank_of[row.start_no] = i
    lines = ["From the Tournament-Database of Chess-Results http://chess-results.com",
             "Seed Swiss (hand-made export for xltb check)", "Final Ranking crosstable after 5 Rounds",
             "Rk.;;Name;Rtg;FED;" + ";".join(f"{r}.Rd" for r in range(1, 6)) + ";Pts.;TB1;TB2;TB3;TB4"]
    for i, row in enumerate(st.rows, start=1):
        p = row.participant
        cells = []
        for r in p.results:
            if r.opponent is not None:
                cells.append(f"{rank_of[r.opponent]}{'w' if r.colour.name == 'WHITE' else 'b'}{RESULT[r.kind]}")
            else:
                cells.append(BYE.get(r.kind, "0"))
        values = []
        for code in CODES:
            v = row.values[code]
            if i == 1 and code == "SB":
                v = v + Fraction(1, 4)  # the deliberately wrong value
            values.append("0" if v is None else value_text(code, v).replace(".", ","))
        lines.append(f"{i};;{p.name};{p.rating or ''};{p.federation};" + ";".join(cells) + ";"
                     + value_text("PTS", row.points).replace(".", ",") + ";" + ";".join(values))
    lines += ["# Annotation:"] + [f"# Tie Break{k}: {name}" for k, name in enumerate(LEGEND, start=1)]
    with open(os.path.join(HERE, "held-2024.csv"), "w", encoding="utf-8", newline="") as fh:
        fh.write("\r\n".join(lines) + "\r\n")


def json_files() -> None:
    t = read_event(os.path.join(HERE, "held-swiss16.trf"))[0]
    text = to_json(compute(t, ["BH/C1", "BH", "SB", "DE"], "2024-08"))
    with open(os.path.join(HERE, "held-2024.json"), "w", encoding="utf-8") as fh:
        fh.write(text)
    doc = json.loads(text)
    for row in doc["standings"]:
        if row["start_no"] == 6:
            row["tiebreaks"]["BH"] -= 0.5
    with open(os.path.join(HERE, "held-2024-wrong.json"), "w", encoding="utf-8") as fh:
        fh.write(json.dumps(doc, ensure_ascii=False) + "\n")


def world_blitz() -> None:
    with open(os.path.join(HERE, "2021-World-Blitz-Chess-Championship-Open.csv"), encoding="utf-8", newline="") as fh:
        text = fh.read()
    new = re.sub(r"(\n10;GM;Oparin Grigoriy;[^\n]*?;13\.5;)256;", r"\g<1>256.5;", text, count=1)
    assert new != text
    with open(os.path.join(HERE, "wb-one-wrong-tb1.csv"), "w", encoding="utf-8", newline="") as fh:
        fh.write(new)
    with open(os.path.join(HERE, "cr_world_blitz_2021_open.trf"), encoding="utf-8", newline="") as fh:
        lines = fh.read().split("\n")
    for k, line in enumerate(lines):
        if line.startswith("001") and line[4:8].strip() in ("5", "6"):
            swapped = "   6" if line[4:8].strip() == "5" else "   5"
            assert line[85:89].strip() == line[4:8].strip()
            lines[k] = line[:85] + swapped + line[89:]
    with open(os.path.join(HERE, "wb-rank-edited.trf"), "w", encoding="utf-8", newline="") as fh:
        fh.write("\n".join(lines))


if __name__ == "__main__":
    crosstable()
    json_files()
    world_blitz()
