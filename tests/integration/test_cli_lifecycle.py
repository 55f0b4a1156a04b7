"""`cognicore feedback`, `memory sleep`, `memory stats`, `memory search --include-archived` and `memory facts
--as-of` as a user runs them, with COGNICORE_CLOCK moving the deployment's time between processes."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.integration.test_cli import cli

STATEMENT = "Our deploy window is Tuesday mornings at nine."


def _cli(*args: str, db_url: str, data_dir: Path, clock: str | None = None) -> Any:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "160"}
    if clock is not None:
        env["COGNICORE_CLOCK"] = clock
    out = cli(*args, "--json", env=env, timeout=180)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_feedback_sleep_and_stats_through_the_cli(db_url: str, data_dir: Path) -> None:
    day0 = "2026-01-01T09:00:00Z"
    _cli("ask", STATEMENT, "--user", "ann", "--session", "s1", db_url=db_url, data_dir=data_dir, clock=day0)
    asked = _cli("ask", "When is our deploy window?", "--user", "ann", "--session", "s2", db_url=db_url,
                 data_dir=data_dir, clock=day0)  # fmt: skip
    verdict = _cli("feedback", asked["run_id"], "--good", "--note", "right day", "--user", "ann",
                   db_url=db_url, data_dir=data_dir, clock=day0)  # fmt: skip
    assert verdict["good"] and verdict["memory"]["applied"] == 2.0 and len(verdict["memory"]["memory_ids"]) == 1
    [used] = verdict["memory"]["memory_ids"]

    stats = _cli("memory", "stats", "--user", "ann", db_url=db_url, data_dir=data_dir, clock=day0)["lifecycle"]
    assert stats["reads"] >= 1 and stats["hit_rate"] is not None and stats["archived"] == 0

    # Ninety days later, nothing used since: every memory of ann is archived, even the one used and judged good
    # (1.0 + 0.1 use + 0.3 task success + 0.4 good verdict = 1.8, and 1.8 * 0.95 ** 90 = 0.018 < 0.1).
    later = "2026-04-01T09:00:00Z"
    slept = _cli("memory", "sleep", "--user", "ann", db_url=db_url, data_dir=data_dir, clock=later)
    assert slept["users"] == 1 and slept["archived"] >= 1
    assert _cli("memory", "search", "deploy window Tuesday", "--user", "ann", db_url=db_url, data_dir=data_dir,
                clock=later)["memories"] == []  # fmt: skip
    found = _cli("memory", "search", "deploy window Tuesday", "--user", "ann", "--include-archived",
                 db_url=db_url, data_dir=data_dir, clock=later)["memories"]  # fmt: skip
    assert used in [m["id"] for m in found]
    stats = _cli("memory", "stats", "--user", "ann", db_url=db_url, data_dir=data_dir, clock=later)["lifecycle"]
    assert stats["archive_rate"] == 1.0

    facts = _cli("memory", "facts", "--user", "ann", "--as-of", "2025-12-31", db_url=db_url, data_dir=data_dir)
    assert facts == []  # nothing was known before the first day
