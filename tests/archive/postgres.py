"""A throwaway PostgreSQL cluster for the archive's tests, started from real PostgreSQL binaries.

The binaries are the distribution's (Debian's ``postgresql`` package, as CI installs it) when present,
else the ones the ``pgserver`` wheel ships (a test dependency), so the suite also runs on a machine
that has nothing but Python and pip. The cluster lives in a fresh temporary directory, listens only on
127.0.0.1 (on a free port) and on a unix socket inside that directory, admits one superuser with a
random password, and is stopped and deleted at the end. PostgreSQL refuses to run as root, so under
root every command runs through ``runuser`` as the ``postgres`` system user (which Debian's package
creates) or, without one, as ``nobody``.
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import secrets
import shlex
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from sqlalchemy import create_engine

from idoubtit.archive import database_url

#: Where Debian and Ubuntu put each installed PostgreSQL version's server binaries.
DEBIAN_BINDIRS: Final = ("/usr/lib/postgresql/*/bin",)
SUPERUSER: Final = "idoubtit"
START_ATTEMPTS: Final = 5
INSTALL_HINT: Final = (
    "install PostgreSQL's server binaries (Debian: apt-get install -y postgresql) or point "
    "IDOUBTIT_TEST_POSTGRES_URL at a PostgreSQL server the tests may use"
)


class PostgresUnavailableError(RuntimeError):
    """No PostgreSQL to test against: the message says what is missing and how to get it."""


def find_bindir(patterns: Sequence[str] = DEBIAN_BINDIRS) -> Path:
    """The newest directory holding both ``initdb`` and ``pg_ctl``, else those found on PATH."""

    def version(path: str) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", path))

    candidates = sorted((path for pattern in patterns for path in glob.glob(pattern)), key=version, reverse=True)
    for candidate in candidates:
        if all(os.access(Path(candidate) / tool, os.X_OK) for tool in ("initdb", "pg_ctl")):
            return Path(candidate)
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl and Path(initdb).parent == Path(pg_ctl).parent:
        return Path(initdb).parent
    wheel = wheel_bindir()
    if wheel is not None:
        return wheel
    searched = ", ".join(patterns) or "nowhere"
    raise PostgresUnavailableError(
        f"no PostgreSQL initdb and pg_ctl found (searched {searched} and PATH): {INSTALL_HINT}"
    )


def wheel_bindir() -> Path | None:
    """The server binaries inside the ``pgserver`` wheel, if it is installed."""
    try:
        import pgserver
    except ImportError:
        return None
    bindir = Path(pgserver.__file__).parent / "pginstall" / "bin"
    return bindir if all(os.access(bindir / tool, os.X_OK) for tool in ("initdb", "pg_ctl")) else None


def free_port() -> int:
    """A TCP port nobody listens on right now (PostgreSQL may still lose it to a race: start() retries)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run_as_user() -> pwd.struct_passwd:
    """The unprivileged user a root process runs PostgreSQL as: ``postgres`` if it exists, else ``nobody``."""
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise PostgresUnavailableError("running as root, and there is neither a 'postgres' nor a 'nobody' user")


class Cluster:
    """One temporary PostgreSQL cluster. ``Cluster.start()`` makes and starts it; ``stop()`` removes it."""

    def __init__(self, bindir: Path, base: Path, password: str, owner: pwd.struct_passwd | None) -> None:
        self.bindir, self.base, self.password, self.owner = bindir, base, password, owner
        self.data, self.sockets, self.log = base / "data", base / "sockets", base / "server.log"
        self.port = 0

    @classmethod
    def start(cls, bindir: Path | None = None) -> Cluster:
        bindir = bindir or find_bindir()
        owner = None
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            owner = run_as_user()
        base = Path(tempfile.mkdtemp(prefix="idoubtit-pg-"))
        cluster = cls(bindir, base, secrets.token_urlsafe(24), owner)
        try:
            cluster._init()
            cluster._start()
        except BaseException:
            cluster.stop()
            raise
        return cluster

    @property
    def url(self) -> str:
        """A SQLAlchemy URL for the cluster's ``postgres`` database, as the superuser."""
        return f"postgresql+psycopg://{SUPERUSER}:{self.password}@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        prefix = ["runuser", "-u", self.owner.pw_name, "--"] if self.owner is not None else []
        # The working directory must be one the postgres user may enter, or pg_ctl cannot start.
        return subprocess.run(
            [*prefix, *command], cwd=self.base, capture_output=True, text=True, check=False, timeout=120
        )

    def _init(self) -> None:
        self.sockets.mkdir()
        password_file = self.base / "password"
        password_file.write_text(self.password + "\n")
        password_file.chmod(0o600)
        if self.owner is not None:
            for path in (self.base, self.sockets, password_file):
                os.chown(path, self.owner.pw_uid, self.owner.pw_gid)
        result = self._run(
            str(self.bindir / "initdb"),
            "--pgdata",
            str(self.data),
            "--username",
            SUPERUSER,
            "--pwfile",
            str(password_file),
            "--auth-host=scram-sha-256",
            "--auth-local=peer",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",  # a throwaway cluster need not wait for its files to reach the disk
        )
        password_file.unlink()
        if result.returncode != 0:
            raise PostgresUnavailableError(f"initdb failed ({result.returncode}):\n{result.stdout}{result.stderr}")

    def _start(self) -> None:
        for _ in range(START_ATTEMPTS):
            self.port = free_port()
            options = [
                *("-c", "listen_addresses=127.0.0.1"),
                *("-p", str(self.port)),
                *("-c", f"unix_socket_directories={self.sockets}"),
                # The server process is never killed in these tests (the clients are), so it need not
                # flush to disk: commits still wait for the server, which is what the tests rely on.
                *("-c", "fsync=off"),
                *("-c", "full_page_writes=off"),
            ]
            result = self._run(
                str(self.bindir / "pg_ctl"),
                *("--pgdata", str(self.data)),
                *("--log", str(self.log)),
                *("--options", shlex.join(options)),
                *("--timeout", "60"),
                "--wait",
                "start",
            )
            if result.returncode == 0:
                return
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            if "could not bind" not in log and "already in use" not in log:
                raise PostgresUnavailableError(f"pg_ctl start failed:\n{result.stdout}{result.stderr}\n{log}")
        raise PostgresUnavailableError(f"no free port found for PostgreSQL in {START_ATTEMPTS} attempts")

    def stop(self) -> None:
        """Stop the server at once (its data is thrown away anyway) and delete the cluster's directory."""
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bindir / "pg_ctl"), "--pgdata", str(self.data), "--mode", "immediate", "--wait", "stop")
        shutil.rmtree(self.base, ignore_errors=True)


@contextmanager
def fresh_schema(server_url: str) -> Iterator[str]:
    """A URL whose connections work in a new, empty schema, dropped afterwards.

    A schema per test keeps tests apart on a server that is not ours (IDOUBTIT_TEST_POSTGRES_URL) without
    needing the right to create databases, and is much quicker to make than a database.
    """
    name = f"test_{secrets.token_hex(6)}"
    url = database_url(server_url)
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{name}"')
        try:
            existing = url.query.get("options")
            options = f"{existing} -csearch_path={name}" if isinstance(existing, str) else f"-csearch_path={name}"
            yield url.update_query_dict({"options": options}).render_as_string(hide_password=False)
        finally:
            with admin.connect() as connection:
                connection.exec_driver_sql(f'DROP SCHEMA "{name}" CASCADE')
    finally:
        admin.dispose()
