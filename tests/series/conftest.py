"""Fixtures for the series tests: a test client's ``post`` as the season's helpers take it.

No app context is held around a test: each request then finds its own language (a context
held around requests keeps the first request's language for the ones after it)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient


@pytest.fixture
def post(client: FlaskClient) -> Any:
    def send(url: str, body: dict[str, Any] | None, headers: dict[str, str]
             ) -> tuple[int, Any]:
        response = (client.post(url, json=body, headers=headers) if body is not None
                    else client.post(url, headers=headers))
        return response.status_code, response.get_json()
    return send
