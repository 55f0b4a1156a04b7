"""Round 18 (engineer GB, issue 9): a remark that asks nothing (thanks or a goodbye, a greeting, a remark to the
assistant) is never answered from a passage that shares a word with it: it is declined with what the agents can do."""

from __future__ import annotations

import pytest

from tests.unit.test_scope_behaviour import classifier


@pytest.mark.parametrize("remark", ["cheers, that'll do for today", "thanks so much", "morning all!"])
async def test_a_remark_asking_nothing_is_declined_before_any_search(remark: str) -> None:
    history = [{"speaker": "user", "content": "How many jobs did Harbour report in 2025?"}]
    decision = await classifier().classify(request=remark, history=history)
    assert decision.out_of_scope and "asks nothing" in decision.reason, decision


@pytest.mark.parametrize("request_text", ["thanks - and what about Hilltop?", "cheers, how many S1 jobs are pending?"])
async def test_thanks_before_a_question_still_asks_it(request_text: str) -> None:
    history = [{"speaker": "user", "content": "How many jobs did Harbour report in 2025?"}]
    decision = await classifier().classify(request=request_text, history=history)
    assert not decision.out_of_scope and decision.intent == "task", decision
