"""Evaluation suites on the real application: the harness in process, and `cognicore eval` as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from cognicore.app import App
from cognicore.workflows.evaluation import Case, Expectation, Suite, run_suite
from tests.integration.test_cli import cli

TASK = "Which 5 products had the highest revenue in Europe last year? Write a short briefing."


async def test_a_suite_runs_on_the_app_with_shared_sessions_reuse_and_failures(app: App) -> None:
    suite = Suite(
        name="integration",
        cases=[
            Case(
                id="question",
                request="What is the return policy for opened headphones?",
                expect=Expectation(intent="question", answer_contains=["15 days"], citations_min=1, max_model_calls=3),
            ),
            Case(
                id="task",
                session="brief",
                request=TASK,
                expect=Expectation(
                    intent="task", agents=["database_query", "report_generation"], reused=False, artifacts_min=1
                ),
            ),
            Case(id="task-again", session="brief", request=TASK, expect=Expectation(reused=True, max_plan_calls=0)),
            Case(id="too-long", request="word " * 33_000),
            Case(id="wrong", request="How much does express shipping cost?", expect=Expectation(answer_contains="$99")),
        ],
    )

    async def ask(request: str, session_id: str, user_id: str) -> dict[str, Any]:
        result = await app.runner.ask(request, session_id=session_id, user_id=user_id)
        return result.model_dump(mode="json")

    report = await run_suite(suite, ask, tag="it1")
    by_id = {c.id: c for c in report.cases}
    assert [c.id for c in report.cases if c.passed] == ["question", "task", "task-again"], [
        (c.id, c.failures) for c in report.cases
    ]
    assert by_id["task-again"].reused and by_id["task-again"].model_calls.get("plan", 0) == 0
    assert by_id["task"].session == by_id["task-again"].session == "eval-brief-it1"
    assert by_id["too-long"].error is not None and by_id["too-long"].error.startswith("InputRejected")
    assert by_id["wrong"].failures == ["the answer does not contain '$99'"]
    runs = await app.runs.list(user_id="eval-it1", session_id="eval-brief-it1")
    assert sorted(r.request for r in runs) == [TASK, TASK] and {r.user_id for r in runs} == {"eval-it1"}
    totals = report.totals
    assert (totals.cases, totals.passed, totals.task_runs, totals.reuse_hits) == (5, 3, 2, 1)
    assert report.engine == "offline" and totals.latency_p50_ms is not None


def _eval(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return cli("eval", *args, env=env, timeout=120)


def _env(data_dir: Path, db_url: str = "postgresql://nobody@127.0.0.1:1/none") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    return env | {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "160"}


SUITE = """
name: cli smoke
cases:
  - id: policy
    request: How much does express shipping cost?
    expect: {intent: question, answer_contains: "$14.99", citations_min: 1}
  - id: wrong
    request: How much does express shipping cost?
    expect: {answer_contains: "$99.99"}
"""


def test_eval_json_reports_each_case_writes_markdown_and_exits_1_on_a_failure(
    db_url: str, data_dir: Path, tmp_path: Path
) -> None:
    suite = tmp_path / "smoke.yaml"
    suite.write_text(SUITE)
    md = tmp_path / "out" / "report.md"
    out = _eval(str(suite), "--json", "--report", str(md), env=_env(data_dir, db_url))
    assert out.returncode == 1, out.stderr
    report = json.loads(out.stdout)
    assert report["suite"] == "cli smoke" and report["report_path"] == str(md)
    assert [(c["id"], c["passed"]) for c in report["cases"]] == [("policy", True), ("wrong", False)]
    assert report["cases"][1]["failures"] == ["the answer does not contain '$99.99'"]
    assert report["totals"]["success_rate"] == 0.5 and report["totals"]["latency_p95_ms"] > 0
    assert "| 2 | 1 | 50% |" in md.read_text() and "### `wrong`" in md.read_text()

    suite.write_text(SUITE.split("  - id: wrong")[0])
    plain = _eval(str(suite), env=_env(data_dir, db_url))
    assert plain.returncode == 0, plain.stdout + plain.stderr
    assert "✓ policy" in plain.stdout and "100%" in plain.stdout
    written = list((data_dir / "reports").glob("eval-cli-smoke-*.md"))
    assert len(written) == 1 and f"report: {written[0]}" in plain.stdout.replace("\n", "")


def test_a_malformed_or_missing_suite_is_a_clear_error_before_any_database_work(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\ncases:\n  - id: q1\n    request: hi\n    expect: {answer_contain: [a]}\n")
    # The database URL points nowhere: the suite is refused before the app opens.
    out = _eval(str(bad), "--json", env=_env(tmp_path))
    assert out.returncode == 1
    error = json.loads(out.stdout)["error"]
    assert error["type"] == "SuiteError"
    assert str(bad) in error["message"] and "case 'q1' (#1), field expect.answer_contain" in error["message"]
    missing = _eval(str(tmp_path / "nope.yaml"), env=_env(tmp_path))
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert "nope.yaml: no such suite file" in missing.stderr
