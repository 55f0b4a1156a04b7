"""Ninety days of memory life: strength, archive and recall under the persistent-memory MVP's lifecycle.

    python bench/lifecycle.py [--days 90] [--tasks-per-day 10] [--png bench/lifecycle.png]

One user, the deployment clock moved task by task (`cognicore.memory.clock`), the seed's defaults
(`LifecycleConfig()`: 10 tasks a day, 5%/day decay at level 0, archive below 0.1). Day 0 stores the facts
of 12 recurring topics. Each task then either asks about a recurring topic (60%, drawn with Zipf weights
of exponent 0.5, so the rarest comes up every three days or so) or tells something new that is never asked
about again (a one-off memory: the noise). A recurring task searches memory (k 10, default retrieval:
active only), its output repeats the topic's fact, usage is detected by the seed's keyword method and
recorded (`Lifecycle.record_task`), then the sleep phase runs (`sleep_phase`). One topic stops being asked
after day 30: it should fade out like the noise. Each day ends with a quiet probe of every topic still asked.

Printed and plotted per day: strength quartiles and bands of active memories, active and archived counts,
the tasks' recall hit rate (the topic's fact among the hits) and the share of one-off memories archived.
Starts an embedded PostgreSQL in a temporary folder (or uses a scratch database on DATABASE_URL).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


from scratch_db import scratch_database

from cognicore.database import migrate, open_pool
from cognicore.memory import clock
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.lifecycle import sleep_phase
from cognicore.memory.lifecycle_config import LifecycleConfig
from cognicore.memory.lifecycle_stats import lifecycle_stats
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.usage import used_memories
from cognicore.schema import COMPONENTS

USER = "sim"
START = datetime(2026, 1, 1, 8, tzinfo=UTC)
TOPICS = [
    ("Kestrel release train", "The Kestrel release train leaves every second Thursday from the staging branch"),
    ("Juniper invoices", "Juniper invoices are approved by the finance lead before the fifteenth"),
    ("Orca backups", "Orca database backups run nightly and are kept for thirty five days"),
    ("Falcon onboarding", "Falcon onboarding pairs every new hire with a mentor for six weeks"),
    ("Maple vendor contract", "The Maple vendor contract renews each October with a ninety day notice"),
    ("Quartz on-call rota", "The Quartz on-call rota rotates weekly on Monday mornings"),
    ("Heron travel policy", "Heron travel policy books economy flights under six hours"),
    ("Lynx security review", "Lynx security reviews need two approvals and a threat model document"),
    ("Cobalt office badge", "Cobalt office badges are collected at the reception desk on the ground floor"),
    ("Willow expense limit", "The Willow expense limit is four hundred euros without a manager signature"),
    ("Basalt deploy freeze", "Basalt deploy freezes start two days before every public holiday"),
    ("Tundra laptop refresh", "Tundra laptops are refreshed every three years through the service desk"),
]
FADING = 11
"""The topic no one asks about after `FADE_DAY`: it should be archived like the noise."""
FADE_DAY = 30
FILLER = (
    "parcel lantern meadow ribbon cactus violin pebble harbor saffron marble tulip canyon walrus biscuit "
    "orbitals glacier pepper mosaic quiver tangerine yodel zephyr acorn bramble cobble dapple ember fjord "
    "gazebo hazel igloo jasper kiln lagoon mango nectar oyster paddle quill raven sorrel thistle umber"
).split()


@dataclass
class Day:
    """One day's figures."""

    day: int
    active: int
    archived: int
    quartiles: tuple[float, float, float] | None
    bands: dict[str, int]
    hit_rate: float | None
    probe_recall: float
    noise_archived: float
    old_noise_archived: float | None
    recurring_strength: float
    fading_active: bool


def one_off(rng: random.Random, n: int) -> str:
    """A one-off memory: something told once and never asked about again."""
    words = rng.sample(FILLER, 5)
    return f"Note {n}: the {words[0]} {words[1]} was left near the {words[2]} {words[3]} by {words[4]}"


