"""A later statement memory keeps only as a note, through the real stores: the recall marks it as a note, and the
answer from the older fact says it is not sure, quoting both (issue 9.4). Wordings are our own."""

from __future__ import annotations

from cognicore.app import App
from cognicore.orchestrator.recollection import memory_passages, recollect
from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.memory_answer import NOT_SURE
from tests.integration.fact_turns import tell_app


async def test_a_note_after_a_fact_is_recalled_as_a_note_and_makes_the_answer_unsure(app: App) -> None:
    user = "notes-drink"
    await tell_app(app, "I drink oat flat whites.", user=user, session="n1")
    await tell_app(app, "Honestly I've gone off coffee, it's green tea for me now.", user=user, session="n2")
    facts = await app.memory.facts.active(user)
    notes = [f for f in facts if f.predicate == "note"]
    assert notes and any("flat white" in f.statement.lower() for f in facts), [f.statement for f in facts]
    recalled = await recollect(app.memory, user_id=user, session_id="n3", request="what do i drink", budget=2_000)
    assert [f["note"] for f in recalled["facts"] if "green tea" in f["statement"]] == [True], recalled["facts"]
    # The facts alone (the saying itself out of the recall, as when the stream ranks it out): the note still tells.
    passages = memory_passages({"facts": recalled["facts"]}, start=1)
    alone = await OfflineAnswerComposer().compose(question="what do i drink", passages=passages)
    assert NOT_SURE in alone.text and "green tea for me now" in alone.text, alone.text
    result = await app.runner.ask("what do i drink", session_id="n3", user_id=user)
    assert result.outcome == "unsure" and "green tea" in result.answer and "flat white" in result.answer, result.answer
