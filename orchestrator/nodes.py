"""The orchestrator's nodes: plain async functions of (state, runtime) returning an update or a `Command`.

One module on purpose (about 400 lines): the nodes share private helpers and are read as one flow,
in the order `build_graph` wires them; learning a workflow lives apart in `learning.py`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Command, Send

from cognicore.memory.importance import OfflineImportanceScorer
from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.budget import fit_context
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.honesty import (
    data_change,
    no_evidence,
    out_of_scope,
    unclear,
    unheld_question,
    unsupported_language,
)
from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.journal import record_failure, record_step, record_turn
from cognicore.orchestrator.learning import learn
from cognicore.orchestrator.memory_routing import route_by_memory
from cognicore.orchestrator.memory_use import record_memory_use
from cognicore.orchestrator.recollection import memory_passages, memory_text, planner_memory, told_words
from cognicore.orchestrator.reuse import fill
from cognicore.orchestrator.state import Outcome, State, StepTask
from cognicore.subagents.compose import cite_in_order, closest_miss
from cognicore.subagents.errors import UNSURE_MARKER, SubAgentError, Unsure
from cognicore.subagents.memory_answer import NOT_SURE
from cognicore.subagents.rag_query import search_for
from cognicore.subagents.read_only import REFUSED_MARKER
from cognicore.subagents.role_names import tool_role
from cognicore.subagents.types import AgentContext, Plan, StepInput, StepOutput
from cognicore.subagents.validation import plan_problems
from cognicore.workflows.recording import current_recorder, recorded

MAX_ADAPTATIONS = 2  # saved workflows tried per request before planning from scratch
DEMOTED_MARGIN = 0.15  # a demoted workflow must match this much more closely to be reused

FALLBACK_IMPORTANCE = OfflineImportanceScorer()
ACKNOWLEDGEMENT = "Noted. I will remember that."

# The answer node's system prompt, counted in the context budget (the composer adds its own wording).
ANSWER_SYSTEM = "Answer from the passages and the conversation; cite passages by number; never invent facts."


def _emit(runtime: Runtime[Context], **event: Any) -> None:
    runtime.stream_writer(event)


async def recall(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Load this session's recent turns and what long-term memory knows about the request, within budgets."""
    ctx = runtime.context
    turns, recalled = await asyncio.gather(
        ctx.conversations.recent(user_id=state["user_id"], session_id=state["session_id"], limit=40),
        ctx.recollector.recall(
            user_id=state["user_id"],
            session_id=state["session_id"],
            request=state["request"],
            budget=ctx.memory_tokens,
        ),
    )
    history = [{"speaker": t.speaker, "content": t.content} for t in turns]
    fitted = fit_context(system="", query="", passages=[], history=history, budget=ctx.history_tokens)
    return {"history": fitted.history, "recalled": recalled}


