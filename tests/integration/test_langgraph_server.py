"""`langgraph dev` serves the orchestrator from langgraph.json, and the LangGraph SDK runs a task on it, offline."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.integration.api_server import clone_database, drop_database, free_port, wait_until_up

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "What is the return policy for opened headphones?"
TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"

pytestmark = pytest.mark.skipif(shutil.which("langgraph") is None, reason="needs the [server] extra (langgraph-cli)")


@pytest.fixture
def langgraph_url(pg_admin_url: str, template_url: str, tmp_path: Path) -> Iterator[str]:
    """`langgraph dev` on a free localhost port, over a fresh copy of the test database; no network needed."""
    from tests.conftest import TEMPLATE

    name = f"lgdev_{uuid.uuid4().hex[:10]}"
    db_url = clone_database(pg_admin_url, TEMPLATE, name)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {
        "DATABASE_URL": db_url,
        "COGNICORE_DATA_DIR": str(tmp_path / "data"),
        "LANGSMITH_TRACING": "false",
        "LANGCHAIN_TRACING_V2": "false",
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
    }
    log = tmp_path / "langgraph.log"
    command = [
        str(Path(shutil.which("langgraph") or "langgraph")),
        "dev",
        "--no-browser",
        "--no-reload",
        "--allow-blocking",
        "--port",
        str(port),
        "--config",
        str(ROOT / "langgraph.json"),
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, env=env, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(proc, f"{url}/ok", log, 180)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        drop_database(pg_admin_url, name)


async def test_the_sdk_runs_a_question_and_a_task(langgraph_url: str) -> None:
    from langgraph_sdk import get_client

    client = get_client(url=langgraph_url)
    [assistant] = await client.assistants.search(graph_id="cognicore")
    thread = await client.threads.create()
    answered: Any = await client.runs.wait(thread["thread_id"], assistant["assistant_id"], input={"request": QUESTION})
    result = answered["result"]
    assert result["outcome"] == "succeeded" and result["intent"] == "question" and "opened" in result["answer"]
    assert result["session"] == thread["thread_id"] == answered["session"]

    # A task on the same thread (one session), streamed: the orchestrator's own events arrive as `custom`.
    events: list[str] = []
    final: dict[str, Any] = {}
    async for part in client.runs.stream(
        thread["thread_id"], assistant["assistant_id"], input={"request": TASK}, stream_mode=["custom", "values"]
    ):
        if part.event == "custom":
            events.append(part.data.get("event", ""))
        elif part.event == "values":
            final = part.data
    assert "node_start" in events and "step_start" in events
    task = final["result"]
    assert task["intent"] == "task" and task["outcome"] == "succeeded" and task["plan"]["steps"]
    assert task["session"] == result["session"] and task["run_id"] != result["run_id"]
