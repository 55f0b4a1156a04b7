"""The orchestrator's graph state: JSON-like values so checkpoints stay readable."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict

Intent = Literal["question", "task", "statement"]
# refused: a request to change data, or one no agent can do; unsure: an offline decision below its confidence bar
Outcome = Literal["succeeded", "failed", "refused", "unsure"]


def merge_results(left: dict[str, Any] | None, right: dict[str, Any] | None) -> dict[str, Any]:
    """Step results by step id; parallel steps add theirs; `None` clears them (a new run or a replan)."""
    if right is None:
        return {}
    return {**(left or {}), **right}


def add_counts(left: dict[str, int] | None, right: dict[str, int] | None) -> dict[str, int]:
    """Model calls per reasoning role, summed across nodes; `None` resets the tally for a new run."""
    if right is None:
        return {}
    out = dict(left or {})
    for role, n in right.items():
        out[role] = out.get(role, 0) + n
    return out


class State(TypedDict, total=False):
    """One run of the orchestrator. Per-run fields are reset by the runner's input at each new request."""

    request: str
    said: str  # the request as the user typed it: `classify` may rewrite `request`, memory keeps the user's words
    user_id: str
    session_id: str
    run_id: str
    history: list[dict[str, Any]]  # recalled turns: {"speaker", "content"}
    recalled: dict[str, Any]  # long-term memory for this request: {"categories", "facts", "episodes"}
    intent: Intent
    plan: dict[str, Any] | None  # Plan.model_dump()
    attempts: int  # plans made in this run, for the bounded replan
    feedback: list[str]  # why earlier plans or steps failed; read by the planner
    results: Annotated[dict[str, Any], merge_results]  # step id -> StepOutput dump + {"agent", "ms"}
    answer: str
    citations: list[dict[str, Any]]
    artifacts: list[str]
    outcome: Outcome
    error: str | None
    workflow: dict[str, Any] | None  # {"id", "reused", "similarity"} for tasks; "failed" once a reused plan failed
    declined: bool  # `classify` answered without running anything (unsure, unsupported language, out of scope)
    followup: bool  # `classify` resolved the request as a follow-up: `request` is its full request, not `said` re-read
    read_as: list[str]  # misspelt words `classify` corrected ("'revnue' as 'revenue'"), said in the answer
    unheld: list[str]  # a question's topical words nothing the deployment holds: refused when nothing is found
    set_aside: list[str]  # parts of the message no agent does, set aside while the rest ran: named in the answer
    told_part: str  # what a message told beside what it asked (`classify`): remembered as told by `remember`
    model_calls: Annotated[dict[str, int], add_counts]


class StepTask(TypedDict):
    """What `execute` sends to a sub-agent node with `Send`."""

    step: dict[str, Any]  # PlanStep.model_dump()
    inputs: dict[str, Any]  # dependency step id -> StepOutput dump
    request: str
    user_id: str
    session_id: str
    run_id: str


def new_run_input(*, request: str, user_id: str, session_id: str, run_id: str) -> State:
    """The input that starts a run on a session's thread, clearing what the previous run left."""
    return State(
        request=request,
        said=request,
        user_id=user_id,
        session_id=session_id,
        run_id=run_id,
        history=[],
        recalled={},
        plan=None,
        attempts=0,
        feedback=[],
        results=None,  # type: ignore[typeddict-item]  # the reducer reads None as "clear"
        answer="",
        citations=[],
        artifacts=[],
        error=None,
        workflow=None,
        declined=False,
        followup=False,
        read_as=[],
        unheld=[],
        set_aside=[],
        told_part="",
        model_calls=None,  # type: ignore[typeddict-item]
    )
