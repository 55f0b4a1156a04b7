"""The CLI and the HTTP API are two doors to one service layer: same JSON objects, same errors, same data.

A real `cognicore serve` process and the CLI (run in process with typer's runner, on the same database) answer
the same questions about the same runs; the objects must be equal, not just alike.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from tests.integration.api_server import Server, clone_database, drop_database, make_user, run_server

QUESTION = "What is the return policy for opened headphones?"
# What differs between two runs of the same request by design: ids, the session, and clocks.
PER_RUN = {"run_id", "session", "timings_ms"}


@pytest.fixture(scope="module")
def server(pg_admin_url: str, template_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One single-worker server on its own database."""
    from tests.conftest import TEMPLATE

    name = f"parity_{uuid.uuid4().hex[:10]}"
    db_url = clone_database(pg_admin_url, TEMPLATE, name)
    try:
        yield from run_server(db_url, tmp_path_factory.mktemp("parity"), workers=1)
    finally:
        drop_database(pg_admin_url, name)


@pytest.fixture(scope="module")
def alice(server: Server) -> Iterator[httpx.Client]:
    key = make_user(server.db_url, "alice")
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as client:
        yield client


def app_cli() -> Any:
    from cognicore.cli import app

    return app


def cli_env(server: Server, data_dir: Path) -> dict[str, str]:
    return {"DATABASE_URL": server.db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1"}


def cli(server: Server, data_dir: Path, *args: str) -> tuple[int, Any]:
    """Run one CLI command with `--json` as user alice on the server's database; its exit code and JSON."""
    result = CliRunner().invoke(app_cli(), [*args, "--user", "alice", "--json"], env=cli_env(server, data_dir))
    assert result.stdout.strip(), (args, result.output, result.exception)
    return result.exit_code, json.loads(result.stdout)


def _same_error(cli_out: tuple[int, Any], response: httpx.Response, status: int) -> None:
    code, body = cli_out
    assert code == 1 and response.status_code == status, (cli_out, response.text)
    problem = response.json()
    assert body == {"error": {"type": problem["title"], "message": problem["detail"]}}


def test_cli_and_api_give_the_same_objects_and_errors(server: Server, alice: httpx.Client, tmp_path: Path) -> None:
    session = f"p-{uuid.uuid4().hex[:6]}"
    code, asked = cli(server, tmp_path, "ask", QUESTION, "--session", session)
    assert code == 0 and asked["outcome"] == "succeeded", asked
    over_http = alice.post("/v1/ask", json={"request": QUESTION, "session": f"{session}-http"})
    assert over_http.status_code == 200, over_http.text
    # The same request, one through each door: the same object but for what is per run.
    drop = {k: None for k in PER_RUN}
    assert {**asked, **drop} == {**over_http.json(), **drop}
    run_id = asked["run_id"]

    # Reads of the same data are equal objects.
    code, shown = cli(server, tmp_path, "runs", "show", run_id)
    assert code == 0 and shown == alice.get(f"/v1/runs/{run_id}").json()
    assert shown["id"] == run_id and shown["calls"] is not None
    code, history = cli(server, tmp_path, "history", "--session", session)
    assert code == 0 and history and history == alice.get(f"/v1/sessions/{session}/history").json()
    code, runs = cli(server, tmp_path, "runs", "list")
    assert code == 0 and runs == alice.get("/v1/runs").json() and len(runs) == 2
    result = CliRunner().invoke(app_cli(), ["agents", "--json"], env=cli_env(server, tmp_path))
    assert result.exit_code == 0 and json.loads(result.stdout) == alice.get("/v1/agents").json()
    code, facts = cli(server, tmp_path, "memory", "facts", "--as-of", "2026-01-31T12:00:00+00:00")
    assert code == 0 and facts == alice.get("/v1/memory/facts", params={"as_of": "2026-01-31T12:00:00Z"}).json()

    # Errors: the same class and message, exit 1 on the command line, problem JSON over HTTP.
    _same_error(cli(server, tmp_path, "runs", "show", "nosuchrun"), alice.get("/v1/runs/nosuchrun"), 404)
    _same_error(
        cli(server, tmp_path, "history", "--session", "nosuchsession"),
        alice.get("/v1/sessions/nosuchsession/history"),
        404,
    )
    _same_error(
        cli(server, tmp_path, "resume", "--session", session),
        alice.post(f"/v1/sessions/{session}/resume"),
        409,
    )
    _same_error(
        cli(server, tmp_path, "feedback", "nosuchrun", "--good"),
        alice.post("/v1/runs/nosuchrun/feedback", json={"good": True}),
        404,
    )

    # A verdict given on the command line reads back the same over HTTP: one verdict per run, the same again.
    code, judged = cli(server, tmp_path, "feedback", run_id, "--bad", "--note", "wrong policy")
    assert code == 0 and judged["run_id"] == run_id and judged["good"] is False
    again = alice.post(f"/v1/runs/{run_id}/feedback", json={"good": False, "note": "wrong policy"})
    assert again.status_code == 200 and again.json()["memory"]["applied"] == 0  # an unchanged verdict counts once
