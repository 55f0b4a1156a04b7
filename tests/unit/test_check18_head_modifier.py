"""The quote check's asked head: a sentence using the asked thing only as the modifier of another thing the documents
name ("deposit refunds on the kayak fell ...") does not state the asked thing ("the deposit on the kayak"), so it is
never quoted as the answer alone; a sentence naming the thing itself still answers."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_head import only_modifies
from cognicore.subagents.compose import OfflineAnswerComposer

TERMS = (
    "# Rental terms\n\n## Deposit refunds\n\nTo ask for a deposit refund, bring the rental slip to the desk.\n\n"
    "## Opening hours\n\nThe boathouse opens at 8am."
)
REVIEW = (
    "# Season review\n\nDeposit refunds on the Sea Kayak fell after the new rental slip was introduced. "
    "The Sea Kayak seats two paddlers and has a rudder."
)


def _passages(*, rule: bool = False) -> list[dict[str, object]]:
    content = TERMS + ("\n\n## Deposit\n\nEvery boat rental needs a deposit of 50 euros." if rule else "")
    return [
        {"index": 1, "title": "Season review", "source": "review.md", "content": REVIEW},
        {"index": 2, "title": "Rental terms", "source": "terms.md", "content": content},
    ]


@pytest.mark.parametrize("question", ["What's the deposit on the Sea Kayak?", "what is the deposit for the Sea Kayak"])
async def test_a_sentence_using_the_asked_thing_as_a_modifier_is_no_answer(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages())
    assert answer.used == [], answer.text


async def test_a_sentence_naming_the_thing_itself_still_answers() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="What's the deposit on a boat rental?", passages=_passages(rule=True)
    )
    assert answer.used and "50 euros" in answer.text, answer.text


def test_only_a_modifier_of_a_thing_the_documents_name() -> None:
    written = TERMS + "\n\n" + REVIEW
    assert only_modifies("Deposit refunds on the Sea Kayak fell.", ["deposit"], written)
    assert not only_modifies("Every rental needs a deposit of 50 euros.", ["deposit"], written)
    # "deposit covers" is no thing the documents name: a subject and its verb
    assert not only_modifies("The deposit covers lost paddles.", ["deposit"], written)
