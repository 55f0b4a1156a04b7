"""Statement shapes found by a second round of development scenarios (issue 9.4): a preface before the fact,
a time said first, typed-fast contractions, a request after the fact, a rota of one person, a switch of shift.
"""

from __future__ import annotations

import pytest

from cognicore.demo.plugin import PLUGIN as DEMO
from cognicore.memory._fact_keys import predicate_key, same_slot, subject_key
from cognicore.memory._fact_rules import read_facts
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.plugins import vocabulary


def _slots(text: str) -> list[tuple[str, str, str, bool]]:
    return [(f["subject"], f["predicate"], f["object"], bool(f.get("exclusive"))) for f in read_facts(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a preface of several words before a colon, and a request after the fact
        ("Quick note before the report: I'm now on the EU team, so keep that in mind.",
         [("user", "team", "EU team", True)]),
        ("Heads up before standup: I've been moved to the network queue, so route those to me.",
         [("user", "queue", "network queue", True)]),
        # when it happened, said first
        ("Last week I switched to a MacBook.", [("user", "uses", "a MacBook", False)]),
        ("Two days ago I joined the Payroll team", [("user", "team", "Payroll team", True)]),
        # typed fast, lower case, no apostrophe
        ("im on the night shift this month", [("user", "shift", "night shift", True)]),
        ("i switched to the early shift last monday", [("user", "shift", "early shift", True)]),
        # one person on call at a time, also after ", so"
        ("Tomas is on call this week.", [("on call", "handled_by", "Tomas", True)]),
        ("Tomas swapped with Ingrid, so Ingrid is on call now.", [("on call", "handled_by", "Ingrid", True)]),
        # a relative clause of the speaker's makes the thing theirs; what it is for, said first
        ("The maximum discount I can give is 15%.", [("user", "maximum_discount", "15%", True)]),
        ("For database outages the escalation contact is Hannah from the DBA team.",
         [("we", "escalation_contact", "Hannah from the DBA team", True)]),
    ],
)  # fmt: skip
def test_more_statement_shapes(text: str, expected: list[tuple]) -> None:
    assert _slots(text) == expected


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("im on the night shift this month", "i switched to the early shift last monday"),
        ("Tomas is on call this week.", "Tomas swapped with Ingrid, so Ingrid is on call now."),
        ("I'm on the EU team.", "Last month I was moved to the APAC team."),
        ("The maximum discount I can give is 15%.", "Management cut my maximum discount to 10%."),
    ],
)
def test_a_later_statement_lands_on_the_same_slot(first: str, second: str) -> None:
    [a], [b] = read_facts(first), read_facts(second)
    assert subject_key(a["subject"]) == subject_key(b["subject"])
    assert same_slot(predicate_key(a["predicate"]), predicate_key(b["predicate"]))
    assert a["object"] != b["object"] and a["exclusive"] and b["exclusive"]


@pytest.mark.parametrize(
    "text",
    [
        "its cost is fine",  # "its" is a word, never "it is"
        "Everyone is on call today",  # nobody named
        "Today is my birthday",  # no statement left after the time
    ],
)
def test_shapes_that_state_no_fact(text: str) -> None:
    assert read_facts(text) == []


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Quick note before the report: I'm now on the EU team, so keep that in mind.", "statement"),
        ("Correction: our travel budget is 12k, not 10k.", "statement"),
        ("Tomas swapped with Ingrid, so Ingrid is on call now.", "statement"),
        ("Reminder: show me revenue by region for 2025", "task"),  # a preface before a request stays a request
        ("For database outages, the escalation contact is Hannah.", "statement"),
        ("For 2025, show me the revenue by region", "task"),
        ("Actually it's 12 not 10.", "statement"),  # a correction, not an action to "actually" do
        ("Sorry, that was 2 hours, not 4", "statement"),
        ("Actually, is it 12 or 10?", "question"),
        ("what product line do i like best", "question"),  # the asker's taste, not a ranking of the data
        ("Who do I report to these days?", "question"),
        ("What response time did we agree for P1s?", "question"),  # what the team agreed, not a check of the data
        ("Which product line sold best in 2025?", "task"),
    ],
)
async def test_a_preface_does_not_change_what_the_message_is(text: str, intent: str) -> None:
    decision = await OfflineClassifier(vocabulary=vocabulary([DEMO])).classify(request=text, history=[])
    assert decision.intent == intent, decision.reason
