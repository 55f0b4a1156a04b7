"""The embedded server's own settings: the cache size the prewarm reads, kept when its owner set another."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import psutil
import psycopg

from cognicore.database import embedded_effective_cache_size, start_embedded


def _stop(folder: Path) -> None:
    import pgserver

    pgserver.get_server(folder / "pgdata", cleanup_mode="stop").cleanup()


def _cache_size(url: str, wanted: int) -> int:
    """The server's effective_cache_size, waiting up to 5 s for a reload it was sent to arrive."""
    deadline = time.monotonic() + 5
    while True:
        with psycopg.connect(url) as conn:
            row = conn.execute("SELECT pg_size_bytes(current_setting('effective_cache_size'))").fetchone()
        assert row is not None
        if int(row[0]) == wanted or time.monotonic() > deadline:
            return int(row[0])
        time.sleep(0.1)


def test_half_the_memory_is_told_to_the_planner() -> None:
    half_mb = psutil.virtual_memory().total // (2 * 1024 * 1024)
    assert embedded_effective_cache_size() == f"{max(128, half_mb)}MB"


def test_the_embedded_server_sets_its_cache_size_once_and_keeps_the_owners(tmp_path: Path) -> None:
    url = asyncio.run(start_embedded(tmp_path))
    try:
        half = max(128 * 1024 * 1024, psutil.virtual_memory().total // (2 * 1024 * 1024) * 1024 * 1024)
        assert _cache_size(url, half) == half  # applied by a reload, without a restart
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ALTER SYSTEM SET effective_cache_size = '3GB'")
            conn.execute("SELECT pg_reload_conf()")
    finally:
        _stop(tmp_path)
    url = asyncio.run(start_embedded(tmp_path))
    try:
        assert _cache_size(url, 3 * 1024**3) == 3 * 1024**3  # the owner's size survives the next start-up
    finally:
        _stop(tmp_path)