async def simulate(url: str, days: int, per_day: int, seed: int) -> tuple[list[Day], dict[str, float]]:
    """Run the simulation on a migrated database at `url`; per-day figures and overall timings."""
    rng = random.Random(seed)
    config = LifecycleConfig(expected_tasks_per_day=per_day)
    pool = await open_pool(url, max_size=4)
    clock.start_at(START)
    try:
        stream = MemoryStream(pool, OfflineEmbeddings(), lifecycle=config)
        topic_ids = await stream.add(USER, [NewMemory(content=fact) for _, fact in TOPICS])
        noise: list[int] = []
        # Zipf with exponent 0.5: the most asked topic about four times as often as the rarest (every ~3 days).
        weights = [1 / (rank + 1) ** 0.5 for rank in range(len(TOPICS))]
        asks: list[list[int]] = [[0] for _ in TOPICS]  # the days each topic was asked (stored on day 0)
        out: list[Day] = []
        step = timedelta(days=1) / per_day
        timings = {"task_ms": 0.0, "sleep_ms": 0.0}
        tasks = 0
        for day in range(days):
            hits = asked = 0
            for _ in range(per_day):
                clock.advance(step)
                t0 = time.perf_counter()
                if rng.random() < 0.6:
                    topic = rng.choices(range(len(TOPICS)), weights)[0]
                    if topic == FADING and day >= FADE_DAY:
                        topic = 0
                    name, fact = TOPICS[topic]
                    asks[topic].append(day)
                    found = await stream.search(USER, f"What do we know about the {name}?", k=10)
                    candidates = [(h.id, h.content) for h in found]
                    used = await used_memories(candidates, [f"As noted before: {fact}."], config)
                    await stream.lifecycle.record_task(
                        USER, path="answer", candidate_ids=[c for c, _ in candidates], used_ids=used
                    )
                    asked += 1
                    hits += topic_ids[topic] in {h.id for h in found}
                else:
                    [mid] = await stream.add(USER, [NewMemory(content=one_off(rng, len(noise)))])
                    noise.append(mid)
                t1 = time.perf_counter()
                await sleep_phase(pool, user_id=USER, config=config)
                timings["task_ms"] += (t1 - t0) * 1000
                timings["sleep_ms"] += (time.perf_counter() - t1) * 1000
                tasks += 1
            await stream.flush_counts()
            probe = 0
            alive = [i for i in range(len(TOPICS)) if not (i == FADING and day >= FADE_DAY)]
            for i in alive:
                found = await stream.search(USER, f"What do we know about the {TOPICS[i][0]}?", k=10, quiet=True)
                probe += topic_ids[i] in {h.id for h in found}
            stats = await lifecycle_stats(pool, USER)
            states = await _states(pool, topic_ids, noise, clock.now() - timedelta(days=45))
            out.append(
                Day(
                    day=day + 1,
                    active=stats.total - stats.archived,
                    archived=stats.archived,
                    quartiles=stats.strength_quartiles,
                    bands=stats.strength_bands,
                    hit_rate=hits / asked if asked else None,
                    probe_recall=probe / len(alive),
                    noise_archived=states["noise_archived"],
                    old_noise_archived=states["old_noise_archived"] if states["old_noise"] else None,
                    recurring_strength=states["recurring_strength"],
                    fading_active=states["fading_active"] > 0,
                )
            )
        timings = {k: v / tasks for k, v in timings.items()}
        await _topics(pool, topic_ids, stream, asks, days)
        return out, timings
    finally:
        clock.start_at(None)
        await pool.close()


async def _states(pool: object, topic_ids: list[int], noise: list[int], old: datetime) -> dict[str, float]:
    """Share of one-off memories archived (all, and those stored more than 45 days ago), mean strength of the
    recurring facts, the fading topic's status."""
    from cognicore.memory.rows import fetch_dicts
    from cognicore.memory.tenancy import user_transaction

    alive = [t for i, t in enumerate(topic_ids) if i != FADING]
    async with user_transaction(pool, USER) as conn:  # type: ignore[arg-type]
        [row] = await fetch_dicts(
            conn,
            "SELECT avg((status = 'archived')::int) FILTER (WHERE id = ANY(%(noise)s))::float8 AS noise_archived, "
            "avg((status = 'archived')::int) FILTER (WHERE id = ANY(%(noise)s) AND created_at < %(old)s)::float8 "
            "AS old_noise_archived, count(*) FILTER (WHERE id = ANY(%(noise)s) AND created_at < %(old)s)::float8 "
            "AS old_noise, avg(strength) FILTER (WHERE id = ANY(%(alive)s))::float8 AS recurring_strength, "
            "count(*) FILTER (WHERE id = %(fading)s AND status = 'active')::float8 AS fading_active "
            "FROM memories",
            {"noise": noise, "alive": alive, "fading": topic_ids[FADING], "old": old},
        )
    return {k: float(v or 0.0) for k, v in row.items()}


