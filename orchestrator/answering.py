"""The `answer` node: a question answered from the documents and memory with cited passages (RAG), a statement
acknowledged (`remember` queues it for extraction)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.budget import FittedContext, fit_context
from cognicore.orchestrator.change_preview import acknowledge
from cognicore.orchestrator.closing import _typed
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.honesty import no_evidence, unheld_question
from cognicore.orchestrator.recollection import memory_passages, memory_text
from cognicore.orchestrator.state import State
from cognicore.subagents._answer_absence import documented_absence
from cognicore.subagents._memory_untold import told_near, untold_answer
from cognicore.subagents.compose import cite_in_order, closest_miss, unanswered_context
from cognicore.subagents.compose_llm import ComposedAnswer
from cognicore.subagents.memory_answer import NOT_SURE, is_memory
from cognicore.subagents.rag_query import search_for

__all__ = ["ACKNOWLEDGEMENT", "ANSWER_SYSTEM", "answer"]

ACKNOWLEDGEMENT = "Noted. I will remember that."

# The answer node's system prompt, counted in the context budget (the composer adds its own wording).
ANSWER_SYSTEM = "Answer from the passages and the conversation; cite passages by number; never invent facts."


async def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """RAG: retrieve passages, fit them and the history into the budget, compose a cited answer."""
    ctx = runtime.context
    if state.get("declined"):
        return {}  # `classify` already answered (unsure, unsupported or out of scope)
    if state.get("intent") == "statement":
        # The classifier said the user told us something: acknowledge it; `remember` queues it for extraction.
        if ctx.engine != "offline":
            return {"answer": ACKNOWLEDGEMENT, "citations": [], "outcome": "succeeded"}
        # Offline, the acknowledgement says what that extraction will replace, or that a change replaced nothing
        # it could find (unsure), read from the same words the job reads.
        said = _typed(state) or state["request"]
        told = await acknowledge(ctx.memory.facts, state["user_id"], said, ACKNOWLEDGEMENT)
        return {"answer": told.text, "citations": [], "outcome": told.outcome}
    offline = ctx.engine == "offline"  # rules never run on the model path
    try:
        composed, fitted = await _compose(state, ctx, state["request"])
        said = " ".join((state.get("said") or "").split())
        longer = len(said) > len(" ".join(state["request"].split()))
        if not composed.used and offline and longer and not state.get("followup"):
            # "The VPN won't connect. What should I check first?": the asked part alone names no subject; the
            # sentence told before it does, so the whole message is read when the part finds nothing.
            whole, refitted = await _compose(state, ctx, said)
            if whole.used:
                composed, fitted = whole, refitted
        elif composed.used and offline and longer and not state.get("followup"):
            # "We're sailing to the Outer Isles. How long ...?": an answer to the asked part alone that never
            # says what was told around it may be another place's rule; the whole message is read, and a name it
            # sets that no answer covers leaves the answer unsure.
            if missed := unanswered_context(said, state["request"], composed.text):
                whole, refitted = await _compose(state, ctx, said)
                if whole.used or any(w[:1].isupper() for w in missed):
                    composed, fitted = whole, refitted
    except ModelCallError as exc:
        return {"answer": "", "error": str(exc), "outcome": "failed", "model_calls": {"compose_answer": 1}}
    agents = [{"name": a.name, "description": a.description} for a in ctx.registry]
    recalled = state.get("recalled")
    if (
        not composed.used
        and offline
        and (
            untold := await untold_answer(
                ctx.memory.facts,
                ctx.memory.stream,
                state["user_id"],
                state["request"],
                recalled,
                [str(p["content"]) for p in fitted.passages if not is_memory(p)],  # the documents retrieved
            )
        )
    ):
        # "what's my quota?" and nothing the user told, current or past, mentions a quota: said plainly, checked.
        return {"answer": untold, "citations": [], "outcome": "succeeded", "model_calls": {"compose_answer": 1}}
    if not composed.used and state.get("unheld"):
        # Nothing found, and nothing the deployment holds is about its topic: say so and what it can do.
        text = unheld_question(state["request"], agents, state.get("unheld") or [])
        return {"answer": text, "outcome": "unsure", "model_calls": {"compose_answer": 1}}
    if (
        not composed.used
        and offline
        and not told_near(state["request"], recalled)  # "what's my mobile number?" after "My cell is ...": memory's
        and (absent := await documented_absence(ctx.knowledge, state["request"]))
    ):
        # The whole corpus shows the documents name the subject but never the asked thing: said plainly.
        cited = [
            {"source": p.source, "title": p.title, "chunk_id": p.chunk_id, "snippet": p.content[:200]}
            for p in absent.passages
        ]
        return {"answer": absent.text, "citations": cited, "outcome": "succeeded", "model_calls": {"compose_answer": 1}}
    if not composed.used:
        # No passage supports an answer: say so as uncertainty, never as a confident "nothing on it".
        # The offline composer also says what the closest passage has and lacks (issue 9 point 2).
        honest = f"{no_evidence(state['request'], agents)} {closest_miss(composed.text)}".strip()
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


async def _compose(state: State, ctx: Context, question: str) -> tuple[ComposedAnswer, FittedContext]:
    """Retrieve passages for `question`, fit them, memory and the history into the budget, compose a cited answer."""
    found = await search_for(ctx.knowledge, question, k=ctx.retrieval_k)
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
        query=question,
        passages=passages,
        history=state.get("history", []),
        budget=ctx.max_context_tokens,
    )
    history_text = "\n".join(f"{t['speaker']}: {t['content']}" for t in fitted.history)
    composed = await ctx.composer.compose(
        question=question, passages=fitted.passages, memory=memory_text(recalled), history=history_text
    )
    return composed, fitted
