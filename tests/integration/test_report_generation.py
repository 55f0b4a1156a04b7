"""report_generation on the real demo sales data: its figures match what PostgreSQL computes."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents.report_generation import ReportGenerationAgent
from cognicore.subagents.report_writer import ReportDraft
from cognicore.subagents.types import AgentContext, AgentServices, StepInput, StepOutput
from tests.agents import agent_services
from tests.fakes import scripted, structured

BY_CATEGORY = """
SELECT c.name AS category, sum(i.revenue) AS revenue
FROM demo_sales.order_items i
JOIN demo_sales.products p USING (product_id)
JOIN demo_sales.categories c USING (category_id)
GROUP BY c.name
ORDER BY revenue DESC"""

BY_QUARTER = """
SELECT to_char(date_trunc('quarter', o.ordered_at), 'YYYY-"Q"Q') AS quarter, c.name AS category,
       sum(i.revenue) AS revenue
FROM demo_sales.orders o
JOIN demo_sales.order_items i USING (order_id)
JOIN demo_sales.products p USING (product_id)
JOIN demo_sales.categories c USING (category_id)
GROUP BY 1, 2
ORDER BY 1, 2"""


def _json(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    return value.isoformat() if isinstance(value, date) else value


async def query_step(pool: AsyncConnectionPool, sql: str) -> StepOutput:
    """The step data convention that database_query produces, built from a real query."""
    async with pool.connection() as conn:
        cur = await conn.execute(sql)
        rows = await cur.fetchall()
        columns = [d.name for d in cur.description or []]
    data_rows = [[_json(r[c]) for c in columns] for r in rows]
    data = {"sql": sql, "columns": columns, "rows": data_rows, "row_count": len(data_rows)}
    return StepOutput(summary=f"{len(data_rows)} rows.", data=data)


def services(pool: AsyncConnectionPool, chat_model: Any = None) -> AgentServices:
    return agent_services(pool, KnowledgeBase(pool, OfflineEmbeddings()), chat_model=chat_model)


def context(out: Path, engine: str = "offline") -> AgentContext:
    return AgentContext(user_id="u1", session_id="s1", run_id="run-42", output_dir=out, engine=engine)


def read_text(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


def read_bytes(path: str) -> bytes:
    return Path(path).read_bytes()


async def test_offline_report_quotes_the_databases_own_figures(pool: AsyncConnectionPool, data_dir: Path) -> None:
    sales = await query_step(pool, BY_CATEGORY)
    async with pool.connection() as conn:
        cur = await conn.execute(
            f"SELECT category, revenue, sum(revenue) OVER () AS total FROM ({BY_CATEGORY}) t LIMIT 1"
        )
        top = await cur.fetchone()
    assert top is not None and top["category"] in {"Audio", "Wearables", "Smart Home", "Accessories"}
    share = f"{100 * top['revenue'] / top['total']:.1f}%"

    agent = ReportGenerationAgent(services(pool))
    task = StepInput(step_id="s2", instruction="Write a briefing on revenue by category", inputs={"s1": sales})
    out = await agent.run(task, context(data_dir))

    assert out.status == "ok", out.error
    text = read_text(out.data["report_path"])
    leader = (
        f"{top['category']} leads revenue with ${top['revenue']:,.0f}, {share} of the "
        f"${top['total']:,.0f} total across 4 categories."
    )
    assert f"- {leader}" in text and leader in out.summary
    assert out.data["report_path"] == str(data_dir / "run-42" / "report.md")
    assert len(read_bytes(out.data["chart_path"])) > 0


async def test_quarterly_data_gets_a_trend_and_a_chart(pool: AsyncConnectionPool, data_dir: Path) -> None:
    quarters = await query_step(pool, BY_QUARTER)
    rows = quarters.data["rows"]
    last = max(r[0] for r in rows)
    leader = max((r for r in rows if r[0] == last), key=lambda r: r[2])

    out = await ReportGenerationAgent(services(pool)).run(
        StepInput(step_id="s2", instruction="Report on revenue by quarter", inputs={"s1": quarters}),
        context(data_dir),
    )

    assert out.status == "ok", out.error
    text = read_text(out.data["report_path"])
    assert f"In {last}, {leader[1]} leads with ${leader[2]:,.0f}" in text
    assert f"to {last}" in out.data["title"]
    assert read_bytes(out.data["chart_path"])[:4] == b"\x89PNG"


async def test_a_chat_model_in_the_services_selects_the_llm_writer(pool: AsyncConnectionPool, data_dir: Path) -> None:
    draft = ReportDraft(title="Scripted title", summary="Scripted summary. Two sentences.")
    model = scripted([structured(ReportDraft, draft)])
    sales = await query_step(pool, BY_CATEGORY)
    out = await ReportGenerationAgent(services(pool, model)).run(
        StepInput(step_id="s2", instruction="Write a report", inputs={"s1": sales}),
        context(data_dir, engine="gemini:gemini-2.5-flash"),
    )
    assert out.status == "ok", out.error
    assert out.data["title"] == "Scripted title"
    assert "`gemini:gemini-2.5-flash`" in read_text(out.data["report_path"])
