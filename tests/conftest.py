"""Fixtures shared by the tests (helpers live in helpers.py)."""

from __future__ import annotations

import json

import pytest

from helpers import SEED


@pytest.fixture(scope="session")
def expected() -> dict:
    return json.loads((SEED / "expected.json").read_text())
