"""The offline SQL writer on a support manager's wordings (issue 9.1, engineer S3), on the seeded tickets.

Development requests of the kind of `bench/heldout/dev_sql3_support_desk.yaml` and `dev_sql4_...` (other
wordings, not the held-out set's): each answer's rows must equal an independent query written by hand; a
request the writer cannot place must be `Unsure`, never a figure of something else.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.memory import clock
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter, merge_vocabularies
from cognicore.subagents.sql_guard import validate_select
from tests.integration.test_offline_sql import run, wall_clock  # noqa: F401 (an autouse fixture)
from tests.integration.test_offline_sql_any_schema import desk_vocabulary, tickets  # noqa: F401 (a fixture)

# A listing: one row per ticket (its key), the count beside it.
LISTED = "SELECT ticket_id, count(*) FROM support_desk.tickets WHERE {} GROUP BY 1 ORDER BY 2 DESC, 1"


async def rows_of(pool: AsyncConnectionPool, sql: str, expected: str) -> tuple[list[Any], list[Any]]:
    """The writer's rows and the independent query's, on the independent query's columns (by position; a
    `share_pct` the writer adds to a top N and the query does not ask for is left out)."""
    async with pool.connection() as conn, conn.cursor() as cur:
        await cur.execute(sql)  # type: ignore[arg-type]
        names = [d.name for d in cur.description or []]
    got, want = await run(pool, sql), await run(pool, expected)
    width = len(want[0]) if want else len(names)
    if "share_pct" in names and len(names) == width + 1:
        i = names.index("share_pct")
        got = [row[:i] + row[i + 1 :] for row in got]
    return got, want


async def check(pool: AsyncConnectionPool, writer: SchemaSqlWriter, cases: list[tuple[str, str]]) -> None:
    """Every request's rows equal its independent query's rows (in the same order)."""
    for request, expected in cases:
        draft = await writer.write_sql(question=request, schema="")
        sql = validate_select(draft.sql, allowed_schemas=["support_desk"], row_limit=500)
        got, want = await rows_of(pool, sql, expected)
        assert got == want, f"{request}\n{draft.sql}\n{draft.explanation}"


@pytest.fixture
def desk(tickets: SchemaSqlWriter) -> SchemaSqlWriter:  # noqa: F811 (the seeded tickets' fixture)
    """A writer with the demo's and the support desk's vocabularies, as a deployment with both plugins has."""
    return SchemaSqlWriter(
        tickets._pool, ["support_desk"], vocabulary=merge_vocabularies([SQL_VOCABULARY, desk_vocabulary()])
    )


async def test_codes_common_pronouns_plural_values_and_shares(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """Wordings of the kind of bench/heldout/dev_sql3_support_desk.yaml (engineer S3): codes in lower case,
    "most common", "among", pronoun rows ("the closed ones"), plural values ("the p1s"), the share's column."""
    writer = desk
    share_within = (
        "SELECT * FROM (SELECT {col}, count(*), round(100.0 * count(*) / sum(count(*)) OVER (), 1) "
        "FROM support_desk.tickets WHERE {where} GROUP BY 1) AS s WHERE {col} = '{value}'"
    )
    await check(
        pool,
        writer,
        [
            (
                "whats the most common priority for vpn issues",  # "vpn" spells no English word: the code VPN
                "SELECT priority, count(*) FROM support_desk.tickets WHERE component = 'VPN' "
                "GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
            ),
            (
                "least frequent status for the p1s",
                "SELECT status, count(*) FROM support_desk.tickets WHERE priority = 'P1' "
                "GROUP BY 1 ORDER BY 2, 1 LIMIT 1",
            ),
            (
                "which component is most common among the P2 tickets",  # "among ... tickets" is what is counted
                "SELECT component, count(*) FROM support_desk.tickets WHERE priority = 'P2' "
                "GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
            ),
            (
                "list the p1s",  # a value in the plural names rows of the only table
                LISTED.format("priority = 'P1'"),
            ),
            (
                "show me the closed ones",
                LISTED.format("status = 'closed'"),
            ),
            (
                "which are unassigned",
                LISTED.format("assignee IS NULL"),
            ),
            (
                "how many p1s are open",
                "SELECT count(*) FROM support_desk.tickets WHERE priority = 'P1' AND status = 'open'",
            ),
            (
                "what fraction of ben's tickets are closed",  # of ben's tickets, the closed ones (2 of 5)
                share_within.format(col="status", where="assignee = 'ben'", value="closed"),
            ),
            (
                "what share of the closed tickets are ben's",  # of the closed tickets, ben's (2 of 6)
                share_within.format(col="assignee", where="status = 'closed'", value="ben"),
            ),
        ],
    )


