"""Run in a subprocess by `test_behaviour12_sla.py` (the support-desk example installed by its dist-info): a user
first lists tickets (a data workflow is learned), then asks for SLA breaches in words of their own."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from cognicore.app import open_app
from cognicore.memory.tenancy import APP_ROLE
from cognicore.plugins import seed_plugins
from cognicore.roles import grant_sql_reader
from cognicore.settings import Settings
from tests.integration.second_domain_scenario import _brief

LISTING = "show me the laptop tickets that are still open"
ASKED = (
    "Any tickets still not closed that went past their SLA deadline?",
    "which of the P2 tickets are breaching the SLA at the moment",
    "what's the target response time for P2 tickets, i.e. how fast must we answer them?",
)


async def main() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    out: dict[str, Any] = {}
    async with open_app(settings) as app:
        await seed_plugins(
            app.admin_pool,
            app.knowledge,
            names=["support_desk"],
            grant=lambda schemas: grant_sql_reader(app.admin_pool, schemas, role=APP_ROLE),
        )
    # Opened again, as `cognicore demo` then `ask` would: the SQL reader reads the seeded schema at start-up.
    async with open_app(settings) as app:
        out["listing"] = _brief(await app.runner.ask(LISTING, session_id="l1", user_id="desk"))
        out["asked"] = [
            _brief(await app.runner.ask(text, session_id=f"a{i}", user_id="desk")) for i, text in enumerate(ASKED)
        ]
    json.dump(out, sys.stdout, default=str)


if __name__ == "__main__":
    asyncio.run(main())
