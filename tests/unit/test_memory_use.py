"""Which paths of a finished run read memory and what each used (orchestrator.memory_use), without a database."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from cognicore.memory.lifecycle_config import LifecycleConfig, Perspective
from cognicore.orchestrator.memory_use import (
    ORCHESTRATOR_PERSPECTIVES,
    agent_perspectives,
    memory_reads,
    pick_perspective,
    search_perspective,
)
from cognicore.subagents.rag_query import RagQueryAgent
from cognicore.subagents.registry import Registry
from cognicore.subagents.types import AgentContext, StepInput, StepOutput

EPISODES = [
    {"id": 1, "kind": "observation", "text": "Our deploy window is Tuesday mornings at nine"},
    {"id": 2, "kind": "observation", "text": "The cafeteria closes at three on Fridays"},
]


class Reporter:
    name = "reporter"
    description = "Writes reports."
    input_hint = "what to report"
    deterministic = True
    perspectives = (
        Perspective(name="layout", keywords=("chart", "table")),
        Perspective(name="audience", keywords=("executive", "board")),
    )

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        return StepOutput(summary="done")


def _reads(state: dict[str, Any], config: LifecycleConfig | None = None) -> list[Any]:
    registry = Registry([Reporter()])
    memory = SimpleNamespace(embeddings=None)
    return asyncio.run(memory_reads(state, memory, registry, config or LifecycleConfig()))  # type: ignore[arg-type]


def test_perspectives_come_from_settings_then_declarations() -> None:
    registry = Registry([Reporter()])
    config = LifecycleConfig(perspectives={"reporter": (Perspective(name="style", keywords=("tone",)),)})
    assert [p.name for p in agent_perspectives("reporter", registry, config)] == ["style"]
    assert [p.name for p in agent_perspectives("reporter", registry, LifecycleConfig())] == ["layout", "audience"]
    assert agent_perspectives("orchestrator", registry, LifecycleConfig()) == ORCHESTRATOR_PERSPECTIVES
    assert agent_perspectives("unknown", registry, LifecycleConfig()) == ()
    assert RagQueryAgent.perspectives[0].name == "documents"  # built-in agents declare theirs


def test_a_search_ranks_by_the_picked_perspective_and_expands_only_when_the_text_signals_it() -> None:
    views = Reporter.perspectives
    assert search_perspective(views, "Write a board summary") == views[1]  # signalled: keywords expand the query
    plain = search_perspective(views, "Anything at all")
    assert plain == Perspective(name="layout") and plain.keywords == ()  # ranked by it, nothing added to the query
    assert search_perspective((), "Write a board summary") is None


def test_pick_perspective_by_keywords_first_on_a_tie() -> None:
    views = Reporter.perspectives
    assert pick_perspective(views, "Write a board summary for the executive team") == "audience"
    assert pick_perspective(views, "Make a chart and a table") == "layout"
    assert pick_perspective(views, "Anything at all") == "layout"
    assert pick_perspective((), "text") is None


def test_a_question_records_the_answer_path_with_what_it_cited_or_repeated() -> None:
    state = {
        "request": "When can we deploy?",
        "intent": "question",
        "recalled": {"episodes": EPISODES},
        "answer": "You can deploy on Tuesday mornings at nine.",
        "citations": [{"source": "memory:2"}, {"source": "memory:fact:7"}, {"source": "docs/a.md"}],
    }
    [read] = _reads(state)
    assert read.path == "answer" and read.candidate_ids == (1, 2) and read.used_ids == (1, 2)
    assert read.perspective == "planning"


def test_a_task_records_its_plan_and_each_successful_step() -> None:
    state = {
        "request": "Prepare a board report of the deploys",
        "intent": "task",
        "recalled": {"episodes": EPISODES},
        "plan": {
            "steps": [
                {
                    "id": "s1",
                    "agent": "reporter",
                    "instruction": "Write a board report; deploys go out Tuesday mornings",
                },
                {"id": "s2", "agent": "reporter", "instruction": "Draw a chart"},
            ]
        },
        "results": {
            "s1": {"status": "ok", "summary": "Deploy window: Tuesday mornings at nine."},
            "s2": {"status": "error", "summary": ""},
        },
        "workflow": {"id": 3, "reused": True},
    }
    reuse, step = _reads(state)
    assert reuse.path == "reuse" and reuse.used_ids == (1,)
    assert step.path == "step" and step.used_ids == (1,) and step.perspective == "audience"
    assert _reads({**state, "intent": "statement"}) == []


def test_a_learning_is_the_output_sentence_that_repeats_the_memory() -> None:
    from cognicore.memory.usage import learning

    memory = "Our deploy window is Tuesday mornings at nine"
    output = "The release is ready. Deploy it Tuesday morning at nine, in the window. Tell the team."
    assert learning(memory, output) == "Deploy it Tuesday morning at nine, in the window."
    assert learning(memory, "Nothing in common here.") is None
    assert len(learning(memory, "deploy window " * 200) or "") == 300
