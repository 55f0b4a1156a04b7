"""CLI commands for background work: `worker`, `jobs run | status` and `prune`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cognicore.app import open_app
from cognicore.cli_common import JsonOpt, console, err_console, load_settings, print_json, run_command
from cognicore.maintenance import JOBS, STEPS, JobBusy, UnknownJob, resolve_job, run_job
from cognicore.retention import parse_age, prune_from_settings

jobs_app = typer.Typer(
    help="Maintenance jobs (nightly, weekly, monthly, prune, or one step): run now, see their status.",
    no_args_is_help=True,
)


def _usage_error(message: str, *, as_json: bool) -> typer.Exit:
    if as_json:
        print(json.dumps({"error": {"type": "UsageError", "message": message}}))
    else:
        err_console.print(f"[red]error:[/] {message}")
    return typer.Exit(2)


@jobs_app.command("run")
def run(
    name: Annotated[str, typer.Argument(metavar="nightly|weekly|monthly|prune|STEP", help="The job or one step.")],
    period: Annotated[
        str | None,
        typer.Option("--period", help="Run this slot (e.g. 2026-W48): a slot already done is not run again."),
    ] = None,
    queue: Annotated[bool, typer.Option("--queue", help="Queue it for `cognicore worker` instead.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Run a maintenance job now, with progress; it resumes a half-done `--period` and never runs twice at once."""
    try:
        steps = resolve_job(name)
    except UnknownJob as exc:
        raise _usage_error(str(exc), as_json=as_json) from None
    settings = load_settings()

    async def main() -> dict[str, Any]:
        try:
            return await _run(name, steps)
        except JobBusy as exc:  # expected: another worker has it; say so, exit 1
            return {"busy": str(exc)}

    async def _run(name: str, steps: tuple[str, ...]) -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            if queue:
                from cognicore.worker import defer_job

                return {"queued": name, "queue_job_id": await defer_job(app, name)}
            if as_json:
                return (await run_job(app, name, period=period)).to_json()
            columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"))
            with Progress(*columns, TimeElapsedColumn(), console=console, transient=True) as progress:
                bar = progress.add_task(name, total=len(steps))

                def on_step(step: str, index: int, total: int) -> None:
                    progress.update(bar, completed=index, description=f"{name}: {step}")

                report = await run_job(app, name, period=period, on_step=on_step)
                progress.update(bar, completed=len(steps))
            return report.to_json()

    out = run_command(main, as_json=as_json)
    if "busy" in out:
        if as_json:
            print(json.dumps({"error": {"type": "JobBusy", "message": out["busy"]}}))
        else:
            err_console.print(f"[red]error:[/] {out['busy']}")
        raise typer.Exit(1)
    if as_json:
        print_json(out)
        return
    if "queued" in out:
        console.print(f"queued {out['queued']} as queue job {out['queue_job_id']}; a `cognicore worker` runs it")
        return
    if out["already_done"]:
        console.print(f"{name} {out['period']}: already done")
        return
    table = Table("step", "changed", "resumed")
    for step, n in out["steps"].items():
        table.add_row(step, str(n), str(out["skipped"].get(step, "")))
    console.print(table)
    console.print(f"{name} done for {out['users']} user(s), slot {out['period']!r}, attempt {out['attempts']}")


@jobs_app.command("status")
def status(as_json: JsonOpt = False) -> None:
    """Recent runs of each job, the worker queue, the extraction backlog and the schedule."""
    settings = load_settings()

    async def main() -> dict[str, Any]:
        from cognicore.worker import jobs_status

        async with open_app(settings, check_embeddings=False) as app:
            return await jobs_status(app)

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
        return
    schedule = Table("job", "cron (UTC)", "steps")
    for job, cron in out["schedule"].items():
        schedule.add_row(job, cron or "off", ", ".join(out["jobs"].get(job, [])))
    console.print(schedule)
    runs = Table("job", "slot", "status", "attempts", "steps done", "started", "finished")
    for r in out["runs"]:
        runs.add_row(
            r["job"],
            r["period"],
            r["status"],
            str(r["attempts"]),
            str(r["steps"]),
            r["started_at"],
            r["finished_at"] or "",
        )
    console.print(runs if out["runs"] else "No maintenance run yet.")
    queue = ", ".join(f"{q['task_name']} {q['status']}: {q['n']}" for q in out["queue"]) or "empty"
    console.print(f"worker queue: {queue}; extraction backlog: {out['extraction_backlog']} job(s)")


def worker(
    heartbeat_s: Annotated[
        float, typer.Option("--heartbeat", help="Seconds between heartbeats; a worker silent 3x that is presumed dead.")
    ] = 10.0,
    name: Annotated[str | None, typer.Option("--name", help="This worker's name in the logs and the queue.")] = None,
    health_file: Annotated[
        Path | None, typer.Option("--health-file", help="Touched after each extraction round (health checks).")
    ] = None,
) -> None:
    """Run the background worker: drain fact extraction, run the maintenance schedule (until Ctrl-C)."""
    import logging

    settings = load_settings()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    async def main() -> None:
        from cognicore.worker import run_worker, schedules

        async with open_app(settings, check_embeddings=False) as app:
            plan = ", ".join(f"{job} '{cron}'" for job, cron in schedules(settings).items())
            err_console.print(f"worker {name or ''} started: {plan}; extraction every {settings.worker_poll_s:g} s")
            await run_worker(app, heartbeat_s=heartbeat_s, name=name, health_file=health_file)

    run_command(main, as_json=False)


def prune(
    older_than: Annotated[
        str | None, typer.Option("--older-than", help="Age of what goes, e.g. 30d, 12h, 0d (default: the setting).")
    ] = None,
    keep_last: Annotated[
        int | None,
        typer.Option("--keep-last", min=1, help="Checkpoints kept per thread (default: setting)."),
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would go; change nothing.")] = False,
    compact: Annotated[
        bool, typer.Option("--compact", help="VACUUM FULL after: disk space back to the system (locks the tables).")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Remove old checkpoints, runs and role calls; resumable threads and referenced runs stay."""
    try:
        age = parse_age(older_than) if older_than is not None else None
    except ValueError as exc:
        raise _usage_error(str(exc), as_json=as_json) from None
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            report = await prune_from_settings(
                app, older_than=age, keep_last=keep_last, dry_run=dry_run, compact=compact
            )
            return report.to_json()

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
        return
    table = Table("table", "rows removed" if not dry_run else "rows that would go", "size before", "size after")
    for key, n in out["removed"].items():
        before, after = out["bytes_before"].get(key), out["bytes_after"].get(key)
        table.add_row(key, str(n), _size(before), "" if dry_run else _size(after))
    console.print(table)
    verb = "would remove" if dry_run else "removed"
    console.print(
        f"{verb} rows older than {out['cutoff']} for {len(out['users'])} user(s), keeping the last "
        f"{out['keep_last']} checkpoint(s) of each thread; {out['protected_runs']} run(s) named by eval reports kept"
    )


def _size(n: int | None) -> str:
    if n is None:
        return ""
    return f"{n / 1024:,.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MB"


def register(app: typer.Typer) -> None:
    """Add these commands to the main CLI."""
    app.add_typer(jobs_app, name="jobs")
    app.command("worker")(worker)
    app.command("prune")(prune)


__all__ = ["JOBS", "STEPS", "register"]
