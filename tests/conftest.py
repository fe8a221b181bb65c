"""Fixtures shared by the tests (helpers live in helpers.py)."""

from __future__ import annotations

import json

import pytest

import needs
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

    needs.skip_unless(needs.missing_uno())
    work = tmp_path_factory.mktemp("lo")
    path = work / "xltb.oxt"
    path.write_bytes(oxt.build())
    try:  # a new profile's first start is waited for, and a failed start tried again (lo_host.started)
        office = lo_host.started(work / "profile", path)
    except lo_host.NotStarted as err:
        pytest.skip(f"LibreOffice add-in tests: {err}")
    try:
        yield office
        office.remove_extension(EXTENSION_ID)
        assert EXTENSION_ID not in office.extensions()
    finally:
        office.stop()
