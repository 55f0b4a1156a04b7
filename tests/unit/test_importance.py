"""The score_importance role: the offline rules order memories as a person would; the LLM-backed one."""

from __future__ import annotations

import pytest

from cognicore.memory.importance import ImportanceScore, LlmImportanceScorer, OfflineImportanceScorer
from cognicore.memory.llm import ModelCallError, RoleOptions
from tests.fakes import junk, scripted, structured


async def _score(content: str, kind: str = "observation", **metadata: str) -> int:
    result = await OfflineImportanceScorer().score(content=content, kind=kind, metadata=metadata)
    assert 1 <= result.score <= 10 and result.reason
    return result.score


async def test_importance_ordering() -> None:
    remember = await _score("Please remember that my sister's birthday is on May 3rd.")
    decision = await _score("We decided not to use plan A because its cost exceeded the budget.")
    failure = await _score("Step database_query failed: relation does not exist", "thought", status="error")
    preference = await _score("I prefer tea.")
    tool_result = await _score("columns: region, revenue; rows: 4", "tool_result", agent="database_query")
    question = await _score("What were the top products last quarter?")
    greeting = await _score("Thanks!")
    assert remember > decision > preference >= tool_result > question > greeting
    assert decision > failure > tool_result
    assert greeting == 1


@pytest.mark.parametrize("text", ["hi", "Hello!", "ok", "thanks a lot", "Got it, thank you"])
async def test_greetings_and_acknowledgements_are_mundane(text: str) -> None:
    assert await _score(text) == 1


async def test_a_greeting_that_carries_a_preference_is_not_mundane() -> None:
    assert await _score("Hi, I prefer tea") >= 7


async def test_error_words_in_tool_output_are_not_a_failure_but_a_failed_step_is() -> None:
    data = await _score("Error rows in the returns table: 12 records with invalid SKU", "tool_result")
    failed = await _score("database_query: statement timeout", "tool_result", status="error")
    assert data < failed


async def test_detail_nudges_the_score_up() -> None:
    short = await _score("Revenue rose in Europe", "tool_result")
    detailed = await _score(
        "Revenue rose 12% in Europe in Q3 2025, led by Orbit Smartwatch and Aurora Buds Pro, while "
        "Haven Security Camera sales fell 4% in North America",
        "tool_result",
    )
    assert detailed > short


async def test_llm_scorer_returns_the_models_score() -> None:
    reply = ImportanceScore(score=8, reason="a decision")
    scorer = LlmImportanceScorer(scripted([structured(ImportanceScore, reply)]), RoleOptions(retries=0))
    assert await scorer.score(content="We chose plan B", kind="observation", metadata={}) == reply


async def test_llm_scorer_retries_an_out_of_range_score_then_fails_clearly() -> None:
    model = scripted([structured(ImportanceScore, {"score": 42, "reason": "huge"}), junk()])
    with pytest.raises(ModelCallError, match="score_importance"):
        await LlmImportanceScorer(model, RoleOptions(retries=1)).score(content="x", kind="observation", metadata={})
