"""``xltb recalc`` loads the engine's statistical functions without importing SciPy (about 1.3 s of its
start, issue 23); a workbook that calls them gets the values it got with SciPy imported first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from openpyxl import Workbook

ROOT = Path(__file__).resolve().parent.parent

#: functions whose code in the engine reaches scipy.stats, scipy.linalg and scipy.interpolate
FORMULAS = ["=NORM.S.INV(0.9)", "=PERCENTILE({1,2,3,4},0.3)", "=KURT(1,2,3,4,9)", "=T.DIST(1.5,10,TRUE)",
            "=SKEW(1,2,3,10)", "=CHISQ.INV(0.3,4)", "=MDETERM({1,2;3,5})", "=PERCENTRANK({1,2,3,4},2.5)"]

_RUN = """
import json, sys
if sys.argv[2] == "first":
    import scipy.stats, scipy.linalg, scipy.interpolate
from xltb.recalc.run import recalc_bytes
import io
from openpyxl import load_workbook
before = sorted(m for m in ("scipy.stats", "scipy.linalg", "scipy.interpolate") if m in sys.modules)
r = recalc_bytes(open(sys.argv[1], "rb").read())
values = [c.value for c in load_workbook(io.BytesIO(r.data), data_only=True).active["A"]]
print(json.dumps([before, r.errors, r.unevaluated, values]))
"""


def _run(path: Path, how: str) -> list:
    done = subprocess.run([sys.executable, "-c", _RUN, str(path), how], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    return json.loads(done.stdout)


def test_the_engine_imports_no_scipy_module_until_a_statistical_function_runs():
    code = ("import sys, xltb.recalc.engine; "
            "print(sorted(m for m in ('scipy.stats', 'scipy.linalg', 'scipy.interpolate') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_statistical_functions_give_the_values_they_give_with_scipy_imported_first(tmp_path):
    wb = Workbook()
    for i, text in enumerate(FORMULAS, start=1):
        wb.active.cell(row=i, column=1, value=text)
    path = tmp_path / "stats.xlsx"
    wb.save(path)
    later, first = _run(path, "later"), _run(path, "first")
    assert later[0] == [] and first[0] == ["scipy.interpolate", "scipy.linalg", "scipy.stats"]
    assert later[1:] == first[1:]
    assert later[1] == [] and later[2] == [] and all(isinstance(v, (int, float)) for v in later[3])