async def test_the_oldest_one_is_a_row_never_an_average(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """ "which open one is the oldest", "the most recent incident": one row by age; with nothing to rank, unsure."""
    writer = desk
    for request, expected in [
        (
            "which open one is the oldest",
            "SELECT ticket_id FROM support_desk.tickets WHERE status = 'open' ORDER BY opened_at LIMIT 1",
        ),
        (
            "what was the most recent incident opened",
            "SELECT ticket_id FROM support_desk.tickets ORDER BY opened_at DESC LIMIT 1",
        ),
        (
            "the latest p3 ticket",
            "SELECT ticket_id FROM support_desk.tickets WHERE priority = 'P3' ORDER BY opened_at DESC LIMIT 1",
        ),
    ]:
        draft = await writer.write_sql(question=request, schema="")
        got = await run(pool, validate_select(draft.sql, allowed_schemas=["support_desk"], row_limit=500))
        assert [r[0] for r in got] == [r[0] for r in await run(pool, expected)], f"{request}\n{draft.sql}"
    with pytest.raises(Unsure, match="oldest or newest of what"):  # no row named: never the average age
        await writer.write_sql(question="what is the oldest open", schema="")
    products = SchemaSqlWriter(pool, ["demo_sales"], vocabulary=SQL_VOCABULARY)  # two tables: "one" names no row
    with pytest.raises(Unsure):
        await products.write_sql(question="which open one is the oldest", schema="")


async def test_days_of_the_week_filter_the_date(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """ "opened on a Monday": the rows whose date falls on that day of the week; "last Monday" (one dated day)
    is not placed, so it is unsure rather than every Monday."""
    dow = "extract(isodow FROM opened_at AT TIME ZONE 'UTC')"
    await check(
        pool,
        desk,
        [
            ("how many tickets were opened on a monday", f"SELECT count(*) FROM support_desk.tickets WHERE {dow} = 1"),
            (
                "tickets opened on mondays by priority",
                f"SELECT priority, count(*) FROM support_desk.tickets WHERE {dow} = 1 GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
            (
                "p1 tickets on wednesday or thursday",
                f"SELECT count(*) FROM support_desk.tickets WHERE priority = 'P1' AND {dow} IN (3, 4)",
            ),
        ],
    )
    with pytest.raises(Unsure, match="monday"):
        await desk.write_sql(question="how many tickets came in last monday", schema="")


async def test_a_second_batch_of_wordings(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """Wordings of the kind of dev_sql4: "tally", "most frequently affected", the plugin's "workload" and "being
    worked on", and the share of two values together ("P1 or P2"), one figure of both."""
    await check(
        pool,
        desk,
        [
            (
                "tally of p4 tickets by status",
                "SELECT status, count(*) FROM support_desk.tickets WHERE priority = 'P4' GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
            (
                "what is the most frequently affected component for p2s",
                "SELECT component, count(*) FROM support_desk.tickets WHERE priority = 'P2' "
                "GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
            ),
            (
                "how many email incidents are still being worked on",
                "SELECT count(*) FROM support_desk.tickets WHERE component = 'Email' AND status = 'in_progress'",
            ),
            (
                "ben's workload by status",
                "SELECT status, count(*) FROM support_desk.tickets WHERE assignee = 'ben' "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
            (
                "what proportion of open tickets are P1 or P2",  # 3 of the 6 open ones
                "SELECT 'P1 or P2', count(*) FILTER (WHERE priority IN ('P1', 'P2')), "
                "round(100.0 * count(*) FILTER (WHERE priority IN ('P1', 'P2')) / count(*), 1) "
                "FROM support_desk.tickets WHERE status = 'open'",
            ),
        ],
    )


async def test_since_a_day_of_a_month(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """ "since January 7" (this year's, the clock being later), "after 6 January 2026" (from the day after)."""
    await check(
        pool,
        desk,
        [
            (
                "email tickets opened since january 7",
                f"SELECT count(*) FROM support_desk.tickets WHERE component = 'Email' "
                f"AND opened_at >= make_date({clock.today().year}, 1, 7)",
            ),
            (
                "tickets opened after 6 january 2026",
                "SELECT count(*) FROM support_desk.tickets WHERE opened_at >= '2026-01-07'",
            ),
            (
                "tickets since the 8th of january 2026",
                "SELECT count(*) FROM support_desk.tickets WHERE opened_at >= '2026-01-08'",
            ),
        ],
    )
    with pytest.raises(Unsure, match="not a day of the calendar"):
        await desk.write_sql(question="tickets since 30 february", schema="")


async def test_unresolved_and_older_than(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """The plugin's "unresolved" is "not closed" (a negated value as a synonym); "older than N days" is a date
    before the clock's today minus N days."""
    clock.start_at(date(2026, 1, 9))  # the day after the last ticket
    await check(
        pool,
        desk,
        [
            (
                "How many unresolved P1s are there?",
                "SELECT count(*) FROM support_desk.tickets WHERE priority = 'P1' AND status <> 'closed'",
            ),
            (
                "unresolved tickets by component",
                "SELECT component, count(*) FROM support_desk.tickets WHERE status <> 'closed' "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
            (
                "how many open tickets are older than 2 days",  # opened before 7 January
                "SELECT count(*) FROM support_desk.tickets WHERE status = 'open' AND opened_at < '2026-01-07'",
            ),
        ],
    )


async def test_a_row_by_its_key_distinct_values_and_verbs(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """A row named by its key ("the status of INC-1005"), "how many different components", "logged",
    "grouped by"; a key with nothing of it placed is unsure, never "1 ticket"."""
    await check(
        pool,
        desk,
        [
            (
                "What is the status of INC-1005?",
                "SELECT status, count(*) FROM support_desk.tickets WHERE ticket_id = 'INC-1005' GROUP BY 1",
            ),
            ("how many distinct assignees are there", "SELECT count(DISTINCT assignee) FROM support_desk.tickets"),
            (
                "how many different components have open tickets",
                "SELECT count(DISTINCT component) FROM support_desk.tickets WHERE status = 'open'",
            ),
            (
                "How many tickets were logged in January 2026?",
                "SELECT count(*) FROM support_desk.tickets "
                "WHERE opened_at >= '2026-01-01' AND opened_at < '2026-02-01'",
            ),
            (
                "count tickets grouped by status and priority",
                "SELECT status, priority, count(*) FROM support_desk.tickets GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2",
            ),
        ],
    )
    with pytest.raises(Unsure, match="what to show of INC-1004"):
        await desk.write_sql(question="INC-1004 please", schema="")  # "INC-1004 status" asks its status (lookup.py)


async def test_ranking_over_joined_values_and_n_most_recent(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """ "the most P1 or P2 tickets" counts them (never a grouping by ticket); "the three most recent" is a top 3."""
    await check(
        pool,
        desk,
        [
            (
                "Which assignee has the most P1 or P2 tickets?",  # ben 3 of them, ana and chloe 2
                "SELECT assignee, count(*) FROM support_desk.tickets WHERE priority IN ('P1', 'P2') "
                "AND assignee IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
            ),
        ],
    )
    draft = await desk.write_sql(question="the three most recent tickets", schema="")
    got = await run(pool, validate_select(draft.sql, allowed_schemas=["support_desk"], row_limit=500))
    want = await run(pool, "SELECT ticket_id FROM support_desk.tickets ORDER BY opened_at DESC LIMIT 3")
    assert [r[0] for r in got] == [r[0] for r in want], draft.sql


async def test_shares_of_compared_values_are_of_all_the_rows(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """ "what share of tickets are P3 and P4": each one's share of all 18 tickets (4 and 5), not of the 9 of them."""
    await check(
        pool,
        desk,
        [
            (
                "what share of tickets are p3 and p4",
                "SELECT * FROM (SELECT priority, count(*), round(100.0 * count(*) / sum(count(*)) OVER (), 1) "
                "FROM support_desk.tickets GROUP BY 1) AS s WHERE priority IN ('P3', 'P4') ORDER BY 2 DESC, 1",
            ),
        ],
    )


async def test_phrases_searched_in_the_titles(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """Wordings of bench/heldout/dev_sql5_support_desk.yaml's kind (engineer S4): a phrase the rows' text holds
    ("mention", "say", "containing", quoted or not) is an ILIKE on the table's label, which the answer names."""
    await check(
        pool,
        desk,
        [
            (
                "how many tickets mention access denied",
                "SELECT count(*) FROM support_desk.tickets WHERE title ILIKE '%access denied%'",
            ),
            ("list the tickets that say 'slow'", LISTED.format("title ILIKE '%slow%'")),
            (
                'open tickets containing "cannot connect"',
                LISTED.format("status = 'open' AND title ILIKE '%cannot connect%'"),
            ),
            (
                "tickets mentioning error on start by priority",
                "SELECT priority, count(*) FROM support_desk.tickets WHERE title ILIKE '%error on start%' "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
            (
                "how many tickets say '100%'",
                "SELECT count(*) FROM support_desk.tickets WHERE title LIKE '%100!%%' ESCAPE '!'",
            ),
        ],
    )
    draft = await desk.write_sql(question="how many tickets mention access denied", schema="")
    assert "title contains 'access denied'" in draft.explanation
    # "about the printer" names a value of the data: a filter, never a search of the word
    about = await desk.write_sql(question="how many tickets are about the printer", schema="")
    assert "ILIKE" not in about.sql and "'Printer'" in about.sql


async def test_nobody_a_day_without_a_year_and_implied_listings(
    pool: AsyncConnectionPool, desk: SchemaSqlWriter
) -> None:
    """ "nobody owns" / "no one is assigned" is the empty assignee; "on january 6" the most recent such day;
    "what's open on the vpn" and a bare noun phrase of rows list them (engineer S4)."""
    today = clock.today()
    day = date(today.year, 1, 6) if date(today.year, 1, 6) <= today else date(today.year - 1, 1, 6)
    await check(
        pool,
        desk,
        [
            ("how many tickets does nobody own", "SELECT count(*) FROM support_desk.tickets WHERE assignee IS NULL"),
            ("open tickets that no one is assigned to", LISTED.format("status = 'open' AND assignee IS NULL")),
            (
                "how many tickets were opened on january 6",
                f"SELECT count(*) FROM support_desk.tickets WHERE opened_at >= DATE '{day}' "
                f"AND opened_at < DATE '{day}' + 1",
            ),
            ("what's open on the vpn", LISTED.format("status = 'open' AND component = 'VPN'")),
            ("ana's open tickets", LISTED.format("status = 'open' AND assignee = 'ana'")),
            # two values side by side, a share or a period still ask a figure, not the rows
            (
                "p1 vs p2 incidents",
                "SELECT priority, count(*) FROM support_desk.tickets WHERE priority IN ('P1', 'P2') "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
        ],
    )
    with pytest.raises(Unsure):
        await desk.write_sql(question="how many tickets were opened on february 30", schema="")


async def test_an_average_of_per_group_counts(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """ "average number of tickets per assignee": the per-group counts averaged, empty assignee no group (S4)."""
    per_group = (
        "SELECT round(avg(n)::numeric, 1), count(*) FROM (SELECT {col}, count(*) AS n FROM support_desk.tickets "
        "WHERE {col} IS NOT NULL GROUP BY 1) AS g"
    )
    await check(
        pool,
        desk,
        [
            ("what is the average number of tickets per assignee", per_group.format(col="assignee")),
            ("mean ticket count per component", per_group.format(col="component")),
        ],
    )
    with pytest.raises(Unsure, match="average of a count"):
        await desk.write_sql(question="average number of tickets by component and priority", schema="")


async def test_groups_with_no_rows_under_a_filter(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:
    """ "which components have no open tickets": every value with none of those rows, from all the rows (S4)."""
    none_of = (
        "SELECT DISTINCT {col}, 0::bigint FROM support_desk.tickets WHERE {col} IS NOT NULL AND {col} NOT IN "
        "(SELECT {col} FROM support_desk.tickets WHERE {where} AND {col} IS NOT NULL) ORDER BY 1"
    )
    await check(
        pool,
        desk,
        [
            ("which components have no open tickets", none_of.format(col="component", where="status = 'open'")),
            ("which assignees have no p3 tickets", none_of.format(col="assignee", where="priority = 'P3'")),
            ("list the components with zero p1 tickets", none_of.format(col="component", where="priority = 'P1'")),
        ],
    )
    with pytest.raises(Unsure, match="which groups have none"):
        await desk.write_sql(question="tickets that have no open p1", schema="")
