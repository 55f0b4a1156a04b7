"""Retention on the real database: after 200 runs, `cognicore prune --keep-last 3 --older-than 0d` shrinks the
checkpoint tables, and every thread still shows its history and continues; eval and replay still work."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from psycopg.rows import dict_row

from cognicore.app import App
from cognicore.retention import eval_run_ids, parse_age, prune
from cognicore.settings import Settings
from cognicore.workflows.evaluation import Case, Expectation, Suite, report_markdown, run_suite
from tests.integration.test_cli import cli

U = "ret-alice"
QUESTION = "What is the return policy for opened headphones?"
SESSIONS, RUNS = 20, 200
ROOT = Path(__file__).resolve().parents[2]
COUNTED = ("checkpoints", "checkpoint_blobs", "checkpoint_writes", "runs", "run_calls")


async def _counts(app: App) -> dict[str, int]:
    async with app.admin_pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        out = {}
        for table in COUNTED:
            await cur.execute(f"SELECT count(*)::int AS n FROM {table}")  # type: ignore[arg-type]
            out[table] = (await cur.fetchone() or {})["n"]
        return out


async def _ask(app: App, request: str, session_id: str, user_id: str) -> dict[str, Any]:
    result = await app.runner.ask(request, session_id=session_id, user_id=user_id)
    return result.model_dump(mode="json")


def test_ages_read_as_durations() -> None:
    assert parse_age("30d") == timedelta(days=30)
    assert parse_age("12h") == timedelta(hours=12)
    assert parse_age("2w") == timedelta(weeks=2)
    assert parse_age("0d") == parse_age("0") == timedelta(0)
    with pytest.raises(ValueError, match=r"e\.g\. 30d"):
        parse_age("a month")


async def test_prune_after_200_runs_keeps_every_thread_usable_and_what_eval_and_workflows_refer_to(
    app: App, settings: Settings, db_url: str, data_dir: Path
) -> None:
    for i in range(RUNS):
        await _ask(app, QUESTION, f"s{i % SESSIONS}", U)
    # An eval suite with a failing case: its report names that case's run, which must survive the prune.
    suite = Suite(
        name="retention",
        user=U,
        fresh_user=False,
        cases=[Case(id="c1", request=QUESTION, expect=Expectation(intent="task"))],
    )
    report = await run_suite(suite, lambda r, s, u: _ask(app, r, s, u), tag="keep")
    settings.reports_dir.mkdir(parents=True, exist_ok=True)
    (settings.reports_dir / "eval-retention.md").write_text(report_markdown(report), encoding="utf-8")
    [eval_run] = eval_run_ids(settings.reports_dir)
    # A run left interrupted in the middle of a thread: it can still be resumed, so it and its checkpoint stay.
    async with app.admin_pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "UPDATE runs SET status = 'interrupted' WHERE id = (SELECT id FROM runs WHERE session_id = 's1' "
            "ORDER BY created_at LIMIT 1) RETURNING id, checkpoint_id"
        )
        interrupted = await cur.fetchone()
    assert interrupted and interrupted["checkpoint_id"]
    before = await _counts(app)
    assert before["runs"] == RUNS + 1 and before["checkpoints"] > 5 * RUNS

    dry = await prune(app.admin_pool, older_than=timedelta(0), keep_last=3, protected_runs=[eval_run], dry_run=True)
    assert await _counts(app) == before  # a dry run changes nothing
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1"}
    done = cli("prune", "--keep-last", "3", "--older-than", "0d", "--compact", "--json", env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["removed"] == dry.removed  # the dry run showed exactly what went
    after = await _counts(app)
    print(f"\nretention figures: before {before}, after {after}, bytes {out['bytes_before']} -> {out['bytes_after']}")
    threads = SESSIONS + 1
    assert after["checkpoints"] <= 3 * threads + 1 < before["checkpoints"]
    assert after["checkpoint_blobs"] < before["checkpoint_blobs"] and after["run_calls"] < before["run_calls"]
    # Runs: the newest of each thread, and the eval's (the newest of its own thread too).
    assert after["runs"] == threads + 1  # and the interrupted one
    async with app.admin_pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT count(*)::int AS n FROM checkpoints WHERE checkpoint_id = %s", (interrupted["checkpoint_id"],)
        )
        assert (await cur.fetchone() or {})["n"] == 1
    assert {k: before[k] - after[k] for k in COUNTED} == out["removed"]
    assert sum(out["bytes_after"].values()) < sum(out["bytes_before"].values()) / 2  # --compact: disk space back

    # Every thread still shows its history, and continues from its last checkpoint.
    for s in range(SESSIONS):
        history = await app.runner.history(session_id=f"s{s}", user_id=U)
        assert 1 <= len(history) <= 3 + (s == 1)  # s1 also keeps its interrupted run's checkpoint
    again = await _ask(app, "And for unopened ones?", "s0", U)
    assert again["answer"]
    # The run the eval refers to replays, and the eval itself runs again.
    replay, _ = await app.runner.replay(eval_run, user_id=U)
    assert replay.original_run == eval_run
    rerun = await run_suite(suite, lambda r, s, u: _ask(app, r, s, u), tag="again")
    assert rerun.totals.cases == 1
