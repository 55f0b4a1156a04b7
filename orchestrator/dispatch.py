"""The nodes that run a plan: `execute` (ready steps sent in parallel, dependants of a failure skipped), one node per
sub-agent (`agent_node`) and `verify` (respond, replan, or end `refused`/`unsure`)."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Command, Send

from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.events import emit
from cognicore.orchestrator.journal import record_failure, record_step
from cognicore.orchestrator.state import State, StepTask
from cognicore.subagents.errors import UNSURE_MARKER, SubAgentError, Unsure
from cognicore.subagents.read_only import REFUSED_MARKER
from cognicore.subagents.role_names import tool_role
from cognicore.subagents.types import AgentContext, Plan, PlanStep, StepInput, StepOutput
from cognicore.workflows.recording import current_recorder, recorded

__all__ = ["agent_node", "execute", "step_request", "verify"]


async def execute(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Dispatch every step whose dependencies are done, in parallel; skip steps whose dependencies failed."""
    steps = Plan.model_validate(state["plan"]).steps
    results: dict[str, Any] = dict(state.get("results") or {})
    skipped: dict[str, Any] = {}
    changed = True
    while changed:  # a failure skips its dependants, and theirs, transitively
        changed = False
        for step in steps:
            if step.id in results or step.id in skipped:
                continue
            bad = [d for d in step.depends_on if (results.get(d) or skipped.get(d) or {}).get("status") == "error"]
            if bad:
                skipped[step.id] = {
                    **StepOutput(
                        status="error", agent=step.agent, error=f"skipped: step {', '.join(bad)} failed"
                    ).model_dump(),
                    "ms": 0,
                }
                changed = True
    done = results | skipped
    ready = [s for s in steps if s.id not in done and all(d in done for d in s.depends_on)]
    if not ready:
        return Command(goto="verify", update={"results": skipped} if skipped else {})
    sends = [
        Send(
            s.agent,
            StepTask(
                step=s.model_dump(),
                inputs={d: done[d] for d in s.depends_on},
                request=step_request(s, steps, state["request"]),
                user_id=state["user_id"],
                session_id=state["session_id"],
                run_id=state["run_id"],
            ),
        )
        for s in ready
    ]
    return Command(goto=sends, update={"results": skipped} if skipped else {})


# Connectives left hanging where a clause was cut out: doubled ("X and  and Y"), before a comma ("X and , please"),
# at either end ("and explain ...", "..., and").
_LINK = r"(?:[,;:]|\band\b|\bthen\b|\balso\b)"
_STRANDED = re.compile(r"\b(and|then|also)\s+(?:(?:and|then|also)\b\s*)+", re.IGNORECASE)
_STRANDED_COMMA = re.compile(r"\s*\b(?:and|then|also)\s*(?=[,;:])|\s+(?=[,;:])", re.IGNORECASE)
_STRANDED_ENDS = re.compile(rf"^(?:\s*{_LINK})+\s*|(?:\s*{_LINK})+\s*$", re.IGNORECASE)


def step_request(step: PlanStep, steps: list[PlanStep], request: str) -> str:
    """The request as `step` sees it: when the plan gave it one clause of the request ("Compare order counts by
    channel in Europe" of "... and explain the discount policy for partners"), the request without the clauses the
    plan gave other steps, so an agent reading the whole request for context never answers another step's part
    ("discount", "partners"); the request itself for a step given all of it (a report's)."""
    own = step.instruction.strip()
    if not own or own == request.strip() or own not in request:
        return request
    seen = request
    for other in steps:
        for clause in other.instruction.split("; ") if other.id != step.id else ():
            clause = clause.strip()
            if clause and clause != request.strip() and clause in seen and clause not in own and own not in clause:
                seen = seen.replace(clause, " ")
    if seen == request:
        return request
    seen = _STRANDED_COMMA.sub("", _STRANDED.sub(r"\1 ", " ".join(seen.split())))
    return _STRANDED_ENDS.sub("", seen).strip() or request


