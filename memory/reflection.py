"""The `reflect` role: higher-level statements synthesised from recent memories, each citing its sources.

`reflect_if_due` runs it when the summed importance of the memories written since the last reflection
passes a threshold (Park et al., "Generative Agents", 2023) or when forced, and writes each reflection to
the memory stream as `kind='reflection'` with `source_ids`, so `cognicore memory explain` can walk from a
reflection down to the observations it came from.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any, Protocol

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_transaction
from cognicore.memory.text import STOPWORDS, stem, words

ROLE = "reflect"
MAX_ITEMS = 5


class ReflectionItem(BaseModel):
    """One insight that the memories support together, and which memories support it."""

    statement: str = Field(
        min_length=1,
        description="A general, reusable insight in one sentence, e.g. 'Requests about revenue by region "
        "usually need the sales database' or 'Step X failed twice because Y; try Z'. Not a summary of a "
        "single memory.",
    )
    source_ids: list[int] = Field(min_length=1, description="The ids of the memories this insight is drawn from.")
    importance: int = Field(ge=1, le=10, description="How useful the insight is later, 1 to 10.")


class Reflections(BaseModel):
    """A few high-level insights drawn from the recent memories; empty when nothing general stands out."""

    items: list[ReflectionItem] = Field(default_factory=list, description="At most five insights, best first.")


class Reflector(Protocol):
    """Synthesises reflections from memories (dicts with id, kind, content, importance, metadata)."""

    async def reflect(self, *, memories: list[dict[str, Any]], max_items: int = MAX_ITEMS) -> Reflections: ...


# Used by `LlmReflector` (`reflect_if_due`, `cognicore memory reflect`); pairs with `Reflections`.
REFLECT_PROMPT = """You are the reflection step of an assistant's long-term memory.
Read the recent memories (observations of what the user said, the assistant's thoughts, tool calls and
tool results, each with an id) and write at most {max_items} high-level insights that would help the
assistant next time: recurring needs of the user, which tools serve which kinds of request, what failed
and why, and what to do instead. Each insight must be supported by several memories; cite their ids.
Do not restate a single memory. Return no insights when nothing general stands out."""

_FAILURE_RE = re.compile(
    r"\b(?:error|failed|failure|exception|timed? ?out|could not|unable to|refused|invalid)\b", re.I
)
_CAUSE_RE = re.compile(r"(?:error|failed|failure|because|exception)\s*[:\-]?\s*(?P<cause>.+)$", re.I)
_GENERIC = frozenset(
    stem(w)
    for w in "step agent request user result call tool error fail failed failure query question answer show "
    "give write make get find need want like use using run ran please thing things".split()
)
TOOL_KEYS = ("agent", "tool", "step_agent", "name")
DEFAULT_THRESHOLD = 100
"""Summed importance of unreflected memories that makes a reflection due (Park et al. used 150)."""

TRY_LOCK = "SELECT pg_try_advisory_xact_lock(hashtext(%s)) AS locked"
# The newest memory already reflected on: the state row, or a reflection's own record of it (written in
# the same transaction as the reflection, so a crash before the state is saved cannot reflect twice).
LAST_REFLECTED = """
SELECT greatest(
    (SELECT last_memory_id FROM reflection_state WHERE user_id = %(user_id)s),
    (SELECT max((metadata->>'reflected_through')::bigint) FROM memories
     WHERE user_id = %(user_id)s AND kind = 'reflection'),
    0) AS last"""
UNREFLECTED_TOTAL = """
SELECT count(*)::int AS n, coalesce(sum(importance), 0)::int AS importance, max(id) AS newest
FROM memories
WHERE user_id = %(user_id)s AND id > %(after)s AND kind <> 'reflection' AND status = 'active'"""
UNREFLECTED = """
SELECT id, kind, content, importance, session_id, metadata, source_ids, created_at
FROM memories
WHERE user_id = %(user_id)s AND id > %(after)s AND kind <> 'reflection' AND status = 'active'
ORDER BY id DESC
LIMIT %(limit)s"""
SAVE_STATE = """
INSERT INTO reflection_state (user_id, last_memory_id) VALUES (%(user_id)s, %(through)s)
ON CONFLICT (user_id) DO UPDATE
    SET last_memory_id = greatest(reflection_state.last_memory_id, excluded.last_memory_id),
        reflected_at = now()"""
"""Metadata keys, in order, that name the sub-agent or tool of a tool_call / tool_result / failure memory."""


class OfflineReflector:
    """Deterministic reflection: repeated failures, which tool serves which topic, and recurring topics."""

    async def reflect(self, *, memories: list[dict[str, Any]], max_items: int = MAX_ITEMS) -> Reflections:
        memories = sorted(memories, key=lambda m: int(m["id"]))
        items = [*_failures(memories), *_tool_topics(memories), *_recurring_topics(memories)]
        # Best supported first; ties in a fixed order so the output never varies between runs.
        items.sort(key=lambda i: (-i.importance, -len(i.source_ids), i.statement))
        unique: dict[str, ReflectionItem] = {}
        for item in items:
            unique.setdefault(item.statement, item)
        return Reflections(items=list(unique.values())[:max_items])


class LlmReflector(LlmRole[Reflections]):
    """Reflection by a chat model with structured output."""

    role = ROLE
    max_chars = 2_000
    schema = Reflections
    prompt = REFLECT_PROMPT

    async def reflect(self, *, memories: list[dict[str, Any]], max_items: int = MAX_ITEMS) -> Reflections:
        listing = "\n".join(
            f"[{m['id']}] ({m.get('kind', 'observation')}, importance {m.get('importance', '?')}) "
            f"{str(m.get('content', ''))[:400]}"
            for m in memories[-150:]
        )
        result = await self.ask(f"Recent memories:\n{listing}", system=REFLECT_PROMPT.format(max_items=max_items))
        return Reflections(items=result.items[:max_items])


def tool_of(memory: dict[str, Any]) -> str | None:
    """The sub-agent or tool a memory is about, from its metadata."""
    metadata = memory.get("metadata") or {}
    for key in TOOL_KEYS:
        if isinstance(metadata.get(key), str) and metadata[key].strip():
            return str(metadata[key]).strip()
    return None


def _importance(sources: Iterable[dict[str, Any]]) -> int:
    values = [int(m.get("importance") or 5) for m in sources]
    return max(1, min(10, round(sum(values) / max(len(values), 1)) + 1))


def _is_failure(memory: dict[str, Any]) -> bool:
    metadata = memory.get("metadata") or {}
    if metadata.get("status") in ("error", "failed"):
        return True
    return memory.get("kind") in ("thought", "tool_result") and bool(_FAILURE_RE.search(str(memory["content"])))


def _failures(memories: list[dict[str, Any]]) -> list[ReflectionItem]:
    """ "Step X failed N times; the last time because ..." for every tool that failed at least twice."""
    by_tool: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for m in memories:
        if _is_failure(m):
            by_tool[tool_of(m) or "an unnamed step"].append(m)
    items = []
    for tool, group in sorted(by_tool.items()):
        if len(group) < 2:
            continue
        cause = _CAUSE_RE.search(str(group[-1]["content"]))
        because = cause["cause"].strip().rstrip(".")[:160] if cause else str(group[-1]["content"])[:160]
        named = set(words(tool))
        shared = [t for t in _shared_terms(group, minimum=len(group)) if t not in named]
        common = f" Every failure mentions {_join(shared[:3])}." if shared else ""
        statement = f"Step {tool} failed {len(group)} times recently; the last time because: {because}.{common}"
        items.append(
            ReflectionItem(statement=statement, source_ids=[m["id"] for m in group], importance=_importance(group))
        )
    return items


def _tool_topics(memories: list[dict[str, Any]]) -> list[ReflectionItem]:
    """ "Requests about X usually need the Y agent": terms shared by the requests that led to a tool."""
    by_tool: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for m in memories:
        if m.get("kind") in ("tool_call", "tool_result") and not _is_failure(m) and (tool := tool_of(m)):
            by_tool[tool].append(m)
    items = []
    for tool, uses in sorted(by_tool.items()):
        runs = {_run_key(m) for m in uses}
        requests = [m for m in memories if m.get("kind") == "observation" and _run_key(m) in runs]
        # Only count a tool used in two separate runs or sessions: one run says nothing about "usually".
        if len(runs) < 2 or len(requests) < 2:
            continue
        shared = _shared_terms(requests, minimum=2)
        if not shared:
            continue
        sources = sorted({m["id"] for m in [*requests, *uses]})
        picked = [m for m in memories if m["id"] in sources]
        statement = f"Requests about {_join(shared[:3])} usually need the {tool} agent ({len(runs)} runs)."
        items.append(ReflectionItem(statement=statement, source_ids=sources, importance=_importance(picked)))
    return items


def _recurring_topics(memories: list[dict[str, Any]]) -> list[ReflectionItem]:
    """ "The user keeps coming back to X": a term in at least three of the user's messages."""
    observations = [m for m in memories if m.get("kind") == "observation"]
    if len(observations) < 3:
        return []
    groups: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for term, found in _term_index(observations).items():
        if len(found) >= 3:
            groups[tuple(sorted(found))].append(term)
    items = []
    for ids, terms in sorted(groups.items(), key=lambda g: (-len(g[0]), g[1])):
        picked = [m for m in observations if m["id"] in ids]
        statement = f"The user keeps coming back to {_join(sorted(terms)[:3])} ({len(ids)} messages)."
        items.append(ReflectionItem(statement=statement, source_ids=list(ids), importance=_importance(picked)))
    return items[:2]


