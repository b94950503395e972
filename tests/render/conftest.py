"""Fixtures of the render tests."""

from __future__ import annotations

import pytest

from tests.render.pictures import Spies, spy_on_text


@pytest.fixture
def spies(monkeypatch: pytest.MonkeyPatch) -> Spies:
    """Spies on the text a test's pictures lay out and write (see `spy_on_text`)."""
    return spy_on_text(monkeypatch)
