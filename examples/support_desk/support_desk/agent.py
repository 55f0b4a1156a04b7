"""`sla_check`: which open tickets breach their SLA, by the response hours of the agent's own settings.

Not a SQL agent: no model writes a query; it reads the open tickets and does the arithmetic itself.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from psycopg.rows import dict_row
from pydantic import BaseModel, Field

from cognicore.subagents.types import AgentContext, AgentServices, StepInput, StepOutput
from support_desk.data import SCHEMA

OPEN_TICKETS = f"""
SELECT ticket_id, title, priority, opened_at FROM {SCHEMA}.tickets
WHERE status <> 'closed' ORDER BY opened_at, ticket_id"""


class SlaSettings(BaseModel):
    """The agent's settings section (`COGNICORE_AGENTS`, key `sla_check`)."""

    hours: dict[str, float] = Field(default_factory=lambda: {"P1": 4, "P2": 8, "P3": 24, "P4": 72})
    as_of: datetime | None = Field(None, description="The clock to check against; unset: now.")


class SlaCheckAgent:
    """Lists the open tickets past their SLA response time (optionally only the priorities named)."""

    name = "sla_check"
    description = "Checks open support tickets against the SLA response time of their priority and lists breaches."
    input_hint = "which tickets to check, e.g. 'open P1 and P2 tickets'"
    deterministic = True

    def __init__(self, services: AgentServices) -> None:
        self._pool = services.pool
        self._settings = services.settings_for(self.name, SlaSettings)

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        """The breaching tickets as a table, with how many hours each is overdue."""
        wanted = set(re.findall(r"\bP[1-4]\b", task.instruction.upper())) or set(self._settings.hours)
        now = self._settings.as_of or datetime.now(UTC)
        async with self._pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            rows = await (await cur.execute(OPEN_TICKETS)).fetchall()
        checked = [r for r in rows if r["priority"] in wanted]
        late = []
        for r in checked:
            due = r["opened_at"] + timedelta(hours=self._settings.hours[r["priority"]])
            if now > due:
                late.append([r["ticket_id"], r["title"], r["priority"], round((now - due).total_seconds() / 3600, 1)])
        summary = f"{len(late)} of {len(checked)} open tickets breach their SLA as of {now:%Y-%m-%d %H:%M} UTC" + (
            ": " + ", ".join(f"{t[0]} ({t[2]}, {t[3]} h over)" for t in late) + "." if late else "."
        )
        columns = ["ticket", "title", "priority", "hours_overdue"]
        return StepOutput(summary=summary, data={"columns": columns, "rows": late, "checked": len(checked)})
