"""Runs, role calls, workflows, checkpoints and conversations belong to one user (Python API and SQL)."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory.tenancy import user_transaction
from cognicore.orchestrator.errors import NothingToResume
from cognicore.orchestrator.threads import CHECKPOINT_TABLES, thread_id
from cognicore.workflows.errors import WorkflowNotFound

DEMO_TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
QUESTION = "What is the return policy for opened headphones?"
OWNED_TABLES = ("runs", "run_calls", "workflows", "workflow_triggers", "conversation_turns")


async def _both_users_on_one_session(app: App) -> tuple[str, str]:
    ann = await app.runner.ask(DEMO_TASK, session_id="shared-name", user_id="ann")
    bob = await app.runner.ask(QUESTION, session_id="shared-name", user_id="bob")
    assert ann.outcome == bob.outcome == "succeeded", (ann.error, bob.error)
    return ann.run_id, bob.run_id


def test_thread_ids_keep_user_and_session_apart() -> None:
    assert thread_id("ann", "s1") != thread_id("bob", "s1")
    assert thread_id("a:b", "c") != thread_id("a", "b:c"), "a colon in a user id cannot forge another thread"
    assert thread_id("a:b", "c").split(":", 1) == ["613a62", "c"]


async def test_one_user_never_sees_another_users_runs_calls_or_workflows(app: App) -> None:
    ann_run, bob_run = await _both_users_on_one_session(app)
    assert [r.id for r in await app.runs.list(user_id="bob")] == [bob_run]
    assert [r.id for r in await app.runs.list(user_id="bob", session_id="shared-name")] == [bob_run]
    assert await app.runs.get(ann_run, user_id="bob") is None
    assert await app.runs.calls(ann_run, user_id="bob") == []
    assert await app.runs.calls(ann_run, user_id="ann"), "the owner sees the role calls"
    ann_workflows = await app.workflows.list(user_id="ann")
    assert len(ann_workflows) == 1 and await app.workflows.list(user_id="bob") == []
    with pytest.raises(WorkflowNotFound):
        await app.workflows.get(workflow_id=ann_workflows[0].id, user_id="bob")
    with pytest.raises(WorkflowNotFound):
        await app.workflows.set_status(workflow_id=ann_workflows[0].id, user_id="bob", status="retired")
    assert (await app.workflows.get(workflow_id=ann_workflows[0].id, user_id="ann")).status == "active"
    with pytest.raises(WorkflowNotFound):
        await app.runner.replay(ann_run, user_id="bob")


async def test_checkpoints_and_conversation_are_per_user_even_with_the_same_session_name(app: App) -> None:
    ann_run, bob_run = await _both_users_on_one_session(app)
    ann_history = await app.runner.history(session_id="shared-name", user_id="ann")
    bob_history = await app.runner.history(session_id="shared-name", user_id="bob")
    assert {h.run_id for h in ann_history} - {None} == {ann_run}
    assert {h.run_id for h in bob_history} - {None} == {bob_run}
    # bob's run did not recall ann's turns: its state's history holds none of her request
    bob_state = await app.runner._graph.aget_state({"configurable": {"thread_id": thread_id("bob", "shared-name")}})
    assert all(DEMO_TASK not in t["content"] for t in bob_state.values.get("history", []))
    turns = await app.memory.conversations.recent(user_id="bob", session_id="shared-name")
    assert [t.content for t in turns if t.speaker == "user"] == [QUESTION]
    # bob cannot fork from ann's checkpoint, even knowing its id
    at_plan = next(h for h in ann_history if h.next)
    with pytest.raises(NothingToResume):
        await app.runner.fork(session_id="shared-name", user_id="bob", checkpoint_id=at_plan.checkpoint_id)


async def test_the_knowledge_base_is_shared_on_purpose(app: App, pool: AsyncConnectionPool) -> None:
    ann = await app.runner.ask(QUESTION, session_id="kb", user_id="ann")
    bob = await app.runner.ask(QUESTION, session_id="kb", user_id="bob")
    # the knowledge base is the deployment's: both users' answers cite the same documents
    assert ann.citations and [c["source"] for c in ann.citations] == [c["source"] for c in bob.citations]
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT relrowsecurity AS rls FROM pg_class WHERE relname IN ('kb_documents', 'kb_chunks')"
        )
        assert [r["rls"] for r in await cur.fetchall()] == [False, False]


async def test_a_crafted_query_as_one_user_reads_no_row_of_another(app: App, pool: AsyncConnectionPool) -> None:
    await _both_users_on_one_session(app)
    async with user_transaction(pool, "bob") as conn:
        for table in OWNED_TABLES:
            cur = await conn.execute(f"SELECT count(*) AS n FROM {table} WHERE user_id <> 'bob'")
            assert (await cur.fetchone())["n"] == 0, table  # type: ignore[index]
            cur = await conn.execute(f"SELECT count(*) AS n FROM {table}")
            assert (await cur.fetchone())["n"] >= (0 if table.startswith("workflow") else 1), table  # type: ignore[index]
        # joins through another table do not leak either
        cur = await conn.execute("SELECT count(*) AS n FROM run_calls c JOIN runs r ON r.id = c.run_id")
        bob_calls = (await cur.fetchone())["n"]  # type: ignore[index]
        cur = await conn.execute("SELECT count(*) AS n FROM run_calls")
        assert (await cur.fetchone())["n"] == bob_calls  # type: ignore[index]
        # checkpoint threads too: only bob's, whatever the query asks for
        for table in CHECKPOINT_TABLES:
            cur = await conn.execute(f"SELECT DISTINCT thread_id FROM {table} WHERE thread_id LIKE '%%shared-name'")
            assert [r["thread_id"] for r in await cur.fetchall()] in ([thread_id("bob", "shared-name")], []), table
        cur = await conn.execute(
            "SELECT count(*) AS n FROM checkpoints WHERE thread_id = %s", (thread_id("ann", "shared-name"),)
        )
        assert (await cur.fetchone())["n"] == 0  # type: ignore[index]
        # writing a row for someone else is refused by the policy
        with pytest.raises(Exception, match="row-level security"):
            async with conn.transaction():
                await conn.execute(
                    "INSERT INTO runs (id, user_id, session_id, request, status, engine, thread_id) "
                    "VALUES ('forged', 'ann', 's', 'r', 'running', 'x', 't')"
                )
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT relname, relrowsecurity AND relforcerowsecurity AS forced FROM pg_class "
            "WHERE relname = ANY(%s) AND relkind IN ('r', 'p')",
            (list(OWNED_TABLES),),
        )
        assert {r["relname"]: r["forced"] for r in await cur.fetchall()} == dict.fromkeys(OWNED_TABLES, True)
        # the owner (migrations, maintenance) is not bound: both users' threads are there
        cur = await conn.execute("SELECT count(DISTINCT thread_id) AS n FROM checkpoints")
        assert (await cur.fetchone())["n"] >= 2  # type: ignore[index]
    # the application's login role with no user named sees no thread at all, even after RESET ROLE
    async with app.pool.connection() as conn:
        await conn.execute("RESET ROLE")
        for table in CHECKPOINT_TABLES:
            cur = await conn.execute(f"SELECT count(*) AS n FROM {table}")
            assert (await cur.fetchone())["n"] == 0, table  # type: ignore[index]
