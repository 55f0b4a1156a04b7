"""The nodes that end a run: `respond` (the answer, citations and artefacts) and `remember` (the round written to
memory, the workflow of a task learned or scored)."""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.runtime import Runtime

from cognicore.memory.importance import OfflineImportanceScorer
from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.journal import record_turn
from cognicore.orchestrator.learning import learn
from cognicore.orchestrator.memory_use import record_memory_use
from cognicore.orchestrator.state import State
from cognicore.subagents.types import Plan

__all__ = ["remember", "respond"]

FALLBACK_IMPORTANCE = OfflineImportanceScorer()


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
    """The answer followed by the misspelt words `classify` read as others, so the user can check them, and the parts
    of the message it set aside as no agent's work."""
    if state.get("declined"):
        return text
    read_as = state.get("read_as") or []
    text = f"{text}\n\n(I read {', '.join(read_as)}.)" if read_as else text
    aside = ", ".join(f'"{p.strip(" .,;:!?")}"' for p in state.get("set_aside") or [])
    note = f"(Set aside: {aside}: not a thing my agents do; they answer questions from the data and the documents.)"
    return f"{text}\n\n{note}" if aside else text


def _typed(state: State) -> str | None:
    """The user's words as typed when `classify` re-read them without resolving a follow-up (a spelling fixed, a wish
    unwrapped, the question of a message that also tells), for fact extraction: memory keeps what the user said, told
    parts included. None when nothing was re-read, for a follow-up (its full request is extracted) or for a run
    checkpointed before `said` existed."""
    said = state.get("said")
    reread = bool(said) and (said or "").strip() != state["request"].strip()
    return said if reread and not state.get("followup") else None


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
            told_part="" if state.get("intent") == "statement" else state.get("told_part") or "",
        ),
        record_memory_use(state, ctx.memory, ctx.registry),
    )
    update: dict[str, Any] = {"model_calls": {"score_importance": 1}}
    if state.get("intent") == "task":
        update["workflow"] = await learn(state, ctx)
    return update
