"""The `write_sql` role of `database_query`: one PostgreSQL SELECT for a question, offline or by a model.

The LLM writer reads the allowed schema's description; offline, `offline_sql.SchemaSqlWriter` maps the
request onto the allowed schemas' catalogue (a plugin may replace it); `NoOfflineSqlWriter` is left for
roles built without a database, and says what to do.
"""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole
from cognicore.subagents.errors import Unsure
from cognicore.subagents.read_only import refuse_change_request

ROLE = "write_sql"


class SqlDraft(BaseModel):
    """One PostgreSQL query that answers the question, and what it computes."""

    sql: str = Field(
        default="",
        description="Exactly one read-only PostgreSQL SELECT (WITH ... SELECT is fine) using only the tables "
        "and columns of the schema, each table schema-qualified. No semicolon, no comments, no data changes. "
        "Empty when you refuse.",
    )
    explanation: str = Field(
        description="One or two sentences: what the query computes and how the measure, period, ranking "
        "and filters of the question were interpreted."
    )
    period: str = Field(
        default="",
        description="The period the query's rows cover, with its first and last dates, e.g. 'the last complete "
        "quarter, Q3 2026 (2026-07-01 to 2026-09-30)'; 'all dates in the data' when it has no date filter.",
    )
    scope: str = Field(
        default="",
        description="The filters the query applies besides the period, in words, e.g. 'region is Europe'; "
        "empty when it has none.",
    )
    refuse_reason: str = Field(
        default="",
        description="Empty for a question about the data. When the question asks to change data or structure "
        "(delete, drop, update, insert, truncate, alter, grant, wipe, remove, set a value...), leave `sql` empty "
        "and say here, in one sentence, what change was asked for: you only read data.",
    )


class QuestionNotUnderstood(Unsure):
    """An offline writer could not map a question to the data; the message says how to rephrase."""


class SqlWriter(Protocol):
    """Writes one SELECT for `question` over the tables that `schema` describes.

    `context` (the user's whole request) only fills in what `question` leaves open. A question that asks
    to change data is refused: an offline writer raises `DataChangeRefused`, a model sets `refuse_reason`.
    """

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft: ...


class NoOfflineSqlWriter:
    """The offline `write_sql` role when no plugin supplies rules for the deployment's schema: a clear refusal."""

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft:
        refuse_change_request(question, context)
        raise QuestionNotUnderstood(
            "No offline SQL writer knows the allowed schemas: configure a chat model (GOOGLE_API_KEY), or "
            "install a plugin whose `offline_sql_writer` reads them (the demo plugin does for its schema)."
        )


# Used by LlmSqlWriter (the `write_sql` role of the database_query sub-agent); pairs with SqlDraft.
WRITE_SQL_PROMPT = """\
You write one PostgreSQL query that answers a question about the data described below.
Rules:
- Exactly one read-only SELECT (WITH ... SELECT allowed). Never INSERT, UPDATE, DELETE, DDL, SET or COPY.
- You only read data. If the question or the user's request asks to change data or structure in any wording
  (delete, drop, wipe, remove, update, set a value, insert, add records, truncate, alter, grant), write no SQL:
  leave `sql` empty and put the reason in `refuse_reason`.
- Use only the tables and columns listed in the schema, and qualify every table with its schema.
- Give result columns short readable names (the grouping's and the measure's); round money to 2 decimals.
- Relative periods ("latest quarter", "last year", "last 6 months") count back from the most recent date
  in the data (see the value ranges in the schema), not from today's date.
- Follow the deployment's glossary, when the schema ends with one, for what its words mean.
- For "top N", order by the measure descending and add LIMIT N; for "bottom N", ascending.
- The question is authoritative; the user's request, when given, only fills in what the question leaves open.
"""


class LlmSqlWriter(LlmRole[SqlDraft]):
    """Writer backed by a chat model's structured output (`SqlDraft`)."""

    role = ROLE
    max_chars = 8_000
    schema = SqlDraft
    prompt = WRITE_SQL_PROMPT

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft:
        """The model's draft; raises `ModelCallError` on timeout or output that stays unusable."""
        parts = [f"Schema:\n{schema}", f"Question: {question}"]
        if context.strip() and context.strip() != question.strip():
            parts.append(f"The user's request (context only): {context}")
        return await self.ask("\n\n".join(parts))
