"""CLI commands for procedural memory and runs: `workflows ...`, `runs ...` and `fork`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from cognicore import service
from cognicore.app import open_app
from cognicore.cli_common import JsonOpt, UserOpt, console, load_settings, print_json, run_command
from cognicore.orchestrator.runner import RunResult
from cognicore.progress import LiveProgress, print_result
from cognicore.workflows.replay import ReplayMode
from cognicore.workflows.transfer import WorkflowFile, read_workflow_file

workflows_app = typer.Typer(
    help="Learned workflows (procedural memory): list, inspect, retire, move, replay.", no_args_is_help=True
)
runs_app = typer.Typer(help="Recorded runs: every request with its plan, steps and model calls.", no_args_is_help=True)

IdArg = Annotated[int, typer.Argument(help="Workflow id (see `cognicore workflows list`).")]


@workflows_app.command("list")
def list_workflows(
    user: UserOpt = "local",
    include_retired: Annotated[bool, typer.Option("--all", help="Include retired workflows.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """List the user's learned workflows, most recently used first."""
    settings = load_settings()

    async def main() -> list[dict[str, Any]]:
        async with open_app(settings, check_embeddings=False) as app:
            return await service.list_workflows(app, user, include_retired=include_retired)

    found = run_command(main, as_json=as_json)
    if as_json:
        print_json(found)
        return
    table = Table("id", "status", "uses", "ok", "failed", "steps", "name")
    for w in found:
        agents = " → ".join(s["agent"] for s in w["template"]["steps"])
        counts = (w["usage_count"], w["success_count"], w["failure_count"])
        table.add_row(str(w["id"]), w["status"], *map(str, counts), agents, w["name"])
    console.print(table if found else f"No workflows learned yet for user {user!r}.")


@workflows_app.command("show")
def show_workflow(workflow_id: IdArg, user: UserOpt = "local", as_json: JsonOpt = False) -> None:
    """Show a workflow: its template steps, parameters, triggers and reuse record."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            return await service.show_workflow(app, user, workflow_id)

    wf = run_command(main, as_json=as_json)
    if as_json:
        print_json(wf)
        return
    console.print(f"[bold]workflow {wf['id']}[/] ({wf['status']}): {wf['name']}")
    console.print(
        f"features: {', '.join(wf['features']) or '-'} · used {wf['usage_count']} times · "
        f"{wf['success_count']} ok, {wf['failure_count']} failed"
    )
    for s in wf["template"]["steps"]:
        deps = f" after {', '.join(s['depends_on'])}" if s["depends_on"] else ""
        console.print(f"  {s['id']} [magenta]{s['agent']}[/]{deps}: {s['instruction']}")
    if wf["parameters"].get("sales"):
        console.print(f"parameters (when learned): {wf['parameters']['sales']}")
    console.print("triggers:")
    for t in wf["triggers"]:
        console.print(f"  • {t}")


@workflows_app.command("retire")
def retire_workflow(workflow_id: IdArg, user: UserOpt = "local", as_json: JsonOpt = False) -> None:
    """Retire a workflow: it is kept, but never reused again."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            return await service.retire_workflow(app, user, workflow_id)

    retired = run_command(main, as_json=as_json)
    if as_json:
        print_json(retired)
    else:
        console.print(f"workflow {workflow_id} retired")


