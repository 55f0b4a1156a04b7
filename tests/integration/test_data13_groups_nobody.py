"""Round 13 (engineer S10, issue 9): "which X has nobody ever <done>" and "which X have not been <value>" ask the
groups with none of those rows (they were each group's count of the rows with no assignee / of the other rows:
confident wrongs found by review); a state that says nothing of the past ("worked on") stays unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_data_f4_never_groups import NONE
from tests.integration.test_offline_sql import wall_clock  # noqa: F401 (a fixture)


async def test_groups_nobody_did_or_that_have_not_been_are_the_groups_with_none(
    desk: SchemaSqlWriter, desk_rows: DeskRows
) -> None:
    await desk_rows(
        [
            ("what priorities has nobody closed yet?", NONE.format(g="priority", w="status = 'closed'")),
            ("Which components has noone ever resolved?", NONE.format(g="component", w="status = 'closed'")),
            ("which priorities have not been assigned to ben", NONE.format(g="priority", w="assignee = 'ben'")),
            ("Which assignees had not been on Laptop tickets?", NONE.format(g="assignee", w="component = 'Laptop'")),
            # rows, not groups: the tickets with no one set, as before
            (
                "which P2 tickets has nobody picked up?",
                "SELECT ticket_id, count(*) FROM support_desk.tickets WHERE priority = 'P2' AND assignee IS NULL "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
        ],
    )
    for request in ("which priorities has nobody ever worked on", "What components has no one ever had open?"):
        with pytest.raises(Unsure):
            await desk.write_sql(question=request, schema="")
