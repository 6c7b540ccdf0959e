"""The test cluster's helper: it finds the newest PostgreSQL binaries, and says clearly when there are none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.archive import postgres
from tests.archive.postgres import PostgresUnavailableError, find_bindir


def fake_bindir(root: Path, version: str) -> Path:
    bindir = root / version / "bin"
    bindir.mkdir(parents=True)
    for tool in ("initdb", "pg_ctl"):
        (bindir / tool).write_text("#!/bin/sh\n")
        (bindir / tool).chmod(0o755)
    return bindir


def test_find_bindir_picks_the_newest_version(tmp_path: Path) -> None:
    fake_bindir(tmp_path, "9")
    newest = fake_bindir(tmp_path, "15")
    (tmp_path / "16" / "bin").mkdir(parents=True)  # a version without its server binaries
    assert find_bindir([str(tmp_path / "*" / "bin")]) == newest


def test_the_pgserver_wheel_is_the_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    found = find_bindir([str(tmp_path / "*" / "bin")])
    assert found == postgres.wheel_bindir()
    assert found.parts[-3:] == ("pgserver", "pginstall", "bin")


def test_without_binaries_the_error_says_how_to_get_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(postgres, "wheel_bindir", lambda: None)
    with pytest.raises(PostgresUnavailableError, match=r"apt-get install -y postgresql.*IDOUBTIT_TEST_POSTGRES_URL"):
        find_bindir([str(tmp_path / "*" / "bin")])
