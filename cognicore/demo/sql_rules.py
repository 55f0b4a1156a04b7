"""The demo's offline `write_sql` role: rules (`sales_questions`) that read questions about `demo_sales`.

Its conventions, stated in every explanation it gives: "sales" means revenue; "best-selling" and
"popular" mean units sold unless revenue is named; "latest", "last", "current" and "this" quarter all mean
the quarter of the most recent order, and relative periods count back from the most recent order date.
"""

from __future__ import annotations

from cognicore.demo import sales_questions as rules
from cognicore.subagents.read_only import refuse_change_request
from cognicore.subagents.sql_writer import QuestionNotUnderstood, SqlDraft

OFFLINE_TABLES = ("orders", "order_items", "products", "categories", "regions")

EXAMPLE_QUESTIONS = (
    "top 3 products by revenue in the latest quarter",
    "units sold by region and quarter in 2025",
    "ten worst-selling products in Europe last year",
)


class OfflineSqlWriter:
    """Rule-based writer for the demo sales schema: deterministic, no model."""

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft:
        """The SQL for `question`; raises `QuestionNotUnderstood` with what it understood and an example.

        A question or request that asks to change data raises `DataChangeRefused`: these rules only read.
        """
        refuse_change_request(question, context)
        missing = [t for t in OFFLINE_TABLES if f"{rules.SCHEMA}.{t}" not in schema]
        if missing:
            raise QuestionNotUnderstood(
                f"The offline SQL writer only knows the demo schema {rules.SCHEMA}, and the allowed tables "
                f"lack {', '.join(f'{rules.SCHEMA}.{t}' for t in missing)}. Seed the demo "
                "(`cognicore demo`) or configure a chat model (GOOGLE_API_KEY) for other schemas."
            )
        query = _interpret(question, context)
        return SqlDraft(sql=rules.build_sql(query), explanation=rules.explain(query) + " (offline SQL writer)")


def _interpret(question: str, context: str) -> rules.SalesQuery:
    """Read the question alone; if it is vague (or unreadable), let the request fill the gaps."""
    try:
        query: rules.SalesQuery | None = rules.interpret(question)
        problem = ""
    except rules.NotUnderstood as exc:
        query, problem = None, str(exc)
    if context.strip() and (query is None or not query.specific):
        try:
            # The question comes first, so whatever it says wins over the request.
            return rules.interpret(f"{question}. {context}")
        except rules.NotUnderstood:
            pass
    if query is not None:
        return query
    examples = "; ".join(f"'{q}'" for q in EXAMPLE_QUESTIONS)
    raise QuestionNotUnderstood(
        f"The offline SQL writer could not map {question.strip()[:200]!r} to the sales data: {problem}. "
        "Rephrase with a measure (revenue, units, orders, average order value, margin), optionally a "
        "grouping (product, category, region, channel, quarter, month, year), a top/bottom N, a period and "
        f"filters, e.g. {examples}."
    )
