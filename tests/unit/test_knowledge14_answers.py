"""Knowledge answers of round 14 (K11): a question asking for a value of a kind (a frequency, a version) is not
answered by sentences that give no value of that kind, however many of its words they share."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognicore.subagents.compose import OfflineAnswerComposer

_BADGES = (
    "# Door badges\n\nStaff renew their own door badge at the front desk after showing a photo ID. "
    "The front desk never keeps a copy of the ID. A lost badge is blocked at once by the security team."
)
_AUDIT = "# Badge audit\n\nThe security team reviews every active door badge once a quarter and removes unused ones."


@pytest.mark.parametrize(
    "question",
    [
        "How often do staff need to renew their door badge?",
        "at what interval must a door badge be renewed by staff",
    ],
)
async def test_a_frequency_is_not_answered_by_a_procedure_without_one(question: str) -> None:
    passages = [{"index": 1, "title": "Door badges", "source": "badges.md", "content": _BADGES}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == [], answer.text


@pytest.mark.parametrize(
    "question", ["How often are the active door badges reviewed?", "how frequently does security review door badges"]
)
async def test_a_sentence_giving_a_frequency_still_answers(question: str) -> None:
    passages = [
        {"index": 1, "title": "Door badges", "source": "badges.md", "content": _BADGES},
        {"index": 2, "title": "Badge audit", "source": "audit.md", "content": _AUDIT},
    ]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert 2 in answer.used and "once a quarter" in answer.text, answer.text


def _memory(index: int, statement: str) -> dict[str, object]:
    return {
        "index": index, "title": "Memory: earlier message", "source": f"memory:episode:{index}",
        "content": statement, "statement": statement, "status": "said", "read": False,
        "since": "2031-03-17 09:00", "until": None,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("question", "said", "answered"),
    [
        ("how often do we renew our door badges?", "Someone from facilities phoned me about my door badge.", False),
        ("How often do we renew our door badges?", "We renew our door badges every six months.", True),
    ],
)
async def test_a_told_remark_answers_how_often_only_with_a_frequency(question: str, said: str, answered: bool) -> None:
    passages = [_memory(1, said), {"index": 2, "title": "Door badges", "source": "badges.md", "content": _BADGES}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert bool(answer.used) is answered, answer.text


_DELAYS = (
    "# Parcel delays\n\nEvery parcel gets a service level when it is booked. A parcel that misses its delivery date "
    "without a tracking update is a delay. Delays of express parcels are reported to the hub lead at once; standard "
    "delays are reviewed at the Friday operations call."
)


@pytest.mark.parametrize(
    "question",
    [
        "If an express parcel misses its delivery date without a tracking update, who is it reported to?",
        "an express parcel missed its delivery date and had no tracking update - who does it get reported to?",
    ],
)
async def test_a_sentence_about_the_case_the_one_before_defined_answers(question: str) -> None:
    passages = [{"index": 1, "title": "Parcel delays", "source": "delays.md", "content": _DELAYS}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == [1] and "hub lead" in answer.text, answer.text


_HISTORY = (
    "# Company history of Lumo\n\nLumo was founded in 2015 by engineers. In 2020 Lumo opened its hub in Oslo, and a "
    "Series B round of $40 million funded partnerships in Chile and Peru. The founders raised a $2 million seed round "
    "in 2016 and spent the first year on lamps."
)


@pytest.mark.parametrize(
    ("q", "answered"),
    [
        ("What did Lumo raise in its Series A round?", False),
        ("So what did Lumo raise in the Series C round?", False),
        ("What did Lumo raise in its Series B round?", True),
    ],
)
async def test_a_named_member_of_a_series_is_answered_only_by_a_passage_writing_it(q: str, answered: bool) -> None:
    passages = [{"index": 1, "title": "Company history of Lumo", "source": "history.md", "content": _HISTORY}]
    answer = await OfflineAnswerComposer().compose(question=q, passages=passages)
    assert bool(answer.used) is answered, answer.text


_RUNBOOK = Path(__file__).parents[2] / "examples" / "support_desk" / "support_desk" / "docs" / "sla-policy.md"


@pytest.mark.parametrize(
    "question",
    [
        "when a P2 sails through its SLA time without a response, who is it escalated to?",
        "a P1 blew through its SLA time with no response - who does that get escalated to?",
    ],
)
async def test_blowing_through_a_limit_is_passing_it(question: str) -> None:
    passages = [{"index": 1, "title": "SLA policy", "source": "sla-policy.md", "content": _RUNBOOK.read_text()}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == [1] and "duty manager" in answer.text, answer.text
