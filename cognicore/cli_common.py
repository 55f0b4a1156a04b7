"""What every CLI command shares: consoles, options, settings, JSON output and error handling."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, NoReturn, TypeVar

import psycopg
import typer
from psycopg_pool import PoolTimeout
from pydantic import ValidationError
from rich.console import Console

from cognicore.database import DatabaseError, DatabaseUnavailable, redact
from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.errors import OrchestratorError
from cognicore.service_errors import NotFound
from cognicore.settings import Settings
from cognicore.subagents.errors import SubAgentError
from cognicore.workflows.errors import WorkflowError

T = TypeVar("T")

console = Console()
err_console = Console(stderr=True)

# Failures a user can cause or fix; anything else is a bug and keeps its traceback under COGNICORE_DEBUG=1.
EXPECTED_ERRORS = (
    DatabaseError,
    MemoryStoreError,
    OrchestratorError,
    SubAgentError,
    ModelCallError,
    WorkflowError,
    ValidationError,
    FileNotFoundError,
    PermissionError,
    NotFound,
)

# A connection lost mid-command: the server stopped, restarted or became unreachable.
DRIVER_CONNECTION_ERRORS = (psycopg.OperationalError, PoolTimeout)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of formatted text.")]
UserOpt = Annotated[str, typer.Option("--user", "-u", help="The user the request and memories belong to.")]


def run_command(coro_factory: Callable[[], Awaitable[T]], *, as_json: bool) -> T:
    """Run a command's coroutine; turn expected failures into one clear message and exit code 1."""
    try:
        return asyncio.run(coro_factory())  # type: ignore[arg-type]
    except KeyboardInterrupt:
        err_console.print("[yellow]Interrupted.[/] Continue an interrupted run with `cognicore resume --session S`.")
        raise typer.Exit(130) from None
    except typer.Exit:
        raise
    except DRIVER_CONNECTION_ERRORS as exc:
        if not connection_lost(exc):
            return _fail_unexpected(exc, as_json=as_json)
        # The server went away in the middle of a command (the connection checks at start-up cover the
        # rest): say so plainly, and what to do, instead of an internal error.
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        lost = DatabaseUnavailable(
            f"Lost the connection to PostgreSQL during the command ({redact(reason)}). Check that the server is "
            "running and reachable (DATABASE_URL, or the embedded server in COGNICORE_DATA_DIR), then run the "
            "command again; an interrupted request continues with `cognicore resume --session S --user U`."
        )
        return _fail(lost, as_json=as_json)
    except EXPECTED_ERRORS as exc:
        if os.environ.get("COGNICORE_DEBUG"):
            raise
        return _fail(exc, as_json=as_json)
    except Exception as exc:  # a bug: say so plainly, keep the traceback one variable away
        return _fail_unexpected(exc, as_json=as_json)


def connection_lost(exc: BaseException) -> bool:
    """True for a driver error that means the server is gone (class 08 or an admin/crash shutdown)."""
    if isinstance(exc, PoolTimeout):
        return True
    state = getattr(exc, "sqlstate", None)
    return isinstance(exc, psycopg.OperationalError) and (state is None or state[:2] == "08" or state[:3] == "57P")


def _fail_unexpected(exc: BaseException, *, as_json: bool) -> NoReturn:
    if os.environ.get("COGNICORE_DEBUG"):
        raise exc
    message = f"internal error: {type(exc).__name__}: {exc} (set COGNICORE_DEBUG=1 for the traceback)"
    if as_json:
        print(json.dumps({"error": {"type": "InternalError", "message": message}}))
    else:
        err_console.print(f"[red]{message}[/]")
    raise typer.Exit(70) from None


def _fail(exc: BaseException, *, as_json: bool) -> NoReturn:
    """Print an expected failure as one clear message (JSON with `--json`) and exit 1."""
    message = str(exc)
    if as_json:
        print(json.dumps({"error": {"type": type(exc).__name__, "message": message}}))
    else:
        err_console.print(f"[red]error:[/] {message}")
    raise typer.Exit(1) from None


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as exc:
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else "?"
            variable = (
                field.upper() if field.upper() in ("DATABASE_URL", "GOOGLE_API_KEY") else f"COGNICORE_{field.upper()}"
            )
            err_console.print(f"[red]error:[/] invalid setting {variable}={error.get('input')!r}: {error['msg']}")
        raise typer.Exit(2) from None


def print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, default=str), flush=True)
