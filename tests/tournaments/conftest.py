"""Fixtures for the tournament tests."""

from __future__ import annotations

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "own_app: the test builds its own app (no shared one)")


@pytest.fixture(autouse=True)
def app_context(request):
    """Tests read the database directly to check what a request stored."""
    if request.node.get_closest_marker("own_app"):
        yield
        return
    app = request.getfixturevalue("app")
    with app.app_context():
        yield
