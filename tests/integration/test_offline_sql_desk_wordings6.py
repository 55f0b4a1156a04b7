"""The offline SQL writer on a sixth batch of support desk wordings (issue 9.1, engineer S5), on the seeded tickets.

Causes found with `bench/heldout/dev_sql6_support_desk.yaml` (other wordings here): negations written short
("aren't", "arent" was read as "agent" and the negation lost), a negation over an "or" list, "don't have an X",
a listing asked politely ("can you show me ..."), chat shorthand ("r", "rn"), a span of days, a threshold on each
group (HAVING), "people" as the plugin's people column, "how many <column, plural> have ...". Every answer's rows
equal an independent query's; what the writer cannot place stays `Unsure`.
"""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_offline_sql import wall_clock  # noqa: F401 (an autouse fixture)
from tests.integration.test_offline_sql_desk_wordings import LISTED, check, desk  # noqa: F401 (a fixture)

T = "support_desk.tickets"


async def test_short_negations_or_lists_and_polite_listings(desk_rows: DeskRows) -> None:
    """ "aren't" / "arent" / "isnt" negate the value after them; "not P1 or P2" excludes both; "can you show me"
    and "pls list" ask for the rows themselves."""
    await desk_rows(
        [
            (
                "how many of ana's tickets aren't closed",
                f"SELECT count(*) FROM {T} WHERE assignee = 'ana' AND status <> 'closed'",
            ),
            ("list the p2 tickets that arent closed", LISTED.format("priority = 'P2' AND status <> 'closed'")),
            ("how many tickets are not p1 or p2", f"SELECT count(*) FROM {T} WHERE priority NOT IN ('P1', 'P2')"),
            (
                "count of tickets excluding vpn and email",
                f"SELECT count(*) FROM {T} WHERE component NOT IN ('VPN', 'Email')",
            ),
            (
                "could you show me the in progress printer tickets",
                LISTED.format("status = 'in_progress' AND component = 'Printer'"),
            ),
            ("pls list every open p1", LISTED.format("status = 'open' AND priority = 'P1'")),
            ("which tickets don't have an assignee", LISTED.format("assignee IS NULL")),
            ("how many tickets r open rn", f"SELECT count(*) FROM {T} WHERE status = 'open'"),
            ("tickets that aren't assigned to chloe", LISTED.format("assignee IS DISTINCT FROM 'chloe'")),
        ],
    )


async def test_day_spans_thresholds_and_people(desk_rows: DeskRows) -> None:
    """A span of days includes both ends; "more than / at least N" keeps the groups past it; "people" are the
    assignees; "how many people have ..." counts the different ones."""
    span = "opened_at >= '2026-01-05' AND opened_at < '2026-01-07'"
    await desk_rows(
        [
            ("tickets opened from the 5th to the 6th of january", f"SELECT count(*) FROM {T} WHERE {span}"),
            ("how many tickets between jan 5 and jan 6 2026", f"SELECT count(*) FROM {T} WHERE {span}"),
            (
                "which assignees have at least 5 tickets",
                f"SELECT assignee, count(*) FROM {T} GROUP BY 1 HAVING count(*) >= 5 ORDER BY 2 DESC, 1",
            ),
            (
                "priorities with fewer than 5 tickets",
                f"SELECT priority, count(*) FROM {T} GROUP BY 1 HAVING count(*) < 5 ORDER BY 2 DESC, 1",
            ),
            ("how many people have p1 tickets", f"SELECT count(DISTINCT assignee) FROM {T} WHERE priority = 'P1'"),
            (
                "top 2 people by closed tickets",
                f"SELECT assignee, count(*) FROM {T} WHERE status = 'closed' AND assignee IS NOT NULL "
                "GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 2",
            ),
        ],
    )


@pytest.mark.parametrize(
    "request_text",
    [
        "tickets with more than 2",  # a threshold with no grouping
        "tickets between the 8th and the 6th of january",  # a span that ends before it starts
    ],
)
async def test_thresholds_and_spans_it_cannot_place_stay_unsure(desk: SchemaSqlWriter, request_text: str) -> None:  # noqa: F811
    with pytest.raises(Unsure):
        await desk.write_sql(question=request_text, schema="")


async def test_second_batch_causes(desk_rows: DeskRows) -> None:
    """Causes found with dev_sql6b (other wordings here): "total ... combined" is one total over both values;
    "more" / "fewer" of two named values compares them; "not picked up" (the plugin's words for assigned) is an
    empty assignee; "any ..." asks for the rows themselves."""
    await desk_rows(
        [
            (
                "overall count of tickets for ana and ben combined",
                f"SELECT count(*) FROM {T} WHERE assignee IN ('ana', 'ben')",
            ),
            (
                "which has fewer closed tickets, p1 or p4?",
                f"SELECT priority, count(*) FROM {T} WHERE status = 'closed' AND priority IN ('P1', 'P4') "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
            (
                "how many email tickets has nobody picked up",
                f"SELECT count(*) FROM {T} WHERE component = 'Email' AND assignee IS NULL",
            ),
            (
                "any printer tickets still in progress?",
                LISTED.format("component = 'Printer' AND status = 'in_progress'"),
            ),
        ],
    )


async def test_a_clause_that_leaves_data_of_the_request_out_is_unsure(desk: SchemaSqlWriter) -> None:  # noqa: F811
    """The planner's clause "tickets assigned to chloe" of a request naming ana too, which the writer cannot read
    whole: answering the clause would count chloe's tickets only, so it is unsure."""
    with pytest.raises(Unsure):
        await desk.write_sql(
            question="tickets assigned to chloe", schema="", context="tickets assigned to chloe and ana in a lump"
        )
    # A clause whose request adds nothing of the data is still answered.
    draft = await desk.write_sql(question="how many p1 tickets", schema="", context="how many p1 tickets and thanks")
    assert "'P1'" in draft.sql
