"""Changes in shapes of the second memory round (issue 9.4) supersede the older fact in the real store."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore
from cognicore.memory.stream_types import NewMemory
from cognicore.orchestrator.recollection import Recollector

U = "jana"


async def _say(store: FactStore, text: str, source: str) -> None:
    extracted = await OfflineFactExtractor().extract(user_message=text, assistant_message="", known_facts=[])
    assert extracted.facts, f"nothing extracted from {text!r}"
    await store.upsert(U, extracted.facts, source=source)


@pytest.mark.parametrize(
    ("first", "change", "old", "new"),
    [
        # the end of a responsibility read from the other side ("Acme account handled_by the user")
        ("I manage the Acme account.", "FYI I no longer manage the Acme account, Priya took it over in October.",
         "user", "no longer"),
        ("im on the night shift this month", "i switched to the early shift last monday", "night", "early"),
        ("Tomas is on call this week.", "Tomas swapped with Ingrid, so Ingrid is on call now.", "Tomas", "Ingrid"),
    ],
)  # fmt: skip
async def test_a_change_in_a_new_shape_supersedes_the_old_fact(
    pool: AsyncConnectionPool, first: str, change: str, old: str, new: str
) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await _say(store, first, "s1#1")
    await _say(store, change, "s2#1")
    history = await store.history(U)
    before = [f for f in history if old.lower() in f.object.lower() and f.status == "superseded"]
    assert before and all(f.valid_to is not None for f in before), [(f.statement, f.status) for f in history]
    active = await store.active(U)
    assert any(new.lower() in f.statement.lower() for f in active), [f.statement for f in active]
    assert not {b.statement for b in before} & {f.statement for f in active}


async def test_a_saying_whose_fact_was_superseded_is_not_recalled_for_a_question_about_now(app: App) -> None:
    said = "We agreed a 4 hour response SLA for P1 tickets."
    await app.memory.stream.add("cyd", [NewMemory(content=said), NewMemory(content="Our standup is at 9:30.")])
    extracted = await OfflineFactExtractor().extract(user_message=said, assistant_message="", known_facts=[])
    await app.memory.facts.upsert("cyd", extracted.facts, source="s1#1")
    recollector = Recollector(app.memory)
    request = "What response SLA did we agree for P1 tickets?"
    before = await recollector.recall(user_id="cyd", session_id="x", request=request, budget=2000)
    assert said in [e["text"] for e in before["episodes"]]  # still true: recalled
    change = "Correction: the P1 response SLA is 2 hours, not 4."
    extracted = await OfflineFactExtractor().extract(user_message=change, assistant_message="", known_facts=[])
    await app.memory.facts.upsert("cyd", extracted.facts, source="s2#1")
    now = await recollector.recall(user_id="cyd", session_id="x", request=request, budget=2000)
    assert said not in [e["text"] for e in now["episodes"]], now["episodes"]
    assert all(f["status"] == "active" for f in now["facts"]) and any("2 hours" in f["statement"] for f in now["facts"])
    past = await recollector.recall(user_id="cyd", session_id="x", request=f"{request[:-1]} originally?", budget=2000)
    assert any(f["status"] == "superseded" for f in past["facts"])  # a question about before still sees it
