"""CLI commands for procedural memory and runs: `workflows ...`, `runs ...` and `fork`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from cognicore.app import open_app
from cognicore.cli_common import JsonOpt, UserOpt, console, load_settings, print_json, run_command
from cognicore.progress import LiveProgress, print_result
from cognicore.service import import_workflow, workflow_json
from cognicore.service import list_runs as service_list_runs
from cognicore.workflows.errors import WorkflowNotFound
from cognicore.workflows.replay import ReplayMode
from cognicore.workflows.store import Workflow
from cognicore.workflows.transfer import export_workflow, read_workflow_file

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

    async def main() -> list[Workflow]:
        async with open_app(settings, check_embeddings=False) as app:
            return await app.workflows.list(user_id=user, include_retired=include_retired)

    found = run_command(main, as_json=as_json)
    if as_json:
        print_json([workflow_json(w) for w in found])
        return
    table = Table("id", "status", "uses", "ok", "failed", "steps", "name")
    for w in found:
        agents = " → ".join(s["agent"] for s in w.template["steps"])
        table.add_row(
            str(w.id), w.status, str(w.usage_count), str(w.success_count), str(w.failure_count), agents, w.name
        )
    console.print(table if found else f"No workflows learned yet for user {user!r}.")


@workflows_app.command("show")
def show_workflow(workflow_id: IdArg, user: UserOpt = "local", as_json: JsonOpt = False) -> None:
    """Show a workflow: its template steps, parameters, triggers and reuse record."""
    settings = load_settings()

    async def main() -> Workflow:
        async with open_app(settings, check_embeddings=False) as app:
            return await app.workflows.get(workflow_id=workflow_id, user_id=user)

    wf = run_command(main, as_json=as_json)
    if as_json:
        print_json(workflow_json(wf))
        return
    console.print(f"[bold]workflow {wf.id}[/] ({wf.status}): {wf.name}")
    console.print(
        f"features: {', '.join(wf.features) or '-'} · used {wf.usage_count} times · "
        f"{wf.success_count} ok, {wf.failure_count} failed"
    )
    for s in wf.template["steps"]:
        deps = f" after {', '.join(s['depends_on'])}" if s["depends_on"] else ""
        console.print(f"  {s['id']} [magenta]{s['agent']}[/]{deps}: {s['instruction']}")
    if wf.parameters.get("sales"):
        console.print(f"parameters (when learned): {wf.parameters['sales']}")
    console.print("triggers:")
    for t in wf.triggers:
        console.print(f"  • {t}")


@workflows_app.command("retire")
def retire_workflow(workflow_id: IdArg, user: UserOpt = "local", as_json: JsonOpt = False) -> None:
    """Retire a workflow: it is kept, but never reused again."""
    settings = load_settings()

    async def main() -> None:
        async with open_app(settings, check_embeddings=False) as app:
            await app.workflows.set_status(workflow_id=workflow_id, user_id=user, status="retired")

    run_command(main, as_json=as_json)
    if as_json:
        print_json({"id": workflow_id, "status": "retired"})
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

    async def main() -> Workflow:
        async with open_app(settings, check_embeddings=False) as app:
            return await app.workflows.get(workflow_id=workflow_id, user_id=user)

    text = export_workflow(run_command(main, as_json=False)).model_dump_json(indent=2)
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
            return await import_workflow(app, user, data, origin=str(file))

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
                report, _ = await app.runner.replay(run_id, user_id=user, mode=mode)
            else:
                with LiveProgress(console) as progress:
                    report, _ = await app.runner.replay(run_id, user_id=user, mode=mode, on_event=progress)
            return report.model_dump(mode="json")

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
            return await service_list_runs(app, user, session=session, limit=limit)

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
            record = await app.runs.get(run_id, user_id=user)
            if record is None:
                raise WorkflowNotFound(f"No run {run_id!r} for user {user!r}; see `cognicore runs list --user {user}`.")
            calls = await app.runs.calls(run_id, user_id=user)
            return {**record.model_dump(mode="json"), "calls": [c.model_dump(mode="json") for c in calls]}

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
                result = await app.runner.fork(session_id=session, user_id=user, checkpoint_id=checkpoint)
                print_json(result.model_dump(mode="json"))
            else:
                with LiveProgress(console) as progress:
                    result = await app.runner.fork(
                        session_id=session, user_id=user, checkpoint_id=checkpoint, on_event=progress
                    )
                print_result(console, result)
            return 0 if result.outcome in ("succeeded", "refused", "unsure") else 1  # an answer given

    raise typer.Exit(run_command(main, as_json=as_json))


def register(app: typer.Typer) -> None:
    """Add these commands to the main CLI."""
    app.add_typer(workflows_app, name="workflows")
    app.add_typer(runs_app, name="runs")
    app.command("fork")(fork)
