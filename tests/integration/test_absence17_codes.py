"""Checked misses of round 17 (KA): a value written as a code in the subject's section ("open an S2 request", "rated
(IPX4)") may be the value of the class or grade asked ("what severity", "which protection rating"), though the
class's word is never written: no "never mention" claim then; a thing of another kind is still checked."""

from __future__ import annotations

import pytest

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.test_absence17_checked import knowledge  # noqa: F401 (a fixture: the boats and launch documents)


@pytest.mark.parametrize(
    "question",
    [
        "What severity should a Slipway gate fault get once signing in again did not help?",
        "which protection rating does the Tern Dinghy mast have",
        "At what urgency do we log a Slipway problem?",
    ],
)
async def test_a_value_written_as_a_code_in_the_subjects_section_makes_no_claim(
    knowledge: KnowledgeBase,  # noqa: F811
    question: str,
) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is None, absent.text


async def test_a_thing_of_another_kind_is_still_checked_beside_a_code(knowledge: KnowledgeBase) -> None:  # noqa: F811
    # "colours" is no class a code is the value of: the dinghy's section never mentions them.
    absent = await documented_absence(knowledge, "Does the Tern Dinghy come in different colours?")
    assert absent is not None and "never mention" in absent.text, absent
