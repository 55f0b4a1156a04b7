"""Turns told to the fact store the way the `extract_turn` job tells them (or through the app and its memory job), the
questions asked after them, and the check that a change supersedes."""

from __future__ import annotations

from collections.abc import Sequence

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App, process_memory
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor, worded_as_reversal
from cognicore.memory.facts import FactStore
from cognicore.orchestrator.runner import RunResult


async def tell(store: FactStore, user: str, text: str, source: str) -> None:
    """One turn as the job runs it: the user's facts most related to it are known, then extraction and upsert."""
    hits = await store.search(user, text, k=20, include_superseded=worded_as_reversal(text))
    extracted = await OfflineFactExtractor().extract(
        user_message=text, assistant_message="", known_facts=[h.fact.to_dict() for h in hits]
    )
    await store.upsert(user, extracted.facts, source=source)


async def tell_app(app: App, text: str, *, user: str, session: str) -> None:
    """One turn asked of the app in `session`, then the memory job run for `user`."""
    await app.runner.ask(text, session_id=session, user_id=user)
    await process_memory(app, user_id=user)


async def tell_all(app: App, user: str, *told: str) -> None:
    """Each statement told to the app in a session of its own, the memory job run after each, in order."""
    for i, text in enumerate(told):
        await tell_app(app, text, user=user, session=f"told{i + 1}")


async def ask_each(app: App, user: str, questions: Sequence[str]) -> list[tuple[str, RunResult]]:
    """Each question asked of the app in a new session of `user` (no memory job after it), with its result."""
    return [
        (question, await app.runner.ask(question, session_id=f"asked{i + 1}", user_id=user))
        for i, question in enumerate(questions)
    ]


async def assert_change_supersedes(
    pool: AsyncConnectionPool, user: str, first: str, change: str, old: str, new: str
) -> None:
    """After `first`, then `change` in another session, the fact holding `old` has ended and `new` is current."""
    store = FactStore(pool, OfflineEmbeddings())
    await tell(store, user, first, "s1#1")
    await tell(store, user, change, "s2#1")
    history = await store.history(user)
    seen = [(f.subject, f.predicate, f.object, f.status) for f in history]
    ended = [f for f in history if f.status == "superseded" and old.lower() in f.statement.lower()]
    assert ended and all(f.valid_to is not None for f in ended), seen
    active = await store.active(user)
    assert any(new.lower() in f.statement.lower() for f in active), seen
    assert not any(old.lower() in f.object.lower() for f in active), seen
