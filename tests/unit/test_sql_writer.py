"""The `write_sql` role: the offline writer's reading of paraphrases, and the LLM writer's contract."""

from __future__ import annotations

from typing import Any

import pytest
import sqlglot
from langchain_core.messages import HumanMessage, SystemMessage

from cognicore.demo import sales_questions as rules
from cognicore.demo.sql_rules import OfflineSqlWriter
from cognicore.memory.llm import ModelCallError, RoleOptions
from cognicore.subagents.sql_guard import validate_select
from cognicore.subagents.sql_writer import (
    WRITE_SQL_PROMPT,
    LlmSqlWriter,
    QuestionNotUnderstood,
    SqlDraft,
)
from tests.fakes import junk, scripted, structured

SCHEMA_TEXT = "\n".join(f"Table demo_sales.{t}" for t in ("categories", "products", "regions", "orders", "order_items"))
LATEST_Q = "the latest quarter in the data"

# question -> (first measure, groupings, top N, ascending, period label, filters)
PARAPHRASES: list[tuple[str, tuple[Any, ...]]] = [
    # The demo request and ways of saying it.
    (
        "Analyze the latest sales data; find the three best-selling products",
        ("units", ["product"], 3, False, LATEST_Q, {}),
    ),
    ("top 3 products by revenue for the latest quarter", ("revenue", ["product"], 3, False, LATEST_Q, {})),
    (
        "Which were our three best-selling products last quarter?",
        ("units", ["product"], 3, False, LATEST_Q, {}),
    ),
    (
        "What are the 5 top-selling items in the most recent quarter",
        ("units", ["product"], 5, False, LATEST_Q, {}),
    ),
    ("top 3 products by turnover this quarter", ("revenue", ["product"], 3, False, LATEST_Q, {})),
    ("Top three products by sales in the current quarter", ("revenue", ["product"], 3, False, LATEST_Q, {})),
    (
        "best-selling products by revenue, top 3, latest quarter",
        ("revenue", ["product"], 3, False, LATEST_Q, {}),
    ),
    (
        "Which 4 products sold the most units this year?",
        ("units", ["product"], 4, False, "the latest year in the data, to date", {}),
    ),
    (
        "list the top five SKUs by units over the past 6 months",
        ("units", ["product"], 5, False, "the last 6 months", {}),
    ),
    ("top-10 products by volume", ("units", ["product"], 10, False, None, {})),
    # Bottom N and singular superlatives.
    (
        "Show the 10 worst performing products by revenue in 2025",
        ("revenue", ["product"], 10, True, "2025", {}),
    ),
    ("ten lowest products by units sold in Q3 2025", ("units", ["product"], 10, True, "Q3 2025", {})),
    ("least popular product in LATAM", ("units", ["product"], 1, True, None, {"region": ["Latin America"]})),
    ("Give me the bottom 3 regions by margin %", ("margin_pct", ["region"], 3, True, None, {})),
    ("which region has the highest revenue", ("revenue", ["region"], 1, False, None, {})),
    (
        "best selling category by revenue in EU last year",
        ("revenue", ["category"], 1, False, "the previous year", {"region": ["Europe"]}),
    ),
    (
        "Which month had the highest revenue this year?",
        ("revenue", ["month"], 1, False, "the latest year in the data, to date", {}),
    ),
    ("which year had the most orders", ("orders", ["year"], 1, False, None, {})),
    # Measures.
    ("total revenue last year", ("revenue", [], None, False, "the previous year", {})),
    ("what was the total turnover in FY2025?", ("revenue", [], None, False, "2025", {})),
    ("number of orders per channel in Q2 2025", ("orders", ["channel"], None, False, "Q2 2025", {})),
    (
        "how many orders did we get in the previous quarter in APAC",
        ("orders", [], None, False, "the previous quarter", {"region": ["Asia Pacific"]}),
    ),
    (
        "AOV by region for the last 3 months",
        ("average_order_value", ["region"], None, False, "the last 3 months", {}),
    ),
    (
        "average order value by channel and customer segment",
        ("average_order_value", ["channel", "customer_segment"], None, False, None, {}),
    ),
    (
        "profit by product for the previous quarter",
        ("margin", ["product"], None, False, "the previous quarter", {}),
    ),
    ("gross margin percentage by category", ("margin_pct", ["category"], None, False, None, {})),
    (
        "How many Orbit Smartwatches were sold in North America this year?",
        (
            "units",
            [],
            None,
            False,
            "the latest year in the data, to date",
            {"region": ["North America"], "product": ["Orbit Smartwatch"]},
        ),
    ),
    # Groupings, trends and periods.
    ("Revenue by quarter", ("revenue", ["quarter"], None, False, None, {})),
    ("monthly revenue over the last 6 months", ("revenue", ["month"], None, False, "the last 6 months", {})),
    ("yearly units", ("units", ["year"], None, False, None, {})),
    (
        "quarterly sales trend for wearables",
        ("revenue", ["quarter"], None, False, None, {"category": ["Wearables"]}),
    ),
    (
        "How did Vista AR Glasses sales evolve over time?",
        ("revenue", ["quarter"], None, False, None, {"product": ["Vista AR Glasses"]}),
    ),
    (
        "revenue of the Flex USB-C cable over the last 4 quarters",
        ("revenue", [], None, False, "the last 4 quarters", {"product": ["Flex USB-C Cable 3-Pack"]}),
    ),
    (
        "units sold by region and channel in the third quarter of 2025",
        ("units", ["region", "channel"], None, False, "Q3 2025", {}),
    ),
    ("revenue in March 2026", ("revenue", [], None, False, "March 2026", {})),
    ("orders in march", ("orders", [], None, False, "the most recent March", {})),
    ("show me revenue for the fourth quarter", ("revenue", [], None, False, "the most recent Q4", {})),
    ("revenue 2025 Q4 by category", ("revenue", ["category"], None, False, "Q4 2025", {})),
    ("sales in the previous month", ("revenue", [], None, False, "the previous month", {})),
    (
        "What's the revenue from smart home in Asia-Pacific since 2025?",
        (
            "revenue",
            [],
            None,
            False,
            "the period since 1 January 2025",
            {"region": ["Asia Pacific"], "category": ["Smart Home"]},
        ),
    ),
    # Filters: names, codes, channels, segments; several values; the dimension word next to a value.
    (
        "Write a brief on our top 5 products by revenue in Europe last year",
        ("revenue", ["product"], 5, False, "the previous year", {"region": ["Europe"]}),
    ),
    (
        "sales of audio products in NA by month in 2026",
        ("revenue", ["month"], None, False, "2026", {"region": ["North America"], "category": ["Audio"]}),
    ),
    (
        "top audio products in the EU region",
        ("revenue", ["product"], 5, False, None, {"region": ["Europe"], "category": ["Audio"]}),
    ),
    (
        "Compare sales between Europe and North America by month over the last 12 months",
        ("revenue", ["month"], None, False, "the last 12 months", {"region": ["North America", "Europe"]}),
    ),
    (
        "sales through partners vs online by year",
        ("revenue", ["year"], None, False, None, {"channel": ["online", "partner"]}),
    ),
    (
        "enterprise customers revenue by quarter",
        ("revenue", ["quarter"], None, False, None, {"customer_segment": ["enterprise"]}),
    ),
    (
        "units of accessories sold in retail stores in LATAM",
        (
            "units",
            [],
            None,
            False,
            None,
            {"region": ["Latin America"], "category": ["Accessories"], "channel": ["retail"]},
        ),
    ),
    # Top N within groups.
    ("top 2 regions for each category by revenue", ("revenue", ["category", "region"], 2, False, None, {})),
    (
        "top 3 products per quarter by units over the last 4 quarters",
        ("units", ["quarter", "product"], 3, False, "the last 4 quarters", {}),
    ),
]


