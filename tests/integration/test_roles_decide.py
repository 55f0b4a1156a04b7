"""Nodes call only the roles in the run's context: what the LLM classifier decides is what happens."""

from __future__ import annotations

import json
import re
from typing import Any

from langchain_core.messages import BaseMessage

from cognicore.subagents.compose import ComposedAnswer
from tests.fakes import routed
from tests.integration.conftest import AppFactory


def _cite_the_policy(messages: list[BaseMessage]) -> ComposedAnswer:
    """The composer's reply: quote the first passage whose title names the return policy, and cite it."""
    payload = json.loads(str(messages[-1].content))
    passage = next(p for p in payload["passages"] if re.search(r"return", p["title"], re.I))
    return ComposedAnswer(text=f"{passage['content'][:120]} [{passage['index']}]", used=[passage["index"]])


async def test_an_imperative_the_classifier_calls_a_question_gets_a_cited_answer(make_app: AppFactory) -> None:
    # "Summarise ..." reads like a command: the old answer node re-decided it was a statement with a regex
    # and answered "Noted.". Now only the classifier decides.
    model = routed(
        IntentDecision=[{"intent": "question", "reason": "asks what the documents say"}],
        ComposedAnswer=[_cite_the_policy],
    )
    async with make_app(chat_model=model) as app:
        result = await app.runner.ask("Summarise our return policy", session_id="sum", user_id="ann")
    assert result.intent == "question" and result.outcome == "succeeded", result.error
    assert "Noted" not in result.answer and re.search(r"\[\d+\]", result.answer)
    assert result.citations and any("return" in c["title"].lower() for c in result.citations)


async def test_a_statement_the_classifier_names_is_acknowledged_without_retrieval(make_app: AppFactory) -> None:
    model = routed(IntentDecision=[{"intent": "statement", "reason": "tells a preference"}])
    async with make_app(chat_model=model) as app:
        result = await app.runner.ask("What a week. I prefer tea, by the way?", session_id="st", user_id="ann")
    assert result.intent == "statement" and result.outcome == "succeeded"
    assert result.answer.startswith("Noted") and result.citations == []
    assert "compose_answer" not in result.model_calls


async def test_the_planner_sees_the_registry_and_the_recalled_memory(make_app: AppFactory) -> None:
    seen: list[str] = []

    def plan(messages: list[BaseMessage]) -> dict[str, Any]:
        seen.append(str(messages[0].content))
        return {"steps": [{"id": "s1", "agent": "rag_query", "instruction": "what is the warranty?"}]}

    model = routed(
        IntentDecision=[{"intent": "statement", "reason": "x"}, {"intent": "task", "reason": "x"}],
        Plan=[plan],
    )
    async with make_app(chat_model=model) as app:
        await app.runner.ask("Remember that our fiscal year starts in April.", session_id="m1", user_id="ann")
        from cognicore.app import process_memory

        await process_memory(app, user_id="ann")
        await app.runner.ask("Plan the fiscal year review", session_id="m2", user_id="ann")
    (prompt,) = seen
    for agent in app.registry:
        assert f"- {agent.name}: {agent.description}" in prompt and agent.input_hint in prompt
    assert "fiscal year starts in April" in prompt, "recalled memory reaches the planner"
