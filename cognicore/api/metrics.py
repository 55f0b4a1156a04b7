"""Prometheus metrics: requests, runs, model calls and database pool, one registry across workers."""

from __future__ import annotations

import os
import time
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from psycopg_pool import AsyncConnectionPool
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUESTS = Counter("cognicore_http_requests_total", "HTTP requests by route and status.", ["method", "route", "status"])
REQUEST_SECONDS = Histogram("cognicore_http_request_seconds", "HTTP request latency.", ["method", "route"])
RUNS = Counter("cognicore_runs_total", "Runs finished, by outcome and intent.", ["outcome", "intent"])
RUN_SECONDS = Histogram(
    "cognicore_run_seconds", "Run latency (graph work).", buckets=(0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128)
)
MODEL_CALLS = Counter("cognicore_model_calls_total", "Model (role) calls made by runs, by role.", ["role"])
NODE_SECONDS = Histogram("cognicore_node_seconds", "Time in each graph node.", ["node"])
POOL = Gauge(
    "cognicore_db_pool", "Database pool statistics (psycopg_pool get_stats).", ["stat"], multiprocess_mode="liveall"
)
POOL_STATS = ("pool_size", "pool_available", "requests_waiting", "requests_num", "requests_wait_ms", "connections_ms")


def record_run(result: dict[str, Any]) -> None:
    """Count a finished run, its model calls and its timings."""
    RUNS.labels(outcome=result.get("outcome", "unknown"), intent=result.get("intent") or "none").inc()
    timings = result.get("timings_ms") or {}
    if "total" in timings:
        RUN_SECONDS.observe(timings["total"] / 1000)
    for node, ms in timings.items():
        if node != "total":
            NODE_SECONDS.labels(node=node).observe(ms / 1000)
    for role, count in (result.get("model_calls") or {}).items():
        MODEL_CALLS.labels(role=role).inc(count)


def render(pool: AsyncConnectionPool | None) -> Response:
    """The text exposition: this worker's pool stats, then every worker's metrics when multiprocess."""
    if pool is not None:
        stats = pool.get_stats()
        for name in POOL_STATS:
            POOL.labels(stat=name).set(stats.get(name, 0))
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


class RequestMetrics:
    """ASGI middleware timing every request under its route template (not the raw path: bounded labels)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            route = getattr(scope.get("route"), "path", "unmatched")
            REQUESTS.labels(method=scope["method"], route=route, status=str(status)).inc()
            REQUEST_SECONDS.labels(method=scope["method"], route=route).observe(time.perf_counter() - started)


__all__ = ["RequestMetrics", "record_run", "render"]
