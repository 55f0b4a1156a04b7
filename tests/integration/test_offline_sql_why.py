"""'Why' questions over data (issue 9.1, D5): each group's contribution to a change between two periods.

Development wordings of `bench/heldout/dev_data6_*.yaml` kind (not the held-out sets'). The figures are checked
against an independent query of each group's measure in each period; a 'why' with no period, or with nothing to
break the change down by, is `Unsure` and says what to add.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import named_rows, run, sales, wall_clock  # noqa: F401 (fixtures)
from tests.integration.test_offline_sql_any_schema import desk_vocabulary, tickets  # noqa: F401 (a fixture)

PER_REGION = """
SELECT r.name, coalesce(sum(oi.revenue) FILTER (WHERE o.ordered_at >= '{a}' AND o.ordered_at < '{b}'), 0),
       coalesce(sum(oi.revenue) FILTER (WHERE o.ordered_at >= '{b}' AND o.ordered_at < '{c}'), 0)
FROM demo_sales.order_items oi JOIN demo_sales.orders o ON o.order_id = oi.order_id
JOIN demo_sales.regions r ON r.region_id = o.region_id GROUP BY r.name
"""


def contributions(rows: list[tuple]) -> list[tuple[str, float, float]]:
    """(group, change, share of the total change), biggest contribution to the total's direction first."""
    changes = [(g, float(b) - float(a)) for g, a, b in rows]
    total = sum(c for _, c in changes)
    sign = 1 if total >= 0 else -1
    ordered = sorted(changes, key=lambda gc: (-sign * gc[1], gc[0]))
    return [(g, round(c, 2), round(100 * c / total, 1)) for g, c in ordered]


def shown(names: list[str], rows: list[tuple], group: str) -> list[tuple[str, float, float]]:
    """(group, change, share of the change) as the writer's query gives them; the change comes first."""
    at = {n: i for i, n in enumerate(names)}
    assert names[1].endswith("_change") and names[2] == "share_of_change_pct", names
    return [(r[at[group]], round(float(r[1]), 2), float(r[2] or Decimal(0))) for r in rows]


@pytest.mark.parametrize(
    "request_text",
    [
        "why did revenue go up from Q2 2025 to Q3 2025? break it down by region",
        "what drove the change in revenue between Q2 2025 and Q3 2025 by region",
        "which regions contributed most to the revenue change from Q2 2025 to Q3 2025",
    ],
)
async def test_a_why_between_two_periods_gives_each_groups_contribution(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
    request_text: str,
) -> None:
    draft = await sales.write_sql(question=request_text, schema="")
    names, rows = await named_rows(pool, draft.sql)
    want = contributions(await run(pool, PER_REGION.format(a="2025-04-01", b="2025-07-01", c="2025-10-01")))
    assert shown(names, rows, "region") == want, draft.sql
    assert "not what caused it" in draft.explanation and "Q2 2025" in draft.explanation


async def test_one_period_is_compared_with_the_one_before_it(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    draft = await sales.write_sql(question="why did revenue drop in august 2025? by region pls", schema="")
    names, rows = await named_rows(pool, draft.sql)
    want = contributions(await run(pool, PER_REGION.format(a="2025-07-01", b="2025-08-01", c="2025-09-01")))
    assert shown(names, rows, "region") == want, draft.sql
    assert "July 2025" in draft.explanation and "August 2025" in draft.explanation


@pytest.mark.parametrize(
    ("request_text", "said"),
    [
        ("why did revenue go down by region", "over which period"),
        ("what drove the change in revenue from Q2 2025 to Q3 2025", "by what to break"),
    ],
)
async def test_a_why_without_a_period_or_a_breakdown_is_unsure(
    sales: SchemaSqlWriter,  # noqa: F811
    request_text: str,
    said: str,
) -> None:
    with pytest.raises(Unsure, match=said):
        await sales.write_sql(question=request_text, schema="")


async def test_a_why_on_the_tickets_by_priority(pool: AsyncConnectionPool, tickets: SchemaSqlWriter) -> None:  # noqa: F811
    draft = await tickets.write_sql(
        question="what drove the rise in tickets from jan 6 to jan 7? break it down by priority", schema=""
    )
    names, rows = await named_rows(pool, draft.sql)
    per_priority = await run(
        pool,
        "SELECT priority, count(*) FILTER (WHERE opened_at >= '2026-01-06' AND opened_at < '2026-01-07'), "
        "count(*) FILTER (WHERE opened_at >= '2026-01-07' AND opened_at < '2026-01-08') "
        "FROM support_desk.tickets GROUP BY priority",
    )
    assert shown(names, rows, "priority") == contributions(per_priority), draft.sql
    assert rows[0][0] == "P1"


async def test_a_why_between_two_days_compares_the_two_days(
    pool: AsyncConnectionPool,
    tickets: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "go up between jan 5 and jan 7": the two days side by side, never the span against the days before it."""
    draft = await tickets.write_sql(
        question="why did the number of tickets go up between jan 5 and jan 7? which components", schema=""
    )
    names, rows = await named_rows(pool, draft.sql)
    per_component = await run(
        pool,
        "SELECT component, count(*) FILTER (WHERE opened_at >= '2026-01-05' AND opened_at < '2026-01-06'), "
        "count(*) FILTER (WHERE opened_at >= '2026-01-07' AND opened_at < '2026-01-08') "
        "FROM support_desk.tickets GROUP BY component",
    )
    assert shown(names, rows, "component") == contributions(per_component), draft.sql


async def test_a_why_over_a_span_is_unsure_which_two_periods(sales: SchemaSqlWriter) -> None:  # noqa: F811
    with pytest.raises(Unsure, match="which two periods"):
        await sales.write_sql(question="why did revenue by region fall from 2025-03-01 to 2025-05-31", schema="")


async def test_a_why_through_the_graph_names_the_contributor_not_a_cause(app: App) -> None:
    result = await app.runner.ask("why did revenue drop in August 2025? by region pls", session_id="why", user_id="wyn")
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert [s["agent"] for s in result.steps] == ["database_query"]
    assert "contributed most to the change in revenue from July 2025 to August 2025" in result.answer
    assert "not what caused it" in result.answer
