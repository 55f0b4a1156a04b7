"""CLI commands for long-term memory: `memory search | facts | explain | stats | reflect | process`."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from pydantic_core import to_jsonable_python
from rich.table import Table
from rich.tree import Tree

from cognicore.app import open_app, process_memory
from cognicore.cli_common import JsonOpt, UserOpt, console, load_settings, print_json, run_command
from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.stream_types import MemoryNode

memory_app = typer.Typer(
    help="Long-term memory: search it, list facts, explain, stats, reflect, process.", no_args_is_help=True
)


def _plain(value: Any) -> Any:
    """Dataclasses, datetimes and numpy vectors as JSON values."""
    return to_jsonable_python(value, fallback=str)


@memory_app.command("search")
def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    user: UserOpt = "local",
    k: Annotated[int, typer.Option("--k", help="How many of each kind to return.")] = 10,
    as_json: JsonOpt = False,
) -> None:
    """Hybrid search of the user's memory stream and facts (vector + full text, scored)."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings) as app:
            memories = await app.memory.stream.search(user, query, k=k)
            facts = await app.memory.facts.search(user, query, k=k)
            return {"memories": _plain(memories), "facts": _plain(facts)}

    found = run_command(main, as_json=as_json)
    if as_json:
        print_json(found)
        return
    table = Table("id", "kind", "score", "importance", "content")
    for m in found["memories"]:
        table.add_row(str(m["id"]), m["kind"], f"{m['score']:.3f}", str(m["importance"]), m["content"][:90])
    console.print(table if found["memories"] else "No memories match.")
    for hit in found["facts"]:
        f = hit["fact"]
        console.print(f"  fact {f['id']} [{f['status']}] {f['statement']}")


@memory_app.command("facts")
def facts(
    user: UserOpt = "local",
    active: Annotated[bool, typer.Option("--active", help="Only current facts (default: the whole history).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The user's facts, with status, validity and what superseded what."""
    settings = load_settings()

    async def main() -> list[dict[str, Any]]:
        async with open_app(settings, check_embeddings=False) as app:
            found = await (app.memory.facts.active(user) if active else app.memory.facts.history(user))
            return [f.to_dict() for f in found]

    rows = run_command(main, as_json=as_json)
    if as_json:
        print_json(rows)
        return
    table = Table("id", "status", "kind", "category", "statement", "valid from", "valid to", "supersedes")
    for f in rows:
        table.add_row(
            str(f["id"]),
            f["status"],
            f["kind"],
            f["category"],
            f["statement"],
            f["valid_from"][:19],
            (f["valid_to"] or "")[:19],
            str(f["supersedes"] or ""),
        )
    console.print(table if rows else f"No facts for user {user!r} yet.")


def _tree(node: MemoryNode, into: Tree) -> None:
    m = node.memory
    branch = into.add(f"#{m.id} [bold]{m.kind}[/] (importance {m.importance}): {m.content[:100]}")
    for source in node.sources:
        _tree(source, branch)


@memory_app.command("explain")
def explain(
    memory_id: Annotated[int, typer.Argument(help="A memory id (from `memory search`).")],
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Why a memory is believed: its provenance tree, down to the source observations."""
    settings = load_settings()

    async def main() -> MemoryNode:
        async with open_app(settings, check_embeddings=False) as app:
            node = await app.memory.stream.explain(user, memory_id)
            if node is None:
                raise MemoryStoreError(f"User {user!r} has no memory {memory_id}; find ids with `memory search`.")
            return node

    node = run_command(main, as_json=as_json)
    if as_json:
        print_json(_plain(node))
        return
    root = Tree(f"memory {memory_id}")
    _tree(node, root)
    console.print(root)


@memory_app.command("stats")
def stats(user: UserOpt = "local", as_json: JsonOpt = False) -> None:
    """Counts by kind, category and status, oldest and newest, for the user."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            return {
                "user": user,
                "memories": _plain(await app.memory.stream.stats(user)),
                "facts": _plain(await app.memory.facts.stats(user)),
            }

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
        return
    m, f = out["memories"], out["facts"]
    console.print(f"[bold]{user}[/]: {m['total']} memories {m['by_kind']} · status {m['by_status']}")
    console.print(f"  from {m['oldest']} to {m['newest']}")
    console.print(f"  facts by status {f['by_status']} · kind {f['by_kind']} · category {f['by_category']}")


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
            work = await process_memory(app, user_id=user)
            return {"jobs": _plain(work.jobs), "reflections": work.reflections}

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
    """Add the `memory` commands to the main CLI."""
    app.add_typer(memory_app, name="memory")