@pytest.mark.parametrize(("question", "expected"), PARAPHRASES, ids=[q for q, _ in PARAPHRASES])
def test_paraphrases_are_read_as_intended(question: str, expected: tuple[Any, ...]) -> None:
    q = rules.interpret(question)
    period = q.period.label if q.period else None
    assert (q.metrics[0], q.dimensions, q.top_n, q.ascending, period, q.filters) == expected


@pytest.mark.parametrize(("question", "expected"), PARAPHRASES, ids=[q for q, _ in PARAPHRASES])
async def test_every_paraphrase_gives_sql_the_guard_accepts(question: str, expected: tuple[Any, ...]) -> None:
    draft = await OfflineSqlWriter().write_sql(question=question, schema=SCHEMA_TEXT)
    checked = validate_select(draft.sql, allowed_schemas=["demo_sales"], row_limit=200)
    tree = sqlglot.parse_one(checked, read="postgres")
    aliases = [e.alias_or_name for e in tree.expressions]
    measure, dims, top_n = expected[0], expected[1], expected[2]
    assert measure in aliases and all(d in aliases for d in dims)
    if top_n and len(dims) <= 1:
        assert f"LIMIT {top_n}" in checked.splitlines()
    assert draft.explanation.endswith("(offline SQL writer)")


