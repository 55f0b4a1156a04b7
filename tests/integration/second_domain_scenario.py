"""Run in a subprocess by `test_second_domain.py`, where the support-desk example is installed only by its
dist-info on PYTHONPATH: seed it, ask offline (plan, then reuse on a paraphrase) and with a scripted LLM."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from typing import Any

from langchain_core.messages import BaseMessage

from cognicore.app import open_app
from cognicore.memory.tenancy import APP_ROLE
from cognicore.orchestrator.runner import RunResult
from cognicore.plugins import seed_plugins
from cognicore.roles import grant_sql_reader
from cognicore.settings import Settings
from tests.fakes import routed

FIRST = "Which open tickets breach their SLA?"
PARAPHRASE = "List the open tickets that are breaching the SLA"
LLM_REQUEST = "Are any P1 or P2 tickets past their response time?"


def _plan(messages: list[BaseMessage]) -> dict[str, Any]:
    """A planner model that picks the agent whose listing in the prompt talks about the SLA."""
    listing = str(messages[0].content)
    (name,) = [m for m in re.findall(r"^- (\w+): (.*)$", listing, re.M) if "SLA" in m[1]]
    return {"steps": [{"id": "s1", "agent": name[0], "instruction": "open P1 and P2 tickets"}]}


def _brief(r: RunResult) -> dict[str, Any]:
    return {
        "intent": r.intent,
        "outcome": r.outcome,
        "error": r.error,
        "answer": r.answer,
        "agents": [s["agent"] for s in (r.plan or {}).get("steps", [])],
        "workflow": r.workflow,
        "model_calls": r.model_calls,
    }


async def main() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    out: dict[str, Any] = {}
    async with open_app(settings) as app:
        # Seeded by the owner; the application's role is then granted read access to the plugin's schema.
        out["seeded"] = await seed_plugins(
            app.admin_pool,
            app.knowledge,
            names=["support_desk"],
            grant=lambda schemas: grant_sql_reader(app.admin_pool, schemas, role=APP_ROLE),
        )
        out["registry"] = app.registry.names
        out["first"] = _brief(await app.runner.ask(FIRST, session_id="sd1", user_id="ops"))
        out["paraphrase"] = _brief(await app.runner.ask(PARAPHRASE, session_id="sd2", user_id="ops"))
    model = routed(IntentDecision=[{"intent": "task", "reason": "needs the tickets"}], Plan=[_plan])
    async with open_app(settings, chat_model=model) as app:
        out["llm"] = _brief(await app.runner.ask(LLM_REQUEST, session_id="sd3", user_id="llm"))
    json.dump(out, sys.stdout, default=str)


if __name__ == "__main__":
    asyncio.run(main())