async def _topics(pool: object, topic_ids: list[int], stream: MemoryStream, asks: list[list[int]], days: int) -> None:
    """Each recurring topic at the end: status, strength, level, uses, and its rank in a default search."""
    from cognicore.memory.rows import fetch_dicts
    from cognicore.memory.tenancy import user_transaction

    async with user_transaction(pool, USER) as conn:  # type: ignore[arg-type]
        rows = await fetch_dicts(
            conn,
            "SELECT id, status, strength, consolidation_level, access_count, candidate_count FROM memories "
            "WHERE id = ANY(%s) ORDER BY id",
            (topic_ids,),
        )
    print(
        f"{'topic':<24} {'asked':>5} {'max gap':>7} {'status':<8} {'strength':>8} {'level':>5} {'uses':>5} "
        f"{'candidate':>9} {'rank':>4}"
    )
    for (name, _), row, seen in zip(TOPICS, rows, asks, strict=True):
        gap = max(b - a for a, b in zip(seen, [*seen[1:], days], strict=True))
        found = await stream.search(USER, f"What do we know about the {name}?", k=10, quiet=True)
        rank = next((i + 1 for i, h in enumerate(found) if h.id == row["id"]), None)
        print(
            f"{name:<24} {len(seen) - 1:>5} {gap:>7} {row['status']:<8} {row['strength']:>8.2f} "
            f"{row['consolidation_level']:>5} {row['access_count']:>5} {row['candidate_count']:>9} {rank or '-':>4}"
        )


def report(days: list[Day], timings: dict[str, float]) -> None:
    """Print every tenth day and the last one."""
    print(f"{'day':>4} {'active':>6} {'archived':>8} {'q1':>5} {'median':>6} {'q3':>5} {'hit rate':>8} "
          f"{'probe':>6} {'noise arch.':>11} {'>45 d':>6} {'recurring str.':>14} {'fading topic':>12}")  # fmt: skip
    for d in days:
        if d.day % 10 and d.day != days[-1].day and d.day != 1:
            continue
        q = d.quartiles or (0.0, 0.0, 0.0)
        hit = f"{d.hit_rate:.0%}" if d.hit_rate is not None else "-"
        old = f"{d.old_noise_archived:.0%}" if d.old_noise_archived is not None else "-"
        print(
            f"{d.day:>4} {d.active:>6} {d.archived:>8} {q[0]:>5.2f} {q[1]:>6.2f} {q[2]:>5.2f} {hit:>8} "
            f"{d.probe_recall:>6.0%} {d.noise_archived:>11.0%} {old:>6} {d.recurring_strength:>14.2f} "
            f"{'active' if d.fading_active else 'archived':>12}"
        )
    print(f"per task: {timings['task_ms']:.1f} ms (search, usage, record or store), "
          f"sleep phase {timings['sleep_ms']:.1f} ms")  # fmt: skip


def plot(days: list[Day], path: Path) -> None:
    """Three panels: strength quartiles, active/archived counts, recall hit rate and noise archived."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [d.day for d in days]
    fig, axes = plt.subplots(3, 1, figsize=(8, 9), sharex=True)
    quart = [d.quartiles or (0.0, 0.0, 0.0) for d in days]
    axes[0].fill_between(x, [q[0] for q in quart], [q[2] for q in quart], alpha=0.3, label="active, q1-q3")
    axes[0].plot(x, [q[1] for q in quart], label="active, median")
    axes[0].plot(x, [d.recurring_strength for d in days], label="recurring facts, mean")
    axes[0].axhline(0.1, color="grey", linestyle=":", label="archive threshold")
    axes[0].set_ylabel("strength")
    axes[0].legend(loc="upper left", fontsize=8)
    axes[1].plot(x, [d.active for d in days], label="active")
    axes[1].plot(x, [d.archived for d in days], label="archived")
    axes[1].set_ylabel("memories")
    axes[1].legend(loc="upper left", fontsize=8)
    axes[2].plot(x, [d.hit_rate if d.hit_rate is not None else float("nan") for d in days], label="task hit rate")
    axes[2].plot(x, [d.probe_recall for d in days], label="recurring topics retrievable")
    axes[2].plot(x, [d.noise_archived for d in days], label="one-off memories archived")
    old = [d.old_noise_archived if d.old_noise_archived is not None else float("nan") for d in days]
    axes[2].plot(x, old, linestyle="--", label="one-off memories over 45 days old archived")
    axes[2].set_ylim(-0.05, 1.05)
    axes[2].set_xlabel("day")
    axes[2].legend(loc="center right", fontsize=8)
    fig.suptitle("90 days of memory lifecycle (seed defaults, 10 tasks a day)")
    fig.tight_layout()
    fig.savefig(path, dpi=90)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--tasks-per-day", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--png", type=Path, default=Path(__file__).with_name("lifecycle.png"))
    args = parser.parse_args()

    async def run(url: str) -> None:
        pool = await open_pool(url, max_size=2)
        try:
            await migrate(pool, [c for c in COMPONENTS if c[0] == "memory"])
        finally:
            await pool.close()
        days, timings = await simulate(url, args.days, args.tasks_per_day, args.seed)
        report(days, timings)
        plot(days, args.png)
        print(f"plot: {args.png}")

    async with scratch_database("cognicore_lifecycle") as url:
        await run(url)


if __name__ == "__main__":
    asyncio.run(main())
