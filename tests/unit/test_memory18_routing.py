"""Round 18: a question about the asker's own slot that memory holds, though not for the asked time, is answered
from memory (an honest unsure saying what is told), not measured on the data for everyone. Wordings are our own."""

from __future__ import annotations

from cognicore.orchestrator.memory_routing import route_by_memory
from tests.unit.test_recall15_asker_goals import TASK, _recalled


def test_the_askers_slot_at_another_time_stays_with_memory() -> None:
    told = _recalled("The user covers the Benelux region.")
    for question in ("which region was I covering last quarter?", "which region am I covering after the reorg?"):
        assert route_by_memory(question, TASK, told).intent == "question", question


def test_a_figure_of_the_data_is_still_planned() -> None:
    told = _recalled("The user covers the Benelux region.")
    assert route_by_memory("what was revenue by region last quarter?", TASK, told).intent == "task"
