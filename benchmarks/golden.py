"""Golden comparison: every command's output on every file under ``tests/data``, written to a folder
so that two releases can be compared byte for byte (``diff -r``).

    python benchmarks/golden.py OUT_DIR [--xltb PATH/TO/xltb] [--jobs 2] [--only NAMES] [--no-workbooks]

Run it with the release before a change (its own ``xltb`` executable) and with the change, then
``diff -r BEFORE AFTER``. Covered, per event file: ``standings`` in text/JSON/CSV under the file's
(or the default) list and under a long list, ``explain`` of every participant and code on the seed
events, ``check`` of the check inputs, ``trf`` (the event written as TRF-2026), ``pair --explain`` (the
next round) and ``check --pairings`` (every round paired again), ``prizes`` of the prize
tables of ``tests/data/prizes`` (text, JSON, CSV; share none and equal), the exported workbook's cell
values, the HTML page of ``export --html``, ``template --from`` and ``recalc`` of that template (cell
values and formulas; timestamps left out). The workbooks under ``tests/data`` (.xlsx, .xlsm, .ods) are
event files too; ``--no-workbooks`` leaves them out (a release that could not read them). ``--only
NAMES`` writes only the outputs named in the file NAMES (one a line, as ``diff -rq`` lists them), to
run again the ones that differed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
EVENT_SUFFIXES = {".trf", ".csv", ".tab", ".txt"}
WORKBOOK_SUFFIXES = {".xlsx", ".xlsm", ".ods"}
LONG_INDIVIDUAL = "BH/C1,BH/M1,SB/C1,DE,WIN,WON,BPG,BWG,PS,REP,KS,ARO/C1,TPR,PTP,APRO,APPO,AOB,FB,STD,TPN,RTNG"
LONG_RR = "DE,WIN,WON,BPG,BWG,PS,SB,KS,ARO,TPR,PTP,APRO,APPO,STD,TPN,RTNG"
LONG_TEAM = "EDE,EMGSB/C1,BH:MP/C1,MPvGP,EMMSB,EGMSB,EGGSB,SSSC,BC,TBR,BBE,SB:GP,PS:MP,WIN,DE:GP,EDET,EDEB"
SEED_EXPLAIN = ["seed/held-swiss16.trf", "seed/held-rr6.trf", "seed/held-team14.trf"]
PRIZE_TABLES = {"prizes/seed.csv": "seed/held-swiss16.trf",  # the events tests/data/prizes/README.md names
                "prizes/karl-mala.csv": "real/01_fide_example1_karl_mala_gedenkturnier_2005.trf"}


def event_files(workbooks: bool = True) -> list[Path]:
    suffixes = EVENT_SUFFIXES | (WORKBOOK_SUFFIXES if workbooks else set())
    return sorted(p for p in DATA.rglob("*") if p.suffix.lower() in suffixes and p.is_file()
                  and "golden" not in p.relative_to(DATA).parts)


def run(xltb: str, args: list[str], cwd: Path) -> str:
    proc = subprocess.run([xltb, *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "COLUMNS": "100"})
    return f"$ xltb {' '.join(args)}\nexit {proc.returncode}\n--- stdout\n{proc.stdout}--- stderr\n{proc.stderr}"


def dump_workbook(path: Path) -> str:
    """Every sheet's cells (value, or formula text), one line per non-empty cell; no timestamps."""
    import openpyxl

    if not path.exists():
        return "(no workbook)\n"
    out = []
    wb = openpyxl.load_workbook(path, keep_vba=path.suffix == ".xlsm")
    for ws in wb.worksheets:
        out.append(f"## {ws.title} {ws.dimensions}")
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is not None:
                    value = cell.value
                    if hasattr(value, "text"):  # array formulas
                        value = f"{{{value.ref}}}{value.text}"
                    out.append(f"{cell.coordinate}\t{value!r}")
    names = sorted((n, str(d.attr_text)) for n, d in wb.defined_names.items())
    out.append("## names " + repr(names))
    return "\n".join(out) + "\n"


