"""`cognicore jobs run | status` and `prune` as a user runs them: JSON out, a slot done once, clear usage errors."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.integration.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str, db_url: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "200"}
    return cli(*args, env=env, timeout=300)


def test_jobs_run_a_slot_once_show_status_and_refuse_unknown_names(db_url: str, data_dir: Path) -> None:
    first = _cli("jobs", "run", "weekly", "--period", "2026-W48", "--json", db_url=db_url, data_dir=data_dir)
    assert first.returncode == 0, first.stderr
    out = json.loads(first.stdout)
    assert (out["job"], out["already_done"]) == ("weekly", False)
    assert set(out["steps"]) == {"time_decay", "archive_stale", "consolidate", "clean_orphans"}
    again = _cli("jobs", "run", "weekly", "--period", "2026-W48", db_url=db_url, data_dir=data_dir)
    assert again.returncode == 0 and "already done" in again.stdout

    status = json.loads(_cli("jobs", "status", "--json", db_url=db_url, data_dir=data_dir).stdout)
    [weekly] = [r for r in status["runs"] if r["job"] == "weekly"]
    assert (weekly["period"], weekly["status"], weekly["attempts"]) == ("2026-W48", "done", 1)
    assert status["schedule"]["nightly"] == "0 3 * * *" and "reflect" in status["jobs"]["nightly"]

    unknown = _cli("jobs", "run", "hourly", db_url=db_url, data_dir=data_dir)
    assert unknown.returncode == 2 and "jobs: nightly, weekly, monthly, prune" in unknown.stderr
    bad_age = _cli("prune", "--older-than", "a month", "--json", db_url=db_url, data_dir=data_dir)
    assert bad_age.returncode == 2 and "e.g. 30d" in json.loads(bad_age.stdout)["error"]["message"]
