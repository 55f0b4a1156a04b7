"""Round 13 (engineer S10, issue 9): "someone" said of the rows' state is a person, so the column of people is set
("how many tickets is someone working on" counted an in-progress ticket with no assignee: a confident wrong)."""

from __future__ import annotations

from tests.integration.desk_helpers import DeskRows
from tests.integration.test_offline_sql import wall_clock  # noqa: F401 (a fixture)

IN_HAND = "SELECT count(*) FROM support_desk.tickets WHERE status = 'in_progress' AND assignee IS NOT NULL {}"


async def test_someone_in_a_state_or_as_its_agent_sets_the_person(desk_rows: DeskRows) -> None:
    await desk_rows(
        [
            ("How many P2 tickets is somebody currently working on?", IN_HAND.format("AND priority = 'P2'")),
            ("count of tickets being worked on by anybody", IN_HAND.format("")),
            ("printer tickets someone is working on: how many?", IN_HAND.format("AND component = 'Printer'")),
        ],
    )


async def test_the_state_said_again_in_its_own_words_defines_the_phrase(desk_rows: DeskRows) -> None:
    # support_desk.yaml p1-p2-in-progress: "(in progress)" says what "someone working on" means here
    await desk_rows(
        [
            (
                "count the P4 tickets somebody is working on (status in progress)",
                "SELECT count(*) FROM support_desk.tickets WHERE status = 'in_progress' AND priority = 'P4'",
            )
        ],
    )
