"""Team facts told to memory beat a generic document in a new session (issue 9.4, R6), the document said after.

Each fact is told through the graph in a session of its own, then asked in another wording in a new session,
about a thing the demo corpus also talks about (discounts, the offsite, paging, meetings, the helpdesk).
"""

from __future__ import annotations

import pytest

from cognicore.app import process_memory

TOLD = [
    ("Our discount limit is 18%.", "how much discount am i allowed to give", "18%"),
    ("Our team offsite this year is in Porto.", "wheres the offsite again", "Porto"),
    ("We agreed a 17% partner discount with Northwind.", "what's the partner discount for northwind?", "17%"),
    ("We use Opsgenie for paging.", "what do we page people with", "Opsgenie"),
    ("Our weekly support meeting is on thursdays at 10.", "when's the weekly support mtg", "thursday"),
    ("The helpdesk is in room 118.", "where's the helpdesk located", "118"),
]  # fmt: skip


@pytest.mark.parametrize(("told", "question", "value"), TOLD, ids=[t[2] for t in TOLD])
async def test_a_told_team_fact_answers_before_the_documents_in_a_new_session(  # type: ignore[no-untyped-def]
    app, told: str, question: str, value: str
) -> None:
    said = await app.runner.ask(told, session_id="tell", user_id="r6")
    assert said.intent == "statement"
    await process_memory(app, user_id="r6")
    facts = [f.statement for f in await app.memory.facts.active("r6")]
    result = await app.runner.ask(question, session_id="ask", user_id="r6")
    assert result.outcome == "succeeded", (facts, result.answer)
    assert value.lower() in result.answer.lower(), (facts, result.answer)


async def test_a_team_fact_and_an_equally_good_document_are_both_said_memory_first(app) -> None:  # type: ignore[no-untyped-def]
    said = await app.runner.ask("Our return window is 45 days.", session_id="tell", user_id="r6b")
    assert said.intent == "statement"
    await process_memory(app, user_id="r6b")
    facts = [f.statement for f in await app.memory.facts.active("r6b")]
    result = await app.runner.ask("how long is the return window", session_id="ask", user_id="r6b")
    assert result.outcome == "succeeded", (facts, result.answer)
    told, _, document = result.answer.partition("The documents say:")
    assert "45 days" in told and "current since" in told, (facts, result.answer)
    assert "30 days" in document, result.answer


async def test_with_nothing_told_the_document_answers(app) -> None:  # type: ignore[no-untyped-def]
    result = await app.runner.ask("how many days do customers have to return stuff", session_id="ask", user_id="r6c")
    assert result.outcome == "succeeded" and "30 days" in result.answer, result.answer
    assert "The documents say" not in result.answer
