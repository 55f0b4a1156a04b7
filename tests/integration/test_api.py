"""The HTTP API against a real `cognicore serve` process: each endpoint, its errors, and tenant isolation."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest

from tests.integration.api_server import (
    DATA_KEY,
    MAX_BODY,
    MAX_UPLOAD,
    Server,
    clone_database,
    drop_database,
    make_user,
    on_pool,
    run_server,
)

QUESTION = "What is the return policy for opened headphones?"
TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def server(pg_admin_url: str, template_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server (two workers) on its own database for the whole module."""
    from tests.conftest import TEMPLATE

    name = f"api_{uuid.uuid4().hex[:10]}"
    db_url = clone_database(pg_admin_url, TEMPLATE, name)
    try:
        yield from run_server(db_url, tmp_path_factory.mktemp("api"), extra_env={"COGNICORE_API_ADMINS": '["ops"]'})
    finally:
        drop_database(pg_admin_url, name)


@pytest.fixture(scope="module")
def keys(server: Server) -> dict[str, str]:
    """API keys of two users, alice and bob."""
    return {name: make_user(server.db_url, name) for name in ("alice", "bob")}


@pytest.fixture(scope="module")
def alice(server: Server, keys: dict[str, str]) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {keys['alice']}"}, timeout=120) as c:
        yield c


@pytest.fixture(scope="module")
def bob(server: Server, keys: dict[str, str]) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {keys['bob']}"}, timeout=120) as c:
        yield c


@pytest.fixture(scope="module")
def alice_session(alice: httpx.Client) -> dict[str, Any]:
    """Alice asks a knowledge question, then gives a task, on one session; returns the task's result."""
    session = f"alice-{uuid.uuid4().hex[:6]}"
    first = alice.post("/v1/ask", json={"request": QUESTION, "session": session})
    assert first.status_code == 200, first.text
    second = alice.post("/v1/ask", json={"request": TASK, "session": session})
    assert second.status_code == 200, second.text
    return {"session": session, "question": first.json(), "task": second.json()}


def _problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert body["status"] == status and body["title"] and body["detail"] and body["type"].startswith("urn:")
    return body


