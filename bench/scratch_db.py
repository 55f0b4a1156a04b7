"""A throwaway database for a benchmark: its own database on `DATABASE_URL`, else an embedded server."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import psycopg
from psycopg import sql

from cognicore.database import start_embedded


@asynccontextmanager
async def scratch_database(prefix: str) -> AsyncIterator[str]:
    """Yield the URL of an empty database that is dropped (or whose embedded server is stopped) afterwards."""
    if admin := os.environ.get("DATABASE_URL"):
        name = f"{prefix}_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield str(psycopg.conninfo.make_conninfo(admin, dbname=name))
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        return
    with tempfile.TemporaryDirectory(prefix=f"{prefix.replace('_', '-')}-") as tmp:
        try:
            yield await start_embedded(Path(tmp))
        finally:
            import pgserver

            pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="stop").cleanup()
