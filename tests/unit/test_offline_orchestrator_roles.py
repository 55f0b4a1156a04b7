"""The offline classifier, planner and context controller: the demo, paraphrases, and the budgets."""

from __future__ import annotations

import pytest

from cognicore.demo.plugin import PLUGIN as DEMO
from cognicore.orchestrator.budget import check_input, fit_context
from cognicore.orchestrator.errors import InputRejected
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.planning import OfflinePlanner
from cognicore.plugins import vocabulary

DEMO_WORDS = vocabulary([DEMO])  # the sales demo's words, as its plugin gives them to the shell
AGENTS = [
    {"name": "rag_query", "description": "Answers from the knowledge base with citations."},
    {"name": "database_query", "description": "Runs one read-only SQL query over the sales data."},
    {"name": "report_generation", "description": "Writes a Markdown report with a chart."},
]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "Analyze the latest sales data, find the three best-selling products and write a short briefing",
            "task",
        ),
        ("Give me a quick briefing on the 5 top sellers of last quarter", "task"),
        ("What were the top 5 products by revenue in Europe last quarter?", "task"),
        ("How many units of the Orbit Smartwatch did we sell in 2025?", "task"),
        ("Compare revenue by channel for this year", "task"),
        ("What is the return policy for opened headphones?", "question"),
        ("Why did we delay the LATAM expansion?", "question"),
        ("Who founded Aurora Devices?", "question"),
        ("What does the data dictionary say revenue means?", "question"),
    ],
)
async def test_offline_classifier(text: str, intent: str) -> None:
    decision = await OfflineClassifier(vocabulary=DEMO_WORDS).classify(request=text, history=[])
    assert decision.intent == intent, decision.reason


@pytest.mark.parametrize(
    "text",
    [
        "Analyze the latest sales data, find the three best-selling products and write a short briefing",
        "Look at last quarter's sales and write me a short report on the top 5 products by revenue",
        "Prepare a briefing on regional revenue this year with a chart",
    ],
)
async def test_offline_planner_queries_then_looks_up_the_rows_then_reports(text: str) -> None:
    plan = await OfflinePlanner(DEMO_WORDS).plan(request=text, agents=AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == ["database_query", "rag_query", "report_generation"]
    assert plan.steps[1].depends_on == ["s1"], "background is looked up for the rows the query found"
    assert plan.steps[2].depends_on == ["s1", "s2"]
    assert "brief" not in plan.steps[0].instruction.lower() or "," not in text


async def test_independent_steps_are_planned_in_parallel() -> None:
    plan = await OfflinePlanner(DEMO_WORDS).plan(
        request="Compare revenue by channel for 2025 and explain the discount policy",
        agents=AGENTS,
        feedback=[],
    )
    assert [(s.agent, s.depends_on) for s in plan.steps] == [("database_query", []), ("rag_query", [])]
    assert plan.steps[1].instruction == "explain the discount policy"


async def test_offline_planner_uses_a_matching_third_party_agent() -> None:
    agents = [*AGENTS, {"name": "weather_lookup", "description": "Looks up the weather forecast for a city."}]
    plan = await OfflinePlanner(DEMO_WORDS).plan(
        request="Get the weather forecast for Lisbon", agents=agents, feedback=[]
    )
    assert [s.agent for s in plan.steps] == ["weather_lookup"]


async def test_offline_planner_is_deterministic() -> None:
    text = "Write a report on revenue by category for 2025"
    a = await OfflinePlanner(DEMO_WORDS).plan(request=text, agents=AGENTS, feedback=[])
    b = await OfflinePlanner(DEMO_WORDS).plan(request=text, agents=AGENTS, feedback=[])
    assert a == b


def test_input_budget() -> None:
    assert check_input("hello there", max_tokens=10) > 0
    with pytest.raises(InputRejected, match="limit is 10"):
        check_input("word " * 100, max_tokens=10)
    with pytest.raises(InputRejected, match="empty"):
        check_input("   ", max_tokens=10)


def test_context_controller_trims_history_first_then_passages() -> None:
    passages = [{"index": i, "content": "x" * 400} for i in range(1, 4)]  # ~100 tokens each
    history = [
        {"speaker": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "y" * 396} for i in range(6)
    ]
    roomy = fit_context(system="s", query="q", passages=passages, history=history, budget=10_000)
    assert roomy.dropped_turns == 0 and roomy.dropped_passages == 0
    tight = fit_context(system="s", query="q", passages=passages, history=history, budget=550)
    assert tight.dropped_passages == 0 and 0 < tight.dropped_turns < 6
    assert tight.history == history[-len(tight.history) :], "the newest turns are kept"
    tighter = fit_context(system="s", query="q", passages=passages, history=history, budget=250)
    assert tighter.history == [] and tighter.passages == passages[:2]
    assert tighter.tokens <= 250
