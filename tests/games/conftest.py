"""Fixtures for the game page tests."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from game_helpers import start_game


@pytest.fixture
def game_id(client: FlaskClient) -> str:
    return start_game(client)


@pytest.fixture(autouse=True)
def app_context(app):
    """Tests read the database directly to check what a request stored (every test here:
    the house-rules and history tests in this folder rely on it too)."""
    with app.app_context():
        yield
