"""Rendering a run for people: live progress from graph events, and the final result."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel
from rich.status import Status
from rich.table import Table

from cognicore.orchestrator.runner import RunResult

_NODE_LABELS = {
    "recall": "recalling the conversation",
    "classify": "classifying the request",
    "answer": "answering from the knowledge base",
    "plan": "planning",
    "execute": "executing the plan",
    "verify": "verifying the results",
    "replan": "re-planning",
    "respond": "composing the answer",
    "remember": "remembering the turn",
}


class LiveProgress:
    """Shows which graph node and which plan step is running, as the graph's events arrive."""

    def __init__(self, console: Console) -> None:
        self._console = console
        self._status: Status | None = None
        self._running: dict[str, str] = {}

    def __enter__(self) -> LiveProgress:
        self._status = self._console.status("starting…")
        self._status.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._status:
            self._status.stop()

    def _show(self, text: str) -> None:
        if self._status:
            self._status.update(text)

    def __call__(self, event: dict[str, Any]) -> None:
        kind = event.get("event")
        print_ = self._console.print
        if kind == "node_start" and event["node"] in _NODE_LABELS:
            self._show(f"[bold]{event['node']}[/]: {_NODE_LABELS[event['node']]}…")
        elif kind == "intent":
            print_(f"[cyan]●[/] intent: [bold]{event['intent']}[/] ({event['reason']})")
        elif kind == "followup":
            print_(f"[cyan]●[/] follow-up, read as: {event['request'][:200]}")
        elif kind == "declined":
            print_(f"[yellow]●[/] not run ({event['outcome']}): {event['reason']}")
        elif kind == "plan":
            print_(f"[cyan]●[/] plan: {len(event['steps'])} step(s)")
            for s in event["steps"]:
                deps = f" after {', '.join(s['depends_on'])}" if s["depends_on"] else ""
                print_(f"    {s['id']} [magenta]{s['agent']}[/]{deps}: {s['instruction'][:100]}")
        elif kind == "replan":
            print_(f"[yellow]↻[/] re-planning (attempt {event['attempt']}): {'; '.join(event['problems'])[:300]}")
        elif kind == "step_start":
            self._running[event["step"]] = event["agent"]
            running = ", ".join(f"{k} {v}" for k, v in self._running.items())
            self._show(f"[bold]execute[/]: running {running}…")
        elif kind == "step_end":
            self._running.pop(event["step"], None)
            mark = "[green]✓[/]" if event["status"] == "ok" else "[red]✗[/]"
            detail = f": {event['error']}" if event.get("error") else ""
            print_(f"  {mark} {event['step']} {event['agent']} ({event['ms']:.0f} ms){detail}")


def print_result(console: Console, result: RunResult) -> None:
    """The answer, its sources and artefacts, and which engine answered."""
    style = {"succeeded": "green", "refused": "yellow", "unsure": "yellow"}.get(result.outcome, "red")
    console.print(
        Panel(Markdown(result.answer or "(no answer)"), title=f"answer ({result.intent})", border_style=style)
    )
    if result.citations:
        console.print("[bold]Sources[/]")
        for number, c in enumerate(result.citations, start=1):  # [n] in the answer is the n-th source
            console.print(f"  \\[{number}] {c['title']} — {c['source']}")
    if result.artifacts:
        console.print("[bold]Artifacts[/]")
        for a in result.artifacts:
            console.print(f"  • {a}")
    calls = ", ".join(f"{k}={v}" for k, v in sorted(result.model_calls.items())) or "none"
    console.print(
        f"[dim]engine: {result.engine} · session: {result.session} · run: {result.run_id} · "
        f"model calls: {calls} · {result.timings_ms.get('total', 0):.0f} ms[/]"
    )


def checkpoints_table(rows: list[dict[str, Any]]) -> Table:
    """A session's checkpoints as a table."""
    table = Table("checkpoint", "step", "source", "next", "run", "created")
    for r in rows:
        table.add_row(
            r["checkpoint_id"],
            str(r["step"]),
            r["source"],
            ", ".join(r["next"]) or "-",
            (r["run_id"] or "-")[:12],
            (r["created_at"] or "")[:19],
        )
    return table
