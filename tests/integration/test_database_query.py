"""`database_query` and the demo sales data on a real PostgreSQL: answers, refusals, timeouts, no writes."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.demo.sales import PRODUCTS, REGIONS, seed_sales
from cognicore.subagents.database_query import DatabaseQueryAgent
from cognicore.subagents.offline_sql import read_catalogue
from cognicore.subagents.sql_writer import SqlDraft
from cognicore.subagents.types import AgentContext, AgentServices, StepInput, StepOutput
from tests.agents import agent_services
from tests.fakes import junk, scripted, structured
from tests.unit.test_sql_writer import PARAPHRASES

TABLES = ("categories", "products", "regions", "orders", "order_items")
LATEST_QUARTER = "o.ordered_at >= date_trunc('quarter', (SELECT max(ordered_at) FROM demo_sales.orders))"
FINGERPRINT = "SELECT count(*) AS n, md5(string_agg(t::text, ',' ORDER BY t::text)) AS h FROM {table} t"
BY_PRODUCT = f"""
SELECT p.name, sum(oi.revenue) AS revenue, sum(oi.quantity) AS units
FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id)
JOIN demo_sales.products p USING (product_id) JOIN demo_sales.regions r USING (region_id)
WHERE {LATEST_QUARTER} AND r.name LIKE %s
GROUP BY p.name
"""
# "the latest quarter" as the offline writer reads it: the last complete one before today.
LAST_QUARTER = (
    "o.ordered_at >= date_trunc('quarter', current_date) - interval '3 months' "
    "AND o.ordered_at < date_trunc('quarter', current_date)"
)
BY_PRODUCT_LAST_QUARTER = BY_PRODUCT.replace(LATEST_QUARTER, LAST_QUARTER)


def services(pool: AsyncConnectionPool, chat_model: Any = None, **section: Any) -> AgentServices:
    return agent_services(pool, chat_model=chat_model, settings={"database_query": section})


def context(tmp_path: Path, engine: str = "offline") -> AgentContext:
    return AgentContext(user_id="ann", session_id="s", run_id="r1", output_dir=tmp_path, engine=engine)


async def ask(agent: DatabaseQueryAgent, tmp_path: Path, instruction: str, request: str = "") -> StepOutput:
    return await agent.run(StepInput(step_id="s1", instruction=instruction, request=request), context(tmp_path))


async def rows(pool: AsyncConnectionPool, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    async with pool.connection() as conn:
        cur = await conn.execute(sql, params)  # type: ignore[arg-type]
        return await cur.fetchall()


async def checksum(pool: AsyncConnectionPool) -> dict[str, str]:
    """A fingerprint of every demo table (and the public table the tests plant)."""
    out = {}
    for table in (*(f"demo_sales.{t}" for t in TABLES), "public.secrets"):
        found = await rows(
            pool, f"SELECT count(*) AS n, md5(string_agg(t::text, ',' ORDER BY t::text)) AS h FROM {table} t"
        )
        out[table] = f"{found[0]['n']}:{found[0]['h']}"
    return out


@pytest.fixture
async def planted(pool: AsyncConnectionPool) -> AsyncConnectionPool:
    """The test database with a table outside the allowed schema, as a target for escapes."""
    async with pool.connection() as conn:
        await conn.execute("CREATE TABLE public.secrets (id int, secret text)")
        await conn.execute("INSERT INTO public.secrets VALUES (1, 'hunter2')")
    return pool


# --- the demo data --------------------------------------------------------------------------------------


async def test_seeding_again_adds_nothing(pool: AsyncConnectionPool) -> None:
    before = await checksum_demo(pool)
    assert await seed_sales(pool) == 0
    assert await checksum_demo(pool) == before


async def checksum_demo(pool: AsyncConnectionPool) -> list[dict[str, Any]]:
    return [(await rows(pool, FINGERPRINT.format(table=f"demo_sales.{t}")))[0] for t in TABLES]


async def test_racing_seeders_fill_the_schema_once_and_deterministically(pool: AsyncConnectionPool) -> None:
    original = await checksum_demo(pool)
    seeded_on = (await rows(pool, "SELECT max(ordered_at) AS d FROM demo_sales.orders"))[0]["d"]
    async with pool.connection() as conn:
        await conn.execute("DROP SCHEMA demo_sales CASCADE")
    counts = await asyncio.gather(seed_sales(pool, today=seeded_on), seed_sales(pool, today=seeded_on))
    assert sorted(counts)[0] == 0 and sorted(counts)[1] == sum(r["n"] for r in original)
    assert await checksum_demo(pool) == original  # same day, same data


async def test_demo_data_covers_eight_full_quarters_and_the_current_one(pool: AsyncConnectionPool) -> None:
    span = (
        await rows(pool, "SELECT min(ordered_at) AS lo, max(ordered_at) AS hi, count(*) AS n FROM demo_sales.orders")
    )[0]
    assert date.today() - timedelta(days=1) <= span["hi"] <= date.today()  # seeded by this test session
    quarters = await rows(
        pool, "SELECT DISTINCT date_trunc('quarter', ordered_at)::date AS q FROM demo_sales.orders ORDER BY 1"
    )
    assert len(quarters) == 9 and span["lo"] == quarters[0]["q"] and span["lo"].day == 1
    assert 5_000 <= span["n"] <= 20_000
    names = {r["name"] for r in await rows(pool, "SELECT name FROM demo_sales.products")}
    assert names == {p.name for p in PRODUCTS} and len(names) == 12
    assert {r["code"] for r in await rows(pool, "SELECT code FROM demo_sales.regions")} == {
        "NA",
        "EU",
        "APAC",
        "LATAM",
    }


async def test_demo_data_has_the_shape_the_demo_relies_on(pool: AsyncConnectionPool) -> None:
    latest = await rows(pool, BY_PRODUCT, ("%",))
    by_revenue = [r["name"] for r in sorted(latest, key=lambda r: -r["revenue"])[:3]]
    by_units = [r["name"] for r in sorted(latest, key=lambda r: -r["units"])[:3]]
    assert by_revenue != by_units
    assert by_revenue[0] == "Vista AR Glasses" and by_units[0] == "Flex USB-C Cable 3-Pack"
    quarterly = await rows(
        pool,
        """
        SELECT extract(quarter FROM ordered_at)::int AS q, sum(oi.revenue) AS revenue,
               sum(oi.revenue) FILTER (WHERE p.sku = 'WEA-300') AS vista
        FROM demo_sales.orders o JOIN demo_sales.order_items oi USING (order_id)
        JOIN demo_sales.products p USING (product_id)
        WHERE ordered_at < date_trunc('quarter', current_date)
          AND ordered_at >= date_trunc('quarter', current_date) - interval '1 year'
        GROUP BY 1""",
    )
    revenue = {r["q"]: r["revenue"] for r in quarterly}
    assert revenue[4] == max(revenue.values())  # the holiday peak
    growth = await rows(
        pool,
        """
        SELECT date_trunc('quarter', ordered_at) AS q, sum(oi.quantity) AS units
        FROM demo_sales.orders o JOIN demo_sales.order_items oi USING (order_id)
        JOIN demo_sales.products p USING (product_id) WHERE p.sku = 'WEA-300' GROUP BY 1 ORDER BY 1""",
    )
    assert growth[-2]["units"] > 2 * growth[0]["units"]  # Vista AR Glasses keep growing


async def test_the_catalogue_lists_the_seeded_values(pool: AsyncConnectionPool) -> None:
    seeded = {
        "products.name": {r["v"] for r in await rows(pool, "SELECT name AS v FROM demo_sales.products")},
        "regions.name": {r["v"] for r in await rows(pool, "SELECT name AS v FROM demo_sales.regions")},
        "categories.name": {r["v"] for r in await rows(pool, "SELECT name AS v FROM demo_sales.categories")},
        "orders.channel": {r["v"] for r in await rows(pool, "SELECT DISTINCT channel AS v FROM demo_sales.orders")},
        "orders.customer_segment": {
            r["v"] for r in await rows(pool, "SELECT DISTINCT customer_segment AS v FROM demo_sales.orders")
        },
    }
    catalogue = await read_catalogue(pool, ["demo_sales"])
    for ref, values in seeded.items():
        assert set(catalogue.column(f"demo_sales.{ref}").values) == values
    assert {name for name, *_ in REGIONS} == seeded["regions.name"]


# --- offline answers -----------------------------------------------------------------------------------


async def test_top_3_products_by_revenue_in_the_latest_quarter(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    agent = DatabaseQueryAgent(services(pool))
    out = await ask(agent, tmp_path, "Find the top 3 products by revenue for the latest quarter")
    assert out.status == "ok", out.error
    assert out.model_calls == {"write_sql": 1}
    data = out.data
    # A top N carries each row's share of the true total (all products), computed before the cut.
    assert data["columns"] == ["product", "revenue", "share_pct"] and data["row_count"] == 3 == len(data["rows"])
    revenues = [r[1] for r in data["rows"]]
    assert revenues == sorted(revenues, reverse=True) and all(isinstance(v, float) for v in revenues)
    every = await rows(pool, BY_PRODUCT_LAST_QUARTER, ("%",))
    expected = sorted(every, key=lambda r: -r["revenue"])[:3]
    assert [r[:2] for r in data["rows"]] == [[r["name"], float(r["revenue"])] for r in expected]
    total = sum(r["revenue"] for r in every)
    assert [r[2] for r in data["rows"]] == [float(round(100 * r["revenue"] / total, 1)) for r in expected]
    json.dumps(data)  # JSON values only
    assert "3 rows." in out.summary and "| Product | Revenue |" in out.summary
    assert data["sql"] in out.summary and "offline engine" in out.summary


async def test_top_5_gives_five_and_best_selling_ranks_by_units(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    agent = DatabaseQueryAgent(services(pool))
    five = await ask(agent, tmp_path, "top 5 products by revenue in the latest quarter")
    assert five.status == "ok" and five.data["row_count"] == 5
    best = await ask(agent, tmp_path, "Analyze the latest sales data; find the three best-selling products")
    expected = sorted(await rows(pool, BY_PRODUCT_LAST_QUARTER, ("%",)), key=lambda r: -r["units"])[:3]
    assert best.data["columns"][:2] == ["product", "units"]
    assert [r[:2] for r in best.data["rows"]] == [[r["name"], int(r["units"])] for r in expected]


async def test_region_and_category_filters(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    agent = DatabaseQueryAgent(services(pool))
    europe = await ask(agent, tmp_path, "revenue by product in Europe for the latest quarter")
    expected = sorted(await rows(pool, BY_PRODUCT_LAST_QUARTER, ("Europe",)), key=lambda r: (-r["revenue"], r["name"]))
    assert europe.data["rows"] == [[r["name"], float(r["revenue"])] for r in expected]
    everywhere = await ask(agent, tmp_path, "revenue by product for the latest quarter")
    assert sum(r[1] for r in everywhere.data["rows"]) > sum(r[1] for r in europe.data["rows"])
    by_code = await ask(agent, tmp_path, "revenue by product in EU for the latest quarter")
    assert by_code.data["rows"] == europe.data["rows"]
    audio = await ask(agent, tmp_path, "units by product in the Audio category")
    audio_names = {
        r["name"]
        for r in await rows(
            pool,
            """
        SELECT p.name FROM demo_sales.products p JOIN demo_sales.categories c USING (category_id)
        WHERE c.name = 'Audio'""",
        )
    }
    assert {r[0] for r in audio.data["rows"]} == audio_names and len(audio_names) == 3


async def test_every_offline_paraphrase_runs(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    agent = DatabaseQueryAgent(services(pool))
    problems = []
    for question, (measure, dims, top_n, _, _, _) in PARAPHRASES:
        out = await ask(agent, tmp_path, question)
        # A named year may lie outside the data window, which moves with the seeding day.
        may_be_empty = re.search(r"20\d\d", question) is not None
        columns = out.data.get("columns", [])
        # "A vs B by month": A's and B's measure side by side, one column each, instead of a grouping.
        pivoted = [c for c in columns if c.endswith("_" + measure)]
        if out.status != "ok":
            problems.append(f"{question}: {out.error}")
        elif not (measure in columns or len(pivoted) >= 2) or len(set(dims) - set(columns)) > (1 if pivoted else 0):
            problems.append(f"{question}: columns {out.data['columns']}")
        elif (out.data["row_count"] == 0 and not may_be_empty) or (
            top_n and len(dims) == 1 and out.data["row_count"] > top_n
        ):
            problems.append(f"{question}: {out.data['row_count']} rows")
    assert not problems, "\n".join(problems)


async def test_an_unmappable_question_is_a_step_error(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    out = await ask(DatabaseQueryAgent(services(pool)), tmp_path, "what is the meaning of life?")
    assert out.status == "error" and out.model_calls == {"write_sql": 1}
    assert "could not map" in (out.error or "") and "The data has measures" in (out.error or "")


async def test_a_vague_instruction_uses_the_request(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    out = await ask(
        DatabaseQueryAgent(services(pool)),
        tmp_path,
        "Fetch the data for the report",
        request="Top 3 regions by revenue last quarter, as a briefing",
    )
    assert out.status == "ok" and out.data["columns"][:2] == ["region", "revenue"] and out.data["row_count"] == 3


async def test_the_row_limit_applies_and_is_reported(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    agent = DatabaseQueryAgent(services(pool, row_limit=7))
    out = await ask(agent, tmp_path, "revenue by month")
    assert out.status == "ok" and out.data["row_count"] == 7 and out.data["truncated"] is True
    assert "row limit" in out.summary and out.data["sql"].rstrip().endswith("LIMIT 7")


async def test_the_schema_description_is_built_once_from_the_catalog(pool: AsyncConnectionPool) -> None:
    agent = DatabaseQueryAgent(services(pool))
    text = await agent.describe_schema()
    assert "Table demo_sales.order_items" in text and "Net revenue of the line in USD" in text
    assert "Values: Asia Pacific, Europe, Latin America, North America." in text
    assert "REFERENCES demo_sales.products(product_id)" in text
    assert f"to {date.today().isoformat()}" in text or f"to {(date.today() - timedelta(days=1)).isoformat()}" in text
    assert "public" not in text.split("\n", 1)[0]
    assert await agent.describe_schema() is text


async def test_the_deployments_glossary_follows_the_schema_the_writer_reads(pool: AsyncConnectionPool) -> None:
    from cognicore.demo.plugin import PLUGIN

    glossary = PLUGIN.agent_settings["database_query"]["glossary"]
    text = await DatabaseQueryAgent(services(pool, glossary=glossary)).describe_schema()
    assert text.index("Table demo_sales.") < text.index("Glossary of this deployment:")
    assert all(f"- {rule}" in text for rule in glossary)
    assert "Glossary" not in await DatabaseQueryAgent(services(pool, glossary=[])).describe_schema()


# --- model-written SQL: junk, refusals, failures ------------------------------------------------------


def llm_agent(pool: AsyncConnectionPool, *replies: Any, **kwargs: Any) -> DatabaseQueryAgent:
    return DatabaseQueryAgent(services(pool, chat_model=scripted(list(replies)), **kwargs))


async def test_llm_written_sql_runs(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    draft = SqlDraft(
        sql="SELECT r.name AS region, count(*) AS orders FROM regions r JOIN orders o USING (region_id) "
        "GROUP BY r.name ORDER BY orders DESC",
        explanation="Orders per region.",
    )
    agent = llm_agent(pool, structured(SqlDraft, draft))
    out = await agent.run(StepInput(step_id="s1", instruction="orders by region"), context(tmp_path, "gemini:x"))
    assert out.status == "ok", out.error
    assert out.data["columns"] == ["region", "orders"] and out.data["row_count"] == 4
    assert "demo_sales.regions" in out.data["sql"] and out.model_calls == {"write_sql": 1}
    assert "gemini:x engine" in out.summary and "Orders per region." in out.summary


async def test_llm_junk_is_retried_then_a_clear_error(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    out = await ask(llm_agent(pool, junk(), junk()), tmp_path, "orders by region")
    assert out.status == "error" and out.model_calls == {"write_sql": 1}
    assert "The SQL could not be written: write_sql: the model returned unusable output after 2" in (out.error or "")


@pytest.mark.parametrize(
    ("sql", "reason"),
    [
        ("UPDATE demo_sales.products SET unit_price = 0", "writes data (UPDATE)"),
        ("DROP TABLE demo_sales.order_items", "is not a query (DROP)"),
        ("SELECT 1; DELETE FROM demo_sales.orders", "2 statements (SELECT; DELETE)"),
        ("SELECT * FROM public.secrets", "table public.secrets is outside the allowed schemas demo_sales"),
        (
            "SELECT rolname FROM pg_catalog.pg_roles",
            "table pg_catalog.pg_roles is outside the allowed schemas",
        ),
        (
            "WITH d AS (DELETE FROM demo_sales.orders RETURNING *) SELECT count(*) FROM d",
            "writes data (DELETE",
        ),
        ("SELECT pg_sleep(5)", "function pg_sleep() is not allowed"),
    ],
)
async def test_dangerous_llm_sql_is_refused_and_changes_nothing(
    planted: AsyncConnectionPool, tmp_path: Path, sql: str, reason: str
) -> None:
    before = await checksum(planted)
    agent = llm_agent(planted, structured(SqlDraft, SqlDraft(sql=sql, explanation="trust me")))
    out = await ask(agent, tmp_path, "show me the products")
    assert out.status == "error" and out.model_calls == {"write_sql": 1}
    error = out.error or ""
    assert error.startswith("The generated SQL was refused: ") and reason in error
    assert error.endswith("Nothing was run.")
    assert await checksum(planted) == before


async def test_an_unqualified_secret_table_is_pinned_to_the_allowed_schema(
    planted: AsyncConnectionPool, tmp_path: Path
) -> None:
    agent = llm_agent(planted, structured(SqlDraft, SqlDraft(sql="SELECT secret FROM secrets", explanation="x")))
    out = await ask(agent, tmp_path, "secrets")
    assert out.status == "error" and 'relation "demo_sales.secrets" does not exist' in (out.error or "")
    assert "hunter2" not in json.dumps(out.model_dump())


async def test_a_statement_timeout_is_a_clear_error(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    slow = "SELECT count(*) AS n FROM demo_sales.order_items a, demo_sales.order_items b, demo_sales.orders c"
    agent = llm_agent(pool, structured(SqlDraft, SqlDraft(sql=slow, explanation="slow")), timeout_ms=50)
    loop = asyncio.get_running_loop()
    started = loop.time()
    out = await ask(agent, tmp_path, "count everything")
    assert loop.time() - started < 3
    assert out.status == "error" and "cancelled after the 50 ms statement timeout" in (out.error or "")
    assert "COGNICORE_SQL_TIMEOUT_MS" in (out.error or "") and out.data["sql"].startswith("SELECT")
    # The pooled connection is healthy afterwards and has no leftover timeout or search path.
    found = await rows(pool, "SELECT current_setting('statement_timeout') AS t, current_setting('search_path') AS p")
    assert found[0]["t"] == "0" and "demo_sales" not in found[0]["p"]


async def test_a_failing_query_is_a_clear_error(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    bad = SqlDraft(sql="SELECT no_such_column FROM demo_sales.products", explanation="x")
    out = await ask(llm_agent(pool, structured(SqlDraft, bad)), tmp_path, "products")
    assert out.status == "error"
    assert 'The query failed in PostgreSQL: column "no_such_column" does not exist' in (out.error or "")


async def test_the_transaction_is_read_only_even_without_the_guard(pool: AsyncConnectionPool) -> None:
    before = await checksum_demo(pool)
    agent = DatabaseQueryAgent(services(pool))
    # The server-side cursor's DECLARE takes only a query; a locking query is stopped by READ ONLY.
    with pytest.raises(psycopg.errors.SyntaxError):
        await agent._execute("UPDATE demo_sales.products SET unit_price = 0")
    with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
        await agent._execute("SELECT * FROM demo_sales.products FOR UPDATE")
    assert await checksum_demo(pool) == before


async def test_values_are_json(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    sql = (
        "SELECT ordered_at, 1.25::numeric AS amount, now() AS at, interval '1 day' AS gap, NULL AS nothing, "
        "true AS flag, ARRAY[1.5::numeric] AS list FROM demo_sales.orders ORDER BY order_id LIMIT 1"
    )
    out = await ask(llm_agent(pool, structured(SqlDraft, SqlDraft(sql=sql, explanation="x"))), tmp_path, "q")
    assert out.status == "ok", out.error
    row = out.data["rows"][0]
    assert isinstance(row[0], str) and date.fromisoformat(row[0])
    assert row[1:2] == [1.25] and isinstance(row[2], str) and row[3] == 86400.0
    assert row[4:] == [None, True, [1.5]]
    json.dumps(out.data)
