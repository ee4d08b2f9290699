"""Configuration read from the environment.

``DATABASE_URL``  database URL (default: SQLite file in the instance folder)
``SECRET_KEY``    session signing key (default: generated once, kept in ``instance/secret_key``)
``SCOREKEEPER_HTTPS``  ``1`` when the site is served over HTTPS (production): the session
                  cookie is then sent only over HTTPS (``Secure``), besides ``HttpOnly`` and
                  ``SameSite=Lax`` which are always on
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

MAX_CONTENT_LENGTH = 1024 * 1024  # 1 MiB
LANGUAGES = ("en", "es")


def database_url(instance_path: str) -> str:
    """The SQLAlchemy URL from ``DATABASE_URL``, or a SQLite file in the instance folder."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite'}"
    # Hosting platforms hand out postgres:// URLs; SQLAlchemy wants a dialect+driver name.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def secret_key(instance_path: str) -> str:
    """``SECRET_KEY`` from the environment, else one generated once and kept in the instance."""
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = Path(instance_path) / "secret_key"
    if path.exists():
        stored = path.read_text(encoding="utf-8").strip()
        if stored:
            return stored
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(key + "\n")
    os.chmod(path, 0o600)
    return key


def https_only() -> bool:
    """Whether ``SCOREKEEPER_HTTPS`` says the site is served over HTTPS (cookies get ``Secure``)."""
    return os.environ.get("SCOREKEEPER_HTTPS", "").strip().lower() in {"1", "true", "yes", "on"}
