"""The test-only game, registered in the catalog for the tests that ask for it."""

from __future__ import annotations

import pytest
from tests.catalog.onecard import ENTRY

from pokernight.catalog import CATALOG


@pytest.fixture
def onecard(monkeypatch: pytest.MonkeyPatch) -> str:
    """``onecard`` in the catalog for this test (a forked worker process inherits it)."""
    monkeypatch.setitem(CATALOG, ENTRY.name, ENTRY)
    return ENTRY.name
