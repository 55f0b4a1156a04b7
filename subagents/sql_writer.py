"""The `write_sql` role of `database_query`: one PostgreSQL SELECT for a question, offline or by a model.

The offline writer reads questions about the demo schema `demo_sales` with rules (see `_sales_questions`).
Its conventions, stated in every explanation it gives: "sales" means revenue; "best-selling" and
"popular" mean units sold unless revenue is named; "latest", "last", "current" and "this" quarter all mean
the quarter of the most recent order, and relative periods count back from the most recent order date.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from cognicore.memory.llm import structured_call
from cognicore.subagents import _sales_questions as rules
from cognicore.subagents.errors import StepFailed

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

ROLE = "write_sql"
OFFLINE_TABLES = ("orders", "order_items", "products", "categories", "regions")

EXAMPLE_QUESTIONS = (
    "top 3 products by revenue in the latest quarter",
    "units sold by region and quarter in 2025",
    "ten worst-selling products in Europe last year",
)


class SqlDraft(BaseModel):
    """One PostgreSQL query that answers the question, and what it computes."""

    sql: str = Field(
        description="Exactly one read-only PostgreSQL SELECT (WITH ... SELECT is fine) using only the tables "
        "and columns of the schema, each table schema-qualified. No semicolon, no comments, no data changes."
    )
    explanation: str = Field(
        description="One or two sentences: what the query computes and how the measure, period, ranking "
        "and filters of the question were interpreted."
    )


class QuestionNotUnderstood(StepFailed):
    """The offline writer could not map a question to the sales data; the message says how to rephrase."""


class SqlWriter(Protocol):
    """Writes one SELECT for `question` over the tables that `schema` describes.

    `context` (the user's whole request) only fills in what `question` leaves open.
    """

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft: ...


class OfflineSqlWriter:
    """Rule-based writer for the demo sales schema: deterministic, no model."""

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft:
        """The SQL for `question`; raises `QuestionNotUnderstood` with what it understood and an example."""
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


# Used by LlmSqlWriter (the `write_sql` role of the database_query sub-agent); pairs with SqlDraft.
WRITE_SQL_PROMPT = """\
You write one PostgreSQL query that answers a question about the data described below.
Rules:
- Exactly one read-only SELECT (WITH ... SELECT allowed). Never INSERT, UPDATE, DELETE, DDL, SET or COPY.
- Use only the tables and columns listed in the schema, and qualify every table with its schema.
- Give result columns short readable names (product, region, quarter, revenue, units); round money to 2
  decimals.
- Relative periods ("latest quarter", "last year", "last 6 months") count back from the most recent date
  in the data (see the value ranges in the schema), not from today's date.
- "Sales" means revenue unless units are asked for; "best-selling" means units sold unless revenue is named.
- For "top N", order by the measure descending and add LIMIT N; for "bottom N", ascending.
- The question is authoritative; the user's request, when given, only fills in what the question leaves open.
"""


class LlmSqlWriter:
    """Writer backed by a chat model's structured output (`SqlDraft`)."""

    def __init__(self, model: BaseChatModel, *, retries: int = 1, timeout_s: float = 60.0) -> None:
        self._model = model
        self._retries = retries
        self._timeout_s = timeout_s

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft:
        """The model's draft; raises `ModelCallError` on timeout or output that stays unusable."""
        parts = [f"Schema:\n{schema}", f"Question: {question}"]
        if context.strip() and context.strip() != question.strip():
            parts.append(f"The user's request (context only): {context}")
        messages = [SystemMessage(WRITE_SQL_PROMPT), HumanMessage("\n\n".join(parts))]
        return await structured_call(
            self._model, messages, SqlDraft, role=ROLE, retries=self._retries, timeout_s=self._timeout_s
        )


def sales_parameters(question: str) -> dict[str, Any] | None:
    """What a sales question asks, as plain values (measure, grouping, top N, period, filters), or None.

    The same reading the offline writer uses; workflow templates show it as their parameters.
    """
    try:
        q = rules.interpret(question)
    except rules.NotUnderstood:
        return None
    return {
        "metric": ", ".join(q.metrics),
        "dimension": ", ".join(q.dimensions) or None,
        "top_n": q.top_n,
        "order": "ascending" if q.ascending else "descending",
        "period": q.period.label if q.period else None,
        "filters": q.filters,
    }
