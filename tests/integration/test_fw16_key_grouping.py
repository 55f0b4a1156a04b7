"""Round 16 fixer FW (issue 9), through the real offline SQL writer on the seeded tickets:

- counting a table's rows grouped by its own key gives 1 per group, so "tickets each" beside another grouping ("the
  load per assignee (number of tickets each)") is the count per that grouping, never per assignee and ticket id
  (every row 1, answered with confidence); a key grouping alone still lists the rows, as before;
- the question a lead-in before a colon leaves ("which components still have open tickets, and how many each?") is
  the count per component of the open rows (the lead-in is set aside by the classifier: test_fw16_colon_lead_in)."""

from __future__ import annotations

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_offline_sql import wall_clock  # noqa: F401 (a fixture)

PER = "SELECT {g}, count(*) FROM support_desk.tickets {w} GROUP BY 1 ORDER BY 2 DESC, 1"


async def test_a_count_per_group_is_never_also_per_the_counted_rows_key(
    desk: SchemaSqlWriter, desk_rows: DeskRows
) -> None:
    await desk_rows(
        [
            ("the workload of each assignee, in number of tickets each", PER.format(g="assignee", w="")),
            ("number of tickets per component (tickets each)", PER.format(g="component", w="")),
            ("workload by priority, with the count of tickets each", PER.format(g="priority", w="")),
            ("open tickets per assignee (tickets each)", PER.format(g="assignee", w="WHERE status = 'open'")),
        ],
    )
    draft = await desk.write_sql(question="the workload of each assignee, in number of tickets each", schema="")
    assert "ticket_id" not in draft.sql and "every group would count 1" in draft.explanation, draft


async def test_a_key_grouping_asked_for_its_own_sake_stays(desk: SchemaSqlWriter, desk_rows: DeskRows) -> None:
    await desk_rows(
        [
            (
                "which P2 tickets has nobody picked up?",
                "SELECT ticket_id, count(*) FROM support_desk.tickets WHERE priority = 'P2' AND assignee IS NULL "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
        ],
    )
    # "which ones" asks the rows beside the count of each value said: the key is asked, not a misreading
    draft = await desk.write_sql(question="How many P3 and P4 tickets are open right now, and which ones?", schema="")
    assert "ticket_id" in draft.sql and "every group would count 1" not in draft.explanation, draft


async def test_the_question_after_a_lead_in_keeps_its_grouping_and_filter(desk_rows: DeskRows) -> None:
    await desk_rows(
        [
            (
                "which components still have open tickets, and how many each?",
                PER.format(g="component", w="WHERE status = 'open'"),
            ),
            (
                "which priorities still have unresolved tickets, and how many each?",
                PER.format(g="priority", w="WHERE status <> 'closed'"),
            ),
        ],
    )
