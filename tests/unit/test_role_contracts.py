"""Contract tests per role: the same behaviour tests run against the offline and the LLM implementation.

The LLM side is a scripted fake model (`tests.fakes.routed`) whose replies are functions of the prompt it
was given, some of them deliberately wrong (a citation of a passage that does not exist, too many
insights, a template that does not refill, a NUL in a string): each contract must hold anyway, because
the LLM implementation validates and repairs what the model says. So the two cannot drift apart.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
import sqlglot
from langchain_core.messages import BaseMessage

from cognicore.demo.plugin import PLUGIN as DEMO
from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.memory.extraction import LlmFactExtractor, OfflineFactExtractor
from cognicore.memory.importance import LlmImportanceScorer, OfflineImportanceScorer
from cognicore.memory.llm import RoleOptions
from cognicore.memory.reflection import LlmReflector, OfflineReflector
from cognicore.orchestrator.intent import LlmClassifier, OfflineClassifier
from cognicore.orchestrator.planning import LlmPlanner, OfflinePlanner
from cognicore.orchestrator.reuse import (
    LlmAdapter,
    LlmGeneraliser,
    LlmKeyer,
    OfflineAdapter,
    OfflineGeneraliser,
    OfflineKeyer,
    fill,
)
from cognicore.plugins import vocabulary
from cognicore.subagents.compose import LlmAnswerComposer, OfflineAnswerComposer
from cognicore.subagents.offline_sql import SchemaSqlWriter
from cognicore.subagents.report_writer import LlmReportWriter, OfflineReportWriter
from cognicore.subagents.sql_writer import LlmSqlWriter
from cognicore.subagents.types import Plan, PlanStep
from tests.fakes import routed
from tests.unit.offline_sql_catalogues import SALES

ENGINES = ["offline", "llm"]
DEMO_WORDS = vocabulary([DEMO])  # the offline roles read requests with the words the domain plugin gives
OPTS = RoleOptions(retries=1, timeout_s=5)
AGENTS = [
    {"name": "rag_query", "description": "Answers from the knowledge base with citations.", "input_hint": "a question"},
    {"name": "database_query", "description": "Runs one read-only SQL query over the data.", "input_hint": "figures"},
    {"name": "report_generation", "description": "Writes a Markdown report with a chart.", "input_hint": "what"},
]


def _human(messages: list[BaseMessage]) -> str:
    return str(messages[-1].content)


def _system(messages: list[BaseMessage]) -> str:
    return str(messages[0].content)


def _forever(reply: Callable[[list[BaseMessage]], Any], n: int = 20) -> list[Any]:
    return [reply] * n


# --- classify ------------------------------------------------------------------------------------------

INTENTS = {
    "What is the return policy for opened headphones?": "question",
    "Why did we change the warranty?": "question",
    "I prefer tea.": "statement",
    "Our fiscal year starts in April.": "statement",
    "Write a short report on revenue by region with a chart": "task",
    "Compare revenue by channel for this year": "task",
    # Imperatives that ask, and bare phrases, are questions; telling about oneself is a statement.
    "Summarise our return policy": "question",
    "Give me the warranty terms": "question",
    "warranty for headphones": "question",
    "Our budget is 5k.": "statement",
    "Summarise revenue by region in a short report": "task",
}


def classifier(engine: str) -> Any:
    if engine == "offline":
        return OfflineClassifier(vocabulary=DEMO_WORDS)

    def decide(messages: list[BaseMessage]) -> dict[str, str]:
        asked = _human(messages).rsplit("Request: ", 1)[1]
        return {"intent": INTENTS[asked], "reason": f"read {asked!r}"}

    return LlmClassifier(routed(IntentDecision=_forever(decide)), OPTS, agents=AGENTS)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("text", "intent"), list(INTENTS.items()))
async def test_classify_names_questions_statements_and_tasks(engine: str, text: str, intent: str) -> None:
    decision = await classifier(engine).classify(request=text, history=[])
    assert decision.intent == intent and decision.reason


# --- plan ----------------------------------------------------------------------------------------------


def planner(engine: str) -> Any:
    if engine == "offline":
        return OfflinePlanner(DEMO_WORDS)

    def plan(messages: list[BaseMessage]) -> dict[str, Any]:
        # A model that uses every agent the prompt lists, the last one after the others.
        names = re.findall(r"^- (\w+):", _system(messages), re.M)
        steps = [{"id": f"s{i}", "agent": n, "instruction": _human(messages)} for i, n in enumerate(names[:-1], 1)]
        steps.append({"id": f"s{len(names)}", "agent": names[-1], "instruction": "report", "depends_on": []})
        steps[-1]["depends_on"] = [s["id"] for s in steps[:-1]]
        return {"steps": steps}

    return LlmPlanner(routed(Plan=_forever(plan)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_plan_uses_only_registered_agents_and_earlier_dependencies(engine: str) -> None:
    request = "Write a report on revenue by region last year and explain the discount policy"
    plan = await planner(engine).plan(request=request, agents=AGENTS, feedback=[], memory="")
    names = {a["name"] for a in AGENTS}
    ids = [s.id for s in plan.steps]
    assert plan.steps and len(set(ids)) == len(ids)
    for i, step in enumerate(plan.steps):
        assert step.agent in names
        assert set(step.depends_on) <= set(ids[:i])
    assert plan.steps[-1].agent == "report_generation" and plan.steps[-1].depends_on


# --- key_workflow and generalise_workflow -------------------------------------------------------------


def keyer(engine: str) -> Any:
    if engine == "offline":
        return OfflineKeyer(["Europe", "Asia Pacific"])

    def key(messages: list[BaseMessage]) -> dict[str, Any]:
        text = _human(messages)
        params: dict[str, str] = {}
        for kind, pattern in (("region", r"Europe|Asia Pacific"), ("period", r"\b20\d\d\b"), ("number", r"\b\d\b")):
            for i, m in enumerate(re.finditer(pattern, text), 1):
                params[f"{kind}_{i}"] = m.group(0)
            text = re.sub(pattern, "{" + kind + "}", text)
        return {"skeleton": text.lower(), "features": ["data", "report"], "parameters": params}

    return LlmKeyer(routed(WorkflowKey=_forever(key)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_key_is_the_same_for_requests_that_differ_only_in_values(engine: str) -> None:
    role = keyer(engine)
    first = await role.key(request="Write a brief on the top 3 products in Europe in 2024")
    second = await role.key(request="Write a brief on the top 5 products in Asia Pacific in 2025")
    assert first.skeleton == second.skeleton
    assert not re.search(r"\d|europe|asia", first.skeleton, re.I), first.skeleton
    assert "3" in first.parameters.values() and "2025" in second.parameters.values()


PLAN = Plan(
    steps=[
        PlanStep(id="s1", agent="database_query", instruction="top 3 products by revenue in 2024"),
        PlanStep(id="s2", agent="report_generation", instruction="Write: brief on top 3 in 2024", depends_on=["s1"]),
    ]
)
REQUEST = "brief on top 3 in 2024"


def generaliser(engine: str) -> Any:
    if engine == "offline":
        return OfflineGeneraliser()
    bad = {  # the first reply drops a step's value without a placeholder: it must not be stored as is
        "steps": [{**s.model_dump(), "instruction": "{request}"} for s in PLAN.steps],
        "parameters": {},
    }

    def good(messages: list[BaseMessage]) -> dict[str, Any]:
        steps = [{**s.model_dump(), "instruction": s.instruction.replace("3", "{n}")} for s in PLAN.steps]
        return {"steps": steps, "parameters": {"n": "3"}}

    return LlmGeneraliser(routed(WorkflowTemplate=[bad, good]), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_a_generalised_template_refills_to_the_plan_it_came_from(engine: str) -> None:
    role = generaliser(engine)
    for _ in range(2 if engine == "llm" else 1):  # the LLM's wrong template, then its right one
        template = await role.generalise(request=REQUEST, plan=PLAN)
        steps = {"steps": [s.model_dump() for s in template.steps]}
        assert fill(steps, template.parameters) == PLAN
        assert template.parameters["request"] == REQUEST


# --- adapt_workflow -----------------------------------------------------------------------------------

TEMPLATE = {"steps": [{"id": "s1", "agent": "rag_query", "instruction": "{request}", "depends_on": []}]}


def adapter(engine: str) -> Any:
    if engine == "offline":
        return OfflineAdapter()

    def adapt(messages: list[BaseMessage]) -> dict[str, Any]:
        request = _human(messages)
        same = "policy" in request
        return {"applicable": same, "reason": "same kind" if same else "other", "parameters": {"request": request}}

    return LlmAdapter(routed(Adaptation=_forever(adapt)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_adaptation_fills_every_placeholder_or_declines(engine: str) -> None:
    role = adapter(engine)
    fits = await role.adapt(
        request="explain the shipping policy",
        trigger="explain the return policy",
        features=["knowledge"],
        template=TEMPLATE,
    )
    assert fits.applicable and fill(TEMPLATE, fits.parameters).steps[0].instruction == "explain the shipping policy"
    other = await role.adapt(
        request="chart revenue by month", trigger="explain the return policy", features=["knowledge"], template=TEMPLATE
    )
    assert not other.applicable


# --- write_sql ----------------------------------------------------------------------------------------

SCHEMA = "\n".join(f"Table demo_sales.{t}" for t in ("categories", "products", "regions", "orders", "order_items"))


def sql_writer(engine: str) -> Any:
    if engine == "offline":
        return SchemaSqlWriter.for_catalogue(SALES, vocabulary=SQL_VOCABULARY)

    def draft(messages: list[BaseMessage]) -> dict[str, str]:
        assert "Table demo_sales.orders" in _human(messages), "the schema reaches the model"
        # A NUL inside a string: PostgreSQL cannot store it, so the role removes it.
        return {"sql": "SELECT r.name AS region FROM demo_sales.regions r", "explanation": "Regions.\x00"}

    return LlmSqlWriter(routed(SqlDraft=_forever(draft)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_write_sql_gives_one_select_and_a_storable_explanation(engine: str) -> None:
    draft = await sql_writer(engine).write_sql(question="revenue by region in 2025", schema=SCHEMA)
    (statement,) = sqlglot.parse(draft.sql, read="postgres")
    assert statement is not None and statement.key in {"select", "with", "union"}
    assert draft.explanation and "\x00" not in draft.explanation


# --- compose_answer -----------------------------------------------------------------------------------

PASSAGES = [
    {"index": 1, "title": "Returns", "source": "returns.md", "content": "Opened items can be returned within 14 days."},
    {"index": 2, "title": "Shipping", "source": "shipping.md", "content": "Standard shipping takes 3 to 5 days."},
]


def composer(engine: str) -> Any:
    if engine == "offline":
        return OfflineAnswerComposer()

    def answer(messages: list[BaseMessage]) -> dict[str, Any]:
        payload = json.loads(_human(messages))
        if not payload["passages"]:
            return {"text": "The knowledge base has nothing on this.", "used": []}
        # A citation of passage 9, which was never given: the role must drop it.
        return {"text": "Opened items can be returned within 14 days [1] [9].", "used": [1, 9]}

    return LlmAnswerComposer(routed(ComposedAnswer=_forever(answer)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_compose_cites_only_given_passages(engine: str) -> None:
    role = composer(engine)
    answer = await role.compose(question="Can I return opened items?", passages=PASSAGES)
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert answer.used and set(answer.used) <= {1, 2} and cited <= {1, 2}
    assert "14 days" in answer.text
    empty = await role.compose(question="Can I return opened items?", passages=[])
    assert empty.used == []


# --- write_report -------------------------------------------------------------------------------------

INPUTS = [
    {
        "step_id": "s1",
        "agent": "database_query",
        "status": "ok",
        "summary": "2 rows",
        "data": {"columns": ["region", "revenue"], "rows": [["North", 120.0], ["South", 80.0]], "row_count": 2},
        "citations": [],
        "error": None,
    }
]


def report_writer(engine: str) -> Any:
    if engine == "offline":
        return OfflineReportWriter()

    def draft(messages: list[BaseMessage]) -> dict[str, Any]:
        findings = json.loads(_human(messages))["computed_findings"]
        return {"title": "Revenue by region", "summary": "North leads.", "findings": findings}

    return LlmReportWriter(routed(ReportDraft=_forever(draft)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_write_report_quotes_the_inputs_figures(engine: str) -> None:
    draft = await report_writer(engine).write_report(
        instruction="Write a brief on revenue by region", request="brief on revenue by region", inputs=INPUTS
    )
    assert draft.title and draft.summary
    assert any("North" in f and "120" in f for f in draft.findings), draft.findings


# --- extract_facts ------------------------------------------------------------------------------------


def extractor(engine: str) -> Any:
    if engine == "offline":
        return OfflineFactExtractor()

    def facts(messages: list[BaseMessage]) -> dict[str, Any]:
        said = _human(messages).split("User: ", 1)[1].split("\n\nAssistant:", 1)[0]
        if said.rstrip().endswith("?"):
            return {"facts": []}
        return {
            "facts": [
                {
                    "subject": "user", "predicate": "drinks", "object": "tea", "kind": "preference",
                    "confidence": 0.9, "category": "food_drink", "statement": "The user prefers to drink tea.",
                }
            ]
        }  # fmt: skip

    return LlmFactExtractor(routed(ExtractedFacts=_forever(facts)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_extract_reads_statements_and_ignores_questions(engine: str) -> None:
    role = extractor(engine)
    told = await role.extract(user_message="I prefer tea.", assistant_message="Noted.", known_facts=[])
    assert any(f.object == "tea" and f.kind == "preference" for f in told.facts)
    asked = await role.extract(user_message="What do I like to drink?", assistant_message="Tea.", known_facts=[])
    assert asked.facts == []


# --- score_importance ---------------------------------------------------------------------------------


def scorer(engine: str) -> Any:
    if engine == "offline":
        return OfflineImportanceScorer()

    def score(messages: list[BaseMessage]) -> dict[str, Any]:
        text = _human(messages).lower()
        return {"score": 9 if "remember" in text else 1, "reason": "asked to remember" if "remember" in text else "x"}

    return LlmImportanceScorer(routed(ImportanceScore=_forever(score)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_importance_ranks_a_request_to_remember_above_small_talk(engine: str) -> None:
    role = scorer(engine)
    high = await role.score(content="Please remember that the audit is on May 3.", kind="observation", metadata={})
    low = await role.score(content="thanks!", kind="observation", metadata={})
    assert 1 <= low.score < high.score <= 10


# --- reflect ------------------------------------------------------------------------------------------

MEMORIES = [
    {"id": i, "kind": "tool_result", "content": f"database_query failed: timeout on revenue query {i}",
     "importance": 7, "metadata": {"agent": "database_query", "status": "error"}}
    for i in range(1, 7)
]  # fmt: skip


def reflector(engine: str) -> Any:
    if engine == "offline":
        return OfflineReflector()

    def reflect(messages: list[BaseMessage]) -> dict[str, Any]:
        ids = [int(i) for i in re.findall(r"^\[(\d+)\]", _human(messages), re.M)]
        # Seven insights where at most two were asked for: the role keeps the first two.
        item = {"statement": "database_query times out on revenue queries", "source_ids": ids, "importance": 8}
        return {"items": [item] * 7}

    return LlmReflector(routed(Reflections=_forever(reflect)), OPTS)


@pytest.mark.parametrize("engine", ENGINES)
async def test_reflections_are_bounded_and_cite_the_memories_they_come_from(engine: str) -> None:
    result = await reflector(engine).reflect(memories=MEMORIES, max_items=2)
    assert 1 <= len(result.items) <= 2
    for item in result.items:
        assert set(item.source_ids) <= {m["id"] for m in MEMORIES} and item.statement
