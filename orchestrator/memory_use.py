"""Two-stage reinforcement of a finished run: which recalled memories each path was shown, and which it used.

A run reads long-term memory once (`recall`) and carries it to the answer composer or to the planner, whose
plan carries it into the steps. At the end of the run each path that had the memory in hand is recorded
with what its own output used (`memory.usage`: the seed's keyword method by default): the answer (plus what
it cited), the plan or the reused workflow's plan (the orchestrator's perspective), and each step's output
(the perspective of the step's agent). Being recalled counts apart (the search's candidate counts).

The recall itself is a search made for the orchestrator: `search_perspective` gives the perspective it ranks
by (the one its reads are then reinforced from) and expands the query with that perspective's keywords when
the request signals it. The failure lessons shown to the planner are a plan read of their own: a task that
then succeeded used them, and they gain the seed's prevented-error impact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cognicore.memory.lifecycle import MemoryRead
from cognicore.memory.lifecycle_config import LifecycleConfig, Perspective
from cognicore.memory.text import terms
from cognicore.memory.usage import learning, used_memories
from cognicore.orchestrator.journal import Memory
from cognicore.orchestrator.state import State
from cognicore.subagents.registry import Registry

__all__ = [
    "LESSON_PREFIX",
    "ORCHESTRATOR",
    "ORCHESTRATOR_PERSPECTIVES",
    "agent_perspectives",
    "memory_reads",
    "pick_perspective",
    "record_memory_use",
    "search_perspective",
]

ORCHESTRATOR = "orchestrator"
"""The name the orchestrator's own perspectives go by (in `LifecycleConfig.perspectives` too)."""

ORCHESTRATOR_PERSPECTIVES = (
    Perspective(name="planning", keywords=("plan", "steps", "failed before", "avoid", "prefer", "usually")),
)
"""What the orchestrator reads memory for: how to plan the user's requests (their habits, past failures)."""


def agent_perspectives(name: str, registry: Registry | None, config: LifecycleConfig) -> tuple[Perspective, ...]:
    """The perspectives of agent `name`: the settings' when given, else what the agent declares."""
    if name in config.perspectives:
        return config.perspectives[name]
    if name == ORCHESTRATOR:
        return ORCHESTRATOR_PERSPECTIVES
    if registry is not None and name in registry:
        # Declaring perspectives is optional for a sub-agent (a class attribute `perspectives`).
        return tuple(getattr(registry.get(name), "perspectives", ()))
    return ()


def pick_perspective(perspectives: Sequence[Perspective], text: str) -> str | None:
    """The perspective whose keywords the text mentions most (the first on a tie), None without any."""
    if not perspectives:
        return None
    words = set(terms(text))
    scored = [
        (sum(1 for k in p.keywords if set(terms(k)) <= words and terms(k)), -i, p.name)
        for i, p in enumerate(perspectives)
    ]
    return max(scored)[2]


def search_perspective(perspectives: Sequence[Perspective], text: str) -> Perspective | None:
    """The perspective a search for `text` is made from (the one `pick_perspective` reinforces).

    Ranking uses its strength always; its keywords expand the query only when `text` mentions one of them,
    so a request about something else is not diluted with words it never said.
    """
    name = pick_perspective(perspectives, text)
    if name is None:
        return None
    chosen = next(p for p in perspectives if p.name == name)
    words = set(terms(text))
    signalled = any(terms(k) and set(terms(k)) <= words for k in chosen.keywords)
    return chosen if signalled else Perspective(name=chosen.name)


LESSON_PREFIX = "A similar request failed before: "
"""How the planner is shown a failure lesson (`nodes.plan` puts these in the state's `feedback`)."""


def _cited_memories(citations: Sequence[Mapping[str, Any]]) -> list[int]:
    ids = []
    for c in citations:
        source = str(c.get("source", ""))
        if source.startswith("memory:") and source[len("memory:") :].isdigit():
            ids.append(int(source[len("memory:") :]))
    return ids


