"""Python in a real Pyodide runtime (WebAssembly, under Node): the runtime of xlwings Lite.

:func:`start` builds xltb's wheel from this checkout (``pip wheel --no-deps --no-build-isolation``,
no network), starts ``tests/pyodide/host.mjs`` with it, and returns a :class:`Host` that calls
Python functions in it over JSON lines. The Pyodide npm package (``tests/pyodide/package-lock.json``)
is installed by ``.ci/run`` into ``.cache/pyodide`` (or ``$XLTB_PYODIDE_DIR``). Used by the tests
(one host per test session) and by ``benchmarks/bench_lite.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = ROOT / "tests" / "pyodide" / "host.mjs"


def pyodide_dir() -> Path:
    """Where the pyodide npm package is: ``$XLTB_PYODIDE_DIR``, else ``.cache/pyodide``."""
    base = Path(os.environ.get("XLTB_PYODIDE_DIR") or ROOT / ".cache" / "pyodide")
    return base / "node_modules" / "pyodide"


def missing() -> str | None:
    """Why Pyodide cannot run here (None when it can)."""
    if not shutil.which("node"):
        return "node is not installed (Debian: apt-get install nodejs npm); .ci/run installs it"
    if not (pyodide_dir() / "pyodide.asm.wasm").is_file():
        return (f"the pyodide npm package is not installed in {pyodide_dir().parent.parent}: run "
                "'mkdir -p .cache/pyodide && cp tests/pyodide/package*.json .cache/pyodide/ && "
                "npm ci --prefix .cache/pyodide' (.ci/run does)")
    return None


def build_wheel(folder: Path) -> Path:
    """xltb's wheel, built from this checkout into ``folder``."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(folder)], check=True, cwd=folder, stdout=subprocess.DEVNULL)
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch folder
    wheels = sorted(folder.glob("xltb-*-py3-none-any.whl"))
    if not wheels:
        raise RuntimeError(f"no pure-Python wheel of xltb in {folder}")
    return wheels[-1]


def package_zip(package: str, folder: Path) -> Path:
    """The installed pure-Python package ``package`` (with its dist-info) as a zip for Pyodide."""
    module = __import__(package)
    src = Path(module.__file__).parent
    out = folder / f"{package}.zip"
    with zipfile.ZipFile(out, "w") as zf:
        for path in src.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".so", ".pyd", ".dll"):
                zf.write(path, path.relative_to(src.parent))
        for info in src.parent.glob(f"{package}-*.dist-info"):
            for path in info.rglob("*"):
                if path.is_file():
                    zf.write(path, path.relative_to(src.parent))
    return out


class Host:
    def __init__(self, wheels: list[Path], zips: list[Path] = ()):
        started = time.perf_counter()
        self.proc = subprocess.Popen(["node", str(HOST), str(pyodide_dir()), ",".join(map(str, wheels)),
                                      *map(str, zips)], text=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, cwd=ROOT)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the Pyodide host did not start (see its stderr)")
        self.ready = json.loads(line)["ready"]
        self.ready["start_ms"] = (time.perf_counter() - started) * 1000

    def _ask(self, request: dict):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"in Pyodide: {answer['error']['type']}: {answer['error']['message']}\n"
                               f"{answer['error'].get('traceback', '')}")
        return answer["result"]

    def call(self, module: str, func: str, *args):
        """``module.func(*args)`` in Pyodide (arguments and result go through JSON)."""
        return self._ask({"module": module, "func": func, "args": list(args)})

    def run(self, code: str):
        """Run ``code`` in Pyodide; the value it leaves in ``result``."""
        return self._ask({"exec": code})

    def run_async(self, code: str):
        """Run ``code`` in Pyodide and await the async function ``main`` it defines (on Pyodide's own event
        loop, so that awaited JavaScript calls and ``asyncio.sleep`` work); its value."""
        return self._ask({"exec_async": code})

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def start(folder: Path, *, with_xlwings: bool = False, wheel: Path | None = None) -> Host:
    wheel = wheel or build_wheel(folder)
    return Host([wheel], [package_zip("xlwings", folder)] if with_xlwings else [])