def _run_key(memory: dict[str, Any]) -> str:
    metadata = memory.get("metadata") or {}
    return str(metadata.get("run_id") or memory.get("session_id") or metadata.get("session_id") or "")


def _term_index(memories: list[dict[str, Any]]) -> dict[str, set[int]]:
    """Readable salient word -> ids of the memories containing it (words grouped by their stem)."""
    index: dict[str, set[int]] = defaultdict(set)
    spelled: dict[str, Counter[str]] = defaultdict(Counter)
    for m in memories:
        for word in words(str(m.get("content", ""))):
            if word in STOPWORDS or len(word) < 3 or word.isdigit():
                continue
            key = stem(word)
            if key in _GENERIC:
                continue
            index[key].add(int(m["id"]))
            spelled[key][word] += 1
    # The most frequent spelling names the stem, the alphabetically first on ties.
    return {min(spelled[k].items(), key=lambda kv: (-kv[1], kv[0]))[0]: ids for k, ids in index.items()}


def _shared_terms(memories: list[dict[str, Any]], *, minimum: int) -> list[str]:
    """Words in at least `minimum` of `memories`, most widespread first."""
    index = _term_index(memories)
    shared = [(len(ids), term) for term, ids in index.items() if len(ids) >= minimum]
    return [term for _, term in sorted(shared, key=lambda p: (-p[0], p[1]))]