def test_best_selling_means_units_and_the_explanation_says_so() -> None:
    q = rules.interpret("the three best-selling products")
    assert q.metrics == ["units"] and rules.BEST_SELLING_NOTE in rules.explain(q)
    assert rules.interpret("the three best-selling products by revenue").metrics == ["revenue"]
    assert rules.interpret("sales by region").metrics == ["revenue"]


def test_several_measures_keep_the_order_they_were_named_in() -> None:
    assert rules.interpret("units and revenue by product").metrics == ["units", "revenue"]
    assert rules.interpret("revenue and number of orders by region").metrics == ["revenue", "orders"]


def test_relative_periods_are_anchored_on_the_latest_order_and_say_so() -> None:
    q = rules.interpret("revenue by product in the latest quarter")
    sql = rules.build_sql(q)
    assert "date_trunc('quarter', (SELECT max(ordered_at) FROM demo_sales.orders))" in sql
    assert rules.ANCHOR_NOTE in rules.explain(q)
    previous = rules.build_sql(rules.interpret("revenue in the previous quarter"))
    assert "- interval '3 months'" in previous and "o.ordered_at <" in previous
    fixed = rules.interpret("revenue in Q1 2026")
    assert rules.build_sql(fixed).count("DATE '2026-") == 2 and rules.ANCHOR_NOTE not in rules.explain(fixed)


def test_filters_are_sql_conditions_on_known_values() -> None:
    sql = rules.build_sql(rules.interpret("revenue by product in EU and APAC via the partner channel"))
    assert "r.name IN ('Europe', 'Asia Pacific')" in sql and "o.channel = 'partner'" in sql
    # "NA" is a code only when written in capitals.
    assert rules.interpret("revenue by region, na values excluded").filters == {}
    assert rules.interpret("revenue in NA").filters == {"region": ["North America"]}


def test_total_means_one_row_unless_a_grouping_is_asked() -> None:
    assert rules.interpret("total revenue of all products in 2025").dimensions == []
    assert rules.interpret("total revenue by product in 2025").dimensions == ["product"]


def test_the_writer_is_deterministic() -> None:
    q1, q2 = (rules.build_sql(rules.interpret("top 3 products by revenue last quarter")) for _ in range(2))
    assert q1 == q2


@pytest.mark.parametrize("question", ["hello there", "What is our refund policy?", "tell me a joke", "   "])
async def test_unmappable_questions_raise_a_clear_error(question: str) -> None:
    with pytest.raises(QuestionNotUnderstood) as info:
        await OfflineSqlWriter().write_sql(question=question, schema=SCHEMA_TEXT)
    message = str(info.value)
    assert "could not map" in message and "Rephrase with a measure" in message
    assert "'top 3 products by revenue in the latest quarter'" in message


