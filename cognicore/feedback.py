"""A user's verdict on a run (`cognicore feedback RUN_ID --good|--bad`): impact on what that run used.

The memories the run used (its recorded memory reads) get the seed's user impact (+2.0 good, -2.0 bad),
converted to strength at `impact_to_strength_ratio` (0.2). The workflow the run reused or learned records the
verdict as a reuse outcome: a bad one counts as a failed reuse (consecutive failures demote, then retire it),
a good one as a success. One verdict per run: a second replaces the first, and an unchanged verdict changes
nothing, so pressing the button twice does not count twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from cognicore.app import App
from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.lifecycle import FeedbackReport
from cognicore.service_errors import NotFound

__all__ = ["FeedbackResult", "UnknownRun", "give_feedback"]


class UnknownRun(NotFound, MemoryStoreError):
    """The run named in a feedback does not exist for this user."""


@dataclass(frozen=True, slots=True)
class FeedbackResult:
    """What a verdict changed: the memories' impact, and the workflow's status when the run had one."""

    run_id: str
    good: bool
    memory: FeedbackReport
    workflow_id: int | None
    workflow_status: str | None


async def give_feedback(app: App, run_id: str, *, user_id: str, good: bool, note: str | None = None) -> FeedbackResult:
    """Record a verdict on run `run_id` of `user_id` as impact on its memories and its workflow."""
    run = await app.runs.get(run_id, user_id=user_id)
    if run is None:
        raise UnknownRun(f"User {user_id!r} has no run {run_id!r}; a run's id is printed by `ask --json` (run_id).")
    report = await app.memory.stream.lifecycle.feedback(user_id, run_id, good=good, note=note)
    workflow_id = (run.workflow or {}).get("id")
    status = None
    if workflow_id is not None and report.applied != 0:
        status = await app.workflows.record_outcome(workflow_id=int(workflow_id), user_id=user_id, succeeded=good)
    return FeedbackResult(run_id, good, report, int(workflow_id) if workflow_id is not None else None, status)
