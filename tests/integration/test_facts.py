"""Semantic memory on the real database: supersession, reinforcement, concurrency, search, categories, tenants."""

from __future__ import annotations

import asyncio

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor
from cognicore.memory.facts import FactChange, FactStore

A, B = "alice", "bob"


def _store(pool: AsyncConnectionPool) -> FactStore:
    return FactStore(pool, OfflineEmbeddings())


async def _say(store: FactStore, user: str, text: str, source: str) -> list[FactChange]:
    extracted = await OfflineFactExtractor().extract(user_message=text, assistant_message="", known_facts=[])
    return await store.upsert(user, extracted.facts, source=source)


def _candidate(statement: str, **fields: object) -> FactCandidate:
    base: dict[str, object] = {
        "subject": "user",
        "predicate": "likes",
        "object": "jazz",
        "kind": "preference",
        "confidence": 0.8,
        "category": "preferences",
        "statement": statement,
    }
    return FactCandidate(**{**base, **fields})  # type: ignore[arg-type]


async def _count(pool: AsyncConnectionPool, table: str) -> int:
    async with pool.connection() as conn:  # the test's own superuser view, across tenants
        cur = await conn.execute(f"SELECT count(*) AS n FROM {table}")
        row = await cur.fetchone()
    assert row is not None
    return int(row["n"])