async def test_the_error_says_what_was_understood() -> None:
    with pytest.raises(QuestionNotUnderstood, match="understood period 2025; region = Europe"):
        await OfflineSqlWriter().write_sql(question="Europe in 2025?", schema=SCHEMA_TEXT)
    with pytest.raises(QuestionNotUnderstood, match="the demo sales data has no employees"):
        await OfflineSqlWriter().write_sql(question="revenue by employees", schema=SCHEMA_TEXT)


async def test_a_vague_question_is_completed_from_the_request() -> None:
    writer = OfflineSqlWriter()
    request = "Find the top 3 products by revenue last quarter and write a briefing"
    vague = await writer.write_sql(question="Get the sales data", schema=SCHEMA_TEXT, context=request)
    assert "LIMIT 3" in vague.sql and "p.name AS product" in vague.sql
    # A specific question is not changed by the request.
    own = await writer.write_sql(question="revenue by region in 2025", schema=SCHEMA_TEXT, context=request)
    assert "r.name AS region" in own.sql and "LIMIT" not in own.sql and "p.name" not in own.sql
    # An unreadable question is rescued by a readable request.
    rescued = await writer.write_sql(question="do step one", schema=SCHEMA_TEXT, context=request)
    assert "LIMIT 3" in rescued.sql


async def test_the_offline_writer_refuses_schemas_it_does_not_know() -> None:
    with pytest.raises(QuestionNotUnderstood, match=r"only knows the demo schema demo_sales.*demo_sales\.orders"):
        await OfflineSqlWriter().write_sql(question="revenue by region", schema="Table crm.accounts")


async def test_llm_writer_returns_the_models_draft_and_sends_schema_question_and_context() -> None:
    draft = SqlDraft(sql="SELECT 1", explanation="one")
    model = scripted([structured(SqlDraft, draft)])
    writer = LlmSqlWriter(model, RoleOptions(retries=0, timeout_s=5))
    out = await writer.write_sql(question="revenue by region", schema=SCHEMA_TEXT, context="a briefing please")
    assert out == draft


async def test_llm_writer_prompt_carries_the_rules_schema_and_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[Any] = []

    async def fake_call(self: Any, messages: list[Any]) -> SqlDraft:
        seen.append((messages, self.schema, self.role, self.options))
        return SqlDraft(sql="SELECT 1", explanation="x")

    monkeypatch.setattr("cognicore.memory.llm.StructuredRole._call", fake_call)
    await LlmSqlWriter(scripted([]), RoleOptions(retries=2, timeout_s=7)).write_sql(
        question="revenue by region", schema=SCHEMA_TEXT, context="make a report on revenue by region"
    )
    (messages, schema, role, options) = seen[0]
    assert isinstance(messages[0], SystemMessage) and messages[0].content == WRITE_SQL_PROMPT
    assert isinstance(messages[1], HumanMessage)
    human = str(messages[1].content)
    assert "Table demo_sales.orders" in human and "Question: revenue by region" in human
    assert "context only): make a report" in human
    assert schema is SqlDraft and role == "write_sql" and (options.retries, options.timeout_s) == (2, 7)


async def test_llm_writer_junk_output_is_retried_then_a_clear_error() -> None:
    good = SqlDraft(sql="SELECT 2", explanation="two")
    writer = LlmSqlWriter(scripted([junk(), structured(SqlDraft, good)]), RoleOptions(retries=1, timeout_s=5))
    assert await writer.write_sql(question="q", schema=SCHEMA_TEXT) == good
    failing = LlmSqlWriter(scripted([junk(), junk()]), RoleOptions(retries=1, timeout_s=5))
    with pytest.raises(ModelCallError, match="write_sql: the model returned unusable output after 2 attempt"):
        await failing.write_sql(question="q", schema=SCHEMA_TEXT)