@workflows_app.command("export")
def export(
    workflow_id: IdArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File to write (default: stdout).")] = None,
    user: UserOpt = "local",
) -> None:
    """Write a workflow as a JSON file that `workflows import` accepts."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            return await service.export_workflow_file(app, user, workflow_id)

    text = WorkflowFile.model_validate(run_command(main, as_json=False)).model_dump_json(indent=2)
    if output is None:
        print(text)
    else:
        output.write_text(text + "\n", encoding="utf-8")
        console.print(f"wrote {output}")


@workflows_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A file written by `workflows export`.")],
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Validate a workflow file against the registered agents and add it to the user's procedural memory."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        data = read_workflow_file(file)
        async with open_app(settings) as app:
            return await service.import_workflow(app, user, data, origin=str(file))

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
    else:
        console.print(f"workflow {out['id']} {'imported' if out['created'] else 'already known; triggers added'}")


@workflows_app.command("replay")
def replay(
    run_id: Annotated[str, typer.Argument(help="The run to replay (see `cognicore runs list`).")],
    live: Annotated[bool, typer.Option("--live", help="Use today's models and data; keep only the plan.")] = False,
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Re-execute a recorded run and report every difference step by step (exit 1 if any)."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings) as app:
            mode: ReplayMode = "live" if live else "recorded"
            if as_json:
                return await service.replay(app, user, run_id, mode=mode)
            with LiveProgress(console) as progress:
                return await service.replay(app, user, run_id, mode=mode, on_event=progress)

    report = run_command(main, as_json=as_json)
    if as_json:
        print_json(report)
    elif report["identical"]:
        console.print(f"[green]identical[/]: replay {report['replay_run']} of {run_id} ({report['mode']})")
    else:
        console.print(f"[red]{len(report['differences'])} difference(s)[/] replaying {run_id} ({report['mode']}):")
        for d in report["differences"]:
            console.print(
                f"  [bold]{d['where']}[/]\n    expected: {d['expected'][:300]}\n    actual:   {d['actual'][:300]}"
            )
    raise typer.Exit(0 if report["identical"] else 1)


@runs_app.command("list")
def list_runs(
    session: Annotated[str | None, typer.Option("--session", "-s", help="Only this session.")] = None,
    user: UserOpt = "local",
    limit: Annotated[int, typer.Option(help="At most this many, newest first.")] = 20,
    as_json: JsonOpt = False,
) -> None:
    """List the user's recorded runs, newest first."""
    settings = load_settings()

    async def main() -> list[dict[str, Any]]:
        async with open_app(settings, check_embeddings=False) as app:
            return await service.list_runs(app, user, session=session, limit=limit)

    rows = run_command(main, as_json=as_json)
    if as_json:
        print_json(rows)
        return
    table = Table("run", "created", "status", "origin", "intent", "session", "request")
    for r in rows:
        table.add_row(
            r["id"],
            (r["created_at"] or "")[:19],
            r["status"],
            r["origin"],
            r["intent"] or "-",
            r["session_id"],
            r["request"][:60],
        )
    console.print(table if rows else f"No runs recorded yet for user {user!r}.")


@runs_app.command("show")
def show_run(
    run_id: Annotated[str, typer.Argument(help="The run id.")],
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Show one of the user's runs: request, plan, steps, outcome, timings and every model call."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            return await service.show_run(app, user, run_id)

    run = run_command(main, as_json=as_json)
    if as_json:
        print_json(run)
        return
    console.print(f"[bold]run {run['id']}[/] · {run['status']} · {run['origin']} · engine {run['engine']}")
    console.print(f"request: {run['request']}")
    for s in run["steps"]:
        console.print(f"  {s['id']} {s['agent']}: {s['status']}")
    console.print(f"model calls: {run['model_calls']} · timings: {run['timings_ms']}")
    for c in run["calls"]:
        console.print(f"  [dim]#{c['seq']} {c['role']} ({c['scope']}) {c['ms']:.1f} ms[/]")


def fork(
    session: Annotated[str, typer.Option("--session", "-s", help="The session to travel back in.")],
    checkpoint: Annotated[str, typer.Option("--checkpoint", "-c", help="Checkpoint id (`cognicore history`).")],
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Time travel: continue a session from an earlier checkpoint as a new run; the original is kept."""
    settings = load_settings()

    async def main() -> int:
        async with open_app(settings) as app:
            if as_json:
                result = await service.fork(app, user, session, checkpoint)
                print_json(result)
            else:
                with LiveProgress(console) as progress:
                    result = await service.fork(app, user, session, checkpoint, on_event=progress)
                print_result(console, RunResult.model_validate(result))
            return 0 if result["outcome"] in ("succeeded", "refused", "unsure") else 1  # an answer given

    raise typer.Exit(run_command(main, as_json=as_json))


def register(app: typer.Typer) -> None:
    """Add these commands to the main CLI."""
    app.add_typer(workflows_app, name="workflows")
    app.add_typer(runs_app, name="runs")
    app.command("fork")(fork)
