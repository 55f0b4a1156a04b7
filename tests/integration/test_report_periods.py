"""Reports a manager can use (issue 9 point 5), on the demo through the app and on the support-desk domain.

Each report is checked against SQL run here: the title and summary name the subject and the period (with its
dates), the chart title names measure and period, and a share is of the real total or said to be of the rows
shown. The requests are our own wordings.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory import clock
from cognicore.subagents.database_query import DatabaseQueryAgent, DatabaseQuerySettings
from cognicore.subagents.offline_sql import SchemaSqlWriter
from cognicore.subagents.report_generation import ReportGenerationAgent
from cognicore.subagents.types import AgentContext, StepInput
from tests.agents import agent_services

REGION_SHARES = """
SELECT r.name AS region, sum(oi.revenue) AS revenue,
       100.0 * sum(oi.revenue) / sum(sum(oi.revenue)) OVER () AS share, sum(sum(oi.revenue)) OVER () AS total
FROM demo_sales.order_items oi JOIN demo_sales.orders o ON o.order_id = oi.order_id
JOIN demo_sales.regions r ON r.region_id = o.region_id
WHERE o.ordered_at >= %(start)s AND o.ordered_at < %(end)s
GROUP BY r.name ORDER BY revenue DESC
"""


def last_complete_quarter(today: date) -> tuple[date, date, str]:
    """Start, end (exclusive) and label of the quarter before the current one."""
    end = date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)
    start = date(end.year - 1, 10, 1) if end.month == 1 else date(end.year, end.month - 3, 1)
    return start, end, f"Q{(start.month - 1) // 3 + 1} {start.year}"


def report_of(result: dict[str, Any]) -> str:
    paths = [a for a in result["artifacts"] if a.endswith(".md")]
    assert paths, result
    return Path(paths[0]).read_text(encoding="utf-8")


def title_and_summary(markdown: str) -> tuple[str, str, str]:
    """The report's `# title`, its summary paragraph and the chart's alt text (its title)."""
    lines = markdown.splitlines()
    title = next(line[2:] for line in lines if line.startswith("# "))
    summary = lines[lines.index(f"# {title}") + 2]
    chart = re.search(r"!\[([^\]]*)\]\(", markdown)
    return title, summary, chart[1] if chart else ""


async def test_a_demo_report_names_subject_and_period_and_gives_shares_of_the_true_total(app: App) -> None:
    result = (
        await app.runner.ask(
            "Write a report on revenue by region for the last quarter", session_id="s-r1", user_id="r1"
        )
    ).model_dump(mode="json")
    assert result["outcome"] == "succeeded", result["answer"]
    title, summary, chart = title_and_summary(report_of(result))
    start, end, label = last_complete_quarter(clock.today())
    assert title == f"Revenue by region, {label}"
    assert f"Revenue by region for the last complete quarter, {label}" in summary
    assert f"({start.isoformat()} to {date.fromordinal(end.toordinal() - 1).isoformat()})" in summary
    assert chart == f"Revenue by region, {label}"
    async with app.admin_pool.connection() as conn:
        rows = await (await conn.execute(REGION_SHARES, {"start": start, "end": end})).fetchall()
    leader = rows[0]
    share = f"{leader['share']:.1f}%"
    assert (
        f"{leader['region']} leads revenue with ${leader['revenue']:,.0f}, {share} of the ${leader['total']:,.0f} "
        f"total across {len(rows)} regions." in summary
    )
    assert "This report covers" not in summary and "Write a report" not in title


async def test_a_top_n_report_gives_the_leaders_share_of_the_true_total(app: App) -> None:
    result = (
        await app.runner.ask(
            "Write a report on the 3 best-selling products by revenue in Europe in 2025",
            session_id="s-r2",
            user_id="r2",
        )
    ).model_dump(mode="json")
    assert result["outcome"] == "succeeded", result["answer"]
    markdown = report_of(result)
    title, summary, chart = title_and_summary(markdown)
    assert title == "Revenue by product (region is Europe), 2025"
    assert summary.startswith("Revenue by product where region is Europe for 2025 (2025-01-01 to 2025-12-31).")
    assert chart == "" or (chart.startswith("Revenue by product") and chart.endswith("2025"))
    async with app.admin_pool.connection() as conn:
        rows = await (
            await conn.execute(
                """SELECT p.name, sum(oi.revenue) AS revenue,
                          100.0 * sum(oi.revenue) / sum(sum(oi.revenue)) OVER () AS share
                   FROM demo_sales.order_items oi
                   JOIN demo_sales.orders o ON o.order_id = oi.order_id
                   JOIN demo_sales.products p ON p.product_id = oi.product_id
                   JOIN demo_sales.regions r ON r.region_id = o.region_id
                   WHERE o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'
                     AND r.name = 'Europe'
                   GROUP BY p.name ORDER BY revenue DESC"""
            )
        ).fetchall()
    # The share is of all twelve products' revenue in Europe (the query's window, before its LIMIT), not of the
    # three rows shown.
    leader, shown = rows[0], sum(r["revenue"] for r in rows[:3])
    assert len(rows) > 3
    lead = f"{leader['name']} leads revenue with ${leader['revenue']:,.0f}, {leader['share']:.1f}% of the total."
    assert lead in summary, markdown
    assert f"{100 * leader['revenue'] / shown:.1f}%" not in markdown
    assert "rows shown" not in markdown


async def test_a_support_desk_report_uses_the_querys_shares_and_names_the_month(
    pool: AsyncConnectionPool, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples" / "support_desk"))
    from support_desk.data import seed_tickets  # the second domain's own seeding

    await seed_tickets(pool)
    services = agent_services(pool)
    query = DatabaseQueryAgent(
        services,
        writer=SchemaSqlWriter(pool, ["support_desk"]),
        settings=DatabaseQuerySettings(schemas=["support_desk"]),
    )
    ctx = AgentContext(user_id="u1", session_id="s1", run_id="run-sd", output_dir=data_dir, engine="offline")
    request = "What share of the tickets opened in January 2026 went to each component? Write it up as a report."
    data = await query.run(StepInput(step_id="s1", instruction="share of tickets by component in January 2026",
                                     request=request), ctx)  # fmt: skip
    assert data.status == "ok", data.error
    assert "share_pct" in data.data["columns"] and data.data["period"].startswith("January 2026 (2026-01-01 to")
    out = await ReportGenerationAgent(services).run(
        StepInput(
            step_id="s2", instruction="report on ticket share by component", request=request, inputs={"s1": data}
        ),
        ctx,
    )
    assert out.status == "ok", out.error
    title, summary, chart = title_and_summary(Path(out.data["report_path"]).read_text(encoding="utf-8"))
    async with pool.connection() as conn:
        rows = await (
            await conn.execute(
                """SELECT component, count(*) AS n, 100.0 * count(*) / sum(count(*)) OVER () AS share
                   FROM support_desk.tickets
                   WHERE opened_at >= DATE '2026-01-01' AND opened_at < DATE '2026-02-01'
                   GROUP BY component ORDER BY n DESC, component"""
            )
        ).fetchall()
    assert title.endswith("by component, January 2026") and chart.endswith("by component, January 2026")
    assert "for January 2026 (2026-01-01 to 2026-01-31)" in summary
    # Every component has the same count: a tie is said, with the query's share of the true total.
    assert rows[0]["n"] == rows[-1]["n"] and f"tie for the lead in tickets with {rows[0]['n']} each" in summary
    share = f"{rows[0]['share']:.1f}% each of the total"
    assert share in summary


async def test_a_top_answer_with_a_tie_names_every_tied_row(
    pool: AsyncConnectionPool, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples" / "support_desk"))
    from support_desk.data import seed_tickets

    await seed_tickets(pool)
    query = DatabaseQueryAgent(
        agent_services(pool),
        writer=SchemaSqlWriter(pool, ["support_desk"]),
        settings=DatabaseQuerySettings(schemas=["support_desk"]),
    )
    ctx = AgentContext(user_id="u1", session_id="s1", run_id="run-tie", output_dir=data_dir, engine="offline")
    request = "Which assignee has the most P2 tickets?"
    out = await query.run(StepInput(step_id="s1", instruction=request, request=request), ctx)
    assert out.status == "ok", out.error
    async with pool.connection() as conn:
        rows = await (
            await conn.execute(
                """SELECT assignee, count(*) AS n FROM support_desk.tickets
                   WHERE priority = 'P2' AND assignee IS NOT NULL GROUP BY 1 ORDER BY n DESC, assignee"""
            )
        ).fetchall()
    tied = [r["assignee"] for r in rows if r["n"] == rows[0]["n"]]
    assert len(tied) > 1  # the data has a tie at the top: every tied name is given, none picked by the row order
    assert [r[0] for r in out.data["rows"]] == tied
    names = ", ".join(tied[:-1]) + f" and {tied[-1]}"
    assert f"{len(tied)} rows. {names} tie with {rows[0]['n']} each (tickets)." in out.summary
