"""A question about "our" policy, procedure or guidelines asks what the company's documents say (round 15, D12):
"our" made it a question about the user, answered from memory only, and "what is our refund policy?" was unsure
beside the refund policy itself. A question about one of the user's own things ("what's our budget?") still is not
answered by a document that only shares a word with it."""

from __future__ import annotations

import pytest

from cognicore.subagents.compose import OfflineAnswerComposer

_LOANS = (
    "# Equipment loans\n\nStaff may borrow a spare laptop from the service desk for up to 14 days. A loan longer than "
    "that needs the team lead's written approval."
)
_TRAVEL = (
    "# Travel guidelines\n\nBook economy class for any flight under six hours. Hotels are booked through the travel "
    "portal, and receipts go to finance within 30 days of the trip."
)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what's our loan policy?", "14 days"),
        ("Could you explain our travel policy?", "economy"),
    ],
)
async def test_our_policy_is_answered_from_the_documents(question: str, said: str) -> None:
    passages = [
        {"index": 1, "title": "Equipment loans", "source": "loans.md", "content": _LOANS},
        {"index": 2, "title": "Travel guidelines", "source": "travel.md", "content": _TRAVEL},
    ]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used and said in answer.text, answer.text


async def test_one_of_our_own_things_is_not_answered_by_a_document_sharing_a_word() -> None:
    passages = [{"index": 1, "title": "Travel guidelines", "source": "travel.md", "content": _TRAVEL}]
    answer = await OfflineAnswerComposer().compose(question="what's our travel budget?", passages=passages)
    assert answer.used == [], answer.text
