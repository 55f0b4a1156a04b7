"""Statements worded as people write them (issue 9.3/9.4, M6) supersede the fact they change in the real store,
and reach memory through the real graph in new sessions whatever their wording.

Store level: each turn goes the way of the `extract_turn` job (known facts by search, extraction, upsert).
Graph level: a change told in several clauses, or with its "I" left out, is planned as no task, stored, and
answered from memory in a later session; a question wrapped in "I forgot ..." is answered, not stored.
"""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import process_memory
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.facts import FactStore
from tests.integration.fact_turns import assert_change_supersedes, tell
from tests.integration.test_memory_questions import _ask  # the graph driver of those scenarios

U = "noor"


async def _say(store: FactStore, text: str, source: str) -> None:
    await tell(store, U, text, source)


CHANGES = [
    ("fyi im based out of the Lisbon office", "I'm in the Porto office now, not Lisbon anymore", "Lisbon", "Porto"),
    ("I'm working remotely from Valencia.", "moved back to Madrid last month", "Valencia", "Madrid"),
    ("I report to Farida.", "Farida isn't my manager anymore, it's Gustav", "Farida", "Gustav"),
    ("I'm mostly on the network queue", "they put me on the hardware queue, network went to Sam", "network",
     "hardware"),
    ("im on the late shift this month", "switched to the morning shift", "late", "morning"),
    ("we log all our deals in HubSpot", "we've gone from HubSpot to Salesforce for deals", "HubSpot", "Salesforce"),
    ("We page people through Opsgenie.", "we dropped Opsgenie for PagerDuty", "Opsgenie", "PagerDuty"),
    ("My work laptop is a ThinkPad.", "IT swapped my ThinkPad for a MacBook", "ThinkPad", "MacBook"),
    ("Our pipeline review is on Tuesdays.", "pipeline review is thursdays now", "Tuesdays", "thursdays"),
    ("Our patch window is Sunday at 2am.", "patch window is Saturday 11pm now", "Sunday", "Saturday"),
    ("The helpdesk is in room 204.", "helpdesk moved to room 118", "204", "118"),
    ("There are 6 reps in my team.", "we're down to 4 reps after the reorg", "6 reps", "4 reps"),
    ("Priya runs the service desk team.", "Priya left, Omar is the desk lead now", "Priya", "Omar"),
]  # fmt: skip


GRAPH_SCENARIOS = [
    pytest.param(
        ["I'm mostly on the network queue", "they put me on the hardware queue, network went to Sam"],
        "which queue am I working",
        "hardware",
        "network",
        id="queue",
    ),
    pytest.param(
        ["I'm working remotely from Valencia.", "moved back to Madrid last month"],
        "I forgot where I'm based",
        "Madrid",
        "Valencia",
        id="city",
    ),
]


@pytest.mark.parametrize(("statements", "question", "new", "old"), GRAPH_SCENARIOS)
async def test_a_statement_in_any_wording_is_remembered_through_the_graph_in_new_sessions(  # type: ignore[no-untyped-def]
    app, statements: list[str], question: str, new: str, old: str
) -> None:
    for i, text in enumerate(statements):
        result = await app.runner.ask(text, session_id=f"tell{i}", user_id="noor")
        # Told, never planned as a task or answered as a question.
        assert (result.outcome, result.intent, result.plan, result.steps) == ("succeeded", "statement", None, [])
        await process_memory(app, user_id="noor")  # what the CLI does once the reply is shown
    outcome, answer = await _ask(app, question, user="noor", session="ask")
    assert not [f for f in await app.memory.facts.active("noor") if "forgot" in f.statement.lower()]
    assert outcome == "succeeded" and new.lower() in answer.lower(), answer
    active = await app.memory.facts.active("noor")
    assert not any(old.lower() in f.object.lower() for f in active), [f.statement for f in active]


# The second batch (bench/heldout/dev_memory6b_*.yaml), after its first-try measure: a value told for a slot named
# in other words (a bare "commission", a "new extension") ends the user's own fact.
CHANGES_B = [
    ("My commission rate is 5%.", "commission's 6% from this quarter", "5%", "6%"),
    ("My phone extension is 3310.", "new extension 3345 since the move", "3310", "3345"),
    ("My desk is in building A.", "i sit in building C now", "building A", "building C"),
    ("Our spare laptops are kept in the store room.", "spare laptops live in locker 12 now", "store room",
     "locker 12"),
    ("Our VPN vendor is Cisco.", "Cisco's been replaced by Zscaler for VPN", "Cisco", "Zscaler"),
    ("standup's at 9 every day", "we shifted standup to 9:30", "at 9", "9:30"),
]  # fmt: skip


CHANGES_C = [
    ("The max discount I can offer is 12%.", "they raised my discount limit to 18%", "12%", "18%"),
    ("I work from home on Fridays.", "my home day is Monday now, not Friday", "Fridays", "Monday"),
    ("Our sales team sits in the Lisbon office.", "the team relocated from Lisbon to the Porto office", "Lisbon",
     "Porto"),
]  # fmt: skip


ALL_CHANGES = CHANGES + CHANGES_B + CHANGES_C


@pytest.mark.parametrize(("first", "change", "old", "new"), ALL_CHANGES, ids=[c[3].lower() for c in ALL_CHANGES])
async def test_a_change_worded_as_people_write_it_supersedes_the_fact(
    pool: AsyncConnectionPool, first: str, change: str, old: str, new: str
) -> None:
    await assert_change_supersedes(pool, U, first, change, old, new)


async def test_a_limit_of_the_team_is_not_the_users_own(pool: AsyncConnectionPool) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await _say(store, "My max discount is 12%.", "s1#1")
    await _say(store, "Our discount limit is 25%.", "s2#1")
    assert {f.object for f in await store.active(U)} == {"12%", "25%"}
