"""A domain plugin's words for its tables reach the offline classifier (engineer Q2, issue 9.1).

Development wordings (not from the held-out sets): a synonym of a table word counts like the table word, a
hyphenated value written joined is no misspelling, and rows asked for within a period are a data task.
"""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.vocabulary import with_synonyms

COUNTED = ["tickets", "ticket", "component", "assignee", "status"]
SYNONYMS = {"incident": "ticket", "case": "ticket", "owner": "assignee", "who": "assignee", "assigned to": "assignee"}
VALUES = {
    "Wi-Fi": "desk.tickets.component",
    "open": "desk.tickets.status",
    "ben": "desk.tickets.assignee",
    "P1": "desk.tickets.priority",
    "P2": "desk.tickets.priority",
}


def test_one_word_synonyms_of_table_words_count_in_both_forms() -> None:
    words = with_synonyms(COUNTED, SYNONYMS)
    assert {"incident", "incidents", "case", "cases", "owner", "owners"} <= set(words)
    assert "who" not in words  # a stop word is never a data word
    assert "assigned to" not in words and "assigned" not in words  # phrases are the SQL writer's
    assert with_synonyms(COUNTED, {"weather": "forecast"}) == sorted(COUNTED)  # names nothing the data holds


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("how many incidents are open right now", True),
        ("How many laptop and printer cases are there?", True),
        ("how many wifi incidnets have we had", True),
        ("tickets opened since june", True),
        ("incidents logged in march", True),
        ("p1 vs p2 incidents", True),
        ("what's the busiest component for P1 tickets", True),
        ("show unassigned incidents", True),
        ("What is the SLA for P1 vs P2 tickets?", False),
        ("What does the SLA policy say about incidents?", False),
    ],
)
async def test_the_plugins_words_for_its_rows_make_a_data_task(text: str, task: bool) -> None:
    classifier = OfflineClassifier(counted=with_synonyms(COUNTED, SYNONYMS), values=VALUES, words=["policy", "sla"])
    decision = await classifier.classify(request=text, history=[])
    assert (decision.intent == "task") is task, decision
    assert "wife" not in " ".join(decision.read_as), decision  # "wifi" is the value Wi-Fi written joined
