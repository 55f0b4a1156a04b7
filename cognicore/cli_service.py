"""CLI commands for running cognicore as a service: `serve`, and `users add | key | list | revoke | ...`."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

import typer
from psycopg_pool import AsyncConnectionPool
from rich.table import Table

from cognicore import users as users_
from cognicore.cli_common import JsonOpt, console, err_console, load_settings, print_json, run_command
from cognicore.settings import Settings

T = TypeVar("T")

users_app = typer.Typer(
    help="API users: keys (shown once, stored hashed) and encrypted model credentials.", no_args_is_help=True
)

NameArg = Annotated[str, typer.Argument(help="The user's name: the tenant of every request made with its keys.")]


def _data_keys(settings: Settings) -> users_.DataKeys:
    return users_.DataKeys.from_settings(settings)


def _run(settings: Settings, work: Callable[[AsyncConnectionPool], Awaitable[T]], *, as_json: bool) -> T:
    """Open the application (migrations included) and run `work` on its pool; user errors exit 1."""
    from cognicore.app import open_app

    async def main() -> T:
        async with open_app(settings, check_embeddings=False) as app:
            try:
                return await work(app.pool)
            except users_.UserError as exc:
                if as_json:
                    print(json.dumps({"error": {"type": type(exc).__name__, "message": str(exc)}}))
                else:
                    err_console.print(f"[red]error:[/] {exc}")
                raise typer.Exit(1) from None

    return run_command(main, as_json=as_json)


def _show_key(key: users_.ApiKey, as_json: bool) -> None:
    if as_json:
        print_json({"user": key.user, "key_id": key.key_id, "api_key": key.token})
        return
    console.print(f"API key for [bold]{key.user}[/] (id {key.key_id}); shown once, only its hash is stored:")
    print(key.token, flush=True)


@users_app.command("add")
def add(name: NameArg, as_json: JsonOpt = False) -> None:
    """Create a user and print its first API key (once)."""
    settings = load_settings()
    _show_key(_run(settings, lambda pool: users_.add_user(pool, name), as_json=as_json), as_json)


@users_app.command("key")
def key(name: NameArg, as_json: JsonOpt = False) -> None:
    """Issue another API key for a user (to rotate keys: issue, switch clients, revoke the old one)."""
    settings = load_settings()
    _show_key(_run(settings, lambda pool: users_.issue_key(pool, name), as_json=as_json), as_json)


@users_app.command("list")
def list_(as_json: JsonOpt = False) -> None:
    """List users with their active key count and stored credential providers."""
    settings = load_settings()
    found = _run(settings, users_.list_users, as_json=as_json)
    rows: list[dict[str, Any]] = [
        {
            "name": u.name,
            "created_at": u.created_at.isoformat(),
            "revoked_at": u.revoked_at.isoformat() if u.revoked_at else None,
            "active_keys": u.active_keys,
            "credentials": u.credentials,
        }
        for u in found
    ]
    if as_json:
        print_json(rows)
        return
    table = Table("name", "created", "revoked", "active keys", "credentials")
    for r in rows:
        table.add_row(
            r["name"],
            r["created_at"][:19],
            (r["revoked_at"] or "")[:19],
            str(r["active_keys"]),
            ", ".join(r["credentials"]),
        )
    console.print(table if rows else "No users yet; add one with `cognicore users add NAME`.")


@users_app.command("revoke")
def revoke(
    name: NameArg,
    key_id: Annotated[str | None, typer.Option("--key", help="Revoke only this key id (default: the user).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Revoke one key, or the user and all its keys; requests with them get 401 from then on."""
    settings = load_settings()
    count = _run(settings, lambda pool: users_.revoke(pool, name, key_id=key_id), as_json=as_json)
    if as_json:
        print_json({"user": name, "revoked_keys": count})
    else:
        console.print(f"revoked {count} key(s) of {name}" + ("" if key_id else " and the user"))


@users_app.command("set-credential")
def set_credential(
    name: NameArg,
    provider: Annotated[str, typer.Option(help="Model provider.")] = "gemini",
    as_json: JsonOpt = False,
) -> None:
    """Store a user's own model key, read from standard input, encrypted with COGNICORE_DATA_KEY."""
    settings = load_settings()
    secret = sys.stdin.readline().strip()
    if not secret:
        err_console.print("[red]error:[/] give the credential on standard input, e.g. `echo $KEY | cognicore ...`.")
        raise typer.Exit(2)
    keys = _data_keys(settings)
    _run(settings, lambda pool: users_.set_credential(pool, keys, name, provider, secret), as_json=as_json)
    if as_json:
        print_json({"user": name, "provider": provider, "stored": True})
    else:
        console.print(f"stored the {provider} credential of {name}, encrypted")


@users_app.command("rotate-data-key")
def rotate_data_key(as_json: JsonOpt = False) -> None:
    """Re-encrypt every stored credential with COGNICORE_DATA_KEY (old keys in COGNICORE_PREVIOUS_DATA_KEYS)."""
    settings = load_settings()
    keys = _data_keys(settings)
    count = _run(settings, lambda pool: users_.rotate_credentials(pool, keys), as_json=as_json)
    if as_json:
        print_json({"rotated": count})
    else:
        console.print(f"re-encrypted {count} credential(s) with the current data key")


def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    workers: Annotated[int, typer.Option(min=1, max=64, help="Worker processes, each with its own pool.")] = 1,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
) -> None:
    """Run the HTTP API (OpenAPI docs at /docs) with uvicorn; each worker opens the app once."""
    import uvicorn

    settings = load_settings()
    if workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # One metrics registry across worker processes: prometheus-client's multiprocess mode.
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="cognicore-metrics-")
    if settings.database_url is None and workers > 1:
        # Start the embedded server once here, so the workers share it instead of racing to start it.
        import asyncio

        from cognicore.app import database_url

        os.environ["DATABASE_URL"] = asyncio.run(database_url(settings))
    uvicorn.run(
        "cognicore.api:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        timeout_graceful_shutdown=30,
        # A worker answers the supervisor's ping from a thread that starts only once the worker process has
        # bootstrapped; on a loaded machine that takes longer than uvicorn's 5 s default, and it would kill
        # and respawn workers forever.
        timeout_worker_healthcheck=60,
    )


def register(app: typer.Typer) -> None:
    """Add `serve` and the `users` commands to the main CLI."""
    app.command("serve")(serve)
    app.add_typer(users_app, name="users")


__all__ = ["register"]