async def classify(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Route a task to `lookup_workflow`, a question or a statement to `answer` (which acknowledges the latter).

    A request the classifier cannot read, is not sure of, or that no agent can do is declined here with the
    reason (outcome `unsure` or `refused`): nothing is planned, run or learned. A follow-up continues as the
    full request it stands for.
    """
    ctx = runtime.context
    decision = await ctx.classifier.classify(
        request=state["request"],
        history=state.get("history", []),
        memory=planner_memory(state.get("recalled")),
        told=told_words(state.get("recalled")),
    )
    if ctx.routes_by_memory:
        decision = route_by_memory(state["request"], decision, state.get("recalled"))
    _emit(runtime, event="intent", intent=decision.intent, reason=decision.reason, confidence=decision.confidence)
    update: dict[str, Any] = {
        "intent": decision.intent,
        "model_calls": {"classify": 1},
        "read_as": decision.read_as,
        "unheld": decision.unheld,
    }
    declined = _decline(state["request"], decision, ctx)
    if declined is not None:
        outcome, text = declined
        _emit(runtime, event="declined", outcome=outcome, reason=decision.reason)
        if decision.changes_data:
            update["error"] = text  # `ask --json` reports why a change request ended `refused`, as for a refused step
        return Command(goto="answer", update={**update, "declined": True, "outcome": outcome, "answer": text})
    resolved = decision.resolved_request.strip()
    if resolved and resolved != state["request"].strip():
        _emit(runtime, event="followup", request=resolved)
        update["request"] = resolved  # planned, answered and remembered as the full request
    goto = "lookup_workflow" if decision.intent == "task" else "answer"
    return Command(goto=goto, update=update)


def _decline(request: str, decision: IntentDecision, ctx: Context) -> tuple[Outcome, str] | None:
    """The outcome and answer of a request that is not to be run, or None to run it."""
    if decision.language:
        return "unsure", unsupported_language(decision.language)
    if decision.changes_data:
        agents = [{"name": a.name, "description": a.description} for a in ctx.registry]
        return "refused", data_change(request, agents, reason=decision.reason)
    if decision.out_of_scope:
        agents = [{"name": a.name, "description": a.description} for a in ctx.registry]
        return "refused", out_of_scope(request, agents, reason=decision.reason)
    if not decision.sure:
        return "unsure", unclear(request, decision.reason)
    return None


async def lookup_workflow(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Reuse a saved workflow for a similar task (adapted and validated), else go to the planner."""
    ctx = runtime.context
    request = state["request"]
    calls: dict[str, int] = {"key_workflow": 1}
    try:
        key = await ctx.keyer.key(request=request)
    except ModelCallError:
        missed: dict[str, Any] = {"id": None, "reused": False, "similarity": None}
        return Command(goto="plan", update={"workflow": missed, "model_calls": calls})
    matches = await ctx.workflows.lookup(user_id=state["user_id"], skeleton=key.skeleton)
    best = matches[0].similarity if matches else None
    for match in matches[:MAX_ADAPTATIONS]:
        wf = match.workflow
        needed = ctx.reuse_threshold + (DEMOTED_MARGIN if wf.status == "demoted" else 0.0)
        if match.similarity < needed:
            continue
        calls["adapt_workflow"] = calls.get("adapt_workflow", 0) + 1
        try:
            adaptation = await ctx.adapter.adapt(
                request=request, trigger=match.trigger, features=list(wf.features), template=wf.template
            )
            if not adaptation.applicable:
                continue
            new_plan = fill(wf.template, adaptation.parameters)
        except (ModelCallError, KeyError, ValueError):
            continue  # an adaptation that fails falls back to planning
        if plan_problems(new_plan, ctx.registry):
            continue
        info: dict[str, Any] = {"id": wf.id, "reused": True, "similarity": match.similarity, "key": key.model_dump()}
        calls["plan"] = 0  # reported explicitly: the planner was skipped
        _emit(runtime, event="reuse", workflow=wf.id, similarity=match.similarity, name=wf.name)
        _emit(runtime, event="plan", steps=[s.model_dump() for s in new_plan.steps])
        return Command(
            goto="execute",
            update={"plan": new_plan.model_dump(), "attempts": 1, "workflow": info, "model_calls": calls},
        )
    info = {"id": None, "reused": False, "similarity": best, "key": key.model_dump()}  # type: ignore[dict-item]
    return Command(goto="plan", update={"workflow": info, "model_calls": calls})


async def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """RAG: retrieve passages, fit them and the history into the budget, compose a cited answer."""
    ctx = runtime.context
    if state.get("declined"):
        return {}  # `classify` already answered (unsure, unsupported or out of scope)
    if state.get("intent") == "statement":
        # The classifier said the user told us something: acknowledge it; `remember` queues it for extraction.
        return {"answer": ACKNOWLEDGEMENT, "citations": [], "outcome": "succeeded"}
    found = await search_for(ctx.knowledge, state["request"], k=ctx.retrieval_k)
    recalled = state.get("recalled") or {}
    # Memory first: what the user told us outranks documents for questions about them.
    remembered = memory_passages(recalled, start=1)
    passages = remembered + [
        {
            "index": len(remembered) + i + 1,
            "title": p.title,
            "source": p.source,
            "content": p.content,
            "chunk_id": p.chunk_id,
            "memory_id": None,
        }
        for i, p in enumerate(found)
    ]
    fitted = fit_context(
        system=ANSWER_SYSTEM,
        query=state["request"],
        passages=passages,
        history=state.get("history", []),
        budget=ctx.max_context_tokens,
    )
    history_text = "\n".join(f"{t['speaker']}: {t['content']}" for t in fitted.history)
    try:
        composed = await ctx.composer.compose(
            question=state["request"], passages=fitted.passages, memory=memory_text(recalled), history=history_text
        )
    except ModelCallError as exc:
        return {"answer": "", "error": str(exc), "outcome": "failed", "model_calls": {"compose_answer": 1}}
    if not composed.used and state.get("unheld"):
        # Nothing found, and nothing the deployment holds is about its topic: say so and what it can do.
        agents = [{"name": a.name, "description": a.description} for a in ctx.registry]
        text = unheld_question(state["request"], agents, state.get("unheld") or [])
        return {"answer": text, "outcome": "unsure", "model_calls": {"compose_answer": 1}}
    if not composed.used:
        # No passage supports an answer: say so as uncertainty, never as a confident "nothing on it".
        # The offline composer also says what the closest passage has and lacks (issue 9 point 2).
        honest = f"{no_evidence(state['request'])} {closest_miss(composed.text)}".strip()
        return {"answer": honest, "outcome": "unsure", "model_calls": {"compose_answer": 1}}
    by_index = {p["index"]: p for p in fitted.passages}
    # Marker [k] of the answer is the k-th citation listed (issue 9 point 6).
    # One listed source per document: chunks of one document share its marker.
    used = [i for i in composed.used if i in by_index]
    text, order = cite_in_order(composed.text, used, source_of={i: by_index[i]["source"] for i in used})
    citations = [
        {
            "source": by_index[i]["source"],
            "title": by_index[i]["title"],
            "chunk_id": by_index[i]["chunk_id"],
            "snippet": by_index[i]["content"][:200],
        }
        for i in order
    ]
    # What the answer cited or repeated of its recalled memories is reinforced in `remember` (memory_use).
    # An answer that cites its evidence yet says it is not sure (two memories disagree) is `unsure`.
    return {
        "answer": text,
        "citations": citations,
        "outcome": "unsure" if NOT_SURE in composed.text else "succeeded",
        "model_calls": {"compose_answer": 1},
    }


async def plan(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Ask the planner for a plan and validate it; invalid or repeated plans lead to a bounded replan."""
    ctx = runtime.context
    attempts = state.get("attempts", 0) + 1
    feedback = list(state.get("feedback", []))
    agents = [{"name": a.name, "description": a.description, "input_hint": a.input_hint} for a in ctx.registry]
    calls = {"plan": 1}
    if attempts == 1:
        lessons = await ctx.recollector.failures(user_id=state["user_id"], request=state["request"])
        feedback = [f"A similar request failed before: {lesson}" for lesson in lessons] + feedback
    try:
        new_plan = await ctx.planner.plan(
            request=state["request"], agents=agents, feedback=feedback, memory=planner_memory(state.get("recalled"))
        )
        problems = plan_problems(new_plan, ctx.registry)
    except Unsure as exc:  # the planner could not map the task onto the agents: say so, do not guess
        update = {"attempts": attempts, "error": str(exc), "outcome": "unsure", "model_calls": calls}
        return Command(goto="respond", update=update)
    except ModelCallError as exc:
        new_plan, problems = None, [f"The planner failed: {exc}"]
    if new_plan is not None and not problems and state.get("plan") == new_plan.model_dump() and feedback:
        problems = ["The planner proposed the same plan that just failed."]
        new_plan = None
    if problems:
        feedback += problems
        if attempts <= ctx.max_replans:
            _emit(runtime, event="replan", attempt=attempts, problems=problems)
            return Command(goto="plan", update={"attempts": attempts, "feedback": feedback, "model_calls": calls})
        error = "Could not make a valid plan: " + " ".join(problems)
        return Command(
            goto="respond",
            update={
                "attempts": attempts,
                "feedback": feedback,
                "error": error,
                "outcome": "failed",
                "model_calls": calls,
            },
        )
    assert new_plan is not None
    _emit(runtime, event="plan", steps=[s.model_dump() for s in new_plan.steps])
    return Command(
        goto="execute",
        update={
            "plan": new_plan.model_dump(),
            "attempts": attempts,
            "feedback": feedback,
            "model_calls": calls,
        },
    )


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
                request=state["request"],
                user_id=state["user_id"],
                session_id=state["session_id"],
                run_id=state["run_id"],
            ),
        )
        for s in ready
    ]
    return Command(goto=sends, update={"results": skipped} if skipped else {})


def agent_node(name: str) -> Callable[[StepTask, Runtime[Context]], Awaitable[dict[str, Any]]]:
    """The graph node for the sub-agent `name`: runs one step and stores its output under the step id."""

    async def run_step(task: StepTask, runtime: Runtime[Context]) -> dict[str, Any]:
        ctx = runtime.context
        step = task["step"]
        agent = ctx.registry.get(name)
        _emit(runtime, event="step_start", step=step["id"], agent=name, instruction=step["instruction"])
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
        _emit(
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


async def replan(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Turn the failed steps into feedback for the planner and clear the results for a fresh attempt."""
    results = state.get("results") or {}
    notes = [
        f"Step {k} ({v['agent']}) failed: {v.get('error')}. Try another approach or another agent."
        for k, v in results.items()
        if v.get("status") == "error" and not str(v.get("error", "")).startswith("skipped")
    ]
    _emit(runtime, event="replan", attempt=state.get("attempts", 1), problems=notes)
    update: dict[str, Any] = {"feedback": [*state.get("feedback", []), *notes], "results": None}
    workflow = state.get("workflow")
    if workflow and workflow.get("reused"):
        update["workflow"] = {**workflow, "failed": True}
    return update


def _task_answer(state: State) -> str:
    steps = Plan.model_validate(state["plan"]).steps if state.get("plan") else []
    results = state.get("results") or {}
    if state.get("outcome") == "refused":
        return str(state.get("error") or "Refused: the SQL agent only reads data. Nothing was changed.")
    if state.get("outcome") == "unsure":
        return str(state.get("error") or "I am not sure what this request asks for, so I did not answer it.")
    if state.get("outcome") != "succeeded":
        done = [f"step {s.id} ({s.agent}) succeeded" for s in steps if results.get(s.id, {}).get("status") == "ok"]
        partial = f" What did work: {'; '.join(done)}." if done else ""
        return f"I could not complete the task. {state.get('error') or 'A step failed.'}{partial}"
    needed = {d for s in steps for d in s.depends_on}
    finals = [results[s.id]["summary"] for s in steps if s.id not in needed and s.id in results]
    return "\n\n".join(f for f in finals if f)


async def respond(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Assemble the final answer, citations and artefacts of the run."""
    if state.get("intent") != "task" or state.get("declined"):  # an answer, an acknowledgement or a decline
        text = state.get("answer") or f"I could not answer: {state.get('error')}"
        return {"answer": _with_reading(text, state)}
    results = state.get("results") or {}
    citations = [c for r in results.values() for c in r.get("citations", [])]
    artifacts = [a for r in results.values() for a in r.get("artifacts", [])]
    return {"answer": _with_reading(_task_answer(state), state), "citations": citations, "artifacts": artifacts}


def _with_reading(text: str, state: State) -> str:
    """The answer followed by the misspelt words `classify` read as others, so the user can check them."""
    read_as = state.get("read_as") or []
    return f"{text}\n\n(I read {', '.join(read_as)}.)" if read_as and not state.get("declined") else text


def _typed(state: State) -> str | None:
    """The user's words as typed when `classify` only corrected some ("'chai' as 'chain'", word for word), for fact
    extraction; else None, and the request is used (a follow-up's full request, or a run checkpointed before `said`
    existed)."""
    said = state.get("said")
    spelling_only = said and len(said.split()) == len(state["request"].split())
    return said if spelling_only and state.get("read_as") else None


async def remember(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Write the round to memory (log, stream, queued extraction); learn or score the workflow of a task run."""
    ctx = runtime.context
    if not ctx.learn:
        return {}  # a replay: the original run already wrote and learned all of this
    try:
        scored = await ctx.importance.score(content=state["request"], kind="observation", metadata={"speaker": "user"})
    except ModelCallError:
        # The turn must be remembered even when the model cannot score it: the rules score it instead.
        scored = await FALLBACK_IMPORTANCE.score(content=state["request"], kind="observation", metadata={})
    # The round and the second stage of reinforcement (what the answer, plan and steps used of the recalled
    # memories) are independent writes: side by side, on two connections, instead of one after the other.
    await asyncio.gather(
        record_turn(
            ctx.memory,
            user_id=state["user_id"],
            session_id=state["session_id"],
            run_id=state["run_id"],
            request=state["request"],
            answer=state.get("answer", ""),
            importance=scored.score,
            told=state.get("intent") == "statement" and not state.get("declined"),
            typed=_typed(state),
        ),
        record_memory_use(state, ctx.memory, ctx.registry),
    )
    update: dict[str, Any] = {"model_calls": {"score_importance": 1}}
    if state.get("intent") == "task":
        update["workflow"] = await learn(state, ctx)
    return update
