"""Benchmark of the orchestrator on the offline engine (prints figures; not a test).

    python bench/orchestrator.py [--runs 20]

Measures, on an embedded PostgreSQL (or DATABASE_URL):
- latency of a knowledge question and of the demo report task (median and p95);
- the framework's overhead per graph step, against a bare LangGraph graph of the same shape
  (same node names, same Send fan-out, same Postgres checkpointer, no-op nodes);
- the cost of one checkpoint write (AsyncPostgresSaver.aput of a finished demo run's state);
- the statements and round trips (waits for the server) of one question, one task and one no-op task: counts,
  which unlike times do not depend on the machine's load (`tests/integration/test_run_cost.py` pins them).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command, Send

from cognicore.app import App, grant_sql_schemas, open_app
from cognicore.demo import seed_demo
from cognicore.orchestrator.state import State
from cognicore.orchestrator.threads import TenantSaver, bind_user, thread_id
from cognicore.settings import Settings
from cognicore.subagents.types import AgentContext, StepInput, StepOutput
from tests.statements import count_statements

QUESTION = "What is the return policy for opened headphones?"
TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
NOOP_TASK = "Run the no-op drill: noop alpha, noop beta and write a report"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def line(label: str, values: list[float]) -> str:
    return (
        f"{label:<44} median {statistics.median(values):8.1f} ms   p95 {pct(values, 0.95):8.1f} ms   (n={len(values)})"
    )


class Noop:
    """A sub-agent that does nothing, to isolate the framework's own cost."""

    input_hint = "anything"
    deterministic = True

    def __init__(self, name: str) -> None:
        self.name = name
        self.description = f"Noop {name.split('_')[1]} for the no-op drill."

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        return StepOutput(summary="ok")


def bare_graph(agent_names: list[str]) -> StateGraph[Any, Any, Any, Any]:
    """The orchestrator's shape with no-op nodes: the floor LangGraph itself sets."""

    async def passthrough(state: dict[str, Any]) -> dict[str, Any]:
        return {}

    async def route(state: dict[str, Any]) -> Command[Any]:
        return Command(goto="plan")

    async def execute(state: dict[str, Any]) -> Command[Any]:
        done = state.get("results") or {}
        if len(done) >= 3:
            return Command(goto="verify")
        if done:
            return Command(goto=[Send("report_generation", {"step": "s3"})])
        return Command(goto=[Send(agent_names[0], {"step": "s1"}), Send(agent_names[1], {"step": "s2"})])

    def agent(step_name: str):  # type: ignore[no-untyped-def]
        async def run(task: dict[str, Any]) -> dict[str, Any]:
            return {"results": {task["step"]: {"status": "ok"}}}

        return run

    async def verify(state: dict[str, Any]) -> Command[Any]:
        return Command(goto="respond")

    g: StateGraph[Any, Any, Any, Any] = StateGraph(State)
    g.add_node("recall", passthrough)
    g.add_node("classify", route, destinations=("plan",))
    g.add_node("plan", passthrough)
    g.add_node("execute", execute, destinations=(*agent_names, "report_generation", "verify"))
    for name in [*agent_names, "report_generation"]:
        g.add_node(name, agent(name))
        g.add_edge(name, "execute")
    g.add_node("verify", verify, destinations=("respond",))
    g.add_node("respond", passthrough)
    g.add_node("remember", passthrough)
    g.add_edge(START, "recall")
    g.add_edge("recall", "classify")
    g.add_edge("plan", "execute")
    g.add_edge("respond", "remember")
    g.add_edge("remember", END)
    return g


async def timed_asks(app: App, text: str, runs: int) -> tuple[list[float], int]:
    times: list[float] = []
    steps = 0
    for _ in range(runs):
        started = time.perf_counter()
        result = await app.runner.ask(text, session_id=f"bench-{uuid.uuid4().hex[:8]}", user_id="bench")
        times.append((time.perf_counter() - started) * 1000)
        assert result.outcome == "succeeded", result.error
        steps = len(result.steps)
    return times, steps


async def counted(app: App, text: str) -> str:
    """Statements and round trips of one run of `text`, on a new session."""
    with count_statements() as count:
        result = await app.runner.ask(text, session_id=f"count-{uuid.uuid4().hex[:8]}", user_id="bench")
    assert result.outcome == "succeeded", result.error
    return f"{count.statements} statements, {count.round_trips} round trips"


