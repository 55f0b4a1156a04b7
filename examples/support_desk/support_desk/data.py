"""The `support_desk` schema and its deterministic tickets: fixed timestamps, the same rows every time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from psycopg_pool import AsyncConnectionPool

SCHEMA = "support_desk"
LOCK_KEY = 0x73757070  # "supp": serialises concurrent seeders
COMPONENTS = ("VPN", "Email", "Laptop", "Printer", "Payroll app", "Wi-Fi")
PRIORITIES = ("P1", "P2", "P3", "P4")
START = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)

DDL = f"""
CREATE SCHEMA IF NOT EXISTS {SCHEMA};
CREATE TABLE IF NOT EXISTS {SCHEMA}.tickets (
    ticket_id text PRIMARY KEY,
    title text NOT NULL,
    component text NOT NULL,
    priority text NOT NULL CHECK (priority IN ('P1', 'P2', 'P3', 'P4')),
    status text NOT NULL CHECK (status IN ('open', 'in_progress', 'closed')),
    opened_at timestamptz NOT NULL,
    assignee text
);
COMMENT ON TABLE {SCHEMA}.tickets IS 'IT support tickets (example plugin data).';
"""


def tickets() -> list[tuple[str, str, str, str, str, datetime, str | None]]:
    """Eighteen tickets, one every five hours from START, cycling components, priorities and statuses."""
    statuses = ("open", "in_progress", "closed")
    rows = []
    for i in range(18):
        component = COMPONENTS[i % len(COMPONENTS)]
        priority = PRIORITIES[(i * 3) % len(PRIORITIES)]
        status = statuses[(i // 2) % len(statuses)]
        assignee = None if i % 5 == 0 else ("ana", "ben", "chloe")[i % 3]
        title = f"{component}: {('cannot connect', 'slow', 'error on start', 'access denied')[i % 4]}"
        rows.append((f"INC-{1001 + i}", title, component, priority, status, START + timedelta(hours=5 * i), assignee))
    return rows


async def seed_tickets(pool: AsyncConnectionPool) -> int:
    """Create the schema and insert the tickets once; a second run adds nothing."""
    async with pool.connection() as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
        await conn.execute(DDL)
        async with conn.cursor() as cur:
            await cur.executemany(
                f"INSERT INTO {SCHEMA}.tickets VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                tickets(),
            )
            return max(cur.rowcount, 0)
