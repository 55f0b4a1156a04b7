"""Change-aware facts (issue 9.4, M15) in the real store and through the graph and the CLI, in new sessions.

Store level: two facts changed in one message both end their old values; a hand-over said beside an unread change
never ends the other owner's fact; a person moving keeps the role they hold. Graph and CLI: a figure revised in
words ("up by 5k") is told in a new session, asked in a third, and `memory facts --json` shows the end time.
"""

from __future__ import annotations

import json
from pathlib import Path

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App, process_memory
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.facts import FactStore
from tests.integration.fact_turns import tell
from tests.integration.test_cli_memory import _cli
from tests.integration.test_memory_questions import _ask


async def test_two_facts_changed_in_one_message_both_end_their_old_values(pool: AsyncConnectionPool) -> None:
    store, user = FactStore(pool, OfflineEmbeddings()), "m15two"
    await tell(store, user, "I'm based in the Porto office", "s1#1")
    await tell(store, user, "my manager is Greta", "s2#1")
    await tell(
        store, user, "quick update - moved to the Barcelona office last week and my new manager is Idris", "s3#1"
    )
    history = await store.history(user)
    seen = [(f.predicate, f.object, f.status) for f in history]
    ended = {f.object for f in history if f.status == "superseded" and f.valid_to is not None}
    active = {f.object for f in await store.active(user)}
    assert ended == {"Porto", "Greta"} and {"the Barcelona office", "Idris"} <= active, seen


async def test_a_hand_over_beside_an_unread_change_ends_only_its_own_slot(pool: AsyncConnectionPool) -> None:
    store, user = FactStore(pool, OfflineEmbeddings()), "m15pair"
    await tell(store, user, "We log tickets in Jira.", "s1#1")
    await tell(store, user, "Dana handles printer tickets", "s2#1")
    await tell(store, user, "fyi we moved off jira to Linear, and Omar handles printer tickets now", "s3#1")
    active = await store.active(user)
    seen = [(f.subject, f.predicate, f.object) for f in active]
    # Omar holds the printer tickets; Jira's change was not read, so it is marked unclear, never handed to Omar.
    assert any(f.predicate == "handled_by" and f.object == "Omar" for f in active), seen
    assert not any(f.object == "Dana" for f in active), seen
    assert any(f.object == "unclear change" and "Jira" in f.statement for f in active), seen


async def test_a_person_moving_keeps_the_role_they_hold(pool: AsyncConnectionPool) -> None:
    store, user = FactStore(pool, OfflineEmbeddings()), "m15moved"
    await tell(store, user, "Magnus is our channel manager", "s1#1")
    await tell(store, user, "magnus moved to the Bergen team", "s2#1")
    active = await store.active(user)
    seen = [(f.subject, f.predicate, f.object) for f in active]
    assert ("we", "channel_manager", "Magnus") in seen and not any(
        "Bergen" in f.object and f.predicate == "channel_manager" for f in active
    ), seen


async def test_a_figure_revised_in_words_is_answered_and_shown_with_its_end_time(
    app: App, db_url: str, data_dir: Path
) -> None:
    user = "m15graph"
    for i, text in enumerate(["My Q2 quota is 70k.", "my q2 quota is up by 5k"]):
        result = await app.runner.ask(text, session_id=f"tell{i}", user_id=user)
        assert (result.outcome, result.intent, result.steps) == ("succeeded", "statement", []), result.answer
        await process_memory(app, user_id=user)
    outcome, answer = await _ask(app, "what's my q2 quota", user=user, session="ask")
    assert outcome == "succeeded" and "75k" in answer and "70k" not in answer, answer

    out = _cli("memory", "facts", "--user", user, "--json", db_url=db_url, data_dir=data_dir)
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    [old] = [f for f in facts if f["object"] == "70k"]
    [new] = [f for f in facts if f["object"] == "75k"]
    assert (old["status"], new["status"]) == ("superseded", "active"), facts
    assert old["valid_to"] is not None and old["superseded_by"] == new["id"] and new["supersedes"] == old["id"]
    assert new["valid_to"] is None and old["valid_to"] == new["valid_from"], facts
