"""Benchmark of workflow reuse on the offline engine: cold planning against warm reuse (prints figures; not a test).

    python bench/reuse.py [--rounds 1] [--details]

Starts an embedded PostgreSQL in a temporary folder (or uses DATABASE_URL), seeds the demo, and asks
task families in several paraphrases each, plus near misses that share words with a family but are
another task:
- cold: every paraphrase but the first, each by a fresh user, so procedural memory is empty and every
  task is planned;
- warm: one fresh user per family asks the family's first paraphrase (which learns the workflow), then
  the others, which should reuse it;
- near misses: one user who has learned every family asks them (workflows learned from a near miss are
  retired at once, so each meets the families' only); none may reuse a workflow. Each is also planned
  by a fresh user, to show what a wrong reuse changed.
Prints model calls and planner calls per run, planning latency (`lookup_workflow` + `plan` node times),
end-to-end latency p50/p95, the success rate of reused runs, how many reused plans equal the plan the
planner makes for the same request, false reuse on near misses and the cut in planner calls on the
repeated asks; then PASS/FAIL per target.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import shlex
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cognicore.app import OFFLINE_REUSE_THRESHOLD, App, grant_sql_schemas, open_app
from cognicore.demo import seed_demo
from cognicore.orchestrator.planning import task_features
from cognicore.orchestrator.reuse import OfflineKeyer
from cognicore.orchestrator.runner import RunResult
from cognicore.settings import Settings
from cognicore.workflows.store import WorkflowMatch

# The first paraphrase of each family is the one a warm user asks first (and learns from).
FAMILIES: dict[str, list[str]] = {
    "top-N products briefing": [
        "Analyze the latest sales data, find the three best-selling products and write a short briefing",
        "Which 5 products had the highest revenue in Europe last year? Write a short briefing.",
        "Find the top 3 products by units sold in Asia Pacific last quarter and write a briefing",
        "Write a brief on the five best-selling products by revenue in North America this year",
        "Give me a short briefing on our top 4 products by units sold in Latin America last month",
    ],
    "revenue by region report with chart": [
        "Write a report on revenue by region for the last quarter with a chart",
        "Create a chart of sales by region for 2025 and write a short report",
        "Report revenue per region last year, with a bar chart",
        "Chart units sold by region this quarter and summarize them in a report",
        "Draft a report with a chart of order volume by region in Q3",
    ],
    "quarterly trend report for a category": [
        "Write a report on the quarterly revenue trend for Audio",
        "Prepare a summary of the quarterly sales trend for Wearables over the last two years",
        "Report the quarterly trend of units sold in the Smart Home category",
        "Draft a quarterly trend report of Accessories revenue with a chart",
        "Write a short report on how Audio units sold trended quarter by quarter",
    ],
    "channel comparison with policy background": [
        "Compare revenue by channel and explain the discount policy",
        "Compare sales by channel for 2025 and explain our discount policy",
        "Compare units sold per sales channel last quarter and explain the discount policy",
        "Compare online, retail and partner revenue this year and explain the pricing and discount policy",
        "Compare order counts by channel in Europe and explain the discount policy for partners",
    ],
}

# Different tasks that share many words with a family; a user who has learned every family asks them.
NEAR_MISSES: list[str] = [
    "What were the three best-selling products?",
    "Write a short briefing on our return policy",
    "Find the three best-selling products and explain their warranty",
    "What was the revenue by region last quarter?",
    "Compare revenue by channel",
    "Write a short briefing on our company history",
    "Summarize the shipping policy for Europe in a short report",
    "Explain the discount policy for partner channels",
]

TARGET_REUSE_SUCCESS = 0.90
TARGET_PLANNER_CUT = 0.80


@dataclass(frozen=True, eq=False)  # compared by identity
class Ask:
    """One request's run, as the benchmark sees it."""

    family: str
    index: int  # position among the family's paraphrases (0 = the one a warm user learns from)
    request: str
    result: RunResult
    wall_ms: float

    @property
    def reused(self) -> bool:
        return bool((self.result.workflow or {}).get("reused"))

    @property
    def similarity(self) -> float | None:
        return (self.result.workflow or {}).get("similarity")

    @property
    def calls(self) -> int:
        return sum(self.result.model_calls.values())

    @property
    def plan_calls(self) -> int:
        return self.result.model_calls.get("plan", 0)

    @property
    def planning_ms(self) -> float:
        t = self.result.timings_ms
        return t.get("lookup_workflow", 0.0) + t.get("plan", 0.0)

    @property
    def ok(self) -> bool:
        return self.result.outcome == "succeeded"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


async def _skeleton(text: str) -> str:
    """The offline keyer's skeleton of `text`."""
    return (await OfflineKeyer().key(request=text)).skeleton


