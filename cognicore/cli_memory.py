"""CLI commands for long-term memory: `memory import | search | facts | explain | stats | prewarm | reflect | process`.

`memory sleep` and the top-level `feedback` come from `cli_lifecycle`, registered with these.

Commands that only read or write memory open the `Memory` SDK object (a pool and the stores), not the whole
application; `reflect` and `process` need the configured reasoning roles, so they open the app.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic_core import to_jsonable_python
from rich.table import Table
from rich.tree import Tree

from cognicore import cli_lifecycle, service, service_memory
from cognicore.app import apply_clock, database_url, open_app, open_app_role_pool, prepare_database, process_memory
from cognicore.cli_common import JsonOpt, UserOpt, console, load_settings, print_json, run_command
from cognicore.database import open_pool
from cognicore.memory.embeddings import check_embedding_model
from cognicore.memory.prewarm import DEFAULT_BUDGET_S, PrewarmProgress, PrewarmReport, prewarm
from cognicore.memory.scoring import Scoring
from cognicore.memory.sdk import Memory
from cognicore.models import build_models
from cognicore.settings import Settings

memory_app = typer.Typer(
    help="Long-term memory: search it, list facts, explain, stats, reflect, process.", no_args_is_help=True
)


@asynccontextmanager
async def open_memory(settings: Settings, *, check_embeddings: bool = True) -> AsyncIterator[Memory]:
    """The `Memory` object on the configured database (migrated first), with the configured embedder and scoring."""
    apply_clock(settings)
    owner = await open_pool(await database_url(settings), min_size=1, max_size=2)
    try:
        await prepare_database(owner)  # the owner migrates; memory statements log in as the app role
        pool = await open_app_role_pool(settings, owner)
    finally:
        await owner.close()
    try:
        models = build_models(settings)
        if check_embeddings:
            await check_embedding_model(pool, models.embedding_name, models.embedding_dims)
        scoring = Scoring(
            alpha=settings.memory_alpha,
            beta=settings.memory_beta,
            gamma=settings.memory_gamma,
            delta=settings.memory_delta,
            decay=settings.memory_decay,
        )
        memory = Memory(
            pool,
            models.embeddings,
            scoring=scoring,
            min_similarity=settings.memory_min_similarity,
            lifecycle=settings.memory_lifecycle,
        )
        try:
            yield memory
        finally:
            await memory.close()
    finally:
        await pool.close()


def _plain(value: Any) -> Any:
    """Dataclasses, datetimes and numpy vectors as JSON values."""
    return to_jsonable_python(value, fallback=str)


def stores(mem: Memory) -> service_memory.MemoryStores:
    """The SDK object's stores, for the service functions the HTTP API calls too (same JSON, same errors)."""
    return service_memory.MemoryStores(mem.pool, mem.stream, mem.fact_store)