def _learnings(candidates: Sequence[tuple[int, str]], used: Sequence[int], output: str) -> tuple[tuple[int, str], ...]:
    """For each used memory, the sentence of `output` it shaped (what it taught this path)."""
    texts = dict(candidates)
    found = ((mid, learning(texts[mid], output)) for mid in used if mid in texts)
    return tuple((mid, text) for mid, text in found if text)


async def memory_reads(
    state: State, memory: Memory, registry: Registry | None, config: LifecycleConfig
) -> list[MemoryRead]:
    """The run's reads of memory by path, with what each output used."""
    episodes = (state.get("recalled") or {}).get("episodes", [])
    candidates = [(int(e["id"]), str(e["text"])) for e in episodes]
    ids = tuple(mid for mid, _ in candidates)
    embeddings = memory.embeddings
    reads: list[MemoryRead] = []
    intent = state.get("intent")
    if intent == "question":
        answer = state.get("answer") or ""
        found = set(await used_memories(candidates, [answer], config, embeddings))
        found |= set(_cited_memories(state.get("citations") or [])) & set(ids)
        orchestrator = pick_perspective(agent_perspectives(ORCHESTRATOR, registry, config), state["request"])
        used_ids = tuple(sorted(found))
        reads.append(MemoryRead("answer", ids, used_ids, orchestrator, _learnings(candidates, used_ids, answer)))
    elif intent == "task" and (plan := state.get("plan")):
        steps = plan.get("steps", [])
        plan_text = "\n".join(str(s.get("instruction", "")) for s in steps)
        path = "reuse" if (state.get("workflow") or {}).get("reused") else "plan"
        used = await used_memories(candidates, [plan_text], config, embeddings)
        orchestrator = pick_perspective(agent_perspectives(ORCHESTRATOR, registry, config), state["request"])
        reads.append(MemoryRead(path, ids, tuple(used), orchestrator, _learnings(candidates, used, plan_text)))
        results = state.get("results") or {}
        for step in steps:
            result = results.get(step.get("id"), {})
            if result.get("status") != "ok":
                continue
            agent = str(step.get("agent", ""))
            output = str(result.get("summary", ""))
            used = await used_memories(candidates, [output], config, embeddings)
            perspective = pick_perspective(agent_perspectives(agent, registry, config), step.get("instruction", ""))
            reads.append(MemoryRead("step", ids, tuple(used), perspective, _learnings(candidates, used, output)))
    return reads


async def record_memory_use(state: State, memory: Memory, registry: Registry | None) -> list[int]:
    """Record the run's memory reads and reinforce what it used (once per memory); returns those ids."""
    lifecycle = memory.stream.lifecycle
    reads = await memory_reads(state, memory, registry, lifecycle.config)
    succeeded = state.get("outcome") == "succeeded"
    lessons = await _lesson_read(state, memory, registry, lifecycle.config, succeeded=succeeded)
    if lessons is not None:
        reads.append(lessons)
    if not reads:
        return []
    reinforced = await lifecycle.record_run(state["user_id"], reads, run_id=state.get("run_id"), succeeded=succeeded)
    if lessons is not None and lessons.used_ids:
        # Seed 002, 4.4: a lesson that helped a task succeed "contributed to error prevention".
        await lifecycle.add_impact(state["user_id"], lessons.used_ids, lifecycle.config.impact_prevented_error)
    return reinforced


async def _lesson_read(
    state: State, memory: Memory, registry: Registry | None, config: LifecycleConfig, *, succeeded: bool
) -> MemoryRead | None:
    """The planner's read of past failure lessons: all were candidates; a task that succeeded used them."""
    shown = [f[len(LESSON_PREFIX) :] for f in state.get("feedback") or [] if f.startswith(LESSON_PREFIX)]
    if not shown or state.get("intent") != "task":
        return None
    ids = tuple(await memory.stream.lifecycle.lesson_ids(state["user_id"], shown))
    if not ids:
        return None
    orchestrator = pick_perspective(agent_perspectives(ORCHESTRATOR, registry, config), state["request"])
    return MemoryRead("plan", ids, ids if succeeded else (), orchestrator)
