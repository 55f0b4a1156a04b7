"""CLI of the memory lifecycle: `memory sleep`, `feedback RUN_ID --good|--bad`, and the lifecycle part of stats."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from pydantic_core import to_jsonable_python
from rich.table import Table

from cognicore import service
from cognicore.app import open_app
from cognicore.cli_common import JsonOpt, UserOpt, console, load_settings, print_json, run_command
from cognicore.memory.lifecycle import sleep_phase

__all__ = ["print_lifecycle", "register"]


def _rate(value: float | None, *, percent: bool = True) -> str:
    if value is None:
        return "-"
    return f"{value:.0%}" if percent else f"{value:.2f}"


def print_lifecycle(life: dict[str, Any]) -> None:
    """The lifecycle metrics for a terminal: one line of totals, levels, strength, then a row per perspective."""
    console.print(
        f"  lifecycle: archive rate {_rate(life['archive_rate'])} ({life['archived']} of {life['total']}) · "
        f"usage rate {_rate(life['usage_rate'])} · hit rate {_rate(life['hit_rate'])} over {life['reads']} read(s) · "
        f"candidates per use {_rate(life['candidates_per_use'], percent=False)}"
    )
    console.print(
        f"  consolidation levels {life['levels']} (mean {_rate(life['mean_level'], percent=False)}) · "
        f"strength bands {life['strength_bands']} · quartiles {life['strength_quartiles']}"
    )
    if not life["perspectives"]:
        return
    table = Table("perspective", "reads", "hit rate", "candidates/use", "memories", "mean strength", "paths")
    for p in life["perspectives"]:
        table.add_row(
            p["perspective"] or "(none)",
            str(p["reads"]),
            _rate(p["hit_rate"]),
            _rate(p["candidates_per_use"], percent=False),
            str(p["memories"]),
            _rate(p["mean_strength"], percent=False),
            ", ".join(f"{k} {v}" for k, v in sorted(p["by_path"].items())),
        )
    console.print(table)


def sleep(
    user: Annotated[str | None, typer.Option("--user", "-u", help="Only this user (default: everyone).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Run the memory sleep phase now: promote, decay, archive below the threshold, enforce the capacity."""
    settings = load_settings()
    from cognicore.cli_memory import open_memory  # the memory CLI's opener; imported late (it registers us)

    async def main() -> dict[str, Any]:
        async with open_memory(settings, check_embeddings=False) as mem:
            report = await sleep_phase(mem.pool, user_id=user, config=settings.memory_lifecycle)
        return dict(to_jsonable_python(report, fallback=str))

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
        return
    console.print(
        f"sleep phase at {out['at']} for {out['users']} user(s): {out['promoted']} promoted, {out['decayed']} "
        f"decayed, {out['archived']} archived below the threshold, {out['archived_over_capacity']} over capacity"
    )


def feedback(
    run_id: Annotated[str, typer.Argument(help="The run to judge (`run_id` of `ask --json`).")],
    good: Annotated[bool | None, typer.Option("--good/--bad", help="Was the run's result good or bad?")] = None,
    note: Annotated[str | None, typer.Option("--note", help="Why, in a few words (kept with the verdict).")] = None,
    user: UserOpt = "local",
    as_json: JsonOpt = False,
) -> None:
    """Judge a run: its memories gain (or lose) strength, its workflow counts a good (or failed) outcome."""
    if good is None:
        raise typer.BadParameter("say --good or --bad", param_hint="--good/--bad")
    settings = load_settings()

    async def main() -> dict[str, Any]:
        async with open_app(settings, check_embeddings=False) as app:
            return await service.feedback(app, user, run_id, good=good, note=note)

    out = run_command(main, as_json=as_json)
    if as_json:
        print_json(out)
        return
    m = out["memory"]
    verdict = "good" if out["good"] else "bad"
    line = f"run {run_id} judged {verdict}: impact {m['applied']:+.1f} on {len(m['memory_ids'])} memory(ies)"
    if out["workflow_id"] is not None:
        line += f"; workflow {out['workflow_id']} is {out['workflow_status'] or 'unchanged (same verdict)'}"
    console.print(line)


def register(memory_app: typer.Typer, app: typer.Typer) -> None:
    """Add `memory sleep` and the top-level `feedback`."""
    memory_app.command("sleep")(sleep)
    app.command("feedback")(feedback)
