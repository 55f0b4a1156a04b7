"""Durations over data (D6, issue 9.1): the days between a row's start and the event asked about, from a schema of
our own that records both (maintenance jobs reported and resolved); `Unsure` where the data holds no such date."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from cognicore.subagents.sql_guard import validate_select
from tests.integration.test_offline_sql import run
from tests.integration.test_offline_sql_any_schema import tickets  # noqa: F401 (a fixture)

JOBS = """
CREATE SCHEMA desk;
CREATE TABLE desk.jobs (
    job_id text PRIMARY KEY,
    site text NOT NULL,
    severity text NOT NULL,
    reported_at timestamptz NOT NULL,
    resolved_at timestamptz
);
INSERT INTO desk.jobs VALUES
    ('JOB-1', 'Harbour', 'S1', '2026-03-02 08:00+00', '2026-03-02 20:00+00'),
    ('JOB-2', 'Harbour', 'S2', '2026-03-03 08:00+00', '2026-03-06 08:00+00'),
    ('JOB-3', 'Hilltop', 'S1', '2026-03-04 08:00+00', '2026-03-05 08:00+00'),
    ('JOB-4', 'Hilltop', 'S2', '2026-03-05 08:00+00', NULL);
"""
EXPECTED_BY_SITE = """
SELECT site, round(avg(extract(epoch FROM resolved_at - reported_at) / 86400)::numeric, 1)
FROM desk.jobs GROUP BY site ORDER BY 2 DESC
"""


@pytest.fixture
async def jobs(pool: AsyncConnectionPool) -> SchemaSqlWriter:
    async with pool.connection() as conn:
        await conn.execute(JOBS)
    return SchemaSqlWriter(pool, ["desk"])


async def _rows(pool: AsyncConnectionPool, writer: SchemaSqlWriter, question: str) -> list[tuple]:
    draft = await writer.write_sql(question=question, schema="")
    return await run(pool, validate_select(draft.sql, allowed_schemas=["desk"], row_limit=500))


async def test_how_long_jobs_take_to_resolve_is_the_average_of_the_days_between_the_two_dates(
    pool: AsyncConnectionPool, jobs: SchemaSqlWriter
) -> None:
    # JOB-1 0.5 days, JOB-3 1 day: the S1 average 0.75, shown to a tenth; the unresolved JOB-4 has none yet
    assert [tuple(map(float, r)) for r in await _rows(pool, jobs, "how long do S1 jobs take to resolve")] == [(0.8,)]
    by_site = await _rows(pool, jobs, "average resolution time by site")
    expected = await run(pool, EXPECTED_BY_SITE)
    assert by_site == expected and [r[0] for r in by_site] == ["Harbour", "Hilltop"]
    assert await _rows(pool, jobs, "how many days until Harbour jobs are fixed") == [
        (
            await run(
                pool,
                """
        SELECT round(avg(extract(epoch FROM resolved_at - reported_at) / 86400)::numeric, 1)
        FROM desk.jobs WHERE site = 'Harbour'""",
            )
        )[0]
    ]


@pytest.mark.parametrize(
    "question",
    [
        "how long do P1s take to resolve",
        "time to first response for a P2 ticket",
        "average resolution time per component",
    ],
)
async def test_a_duration_the_data_records_no_date_for_is_unsure_never_an_age(
    tickets: SchemaSqlWriter,  # noqa: F811 (the fixture)
    question: str,
) -> None:
    with pytest.raises(Unsure, match="records no date of that event") as raised:
        await tickets.write_sql(question=question, schema="")
    assert "opened_at" in str(raised.value)
