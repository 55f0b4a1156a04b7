"""Round 16 (D13), through the real graph and stores: a standing instruction asked as a question is acknowledged,
nothing is planned or run, and memory keeps it (it used to be planned as a data task, or acknowledged and dropped)."""

from __future__ import annotations

from cognicore.app import App, process_memory


async def test_a_preference_asked_as_a_question_is_kept_as_a_fact(app: App) -> None:
    user = "standing-q"
    text = "Whenever you show me amounts per customer segment, could you put the largest first?"
    result = await app.runner.ask(text, session_id="s1", user_id=user)
    assert result.intent == "statement" and not (result.plan or {}).get("steps"), result.answer
    await process_memory(app, user_id=user)
    facts = await app.memory.facts.active(user)
    assert any("largest first" in f.statement for f in facts), [f.statement for f in facts]
