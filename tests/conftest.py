"""Fixtures shared by the archive's and the server's tests.

PostgreSQL comes from ``IDOUBTIT_TEST_POSTGRES_URL`` when it is set (a server the tests may create and
drop schemas in), otherwise from a throwaway cluster this session starts itself (tests/archive/postgres.py).
Without either the PostgreSQL tests fail, never skip: storage tested on one database only is not what
the project promises.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.archive.postgres import Cluster, PostgresUnavailableError

POSTGRES_URL_VARIABLE = "IDOUBTIT_TEST_POSTGRES_URL"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A URL of a PostgreSQL server for the whole test session."""
    external = os.environ.get(POSTGRES_URL_VARIABLE)
    if external:
        yield external
        return
    try:
        cluster = Cluster.start()
    except PostgresUnavailableError as error:
        pytest.fail(f"the tests need PostgreSQL: {error}", pytrace=False)
    try:
        yield cluster.url
    finally:
        cluster.stop()
