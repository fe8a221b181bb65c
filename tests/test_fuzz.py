"""Fuzzing: seeded mutations of real TRF, team TRF, CSV, SwissPerfect, check JSON and template xlsx
inputs, and hostile shapes (``tests/fuzz_shapes.py``: sheet names Excel never writes, huge arrays and
texts, DTDs, broken parts, check JSON with repeated or huge rows, devices and FIFOs), run through the
commands in-process. Every run exits 0 or 2 (``check``: 0, 1 or 2) with a
message naming the file, never an internal error, and writes no formula made of the file's text
(see ``tests/fuzzing.py``; ``benchmarks/fuzz.py`` is the larger run). Hypothesis draws the cases
from a fixed seed (derandomized, no example database), so every run tries the same inputs."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import SEEDS, fuzz_hostile, fuzz_one, template_seed

FUZZ = settings(derandomize=True, database=None, deadline=None, print_blob=False,
                suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("kind", ["trf", "team", "csv", "swissperfect", "json"])
def test_mutated_event_files(kind, work):
    found: list[str] = []

    @settings(FUZZ, max_examples=50)
    @given(seed=st.integers(0, 2 ** 32), which=st.integers(0, 10))
    def one(seed, which):
        source = SEEDS[kind][which % len(SEEDS[kind])]
        found.extend(fuzz_one(kind, source, random.Random(seed), work / "w", heavy=seed % 10 == 0))

    (work / "w").mkdir(exist_ok=True)
    one()
    assert not found, "\n".join(found[:10])


def test_mutated_workbooks(work):
    seeds = work / "seeds"
    seeds.mkdir(exist_ok=True)
    book = template_seed(seeds)
    found: list[str] = []

    @settings(FUZZ, max_examples=25)
    @given(seed=st.integers(0, 2 ** 32))
    def one(seed):
        found.extend(fuzz_one("xlsx", book, random.Random(seed), work / "x", heavy=False))

    (work / "x").mkdir(exist_ok=True)
    one()
    assert not found, "\n".join(found[:10])


@pytest.mark.parametrize("kind,examples", [("xlsx-hostile", 20), ("json-hostile", 15), ("device", 10)])
def test_hostile_shapes(kind, examples, work, monkeypatch):
    monkeypatch.setattr("xltb.files.PIPE_WAIT", 0.2)  # an output FIFO nobody reads: refused sooner
    seeds = work / "seeds"
    seeds.mkdir(exist_ok=True)
    book = template_seed(seeds)
    found: list[str] = []

    @settings(FUZZ, max_examples=examples)
    @given(seed=st.integers(0, 2 ** 32))
    def one(seed):
        found.extend(fuzz_hostile(kind, random.Random(seed), work / "h", book))

    (work / "h").mkdir(exist_ok=True)
    one()
    assert not found, "\n".join(found[:10])


@pytest.mark.parametrize("command", ["standings", "trf", "export", "prizes", "check", "template", "explain",
                                     "recalc"])
def test_mutated_workbooks_as_event_files(command, work):
    """Issue 32: the template workbooks (individual and team; .xlsx, .xlsm, .ods) changed at the level of the
    zip package, the sheet XML and the blocks' cells (tests/fuzz_books.py), through each command that reads
    workbooks: exit 0 or 2 (check: 1 too), the file named, no Python words, the input untouched."""
    from fuzz_books import fuzz_book, seeds

    books = seeds(work / "book-seeds")
    found: list[str] = []

    @settings(FUZZ, max_examples=6)
    @given(seed=st.integers(0, 2 ** 32))
    def one(seed):
        found.extend(fuzz_book(books, random.Random(seed), work / "b", command))

    (work / "b").mkdir(exist_ok=True)
    one()
    assert not found, "\n".join(found[:10])
