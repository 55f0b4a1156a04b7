"""What the graph writes to long-term memory: turns, tool calls and results, failures and their lessons.

Every path that reads memory also writes what it did: the `remember` node writes the turn and queues
fact extraction (in the same transaction, so neither is lost), each sub-agent step writes its tool call
and result, and a failed step writes a reflexion thought the planner reads next time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.embeddings import Embeddings
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.conversation import ConversationLog
from cognicore.memory.facts import FactStore
from cognicore.memory.importance import ImportanceScorer
from cognicore.memory.jobs import enqueue_turn
from cognicore.memory.lifecycle_config import Perspective
from cognicore.memory.stream import MemoryStream
from cognicore.memory.stream_types import NewMemory
from cognicore.memory.tenancy import user_transaction

TOOL_CALL_IMPORTANCE = 3
TOOL_RESULT_IMPORTANCE = 4
FAILURE_IMPORTANCE = 8
MAX_CONTENT = 4_000  # characters of a tool result kept in the stream; the full output is in the run record


@dataclass(frozen=True)
class Memory:
    """The long-term memory a run reads and writes."""

    pool: AsyncConnectionPool
    conversations: ConversationLog
    stream: MemoryStream
    facts: FactStore
    importance: ImportanceScorer
    embeddings: Embeddings


def _clip(text: str) -> str:
    return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"


async def record_turn(
    memory: Memory,
    *,
    user_id: str,
    session_id: str,
    run_id: str,
    request: str,
    answer: str,
    importance: int,
    told: bool | None = None,
    typed: str | None = None,
    told_part: str = "",
) -> int:
    """Write the round to the conversation log, queue its fact extraction and add the request and the answer to
    the memory stream as observations, atomically (one transaction). Returns the round number. `told`: the request
    was routed as a statement (True) or not (False), which the offline extractor trusts for notes. `typed`: the
    request as typed, when `request` is the classifier's reading of it: facts are extracted from the user's own
    words, never from a spelling correction ("chai" is no "chain"). `told_part`: what the message told beside what it
    asked ("I joined the network team today, so how many ... ?"), queued as told instead of the whole message, so it
    is kept."""
    said, answered = _clip(request), _clip(answer or "(no answer)")
    # Embedded first (a remote embedder must not hold the transaction open); then the round, its queued
    # extraction and both observations in one transaction, pipelined: BEGIN, the tenant and the statements
    # travel together up to each result the code reads.
    said_vector, answered_vector = await memory.embeddings.aembed_documents([said, answered])
    async with user_transaction(memory.pool, user_id, pipeline=True) as conn:
        round_no = await memory.conversations.append_round(
            user_id=user_id, session_id=session_id, request=request, answer=answer, run_id=run_id, conn=conn
        )
        await enqueue_turn(
            conn,
            user_id=user_id,
            session_id=session_id,
            round=round_no,
            # A told part beside a question is what there is to extract, as told; the question itself tells nothing,
            # and queuing the whole message too would extract the told fact twice (as if said twice).
            user_message=told_part or typed or request,
            assistant_message=answer,
            told=True if told_part else told,
        )
        meta = {"run_id": run_id, "round": round_no}
        await memory.stream.add(
            user_id,
            [
                NewMemory(
                    kind="observation",
                    content=said,
                    importance=importance,
                    session_id=session_id,
                    metadata={**meta, "speaker": "user"},
                    embedding=said_vector,
                ),
                NewMemory(
                    kind="observation",
                    content=answered,
                    importance=max(1, importance - 1),
                    session_id=session_id,
                    metadata={**meta, "speaker": "assistant"},
                    embedding=answered_vector,
                ),
            ],
            conn=conn,
        )
    return round_no


async def record_step(
    memory: Memory, *, user_id: str, session_id: str, run_id: str, step: dict[str, Any], output: dict[str, Any]
) -> list[int]:
    """The tool call a step made and the result it got, linked by provenance."""
    meta = {"run_id": run_id, "step": step["id"], "agent": step["agent"], "status": output["status"]}
    failed = output["status"] == "error"
    call = f"{step['agent']}: {_clip(step['instruction'])}"
    result = f"{step['agent']} failed: {output.get('error')}" if failed else _clip(output.get("summary") or "(empty)")
    # One embedding request and one transaction for both; the result derives from the call (`chain`).
    call_vector, result_vector = await memory.embeddings.aembed_documents([call, result])
    call_id, result_id = await memory.stream.add(
        user_id,
        [
            NewMemory(
                kind="tool_call",
                content=call,
                importance=TOOL_CALL_IMPORTANCE,
                session_id=session_id,
                metadata=meta,
                embedding=call_vector,
            ),
            NewMemory(
                kind="tool_result",
                content=result,
                session_id=session_id,
                metadata=meta,
                importance=FAILURE_IMPORTANCE if failed else TOOL_RESULT_IMPORTANCE,
                embedding=result_vector,
            ),
        ],
        chain=True,
    )
    return [call_id, result_id]


async def record_failure(
    memory: Memory, *, user_id: str, session_id: str, run_id: str, request: str, step: dict[str, Any], error: str
) -> int:
    """A reflexion thought: what failed, for which request, and what to try instead."""
    lesson = (
        f"For the request {request!r}, step {step['id']} ({step['agent']}) failed: {error}. "
        f"Next time avoid {step['agent']} for this, or rephrase its instruction more specifically."
    )
    (thought_id,) = await memory.stream.add(
        user_id,
        [
            NewMemory(
                kind="thought",
                content=_clip(lesson),
                importance=FAILURE_IMPORTANCE,
                session_id=session_id,
                metadata={
                    "run_id": run_id,
                    "step": step["id"],
                    "agent": step["agent"],
                    "status": "error",
                    "reflexion": True,
                },
            ),
        ],
    )
    return thought_id


async def past_failures(
    memory: Memory, *, user_id: str, request: str, k: int = 3, perspective: Perspective | None = None
) -> list[str]:
    """Reflexion thoughts about similar requests that failed before, for the planner to avoid (searched from
    the planner's `perspective`)."""
    hits = await memory.stream.search(user_id, request, k=10, kinds=["thought"], perspective=perspective)
    return [h.content for h in hits if h.metadata.get("reflexion")][:k]
