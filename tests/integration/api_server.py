"""A real `cognicore serve` process on localhost over the test database, and API users for it."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import httpx
import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

T = TypeVar("T")

DATA_KEY = base64.b64encode(b"k" * 32).decode()
MAX_BODY = 20_000
MAX_UPLOAD = 60_000


@dataclass(frozen=True)
class Server:
    """A running API server: its base URL, its database and its log file."""

    url: str
    db_url: str
    log: Path


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def clone_database(admin_url: str, template: str, name: str) -> str:
    """A fresh database cloned from the migrated, demo-seeded template."""
    from tests.conftest import _with_database

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template)))
    return _with_database(admin_url, name)


def drop_database(admin_url: str, name: str) -> None:
    """Drop a database made by `clone_database`."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def run_server(
    db_url: str, folder: Path, *, workers: int = 2, timeout_s: float = 180.0, extra_env: dict[str, str] | None = None
) -> Iterator[Server]:
    """Start `cognicore serve` in a subprocess (plus `extra_env`), wait until /readyz says ready, stop it afterwards."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {
        "DATABASE_URL": db_url,
        "COGNICORE_DATA_DIR": str(folder / "data"),
        "COGNICORE_DATA_KEY": DATA_KEY,
        "COGNICORE_API_MAX_BODY_BYTES": str(MAX_BODY),
        "COGNICORE_API_MAX_UPLOAD_BYTES": str(MAX_UPLOAD),
        "PROMETHEUS_MULTIPROC_DIR": str(folder / "metrics"),
        **(extra_env or {}),
    }
    (folder / "metrics").mkdir(parents=True, exist_ok=True)
    log = folder / "server.log"
    command = [sys.executable, "-m", "cognicore.cli", "serve", "--port", str(port), "--workers", str(workers)]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=folder)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(proc, f"{url}/readyz", log, timeout_s)
        yield Server(url, db_url, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def on_pool(db_url: str, work: Callable[[AsyncConnectionPool], Awaitable[T]]) -> T:
    """Run `work` on a short-lived pool from a synchronous test (its own event loop)."""
    from cognicore.database import open_pool

    async def main() -> T:
        pool = await open_pool(db_url, max_size=2)
        try:
            return await work(pool)
        finally:
            await pool.close()

    return asyncio.run(main())


def make_user(db_url: str, name: str) -> str:
    """Create an API user directly in the database; returns its key."""
    from cognicore.users import add_user

    async def add(pool: AsyncConnectionPool) -> str:
        return (await add_user(pool, name)).token

    return on_pool(db_url, add)


def wait_until_up(proc: subprocess.Popen[bytes], health_url: str, log: Path, timeout_s: float) -> None:
    """Wait for `health_url` to answer 200; a process that exits or a timeout raises with the log's tail."""
    deadline = time.monotonic() + timeout_s
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            if httpx.get(health_url, timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{health_url} not up after {timeout_s} s:\n{log.read_text()[-4000:]}")
        time.sleep(0.3)
