"""`cognicore eval --suite FILE` on a held-out suite (issue 9): the right/unsure/wrong table; exit 1 if one is wrong."""

from __future__ import annotations

import tempfile
from dataclasses import asdict
from pathlib import Path

import typer
from rich.markup import escape

from cognicore import heldout_run
from cognicore.cli_common import console, load_settings, print_json, run_command
from cognicore.heldout import Judged, Suite, load_suite, report_text, summarise

_STYLE = {"right": "green", "unsure": "yellow", "wrong": "red"}


def run_heldout(path: Path, *, as_json: bool, only: list[str] | None = None) -> None:
    """Seed the suite's domain on the configured database, run and judge every case; exits 0, or 1 if any is wrong.

    An `unsure` verdict is an honest answer and does not fail the run; a confidently wrong one does.
    """

    async def load() -> Suite:
        return load_suite(path)

    suite = run_command(load, as_json=as_json)
    with tempfile.TemporaryDirectory(prefix="cognicore-heldout-") as site:

        async def main() -> list[Judged]:
            # The suite's `env` and plugins are part of the deployment it measures: before the settings are read.
            heldout_run.prepare(suite, path, Path(site))
            settings = load_settings()
            if not as_json:
                console.print(f"[bold]held-out suite {escape(suite.suite)}[/]: {len(suite.cases)} cases ({path})")
            return await heldout_run.run_suite(
                suite, settings, only=set(only or ()), on_case=None if as_json else _print_case
            )

        judged = run_command(main, as_json=as_json)
    wrong = sum(j.verdict == "wrong" for j in judged)
    if as_json:
        print_json(
            {
                "suite": suite.suite,
                "file": str(path),
                "summary": summarise(judged, "kind"),
                "by_topic": summarise(judged, "topic"),
                "cases": [asdict(j) for j in judged],
            }
        )
    else:
        console.print()
        console.print(report_text(judged, details=False), markup=False, highlight=False)
    raise typer.Exit(1 if wrong else 0)


def _print_case(j: Judged) -> None:
    style = _STYLE[j.verdict]
    console.print(f"[{style}]{j.verdict:<6}[/] [bold]{escape(j.id)}[/]  [dim]{j.kind} · {j.ms:,.0f} ms[/]")
