"""The README and the manual say what is true: the README stays short, every terminal session they
show (a ``text`` block starting with ``$ xltb``) is what the command prints, and every Python
example runs. (The manual's links and references are checked by ``mkdocs build --strict`` in
.ci/run.)"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(kind: str) -> list[tuple[str, str]]:
    return [(f"{page.relative_to(ROOT)}#{n}", body) for page in PAGES
            for n, (lang, body) in enumerate(FENCE.findall(page.read_text(encoding="utf-8"))) if lang == kind]


SESSIONS = [(where, body) for where, body in blocks("text") if body.startswith("$ xltb ")]
PYTHON = [(where, body) for where, body in blocks("python") if "import xltb" in body]


def test_readme_is_short():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300


def _slug(heading: str) -> str:
    """The anchor of a heading, as MkDocs' toc and GitHub make it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return re.sub(r"\s+", "-", text)


def test_readme_links_lead_to_pages_and_headings():
    """The README is not part of the MkDocs build, which checks the manual's links: its own links to
    the manual are checked here."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)(?:#([^)]+))?\)", readme)
    assert len(links) >= 20
    for target, anchor in links:
        if target.startswith(("http://", "https://")):
            continue
        path = ROOT / target
        assert path.exists(), target
        if anchor:
            headings = re.findall(r"^#+ (.+)$", FENCE.sub("", path.read_text(encoding="utf-8")), re.M)
            assert anchor in {_slug(h) for h in headings}, f"{target}#{anchor}"


def test_there_are_examples_to_check():
    assert len(SESSIONS) >= 4 and len(PYTHON) >= 2


@pytest.mark.parametrize("where,body", SESSIONS, ids=[w for w, _ in SESSIONS])
def test_terminal_sessions_show_what_the_command_prints(where, body):
    """The lines shown are the command's, in order; ``...`` leaves lines out and ``[...]`` the end
    of a line."""
    command, *shown = body.rstrip("\n").split("\n")
    args = shlex.split(command[len("$ xltb "):])
    done = subprocess.run([sys.executable, "-m", "xltb", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "COLUMNS": "100"})
    printed = done.stdout.split("\n")
    at = 0
    for line in shown:
        if line.strip() == "...":
            continue
        head = line.split("[...]")[0] if "[...]" in line else None
        while at < len(printed) and not (printed[at].startswith(head) if head is not None else printed[at] == line):
            at += 1
        assert at < len(printed), f"{where}: {line!r} is not (or not in this order) in the output of {command}"
        at += 1


@pytest.mark.parametrize("where,body", PYTHON, ids=[w for w, _ in PYTHON])
def test_python_examples_run(where, body, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(body, where, "exec"), {"__name__": "__example__"})
    assert capsys.readouterr().out