async def ask(app: App, user: str, family: str, index: int, request: str) -> Ask:
    started = time.perf_counter()
    result = await app.runner.ask(request, session_id=f"bench-{uuid.uuid4().hex[:10]}", user_id=user)
    return Ask(family, index, request, result, (time.perf_counter() - started) * 1000)


def fresh(label: str) -> str:
    return f"bench-{label}-{uuid.uuid4().hex[:8]}"


def steps_of(result: RunResult) -> list[tuple[str, str, tuple[str, ...]]]:
    """A plan's steps without their ids' bookkeeping, for comparing a reused plan with a planned one."""
    steps = (result.plan or {}).get("steps", [])
    return [(s["agent"], s["instruction"], tuple(s.get("depends_on", []))) for s in steps]


def summary(label: str, asks: list[Ask]) -> list[str]:
    calls = [a.calls for a in asks]
    plans = [a.plan_calls for a in asks]
    planning = [a.planning_ms for a in asks]
    total = [a.result.timings_ms.get("total", a.wall_ms) for a in asks]
    roles = sorted({role for a in asks for role in a.result.model_calls})
    by_role = ", ".join(f"{r} {mean([a.result.model_calls.get(r, 0) for a in asks]):.2f}" for r in roles)
    return [
        f"{label} (n={len(asks)}, succeeded {sum(a.ok for a in asks)}/{len(asks)}, "
        f"reused {sum(a.reused for a in asks)}/{len(asks)})",
        f"  model calls per run        mean {mean(calls):5.2f}   planner calls per run {mean(plans):5.2f}",
        f"    by role: {by_role}",
        f"  planning (lookup+plan)     mean {mean(planning):7.1f} ms   p50 {pct(planning, 0.5):7.1f} ms   "
        f"p95 {pct(planning, 0.95):7.1f} ms",
        f"  end to end                 p50 {pct(total, 0.5):7.1f} ms   p95 {pct(total, 0.95):7.1f} ms",
    ]