def _events(text: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in lines:
            out.append((lines["event"], json.loads(lines["data"])))
    return out


def test_health_ready_metrics_and_docs(server: Server) -> None:
    assert httpx.get(f"{server.url}/healthz").json() == {"status": "ok"}
    ready = httpx.get(f"{server.url}/readyz").json()
    assert ready["status"] == "ready" and ready["database"] == "ok" and ready["migrations"] == "ok"
    assert {"pool_size", "pool_available", "requests_waiting"} <= set(ready["pool"])
    assert set(ready["pools"]) == {"app", "sql_reader", "owner"} and ready["pools"]["app"]["pool_max"] >= 1
    assert isinstance(ready["queue_depth"], int)
    spec = httpx.get(f"{server.url}/openapi.json").json()
    assert {"/v1/ask", "/v1/ask/stream", "/v1/runs/{run_id}", "/v1/knowledge"} <= set(spec["paths"])
    assert httpx.get(f"{server.url}/docs").status_code == 200
    metrics = httpx.get(f"{server.url}/metrics").text
    assert 'cognicore_http_requests_total{method="GET",route="/readyz",status="200"}' in metrics


def test_requests_need_a_valid_key(server: Server) -> None:
    body = _problem(httpx.post(f"{server.url}/v1/ask", json={"request": "hi"}), 401)
    assert "cognicore users add" in body["detail"]
    bad = httpx.get(f"{server.url}/v1/runs", headers={"Authorization": "Bearer cc_000000000000_" + "x" * 43})
    assert "Unknown or revoked" in _problem(bad, 401)["detail"]
    assert _problem(httpx.get(f"{server.url}/v1/runs", headers={"Authorization": "Basic Zm9vOmJhcg=="}), 401)


def test_revoked_key_is_refused(server: Server) -> None:
    from cognicore.users import revoke

    key = make_user(server.db_url, "carol")
    headers = {"Authorization": f"Bearer {key}"}
    assert httpx.get(f"{server.url}/v1/me", headers=headers).json()["user"] == "carol"
    assert on_pool(server.db_url, lambda pool: revoke(pool, "carol")) == 1
    _problem(httpx.get(f"{server.url}/v1/me", headers=headers), 401)


def test_ask_returns_the_ask_json_object(alice_session: dict[str, Any]) -> None:
    from cognicore.orchestrator.runner import RunResult

    question = alice_session["question"]
    assert set(question) == set(RunResult.model_fields)
    assert question["session"] == alice_session["session"] and question["outcome"] == "succeeded"
    assert question["intent"] == "question" and "opened" in question["answer"].lower()
    task = alice_session["task"]
    assert task["intent"] == "task" and task["outcome"] == "succeeded" and task["plan"]["steps"]


def test_ask_reports_refused_and_unsure_outcomes(alice: httpx.Client) -> None:
    """Issue 9: a request no agent can do is refused with what the agents do; a foreign one is unsure."""
    body = alice.post("/v1/ask", json={"request": "Rent me a bicycle for Saturday"}).json()
    assert body["outcome"] == "refused" and body["plan"] is None and "database_query" in body["answer"]
    body = alice.post("/v1/ask", json={"request": "Quelles sont les ventes de notre entreprise cette année ?"}).json()
    assert body["outcome"] == "unsure" and "French" in body["answer"]


def test_ask_errors(alice: httpx.Client) -> None:
    assert "request" in _problem(alice.post("/v1/ask", json={}), 422)["detail"]
    _problem(alice.post("/v1/ask", json={"request": ""}), 422)
    # The tenant comes from the key only: a body naming a user is refused, not obeyed.
    _problem(alice.post("/v1/ask", json={"request": QUESTION, "user": "bob"}), 422)
    _problem(alice.post("/v1/ask", json={"request": QUESTION, "session": "bad session/id"}), 422)
    _problem(alice.post("/v1/ask", content=b"{not json", headers={"content-type": "application/json"}), 422)


def test_oversized_bodies_are_refused(alice: httpx.Client) -> None:
    big = {"request": "x" * (MAX_BODY + 10)}
    assert "COGNICORE_API_MAX_BODY_BYTES" in _problem(alice.post("/v1/ask", json=big), 413)["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts while reading
        yield b'{"request": "'
        for _ in range(MAX_BODY // 1000 + 5):
            yield b"y" * 1000
        yield b'"}'

    chunked = alice.post("/v1/ask", content=chunks(), headers={"content-type": "application/json"})
    _problem(chunked, 413)
    upload = alice.post("/v1/knowledge", files={"file": ("big.md", b"z" * (MAX_UPLOAD + 1), "text/markdown")})
    _problem(upload, 413)


def test_stream_sends_progress_answer_then_result(alice: httpx.Client) -> None:
    session = f"stream-{uuid.uuid4().hex[:6]}"
    response = alice.post("/v1/ask/stream", json={"request": QUESTION, "session": session})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    events = _events(response.text)
    names = [name for name, _ in events]
    assert names[0] == "session" and events[0][1] == {"session": session}
    assert "node_start" in names and "intent" in names
    assert names[-2:] == ["answer", "result"]
    assert events[-1][1]["session"] == session and events[-1][1]["answer"] == events[-2][1]["answer"]


def test_stream_disconnect_leaves_a_resumable_run(alice: httpx.Client) -> None:
    session = f"cut-{uuid.uuid4().hex[:6]}"
    with alice.stream("POST", "/v1/ask/stream", json={"request": TASK, "session": session}) as response:
        for line in response.iter_lines():
            if line == "event: step_start":
                break  # hang up mid-plan
    runs: list[dict[str, Any]] = []
    for _ in range(100):
        runs = alice.get("/v1/runs", params={"session": session}).json()
        if runs and runs[0]["status"] != "running":
            break
        time.sleep(0.1)
    assert runs[0]["status"] in ("interrupted", "succeeded"), runs
    if runs[0]["status"] == "interrupted":
        resumed = alice.post(f"/v1/sessions/{session}/resume")
        assert resumed.status_code == 200, resumed.text
        assert resumed.json()["outcome"] == "succeeded" and resumed.json()["run_id"] == runs[0]["id"]
    else:  # the run finished before the server noticed the hang-up: nothing to resume
        _problem(alice.post(f"/v1/sessions/{session}/resume"), 409)


def test_sessions_runs_and_replay(alice: httpx.Client, alice_session: dict[str, Any]) -> None:
    session = alice_session["session"]
    history = alice.get(f"/v1/sessions/{session}/history", params={"limit": 5}).json()
    assert 0 < len(history) <= 5 and {"checkpoint_id", "step", "next", "run_id"} <= set(history[0])
    _problem(alice.post(f"/v1/sessions/{session}/resume"), 409)
    runs = alice.get("/v1/runs", params={"session": session}).json()
    assert [r["id"] for r in runs] == [alice_session["task"]["run_id"], alice_session["question"]["run_id"]]
    run = alice.get(f"/v1/runs/{runs[1]['id']}").json()
    assert run["request"] == QUESTION and run["status"] == "succeeded" and isinstance(run["calls"], list)
    replay = alice.post(f"/v1/runs/{runs[1]['id']}/replay", json={"mode": "recorded"})
    assert replay.status_code == 200, replay.text
    assert replay.json()["original_run"] == runs[1]["id"]
    _problem(alice.get("/v1/runs/no-such-run"), 404)
    _problem(alice.get("/v1/sessions/no-such-session/history"), 404)
    _problem(alice.post("/v1/runs/x/replay", json={"mode": "sideways"}), 422)


def test_workflows_memory_and_jobs(alice: httpx.Client, alice_session: dict[str, Any]) -> None:
    assert alice.post("/v1/jobs/memory").status_code == 200
    workflows = alice.get("/v1/workflows").json()
    if workflows:
        shown = alice.get(f"/v1/workflows/{workflows[0]['id']}").json()
        assert shown["id"] == workflows[0]["id"] and shown["template"]["steps"]
    _problem(alice.get("/v1/workflows/999999"), 404)
    found = alice.get("/v1/memory/search", params={"q": "headphones return policy", "k": 5}).json()
    assert found["memories"], found
    memory_id = found["memories"][0]["id"]
    assert alice.get(f"/v1/memory/items/{memory_id}/explain").status_code == 200
    stats = alice.get("/v1/memory/stats").json()
    assert stats["user"] == "alice" and stats["memories"]["total"] >= 2
    assert isinstance(alice.get("/v1/memory/facts").json(), list)
    assert isinstance(alice.get("/v1/memory/categories").json(), list)
    _problem(alice.get("/v1/memory/search"), 422)
    _problem(alice.get("/v1/memory/items/999999999/explain"), 404)


def test_knowledge_upload_and_list(alice: httpx.Client) -> None:
    name = f"note-{uuid.uuid4().hex[:6]}.md"
    text = b"# Gift cards\n\nGift cards never expire and can be used online or in stores.\n"
    first = alice.post("/v1/knowledge", files={"file": (name, text, "text/markdown")})
    assert first.status_code == 200, first.text
    assert first.json() == {"source": f"upload/{name}", "status": "added", "bytes": len(text)}
    again = alice.post("/v1/knowledge", files={"file": (name, text, "text/markdown")})
    assert again.json()["status"] == "unchanged"
    assert f"upload/{name}" in {d["source"] for d in alice.get("/v1/knowledge").json()}
    assert ".md" in _problem(alice.post("/v1/knowledge", files={"file": ("x.pdf", b"%PDF", "x/pdf")}), 422)["detail"]
    _problem(alice.post("/v1/knowledge", files={"file": ("x.txt", b"\xff\xfe\x00", "text/plain")}), 422)
    _problem(alice.post("/v1/knowledge", data={"nothing": "here"}), 422)


def test_credentials_are_stored_encrypted(server: Server, alice: httpx.Client) -> None:
    from cognicore.users import DataKeys, get_credential

    secret = f"AIza-{uuid.uuid4().hex}"
    stored = alice.put("/v1/me/credentials/gemini", json={"secret": secret})
    assert stored.status_code == 200, stored.text
    assert "secret" not in stored.json() and alice.get("/v1/me").json()["credentials"] == ["gemini"]
    _problem(alice.put("/v1/me/credentials/openai", json={"secret": "x"}), 422)
    with psycopg.connect(server.db_url) as conn:
        row = conn.execute("SELECT ciphertext FROM user_credentials WHERE user_name = 'alice'").fetchone()
    assert row is not None and secret.encode() not in bytes(row[0])
    keys = DataKeys.from_text(DATA_KEY)
    assert on_pool(server.db_url, lambda pool: get_credential(pool, keys, "alice", "gemini")) == secret
    # Forgotten again: Alice's requests go back to the deployment's (offline) model.
    assert alice.delete("/v1/me/credentials/gemini").json()["removed"] is True
    assert alice.get("/v1/me").json()["credentials"] == []
    assert alice.delete("/v1/me/credentials/gemini").json()["removed"] is False


def test_bob_cannot_read_or_change_what_alice_owns(
    alice: httpx.Client, bob: httpx.Client, alice_session: dict[str, Any]
) -> None:
    session = alice_session["session"]
    run_id = alice_session["question"]["run_id"]
    _problem(bob.get(f"/v1/sessions/{session}/history"), 404)
    _problem(bob.post(f"/v1/sessions/{session}/resume"), 404)
    _problem(bob.post(f"/v1/sessions/{session}/fork", json={"checkpoint": "x"}), 404)
    _problem(bob.get(f"/v1/runs/{run_id}"), 404)
    _problem(bob.post(f"/v1/runs/{run_id}/replay", json={}), 404)
    assert run_id not in {r["id"] for r in bob.get("/v1/runs", params={"limit": 500}).json()}
    assert bob.get("/v1/memory/stats").json()["memories"]["total"] == 0
    assert bob.get("/v1/memory/facts").json() == []
    # Sessions are per user: the same session id gives Bob a conversation of his own, not Alice's.
    mine = bob.post("/v1/ask", json={"request": "What did I ask before?", "session": session})
    assert mine.status_code == 200, mine.text
    assert [r["id"] for r in bob.get("/v1/runs", params={"session": session}).json()] == [mine.json()["run_id"]]
    assert mine.json()["run_id"] not in {r["id"] for r in alice.get("/v1/runs", params={"session": session}).json()}
    for wf in alice.get("/v1/workflows", params={"all": True}).json():
        _problem(bob.get(f"/v1/workflows/{wf['id']}"), 404)
        _problem(bob.post(f"/v1/workflows/{wf['id']}/retire"), 404)
    memories = alice.get("/v1/memory/search", params={"q": "headphones return policy"}).json()["memories"]
    assert memories
    alice_ids = {m["id"] for m in memories}
    bobs = bob.get("/v1/memory/search", params={"q": "headphones return policy"}).json()["memories"]
    assert not alice_ids & {m["id"] for m in bobs}
    _problem(bob.get(f"/v1/memory/items/{memories[0]['id']}/explain"), 404)
    alice_facts = {f["id"] for f in alice.get("/v1/memory/facts").json()}
    assert not alice_facts & {f["id"] for f in bob.get("/v1/memory/facts").json()}
    assert bob.get("/v1/me").json()["credentials"] == []


def test_metrics_count_runs_and_model_calls(server: Server, alice_session: dict[str, Any]) -> None:
    text = httpx.get(f"{server.url}/metrics").text
    assert "cognicore_runs_total" in text and "cognicore_run_seconds_bucket" in text
    assert "cognicore_db_pool{" in text
    assert 'route="/v1/ask",status="200"' in text


WORKFLOW_FILE = {
    "format": "cognicore.workflow/v1",
    "name": "policy lookup",
    "steps": [{"id": "s1", "agent": "rag_query", "instruction": "Find what our policies say about: {request}"}],
    "triggers": ["What does the policy say about opened headphones?"],
}


def test_workflows_export_and_import(alice: httpx.Client, bob: httpx.Client) -> None:
    imported = alice.post("/v1/workflows", json=WORKFLOW_FILE)
    assert imported.status_code == 200, imported.text
    wf_id = imported.json()["id"]
    exported = alice.get(f"/v1/workflows/{wf_id}/export").json()
    assert exported["name"] == "policy lookup" and exported["steps"][0]["agent"] == "rag_query"
    assert exported["triggers"] == WORKFLOW_FILE["triggers"]
    again = alice.post("/v1/workflows", json={**exported, "triggers": ["What does the policy say about gift cards?"]})
    assert again.json() == {"id": wf_id, "created": False}  # the same workflow, one more trigger
    assert len(alice.get(f"/v1/workflows/{wf_id}").json()["triggers"]) == 2
    # An exported file moves between users: Bob's copy is his own workflow; Alice's stays hers alone.
    _problem(bob.get(f"/v1/workflows/{wf_id}/export"), 404)
    bobs = bob.post("/v1/workflows", json=exported)
    assert bobs.status_code == 200 and bobs.json()["id"] != wf_id
    unknown = {**WORKFLOW_FILE, "steps": [{"id": "s1", "agent": "no_such_agent", "instruction": "do {request}"}]}
    assert "no_such_agent" in _problem(alice.post("/v1/workflows", json=unknown), 422)["detail"]
    _problem(alice.post("/v1/workflows", json={**WORKFLOW_FILE, "steps": []}), 422)
    _problem(alice.get("/v1/workflows/999999/export"), 404)


def test_memory_ingest_items_context_extract_summarize(alice: httpx.Client, bob: httpx.Client) -> None:
    first = alice.post(
        "/v1/memory/messages", json={"text": "Our team ships the briefing on Mondays.", "speaker": "Dana"}
    )
    assert first.status_code == 200, first.text
    said = alice.post("/v1/memory/messages", json={"text": "I prefer the weekly briefing as a PDF.", "session": "m1"})
    assert said.status_code == 200, said.text
    assert said.json()["stored"] == 1 and said.json()["jobs"] == 1
    page = alice.get("/v1/memory/items", params={"kind": "observation", "limit": 1}).json()
    assert [i["content"] for i in page["items"]] == ["user: I prefer the weekly briefing as a PDF."]
    assert page["items"][0]["metadata"]["speaker"] == "user" and page["next_before"] == page["items"][0]["id"]
    older = alice.get("/v1/memory/items", params={"before": page["next_before"], "limit": 500}).json()["items"]
    assert older and all(i["id"] < page["next_before"] for i in older)
    assert alice.post("/v1/memory/extract").json()["jobs"]["done"] >= 1
    recalled = alice.get("/v1/memory/retrieve", params={"q": "weekly briefing format"}).json()
    assert set(recalled) == {"categories", "facts", "episodes"}
    context = alice.get("/v1/memory/context", params={"q": "weekly briefing format"}).json()
    assert "PDF" in context["text"] and context["tokens"] > 0
    summary = alice.post("/v1/memory/summarize")
    assert summary.status_code == 200 and isinstance(summary.json()["categories"], list)
    assert alice.get("/v1/memory/facts", params={"as_of": "2000-01-01T00:00:00Z"}).json() == []
    now = {f["id"] for f in alice.get("/v1/memory/facts", params={"as_of": "2999-01-01T00:00:00Z"}).json()}
    assert now == {f["id"] for f in alice.get("/v1/memory/facts", params={"active": True}).json()}
    # Bob sees none of it.
    assert "PDF" not in bob.get("/v1/memory/context", params={"q": "weekly briefing format"}).json()["text"]
    bob_items = bob.get("/v1/memory/items", params={"limit": 500}).json()["items"]
    assert not {i["id"] for i in older} & {i["id"] for i in bob_items}
    # A message dated a thousand years back is stored and recalled (its recency is ~0, not an error).
    ancient = {"text": "The briefing template was chosen long ago.", "at": "1026-01-01T00:00:00Z", "session": "m2"}
    assert alice.post("/v1/memory/messages", json=ancient).status_code == 200
    assert alice.get("/v1/memory/retrieve", params={"q": "briefing template", "session": "m2"}).status_code == 200
    _problem(alice.post("/v1/memory/messages", json={"text": "   "}), 422)
    _problem(alice.post("/v1/memory/messages", json={"text": "x", "user": "bob"}), 422)
    _problem(alice.get("/v1/memory/items", params={"kind": "dream"}), 422)
    _problem(alice.get("/v1/memory/retrieve"), 422)


def test_eval_runs_in_the_background_and_is_polled(alice: httpx.Client, bob: httpx.Client) -> None:
    suite = {
        "name": "api smoke",
        "user": "bob",  # ignored: the suite runs as the key's user
        "cases": [{"id": "q1", "request": QUESTION, "expect": {"intent": "question", "answer_contains": "opened"}}],
    }
    started = alice.post("/v1/eval", json={"suite": suite})
    assert started.status_code == 202, started.text
    task_id = started.json()["id"]
    assert started.json()["status"] == "running" and started.json()["cases"] == 1
    _problem(bob.get(f"/v1/eval/{task_id}"), 404)
    status: dict[str, Any] = {}
    for _ in range(600):
        status = alice.get(f"/v1/eval/{task_id}").json()
        if status["status"] != "running":
            break
        time.sleep(0.2)
    assert status["status"] == "done", status
    report = status["result"]
    assert report["user"] == "alice" and report["totals"]["passed"] == 1, report
    runs = alice.get("/v1/runs", params={"limit": 5}).json()
    assert report["cases"][0]["run_id"] in {r["id"] for r in runs}
    _problem(alice.post("/v1/eval", json={"suite": {"name": "empty", "cases": []}}), 422)
    _problem(alice.get("/v1/eval/abcdef"), 404)


def test_jobs_are_for_operators(server: Server, alice: httpx.Client) -> None:
    assert "COGNICORE_API_ADMINS" in _problem(alice.post("/v1/jobs/nightly"), 403)["detail"]
    _problem(alice.get("/v1/jobs"), 403)
    with httpx.Client(
        base_url=server.url, headers={"Authorization": f"Bearer {make_user(server.db_url, 'ops')}"}, timeout=120
    ) as ops:
        _problem(ops.post("/v1/jobs/hourly"), 422)
        started = ops.post("/v1/jobs/nightly")
        assert started.status_code == 202, started.text
        period = started.json()["period"]
        run: dict[str, Any] = {}
        for _ in range(300):
            runs = ops.get("/v1/jobs").json()["runs"]
            run = next((r for r in runs if r["period"] == period), {})
            if run.get("status") in ("done", "failed"):
                break
            time.sleep(0.2)
        assert run.get("status") == "done", run
        assert run["job"] == "nightly" and run["steps"] >= 1