def agent_node(name: str) -> Callable[[StepTask, Runtime[Context]], Awaitable[dict[str, Any]]]:
    """The graph node for the sub-agent `name`: runs one step and stores its output under the step id."""

    async def run_step(task: StepTask, runtime: Runtime[Context]) -> dict[str, Any]:
        ctx = runtime.context
        step = task["step"]
        agent = ctx.registry.get(name)
        emit(runtime, event="step_start", step=step["id"], agent=name, instruction=step["instruction"])
        started = time.perf_counter()
        step_input = StepInput(
            step_id=step["id"],
            instruction=step["instruction"],
            request=task["request"],
            inputs={k: StepOutput.model_validate(v) for k, v in task["inputs"].items()},
        )
        agent_ctx = AgentContext(
            user_id=task["user_id"],
            session_id=task["session_id"],
            run_id=task["run_id"],
            output_dir=ctx.output_dir,
            engine=ctx.engine,
        )
        recorder = current_recorder()
        if recorder is not None:
            recorder.enter_scope(step["id"])  # the recorder files this task's role calls under the step
        runner = agent if agent.deterministic else recorded(tool_role(name), agent)
        try:
            output = await asyncio.wait_for(runner.run(step_input, agent_ctx), timeout=ctx.step_timeout_s)
        except TimeoutError:
            output = StepOutput(
                status="error", error=f"timed out after {ctx.step_timeout_s:g} s (COGNICORE_STEP_TIMEOUT_S)"
            )
        except Unsure as exc:  # marked, so `verify` ends the run `unsure` instead of replanning
            output = StepOutput(status="error", error=str(exc), summary=str(exc), data={UNSURE_MARKER: True})
        except (SubAgentError, ModelCallError) as exc:
            output = StepOutput(status="error", error=str(exc))
        output.agent = name
        ms = round((time.perf_counter() - started) * 1000, 1)
        if ctx.learn:
            await record_step(
                ctx.memory,
                user_id=task["user_id"],
                session_id=task["session_id"],
                run_id=task["run_id"],
                step=step,
                output=output.model_dump(),
            )
        emit(
            runtime,
            event="step_end",
            step=step["id"],
            agent=name,
            status=output.status,
            ms=ms,
            error=output.error,
        )
        return {
            "results": {step["id"]: {**output.model_dump(), "ms": ms}},
            "model_calls": output.model_calls,
        }

    run_step.__name__ = name
    return run_step


async def verify(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Every step ok: respond. Otherwise replan while attempts remain, else respond with the failure."""
    results = state.get("results") or {}
    failed = {k: v for k, v in results.items() if v.get("status") == "error"}
    if not failed:
        return Command(goto="respond", update={"outcome": "succeeded"})
    refused = [v for v in failed.values() if (v.get("data") or {}).get(REFUSED_MARKER)]
    if refused:
        # A request to change data is an honest refusal, not a failure: no replan, no lesson, nothing learned.
        return Command(goto="respond", update={"outcome": "refused", "error": str(refused[0].get("error"))})
    unsure = [v for v in failed.values() if (v.get("data") or {}).get(UNSURE_MARKER)]
    if unsure:
        # An offline role below its confidence bar: another plan would not understand it better, and it is
        # not a failure to learn from. The answer says what was and was not understood.
        return Command(goto="respond", update={"outcome": "unsure", "error": str(unsure[0].get("error"))})
    if runtime.context.learn:
        steps = {s.id: s for s in Plan.model_validate(state["plan"]).steps}
        for sid, out in failed.items():
            if not str(out.get("error", "")).startswith("skipped"):
                await record_failure(
                    runtime.context.memory,
                    user_id=state["user_id"],
                    session_id=state["session_id"],
                    run_id=state["run_id"],
                    request=state["request"],
                    step=steps[sid].model_dump(),
                    error=str(out.get("error")),
                )
    if state.get("attempts", 1) <= runtime.context.max_replans:
        return Command(goto="replan")
    errors = "; ".join(f"step {k} ({v['agent']}) failed: {v.get('error')}" for k, v in failed.items())
    return Command(goto="respond", update={"outcome": "failed", "error": errors})
