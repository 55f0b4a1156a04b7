"""The `write_sql` role: the core offline writer's reading of paraphrases on the demo schema, and the LLM
writer's contract. The offline readings are checked at a fixed date (2026-11-23) so relative periods are known."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
import sqlglot
from langchain_core.messages import HumanMessage, SystemMessage

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.memory import clock
from cognicore.memory.llm import ModelCallError, RoleOptions
from cognicore.subagents.errors import DataChangeRefused, Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter, build_lexicon, map_request
from cognicore.subagents.offline_sql.query import dim_name, ref_name
from cognicore.subagents.sql_guard import validate_select
from cognicore.subagents.sql_writer import (
    WRITE_SQL_PROMPT,
    LlmSqlWriter,
    QuestionNotUnderstood,
    SqlDraft,
)
from tests.fakes import junk, scripted, structured
from tests.unit.offline_sql_catalogues import SALES

SCHEMA_TEXT = "\n".join(f"Table demo_sales.{t}" for t in ("categories", "products", "regions", "orders", "order_items"))
TODAY = date(2026, 11, 23)
LEXICON = build_lexicon(SALES, SQL_VOCABULARY)

# question -> (first measure, groupings, top N, ascending, period label on TODAY, filters by dimension)
# Written for the retired demo rule set and kept as development requests; where the generic writer reads a
# request better the expectation changed: "latest quarter" is the last complete one, "A vs B by month" puts
# A and B side by side, region codes filter the code column, and "top audio products" ranks them all.
PARAPHRASES: list[tuple[str, tuple[Any, ...]]] = [
    (
        "Analyze the latest sales data; find the three best-selling products",
        ("units", ["product"], 3, False, "the latest complete quarter, Q3 2026", {}),
    ),
    (
        "top 3 products by revenue for the latest quarter",
        ("revenue", ["product"], 3, False, "the last complete quarter, Q3 2026", {}),
    ),
    (
        "Which were our three best-selling products last quarter?",
        ("units", ["product"], 3, False, "the last complete quarter, Q3 2026", {}),
    ),
    (
        "What are the 5 top-selling items in the most recent quarter",
        ("units", ["product"], 5, False, "the last complete quarter, Q3 2026", {}),
    ),
    ("top 3 products by turnover this quarter", ("revenue", ["product"], 3, False, "this quarter, Q4 2026", {})),
    (
        "Top three products by sales in the current quarter",
        ("revenue", ["product"], 3, False, "this quarter, Q4 2026", {}),
    ),
    (
        "best-selling products by revenue, top 3, latest quarter",
        ("revenue", ["product"], 3, False, "the last complete quarter, Q3 2026", {}),
    ),
    ("Which 4 products sold the most units this year?", ("units", ["product"], 4, False, "this year, 2026", {})),
    (
        "list the top five SKUs by units over the past 6 months",
        ("units", ["product"], 5, False, "the last 6 complete months", {}),
    ),
    ("top-10 products by volume", ("units", ["product"], 10, False, None, {})),
    ("Show the 10 worst performing products by revenue in 2025", ("revenue", ["product"], 10, True, "2025", {})),
    ("ten lowest products by units sold in Q3 2025", ("units", ["product"], 10, True, "Q3 2025", {})),
    ("least popular product in LATAM", ("units", ["product"], 1, True, None, {"region code": ["LATAM"]})),
    ("Give me the bottom 3 regions by margin %", ("margin_pct", ["region"], 3, True, None, {})),
    ("which region has the highest revenue", ("revenue", ["region"], 1, False, None, {})),
    (
        "best selling category by revenue in EU last year",
        ("revenue", ["category"], 1, False, "the last complete year, 2025", {"region code": ["EU"]}),
    ),
    ("Which month had the highest revenue this year?", ("revenue", ["month"], 1, False, "this year, 2026", {})),
    ("which year had the most orders", ("orders", ["year"], 1, False, None, {})),
    ("total revenue last year", ("revenue", [], None, False, "the last complete year, 2025", {})),
    ("what was the total turnover in FY2025?", ("revenue", [], None, False, "2025", {})),
    ("number of orders per channel in Q2 2025", ("orders", ["channel"], None, False, "Q2 2025", {})),
    (
        "how many orders did we get in the previous quarter in APAC",
        ("orders", [], None, False, "the last complete quarter, Q3 2026", {"region code": ["APAC"]}),
    ),
    (
        "AOV by region for the last 3 months",
        ("average_order_value", ["region"], None, False, "the last 3 complete months", {}),
    ),
    (
        "average order value by channel and customer segment",
        ("average_order_value", ["channel", "customer_segment"], None, False, None, {}),
    ),
    (
        "profit by product for the previous quarter",
        ("margin", ["product"], None, False, "the last complete quarter, Q3 2026", {}),
    ),
    ("gross margin percentage by category", ("margin_pct", ["category"], None, False, None, {})),
    (
        "How many Orbit Smartwatches were sold in North America this year?",
        ("units", [], None, False, "this year, 2026", {"product": ["Orbit Smartwatch"], "region": ["North America"]}),
    ),
    ("Revenue by quarter", ("revenue", ["quarter"], None, False, None, {})),
    ("monthly revenue over the last 6 months", ("revenue", ["month"], None, False, "the last 6 complete months", {})),
    ("yearly units", ("units", ["year"], None, False, None, {})),
    ("quarterly sales trend for wearables", ("revenue", ["quarter"], None, False, None, {"category": ["Wearables"]})),
    (
        "How did Vista AR Glasses sales evolve over time?",
        ("revenue", ["quarter"], None, False, None, {"product": ["Vista AR Glasses"]}),
    ),
    (
        "revenue of the Flex USB-C cable over the last 4 quarters",
        ("revenue", [], None, False, "the last 4 complete quarters", {"product": ["Flex USB-C Cable 3-Pack"]}),
    ),
    (
        "units sold by region and channel in the third quarter of 2025",
        ("units", ["region", "channel"], None, False, "Q3 2025", {}),
    ),
    ("revenue in March 2026", ("revenue", [], None, False, "March 2026", {})),
    ("orders in march", ("orders", [], None, False, "the most recent March 2026", {})),
    ("show me revenue for the fourth quarter", ("revenue", [], None, False, "the most recent Q4, Q4 2026", {})),
    ("revenue 2025 Q4 by category", ("revenue", ["category"], None, False, "Q4 2025", {})),
    ("sales in the previous month", ("revenue", [], None, False, "the last complete month, October 2026", {})),
    (
        "What's the revenue from smart home in Asia-Pacific since 2025?",
        ("revenue", [], None, False, "since 2025", {"category": ["Smart Home"], "region": ["Asia Pacific"]}),
    ),
    (
        "Write a brief on our top 5 products by revenue in Europe last year",
        ("revenue", ["product"], 5, False, "the last complete year, 2025", {"region": ["Europe"]}),
    ),
    (
        "sales of audio products in NA by month in 2026",
        ("revenue", ["month"], None, False, "2026", {"category": ["Audio"], "region code": ["NA"]}),
    ),
    (
        "top audio products in the EU region",
        ("revenue", ["product"], None, False, None, {"category": ["Audio"], "region code": ["EU"]}),
    ),
    (
        "Compare sales between Europe and North America by month over the last 12 months",
        (
            "revenue",
            ["month", "region"],
            None,
            False,
            "the last 12 complete months",
            {"region": ["Europe", "North America"]},
        ),
    ),
    (
        "sales through partners vs online by year",
        ("revenue", ["year", "channel"], None, False, None, {"channel": ["partner", "online"]}),
    ),
    (
        "enterprise customers revenue by quarter",
        ("revenue", ["quarter"], None, False, None, {"customer segment": ["enterprise"]}),
    ),
    (
        "units of accessories sold in retail stores in LATAM",
        (
            "units",
            [],
            None,
            False,
            None,
            {"category": ["Accessories"], "channel": ["retail"], "region code": ["LATAM"]},
        ),
    ),
    ("top 2 regions for each category by revenue", ("revenue", ["category", "region"], 2, False, None, {})),
    (
        "top 3 products per quarter by units over the last 4 quarters",
        ("units", ["quarter", "product"], 3, False, "the last 4 complete quarters", {}),
    ),
]


@pytest.fixture
def fixed_clock() -> Iterator[None]:
    clock.start_at(TODAY)
    yield
    clock.start_at(None)


def reading(question: str) -> tuple[Any, ...]:
    q = map_request(question, LEXICON, TODAY)
    period = q.period.label if q.period else None
    filters = {ref_name(ref): values for ref, values in q.filters.items()}
    return (q.measures[0].name, [dim_name(d) for d in q.dimensions], q.top_n, q.ascending, period, filters)


def writer() -> SchemaSqlWriter:
    return SchemaSqlWriter.for_catalogue(SALES, vocabulary=SQL_VOCABULARY)


@pytest.mark.parametrize(("question", "expected"), PARAPHRASES, ids=[q for q, _ in PARAPHRASES])
def test_paraphrases_are_read_as_intended(question: str, expected: tuple[Any, ...]) -> None:
    assert reading(question) == expected


@pytest.mark.parametrize(("question", "expected"), PARAPHRASES, ids=[q for q, _ in PARAPHRASES])
async def test_every_paraphrase_gives_sql_the_guard_accepts(
    question: str, expected: tuple[Any, ...], fixed_clock: None
) -> None:
    draft = await writer().write_sql(question=question, schema=SCHEMA_TEXT)
    checked = validate_select(draft.sql, allowed_schemas=["demo_sales"], row_limit=200)
    tree = sqlglot.parse_one(checked, read="postgres")
    aliases = [e.alias_or_name for e in tree.expressions]
    measure, dims, top_n = expected[0], expected[1], expected[2]
    assert any(a == measure or a.endswith("_" + measure) for a in aliases) or "*" in aliases
    if top_n and len(dims) <= 1:
        # cut by rank (rows tied at the cut are kept), or by LIMIT for a side-by-side or between-periods shape
        assert f"rank <= {top_n}" in checked or f"LIMIT {top_n}" in checked.splitlines()
    assert "(offline SQL writer, confidence" in draft.explanation


def test_best_selling_means_units_unless_a_measure_is_named() -> None:
    assert reading("the three best-selling products")[0] == "units"
    assert reading("the three best-selling products by revenue")[0] == "revenue"
    assert reading("sales by region")[0] == "revenue"


def test_several_measures_keep_the_order_they_were_named_in() -> None:
    q = map_request("units and revenue by product", LEXICON, TODAY)
    assert [m.name for m in q.measures] == ["units", "revenue"]
    q = map_request("revenue and number of orders by region", LEXICON, TODAY)
    assert [m.name for m in q.measures] == ["revenue", "orders"]


def test_filters_are_quoted_conditions_on_values_found_in_the_data(fixed_clock: None) -> None:
    from cognicore.subagents.offline_sql import write_from_catalogue

    sql = write_from_catalogue(LEXICON, "revenue by product in Europe and Asia Pacific via the partner channel").sql
    assert "regions.name IN ('Europe', 'Asia Pacific')" in sql and "orders.channel = 'partner'" in sql
    # "NA" is a code only when written in capitals.
    with pytest.raises(Unsure):
        map_request("revenue by region, na values excluded", LEXICON, TODAY)
    assert map_request("revenue in NA", LEXICON, TODAY).filters == {"demo_sales.regions.code": ["NA"]}


def test_total_means_one_row_unless_a_grouping_is_asked() -> None:
    assert reading("total revenue of all products in 2025")[1] == []
    assert reading("total revenue by product in 2025")[1] == ["product"]


def test_the_writer_is_deterministic(fixed_clock: None) -> None:
    from cognicore.subagents.offline_sql import write_from_catalogue

    q1, q2 = (write_from_catalogue(LEXICON, "top 3 products by revenue last quarter").sql for _ in range(2))
    assert q1 == q2


@pytest.mark.parametrize("question", ["hello there", "What is our refund policy?", "tell me a joke", "   "])
async def test_unmappable_questions_are_unsure_and_name_what_exists(question: str) -> None:
    with pytest.raises(QuestionNotUnderstood) as info:
        await writer().write_sql(question=question, schema=SCHEMA_TEXT)
    message = str(info.value)
    assert isinstance(info.value, Unsure)
    assert "The data has measures" in message and "revenue" in message and "region" in message


async def test_the_error_says_what_was_understood_and_what_was_not(fixed_clock: None) -> None:
    with pytest.raises(QuestionNotUnderstood, match=r"I understood .*2025.* but not 'employee'"):
        await writer().write_sql(question="revenue per employee in 2025", schema=SCHEMA_TEXT)
    with pytest.raises(QuestionNotUnderstood, match=r"region = Europe.* but not 'weather'"):
        await writer().write_sql(question="Europe weather?", schema=SCHEMA_TEXT)
    # No measure named, but a filter: the domain's default measure, said so and with less confidence.
    default = await writer().write_sql(question="Europe last year?", schema=SCHEMA_TEXT)
    assert "No measure was named, so revenue" in default.explanation and "confidence 0.85" in default.explanation


async def test_a_vague_question_is_completed_from_the_request(fixed_clock: None) -> None:
    request = "Find the top 3 products by revenue last quarter and write a briefing"
    vague = await writer().write_sql(question="Get the sales data", schema=SCHEMA_TEXT, context=request)
    assert "rank <= 3" in vague.sql and "products.name AS product" in vague.sql
    # A specific question is not changed by the request.
    own = await writer().write_sql(question="revenue by region in 2025", schema=SCHEMA_TEXT, context=request)
    assert "regions.name AS region" in own.sql and "rank" not in own.sql and "products.name" not in own.sql
    # An unreadable question is rescued by a readable request.
    rescued = await writer().write_sql(question="do step one", schema=SCHEMA_TEXT, context=request)
    assert "rank <= 3" in rescued.sql


async def test_a_change_request_is_refused_before_anything_is_mapped() -> None:
    with pytest.raises(DataChangeRefused):
        await writer().write_sql(question="delete the orders of last quarter", schema=SCHEMA_TEXT)


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
