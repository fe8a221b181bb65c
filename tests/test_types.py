"""The type check: ``mypy`` with the configuration of pyproject.toml ([tool.mypy]: --strict on the whole
package) finds no error. The package ships ``py.typed``: every user's type checker trusts these annotations."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

api = pytest.importorskip("mypy.api", reason="mypy is part of the test extra")


def test_mypy_strict_passes() -> None:
    # a cache of its own per clone and user, outside the clone (CI starts without one: about 10 s on two
    # busy cores; with it, 2 s)
    user = os.getuid() if hasattr(os, "getuid") else 0
    clone = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    cache = os.path.join(tempfile.gettempdir(), f"xltb-mypy-cache-{user}-{clone}")
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypy reads [tool.mypy] of the pyproject.toml in the current directory, files relative to it
    try:
        out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", cache,
                                    "--no-error-summary", "--hide-error-context", "--no-pretty"])
    finally:
        os.chdir(cwd)
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, f"mypy (exit {status}):\n{out}{err}"


def test_the_strict_check_covers_the_whole_package() -> None:
    """Issue 29: ``mypy --strict`` checks every module of the package: a configuration that narrows the files,
    follows a module silently (its errors unreported) or ignores missing types globally fails here. Libraries
    without types are ignored by name, each listed (never ``xltb`` itself)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert config["files"] == ["xltb"]
    assert "ignore_missing_imports" not in config and "follow_imports" not in config
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert "follow_imports" not in override and "ignore_errors" not in override, modules
        assert not any(m == "*" or m.split(".")[0] == "xltb" for m in modules), modules