@memory_app.command("import")
def import_(
    path: Annotated[Path, typer.Argument(help="A conversation: JSON list or JSONL of {speaker, text, timestamp}.")],
    user: UserOpt = "local",
    no_extract: Annotated[
        bool, typer.Option("--no-extract", help="Store the turns; queue no fact extraction.")
    ] = False,
    process_now: Annotated[
        bool, typer.Option("--process", help="Run the queued extraction now (else: `cognicore memory process`).")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Import a multi-speaker conversation: each turn a memory with its own time, speaker, session and id."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_memory(settings) as mem:
            report = await mem.import_conversation(user, path, extract=not no_extract)
        out: dict[str, Any] = {"import": _plain(report)}
        if process_now and report.jobs:
            done = failed = 0
            async with open_app(settings) as app:
                while True:  # each call drains a batch; stop when nothing due is left
                    jobs = (await process_memory(app, user_id=user, reflect=False)).jobs
                    done, failed = done + jobs.done, failed + jobs.failed
                    if jobs.claimed == 0:
                        break
            out["jobs"] = {"done": done, "failed": failed}
        return out

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
        return
    r = out["import"]
    console.print(
        f"imported {r['stored']} turn(s) of {', '.join(r['speakers']) or 'nobody'} "
        f"({r['first']} to {r['last']}), skipped {r['skipped']} already imported, queued {r['jobs']} extraction job(s)"
    )
    if "jobs" in out:
        console.print(f"extraction: {out['jobs']['done']} done, {out['jobs']['failed']} failed")


@memory_app.command("search")
def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    user: UserOpt = "local",
    k: Annotated[int, typer.Option("--k", help="How many of each kind to return.")] = 10,
    speaker: Annotated[str | None, typer.Option("--speaker", help="Only what this speaker said.")] = None,
    session: Annotated[str | None, typer.Option("--session", help="Only this session.")] = None,
    as_of: Annotated[
        datetime | None, typer.Option("--as-of", help="Search as of this time (ISO; recency from then).")
    ] = None,
    include_archived: Annotated[
        bool, typer.Option("--include-archived", help="Also find archived memories (default: active only).")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Hybrid search of the user's memory stream and facts (vector + full text, scored)."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_memory(settings) as mem:
            return await service_memory.memory_search(
                stores(mem),
                user,
                query,
                k=k,
                speaker=speaker,
                session=session,
                as_of=as_of,
                include_archived=include_archived,
            )

    found = run_command(main, as_json=as_json)
    if as_json:
        print_json(found)
        return
    table = Table("id", "kind", "score", "importance", "strength", "content")
    for m in found["memories"]:
        table.add_row(
            str(m["id"]),
            m["kind"],
            f"{m['score']:.3f}",
            str(m["importance"]),
            f"{m['strength']:.2f}",
            m["content"][:90],
        )
    console.print(table if found["memories"] else "No memories match.")
    for hit in found["facts"]:
        f = hit["fact"]
        console.print(f"  fact {f['id']} [{f['status']}] {f['statement']}")


@memory_app.command("facts")
def facts(
    user: UserOpt = "local",
    active: Annotated[bool, typer.Option("--active", help="Only current facts (default: the whole history).")] = False,
    as_of: Annotated[
        datetime | None,
        typer.Option("--as-of", help="What was true then: a date (its end, UTC) or an ISO time."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """The user's facts, with status, validity and what superseded what (or those true at `--as-of`)."""
    settings = load_settings()

    async def main() -> list[dict[str, Any]]:
        async with open_memory(settings, check_embeddings=False) as mem:
            moment = _moment(as_of) if as_of is not None else None
            return await service_memory.memory_facts(stores(mem), user, active=active, as_of=moment)

    rows = run_command(main, as_json=as_json)
    if as_json:
        print_json(rows)
        return
    table = Table("id", "status", "kind", "subject", "statement", "valid from", "valid to", "supersedes", "sources")
    for f in rows:
        table.add_row(
            str(f["id"]),
            f["status"],
            f["kind"],
            f["subject"],
            f["statement"],
            f["valid_from"][:19],
            (f["valid_to"] or "")[:19],
            str(f["supersedes"] or ""),
            ", ".join(f["sources"][:3]) + (" ..." if len(f["sources"]) > 3 else ""),
        )
    console.print(table if rows else f"No facts for user {user!r} yet.")


def _moment(value: datetime) -> datetime:
    """A CLI time as an aware UTC moment; a bare date (midnight, no zone) means the end of that day."""
    if value.tzinfo is not None:
        return value
    if value.time() == datetime.min.time():
        return value.replace(tzinfo=UTC) + timedelta(days=1) - timedelta(microseconds=1)
    return value.replace(tzinfo=UTC)


def _tree(node: dict[str, Any], into: Tree) -> None:
    m = node["memory"]
    branch = into.add(f"#{m['id']} [bold]{m['kind']}[/] (importance {m['importance']}): {m['content'][:100]}")
    for source in node["sources"]:
        _tree(source, branch)


@memory_app.command("explain")
def explain(
    memory_id: Annotated[int, typer.Argument(help="A memory id (from `memory search`).")],
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Why a memory is believed: its provenance tree, down to the source observations."""
    settings = load_settings()

    async def main() -> Any:
        async with open_memory(settings, check_embeddings=False) as mem:
            return await service_memory.memory_explain(stores(mem), user, memory_id)

    node = run_command(main, as_json=as_json)
    if as_json:
        print_json(node)
        return
    root = Tree(f"memory {memory_id}")
    _tree(node, root)
    console.print(root)


@memory_app.command("stats")
def stats(user: UserOpt = "local", as_json: JsonOpt = False) -> None:
    """Counts by kind, category and status, oldest and newest, for the user."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_memory(settings, check_embeddings=False) as mem:
            return await service_memory.memory_stats(stores(mem), user)

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
        return
    m, f = out["memories"], out["facts"]
    console.print(f"[bold]{user}[/]: {m['total']} memories {m['by_kind']} · status {m['by_status']}")
    console.print(f"  from {m['oldest']} to {m['newest']}")
    console.print(f"  facts by status {f['by_status']} · kind {f['by_kind']} · category {f['by_category']}")
    cli_lifecycle.print_lifecycle(out["lifecycle"])


@memory_app.command("prewarm")
def prewarm_(
    budget: Annotated[
        float, typer.Option("--budget", min=0.1, help="Seconds it may take (> 0); it stops between reads.")
    ] = (DEFAULT_BUDGET_S),
    as_json: JsonOpt = False,
) -> None:
    """Read the memory search's pages into the server's buffers (after a server start), with progress."""
    settings = load_settings()
    shown = [-1]

    def show(p: PrewarmProgress) -> None:
        percent = 100 * p.done_blocks // max(p.planned_blocks, 1)
        if not as_json and percent // 10 > shown[0]:  # one line per tenth
            shown[0] = percent // 10
            console.print(f"  {percent:3d}% {p.done_blocks * 8 // 1024:,} MB, {p.seconds:.1f} s ({p.partition})")

    async def main() -> PrewarmReport:
        async with open_memory(settings, check_embeddings=False) as mem:
            return await prewarm(mem.pool, budget_s=budget, progress=show)

    report = run_command(main, as_json=as_json)
    if as_json:
        print_json(_plain(report))
        return
    if report.skipped:
        console.print("Skipped: another process (an API worker) is prewarming this database now.")
        return
    how = "every partition whole" if report.whole else "each partition's graph around a few rows (budget too small)"
    stopped = "" if report.complete else f"; stopped by the {budget:.0f} s budget"
    console.print(
        f"Read {report.read_blocks * 8 // 1024:,} MB of {report.partitions} partitions ({how}) in "
        f"{report.seconds:.1f} s; buffer budget {report.budget_blocks * 8 // 1024:,} MB{stopped}."
    )


@memory_app.command("reflect")
def reflect(user: UserOpt = "local", as_json: JsonOpt = False) -> None:
    """Reflect now on what happened since the last reflection (normally automatic past a threshold)."""
    settings = load_settings()

    async def main() -> list[int]:
        async with open_app(settings) as app:
            return (await process_memory(app, user_id=user, force_reflection=True)).reflections

    ids = run_command(main, as_json=as_json)
    if as_json:
        print_json({"reflections": ids})
    else:
        console.print(f"{len(ids)} reflection(s) written: {ids}" if ids else "Nothing new to reflect on.")


@memory_app.command("process")
def process_(
    user: Annotated[str | None, typer.Option("--user", "-u", help="Only this user (default: everyone).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Drain queued memory work (fact extraction after each turn); safe to run any time, from any process."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings) as app:
            return await service.drain_memory(app, user)

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
    else:
        jobs = out["jobs"]
        console.print(
            f"processed {jobs['claimed']} job(s): {jobs['done']} done, {jobs['retried']} to retry, "
            f"{jobs['failed']} failed"
        )


def register(app: typer.Typer) -> None:
    """Add the `memory` commands and `feedback` to the main CLI."""
    app.add_typer(memory_app, name="memory")
    cli_lifecycle.register(memory_app, app)
