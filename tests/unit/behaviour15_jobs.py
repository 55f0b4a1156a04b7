"""A small maintenance-jobs deployment for the round-15 behaviour tests: the classifier built from its words only."""

from __future__ import annotations

from cognicore.orchestrator.intent import OfflineClassifier

AGENTS = [
    {
        "name": "database_query",
        "description": "Answers questions about the maintenance jobs (counts by site, severity, state or engineer).",
        "input_hint": "",
    },
]
VALUES = {
    "Harbour": "site",
    "Hilltop": "site",
    "S1": "severity",
    "pending": "state",
    "open": "state",
    "closed": "state",
}
COUNTED = ["jobs", "job_id", "site", "severity", "state", "engineer"]


def classifier() -> OfflineClassifier:
    """The offline classifier of the jobs deployment."""
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES)