async def supersteps(app: App, session: str) -> int:
    return len(await app.runner.history(session_id=session, user_id="bench", limit=1000)) - 1


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20, help="runs per measurement (at least 20 for p95)")
    args = parser.parse_args()
    os.environ.pop("GOOGLE_API_KEY", None)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("COGNICORE_DATA_DIR", tmp)
        settings = Settings()
        noops = [Noop("noop_alpha"), Noop("noop_beta")]
        async with open_app(settings, extra_agents=noops) as app:
            await seed_demo(app.admin_pool, app.knowledge)
            await grant_sql_schemas(app)
            await app.runner.ask(TASK, session_id="warmup", user_id="bench")  # imports, caches, first plans
            print(
                f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
                f"database: {'DATABASE_URL' if settings.database_url else 'embedded pgserver'}"
            )
            q_times, _ = await timed_asks(app, QUESTION, args.runs)
            t_times, n_steps = await timed_asks(app, TASK, args.runs)
            print(line("question (RAG answer)", q_times))
            print(line(f"task (demo report, {n_steps} steps)", t_times))

            # Framework overhead per graph step: our graph with no-op agents vs a bare graph, same shape.
            ours: list[float] = []
            for i in range(args.runs):
                session = f"noop-{i}"
                started = time.perf_counter()
                result = await app.runner.ask(NOOP_TASK, session_id=session, user_id="bench")
                ours.append((time.perf_counter() - started) * 1000)
                assert result.outcome == "succeeded", result.error
            our_steps = await supersteps(app, "noop-0")
            # The same pool and checkpointer the application uses: row-level security binds both.
            saver = TenantSaver(AsyncPostgresSaver(app.pool), user_id="bench")  # type: ignore[arg-type]
            bare = bare_graph([n.name for n in noops]).compile(checkpointer=saver)
            base: list[float] = []
            for i in range(args.runs):
                config = {"configurable": {"thread_id": thread_id("bench", f"bare-{i}")}}
                started = time.perf_counter()
                await bare.ainvoke({"request": NOOP_TASK}, config, durability="sync")  # type: ignore[arg-type]
                base.append((time.perf_counter() - started) * 1000)
            bare_steps = (
                len(
                    [
                        c
                        async for c in bare.aget_state_history(
                            {"configurable": {"thread_id": thread_id("bench", "bare-0")}}
                        )
                    ]
                )
                - 1
            )
            ours_per = statistics.median(ours) / our_steps
            base_per = statistics.median(base) / bare_steps
            print(line(f"no-op task, cognicore ({our_steps} supersteps)", ours))
            print(line(f"no-op task, bare LangGraph ({bare_steps} supersteps)", base))
            print(
                f"{'per graph step':<44} cognicore {ours_per:6.2f} ms   bare {base_per:6.2f} ms   "
                f"overhead {ours_per - base_per:+6.2f} ms/step"
            )

            # Checkpoint write: the state of a finished demo run, written again and again.
            snapshot = await bind_user(app.runner._graph, "bench").aget_state(
                {"configurable": {"thread_id": thread_id("bench", "warmup")}}
            )
            writes: list[float] = []
            for i in range(max(args.runs, 100)):
                checkpoint = empty_checkpoint()
                checkpoint["channel_values"] = dict(snapshot.values)
                checkpoint["channel_versions"] = {k: str(i + 1) for k in snapshot.values}
                config = {"configurable": {"thread_id": thread_id("bench", "bench-ckpt"), "checkpoint_ns": ""}}
                started = time.perf_counter()
                await saver.aput(config, checkpoint, {"source": "loop", "step": i}, checkpoint["channel_versions"])
                writes.append((time.perf_counter() - started) * 1000)
            size = len(str(snapshot.values))
            print(line(f"checkpoint write (state ~{size // 1024} KiB)", writes))
            for label, text in (("question", QUESTION), ("task", TASK), ("no-op task", NOOP_TASK)):
                print(f"{'database work of one ' + label:<44} {await counted(app, text)}")


if __name__ == "__main__":
    asyncio.run(main())
