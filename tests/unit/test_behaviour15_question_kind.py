"""One reader of what kind of thing a question asks for (subagents.question_kind), used by the memory answer and by
workflow reuse: the wh-word opening the question's main clause, after a condition or a lead-in, never one inside a
relative clause."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.planning import task_features
from cognicore.orchestrator.reuse import OfflineAdapter
from cognicore.subagents import _memory_kind
from cognicore.subagents.question_kind import asked_kind


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("If the boiler at Harbour fails overnight, who gets called out?", "person"),
        ("once a job is escalated, where does the paperwork go?", "place"),
        ("quick one: what time does the depot open on Saturdays?", "time"),
        ("and how often is the Hilltop pump serviced?", "number"),
        ("why did the Harbour jobs pile up in March?", "reason"),
        ("When is the next safety audit?", "time"),
        ("When the audit is done, who signs it off?", "person"),
        ("which jobs were closed by the engineer who covers Hilltop?", None),  # "who" opens a relative clause
        ("when did I tell you about the new depot?", None),  # answered by when it was told
        ("list the open jobs and the engineer on each", None),
    ],
)
def test_the_kind_is_read_from_the_main_clause(question: str, kind: str | None) -> None:
    assert asked_kind(question) == kind


def test_the_memory_answer_reads_the_same_kind() -> None:
    assert _memory_kind.asked_kind is asked_kind
    # a reason is said in any words: the memory answer never calls a memory the wrong kind for it
    assert _memory_kind.wrong_kind("why was the audit moved?", "The audit moved to Friday.") is None
    assert _memory_kind.wrong_kind("where is the audit?", "The audit is on Friday.") is not None


TEMPLATE = {"steps": [{"id": "s1", "agent": "database_query", "instruction": "{data_question}", "depends_on": []}]}


async def test_reuse_reads_the_same_kind_and_takes_a_count_for_rows() -> None:
    adapter = OfflineAdapter()
    trigger = "Which jobs at Harbour were closed in 2025?"
    for request, applicable in [
        ("Once a Harbour job is closed in 2025, who checks it?", False),  # a person, not the rows
        ("How many jobs at Hilltop were closed in 2025?", True),  # a figure a data workflow gives
    ]:
        got = await adapter.adapt(request=request, trigger=trigger, features=task_features(trigger), template=TEMPLATE)
        assert got.applicable is applicable, got