def detail(tag: str, a: Ask) -> str:
    sim = "   -  " if a.similarity is None else f"{a.similarity:6.3f}"
    wf = a.result.workflow or {}
    return (
        f"  {tag:<5} {a.family[:14]:<14} #{a.index} reused={'yes' if a.reused else 'no ':<3} sim={sim} "
        f"wf={wf.get('id')!s:<4} plan={a.plan_calls} calls={a.calls:<2} {a.result.outcome:<9} "
        f"{a.result.intent or '-':<8} {a.request}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1, help="repeat cold and warm with new users (more samples)")
    parser.add_argument("--details", action="store_true", help="print every run, not only the ones that misbehaved")
    args = parser.parse_args()
    os.environ.pop("GOOGLE_API_KEY", None)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("COGNICORE_DATA_DIR", tmp)
        settings = Settings()
        threshold = settings.reuse_threshold if settings.reuse_threshold is not None else OFFLINE_REUSE_THRESHOLD
        async with open_app(settings) as app:
            await seed_demo(app.admin_pool, app.knowledge)
            await grant_sql_schemas(app)
            # Imports, caches and the first plans, on a user nobody else uses.
            await ask(app, fresh("warmup"), "warmup", 0, FAMILIES["top-N products briefing"][0])

            cold: list[Ask] = []
            warm: list[Ask] = []
            learned: list[Ask] = []
            # The repeated asks are every paraphrase but the first: cold, each by a fresh user; warm, by
            # the family's user right after it asked (and learned from) the first paraphrase.
            for _ in range(args.rounds):
                for family, paraphrases in FAMILIES.items():
                    user = fresh("warm")
                    learned.append(await ask(app, user, family, 0, paraphrases[0]))
                    # Cold and warm asks alternate, so caches and load favour neither.
                    for i, text in enumerate(paraphrases[1:], start=1):
                        cold.append(await ask(app, fresh("cold"), family, i, text))
                        warm.append(await ask(app, user, family, i, text))
            near_user = fresh("near")
            for family, paraphrases in FAMILIES.items():
                learned.append(await ask(app, near_user, family, 0, paraphrases[0]))
            family_workflows = await app.workflows.list(user_id=near_user)
            families = {w.id for w in family_workflows}
            near: list[Ask] = []
            near_planned: list[Ask] = []  # the same request planned from scratch, to judge a reuse's harm
            candidates: list[list[WorkflowMatch]] = []
            for i, text in enumerate(NEAR_MISSES):
                candidates.append(await app.workflows.lookup(user_id=near_user, skeleton=await _skeleton(text)))
                near.append(await ask(app, near_user, "near miss", i, text))
                near_planned.append(await ask(app, fresh("cold"), "near miss", i, text))
                # A near miss that succeeds is learned as a workflow of its own; retire it, so every near
                # miss meets the families' workflows only (and not an earlier near miss's).
                for wf in await app.workflows.list(user_id=near_user):
                    if wf.id not in families:
                        await app.workflows.set_status(workflow_id=wf.id, user_id=near_user, status="retired")
    elapsed = time.perf_counter() - started

    planned = {(a.family, a.index): steps_of(a.result) for a in cold}
    reused = [a for a in warm if a.reused]
    reuse_success = sum(a.ok for a in reused) / len(reused) if reused else 0.0
    same_plan = [a for a in reused if steps_of(a.result) == planned[(a.family, a.index)]]
    missed = [a for a in warm if not a.reused]
    false_reuse = [a for a in near if a.reused]
    cold_plans = sum(a.plan_calls for a in cold)
    warm_plans = sum(a.plan_calls for a in warm)
    cut = 1 - warm_plans / cold_plans if cold_plans else 0.0

    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"database: {'DATABASE_URL' if settings.database_url else 'embedded pgserver'}, engine: offline, "
        f"reuse threshold {threshold:g}"
    )
    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(
        f"{len(FAMILIES)} families x {len(next(iter(FAMILIES.values())))} paraphrases, {len(NEAR_MISSES)} near "
        f"misses, {args.rounds} round(s); {len(cold) + len(warm) + len(learned) + 2 * len(near) + 1} runs in "
        f"{elapsed:.1f} s"
    )
    print()
    for line in summary("cold, repeated asks (empty procedural memory)", cold):
        print(line)
    for line in summary("warm, repeated asks (family learned first)", warm):
        print(line)
    learned_ok = sum(a.ok for a in learned)
    print(f"learning asks (first paraphrase per user): succeeded {learned_ok}/{len(learned)}")
    print()
    print(f"reused runs that succeeded           {sum(a.ok for a in reused)}/{len(reused)} = {reuse_success:.0%}")
    print(f"reused plans equal to planner's plan {len(same_plan)}/{len(reused)}")
    print(f"repeated asks that did not reuse     {len(missed)}/{len(warm)}")
    print(
        f"false reuse on near misses           {len(false_reuse)}/{len(near)} "
        f"(asked by a user with the {len(families)} family workflows only)"
    )
    print(f"planner calls on repeated asks       cold {cold_plans}, warm {warm_plans}: cut {cut:.0%}")

    print("\nfamily workflows of the near-miss user (the offline planner gives some families the same plan):")
    for wf in family_workflows:
        agents = "+".join(s["agent"] for s in wf.template["steps"])
        print(f"  wf={wf.id:<4} features={'+'.join(wf.features):<15} steps={agents}  triggers={list(wf.triggers)}")
    print("\nnear misses (candidates: workflow, features, similarity; reuse needs >= threshold and the adapter's yes):")
    for a, planned_alone, found in zip(near, near_planned, candidates, strict=True):
        print(("!" if a.reused else " ") + detail("near", a)[1:])
        print(
            "        features "
            + "+".join(task_features(a.request))
            + "; candidates "
            + ", ".join(f"wf{m.workflow.id} {'+'.join(m.workflow.features)} {m.similarity:.3f}" for m in found)
        )
        if a.reused:
            same = steps_of(a.result) == steps_of(planned_alone.result)
            print(f"        reused  {steps_of(a.result)}")
            print(f"        planner {steps_of(planned_alone.result)}  ({'same' if same else 'DIFFERENT'} plan)")
    flagged = [a for a in warm if not a.reused or not a.ok or a not in same_plan]
    if flagged or args.details:
        title = "warm runs (! = not reused, failed, or a plan unlike the planner's)"
        print(f"\n{title if args.details else 'warm runs that misbehaved'}:")
        for a in warm if args.details else flagged:
            print(("!" if a in flagged else " ") + detail("warm", a)[1:])
            if a.reused and a not in same_plan:
                print(f"        reused  {steps_of(a.result)}")
                print(f"        planner {planned[(a.family, a.index)]}")
    if args.details:
        print("\ncold runs:")
        for a in cold:
            print(detail("cold", a))

    print()
    checks = [
        (f"success rate of reused runs >= {TARGET_REUSE_SUCCESS:.0%}", reuse_success >= TARGET_REUSE_SUCCESS),
        ("false reuse on near misses == 0", not false_reuse),
        (f"cut in planner calls on repeated families >= {TARGET_PLANNER_CUT:.0%}", cut >= TARGET_PLANNER_CUT),
    ]
    for name, ok in checks:
        print(f"{'PASS' if ok else 'FAIL'}  {name}")


if __name__ == "__main__":
    asyncio.run(main())