def jobs_for(path: Path) -> list[tuple[str, list[str], str]]:
    """(output name, arguments, kind) for one event file; kind 'text' or 'export'/'template'."""
    rel = path.relative_to(DATA).as_posix()
    stem = rel.replace("/", "__")
    team = "/team/" in f"/{rel}" or "team14" in path.stem
    is_rr = "rr" in path.name or "sinquefield" in path.name or "_rr" in path.name
    long = LONG_TEAM if team else (LONG_RR if is_rr else LONG_INDIVIDUAL)
    out: list[tuple[str, list[str], str]] = []
    for fmt in ("text", "json", "csv"):
        out.append((f"{stem}.standings.{fmt}", ["standings", str(path), "--format", fmt], "text"))
    out.append((f"{stem}.standings-long.json", ["standings", str(path), "--format", "json", "-t", long,
                                                "--unrated-rating", "1400"], "text"))
    out.append((f"{stem}.standings-2012.text", ["standings", str(path), "--rules", "2012"], "text"))
    if team:
        out.append((f"{stem}.players.text", ["standings", str(path), "--players"], "text"))
    out.append((f"{stem}.trf", ["trf", str(path)], "text"))
    out.append((f"{stem}.pair.text", ["pair", str(path), "--explain"], "text"))
    out.append((f"{stem}.check-pairings.text", ["check", str(path), "--pairings"], "text"))
    out.append((f"{stem}.export", ["export", str(path)], "export"))
    out.append((f"{stem}.html", ["export", str(path), "--html"], "html"))
    kind = "team" if team else ("roundrobin" if is_rr else "individual")
    out.append((f"{stem}.template-{kind}", ["template", kind, "--from", str(path)], "template"))
    if rel.startswith("check/") or rel.startswith("csv/"):
        out.append((f"{stem}.check.text", ["check", str(path), "--all"], "text"))
        out.append((f"{stem}.check.json", ["check", str(path), "--format", "json"], "text"))
    return out


def explain_jobs() -> list[tuple[str, list[str], str]]:
    out = []
    for rel in SEED_EXPLAIN:
        path = DATA / rel
        team = "team" in rel
        codes = (LONG_TEAM if team else (LONG_RR if "rr" in rel else LONG_INDIVIDUAL)).split(",")
        numbers = range(1, 17)
        for no in numbers:
            for code in codes:
                name = f"{rel.replace('/', '__')}.explain.{no}.{code.replace('/', '_').replace(':', '_')}"
                out.append((name, ["explain", str(path), str(no), code, "--rules", "2026",
                                   "--unrated-rating", "1400"], "text"))
    return out


def prize_jobs() -> list[tuple[str, list[str], str]]:
    out = []
    for table, event in PRIZE_TABLES.items():
        for fmt in ("text", "json", "csv"):
            for share in ("none", "equal"):
                out.append((f"{table.replace('/', '__')}.prizes-{share}.{fmt}",
                            ["prizes", str(DATA / event), "--prizes", str(DATA / table), "--share", share,
                             "--format", fmt], "text"))
    return out


def check_json_jobs() -> list[tuple[str, list[str], str]]:
    return [(f"check__{p.name}.check.text", ["check", str(p), "--all"], "text") for p in sorted((DATA / "check").glob("*.json"))]


def do(job, xltb: str, out_dir: Path) -> None:
    name, args, kind = job
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        if kind == "text":
            (out_dir / name).write_text(run(xltb, args, tmp_path).replace(str(DATA), "DATA"))
            return
        target = tmp_path / ("out.xlsx")
        force = ["--force"] if kind in ("export", "html") else []
        log = run(xltb, [*args, "-o", str(target), *force], tmp_path).replace(str(tmp_path), "TMP")
        if kind == "html":  # the page export --html writes beside the workbook
            page = target.with_suffix(".html")
            text = log + (page.read_text(encoding="utf-8") if page.exists() else "(no page)\n")
            (out_dir / name).write_text(text.replace(str(DATA), "DATA"))
            return
        text = log + dump_workbook(target)
        if kind == "template" and target.exists():
            recalced = tmp_path / "recalc.xlsx"
            text += run(xltb, ["recalc", str(target), "-o", str(recalced)], tmp_path).replace(str(tmp_path), "TMP")
            text += dump_workbook(recalced)
        (out_dir / name).write_text(text.replace(str(DATA), "DATA"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--xltb", default=shutil.which("xltb") or "xltb")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", metavar="NAMES", help="a file of output names, one a line: only those")
    parser.add_argument("--no-workbooks", action="store_true", help="leave out the workbooks of tests/data")
    args = parser.parse_args()
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs = [j for p in event_files(not args.no_workbooks) for j in jobs_for(p)]
    jobs += explain_jobs() + prize_jobs() + check_json_jobs()
    if args.only:
        wanted = {line.strip() for line in Path(args.only).read_text().splitlines() if line.strip()}
        jobs = [j for j in jobs if j[0] in wanted]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for future in concurrent.futures.as_completed([pool.submit(do, j, args.xltb, out_dir) for j in jobs]):
            future.result()
    print(f"{len(jobs)} outputs in {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
