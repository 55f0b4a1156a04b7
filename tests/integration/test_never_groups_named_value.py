""" "Which X never ..." is the zero-groups reading only when "have/were/..." ties "never" to having or being the
value: "which assignees never worked on VPN tickets" read "worked on" as the status in_progress and answered that all
three had none (ana has two VPN tickets): a confident wrong answer found by review C. It is unsure now."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_data_f4_never_groups import NONE


@pytest.mark.parametrize(
    "question", ["which assignees never worked on VPN tickets?", "which assignee never handled P1s"]
)
async def test_a_verb_read_as_a_value_after_never_is_unsure(
    desk: SchemaSqlWriter,
    question: str,
) -> None:
    with pytest.raises(Unsure):
        await desk.write_sql(question=question, schema="")


async def test_a_value_named_after_never_still_lists_the_groups_with_none(desk_rows: DeskRows) -> None:
    await desk_rows([("Which components were never P4?", NONE.format(g="component", w="priority = 'P4'"))])
