"""Knowledge answers of round 13 (K10): a "who is X?" is not answered by a saying of the user's that only mentions X
(a request written for X names no one); a told fact or a saying that names a person still answers it."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents.compose import OfflineAnswerComposer


def _memory(index: int, statement: str, status: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: earlier message", "source": f"memory:episode:{index}",
        "content": statement, "statement": statement, "status": status, "read": False,
        "since": "2031-03-17 09:00", "until": None,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("question", "saying"),
    [
        (
            "Who is the release coordinator this week?",
            "Check the blocked builds against the plan and write them up as a report for the release coordinator.",
        ),
        ("who's our escalation owner this month", "Draft a summary of the outages for the escalation owner."),
        # acronyms are no names: "the SLA", "the KPI deck"
        ("who is the release coordinator", "Check the open CVE items against the SLA for the release coordinator."),
        ("who's the escalation owner", "Put the KPI deck and the NPS figures in a memo for the escalation owner."),
    ],
)
async def test_a_request_written_for_a_role_does_not_say_who_holds_it(question: str, saying: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=[_memory(1, saying, "said")])
    assert answer.used == [], answer.text


@pytest.mark.parametrize(
    ("question", "saying", "name"),
    [
        ("Who is the release coordinator right now?", "Our release coordinator is Dana Whitfield.", "Dana"),
        ("who's our escalation owner this month", "The escalation owner this month is Ravi Menon.", "Ravi"),
        ("who is our release coordinator", "Marisol is our release coordinator.", "Marisol"),  # one name, first
    ],
)
async def test_a_saying_that_names_the_person_still_answers(question: str, saying: str, name: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=[_memory(1, saying, "said")])
    assert answer.used == [1] and name in answer.text, answer.text


_APPROVALS = (
    "# Field Guide: Price Exceptions\n## Who approves\n\nStaff may take up to 5% off a client quote on their own. "
    "Reductions between 5% and 15% need the approval of an area lead. Any reduction above 15% needs the approval "
    "of the Head of Commerce, and reductions above 40% are never allowed."
)
_OTHER = (
    "# Service Rules\n## Exceptions and approvals\n\nDesk agents can approve a late claim once per client per year "
    "when the client has a good reason. Anything beyond that needs approval from the service lead."
)
_RULES = [
    {"index": 1, "title": "Service Rules", "source": "rules.md", "content": _OTHER},
    {"index": 2, "title": "Field Guide: Price Exceptions", "source": "guide.md", "content": _APPROVALS},
]


@pytest.mark.parametrize(
    ("question", "approver"),
    [
        ("A client of ours is asking for 18% off the quote. Whose approval does that take?", "Head of Commerce"),
        ("we were asked for 9 percent off, who has to sign that off?", "area lead"),
        ("Who needs to OK a 30% reduction for a long-standing client?", "Head of Commerce"),
    ],
)
async def test_the_limit_holding_a_stated_figure_answers_who_approves_it(question: str, approver: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_RULES)
    assert answer.used and answer.used[0] == 2 and approver in answer.text, answer.text
    assert "service lead" not in answer.text, answer.text


_INCIDENTS = (
    "# Incident rules\n\nEvery incident gets a severity when it is logged. The first update is due within the agreed "
    "time of its severity: S1 within 1 hour and S2 within 6 hours. An incident that passes its agreed time without an "
    "update is a lapse. Lapses of S1 incidents go to the on-call director at once; S2 lapses are reviewed on Fridays."
)


@pytest.mark.parametrize(
    "question",
    ["an S1 had no update in time - what happens next?", "what happens next if an S2 gets no update in time"],
)
async def test_what_happens_next_follows_the_named_case_to_its_consequence(question: str) -> None:
    passages = [{"index": 1, "title": "Incident rules", "source": "incidents.md", "content": _INCIDENTS}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == [1] and "on-call director" in answer.text, answer.text


_DELIVERY = [
    {"index": 1, "title": "Delivery", "source": "d.md", "content": "# Delivery\n## Costs\n\nDelivery is free on "
     "orders of $50 or more; below that it costs $4. Express delivery costs $12 on any order."},
    {"index": 2, "title": "Delivery", "source": "d.md", "content": "# Delivery\n## Damaged parcels\n\nIf a parcel "
     "arrives broken, the customer reports it within 7 days with a photo, and we send a replacement."},
    {"index": 3, "title": "Delivery", "source": "d.md", "content": "# Delivery\n## Tracking\n\nEvery order gets a "
     "tracking link once it leaves the warehouse. Orders over $300 need a signature."},
]  # fmt: skip


@pytest.mark.parametrize(
    "question",
    ["My $70 order showed up broken, what now?", "a $65 parcel arrived broken - what should the customer do"],
)
async def test_a_limit_holding_a_figure_of_another_topic_decides_nothing(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_DELIVERY)
    assert answer.used == [2] and "replacement" in answer.text, answer.text
