"""Follow-ups naming a value the data writes with an underscore (D6, issue 9.3): "same but for small business"
replaces "enterprise" (the column customer_segment holds "small_business"), "what about in progress" replaces
"open"; nothing is appended beside the old value."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import followup_change, resolve

VALUES = {"enterprise": "segment", "small_business": "segment", "consumer": "segment"}
VALUES |= {"open": "state", "in_progress": "state", "on_hold": "state", "Hilltop": "site", "North Coast": "site"}


@pytest.mark.parametrize(
    ("previous", "request_text", "resolved"),
    [
        ("jobs for enterprise clients", "same but for small business", "jobs for small business clients"),
        ("how many S2 jobs are open", "what about in progress", "how many S2 jobs are in progress"),
        ("how many S2 jobs are open", "only the on hold ones", "how many S2 jobs are on hold"),
        ("open jobs at Hilltop by engineer", "and for north coast?", "open jobs at north coast by engineer"),
        ("jobs by site in 2025", "what about by engineer?", "jobs by engineer in 2025"),
    ],
)  # fmt: skip
def test_a_value_written_with_spaces_replaces_the_value_of_its_column(
    previous: str, request_text: str, resolved: str
) -> None:
    change = followup_change(request_text, list(VALUES))
    assert change is not None
    assert resolve(previous, change, list(VALUES), columns=VALUES) == (
        resolved,
        0.85 if "by" not in change.prep else 0.8,
    )


def test_the_negation_of_a_column_replaces_its_value() -> None:
    """ "what about the unassigned ones" after ben's count: a word negating the column's own name ("unassigned" of an
    "assignee") replaces that column's value; with no value of that column named, nothing is resolved."""
    values = {"ben": "desk.jobs.assignee", "S1": "desk.jobs.severity"}
    change = followup_change("what about the unassigned ones", list(values))
    assert change is not None
    assert resolve("how many jobs does ben have", change, list(values), columns=values) == (
        "how many jobs does unassigned have",
        0.7,
    )
    assert resolve("how many S1 jobs", change, list(values), columns=values) is None
