"""The `cognicore` command line: the one sync edge, each command one `asyncio.run`."""

from __future__ import annotations

import dataclasses
import sys
import uuid
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cognicore import cli_eval, cli_jobs, cli_memory, cli_service, cli_workflows, service
from cognicore.app import App, grant_sql_schemas, open_app, reembed_all
from cognicore.cli_common import (
    JsonOpt,
    UserOpt,
    console,
    load_settings,
    print_json,
    run_command,
)
from cognicore.memory.stream_types import NewMemory
from cognicore.orchestrator.runner import RunResult
from cognicore.progress import LiveProgress, checkpoints_table, print_result

app = typer.Typer(
    help="cognicore: multi-agent orchestration with long-term memory on PostgreSQL.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


async def _ask(app_: App, text: str, *, session: str, user: str, as_json: bool) -> int:
    if as_json:
        result = await service.ask(app_, user, text, session=session)
        print_json(result)
    else:
        console.print(f"[bold]> {text}[/]")
        with LiveProgress(console) as progress:
            result = await service.ask(app_, user, text, session=session, on_event=progress)
        print_result(console, RunResult.model_validate(result))
    # After the reply is out: extract facts from the turn (durable jobs) and reflect when due.
    await service.after_reply(app_, user)
    return exit_code(result)


def exit_code(result: dict[str, Any]) -> int:
    """0 when the run gave an answer: a refusal or an honest "unsure" is one (README, `ask --json`)."""
    return 0 if result["outcome"] in ("succeeded", "refused", "unsure") else 1


@app.command()
def ask(
    text: Annotated[str, typer.Argument(help="The question or task; `-` reads it from standard input.")],
    session: Annotated[str | None, typer.Option("--session", "-s", help="Session (thread) id; new if omitted.")] = None,
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Ask a question or give a task; shows live progress, the answer, sources and artefacts."""
    settings = load_settings()
    session_id = session or f"s-{uuid.uuid4().hex[:10]}"
    if text == "-":
        text = sys.stdin.read()

    async def main() -> int:
        async with open_app(settings) as app_:
            return await _ask(app_, text, session=session_id, user=user, as_json=as_json)

    raise typer.Exit(run_command(main, as_json=as_json))


DEMO_QUESTION = "What is the return policy for opened headphones?"
DEMO_TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"


@app.command()
def demo(as_json: JsonOpt = False) -> None:
    """Seed the demo data (once) and run the showcase: a knowledge question, then a planned report task."""
    settings = load_settings()
    from cognicore.demo import seed_demo

    async def main() -> int:
        async with open_app(settings) as app_:
            seeded = await seed_demo(app_.admin_pool, app_.knowledge)
            await grant_sql_schemas(app_)  # the demo schema may be new: the SQL reader needs its grant
            session = f"demo-{uuid.uuid4().hex[:8]}"
            if as_json:
                results = []
                for text in (DEMO_QUESTION, DEMO_TASK):
                    results.append(await service.ask(app_, "demo", text, session=session))
                    await service.after_reply(app_, "demo")
                print_json(
                    {
                        "seeded": {
                            "sales_rows": seeded.sales_rows,
                            "documents_added": len(seeded.corpus.added),
                        },
                        "runs": results,
                    }
                )
                return 0 if all(r["outcome"] == "succeeded" for r in results) else 1
            console.print(
                f"[dim]demo data: {seeded.sales_rows:,} sales rows and {len(seeded.corpus.added)} documents added "
                f"({len(seeded.corpus.unchanged)} unchanged)[/]"
            )
            codes = []
            for i, text in enumerate((DEMO_QUESTION, DEMO_TASK), start=1):
                console.rule(f"[bold]{i}. {'knowledge question' if i == 1 else 'complex task'}")
                codes.append(await _ask(app_, text, session=session, user="demo", as_json=False))
            return max(codes)

    raise typer.Exit(run_command(main, as_json=as_json))


@app.command()
def ingest(
    paths: Annotated[list[Path], typer.Argument(help="Markdown or text files, or folders of them.")],
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Add Markdown and text files to the knowledge base; unchanged files are skipped, changed ones replaced.

    Each added or changed file is also an observation in the user's memory stream.
    """
    settings = load_settings()

    async def main() -> int:
        async with open_app(settings) as app_:
            if as_json:
                report = await app_.knowledge.ingest_paths(paths)
            else:
                with Progress(
                    TextColumn("{task.description}"),
                    BarColumn(),
                    MofNCompleteColumn(),
                    TimeElapsedColumn(),
                    console=console,
                ) as bar:
                    task = bar.add_task("ingesting", total=None)

                    def on_progress(event: Any) -> None:
                        bar.update(
                            task,
                            total=event.total,
                            completed=event.index,
                            description=f"{event.status}: {Path(event.path).name}",
                        )

                    report = await app_.knowledge.ingest_paths(paths, on_progress=on_progress)
            uploads = [
                NewMemory(
                    kind="observation",
                    importance=4,
                    content=f"Uploaded {Path(path).name} to the knowledge "
                    f"base ({report.chunks_by_source.get(path, 0)} chunks)",
                    metadata={"source": path},
                )
                for path in (*report.added, *report.updated)
            ]
            await app_.memory.stream.add(user, uploads)
        summary = {
            "added": list(report.added),
            "updated": list(report.updated),
            "unchanged": list(report.unchanged),
            "skipped": [{"path": s.path, "reason": str(s.reason), "detail": s.detail} for s in report.skipped],
            "chunks_written": report.chunks_written,
        }
        if as_json:
            print_json(summary)
        else:
            console.print(
                f"added {len(report.added)}, updated {len(report.updated)}, unchanged "
                f"{len(report.unchanged)}, skipped {len(report.skipped)}; "
                f"{report.chunks_written} chunks written"
            )
            for s in report.skipped:
                console.print(f"  [yellow]skipped[/] {s.path}: {s.detail}")
        return 0

    raise typer.Exit(run_command(main, as_json=as_json))


@app.command()
def agents(as_json: JsonOpt = False) -> None:
    """List the registered sub-agents (built-in and from the `cognicore.subagents` entry points)."""
    settings = load_settings()

    async def main() -> list[dict[str, str]]:
        async with open_app(settings, check_embeddings=False) as app_:
            return service.list_agents(app_)

    listing = run_command(main, as_json=as_json)
    if as_json:
        print_json(listing)
        return
    table = Table("name", "description")
    for a in listing:
        table.add_row(a["name"], a["description"])
    console.print(table)


@app.command()
def history(
    session: Annotated[str, typer.Option("--session", "-s", help="The session whose checkpoints to list.")],
    limit: Annotated[int, typer.Option(help="At most this many checkpoints, newest first.")] = 50,
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """List a user's session checkpoints, newest first (what `resume` continues from)."""
    settings = load_settings()

    async def main() -> list[dict[str, Any]]:
        async with open_app(settings, check_embeddings=False) as app_:
            return await service.session_history(app_, user, session, limit=limit)

    rows = run_command(main, as_json=as_json)
    if as_json:
        print_json(rows)
    elif not rows:
        console.print(f"Session {session!r} of user {user!r} has no checkpoints.")
    else:
        console.print(checkpoints_table(rows))


@app.command()
def resume(
    session: Annotated[str, typer.Option("--session", "-s", help="The session with an interrupted run.")],
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Continue a session's interrupted run from its last checkpoint; completed steps are not run again."""
    settings = load_settings()

    async def main() -> int:
        async with open_app(settings) as app_:
            if as_json:
                result = await service.resume(app_, user, session)
                print_json(result)
            else:
                with LiveProgress(console) as progress:
                    result = await service.resume(app_, user, session, on_event=progress)
                print_result(console, RunResult.model_validate(result))
            await service.after_reply(app_, user)
            return exit_code(result)

    raise typer.Exit(run_command(main, as_json=as_json))


@app.command()
def reembed(as_json: JsonOpt = False) -> None:
    """Re-embed everything stored (knowledge, memories, facts, workflows) with the configured embedding model."""
    settings = load_settings()

    async def main() -> dict[str, int]:
        async with open_app(settings, check_embeddings=False) as app_:
            with console.status("re-embedding…") as status:
                report = await reembed_all(app_, on_progress=lambda what: status.update(f"re-embedding {what}…"))
            return dataclasses.asdict(report)

    counts = run_command(main, as_json=as_json)
    if as_json:
        print_json(counts)
    else:
        console.print(
            f"re-embedded {counts['chunks']} chunks, {counts['workflow_triggers']} workflow triggers, "
            f"{counts['memories']} memories and {counts['facts']} facts of {counts['users']} user(s)"
        )


cli_workflows.register(app)
cli_eval.register(app)
cli_memory.register(app)
cli_service.register(app)
cli_jobs.register(app)


def main() -> None:
    """Entry point of the `cognicore` script."""
    app(prog_name="cognicore")


if __name__ == "__main__":
    main()
