"""cognicore as an HTTP service: a FastAPI application over the same service layer as the CLI."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.api import problems, routes, routes_memory, routes_tasks
from cognicore.api.metrics import RequestMetrics, render
from cognicore.app import open_app
from cognicore.memory.prewarm import prewarm
from cognicore.schema import COMPONENTS
from cognicore.settings import Settings

__all__ = ["create_app"]

log = logging.getLogger(__name__)

_MIGRATION_VERSIONS = "SELECT component, max(version) AS version FROM cognicore_migrations GROUP BY component"
_QUEUE_DEPTH = "SELECT coalesce(sum(unfinished), 0) AS n FROM memory_job_users"
_POOL_STATS = ("pool_size", "pool_available", "requests_waiting")


async def _prewarm(pool: AsyncConnectionPool, budget_s: float) -> None:
    """The memory prewarm of a starting server (`memory.prewarm`); a failure is logged, never fatal."""
    if budget_s <= 0:
        return
    try:
        await prewarm(pool, budget_s=budget_s)
    except Exception:  # the service works without it, only slower for its first searches
        log.exception("memory prewarm failed; searches read their pages as they come")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The API application; each worker opens the cognicore app once, in the lifespan."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(api: FastAPI) -> AsyncIterator[None]:
        async with open_app(settings, warm_connections=True) as app:
            api.state.cognicore = app
            # Right after a start the server's buffers are empty: read the memory search's pages in the
            # background (requests are served meanwhile), within the time budget.
            warming = asyncio.create_task(_prewarm(app.pool, settings.memory_prewarm_s))
            # A run holds a pooled connection for its whole length (its session lock) and takes more for
            # its steps: past a few per worker the pool starves and every request times out. Extra runs
            # wait here instead, holding no connection.
            api.state.run_slots = asyncio.Semaphore(
                settings.api_max_concurrent_runs or max(1, settings.pool_max_size // 4)
            )
            try:
                yield
            finally:
                warming.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await warming  # done before the pool it reads through closes

    api = FastAPI(
        title="cognicore",
        version="0.1.0",
        summary="Multi-agent orchestration with long-term memory on PostgreSQL.",
        lifespan=lifespan,
    )
    problems.install(api)
    api.include_router(routes.router)
    api.include_router(routes_memory.router)
    api.include_router(routes_tasks.router)

    @api.get("/healthz", tags=["health"], summary="Liveness: the process answers")
    async def healthz() -> dict[str, str]:
        """No dependency is checked: restart the process only when this fails."""
        return {"status": "ok"}

    @api.get("/readyz", tags=["health"], summary="Detailed health: database, migrations, pools, queue depth")
    async def readyz(request: Request) -> JSONResponse:
        """503 when the database is unreachable or a migration is missing."""
        app = request.app.state.cognicore
        checks: dict[str, Any] = {}
        try:
            async with app.pool.connection(timeout=5) as conn, conn.cursor(row_factory=dict_row) as cur:
                await cur.execute(_MIGRATION_VERSIONS)
                applied = {r["component"]: r["version"] for r in await cur.fetchall()}
                await cur.execute(_QUEUE_DEPTH)
                row = await cur.fetchone()
            checks["database"] = "ok"
            missing = {c: len(m) - 1 for c, m in COMPONENTS if applied.get(c, -1) < len(m) - 1}
            checks["migrations"] = "ok" if not missing else {"behind": missing}
            checks["queue_depth"] = row["n"] if row else 0
        except Exception as exc:  # any failure here means "not ready", with the reason
            checks["database"] = f"unavailable: {type(exc).__name__}: {exc}"
        stats = app.pool.get_stats()
        checks["pool"] = {k: stats.get(k, 0) for k in _POOL_STATS}
        # Every pool of this worker: the application's, the SQL reader's (model-written SQL), the owner's.
        pools = {"app": app.pool, "sql_reader": app.sql_pool, "owner": app.owner_pool}
        checks["pools"] = {
            name: {k: pool.get_stats().get(k, 0) for k in (*_POOL_STATS, "pool_max", "requests_errors")}
            for name, pool in pools.items()
            if pool is not None
        }
        ready = checks.get("database") == "ok" and checks.get("migrations") == "ok"
        return JSONResponse({"status": "ready" if ready else "not ready", **checks}, status_code=200 if ready else 503)

    @api.get("/metrics", tags=["health"], summary="Prometheus metrics", response_class=Response)
    async def metrics(request: Request) -> Response:
        """Requests, runs, model calls, node timings and database pool, across all workers."""
        return render(request.app.state.cognicore.pool)

    api.add_middleware(problems.InternalErrors)
    api.add_middleware(RequestMetrics)
    api.add_middleware(
        BodyLimitMiddleware, max_body=settings.api_max_body_bytes, max_upload=settings.api_max_upload_bytes
    )
    return api


BodyLimitMiddleware = problems.BodyLimit
