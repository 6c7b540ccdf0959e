"""Fixtures shared by the archive's and the server's tests.

PostgreSQL comes from ``IDOUBTIT_TEST_POSTGRES_URL`` when it is set (a server the tests may create and
drop schemas in), otherwise from a throwaway cluster this session starts itself (tests/archive/postgres.py).
Without either the PostgreSQL tests fail, never skip: storage tested on one database only is not what
the project promises.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

from tests.archive.postgres import Cluster, PostgresUnavailableError

POSTGRES_URL_VARIABLE = "IDOUBTIT_TEST_POSTGRES_URL"

# The terminal game stores its games (and this machine's player id) in the user's data directory: tests
# get one of their own, so no test run ever writes into a real person's archive.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="idoubtit-tests-")
os.environ.pop("IDOUBTIT_DB", None)


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


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one test worker per core and one more (``--maxprocesses`` caps it). Much of the suite
    waits on servers, browsers and round trips over loopback; a third worker on two cores fills those
    waits (on two cores: 555 and 560 s with three workers, 654 and 670 s with two, the same day)."""
    return (os.cpu_count() or 1) + 1


#: Tests that take a minute or more, longest first: collected first, so that the test workers start
#: them at once, one each, and the many short tests fill in around them.
LONG_TESTS = (
    "tests/server/test_leak.py::test_no_message_of_thousands_of_games",
    "tests/web/test_screens.py",
    "tests/web/test_browser.py",
    "tests/tui/",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next(
            (place for place, prefix in enumerate(LONG_TESTS) if item.nodeid.startswith(prefix)), len(LONG_TESTS)
        )

    items.sort(key=rank)