async def test_tea_then_coffee_supersedes_tea_without_deleting_it(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    [added] = await _say(store, A, "I prefer tea.", "s1#1")
    [changed] = await _say(store, A, "Actually I drink coffee now, not tea.", "s1#2")
    assert added.action == "added"
    assert changed.action == "superseded" and changed.superseded == (added.fact.id,)

    tea = await store.get(A, added.fact.id)
    coffee = changed.fact
    assert tea is not None
    assert (tea.status, tea.superseded_by) == ("superseded", coffee.id)
    assert tea.valid_to is not None and tea.valid_to == coffee.valid_from
    assert tea.statement == "The user prefers to drink tea."  # kept as it was, never overwritten
    assert (coffee.status, coffee.supersedes, coffee.valid_to) == ("active", tea.id, None)
    assert [f.object for f in await store.active(A)] == ["coffee"]
    relations = {(r.from_id, r.to_id, r.relation) for r in await store.relations(A, coffee.id)}
    assert relations == {(coffee.id, tea.id, "supersedes"), (coffee.id, tea.id, "contradicts")}
    assert await _count(pool, "facts") == 2

    current = await store.search(A, "What do I like to drink?", k=5)
    assert current[0].fact.id == coffee.id
    assert tea.id not in {h.fact.id for h in current}
    past = await store.search(A, "What do I like to drink?", k=5, include_superseded=True)
    assert {coffee.id, tea.id} <= {h.fact.id for h in past}
    history = await store.history(A, "user")
    assert [(f.object, f.status) for f in history] == [("tea", "superseded"), ("coffee", "active")]


async def test_a_decision_and_its_reason_are_found_by_asking_why(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    reason, decision = await _say(
        store, A, "We decided not to use plan A because its cost exceeded the budget.", "s1#1"
    )
    assert decision.fact.kind == "decision"
    assert decision.fact.reason == "Plan A's cost exceeded the budget."
    hits = await store.search(A, "Why did we decide against plan A?", k=3)
    assert decision.fact.id in {h.fact.id for h in hits[:2]}
    assert "cost exceeded the budget" in decision.fact.statement
    relations = await store.relations(A, decision.fact.id)
    assert [(r.from_id, r.to_id, r.relation) for r in relations] == [(decision.fact.id, reason.fact.id, "based_on")]
    # The reverse decision later supersedes the first one and keeps its reason on record.
    [reverse] = await _say(store, A, "We decided to use plan A after all.", "s2#1")
    assert reverse.action == "superseded" and reverse.superseded == (decision.fact.id,)
    old = await store.get(A, decision.fact.id)
    assert old is not None and old.status == "superseded" and old.reason == "Plan A's cost exceeded the budget."


async def test_restating_a_fact_raises_confidence_instead_of_adding_a_row(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    [first] = await _say(store, A, "I prefer tea.", "s1#1")
    [again] = await _say(store, A, "I prefer tea", "s2#4")
    assert again.action == "reinforced" and again.fact.id == first.fact.id
    assert again.fact.times_stated == 2
    assert abs(again.fact.confidence - (1 - (1 - 0.9) * (1 - 0.9))) < 1e-6
    # The same turn processed twice (a retried job) counts once.
    [replay] = await _say(store, A, "I prefer tea.", "s2#4")
    assert replay.action == "unchanged" and replay.fact.times_stated == 2
    assert await _count(pool, "facts") == 1


async def test_the_same_statement_under_another_predicate_is_reinforced(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    [first] = await store.upsert(A, [_candidate("The user likes jazz music.", object="jazz music")])
    [second] = await store.upsert(A, [_candidate("The user likes jazz music.", predicate="listens_to", object="jazz")])
    assert second.action == "reinforced" and second.fact.id == first.fact.id


async def test_negation_and_named_contradiction_supersede(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    [likes] = await _say(store, A, "I love hiking", "s1#1")
    [hates] = await _say(store, A, "I hate hiking", "s1#2")
    assert hates.superseded == (likes.fact.id,)
    # An LLM extractor names what a fact replaces; a non-exclusive predicate is superseded by that alone.
    [old] = await store.upsert(A, [_candidate("The user likes short answers.", object="short answers")])
    [new] = await store.upsert(
        A,
        [
            _candidate(
                "The user likes detailed answers.",
                object="detailed answers",
                contradicts="The user likes short answers.",
            )
        ],
    )
    assert new.action == "superseded" and new.superseded == (old.fact.id,)
    # Unrelated likes coexist.
    [jazz] = await store.upsert(A, [_candidate("The user likes jazz.")])
    assert jazz.action == "added"
    assert {f.object for f in await store.active(A, kind="preference")} == {"hiking", "detailed answers", "jazz"}


async def test_a_negation_worded_almost_identically_supersedes(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    because = " because its cost exceeded the budget."
    decision = {"subject": "we", "object": "plan A", "kind": "decision", "category": "project"}
    [no] = await store.upsert(
        A, [_candidate("We decided not to use plan A" + because, predicate="rejected", **decision)]
    )
    # The offline embedder ignores "not": the two statements embed identically, yet this is a reversal.
    [yes] = await store.upsert(A, [_candidate("We decided to use plan A" + because, predicate="chose", **decision)])
    assert yes.action == "superseded" and yes.superseded == (no.fact.id,)


async def test_concurrent_restatements_make_one_row(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    changes = await asyncio.gather(*(_say(store, A, "I prefer tea.", f"s#{i}") for i in range(6)))
    actions = sorted(c.action for [c] in changes)
    assert actions == ["added"] + ["reinforced"] * 5
    [tea] = await store.active(A)
    assert tea.times_stated == 6
    assert await _count(pool, "facts") == 1


async def test_concurrent_changes_supersede_once_each(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    [tea] = await _say(store, A, "I prefer tea.", "s#0")
    drinks = ["coffee", "juice", "water", "lemonade"]
    await asyncio.gather(*(_say(store, A, f"I drink {d} now.", f"s#{i + 1}") for i, d in enumerate(drinks)))
    active = await store.active(A)
    assert len(active) == 1 and active[0].object in drinks
    history = await store.history(A)
    assert len(history) == 5
    # A single chain: every fact but the current one superseded by exactly one successor, once.
    superseded = [f for f in history if f.status == "superseded"]
    assert len(superseded) == 4 and all(f.valid_to is not None for f in superseded)
    assert len({f.superseded_by for f in superseded}) == 4
    assert sum(1 for f in history if f.supersedes == tea.fact.id) == 1


async def test_category_summaries_follow_the_active_facts(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    await _say(store, A, "I prefer tea. I live in Lisbon. I work at Aurora Devices.", "s1#1")
    categories = {c.name: c for c in await store.categories(A)}
    assert set(categories) == {"food_drink", "personal", "work"}
    assert categories["food_drink"].summary == "The user prefers to drink tea."
    await _say(store, A, "Actually I drink coffee now, not tea.", "s1#2")
    categories = {c.name: c for c in await store.categories(A)}
    assert categories["food_drink"].summary == "The user prefers to drink coffee."
    assert categories["food_drink"].fact_count == 1
    refreshed = await store.refresh_categories(A)
    assert [c.name for c in refreshed] == ["food_drink", "personal", "work"]
    stats = await store.stats(A)
    assert stats.by_status == {"active": 3, "superseded": 1}
    assert stats.by_category == {"food_drink": 1, "personal": 1, "work": 1}


async def test_another_user_sees_none_of_it(pool: AsyncConnectionPool) -> None:
    store = _store(pool)
    tea, _plan = await _say(store, A, "I prefer tea. We decided against plan A.", "s1#1")
    assert await store.active(B) == []
    assert await store.history(B) == []
    assert await store.search(B, "tea plan A", k=5, include_superseded=True) == []
    assert await store.get(B, tea.fact.id) is None
    assert await store.relations(B, tea.fact.id) == []
    assert await store.categories(B) == []
    assert (await store.stats(B)).by_status == {}
    # Bob stating the same fact gets his own row; Alice's is not reinforced by him.
    [bobs] = await _say(store, B, "I prefer tea.", "s9#1")
    assert bobs.action == "added" and bobs.fact.id != tea.fact.id
    alice_tea = await store.get(A, tea.fact.id)
    assert alice_tea is not None and alice_tea.times_stated == 1
