"""Changes stated in other words supersede the older fact (valid_to from the clock); a restatement reinforces."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore

U = "carol"


async def _say(store: FactStore, text: str, source: str) -> None:
    extracted = await OfflineFactExtractor().extract(user_message=text, assistant_message="", known_facts=[])
    assert extracted.facts, f"nothing extracted from {text!r}"
    await store.upsert(U, extracted.facts, source=source)


@pytest.fixture
def moved_clock():  # type: ignore[no-untyped-def]
    clock.start_at(datetime(2031, 3, 14, 9, 0, tzinfo=UTC))
    yield
    clock.start_at(None)


@pytest.mark.parametrize(
    ("first", "change", "old", "new"),
    [
        ("These days I mostly drink green tea.", "I've switched from green tea to black coffee.", "green tea",
         "black coffee"),
        ("I eat a vegetarian diet.", "I changed my diet to pescatarian.", "vegetarian", "pescatarian"),
        ("I went vegan.", "I'm not vegan anymore, I follow a keto diet now.", "vegan", "keto"),
        ("Our marketing budget for the spring campaign is $40,000.", "We raised the marketing budget to $55,000.",
         "$40,000", "$55,000"),
        ("Our budget is 40k.", "The budget was increased from 40k to 55k.", "40k", "55k"),
        ("We use Trello for planning.", "We moved from Trello to Linear.", "Trello", "Linear"),
        ("I commute by bike.", "These days I commute by train.", "by bike", "by train"),
        ("We meet on Mondays.", "We now meet on Thursdays instead of Mondays.", "on Mondays", "on Thursdays"),
    ],
)  # fmt: skip
async def test_a_change_in_other_words_supersedes_the_old_fact(
    pool: AsyncConnectionPool, moved_clock: None, first: str, change: str, old: str, new: str
) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await _say(store, first, "s1#1")
    clock.advance(timedelta(days=3))
    await _say(store, change, "s2#1")
    history = await store.history(U)
    before = [f for f in history if old.lower() in f.object.lower() and f.status == "superseded"]
    assert before, [(f.statement, f.status) for f in history]
    assert all(f.valid_to is not None and f.valid_to.date() == clock.today() for f in before)
    assert before[0].valid_from.date() == clock.today() - timedelta(days=3)
    active = await store.active(U)
    assert any(new.lower() in f.object.lower() for f in active), [f.statement for f in active]
    assert not {b.statement for b in before} & {f.statement for f in active}, [f.statement for f in active]


async def test_the_same_fact_stated_twice_in_other_words_raises_confidence(pool: AsyncConnectionPool) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await _say(store, "I'm vegetarian.", "s1#1")
    await _say(store, "For the record, I follow a vegetarian diet.", "s2#1")
    [diet] = [f for f in await store.active(U) if f.predicate == "diet"]
    assert diet.times_stated == 2 and diet.confidence > 0.9


async def test_a_figure_of_another_slot_is_kept(pool: AsyncConnectionPool) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await _say(store, "Our travel budget is $5,000.", "s1#1")
    await _say(store, "We raised the marketing budget to $60,000.", "s2#1")
    objects = {f.object for f in await store.active(U)}
    assert {"$5,000", "$60,000"} <= objects
