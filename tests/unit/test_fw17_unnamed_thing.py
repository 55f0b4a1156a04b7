"""A thing no passage names is not answered by a passage about another thing of the same modifier (round 17, unseen
measure): "gift hampers" beside "gift buyers" gives no quote; the thing the passage does name is still answered."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_documents import answer_from_documents

PASSAGES = [
    {
        "index": 1,
        "title": "Holiday return policy",
        "content": "# Holiday return policy\n\nHoliday orders may be returned until 31 January under the holiday "
        "return policy. Reasons: gift buyers need more time and the trial cost little.\n",
    },
    {"index": 2, "title": "Staff lockers", "content": "# Staff lockers\n\nStaff lockers open with the badge.\n"},
]


@pytest.mark.parametrize(
    "question",
    [
        "What is the holiday return policy for gift hampers?",
        "can a shopper return a gift voucher they got for the holidays?",
    ],
)
def test_a_passage_about_another_thing_of_the_modifier_is_not_quoted(question: str) -> None:
    answer, _ = answer_from_documents(question, PASSAGES, {})
    assert not answer.used and "31 January" not in answer.text, answer.text


@pytest.mark.parametrize(
    "question", ["What is the holiday return policy for gift buyers?", "Until when may holiday orders be returned?"]
)
def test_the_thing_the_passage_names_is_still_answered(question: str) -> None:
    answer, _ = answer_from_documents(question, PASSAGES, {})
    assert answer.used, answer.text