def _join(terms: list[str]) -> str:
    return terms[0] if len(terms) == 1 else ", ".join(terms[:-1]) + " and " + terms[-1]


async def reflect_if_due(
    stream: MemoryStream,
    reflector: Reflector,
    user_id: str,
    *,
    pool: AsyncConnectionPool,
    threshold: int = DEFAULT_THRESHOLD,
    force: bool = False,
    limit: int = 200,
    max_items: int = MAX_ITEMS,
) -> list[int]:
    """Reflect on the memories written since the last reflection when their summed importance reaches
    `threshold` (or when `force`d and there is anything new); return the ids of the new reflections.

    The newest `limit` unreflected memories are given to `reflector`; each reflection is stored with the
    subset of its `source_ids` that were among them (an item citing none is dropped), and everything up
    to the newest memory counts as reflected on, even when no insight came out. A reflection already
    running for the user makes this one return `[]`. `pool` must allow two connections at once.
    """
    async with user_transaction(pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(TRY_LOCK, (f"reflect:{user_id}",))
        if not (await cur.fetchone() or {}).get("locked"):
            return []
        await cur.execute(LAST_REFLECTED, {"user_id": user_id})
        after = int((await cur.fetchone() or {}).get("last") or 0)
        await cur.execute(UNREFLECTED_TOTAL, {"user_id": user_id, "after": after})
        pending = await cur.fetchone() or {}
        if not pending.get("n") or (not force and pending["importance"] < threshold):
            return []
        through = int(pending["newest"])
        await cur.execute(UNREFLECTED, {"user_id": user_id, "after": after, "limit": limit})
        memories = [
            {**r, "created_at": r["created_at"].isoformat(), "source_ids": list(r["source_ids"] or [])}
            for r in reversed(await cur.fetchall())
        ]
        result = await reflector.reflect(memories=memories, max_items=max_items)
        known = {int(m["id"]) for m in memories}
        metadata = {"reflected_through": through, "reflector": type(reflector).__name__}
        items = [
            NewMemory(
                kind="reflection",
                content=item.statement,
                importance=item.importance,
                source_ids=tuple(sorted(set(item.source_ids) & known)),
                metadata=metadata,
            )
            for item in result.items
            if set(item.source_ids) & known
        ]
        ids = await stream.add(user_id, items) if items else []
        await cur.execute(SAVE_STATE, {"user_id": user_id, "through": through})
    return ids
