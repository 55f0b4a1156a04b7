"""The `cognicore eval` command: run an evaluation suite on the app, show each case, write a Markdown report."""

from __future__ import annotations

import asyncio
import re
import uuid
from contextlib import nullcontext
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from rich.markup import escape
from rich.table import Table

from cognicore.app import grant_sql_schemas, open_app
from cognicore.cli_common import JsonOpt, console, load_settings, print_json, run_command
from cognicore.cli_heldout import run_heldout
from cognicore.demo import seed_demo as seed_demo_data
from cognicore.heldout import is_heldout_file
from cognicore.workflows.errors import WorkflowError
from cognicore.workflows.evaluation import (
    Case,
    CaseResult,
    Suite,
    SuiteReport,
    load_suite,
    report_markdown,
    run_suite,
)

DEMO_SUITE = Path(__file__).parent / "demo" / "eval-demo.yaml"


async def read_rows(pool: AsyncConnectionPool, statement: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a suite's `expected_sql`, read as the owner in a read-only transaction."""
    async with pool.connection() as conn, conn.transaction():
        await conn.execute("SET TRANSACTION READ ONLY")
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(statement, params)  # type: ignore[arg-type]  # the operator's own suite file
            return await cur.fetchall()


def register(app: typer.Typer) -> None:
    """Add the `eval` command to the `cognicore` application."""
    app.command("eval")(eval_suite)


def _report_path(folder: Path, suite: Suite) -> Path:
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", suite.name).strip("-.") or "suite"
    return folder / f"eval-{slug}-{datetime.now():%Y%m%d-%H%M%S}.md"


def _case_line(result: CaseResult) -> str:
    mark = "[green]✓[/]" if result.passed else "[red]✗[/]"
    parts = [result.intent or "-"]
    if result.reused:
        parts.append("reused" if result.similarity is None else f"reused (similarity {result.similarity:.2f})")
    elif result.reused is False:
        parts.append("planned")
    if result.error is None:
        parts += [f"{result.latency_ms or 0:,.0f} ms", f"{result.total_model_calls} model calls"]
    line = f"{mark} [bold]{escape(result.id)}[/]  [dim]{' · '.join(parts)}[/]"
    return "\n".join([line, *(f"    [red]{escape(f)}[/]" for f in result.failures)])


def _summary(report: SuiteReport) -> Table:
    t = report.totals
    table = Table(title=escape(f"suite {report.suite} · engine {report.engine or '?'}"))
    for column in ("cases", "passed", "success", "reuse hits", "model calls", "p50", "p95"):
        table.add_column(column, justify="right")
    mean = "-" if t.model_calls_mean is None else f"{t.model_calls_mean:.1f}"
    table.add_row(
        str(t.cases),
        str(t.passed),
        f"{t.success_rate:.0%}",
        f"{t.reuse_hits}/{t.task_runs}",
        f"{t.model_calls_total} (mean {mean})",
        "-" if t.latency_p50_ms is None else f"{t.latency_p50_ms:,.0f} ms",
        "-" if t.latency_p95_ms is None else f"{t.latency_p95_ms:,.0f} ms",
    )
    return table


def eval_suite(
    suite_file: Annotated[
        Path | None,
        typer.Argument(metavar="SUITE.yaml", help="The suite file; default: the demo suite shipped with cognicore."),
    ] = None,
    as_json: JsonOpt = False,
    report: Annotated[
        Path | None,
        typer.Option("--report", help="Where to write the Markdown report (default: DATA_DIR/reports/eval-*.md)."),
    ] = None,
    user: Annotated[
        str | None,
        typer.Option("--user", "-u", help="Run as this existing user, with its memories (default: a fresh user)."),
    ] = None,
    seed_demo: Annotated[
        bool, typer.Option("--seed-demo", help="Seed the demo data first (done anyway for the demo suite).")
    ] = False,
    suite_option: Annotated[
        Path | None,
        typer.Option(
            "--suite",
            help="The suite file (same as SUITE.yaml). A held-out suite (bench/heldout/*.yaml) is judged right, "
            "unsure or wrong per case; the exit code is 1 when any case is wrong.",
        ),
    ] = None,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Held-out suites: run only this case id (repeatable).")
    ] = None,
) -> None:
    """Run an evaluation suite: pass or fail per case, success rate, reuse hits, model calls, latency."""
    path = suite_file or suite_option or DEMO_SUITE
    if is_heldout_file(path):  # its own format and judge (cognicore.heldout); it seeds its own domain
        run_heldout(path, as_json=as_json, only=only)
    settings = load_settings()
    seed = seed_demo or path.resolve() == DEMO_SUITE.resolve()
    tag = uuid.uuid4().hex[:8]

    async def preflight() -> tuple[Suite, Path]:
        # Before the database opens: a bad suite or report folder must not cost a run.
        suite = load_suite(path)
        if user:  # an explicit user is evaluated with the memories it has, not a fresh one
            suite = suite.model_copy(update={"user": user, "fresh_user": False})
        out = report or _report_path(settings.reports_dir, suite)
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise WorkflowError(f"cannot write the report to {out}: {exc}") from exc
        return suite, out

    suite, out = run_command(preflight, as_json=as_json)

    async def main() -> SuiteReport:
        async with open_app(settings) as app_:
            if seed:
                with nullcontext() if as_json else console.status("seeding the demo data…"):
                    await seed_demo_data(app_.admin_pool, app_.knowledge)
                    await grant_sql_schemas(app_)  # a new demo schema needs the SQL reader's grant

            async def ask(request: str, session_id: str, user_id: str) -> dict[str, Any]:
                result = await app_.runner.ask(request, session_id=session_id, user_id=user_id)
                return result.model_dump(mode="json")

            query = partial(read_rows, app_.admin_pool)
            if as_json:
                result = await run_suite(suite, ask, tag=tag, query=query)
            else:
                who = f"fresh user {suite.user}-{tag}" if suite.fresh_user else f"user {suite.user}"
                console.print(f"[bold]suite {escape(suite.name)}[/]: {len(suite.cases)} cases as {escape(who)}")
                with console.status("starting…") as status:

                    def on_start(index: int, case: Case) -> None:
                        status.update(
                            f"case {index + 1}/{len(suite.cases)} {escape(case.id)}: {escape(case.request[:70])}"
                        )

                    result = await run_suite(
                        suite,
                        ask,
                        tag=tag,
                        query=query,
                        on_start=on_start,
                        on_case=lambda r: console.print(_case_line(r)),
                    )
        try:
            await asyncio.to_thread(out.write_text, report_markdown(result), encoding="utf-8")
        except OSError as exc:
            raise WorkflowError(f"cannot write the report to {out}: {exc}") from exc
        return result

    result = run_command(main, as_json=as_json)
    if as_json:
        print_json(result.model_dump(mode="json") | {"report_path": str(out)})
    else:
        console.print(_summary(result))
        console.print(f"report: {out}")
    raise typer.Exit(0 if result.totals.failed == 0 else 1)
