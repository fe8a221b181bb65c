"""Fixtures shared by the tests (helpers live in helpers.py)."""

from __future__ import annotations

import json

import pytest

from helpers import SEED


@pytest.fixture(scope="session")
def expected() -> dict:
    return json.loads((SEED / "expected.json").read_text())


@pytest.fixture(scope="session")
def office(tmp_path_factory):
    """One headless LibreOffice for the whole session (tests/lo_host.py), with xltb's extension
    installed; removed again at the end (and checked to be gone)."""
    import lo_host
    from xltb.hosts.libreoffice import EXTENSION_ID, oxt

    why = lo_host.unavailable()
    if why is not None:
        pytest.skip(f"LibreOffice add-in tests: {why}")
    work = tmp_path_factory.mktemp("lo")
    path = work / "xltb.oxt"
    path.write_bytes(oxt.build())
    office = lo_host.Office(work / "profile").start()
    try:
        office.add_extension(path)  # before any document is opened: Calc lists add-ins once
        yield office
        office.remove_extension(EXTENSION_ID)
        assert EXTENSION_ID not in office.extensions()
    finally:
        office.stop()
