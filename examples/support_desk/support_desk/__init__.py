"""IT support tickets as a cognicore domain plugin: data, documents and settings, registered by entry point."""

from __future__ import annotations

from pathlib import Path

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.plugins import Plugin
from cognicore.subagents.offline_sql import SqlVocabulary
from support_desk.data import COMPONENTS, SCHEMA, seed_tickets

DOCS = Path(__file__).parent / "docs"


async def seed(pool: AsyncConnectionPool, knowledge: KnowledgeBase) -> int:
    """Create the tickets (once) and ingest the runbooks; returns the tickets added."""
    added = await seed_tickets(pool)
    await knowledge.ingest_paths([DOCS])
    return added


# What the tickets' schema cannot say about itself: the words people use for its columns. The core's offline
# SQL writer reads the schema for everything else (the columns, their values, the dates).
SQL_VOCABULARY = SqlVocabulary(
    synonyms={
        "incident": "ticket",
        "case": "ticket",
        "issue": "ticket",
        "agent": "assignee",
        "technician": "assignee",
        "engineer": "assignee",
        "owner": "assignee",
        "assigned to": "assignee",
        "picked up": "assignee",  # "p1s nobody has picked up", "not picked up yet"
        "handling": "assignee",  # "who is handling INC-1015", "which p2 tickets is ana handling"
        "handled by": "assignee",
        "who": "assignee",  # the people of this data are the assignees: "who has the most open tickets"
        "person": "assignee",  # "which person closed the most tickets"
        "people": "assignees",  # "top 3 people by open tickets"
        "category": "component",
        "system": "component",
        "severity": "priority",
        "urgency": "priority",
        "state": "status",
        "ticket volume": "number of tickets",
        "volume of tickets": "number of tickets",
        "resolved": "closed",
        "solved": "closed",
        "unresolved": "not closed",  # open or in progress
        "outstanding": "not closed",
        "being worked on": "in progress",
        "worked on": "in progress",
        "working on": "in progress",  # "what's chloe working on"
        "workload": "number of tickets",
    },
    ignore=("support desk", "service desk", "help desk", "helpdesk", "plate"),  # "on ben's plate": his tickets
)

PLUGIN = Plugin(
    name="support_desk",
    domain="It also serves the IT support desk: tickets with priorities P1 to P4 and their SLA response times.",
    entities=COMPONENTS,
    synonyms=("ticket tickets incident incidents case cases", "breach breaches breaching overdue late"),
    seed=seed,
    schemas=(SCHEMA,),
    sql_vocabulary=SQL_VOCABULARY,
)
