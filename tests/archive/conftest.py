"""Fixtures that run every archive test on a SQLite file and on a real PostgreSQL server
(``postgres_server``, in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from idoubtit.archive import Archive
from tests.archive.postgres import fresh_schema

DATABASES = ["sqlite", "postgresql"]


def sqlite_url(directory: Path) -> str:
    return f"sqlite:///{directory / 'archive.sqlite3'}"


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind: a SQLite file in tmp_path, a fresh schema on PostgreSQL."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path)
        return
    with fresh_schema(request.getfixturevalue("postgres_server")) as url:
        yield url


@pytest.fixture
def archive(db_url: str) -> Iterator[Archive]:
    with Archive.open(db_url) as opened:
        yield opened
