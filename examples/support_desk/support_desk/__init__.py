"""IT support tickets as a cognicore domain plugin: data, documents and settings, registered by entry point."""

from __future__ import annotations

from pathlib import Path

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.plugins import Plugin
from support_desk.data import COMPONENTS, SCHEMA, seed_tickets

DOCS = Path(__file__).parent / "docs"


async def seed(pool: AsyncConnectionPool, knowledge: KnowledgeBase) -> int:
    """Create the tickets (once) and ingest the runbooks; returns the tickets added."""
    added = await seed_tickets(pool)
    await knowledge.ingest_paths([DOCS])
    return added


PLUGIN = Plugin(
    name="support_desk",
    domain="It also serves the IT support desk: tickets with priorities P1 to P4 and their SLA response times.",
    entities=COMPONENTS,
    synonyms=("ticket tickets incident incidents case cases", "breach breaches breaching overdue late"),
    seed=seed,
    schemas=(SCHEMA,),
)
