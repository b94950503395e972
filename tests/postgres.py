"""A throwaway PostgreSQL server for the tests: `initdb` and `pg_ctl` (PostgreSQL's server
binaries, found on PATH) make and start a cluster in a temporary folder, listening only on
127.0.0.1 at a free port, trusting every local connection but the role `PASSWORD_ROLE`'s (which
must give its password, as a production server asks of every role), with fsync off (its data
is thrown away) unless made `durable` (the benchmark's: fsync on, each commit waits for the
disk). The schema is migrated once into a template database; each test then gets a fresh
database copied from it (`CREATE DATABASE ... TEMPLATE`), dropped when the test ends.

PostgreSQL refuses to run as root: a root test run starts the server as the `postgres` user.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import asyncpg

from club.storage.postgres import PgDatabase

TEMPLATE = "store_template"
"""The database holding the migrated, empty schema."""
PASSWORD_ROLE = "with_password"
"""The one role that must give its password (SCRAM) to connect: see `Cluster.password_url`."""


def unavailable() -> str | None:
    """Why no PostgreSQL server can be started here (a reason to skip), or None."""
    for binary in ("initdb", "pg_ctl"):
        if shutil.which(binary) is None:
            return f"PostgreSQL tests need `{binary}` (PostgreSQL's server binaries) on PATH"
    if os.geteuid() == 0 and _postgres_account() is None:
        return "PostgreSQL refuses to run as root, and there is no `postgres` user to run it as"
    return None


def _postgres_account() -> pwd.struct_passwd | None:
    try:
        return pwd.getpwnam("postgres")
    except KeyError:
        return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A PostgreSQL server of its own in a temporary folder, on 127.0.0.1 at a free port.

    `durable`: fsync, full page writes and synchronous commit at PostgreSQL's defaults (each
    commit waits for its WAL to reach the disk), as a production server runs; otherwise all
    three are off, for speed."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="bot-postgres-"))
        self.port = free_port()
        self._account = _postgres_account() if os.geteuid() == 0 else None
        if self._account is not None:
            os.chown(self.folder, self._account.pw_uid, self._account.pw_gid)
        self._names = itertools.count(1)
        self._template_ready = False
        self._password_role = False

    def start(self) -> None:
        self._run(
            "initdb", "-D", "data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"
        )
        rules = self.folder / "data" / "pg_hba.conf"  # the first rule that matches decides
        needs_password = f"host all {PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256\n"
        rules.write_text(needs_password + rules.read_text())
        self.start_server()

    def start_server(self) -> None:
        """Start the server on its folder and port, and wait until it takes connections (after
        `stop_server`, or a crash: it recovers from its write-ahead log first)."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
        self._run("pg_ctl", "-D", "data", "-l", "log", "-w", "-o", options, "start")

    def stop_server(self, mode: str = "fast") -> None:
        """Stop the server, keeping its folder, and wait until it is down. `mode` is
        `pg_ctl`'s: "smart" waits for every client to leave, "fast" ends their sessions
        (rolling back their transactions), "immediate" kills the server without a clean
        shutdown (the next start recovers)."""
        self._run("pg_ctl", "-D", "data", "-m", mode, "-w", "stop")

    def restart(self, mode: str = "fast") -> None:
        """Stop the server (`mode` as in `stop_server`) and start it again on the same folder
        and port, as `pg_ctl restart` does (with the options it was started with)."""
        self._run("pg_ctl", "-D", "data", "-l", "log", "-m", mode, "-w", "restart")

    def stop(self) -> None:
        """Stop the server at once (if it runs: a test may end while it is stopped) and delete
        its folder."""
        try:
            if (self.folder / "data" / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", "data", "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def server_pid(self) -> int:
        """The process id of the running server (its postmaster, parent of every backend)."""
        return int((self.folder / "data" / "postmaster.pid").read_text().split("\n", 1)[0])

    def _run(self, *command: str) -> None:
        account: dict[str, Any] = {}
        if self._account is not None:
            account = {"user": self._account.pw_uid, "group": self._account.pw_gid}
            account["extra_groups"] = []
        done = subprocess.run(command, cwd=self.folder, capture_output=True, **account)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.decode().strip()}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def password_url(self, database: str, password: str) -> str:
        """The URL of `database` as the role PASSWORD_ROLE with `password`, which may be wrong.
        The role is made on first use, with the password `right-password`."""
        if not self._password_role:
            await self._admin(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD 'right-password'")
            self._password_role = True
        return f"postgresql://{PASSWORD_ROLE}:{password}@127.0.0.1:{self.port}/{database}"

    async def new_database(self, migrated: bool = True) -> str:
        """A fresh database's URL: a copy of the migrated template, or (`migrated` False) an
        empty one."""
        name = f"test_{next(self._names)}"
        if migrated and not self._template_ready:
            await self._admin(f"CREATE DATABASE {TEMPLATE}")
            database = PgDatabase(self.url(TEMPLATE), pool_size=1)
            await database.open()
            await database.close()
            self._template_ready = True
        await self._admin(f"CREATE DATABASE {name}" + (f" TEMPLATE {TEMPLATE}" if migrated else ""))
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        """Drop a database made by `new_database`, ending any connection still open to it."""
        await self._admin(f"DROP DATABASE {url.rsplit('/', 1)[1]} WITH (FORCE)")

    async def _admin(self, statement: str) -> None:
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(statement)
        finally:
            await connection.close()
