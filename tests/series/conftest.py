"""Fixtures for the series tests: the app's context (they read what a request stored) and a
test client's ``post`` as the season's helpers take it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient


@pytest.fixture(autouse=True)
def app_context(app: Flask) -> Iterator[None]:
    with app.app_context():
        yield


@pytest.fixture
def post(client: FlaskClient) -> Any:
    def send(url: str, body: dict[str, Any] | None, headers: dict[str, str]
             ) -> tuple[int, Any]:
        response = (client.post(url, json=body, headers=headers) if body is not None
                    else client.post(url, headers=headers))
        return response.status_code, response.get_json()
    return send
