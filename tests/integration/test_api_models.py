"""Model selection through a real server: an OpenAI-compatible local model, and a user's own Gemini key.

Both model APIs are local stand-ins (see `model_standins`); the server process is the real `cognicore serve`.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from psycopg import sql

from tests.integration.api_server import Server, clone_database, drop_database, make_user, run_server
from tests.integration.model_standins import ANSWER, StandIn, gemini_standin, openai_standin

QUESTION = "What is the return policy for opened headphones?"


@pytest.fixture
def database(pg_admin_url: str, template_url: str) -> Iterator[str]:
    """A fresh database cloned from the migrated, demo-seeded template."""
    from tests.conftest import TEMPLATE

    name = f"models_{uuid.uuid4().hex[:10]}"
    yield clone_database(pg_admin_url, TEMPLATE, name)
    drop_database(pg_admin_url, name)


def _client(server: Server, key: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=120)


def test_an_openai_compatible_local_model_answers_through_the_graph(database: str, tmp_path: Path) -> None:
    with openai_standin() as model:
        env = {
            "COGNICORE_CHAT_MODEL": "openai:local-model",
            "COGNICORE_MODEL_BASE_URL": f"{model.url}/v1",
            "COGNICORE_MODEL_API_KEY": "sk-local-test",
        }
        for server in run_server(database, tmp_path, workers=1, extra_env=env):
            with _client(server, make_user(database, "olga")) as olga:
                response = olga.post("/v1/ask", json={"request": QUESTION})
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["engine"] == "openai:local-model" and result["outcome"] == "succeeded"
    assert result["intent"] == "question" and ANSWER.split(" [")[0] in result["answer"]
    paths = {r["path"] for r in model.requests}
    assert paths == {"/v1/chat/completions"}
    assert {r["key"] for r in model.requests} == {"Bearer sk-local-test"}
    # Each role asked for its own schema: the classifier's and the composer's at least (rules did not answer).
    asked = {
        r["body"]["response_format"]["json_schema"]["name"] for r in model.requests if "response_format" in r["body"]
    }
    assert {"IntentDecision", "ComposedAnswer"} <= asked
    assert {r["body"]["model"] for r in model.requests} == {"local-model"}


def _database_text(db_url: str) -> str:
    """Every row of every table of every schema as text (what a leak could have written); bytea shows as hex."""
    out: list[str] = []
    with psycopg.connect(db_url) as conn:
        tables = conn.execute(
            "SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') "
            "AND tablename <> 'user_credentials'"
        ).fetchall()
        assert ("public", "checkpoint_blobs") in tables and ("public", "runs") in tables
        for schema, table in tables:
            query = sql.SQL("SELECT t::text FROM {}.{} t").format(sql.Identifier(schema), sql.Identifier(table))
            out += [row[0] for row in conn.execute(query).fetchall()]
    return "\n".join(out)


def _calls_with(model: StandIn, key: str) -> int:
    return sum(1 for r in model.requests if r["key"] == key)


def test_a_users_own_gemini_key_runs_that_users_requests_and_never_leaks(database: str, tmp_path: Path) -> None:
    secret = f"AIza-user-{uuid.uuid4().hex}"
    seen: list[str] = []
    with gemini_standin() as gemini:
        # The deployment has no model key: without a key of its own, a user is answered by the offline engine.
        for server in run_server(database, tmp_path, workers=1, extra_env={"COGNICORE_GOOGLE_BASE_URL": gemini.url}):
            alice_key, bob_key = make_user(database, "alice"), make_user(database, "bob")
            with _client(server, alice_key) as alice, _client(server, bob_key) as bob:
                stored = alice.put("/v1/me/credentials/gemini", json={"secret": secret})
                assert stored.status_code == 200, stored.text
                seen.append(stored.text)
                mine = alice.post("/v1/ask", json={"request": QUESTION, "session": "a1"})
                assert mine.status_code == 200, mine.text
                assert mine.json()["engine"] == "gemini:gemini-2.5-flash" and mine.json()["outcome"] == "succeeded"
                assert ANSWER.split(" [")[0] in mine.json()["answer"]
                used = _calls_with(gemini, secret)
                assert used >= 2 and {r["key"] for r in gemini.requests} == {secret}

                theirs = bob.post("/v1/ask", json={"request": QUESTION, "session": "b1"})
                assert theirs.status_code == 200 and theirs.json()["engine"] == "offline"
                # Bob's run never touched Alice's model or key (her fact extraction, after her reply, did).
                assert {r["key"] for r in gemini.requests} == {secret}

                # The model refuses the key: the failure is reported without it.
                gemini.fail = (400, "API key not valid. Please pass a valid API key.")
                failed = alice.post("/v1/ask", json={"request": "And for opened speakers?", "session": "a1"})
                assert failed.status_code in (200, 502), failed.text
                gemini.fail = None
                run_id = mine.json()["run_id"]
                for path in ("/v1/me", f"/v1/runs/{run_id}", "/v1/runs", "/v1/sessions/a1/history"):
                    got = alice.get(path)
                    assert got.status_code == 200, got.text
                    seen.append(got.text)
                seen += [mine.text, failed.text, httpx.get(f"{server.url}/metrics").text]
            log = server.log.read_text()
    assert "API key not valid" in failed.text or "API key not valid" in log
    stored = _database_text(database)
    assert "What is the return policy" in stored  # the dump did read the run records
    # Checkpoint blobs and role-call records are bytea or JSON: look for the key as text and as hex bytes.
    assert secret.encode().hex() not in stored.lower()
    for text in [*seen, log, stored]:
        assert secret not in text
