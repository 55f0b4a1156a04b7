"""The memory routing reads one list of told facts for a question and its checks (M28, round 17): for "what was it
before?" the told answer cites the ended fact and the current one, and the checks of a told figure or count read the
same numbering (they used to read the current facts only, so a citation could name another fact). A figure the user
told as changed is asked of memory before and now; one the data measures stays with the data."""

from __future__ import annotations

from typing import Any

from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.memory_routing import route_by_memory, told_figure

TASK = IntentDecision(intent="task", reason="planned on the data", confidence=0.75)


def _recalled() -> dict[str, Any]:
    def fact(i: int, said: str, status: str, until: str | None) -> dict[str, Any]:
        return {"id": i, "text": said, "statement": said, "object": None, "kind": "fact", "category": "project",
                "status": status, "since": f"2031-0{i}-01 09:00", "until": until, "sources": []}  # fmt: skip

    return {
        "categories": [],
        "facts": [
            fact(1, "Our outreach budget for q3 is $12k.", "superseded", "2031-02-01 09:00"),
            fact(2, "Our outreach budget for q3 is $15k.", "active", None),
            fact(3, "Our hiring plan for q3 is 4 people.", "active", None),
        ],
        "episodes": [],
    }


def test_a_told_figure_is_asked_of_memory_now_and_before() -> None:
    for question in ("how much can we spend on outreach in Q3?", "how much was our outreach budget for Q3 before?"):
        assert route_by_memory(question, TASK, _recalled()).intent == "question", question
        assert told_figure(question, _recalled()), question


def test_a_measured_figure_stays_with_the_data_before_too() -> None:
    for question in ("how much revenue did we make in Q3 before?", "how many orders did we ship in Q3?"):
        assert route_by_memory(question, TASK, _recalled()).intent == "task", question
